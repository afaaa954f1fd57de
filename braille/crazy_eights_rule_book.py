"""Crazy Eights' braille rule book, which the game's catalog entry names (``kit`` makes it).

Every rule of the rules part of docs/crazy-eights.md, section for section under the page's headings. The
numbers (cards dealt, the decks, the target, the hand and rebuild limits) and the table of penalty points
are taken from the rules themselves (engine.rules.crazy_eights), so the book cannot disagree with the
game. Its title page says it ends with the penalty points.
"""

from __future__ import annotations

from braille.rule_words import HandTable, ListItem, RuleBook, RuleSection
from braille.words import rank_name
from engine.cards import Card, Rank, Suit
from engine.rules.crazy_eights import DEFAULT_MAX_HANDS, DEFAULT_TARGET, CrazyEights, card_points, cards_dealt_for
from speech.i18n import _, ngettext

__all__ = ["crazy_eights_book"]


def crazy_eights_book() -> RuleBook:
    rows = tuple((rank_name(rank), ngettext("{n} point", "{n} points", value).format(n=value))
                 for rank in Rank if (value := card_points(Card(rank, Suit.SPADES))))
    return RuleBook(_("Crazy Eights rules"), (
        RuleSection(_("Cards and players"), (
            _("Crazy Eights is played by two to seven players: with up to five, one standard deck of 52 cards "
              "without jokers; with six or seven, two such decks shuffled together."),
            _("Card values, counted against a player left holding them: an eight 50; a king, queen, jack or ten "
              "10; an ace 1; any other card its number. The table at the end lists them."),
        )),
        RuleSection(_("The deal"), (
            _("With two players the dealer deals {two} cards each; with three or more, {more} each; one at a "
              "time, starting at the dealer's left. The rest is the stock, and its top card is turned up to "
              "start the discard pile.").format(two=cards_dealt_for(2), more=cards_dealt_for(3)),
            _("An eight turned up to start the pile is buried at the bottom of the stock, and the next card is "
              "turned up instead."),
            _("The first dealer is drawn by lot, unless the players agree who deals first. The deal then passes "
              "to the left, and the player at the dealer's left plays first."),
        )),
        RuleSection(_("A turn"), (
            ListItem(_("Play one card onto the discard pile that matches the top card's suit or rank, or any "
                       "eight. Eights are wild: the player names a suit, and the next card must be of that suit "
                       "or another eight.")),
            ListItem(_("A player who cannot play, or would rather not, draws from the stock, one card at a time "
                       "until a card comes that can be played, then may play a card or pass. The players may "
                       "agree instead on a number of cards a player may draw before passing.")),
            _("When the stock is empty and a card is to be drawn, the discard pile but its top card is shuffled "
              "and turned over to become the stock, at most {n} times in a hand.").format(
                n=CrazyEights.max_reshuffles),
            _("A player may pass only when no more drawing is allowed; with nothing to draw, a player who cannot "
              "play passes."),
            _("The suit is named as the eight is played."),
        )),
        RuleSection(_("Going out and scoring a hand"), (
            _("A player who plays their last card goes out, and the hand ends at once."),
            _("Every other player scores penalty points for the cards left in hand; the player who went out "
              "scores nothing."),
            _("When every player in turn has passed without drawing, the hand is blocked and ends: the players "
              "with the fewest penalty points in hand score nothing, and every other player scores the points "
              "of their own cards."),
            _("Totals carry over from hand to hand."),
        )),
        RuleSection(_("The end of the game"), (
            _("The game ends after the hand in which a player's total reaches the target: {n} points, unless the "
              "players agree on another target. The lowest total wins; players tied for the lowest total share "
              "the win.").format(n=DEFAULT_TARGET),
            _("The game also ends after {n} hands, whatever the totals.").format(n=DEFAULT_MAX_HANDS),
        )),
    ), HandTable(_("Penalty points"), (_("card"), _("points")), rows),
        _("Rules, scoring and the table of penalty points."))
