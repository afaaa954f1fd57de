"""The upcard rummy table's discard pile, fanned: Up toward the top, Down deeper, Shift+Down and
Shift+Up to the next card you could take back to, a place by number, the pile read whole, and T to
take the pile back to the card under the cursor (with the selected wilds in the meld), or the rules'
reason why not now."""

from __future__ import annotations

from access_game.ui.modes import NumberEntry
from access_game.ui.upcard_base import UpcardBase
from access_game.ui.upcard_digging import dig_meld, dig_options
from engine.arrange_upcard import is_wild
from engine.rules.upcard_rummy import TakeDiscards
from speech import table_words as tw
from speech import upcard_words as uw
from speech.i18n import N_
from speech.utterance import Kind

__all__ = ["PileKeys"]


class PileKeys(UpcardBase):
    """The pile cursor's keys, and digging into the pile."""

    def take_back(self, key: str = "") -> None:
        v = self.view
        depth = self._pile_depth()
        if v.my_turn and v.phase == "draw" and v.melded[v.seat] and depth:
            target = v.discard[-depth]
            tip = bool(dig_options(v))
            if is_wild(target, v.wild_rank):
                self.say(*uw.not_natural_target(target, v.wild_rank, tip), kind=Kind.SYSTEM)
                return
            if sum(1 for c in v.hand if c.rank == target.rank) < 2:
                self.say(*uw.no_pair_for(target, v.wild_rank, depth, tip), kind=Kind.SYSTEM)
                return
            hinted = self.hinted_take
            if hinted is not None and hinted[:2] == (self.session.move_count, depth):
                meld = hinted[2]  # the hint's own meld: T does what the hint said
            else:
                meld = dig_meld(v.hand, v.discard[-depth:], v.wild_rank, self._selected())
            self.session.act(TakeDiscards(self.seat, depth, meld))
            return
        # Not the moment (not your turn, drawn already, not melded yet, an empty pile): the rules say why.
        self.session.refused_now(TakeDiscards)

    def read_pile(self, key: str = "") -> None:
        self.say(*uw.pile_parts(self.view.discard, self.view.wild_rank))

    def _pile_note(self, depth: int) -> str:
        """Whether the card at ``depth`` could be taken back to by you, and what it takes."""
        v = self.view
        option = next((o for o in dig_options(v) if o.depth == depth), None)
        if option is None:
            return ""
        return uw.pile_note(depth, len(option.meld), not v.melded[v.seat] or (v.first_meld_now and v.my_turn))

    def _announce_pile(self, edge: str = "", *, still: bool = False) -> None:
        v = self.view
        depth = self._pile_depth()
        if not depth:
            self.say(tw.DISCARD_PILE_EMPTY)
            return
        card = v.discard[-depth]
        self.say(*uw.pile_card_parts(edge, card, v.wild_rank, depth, len(v.discard), self._pile_note(depth),
                                     still=still))

    def _pile_to(self, depth: int, edge: str = "") -> None:
        pile = self.view.discard
        if not pile:
            self.say(tw.DISCARD_PILE_EMPTY)
            return
        if not 1 <= depth <= len(pile):
            self.say(uw.no_pile_place(len(pile), depth))
            return
        self.pile_index = len(pile) - depth
        self._announce_pile(edge)

    def pile_up(self, key: str = "") -> None:
        depth = self._pile_depth()
        if depth <= 1:
            self._announce_pile(uw.TOP_CARD if depth else "")
            return
        self._pile_to(depth - 1)

    def pile_down(self, key: str = "") -> None:
        depth = self._pile_depth()
        if depth and depth == len(self.view.discard):
            self._announce_pile(uw.BOTTOM_CARD)
            return
        self._pile_to(depth + 1)

    def _targets(self) -> list[int]:
        return [o.depth for o in dig_options(self.view)]

    def next_target(self, key: str = "") -> None:
        self._target_step(1)

    def previous_target(self, key: str = "") -> None:
        self._target_step(-1)

    def _target_step(self, step: int) -> None:
        targets = self._targets()
        if not targets:
            self.say(uw.NO_PAIR_IN_PILE)
            return
        depth = self._pile_depth()
        ahead = [d for d in targets if (d - depth) * step > 0]
        if not ahead:
            self._announce_pile(uw.no_target_beyond(step > 0), still=True)
            return
        self._pile_to(min(ahead) if step > 0 else max(ahead))

    def pile_go_to(self, key: str = "") -> None:
        self.host.open(NumberEntry(uw.PILE_GO_TO,
                                   self.host.say_line, on_number=self._pile_to, prompt=N_("pile place")))

    def take_back_options(self, key: str = "") -> None:
        v = self.view
        options = dig_options(v, self._selected())
        if not options:
            self.say(uw.NO_PAIR_IN_PILE)
            return
        if not v.melded[v.seat] or (v.my_turn and v.first_meld_now):
            when = "later"
        elif v.my_turn and v.phase == "draw":
            when = "now"
        else:
            when = "turn"
        self.say(uw.take_back_head(len(options), when))
        for o in options:
            self.say(*uw.take_back_option_parts(o.target, o.depth, o.meld, o.gain, o.kept, o.cost, o.fits,
                                                v.wild_rank))
