"""``access-game hand``: the hand checker for people playing with a real braille deck.

Type the cards of a hand as the card code (``9d 7c jd 3st jo``) and hear the best lay-down and the
points left. With one card more than the deal (the wild rank's number + 1), it says whether the hand
goes out and which card to throw.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from access_game.cli import UsageError
from access_game.commands._common import add_command
from engine.arrange import Arrangement, arrange, discard_options
from engine.cards import FIVE_CROWNS_RANKS, Card, Rank
from engine.errors import CardNotationError
from engine.melds import card_points, meld_kind
from engine.notation import parse_card, parse_rank
from speech.words import card_words


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from access_game.catalog import games

    names = [e.name for e in games() if e.hand_checker is not None]
    p = add_command(sub, "hand", run, "Check a hand: the best arrangement and the points left.")
    p.add_argument("--game", default=names[0], type=str.casefold, choices=names, metavar="GAME",
                   help=f"the game's rules: {', '.join(names)} (default {names[0]})")
    p.add_argument("--wild", help="the wild rank: 3..10, j, q, k (Five Crowns; upcard rummy: the wild rank)")
    p.add_argument("--contract", type=int, help="contract rummy: the contract number, 1..9")
    p.add_argument("--json", action="store_true", help="print JSON instead of words")
    p.add_argument("cards", nargs="+", help="the cards, e.g. 9d 7c jd 3st jo")


def run(args: argparse.Namespace) -> int:
    from access_game.catalog import game, resolve

    checker = game(args.game).hand_checker
    assert checker is not None  # argparse allows only games with a checker
    return int(resolve(checker)(args, args.cards))


def check_five_crowns(args: argparse.Namespace, cards_text: list[str]) -> int:
    if args.wild is None:
        raise UsageError("--wild is needed for Five Crowns: the wild rank, 3..10, j, q or k")
    try:
        wild = parse_rank(args.wild, ranks=FIVE_CROWNS_RANKS)
    except CardNotationError as exc:
        raise UsageError(f"--wild {args.wild}: wild ranks in Five Crowns are 3-10, J, Q, K") from exc
    try:
        cards = [parse_card(c, ranks=FIVE_CROWNS_RANKS, game="Five Crowns") for c in " ".join(cards_text).split()]
    except CardNotationError as exc:
        raise UsageError(str(exc)) from exc
    if len(cards) > 14:
        raise UsageError("a Five Crowns hand holds at most 14 cards")
    data, lines = five_crowns_report(cards, wild)
    if args.json:
        print(json.dumps(data))
    else:
        for line in lines:
            print(line)
    return 0


def five_crowns_report(cards: Sequence[Card], wild: Rank) -> tuple[dict[str, object], list[str]]:
    """The best lay-down, and for a go-out-sized hand the discard; as JSON data and as spoken lines."""
    go_out = False
    discard: Card | None = None
    deal_size = int(wild)
    if len(cards) == deal_size + 1:
        options = discard_options(cards, wild)
        discard, best = min(options.items(), key=lambda kv: (kv[1].points, -card_points(kv[0], wild)))
        go_out = best.points == 0
    else:
        best = arrange(cards, wild)
    data = {
        "melds": [[c.code for c in m] for m in best.melds],
        "deadwood": [c.code for c in best.deadwood],
        "points": best.points,
        "go_out": go_out,
        "discard": discard.code if discard else None,
    }
    lines = [f"{wild.plural.capitalize()} are wild. {len(cards)} cards."]
    lines += _arrangement_lines(best, wild)
    if discard is not None:
        if go_out:
            lines.append(f"You can go out: discard the {card_words(discard, wild)}.")
        else:
            lines.append(f"You cannot go out. Discard the {card_words(discard, wild)} to keep the fewest points.")
    return data, lines


def _arrangement_lines(best: Arrangement, wild: Rank) -> list[str]:
    lines = []
    for meld in best.melds:
        kind = meld_kind(meld, wild) or "meld"
        lines.append(f"{kind.capitalize()}: " + ", ".join(card_words(c, wild) for c in meld) + ".")
    if best.deadwood:
        lines.append("Left over: " + ", ".join(card_words(c, wild) for c in best.deadwood) + ".")
    else:
        lines.append("Every card melds.")
    lines.append(f"Points left: {best.points}.")
    return lines
