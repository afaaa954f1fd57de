"""Rummy 500's braille rule book, which the game's catalog entry names (``kit`` makes it).

The same rules as docs/rummy-500.md, shortened to what a player needs at the table; the table of card
values is taken from the rules' own count (engine.arrange_rummy_500.card_value), so it cannot disagree.
"""

from __future__ import annotations

from braille.rule_words import HandTable, RuleBook, RuleSection
from braille.words import rank_name
from engine.arrange_rummy_500 import card_value
from engine.cards import Card, Rank, Suit
from speech.i18n import _, ngettext

__all__ = ["rummy_500_book"]


def rummy_500_book() -> RuleBook:
    rows = tuple((rank_name(rank), ngettext("{n} point", "{n} points", value).format(n=value))
                 for rank in Rank if (value := card_value(Card(rank, Suit.SPADES))))
    return RuleBook(_("Rummy 500 rules"), (
        RuleSection(_("Cards and deal"), (
            _("One standard deck without jokers, two to four players: thirteen cards each for two players, "
              "seven for three or four. The rest is the stock; one card turned up starts the discard pile, "
              "which is spread so every card shows."),
        )),
        RuleSection(_("Melds"), (
            _("Sets of three or four of a rank, and runs of three or more of a suit. The ace is high or low: "
              "A-2-3 and Q-K-A are runs, K-A-2 is not."),
        )),
        RuleSection(_("A turn"), (
            _("Draw the top card of the stock, or take any card of the discard pile and every card above that "
              "one; the deepest card taken must go down at once, in a meld or laid off. Then lay down melds, lay "
              "off on anyone's melds, and discard."),
        )),
        RuleSection(_("Scoring"), (
            _("The hand ends when a player has no card left (no last discard is needed) or when the stock is "
              "empty. Each player scores the cards they put down, laid-off cards included, less the cards in "
              "their hand. The first to reach 500 ends the game; the highest total wins."),
        )),
    ), HandTable(_("Card values"), (_("card"), _("points")), rows))
