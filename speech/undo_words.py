"""What the player hears about undo (Ctrl+Z): the move taken back, the turns taken back with it, why
nothing was taken back, and that a game had undos.

A move is worded from the move itself (its kind and its cards), so one set of sentences serves every
game: a kind no sentence knows is "your last move", never nothing. Each sentence is whole in the
catalog, so every language orders it its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Card, Rank
from speech.i18n import N_, _, elide, fill, ngettext, pgettext
from speech.phrases import cards_parts, join_words, the_card

__all__ = ["GAME_OVER", "NETWORK", "NOTHING", "undone_parts", "undos_in_game"]

Parts = list[str | Card]

NOTHING = N_("Nothing to undo: you have made no move in this game yet.")
GAME_OVER = N_("The game is over: no move can be undone now.")
NETWORK = N_("No undo at a network table.")


def _with_card(template: str, card: Card | None, wild_rank: Rank | None, fallback: str | None = None) -> Parts:
    if card is None:
        return [_(fallback)] if fallback else []
    return list(fill(_(template), card=the_card(card, wild_rank)))


def _draw(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    if getattr(action, "source", "stock") == "discard":
        return _with_card(N_("you took {card} from the discard pile"), card, wild, N_("you took from the discard pile"))
    return _with_card(N_("you drew {card} from the stock"), card, wild, N_("you drew from the stock"))


def _discard(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    return _with_card(N_("you discarded {card}"), action.card, wild)


def _go_out(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    return _with_card(N_("you went out, discarding {card}"), action.discard, wild)


def _place(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    if card is None:
        return [_("you placed the card on pile {pile}").format(pile=action.pile)]
    return list(fill(_("you placed {card} on pile {pile}"), card=the_card(card), pile=action.pile))


def _knock(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    if action.card is None:
        return [_("you went big gin")]
    return _with_card(N_("you knocked, discarding {card}"), action.card, wild)


def _lay_off(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    return _with_card(N_("you laid off {card}"), action.card, wild)


def _swap(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    return list(fill(_("you swapped {card} for {wild}"), card=the_card(action.card, wild),
                     wild=the_card(action.wild, wild)))


def _buy(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    return _with_card(N_("you bought {card}"), card, wild, N_("you bought the card on offer"))


def _pass_buy(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    return _with_card(N_("you let {card} go"), card, wild, N_("you let the card on offer go"))


def _meld(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    return list(fill(_("you put down {cards}"), cards=cards_parts(action.cards, wild)))


def _take_pile(action: Any, card: Card | None, wild: Rank | None) -> Parts:
    n = action.count
    return [ngettext("you took {n} card from the discard pile", "you took {n} cards from the discard pile", n)
            .format(n=n)]


def _said(text: str) -> Callable[[Any, Card | None, Rank | None], Parts]:
    return lambda action, card, wild: [_(text)]


#: A move's words by its kind (engine actions name their kind; a game's own kinds are listed here as
#: words, never as imports of its rules).
_MOVES: dict[str, Callable[[Any, Card | None, Rank | None], Parts]] = {
    "draw": _draw,
    "discard": _discard,
    "go_out": _go_out,
    "place": _place,
    "gin_pass": _said(N_("you passed on the up card")),
    "gin_knock": _knock,
    "contract_lay_down": _said(N_("you laid down your contract")),
    "contract_lay_off": _lay_off,
    "contract_swap": _swap,
    "contract_buy": _buy,
    "contract_pass_buy": _pass_buy,
    "upcard_meld": _meld,
    "upcard_lay_off": _lay_off,
    "upcard_take_discards": _take_pile,
    "crazy_eight": lambda action, card, wild: _with_card(N_("you played {card}"), action.card, wild),
    "crazy_pass": _said(N_("you passed")),
}


def move_parts(action: Any, card: Card | None, wild_rank: Rank | None = None) -> Parts:
    """The player's move in words, as the undo line says it: 'you discarded the 7 of spades'.
    ``card`` is the card the move brought or let go (drawn, taken, bought, placed, passed), when the
    player saw it."""
    words = _MOVES.get(str(getattr(action, "kind", "")))
    parts = words(action, card, wild_rank) if words is not None else []
    return parts or [_("your last move")]


def undone_parts(move: Sequence[str | Card], others: Sequence[str], *, your_turn: bool) -> Parts:
    """'Undone: you discarded the 7 of spades; Anna's and Ben's turns taken back. Your turn.' ``others``:
    the players whose turns after the move were taken back with it; ``your_turn``: the game is back at
    a turn of the player's (not in a game for one, where the table says the step, nor at a question
    asked out of turn, which the table asks again)."""
    if others:
        names = join_words([elide(pgettext("whose turns", "{name}'s").format(name=n)) for n in others])
        if your_turn:
            template = ngettext("Undone: {move}; {names} turn taken back. Your turn.",
                                "Undone: {move}; {names} turns taken back. Your turn.", len(others))
        else:
            template = ngettext("Undone: {move}; {names} turn taken back.", "Undone: {move}; {names} turns taken back.",
                                len(others))
        return list(fill(template, move=tuple(move), names=names))
    if your_turn:
        return list(fill(_("Undone: {move}. Your turn."), move=tuple(move)))
    return list(fill(_("Undone: {move}."), move=tuple(move)))


def undos_in_game(n: int) -> str:
    """Said when a game with undos ends (and kept in a solitaire record): it was a practice game."""
    return ngettext("This game had {n} undo: it counts as practice.",
                    "This game had {n} undos: it counts as practice.", n).format(n=n)
