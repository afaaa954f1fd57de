"""Every sentence of the Five Crowns table: the opening and the resume question, whose turn it is,
the answers to the status keys, the hints and the refusals of a go-out. The table decides what is
true; these functions only say it, so a second language is a second module with the same functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from engine.arrange import Arrangement
from engine.cards import Card, Rank
from engine.rules.five_crowns import FiveCrownsView
from speech.phrases import GAME_OVER, Parts, card_count, cards_parts, count, melds_parts, points, the_card
from speech.table_words import opponents_words

__all__ = [
    "KEY_HELP",
    "LAST_TURN_TIP",
    "NO_HINT",
    "arrangement_parts",
    "best_discard_hint",
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

LAST_TURN_TIP = "Draw, then discard; the best lay-down of the rest is then made for you."
NO_HINT = "No hint: you hold no cards now."


def hand_label(view: FiveCrownsView) -> str:
    """'hand 3 of 11', or 'a play-off hand' once the eleven are played and a tie is being broken."""
    if view.hand_number > view.hands_total:
        return "a play-off hand"
    return f"hand {view.hand_number} of {view.hands_total}"


def resume_question(view: FiveCrownsView) -> str:
    return f"You have a saved game of Five Crowns with {opponents_words(view.players, view.seat)}, " \
           f"{hand_label(view)}. Resume it?"


def resumed_words(view: FiveCrownsView) -> str:
    return (f"Resumed Five Crowns against {opponents_words(view.players, view.seat)}: {hand_label(view)}, "
            f"{view.cards_dealt} cards, {view.wild_rank.plural} wild.")


def whose_turn_words(view: FiveCrownsView) -> str:
    if view.phase == "over":
        return GAME_OVER
    if view.to_move == view.seat:
        last = "your last turn" if view.last_turn else "your turn"
        return f"It is {last}: {'draw' if view.phase == 'draw' else 'discard'}."
    return f"It is {view.players[view.to_move]}'s turn."


def tie_broken_words(played_off: int, winner: str) -> str:
    return f"The tie was broken by {count(played_off, 'play-off hand')}: {winner} won."


def one_of(cards: Sequence[Card], wild: Rank) -> Parts:
    """'the 9 of clubs, the 9 of hearts or a joker'."""
    parts: Parts = []
    for i, c in enumerate(cards):
        if i:
            parts.append(" or " if i == len(cards) - 1 else ", ")
        parts += the_card(c, wild)
    return parts


def best_discard_hint(card: Card, wild: Rank, left: int) -> Parts:
    return ["Hint: discarding ", *the_card(card, wild), f" leaves the fewest points, {left}."]


def go_out_hint(outs: Sequence[Card], wild: Rank, lay_down: Arrangement | None = None) -> Parts:
    parts: Parts = ["You can go out: move to ", *one_of(outs, wild), " and press O."]
    if lay_down is not None:
        parts += [" Lay-down: ", *melds_parts(lay_down.melds, wild), "."]
    return parts


def cannot_go_out_here(card: Card, outs: Sequence[Card], wild: Rank) -> Parts:
    return ["You cannot go out discarding ", *the_card(card, wild), ": you can go out discarding ",
            *one_of(outs, wild), "."]


def cannot_go_out_yet(unmelded: int) -> str:
    return f"You cannot go out yet: {card_count(unmelded)} would not meld."


def arrangement_parts(arr: Arrangement, wild: Rank) -> Parts:
    """'. Melds: ... . 2 cards to meld before you can go out: ...'."""
    parts: Parts = [". Melds: ", *melds_parts(arr.melds, wild)] if arr.melds else [". No melds yet"]
    if arr.deadwood:
        parts += [f". {card_count(len(arr.deadwood))} to meld before you can go out: ",
                  *cards_parts(list(arr.deadwood), wild), "."]
    else:
        parts.append(". Everything melds.")
    return parts


def discard_hint(card: Card, arr: Arrangement, wild: Rank) -> Parts:
    return ["Discard ", *the_card(card, wild), f": that leaves {points(arr.points)}", *arrangement_parts(arr, wild)]


def draw_hint(arr: Arrangement, wild: Rank, top: Card | None, best_with_top: int | None) -> Parts:
    parts: Parts = [f"Now {points(arr.points)}", *arrangement_parts(arr, wild)]
    if top is not None and best_with_top is not None:
        parts += [" Taking ", *the_card(top, wild), f" would leave at best {points(best_with_top)}."]
    return parts


def wild_words(view: FiveCrownsView) -> str:
    return f"Jokers and {view.wild_rank.plural} are wild: {view.cards_dealt} cards dealt this hand."


def info_words(view: FiveCrownsView) -> str:
    if view.phase == "over":
        return GAME_OVER
    hand = f"Hand {view.hand_number} of {view.hands_total}" if view.hand_number <= view.hands_total else "Play-off hand"
    who = "you" if view.dealer == view.seat else view.players[view.dealer]
    return (f"{hand}, {view.cards_dealt} cards dealt, {view.wild_rank.plural} wild, {who} dealt. "
            f"Stock {card_count(view.stock_size)}, discard pile {card_count(view.discard_size)}.")


def players_parts(view: FiveCrownsView, last: Mapping[int, Card]) -> Parts:
    """'Anna: 5 cards, last discarded the 9 of clubs; Ben: went out, ...'."""
    parts: Parts = []
    for seat in view.seats:
        if seat == view.seat:
            continue
        if parts:
            parts.append("; ")
        parts.append(f"{view.players[seat]}: ")
        if seat == view.went_out:
            parts.append("went out")
        elif seat in view.laid_down:
            parts.append(f"laid down, {points(view.laid_down[seat].points)}")
        else:
            parts.append(card_count(view.hand_sizes[seat]))
        if seat in last:
            parts += [", last discarded ", *the_card(last[seat], view.wild_rank)]
        else:
            parts.append(", no discard yet")
    return [*parts, "."]


#: What each of this game's own keys does, as F1 help and docs/keys.md say it (command name to description).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "draw": "Draw the top card of the stock.",
    "take": "Take the top card of the discard pile (the up card).",
    "discard": "Discard the current card (refused, with the reason, when you may not).",
    "go-out": "Go out, discarding the current card: your melds are laid down and named.",
    "hint": "Hint: the best lay-down now, how many cards are left to meld, and the best discard or draw.",
    "up-card": "The top card of the discard pile.",
    "wild": "What is wild this hand.",
    "scores": "Scores: each player's total.",
    "scores-long": "Scores hand by hand, with totals and who leads.",
    "info": "Hand number, cards dealt, whose turn, stock and discard pile sizes.",
    "players": "Each opponent's card count and last discard.",
})
