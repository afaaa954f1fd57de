"""The contract rummy hint: what a careful player would do now, and the move that does it (H says it,
Shift+H plays it). A function of the player's own view, so the same advice serves the table's keys and
the tests that play by it."""

from __future__ import annotations

from dataclasses import dataclass

from access_game.ui.contract_base import deciding, meld_words, suit_key, without
from engine.actions import Action, Discard, Draw
from engine.arrange_contract import best_lay_down, card_points, cards_short, cards_wanted, lay_off_options, swap_options
from engine.cards import Card
from engine.rules.contract_rummy import Buy, ContractView, LayDown, LayOff, PassBuy, Swap
from speech import contract_words as cw
from speech.contract_words import action_words
from speech.phrases import GAME_OVER
from speech.results import Names

__all__ = ["Advice", "advice"]


@dataclass(frozen=True, slots=True)
class Advice:
    """What the hint says (``parts``) and the move it would make (None: nothing to do but wait)."""

    parts: tuple[str | Card, ...]
    action: Action | None = None


def advice(v: ContractView, names: Names) -> Advice:
    """The hint: what a careful player would do now, and the move that does it."""
    seat = v.seat
    if v.phase == "over":
        return Advice((GAME_OVER,))
    if deciding(v) and v.offer is not None:
        wanted = _wants(v, v.offer)
        if seat == v.to_move:
            if wanted:
                return Advice(tuple(cw.advice_take(v.offer)), Draw(seat, "discard"))
            return Advice(tuple(cw.advice_pass_first(v.offer)), PassBuy(seat))
        buy = wanted and len(v.hand) <= 15 and not v.melded[seat]
        if buy:
            return Advice(tuple(cw.advice_buy(v.offer)), Buy(seat))
        return Advice(tuple(cw.advice_pass(v.offer)), PassBuy(seat))
    if v.to_move != seat or v.phase == "buy":
        return Advice((cw.advice_wait(v.players[v.to_move] if v.to_move != seat else None),))
    if v.phase == "draw":
        top = v.discard_top
        if top is not None and not v.left_up_card and _wants(v, top):
            return Advice(tuple(cw.advice_take_up_card(top)), Draw(seat, "discard"))
        return Advice((cw.ADVICE_DRAW,), Draw(seat, "stock"))
    table = {m.id: m.cards for m in v.table}
    if not v.melded[seat]:
        best = best_lay_down(v.hand, v.contract)
        if best is not None:
            return Advice(tuple(cw.advice_lay_down(best.melds, best.points)), LayDown(seat, best.melds))
        shortfalls = {c: cards_short(without(v.hand, c), v.contract) for c in dict.fromkeys(v.hand)}
        card = min(shortfalls, key=lambda c: (shortfalls[c], -card_points(c), suit_key(c)))
        return Advice(tuple(cw.advice_discard_short(card, shortfalls[card])), Discard(seat, card))
    lay_offs = lay_off_options(v.hand, table)
    if lay_offs:
        card, meld_id = max(lay_offs, key=lambda o: (card_points(o[0]), -o[1]))
        return Advice(tuple(cw.advice_lay_off(card, meld_words(v, names, meld_id))), LayOff(seat, card, meld_id))
    swaps = swap_options(v.hand, table)
    if swaps:
        card, meld_id, wild, to = swaps[0]
        action = Swap(seat, card, meld_id, wild, to)
        return Advice((action_words(action, v.table, names) + ".",), action)
    card = max(v.hand, key=lambda c: (card_points(c), suit_key(c)))
    return Advice(tuple(cw.advice_discard_last(card, len(v.hand) == 1)), Discard(seat, card))

def _wants(v: ContractView, card: Card) -> bool:
    """Whether ``card`` helps: it fits a meld on the table once the contract is down, or the contract before."""
    if v.melded[v.seat]:
        return bool(v.table) and bool(lay_off_options([card], {m.id: m.cards for m in v.table}))
    return cards_wanted(v.hand, v.contract).helps(card)
