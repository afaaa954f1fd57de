"""Properties of Rummy 500 that hold in every game, over random games and random attempts: no card is
ever lost or duplicated, every hand's points are the cards put down less the cards held and the totals
add up, the deepest card taken from the pile always goes to the table at once, and a refused move
changes nothing."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Discard, Draw
from engine.arrange_rummy_500 import cards_value, meld_problem
from engine.bots import make_agent
from engine.cards import Card, standard_deck
from engine.game import Game
from engine.rules.rummy_500 import LaidOff, LayOff, Meld, Melded, R500HandEnded, R500State, TakePile, TookPile

FAST = settings(max_examples=20)
DECK = Counter(standard_deck(1, jokers=0))


def _new(seed: int, players: int, target: int = 300) -> Game:
    return Game.new("rummy-500", [f"p{i}" for i in range(players)], seed=seed, options={"target": target})


def _every_card(state: R500State) -> Counter[Card]:
    cards = Counter(state.stock) + Counter(state.discard)
    for hand in state.hands:
        cards += Counter(hand)
    for meld in state.table:
        cards += Counter(meld.all_cards)
    return cards


def _attempts(state: R500State, seat: int, rng: random.Random) -> list[Action]:
    """A spread of moves, most of them illegal, some legal, built without asking the rules."""
    hand = state.hands[seat]
    pool = [*hand, *state.discard]
    out: list[Action] = [Draw(seat, "stock"), Draw(seat, "discard"), Draw((seat + 1) % len(state.hands), "stock")]
    for _ in range(5):
        k = rng.randint(0, min(5, len(hand)))
        out.append(Meld(seat, tuple(rng.sample(hand, k))))
        if hand:
            out.append(LayOff(seat, rng.choice(hand), rng.randint(-1, len(state.table))))
            out.append(Discard(seat, rng.choice(hand)))
        count = rng.randint(0, len(state.discard) + 1)
        out.append(TakePile(seat, count, tuple(rng.sample(pool, min(len(pool), rng.randint(0, 4))))))
        out.append(TakePile(seat, count, (), rng.randint(-1, len(state.table))))
    return out


def _play(game: Game, rng: random.Random, levels: list[str]) -> None:
    """The game to its end: random attempts at each step (a refused one must change nothing), then a
    computer player's move, checking the cards after each move."""
    agents = [make_agent("rummy-500", levels[s % len(levels)], s) for s in range(len(game.players))]
    for _ in range(4000):
        if game.over:
            return
        seat = game.seats_to_act()[0]
        state: R500State = game.state
        for attempt in _attempts(state, seat, rng):
            if game.can(attempt):
                continue
            before = game.to_data()
            _, reason = game.try_apply(attempt)
            assert reason is not None and game.to_data() == before, attempt
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
        if not game.over:
            assert _every_card(game.state) == DECK
    raise AssertionError("the game did not end")


@FAST
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), level=st.sampled_from(["easy", "normal", "hard"]))
def test_no_card_is_lost_or_duplicated_and_refusals_change_nothing(seed: int, players: int, level: str) -> None:
    game = _new(seed, players)
    _play(game, random.Random(seed), [level, "normal"])


@FAST
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_scores_are_the_cards_put_down_less_the_cards_held_and_the_totals_add_up(seed: int, players: int) -> None:
    game = _new(seed, players, target=200)
    _play(game, random.Random(seed), ["hard", "easy", "normal"])
    put_down: list[Counter[Card]] = [Counter() for _ in range(players)]
    totals = [0] * players
    hands = 0
    for ev in game.log:
        if isinstance(ev, Melded):
            put_down[ev.seat] += Counter(ev.cards)
        elif isinstance(ev, LaidOff):
            put_down[ev.seat][ev.card] += 1  # a laid-off card scores for the one who lays it off
        elif isinstance(ev, R500HandEnded):
            hands += 1
            for seat in range(players):
                assert Counter(ev.on_table[seat]) == put_down[seat]
                assert ev.points[seat] == cards_value(ev.on_table[seat]) - cards_value(ev.in_hand[seat])
                totals[seat] += ev.points[seat]
            assert list(ev.totals) == totals
            put_down = [Counter() for _ in range(players)]
    assert hands >= 1 and list(game.view(0).totals) == totals
    winners = game.view(0).winners
    assert winners and all(totals[w] == max(totals) for w in winners)


@FAST
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_the_deepest_card_taken_from_the_pile_always_goes_to_the_table_at_once(seed: int, players: int) -> None:
    game = _new(seed, players, target=150)
    _play(game, random.Random(seed), ["hard", "normal"])
    log = list(game.log)
    takes = [i for i, ev in enumerate(log) if isinstance(ev, TookPile)]
    assert takes or game.over
    for i in takes:
        took = log[i]
        assert isinstance(took, TookPile)
        used = log[i + 1]
        deepest = took.cards[0]
        assert used.seat == took.seat  # type: ignore[attr-defined]
        melded = isinstance(used, Melded) and deepest in used.cards
        assert melded or (isinstance(used, LaidOff) and used.card == deepest)


@settings(max_examples=200)
@given(cards=st.lists(st.sampled_from(sorted(DECK, key=Card.sort_key)), min_size=0, max_size=6, unique=True))
def test_a_meld_is_a_set_of_three_or_four_or_a_run_of_one_suit_ace_high_or_low(cards: list[Card]) -> None:
    ranks = [c.rank for c in cards]
    is_set = 3 <= len(cards) <= 4 and len(set(ranks)) == 1
    values = sorted(int(r) for r in ranks if r is not None)
    suits = {c.suit for c in cards}
    low = all(b == a + 1 for a, b in pairwise(values))
    high_values = sorted(14 if v == 1 else v for v in values)
    high = all(b == a + 1 for a, b in pairwise(high_values))
    is_run = len(cards) >= 3 and len(suits) == 1 and (low or high)
    assert (meld_problem(cards) is None) == (is_set or is_run)
