"""``access-game hand --game gin-rummy``: a Gin Rummy hand's best melds and deadwood, and with eleven
cards (a hand just drawn to) which card to throw and whether it knocks, goes gin or big gin.

Named by the game's catalog entry; it reads the cards as every game's checker does
(access_game.commands.hand.read_cards) and has no options of its own. ``--json`` prints
``{"melds", "deadwood", "points", "discard", "knock"}`` (cards as codes; ``knock`` is one of
``big_gin``, ``gin``, ``knock``, ``no``, or null for a hand that is not eleven cards).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from access_game.cli import UsageError
from access_game.commands.hand import CardRules, print_answer, read_cards
from engine.arrange_gin import arrange_gin
from engine.cards import Card, standard_deck
from engine.rules.gin_rummy import KNOCK_LIMIT, parse_gin_card
from speech.gin_words import hand_check_lines
from speech.i18n import N_, _

__all__ = ["check_gin"]

_RULES = CardRules(N_("Gin Rummy"), parse_gin_card, lambda: standard_deck(1, jokers=0), N_("one deck"), 11,
                   "ah 2h 3h 7c 7d 7s kd")


def check_gin(args: argparse.Namespace, cards_text: Sequence[str]) -> int:
    for option in ("wild", "contract"):
        if getattr(args, option, None) is not None:
            raise UsageError(_("--{name} does not apply to {title}").format(name=option, title=_("Gin Rummy")))
    cards = read_cards(cards_text, _RULES)
    best = arrange_gin(cards)
    discard: Card | None = None
    knock: str | None = None
    if len(cards) == 11:
        if best.points == 0:
            knock = "big_gin"
        else:
            # The fewest points left, then the highest card thrown; two equal cards (no key tells them
            # apart) are one choice, never compared themselves.
            left, _tie, _at, discard = min((arrange_gin([c for c in cards if c != d]).points, -d.rank_key()[0], i, d)
                                           for i, d in enumerate(cards))
            knock = "gin" if left == 0 else "knock" if left <= KNOCK_LIMIT else "no"
            best = arrange_gin([c for c in cards if c != discard])
    data = {"melds": [[c.code for c in m] for m in best.melds], "deadwood": [c.code for c in best.deadwood],
            "points": best.points, "discard": discard.code if discard else None, "knock": knock}
    return print_answer(args, data, hand_check_lines(cards, best.melds, best.deadwood, best.points, discard, knock))
