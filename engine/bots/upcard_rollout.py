"""Rollouts: guess the hidden cards, play the rest of the hand out with normal players, score it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine.actions import Action
from engine.bots.upcard_rummy import UpcardAgent, _known_opponent_cards
from engine.cards import Card, no_twos_deck
from engine.rules.upcard_rummy import UpcardHandEnded, UpcardOptions, UpcardRummy, UpcardState, UpcardView

_RULES = UpcardRummy()


def guess_state(view: UpcardView, rng: random.Random) -> UpcardState:
    """A full state that agrees with everything ``view`` shows, hidden cards dealt at random."""
    me = view.seat
    known = _known_opponent_cards(view)
    pool = Counter(no_twos_deck(2))
    pool.subtract(view.hand)
    pool.subtract(view.discard)
    for m in view.table:
        pool.subtract(m.all_cards)
    hands: list[list[Card]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == me:
            hands.append(list(view.hand))
            continue
        held = [c for c, n in known.get(seat, Counter()).items() for _ in range(n) if pool[c] > 0][:size]
        pool.subtract(held)
        hands.append(held)
    unseen = list((+pool).elements())
    rng.shuffle(unseen)
    for seat, size in enumerate(view.hand_sizes):
        if seat != me:
            need = size - len(hands[seat])
            hands[seat] += unseen[:need]
            del unseen[:need]
    n = len(view.players)
    return UpcardState(
        players=list(view.players),
        seed=rng.randrange(1 << 30),
        options=UpcardOptions(target=10**9),
        hand_number=view.hand_number,
        dealer=view.dealer,
        phase=view.phase,
        to_move=view.to_move,
        stock=unseen,
        discard=list(view.discard),
        hands=hands,
        up_cards=list(view.up_cards),
        wild_rank=view.wild_rank,
        table=list(view.table),
        melded=list(view.melded),
        first_meld_now=view.first_meld_now,
        went_out=view.went_out,
        last_turns=list(view.last_turns),
        scores=[[] for _ in range(n)],
    )


def _finish(state: UpcardState, agents: Sequence[UpcardAgent], seat: int, limit: int = 400) -> float:
    hand = state.hand_number
    for _ in range(limit):
        mover = state.to_move
        view = _RULES.view(state, mover, ())
        action = agents[mover].choose(view, _RULES.legal_actions(state, mover))
        for ev in _RULES.apply(state, action):
            if isinstance(ev, UpcardHandEnded):
                others = [p for s, p in enumerate(ev.points) if s != seat]
                return ev.points[seat] - sum(others) / len(others)
        if state.hand_number != hand:
            break
    return 0.0


def rollout_scores(
    view: UpcardView, options: Sequence[Action], *, samples: int, rng: random.Random
) -> list[float]:
    """Mean result of each option over the same ``samples`` guessed deals."""
    totals = [0.0] * len(options)
    agents = [UpcardAgent("normal", i) for i in range(len(view.players))]
    for _ in range(samples):
        base = guess_state(view, rng)
        seed = rng.randrange(1 << 30)
        for i, option in enumerate(options):
            state = _copy(base)
            state.seed = seed
            _RULES.apply(state, option)
            totals[i] += _finish(state, agents, view.seat)
    return [t / samples for t in totals]


def _copy(state: UpcardState) -> UpcardState:
    return UpcardState(
        players=list(state.players),
        seed=state.seed,
        options=state.options,
        hand_number=state.hand_number,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.to_move,
        stock=list(state.stock),
        discard=list(state.discard),
        hands=[list(h) for h in state.hands],
        up_cards=list(state.up_cards),
        wild_rank=state.wild_rank,
        table=list(state.table),
        melded=list(state.melded),
        first_meld_now=state.first_meld_now,
        went_out=state.went_out,
        last_turns=list(state.last_turns),
        scores=[list(x) for x in state.scores],
        reshuffles=state.reshuffles,
    )
