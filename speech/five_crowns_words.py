"""Every sentence of the Five Crowns table: the opening and the resume question, whose turn it is,
the answers to the status keys, the hints and the refusals of a go-out. The table decides what is
true; these functions only say it, so a second language is a second module with the same functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from engine.arrangement import Arrangement
from engine.cards import Card, Rank
from engine.rules.five_crowns import FiveCrownsView
from speech.i18n import N_, _, fill, ngettext
from speech.phrases import GAME_OVER, Parts, card_count, cards_parts, melds_parts, points, rank_plural, the_card
from speech.table_words import opponents_words

__all__ = [
    "KEY_HELP",
    "LAST_TURN_TIP",
    "NO_HINT",
    "arrangement_parts",
    "cannot_go_out_here",
    "cannot_go_out_yet",
    "discard_hint",
    "draw_hint",
    "go_out_hint",
    "hand_label",
    "info_words",
    "one_of",
    "players_parts",
    "resume_question",
    "resumed_words",
    "tie_broken_words",
    "whose_turn_words",
    "wild_words",
]

LAST_TURN_TIP = N_("Draw, then discard; the best lay-down of the rest is then made for you.")
NO_HINT = N_("No hint: you hold no cards now.")


def hand_label(view: FiveCrownsView) -> str:
    """'hand 3 of 11', or 'a play-off hand' once the eleven are played and a tie is being broken."""
    if view.hand_number > view.hands_total:
        return _("a play-off hand")
    return _("hand {number} of {total}").format(number=view.hand_number, total=view.hands_total)


def resume_question(view: FiveCrownsView) -> str:
    return _("You have a saved game of Five Crowns with {players}, {hand}. Resume it?").format(
        players=opponents_words(view.players, view.seat), hand=hand_label(view))


def resumed_words(view: FiveCrownsView) -> str:
    return _("Resumed Five Crowns against {players}: {hand}, {n} cards, {ranks} wild.").format(
        players=opponents_words(view.players, view.seat), hand=hand_label(view), n=view.cards_dealt,
        ranks=rank_plural(view.wild_rank))


def whose_turn_words(view: FiveCrownsView) -> str:
    if view.phase == "over":
        return _(GAME_OVER)
    if view.to_move == view.seat:
        if view.last_turn:
            return _("It is your last turn: draw.") if view.phase == "draw" else _("It is your last turn: discard.")
        return _("It is your turn: draw.") if view.phase == "draw" else _("It is your turn: discard.")
    return _("It is {name}'s turn.").format(name=view.players[view.to_move])


def tie_broken_words(played_off: int, winner: str) -> str:
    return ngettext("The tie was broken by {n} play-off hand: {name} won.",
                    "The tie was broken by {n} play-off hands: {name} won.", played_off).format(
        n=played_off, name=winner)


def one_of(cards: Sequence[Card], wild: Rank) -> Parts:
    """'the 9 of clubs, the 9 of hearts or a joker'."""
    parts: Parts = []
    for i, c in enumerate(cards):
        if i:
            parts.append(_(" or ") if i == len(cards) - 1 else ", ")
        parts += the_card(c, wild)
    return parts


def go_out_hint(outs: Sequence[Card], wild: Rank, lay_down: Arrangement | None = None) -> Parts:
    parts = list(fill(_("You can go out: move to {cards} and press O."), cards=one_of(outs, wild)))
    if lay_down is not None:
        parts += [" ", *fill(_("Lay-down: {melds}."), melds=melds_parts(lay_down.melds, wild))]
    return parts


def cannot_go_out_here(card: Card, outs: Sequence[Card], wild: Rank) -> Parts:
    return list(fill(_("You cannot go out discarding {card}: you can go out discarding {cards}."),
                     card=the_card(card, wild), cards=one_of(outs, wild)))


def cannot_go_out_yet(unmelded: int) -> str:
    return ngettext("You cannot go out yet: {n} card would not meld.",
                    "You cannot go out yet: {n} cards would not meld.", unmelded).format(n=unmelded)


def arrangement_parts(arr: Arrangement, wild: Rank) -> Parts:
    """'. Melds: ... . 2 cards to meld before you can go out: ...'."""
    parts: Parts = [". ", *fill(_("Melds: {melds}"), melds=melds_parts(arr.melds, wild))] if arr.melds \
        else [". ", _("No melds yet")]
    if arr.deadwood:
        n = len(arr.deadwood)
        parts += [". ", *fill(ngettext("{n} card to meld before you can go out: {cards}.",
                                       "{n} cards to meld before you can go out: {cards}.", n),
                              n=n, cards=cards_parts(list(arr.deadwood), wild))]
    else:
        parts += [". ", _("Everything melds.")]
    return parts


def best_melds_parts(arr: Arrangement, wild: Rank, after: tuple[int, int] | None = None) -> Parts:
    """What the hand makes now (Alt+M, in every game): 'Melds: ... . 2 cards to meld before you can go
    out: ... . That leaves 12 points.'

    ``after``: the player is to discard, and this is the best the hand can be after it: the fewest cards
    left loose and the fewest points any one discard leaves. One card goes to the discard pile before
    anyone can go out, so the loose cards are not all "to meld": the hand's loose cards are named as
    such, and what is left to meld is counted after the discard ('3 cards not in a meld: ... . After
    your discard, at least 2 cards are left to meld before you can go out, and at best 12 points.')."""
    if after is None:
        return [*arrangement_parts(arr, wild)[1:], " ", _("That leaves {points}.").format(points=points(arr.points))]
    parts: Parts = list(fill(_("Melds: {melds}"), melds=melds_parts(arr.melds, wild))) if arr.melds \
        else [_("No melds yet")]
    if arr.deadwood:
        n = len(arr.deadwood)
        parts += [". ", *fill(ngettext("{n} card not in a meld: {cards}.", "{n} cards not in a meld: {cards}.", n),
                              n=n, cards=cards_parts(list(arr.deadwood), wild))]
    else:
        parts += [". ", _("Every card is in a meld.")]
    left, fewest = after
    if left:
        parts += [" ", ngettext("After your discard, at least {n} card is left to meld before you can go out, "
                                "and at best {points}.",
                                "After your discard, at least {n} cards are left to meld before you can go out, "
                                "and at best {points}.", left).format(n=left, points=points(fewest))]
    else:
        parts += [" ", _("After your discard, you can go out: every card left melds.")]
    return parts


def discard_hint(card: Card, arr: Arrangement, wild: Rank) -> Parts:
    return [*fill(_("Discard {card}: that leaves {points}"), card=the_card(card, wild), points=points(arr.points)),
            *arrangement_parts(arr, wild)]


def draw_hint(arr: Arrangement, wild: Rank, top: Card | None, best_with_top: int | None) -> Parts:
    parts: Parts = [_("Now {points}").format(points=points(arr.points)), *arrangement_parts(arr, wild)]
    if top is not None and best_with_top is not None:
        parts += [" ", *fill(_("Taking {card} would leave at best {points}."), card=the_card(top, wild),
                             points=points(best_with_top))]
    return parts


def wild_words(view: FiveCrownsView) -> str:
    return ngettext("Jokers and {ranks} are wild: {n} card dealt this hand.",
                    "Jokers and {ranks} are wild: {n} cards dealt this hand.", view.cards_dealt).format(
        ranks=rank_plural(view.wild_rank), n=view.cards_dealt)


def info_words(view: FiveCrownsView) -> str:
    if view.phase == "over":
        return _(GAME_OVER)
    if view.hand_number <= view.hands_total:
        hand = _("Hand {number} of {total}").format(number=view.hand_number, total=view.hands_total)
    else:
        hand = _("Play-off hand")
    values = {"hand": hand, "n": view.cards_dealt, "ranks": rank_plural(view.wild_rank),
              "name": view.players[view.dealer], "stock": card_count(view.stock_size),
              "pile": card_count(view.discard_size)}
    if view.dealer == view.seat:
        return _("{hand}, {n} cards dealt, {ranks} wild, you dealt. Stock {stock}, discard pile {pile}.").format(
            **values)
    return _("{hand}, {n} cards dealt, {ranks} wild, {name} dealt. Stock {stock}, discard pile {pile}.").format(
        **values)


def players_parts(view: FiveCrownsView, last: Mapping[int, Card]) -> Parts:
    """'Anna: 5 cards, last discarded the 9 of clubs; Ben: went out, ...'."""
    parts: Parts = []
    for seat in view.seats:
        if seat == view.seat:
            continue
        if parts:
            parts.append("; ")
        name = view.players[seat]
        if seat == view.went_out:
            state = _("{name}: went out").format(name=name)
        elif seat in view.laid_down:
            state = _("{name}: laid down, {points}").format(name=name, points=points(view.laid_down[seat].points))
        else:
            state = _("{name}: {count}").format(name=name, count=card_count(view.hand_sizes[seat]))
        if seat in last:
            parts += fill(_("{said}, last discarded {card}"), said=state, card=the_card(last[seat], view.wild_rank))
        else:
            parts.append(_("{said}, no discard yet").format(said=state))
    return [*parts, "."]


#: What each of this game's own keys does, as F1 help and docs/keys.md say it (command name to description).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "discard": N_("Discard the current card (refused, with the reason, when you may not)."),
    "go-out": N_("Go out, discarding the current card: your melds are laid down and named."),
    "hint": N_("Hint: the best lay-down now, how many cards are left to meld, and the best discard or draw."),
    "play-hint": N_("Do what the hint says: its move, with the card it names."),
    "best-melds": N_("What your hand makes now: the best melds, the cards still loose, and how many cards are "
                     "left to meld before you can go out."),
    "wild": N_("What is wild this hand."),
    "info": N_("Hand number, cards dealt, whose turn, stock and discard pile sizes."),
    "players": N_("Each opponent's card count and last discard."),
})
