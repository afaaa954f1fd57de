"""Properties of upcard rummy that hold in every game: checked over random games and random attempts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from upcard_tables import deck_intact, state_of

from engine.actions import Action, Discard, Draw
from engine.arrange_upcard import card_value, cards_value
from engine.cards import Card, Rank
from engine.game import Game
from engine.rules.upcard_rummy import HandOpened, LayOff, Meld, TakeDiscards, UpcardHandEnded, UpcardState

FAST = settings(max_examples=25)


def _new(seed: int, players: int, target: int = 400) -> Game:
    return Game.new("upcard-rummy", [f"p{i}" for i in range(players)], seed=seed, options={"target": target})


def _reference_meld(cards: Sequence[Card], wild: Rank) -> bool:
    """The rule as the sheet says it, written again: 3+ cards, naturals of one rank, two or more of them."""
    naturals = [x for x in cards if x.rank != wild]
    return len(cards) >= 3 and len(naturals) >= 2 and len({x.rank for x in naturals}) == 1


def _sub(rng: random.Random, cards: Sequence[Card], most: int) -> tuple[Card, ...]:
    k = rng.randint(0, min(most, len(cards)))
    return tuple(rng.sample(list(cards), k))


def _attempts(state: UpcardState, seat: int, rng: random.Random) -> list[Action]:
    """A spread of moves, most of them illegal, some legal, built without asking the rules."""
    hand = state.hands[seat]
    pool = list(hand) + list(state.discard)
    out: list[Action] = [Draw(seat, "stock"), Draw(seat, "discard"), Draw((seat + 1) % len(state.hands), "stock")]
    for _ in range(6):
        out.append(Meld(seat, _sub(rng, hand, 6)))
        if hand:
            out.append(LayOff(seat, rng.choice(hand), rng.randint(-1, len(state.table))))
            out.append(Discard(seat, rng.choice(hand)))
        out.append(TakeDiscards(seat, rng.randint(0, len(state.discard) + 1), _sub(rng, pool, 6)))
    # Melds a player would build on purpose: a natural pair or three and maybe wilds.
    by_rank: dict[Rank | None, list[Card]] = {}
    for x in hand:
        by_rank.setdefault(x.rank, []).append(x)
    wilds = by_rank.get(state.wild_rank, [])
    for rank, cards in by_rank.items():
        if rank != state.wild_rank and len(cards) >= 2:
            out.append(Meld(seat, (*cards[: rng.randint(2, len(cards))], *wilds[: rng.randint(0, len(wilds))])))
    # Digs a player would try: back to a card of a rank they hold naturals of, with some of them.
    for count in range(1, len(state.discard) + 1):
        target = state.discard[-count]
        mine = by_rank.get(target.rank, [])
        if mine:
            taken = state.discard[-count:]
            extra = [x for x in taken[1:] if x.rank in (target.rank, state.wild_rank)]
            meld = (target, *mine[: rng.randint(1, len(mine))], *_sub(rng, extra + wilds, 2))
            out.append(TakeDiscards(seat, count, meld))
    return out


def _expected_meld_ok(state: UpcardState, action: Meld) -> bool:
    seat = action.seat
    hand = Counter(state.hands[seat])
    held = not (Counter(action.cards) - hand)
    size_ok = len(action.cards) == 3 if not state.melded[seat] else True
    return (
        state.phase == "discard"
        and not state.first_meld_now
        and held
        and _reference_meld(action.cards, state.wild_rank)
        and size_ok
        and len(action.cards) < len(state.hands[seat])
    )


def _expected_take_ok(state: UpcardState, action: TakeDiscards) -> bool:
    seat, pile, wild = action.seat, state.discard, state.wild_rank
    if state.phase != "draw" or not state.melded[seat] or not 1 <= action.count <= len(pile):
        return False
    target = pile[-action.count]
    hand = state.hands[seat]
    pair = [x for x in hand if x.rank == target.rank and x.rank != wild]
    if target.rank == wild or len(pair) < 2 or target not in action.meld:
        return False
    if not _reference_meld(action.meld, wild) or any(x.rank not in (target.rank, wild) for x in action.meld):
        return False
    others = Counter(action.meld)
    others[target] -= 1
    if sum((others & Counter(pair)).values()) < 2:
        return False
    pool = Counter(hand) + Counter(pile[-action.count :])
    if Counter(action.meld) - pool:
        return False
    return len(hand) + action.count - len(action.meld) >= 1


def _play(game: Game, rng: random.Random, steps: int, *, probe: bool) -> None:
    for _ in range(steps):
        if game.over:
            return
        seat = game.seats_to_act()[0]
        state = state_of(game)
        if probe:
            before = game.to_data()
            for attempt in _attempts(state, seat, rng):
                reason = game.why_not(attempt)
                accepted = reason is None
                assert accepted or reason, "a refusal says why"
                if isinstance(attempt, Meld):
                    assert accepted == _expected_meld_ok(state, attempt), attempt
                if isinstance(attempt, TakeDiscards):
                    assert accepted == _expected_take_ok(state, attempt), attempt
            assert game.to_data() == before
        legal = game.legal_actions(seat)
        assert legal, "a player to move always has a move"
        for action in legal:
            assert game.can(action), action
        game.apply(rng.choice(legal))
        assert deck_intact(game)
        assert all(len(h) >= 1 for s, h in enumerate(state.hands) if s == state.to_move and not game.over)


@FAST
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_random_games_keep_the_deck_whole_and_every_listed_move_is_legal(seed: int, players: int) -> None:
    game = _new(seed, players)
    _play(game, random.Random(seed), 250, probe=False)


@FAST
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_the_rules_accept_exactly_the_valid_melds_and_digs_and_refusals_change_nothing(seed: int, players: int) -> None:
    game = _new(seed, players)
    _play(game, random.Random(seed), 120, probe=True)


@FAST
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_scores_are_the_table_minus_the_hand(seed: int, players: int) -> None:
    game = _new(seed, players, target=300)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal_actions(game.seats_to_act()[0])))
    ends = [e for e in game.log if isinstance(e, UpcardHandEnded)]
    wilds = [e.wild_rank for e in game.log if isinstance(e, HandOpened)]
    running = [0] * players
    for ended, wild in zip(ends, wilds, strict=True):
        for s in range(players):
            assert ended.plus[s] == cards_value(ended.on_table[s], wild)
            assert ended.minus[s] == cards_value(ended.in_hand[s], wild)
            assert ended.points[s] == ended.plus[s] - ended.minus[s]
            running[s] += ended.points[s]
        assert list(ended.totals) == running
        if ended.went_out is not None:
            assert ended.in_hand[ended.went_out] == ()
    state = state_of(game)
    assert max(running) >= 300 and state.winners == [s for s in range(players) if running[s] == max(running)]


def test_values_are_never_zero_or_negative() -> None:
    from engine.cards import no_twos_deck

    for wild in (Rank.ACE, Rank.FIVE, Rank.KING):
        assert {card_value(x, wild) for x in no_twos_deck(1)} == {5, 10, 100}
