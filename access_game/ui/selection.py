"""The cards a player lifts out of the hand to put down together: Space puts the card under the cursor
into the selection or takes it out, in every game with melds. A game that plans several melds before
laying them down (contract rummy's lay-down) numbers them: the selection confirmed becomes planned meld
1, 2, ... and a planned meld can be taken apart again. The marks live on the hand (hand_model), so they
follow their cards as the hand is sorted and cards come and go."""

from __future__ import annotations

from access_game.ui.hand_model import FREE, SELECTED, HandModel
from engine.cards import Card

__all__ = ["plan_selection", "planned_melds", "take_apart", "toggle_current"]


def toggle_current(hand: HandModel) -> bool:
    """The card under the cursor into the selection, or out of it (a planned card is freed); True when
    it is selected now."""
    now = hand.marks[hand.pos] != SELECTED
    hand.marks[hand.pos] = SELECTED if now else FREE
    return now


def planned_melds(hand: HandModel) -> list[tuple[Card, ...]]:
    """The melds planned so far, in the order they were confirmed."""
    count = max(hand.marks, default=0)
    return [tuple(c for c, m in zip(hand.cards, hand.marks, strict=True) if m == k) for k in range(1, count + 1)]


def plan_selection(hand: HandModel) -> int:
    """The selected cards become the next planned meld; its number."""
    number = max(hand.marks, default=0) + 1
    hand.marks = [number if m == SELECTED else m for m in hand.marks]
    return number


def take_apart(hand: HandModel, number: int) -> tuple[Card, ...]:
    """Planned meld ``number``'s cards freed, the melds planned after it numbered one less; its cards."""
    meld = planned_melds(hand)[number - 1]
    hand.marks = [FREE if m == number else (m - 1 if m > number else m) for m in hand.marks]
    return meld
