"""The hand checker's sentences (``access-game hand``), one style for every game.

A listener must be able to count the cards: cards are joined with "; " and a wild card keeps its
", wild" mark next to it ("5 of hearts, wild; 5 of spades, wild; 3 of clubs"). Every game says the
same things in the same order: which cards are wild and how many cards there are, one line per meld,
what is left in hand, the points, and the game's own verdict (going out, the contract).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank
from speech.i18n import NP_, _, pgettext
from speech.phrases import CARD_SEPARATOR, capital, card_count, card_words, points, rank_plural, the_card_words

__all__ = [
    "contract_lines",
    "five_crowns_lines",
    "upcard_lines",
]


def _cards(cards: Sequence[Card], wild: Rank | None) -> str:
    return CARD_SEPARATOR.join(card_words(c, wild) for c in cards)


def _the(card: Card, wild: Rank | None) -> str:
    return the_card_words(card, wild)


def _opening(wilds: str, cards: Sequence[Card]) -> str:
    return _("{wilds}. {cards}.").format(wilds=wilds, cards=capital(card_count(len(cards))))


#: The kinds of meld the rules name ('book', 'run'), in the catalog (an already worded name passes as it is).
_KINDS = {"book": NP_("meld kind", "book"), "set": NP_("meld kind", "set"), "run": NP_("meld kind", "run"),
          "meld": NP_("meld kind", "meld")}


def _meld(name: str, meld: Sequence[Card], wild: Rank | None, after: str = "") -> str:
    kind = pgettext(*_KINDS[name]) if name in _KINDS else name
    return _("{meld}: {cards}.").format(meld=capital(kind), cards=_cards(meld, wild)) + after


def _left(deadwood: Sequence[Card], wild: Rank | None, after: str = "") -> str:
    if not deadwood:
        return _("Every card melds.")
    return _("Left in hand: {cards}.").format(cards=_cards(deadwood, wild)) + after


def five_crowns_lines(cards: Sequence[Card], wild: Rank, melds: Sequence[tuple[str, Sequence[Card]]],
                      deadwood: Sequence[Card], points_left: int, discard: Card | None, go_out: bool) -> list[str]:
    """The best lay-down of a Five Crowns hand; with one card more than the deal, which card to throw."""
    lines = [_opening(capital(_("{ranks} are wild").format(ranks=rank_plural(wild))), cards)]
    lines += [_meld(kind, meld, wild) for kind, meld in melds]
    lines += [_left(deadwood, wild), _("Points left: {points}.").format(points=points_left)]
    if discard is not None:
        if go_out:
            lines.append(_("You can go out: discard {the_card}.").format(the_card=_the(discard, wild)))
        else:
            lines.append(_("You cannot go out. Discard {the_card} to keep the fewest points.").format(
                the_card=_the(discard, wild)))
    return lines


def contract_lines(cards: Sequence[Card], number: int, contract: str, melds: Sequence[tuple[str, Sequence[Card]]],
                   deadwood: Sequence[Card], points_left: int, meets: bool, short: int) -> list[str]:
    """Whether a hand meets contract ``number`` (``contract`` in words: 'one set and one run'), and its
    best lay-down."""
    lines = [_opening(_("2s and jokers are wild"), cards)]
    if not meets:
        lines.append(_("Does not meet contract {number}, {contract}: {cards} short at best.").format(
            number=number, contract=contract, cards=card_count(short)))
        lines.append(_("All {cards} count: {points}.").format(cards=card_count(len(cards)), points=points(points_left)))
        return lines
    lines.append(_("Meets contract {number}, {contract}. Best lay-down:").format(number=number, contract=contract))
    lines += [_meld(name, meld, Rank.TWO) for name, meld in melds]
    if deadwood:
        lines.append(_left(deadwood, Rank.TWO, " " + _("{points}.").format(points=points(points_left))))
    else:
        lines.append(_("Nothing left in hand: this hand goes out."))
    return lines


def upcard_lines(cards: Sequence[Card], wild: Rank, melds: Sequence[tuple[Rank, Sequence[Card], int]],
                 deadwood: Sequence[Card], melded_value: int, deadwood_value: int, points: int) -> list[str]:
    """The melds of an upcard rummy hand that score most: each meld's worth, and what is held against it."""
    lines = [_opening(capital(_("{ranks} are wild").format(ranks=rank_plural(wild))), cards)]
    lines += [_meld(_("meld of {ranks}").format(ranks=rank_plural(rank)), meld, wild,
                    " " + _("Worth {value}.").format(value=value)) for rank, meld, value in melds]
    if not melds:
        lines.append(_("Nothing melds: a meld needs a natural pair and a wild, or three naturals of a rank."))
    lines.append(_left(deadwood, wild, " " + _("Counts against you: {value}.").format(value=deadwood_value)))
    lines.append(_("Points: {melded} melded minus {held} held makes {points}.").format(
        melded=melded_value, held=deadwood_value, points=points))
    return lines
