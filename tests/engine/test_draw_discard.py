"""The draw–discard kernel: the rummy games are its variants, and a new variant needs only its own parts.

The second test writes a small game of its own (deal three, draw, discard, the stock runs dry once, the
fewest cards in hand after two hands wins) with nothing but the kernel's hooks, and plays it through the
real :class:`engine.game.Game` to its end: the cards are conserved, refusals give the kernel's reasons,
and a save of every state loads back to the same state.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from engine import events as ev
from engine import state_data as sd
from engine.actions import Action, Discard, Draw
from engine.cards import STANDARD_SUITS, Card, standard_deck
from engine.draw_discard import DrawDiscard, DrawDiscardState, DrawDiscardView, RuleOptions, saved_fields
from engine.errors import IllegalAction
from engine.game import Game
from engine.notation import parse_card
from engine.reasons import Reason
from engine.rules.contract_rummy import ContractRummy
from engine.rules.five_crowns import FiveCrowns
from engine.rules.upcard_rummy import UpcardRummy
from engine.state_data import shared_view_fields

#: What each variant used to write for itself and the kernel now holds once.
KERNEL_PARTS = ("_next", "_next_seat", "_rng", "_deal", "_begin_turn", "_advance", "_end_hand", "_refill",
                "start", "card_count", "is_over", "verify", "state_to_data", "state_from_data")


@pytest.mark.parametrize("variant", [FiveCrowns, ContractRummy, UpcardRummy], ids=lambda v: v.name)
def test_the_rummy_games_are_variants_that_leave_the_turn_cycle_to_the_kernel(variant: type[Any]) -> None:
    assert issubclass(variant, DrawDiscard)
    written = set(vars(variant)) & set(KERNEL_PARTS)
    assert written <= {"start"} if variant is FiveCrowns else not written, written
    view = variant.view_type
    assert issubclass(view, DrawDiscardView) and issubclass(variant.state_type, DrawDiscardState)


# --------------------------------------------------------------------------- a small variant of its own
@dataclass(frozen=True, slots=True, kw_only=True)
class TinyOptions(RuleOptions):
    game_words: ClassVar[str] = "tiny rummy"
    first_dealer: int = 0


@dataclass(slots=True, kw_only=True)
class TinyState(DrawDiscardState[TinyOptions]):
    pass


@dataclass(frozen=True, slots=True)
class TinyView(DrawDiscardView):
    pass


class TinyRummy(DrawDiscard[TinyState, TinyView]):
    name = "tiny-rummy"
    title = "Tiny Rummy"
    min_players = 2
    max_players = 4
    moves: ClassVar[tuple[type[Action], ...]] = (Draw, Discard)
    events: ClassVar[tuple[type[ev.Event], ...]] = (ev.GameStarted, ev.HandStarted, ev.CardsDealt, ev.TurnStarted,
                                                    ev.Drew, ev.Discarded, ev.StockReshuffled, ev.HandEnded,
                                                    ev.GameEnded)
    view_type = TinyView
    state_type = TinyState
    options_type = TinyOptions
    table_words = "a tiny rummy table"
    hands_total = 2
    max_reshuffles = 1

    @staticmethod
    def parse_card(text: str) -> Card:
        return parse_card(text, suits=STANDARD_SUITS, game="tiny rummy")

    def deck(self, state: TinyState) -> list[Card]:
        return standard_deck(1)

    def cards_dealt(self, state: TinyState) -> int:
        return 3

    def hand_opened(self, state: TinyState, first: int) -> list[ev.Event]:
        return [ev.HandStarted(hand_number=state.hand_number, hands_total=2, dealer=state.dealer, cards_dealt=3,
                            wild_rank=None, up_card=state.discard[-1], first_player=first)]

    def legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "draw":
            return self.draws(state, seat)
        return [Discard(seat, c) for c in dict.fromkeys(state.hands[seat])]

    def why_not_now(self, state: TinyState, seat: int, kind: str) -> str | None:
        problem = self.turn_problem(state, seat)
        if problem is not None:
            return problem
        if kind == Draw.kind:
            return None if state.phase == "draw" else Reason("you have already drawn this turn; now discard a card")
        if kind == Discard.kind:
            return None if state.phase == "discard" else Reason("draw a card first: from the stock or the discard pile")
        return self.not_a_move(kind)

    def not_a_move(self, kind: str) -> Reason:
        return Reason("{kind} is not a move in Five Crowns", kind=kind)

    def verify_cards(self, state: TinyState, action: Action) -> None:
        if isinstance(action, Draw):
            self.require_pile(state, action.source)
        elif isinstance(action, Discard):
            self.require_held(state, action.seat, action.card)

    def apply(self, state: TinyState, action: Action) -> list[ev.Event]:
        if isinstance(action, Draw):
            return self.draw(state, action)
        assert isinstance(action, Discard)
        return self.discard(state, action) + self.advance(state)

    def end_hand(self, state: TinyState) -> list[ev.Event]:
        for seat, hand in enumerate(state.hands):
            state.scores[seat].append(len(hand))
        totals = state.totals()
        results = tuple(ev.PlayerResult(seat=s, melds=(), deadwood=tuple(h), points=len(h), total=totals[s])
                        for s, h in enumerate(state.hands))
        events: list[ev.Event] = [ev.HandEnded(hand_number=state.hand_number, went_out=None, results=results)]
        if state.hand_number < 2:
            return events + self.deal(state, state.hand_number + 1)
        return events + self.finish(state, [s for s, t in enumerate(totals) if t == min(totals)])

    def view(self, state: TinyState, seat: int, log: Sequence[ev.Event]) -> TinyView:
        return TinyView(**shared_view_fields(state, seat, log))


TinyRummy.saved = saved_fields(sd.options(TinyOptions.from_data))


def test_a_new_variant_written_from_the_kernels_hooks_plays_to_its_end() -> None:
    rules = TinyRummy()
    players = ["A", "B", "C"]
    state = rules.new_state(players, seed=7)
    game = Game(rules, state, players=players, seed=7, options=None)
    game._record(rules.start(state))
    rng = random.Random(7)
    reshuffled = 0
    while not game.over:
        seat = game.seats_to_act()[0]
        other = (seat + 1) % len(players)
        assert game.why_not(Draw(other, "stock")) == f"it is {players[seat]}'s turn, not yours"
        if state.phase == "discard":
            foreign = next(c for c in rules.deck(state) if c not in state.hands[seat])
            with pytest.raises(IllegalAction, match="you have no"):
                game.apply(Discard(seat, foreign))
        events = game.apply(rng.choice(game.legal_actions(seat)))
        reshuffled += sum(isinstance(e, ev.StockReshuffled) for e in events)
        assert Counter(rules.all_cards(state)) == Counter(standard_deck(1)) or state.phase == "over"
        data = json.loads(json.dumps(rules.state_to_data(state)))
        assert rules.state_to_data(rules.state_from_data(data)) == data
    assert state.hand_number == 2 and reshuffled == 2 and state.winners  # one rebuild of the stock a hand
    assert list(data) == ["players", "seed", "options", "hand_number", "dealer", "phase", "to_move", "stock",
                          "discard", "hands", "went_out", "scores", "reshuffles", "winners"]
    assert isinstance(game.log[-1], ev.GameEnded) and game.view(0).my_turn is False
