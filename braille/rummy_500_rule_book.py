"""Rummy 500's braille rule book, which the game's catalog entry names (``kit`` makes it).

Every rule of the rules part of docs/rummy-500.md, section for section under the page's headings. The
numbers (cards dealt, the target, the hand limit) and the table of card values are taken from the rules
themselves (engine.rules.rummy_500, engine.arrange_rummy_500.card_value), so the book cannot disagree
with the game. Its title page says it ends with the card values.
"""

from __future__ import annotations

from braille.rule_words import HandTable, ListItem, RuleBook, RuleSection
from braille.words import rank_name
from engine.arrange_rummy_500 import card_value
from engine.cards import Card, Rank, Suit
from engine.rules.rummy_500 import DEFAULT_MAX_HANDS, DEFAULT_TARGET, cards_dealt_for
from speech.i18n import _, ngettext

__all__ = ["rummy_500_book"]


def rummy_500_book() -> RuleBook:
    rows = tuple((rank_name(rank), ngettext("{n} point", "{n} points", value).format(n=value))
                 for rank in Rank if (value := card_value(Card(rank, Suit.SPADES))))
    return RuleBook(_("Rummy 500 rules"), (
        RuleSection(_("Cards and players"), (
            _("Rummy 500 is played by two to four players with one standard deck of 52 cards, without jokers."),
            _("Melds are sets, three or four cards of one rank, and runs, three or more cards of one suit in "
              "sequence. The ace is high or low in a run: ace, 2, 3 and queen, king, ace are runs; king, ace, 2 "
              "is not, since a run never goes round the corner."),
            _("Card values: the ace is always 15, in a low run too; tens, jacks, queens and kings 10; 2 to 9 "
              "their number. The table at the end lists them."),
        )),
        RuleSection(_("The deal"), (
            _("With two players the dealer deals {two} cards each; with three or four, {more} each; one at a "
              "time, starting at the dealer's left. The next card is turned up to start the discard pile; the "
              "rest is the stock.").format(two=cards_dealt_for(2), more=cards_dealt_for(3)),
            _("The first dealer is drawn by lot, unless the players agree who deals first. The deal then passes "
              "to the left."),
            _("The discard pile is spread: every card in it can be seen by every player."),
        )),
        RuleSection(_("A turn"), (
            ListItem(_("Draw: take the top card of the stock, or take any card of the discard pile together with "
                       "every card above it. The deepest card taken must be used at once, in a new meld or laid "
                       "off on a meld on the table; the other cards taken join your hand. Taking only the top card "
                       "is the same move, and that card must be used too.")),
            ListItem(_("Meld and lay off, as often as you like: lay down new melds, and lay off cards on any meld "
                       "on the table, yours or another player's. A card you lay off scores for you, whoever made "
                       "the meld.")),
            ListItem(_("Discard one card: your turn ends.")),
            _("A player with no card left goes out at once, with or without a last discard: a meld or a lay-off "
              "may use your last card, and a discard of your last card goes out too."),
            _("The stock is never rebuilt: when it is empty at the start of a turn, the hand ends as it stands."),
        )),
        RuleSection(_("Scoring a hand"), (
            _("Each player scores the values of the cards they put on the table this hand, their melds and the "
              "cards they laid off, less the values of the cards still in their hand. A hand's score may be "
              "below zero."),
            _("Totals carry over from hand to hand."),
        )),
        RuleSection(_("The end of the game"), (
            _("The game ends after the hand in which a player's total reaches the target: {n} points, unless the "
              "players agree on another target. The highest total wins; when totals tie, all the tied players "
              "win.").format(n=DEFAULT_TARGET),
            _("The game also ends after {n} hands, whatever the totals.").format(n=DEFAULT_MAX_HANDS),
        )),
    ), HandTable(_("Card values"), (_("card"), _("points")), rows), _("Rules, scoring and the table of card values."))
