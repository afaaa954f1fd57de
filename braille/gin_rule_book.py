"""Gin Rummy's braille rule book, which the game's catalog entry names (``kit`` makes it).

Every rule of the rules part of docs/gin-rummy.md, section for section under the page's headings. The
numbers (ten cards, the knock limit, the bonuses, the target) and the table of card values are taken
from the rules themselves (engine.rules.gin_rummy, engine.arrange_gin.card_points), so the book cannot
disagree with the game. Its title page says it ends with the card values: Gin has no table of hands.
"""

from __future__ import annotations

from braille.rule_words import HandTable, ListItem, RuleBook, RuleSection
from braille.words import rank_name
from engine.arrange_gin import card_points
from engine.cards import Card, Rank, Suit
from engine.rules.gin_rummy import (
    BIG_GIN_BONUS,
    CARDS_DEALT,
    DEFAULT_MAX_HANDS,
    DEFAULT_TARGET,
    GAME_BONUS,
    GIN_BONUS,
    KNOCK_LIMIT,
    LINE_BONUS,
    STOCK_LEFT,
    UNDERCUT_BONUS,
)
from speech.i18n import _, ngettext

__all__ = ["gin_rummy_book"]


def gin_rummy_book() -> RuleBook:
    rows = tuple((rank_name(rank), ngettext("{n} point", "{n} points", value).format(n=value))
                 for rank in Rank if (value := card_points(Card(rank, Suit.SPADES))))
    return RuleBook(_("Gin Rummy rules"), (
        RuleSection(_("Cards and players"), (
            _("Gin Rummy is played by two players with one standard deck of 52 cards, without jokers."),
            _("Melds are sets, three or four cards of one rank, and runs, three or more cards of one suit in "
              "sequence. The ace is low: ace, 2, 3 is a run; queen, king, ace is not."),
            _("Card values: ace 1, 2 to 10 their number, jack, queen and king 10; the table at the end lists "
              "them."),
            _("Deadwood is every card in no meld. A hand's deadwood count is the value of those cards, with the "
              "hand melded the way that leaves the least."),
        )),
        RuleSection(_("The deal and the first up card"), (
            _("The dealer deals {n} cards each, one at a time, starting with the other player. The next card is "
              "turned up to start the discard pile; the rest is the stock.").format(n=CARDS_DEALT),
            _("The first dealer is drawn by lot, unless the players agree who deals first. After that the loser "
              "of each hand deals the next; after a drawn hand the same dealer deals again."),
            _("The non-dealer is offered the up card first and may take it or pass; if they pass, the dealer is "
              "offered it. If both pass, the non-dealer draws from the stock and play goes on from there."),
        )),
        RuleSection(_("A turn"), (
            _("Draw the top card of the stock or of the discard pile, then discard one card. You may not discard "
              "the card you have just taken from the discard pile."),
            _("You may knock instead of discarding when, after your discard, your deadwood is {n} or less: your "
              "discard goes face down and both hands are shown. With no deadwood that is gin. With all eleven "
              "cards melded after your draw, you knock without a discard: that is big gin."
              ).format(n=KNOCK_LIMIT),
            _("When only {n} cards are left in the stock and the player who has just drawn discards without "
              "knocking, the hand is a draw: nobody scores, and the same dealer deals again."
              ).format(n=STOCK_LEFT),
        )),
        RuleSection(_("Scoring a hand"), (
            _("Both hands are shown in their best melds. After a knock without gin, the defender lays off: cards "
              "that extend the knocker's runs or complete the knocker's sets come out of the defender's "
              "deadwood. Then the hand is scored:"),
            ListItem(_("Knock: the knocker scores the difference between the two deadwood counts.")),
            ListItem(_("Undercut: when the defender's count is equal to or lower than the knocker's, the defender "
                       "scores the difference plus {n}.").format(n=UNDERCUT_BONUS)),
            ListItem(_("Gin: {n} plus the defender's whole deadwood, with no lay-offs and no undercut."
                       ).format(n=GIN_BONUS)),
            ListItem(_("Big gin: {n} plus the defender's whole deadwood.").format(n=BIG_GIN_BONUS)),
        )),
        RuleSection(_("The end of the game"), (
            _("The game ends after the hand in which a player's total reaches the target: {n} points, unless the "
              "players agree on another target.").format(n=DEFAULT_TARGET),
            _("Then bonuses are added: a line bonus of {line} for every hand each player won, and a game bonus "
              "of {game} to the player who reached the target. When the loser won no hand at all, the game "
              "bonus is doubled, to {double}.").format(line=LINE_BONUS, game=GAME_BONUS, double=2 * GAME_BONUS),
            _("The higher total after the bonuses wins. The game also ends after {n} hands, whatever the "
              "totals.").format(n=DEFAULT_MAX_HANDS),
        )),
    ), HandTable(_("Card values"), (_("card"), _("points")), rows), _("Rules, scoring and the table of card values."))
