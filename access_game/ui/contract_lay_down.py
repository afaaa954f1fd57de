"""The contract rummy table's lay-down and lay-offs. Melds are built the way a sighted player lifts cards
out of a fan: Space selects or unselects the card under the cursor and says the selection so far and
whether it is a set or a run yet; Enter confirms it. Before the contract is down, each confirmed meld
joins the planned lay-down, made as soon as the planned melds are exactly the contract. Afterwards
the same two keys lay the selected cards off on the meld under the meld cursor, and Shift+W swaps a
natural for a wild there. C and F say what the hand lacks for the contract and where a card fits."""

from __future__ import annotations

from collections.abc import Sequence

from access_game.ui.contract_base import ContractBase, Parts, suit_key, without
from access_game.ui.modes import ListMenu, MenuItem
from access_game.ui.selection import plan_selection, take_apart, toggle_current
from engine.arrange_contract import (
    Contract,
    best_lay_down,
    cards_short,
    cards_wanted,
    is_wild,
    lay_off_options,
    meld_fault,
    meld_kind,
    swap_options,
)
from engine.cards import Card
from engine.rules.contract_rummy import ContractView, LayDown, LayOff, Swap, TableMeld
from speech import contract_words as cw
from speech import table_words as tw
from speech.contract_words import action_words, melds_parts
from speech.i18n import N_, _, fill
from speech.phrases import GAME_OVER
from speech.utterance import Kind

__all__ = ["LayDownKeys"]

#: Cards that would help, named one by one up to this many.
_WANTED_NAMED = 8


