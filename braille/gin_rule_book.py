"""Gin Rummy's braille rule book, which the game's catalog entry names (``kit`` makes it).

The same rules as docs/gin-rummy.md, shortened to what a player needs at the table; the table of card
values is taken from the rules' own count (engine.arrange_gin.card_points), so it cannot disagree.
"""

from __future__ import annotations

from braille.rule_words import HandTable, RuleBook, RuleSection
from braille.words import rank_name
from engine.arrange_gin import card_points
from engine.cards import Card, Rank, Suit
from speech.i18n import _, ngettext

__all__ = ["gin_rummy_book"]


def gin_rummy_book() -> RuleBook:
    rows = tuple((rank_name(rank), ngettext("{n} point", "{n} points", value).format(n=value))
                 for rank in Rank if (value := card_points(Card(rank, Suit.SPADES))))
    return RuleBook(_("Gin Rummy rules"), (
        RuleSection(_("Cards and deal"), (
            _("One standard deck without jokers, two players, ten cards each. The non-dealer may take the up "
              "card first, then the dealer; if both pass, the non-dealer draws from the stock."),
        )),
        RuleSection(_("Melds"), (
            _("Sets of three or four of a rank, and runs of three or more of a suit. The ace is low: A-2-3 is "
              "a run, Q-K-A is not. Cards in no meld are deadwood."),
        )),
        RuleSection(_("A turn"), (
            _("Draw from the stock or the discard pile, then discard, never the card just taken. With 10 "
              "points of deadwood or less after your discard you may knock: your discard goes face down and "
              "the hands are shown."),
        )),
        RuleSection(_("Scoring"), (
            _("The knocker scores the difference in deadwood after the other player lays off. An undercut "
              "(as little deadwood as the knocker) scores the difference and 25; gin (no deadwood) 25 and "
              "the other's deadwood; big gin (eleven cards melded) 31. The game goes to 100; then 25 a hand "
              "won, and 100 to the winner, doubled when the loser won no hand."),
        )),
    ), HandTable(_("Card values"), (_("card"), _("points")), rows))
