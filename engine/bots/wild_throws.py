"""No computer player throws a wild while it holds a natural card it could throw instead (but on a last turn).

A joker or a wild on the discard pile is a gift to whoever plays next: it fits any meld, so a person at
the table sees a computer player hand the next seat the best card in the game, and the next seat takes
it. However a level weighs its hand (normal Five Crowns counts an unmelded joker as 50 points to shed,
upcard rummy once threw its wilds to keep its last natural card), the rule is the same for every game and
level, so it is kept in one place: :func:`naturals_first` takes the wild throws out of the moves a
player may choose among whenever a natural card could be thrown, and every player
:func:`engine.bots.make_agent` makes chooses through it (:class:`engine.bots.base.NaturalsFirst`; hints
too, since they ask the same players).

Going out is one exception: a hand that can go out only by throwing a wild goes out, since the hand
ends and an unmelded card costs more than the gift. When a natural card can be thrown to go out, the
wild throws to go out are taken away like any other.

A last turn is the other (the view's ``last_turn``: after someone has gone out, in Five Crowns and
upcard rummy): the hand is scored right after the move, so the throw that leaves the fewest points is
the one to make, wild or not. Keeping a wild that melds nothing then costs its points for nothing
(computer players kept an unmeldable joker at 3 of 3 hand ends watched, 73, 64 and 72 points where 35,
25 and 35 were possible). On a last turn every move is left.

A card is wild when it is a joker or of the view's ``wild_rank`` (Five Crowns, contract rummy, upcard
rummy). A view without one (solitaire: wild by pile, and no other player to give a card to) is left
as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Discard, GoOut
from engine.cards import Card
from engine.events import Drew

__all__ = ["is_wild_in", "naturals_first", "scored_after_move", "taken_up_card", "thrown_card"]


def thrown_card(action: Action) -> Card | None:
    """The card a move puts on the discard pile, if it puts one there."""
    if isinstance(action, Discard):
        return action.card
    if isinstance(action, GoOut):
        return action.discard
    return None


def is_wild_in(view: Any, card: Card) -> bool | None:
    """Whether ``card`` is wild at the table ``view`` shows; None where the view names no wild rank."""
    wild_rank = getattr(view, "wild_rank", None)
    if wild_rank is None:
        return None
    return card.rank is None or card.rank == wild_rank


def naturals_first(view: Any, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the throws of a wild, where a natural card could be thrown in the same way
    (a plain discard, or a discard that goes out). Every other move is kept, and all of them on a last
    turn (:func:`scored_after_move`)."""
    moves = list(legal)
    if getattr(view, "wild_rank", None) is None or scored_after_move(view):
        return moves
    natural_kinds = set()
    for action in moves:
        card = thrown_card(action)
        if card is not None and not is_wild_in(view, card):
            natural_kinds.add(type(action))
    if not natural_kinds:
        return moves
    kept: list[Action] = []
    for action in moves:
        card = thrown_card(action)
        if card is not None and type(action) in natural_kinds and is_wild_in(view, card):
            continue
        kept.append(action)
    return kept


def scored_after_move(view: Any) -> bool:
    """Whether the seat's hand is scored right after this turn (a last turn, after someone went out)."""
    return bool(getattr(view, "last_turn", False))


def taken_up_card(view: Any) -> Card | None:
    """The card this seat has just taken from the discard pile, this turn (None when its last draw was from
    the stock, or the view keeps no log)."""
    for event in reversed(getattr(view, "log", ())):
        if isinstance(event, Drew):
            mine = event.seat == getattr(view, "seat", None) and event.source == "discard"
            return event.card if mine else None
    return None