class LayDownKeys(ContractBase):
    """Selecting, planning and laying down; laying off and swapping on the meld under the meld cursor."""

    def _selection_parts(self) -> Parts:
        """'3 cards: 7 of hearts; 7 of clubs; joker: a set of 7s.' (or why it is no meld yet); once the
        contract is down, whether the cards fit the meld under the meld cursor."""
        picked = self.selection
        if not picked:
            return [cw.NOTHING_SELECTED]
        if self.view.melded[self.seat]:
            meld = self._meld()
            if meld is None:
                return cw.selection_parts(picked, ".")
            fit = meld_kind([*meld.cards, *picked]) == meld.kind
            return cw.selection_parts(picked, cw.fit_verdict(fit, len(picked) == 1, self._meld_words(meld.id)))
        return cw.selection_parts(picked, cw.meld_verdict(picked, meld_fault(picked)))

    def select(self, key: str = "") -> None:
        card = self._current()
        if card is None:
            self.say(tw.HAND_EMPTY)
            return
        mark = self.marks[self.pos]
        if mark > 0:  # a card of a planned meld: Space takes that meld apart
            self.say(cw.plan_taken_apart(mark, take_apart(self.hand, mark)), kind=Kind.MY_TURN)
            return
        self.say(cw.selected_word(toggle_current(self.hand)), *self._selection_parts(), kind=Kind.MY_TURN)

    def read_selection(self, key: str = "") -> None:
        parts: Parts = list(self._selection_parts())
        plan = self.plan
        if plan:
            parts += [*fill(_(" Planned: {melds}. "), melds=tuple(melds_parts(plan, range(1, len(plan) + 1)))),
                      *self._still_to_plan()]
        self.say(*parts, kind=Kind.MY_TURN)

    def clear_selection(self, key: str = "") -> None:
        if not any(self.marks):
            self.say(cw.NOTHING_PLANNED)
            return
        self.clear_marks()
        self.say(cw.PLAN_CLEARED, kind=Kind.MY_TURN)

    def _planned_counts(self) -> tuple[int, int]:
        kinds = [meld_kind(m) for m in self.plan]
        return kinds.count("set"), kinds.count("run")

    def _still_to_plan(self) -> Parts:
        contract = self.view.contract
        sets, runs = self._planned_counts()
        left = Contract(max(0, contract.sets - sets), max(0, contract.runs - runs))
        return [cw.still_to_plan(left)]

    def confirm(self, key: str = "") -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        if v.melded[v.seat]:
            self._lay_off_selection()
            return
        picked = self.selection
        if not picked:
            sets, runs = self._planned_counts()
            if self.plan and (sets, runs) == (v.contract.sets, v.contract.runs):
                self._lay_down(self.plan)
                return
            self.say(cw.SELECT_FIRST, kind=Kind.SYSTEM)
            return
        kind = meld_kind(picked)
        if kind is None:
            self.say(*cw.not_a_meld(meld_fault(picked), picked), kind=Kind.SYSTEM)
            return
        sets, runs = self._planned_counts()
        have, want = (sets, v.contract.sets) if kind == "set" else (runs, v.contract.runs)
        if have >= want:
            self.say(cw.no_room_in_contract(v.contract, kind, picked), kind=Kind.SYSTEM)
            return
        number = plan_selection(self.hand)
        if (sets + (kind == "set"), runs + (kind == "run")) == (v.contract.sets, v.contract.runs):
            self._lay_down(self.plan)
            return
        self.say(cw.planned_meld(number, picked), *self._still_to_plan(), kind=Kind.MY_TURN)

    def _lay_down(self, plan: Sequence[tuple[Card, ...]]) -> None:
        if not self._act(LayDown(self.seat, tuple(plan))):
            self.say(cw.PLAN_KEPT, kind=Kind.SYSTEM)

    def lay_down_best(self, key: str = "") -> None:
        v = self.view
        best = best_lay_down(v.hand, v.contract) if not v.melded[v.seat] else None
        if best is None and not v.melded[v.seat] and v.phase != "over":
            short = cards_short(v.hand, v.contract)
            self.say(cw.contract_not_met(v.contract, short), kind=Kind.SYSTEM)
            return
        if self.session.refused_now(LayDown) or best is None:
            return
        self._act(LayDown(self.seat, best.melds))

    def lay_off(self, key: str = "") -> None:
        """Shift+O lays off, as in every game with lay-offs: the selected cards (or the current card) on the
        current meld; before the contract is down the rules say why not."""
        if self.session.refused_now(LayOff):
            return
        self._lay_off_selection()

    def _lay_off_selection(self) -> None:
        meld = self._meld()
        picked = self.selection or ([c] if (c := self._current()) is not None else [])
        if meld is None:
            self.say(cw.CHOOSE_MELD, kind=Kind.SYSTEM)
            return
        if not picked:
            self.say(tw.HAND_EMPTY)
            return
        v = self.view
        if self.session.refused_now(LayOff):
            return
        hand_number = v.hand_number
        left = list(picked)
        progress = True
        while left and progress:
            progress = False
            for card in list(left):
                v = self.view
                target = self._meld(v)
                if v.hand_number != hand_number or v.phase != "discard" or target is None:
                    return
                if meld_kind([*target.cards, card]) != target.kind:
                    continue
                if not self._act(LayOff(self.seat, card, target.id)):
                    return
                left.remove(card)
                progress = True
        if not left or self.view.hand_number != hand_number:
            return
        where = self._meld_words(meld.id)
        if len(left) == len(picked) == 1:
            card = left[0]
            others = [mid for _, mid in lay_off_options([card], {m.id: m.cards for m in self.view.table})]
            self.say(*cw.does_not_fit(card, where, [self._meld_words(mid) for mid in others]), kind=Kind.SYSTEM)
            return
        self.say(*cw.these_do_not_fit(len(left) == len(picked), where, left), kind=Kind.SYSTEM)

    def swap(self, key: str = "") -> None:
        v = self.view
        picked = self.selection
        if len(picked) > 1:
            self.say(cw.SWAP_ONE, kind=Kind.SYSTEM)
            return
        card = picked[0] if picked else self._current()
        meld = self._meld(v)
        if card is None:
            self.say(tw.HAND_EMPTY)
            return
        if meld is None:
            self.say(cw.CHOOSE_SWAP_MELD, kind=Kind.SYSTEM)
            return
        options = [o for o in swap_options([card], {m.id: m.cards for m in v.table}) if o[1] == meld.id]
        if not options:
            self._no_swap(v, card, meld)
            return
        if len(options) == 1:
            self._act(Swap(self.seat, *options[0]))
            return
        hinted = self.hinted_swap
        if hinted is not None and hinted[0] == self.session.move_count and \
                (hinted[1].card, hinted[1].meld_id, hinted[1].wild, hinted[1].to_meld_id) in options:
            self._act(hinted[1])  # the hint said where the wild goes: no question
            return
        items = [self._swap_item(Swap(self.seat, *o)) for o in options]
        self.host.open(ListMenu(cw.WHERE_THE_WILD_GOES, items, self.host.say_line, prompt=N_("swap")))

    def _no_swap(self, v: ContractView, card: Card, meld: TableMeld) -> None:
        """Say why ``card`` cannot be swapped into ``meld``: not yet (the rules' reason for any swap now),
        or not there, in words."""
        wilds = [c for c in dict.fromkeys(meld.cards) if is_wild(c)]
        if v.melded[v.seat] and v.my_turn and v.phase == "discard" and not is_wild(card):
            if not wilds:
                self.say(cw.no_wild_in(self._meld_words(meld.id, v)), kind=Kind.SYSTEM)
                return
            if any(meld_kind([*without(meld.cards, w), card]) == meld.kind for w in wilds):
                self.say(*cw.swap_nowhere_for_wild(card, meld.id), kind=Kind.SYSTEM)
            else:
                self.say(*cw.cannot_swap_into(card, self._meld_words(meld.id, v)), kind=Kind.SYSTEM)
            return
        if not self.session.refused_now(Swap):
            self.say(cw.SWAP_NATURAL_ONLY, kind=Kind.SYSTEM)

    def _swap_item(self, action: Swap) -> MenuItem:
        label = action_words(action, self.view.table, self.names)

        def run() -> None:
            self.meld_id = action.meld_id
            self._act(action)

        return MenuItem(label=lambda: label, run=run)

    def contract(self, key: str = "") -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        head = cw.contract_head(v)
        if v.melded[v.seat]:
            self.say(head, cw.DOWN_ALREADY, kind=Kind.MY_TURN)
            return
        best = best_lay_down(v.hand, v.contract)
        if best is not None:
            self.say(head, *cw.contract_met(best.melds, best.points), kind=Kind.MY_TURN)
            return
        wanted = cards_wanted(v.hand, v.contract)
        naturals = sorted(wanted.naturals, key=suit_key)
        self.say(head, *cw.contract_short(wanted.short, naturals[:_WANTED_NAMED], max(0, len(naturals) - _WANTED_NAMED),
                                          wanted.any_natural, wanted.wild), kind=Kind.MY_TURN)

    def fits(self, key: str = "") -> None:
        v = self.view
        card = self._current()
        if card is None:
            self.say(tw.HAND_EMPTY)
            return
        ids = [mid for _, mid in lay_off_options([card], {m.id: m.cards for m in v.table})]
        if not ids:
            self.say(*cw.fits_nowhere(card))
            return
        self.say(*cw.fits_parts(card, [self._meld_words(mid, v) for mid in ids], v.melded[v.seat]))
