"""On a last turn (someone has gone out, the hand is scored right after the move) the normal and hard
players make the draw and the throw that leave the fewest points, wild or not.

Positions come from real games: hypothesis draws a seed, a table size and the hand to stop at; normal
players play up to a last turn of that hand, and the seat on its last turn may be given wilds from the
stock (the game's cards stay the same ones), so unmeldable wilds and jokers turn up often. The oracle is
the arranger itself over every discard (``engine.arrange_five_crowns.discard_options``), not the
players' code. For the draw the rule is engine.bots.last_turn's: the up card is worth the fewest points
left after taking it, the stock the mean of the same over every card the seat has not seen; what is
exact is tested: that mean, worked out card by card, and the choice of the better of the two.
``python -m access_game.bench.last_turns`` measures the same over whole games of each level.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from access_game.bench.last_turns import fewest_after, stock_mean
from engine.actions import Action, Discard, Draw
from engine.arrange_upcard import card_value
from engine.bots import explain, make_agent
from engine.bots.judge import Judge
from engine.bots.knowledge import read_knowledge
from engine.bots.last_turn import expected_after_stock, fewest_after_throw
from engine.cards import JOKER, Card, Rank, Suit, five_crowns_deck
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsView
from engine.rules.upcard_rummy import UpcardView
from speech.hint_words import hint_utterances
from speech.phrases import points

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from five_crowns_hands import give_wilds

GAME = "five-crowns"
#: The levels that aim to play well; easy keeps its beginner's habits on a last turn too (docs/bots.md).
LEVELS = ("normal", "hard")
#: Each example plays a game to a late hand and solves every card left unseen: a fixed dozen, so a run
#: costs the same every time (a random late hand full of wilds can take minutes to solve card by card).
SETTINGS = settings(max_examples=12, derandomize=True)


#: More moves than any game of eleven hands that ends plays (about 50 a hand at five players).
_MOVES = 3000


def _last_turn(seed: int, players: int, hand: int, phase: str) -> tuple[Game, int] | None:
    """A game played by normal players up to a seat's last turn in ``phase`` ('draw' or 'discard'), in
    hand ``hand`` or the first one after it that has such a turn; None if the game ends first."""
    g = Game.new(GAME, [f"P{s}" for s in range(players)], seed=seed)
    agents = [make_agent(GAME, "normal", seed=seed + s) for s in range(players)]
    rng = random.Random(seed)
    for _ in range(_MOVES):  # a hand nobody can close would go round the reshuffled stock for ever
        if g.over:
            break
        seat = g.seats_to_act()[0]
        view = g.view(seat)
        legal = g.legal_actions(seat)
        if view.last_turn and view.hand_number >= hand:
            if view.phase == phase:
                return g, seat
            if phase == "discard":  # any draw: the oracle judges the throw after it
                g.apply(rng.choice(legal))
                continue
        g.apply(agents[seat].choose(view, legal))
    return None



positions = {
    "seed": st.integers(0, 2**20),
    "players": st.integers(2, 5),
    "hand": st.integers(1, 11),
    "wilds": st.integers(0, 3),
}


@pytest.mark.parametrize("level", LEVELS)
@SETTINGS
@given(**positions)
def test_a_last_turn_throw_leaves_the_fewest_points(level: str, seed: int, players: int, hand: int,
                                                    wilds: int) -> None:
    found = _last_turn(seed, players, hand, "discard")
    if found is None:
        return
    g, seat = found
    give_wilds(g, seat, wilds, random.Random(seed))
    view, legal = g.view(seat), g.legal_actions(seat)
    assert isinstance(view, FiveCrownsView) and view.last_turn
    left = fewest_after(view.hand, view.wild_rank, view.all_wild_melds)
    choice = explain(make_agent(GAME, level, seed=seed), view, legal)
    assert isinstance(choice.action, Discard)
    assert left[choice.action.card] == min(left.values()), (view.hand, choice.action, left)
    assert make_agent(GAME, level, seed=seed).choose(view, legal) == choice.action
    if level == "hard":  # the hint's reason: the fewest points, and how many
        assert (choice.reason, choice.points) == ("fewest_points", min(left.values()))
        words = hint_utterances(choice, view)[0].text()
        assert words.endswith(f": that leaves {points(min(left.values()))}, the fewest you can."), words


def _draw_worth(view: FiveCrownsView) -> tuple[int, float]:
    """The oracle's points after the best throw: taking the up card (exact), drawing from the stock (mean)."""
    assert view.discard_top is not None
    take = min(fewest_after([*view.hand, view.discard_top], view.wild_rank, view.all_wild_melds).values())
    return take, stock_mean(view.hand, read_knowledge(view).unseen, view.wild_rank, view.all_wild_melds)


@pytest.mark.parametrize("level", LEVELS)
@SETTINGS
@given(**positions)
def test_a_last_turn_draw_is_the_better_of_the_two(level: str, seed: int, players: int, hand: int,
                                                   wilds: int) -> None:
    found = _last_turn(seed, players, hand, "draw")
    if found is None:
        return
    g, seat = found
    give_wilds(g, seat, wilds, random.Random(seed))
    view, legal = g.view(seat), g.legal_actions(seat)
    assert isinstance(view, FiveCrownsView) and view.last_turn
    if {a.source for a in legal if isinstance(a, Draw)} != {"stock", "discard"}:
        return
    take, stock = _draw_worth(view)
    choice = explain(make_agent(GAME, level, seed=seed), view, legal)
    assert isinstance(choice.action, Draw)
    chosen = take if choice.action.source == "discard" else stock
    assert chosen <= min(take, stock) + 1e-9, (view.hand, view.discard_top, take, stock, choice)
    if choice.action.source == "stock":
        assert take >= stock - 1e-9  # a tie goes to the stock
    if level == "hard":  # the points the hint names are what taking the up card leaves
        assert choice.points == take


@SETTINGS
@given(seed=st.integers(0, 2**20), players=st.integers(2, 5), hand=st.integers(1, 11))
def test_the_stock_mean_is_exact(seed: int, players: int, hand: int) -> None:
    """The players' mean over the stock (wilds of the wild rank worked out once) is the oracle's, card by card."""
    found = _last_turn(seed, players, hand, "draw")
    if found is None:
        return
    g, seat = found
    view = g.view(seat)
    judge = Judge()
    judge.reset(view.wild_rank, view.all_wild_melds)
    unseen = read_knowledge(view).unseen
    mine = expected_after_stock(judge, judge.key(view.hand), unseen)
    assert mine == pytest.approx(stock_mean(view.hand, unseen, view.wild_rank, view.all_wild_melds), abs=1e-9)


def test_nothing_unseen_keeps_the_hand() -> None:
    """With every card seen, what the stock gives can only be thrown back: the hand keeps its points."""
    judge = Judge()
    judge.reset(Rank.THREE, True)
    hand = judge.key([Card(Rank.KING, Suit.SPADES), Card(Rank.FIVE, Suit.HEARTS), JOKER])
    assert expected_after_stock(judge, hand, Counter()) == judge.points(hand)


@pytest.mark.parametrize("level", LEVELS)
def test_the_reported_hand_sheds_its_joker(level: str) -> None:
    """The hand of the report: 4 players, seed 1530042639. At every last turn of its games so far the
    players kept an unmeldable joker; now no last turn leaves more than the fewest points."""
    g = Game.new(GAME, [f"P{s}" for s in range(4)], seed=1530042639)
    agents = [make_agent(GAME, level, seed=s) for s in range(4)]
    checked = 0
    while not g.over and g.state.hand_number <= 3:
        seat = g.seats_to_act()[0]
        view, legal = g.view(seat), g.legal_actions(seat)
        action: Action = agents[seat].choose(view, legal)
        if view.last_turn and isinstance(action, Discard):
            left = fewest_after(view.hand, view.wild_rank, view.all_wild_melds)
            assert left[action.card] == min(left.values())
            checked += 1
        g.apply(action)
    assert checked >= 3


# ----------------------------------------------------------------- upcard rummy, where last turns also come


def _upcard_last_discard(seed: int, players: int) -> tuple[Game, int] | None:
    g = Game.new("upcard-rummy", [f"P{s}" for s in range(players)], seed=seed)
    agents = [make_agent("upcard-rummy", "normal", seed=seed + s) for s in range(players)]
    for _ in range(3000):
        if g.over:
            return None
        seat = g.seats_to_act()[0]
        view, legal = g.view(seat), g.legal_actions(seat)
        action = agents[seat].choose(view, legal)
        if view.last_turn and isinstance(action, Discard):
            return g, seat
        g.apply(action)
    return None


@pytest.mark.parametrize("level", LEVELS)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**20), players=st.integers(2, 4))
def test_an_upcard_last_turn_throws_the_costliest_card(level: str, seed: int, players: int) -> None:
    """Upcard rummy scores what is left in hand after a last turn: the costliest card goes, wild or not."""
    found = _upcard_last_discard(seed, players)
    if found is None:
        return
    g, seat = found
    view, legal = g.view(seat), g.legal_actions(seat)
    assert isinstance(view, UpcardView)
    action = make_agent("upcard-rummy", level, seed=seed).choose(view, legal)
    if isinstance(action, Discard):
        costliest = max(card_value(c, view.wild_rank) for c in view.hand)
        assert card_value(action.card, view.wild_rank) == costliest, (view.hand, action)


def test_the_bench_finds_no_excess_for_normal_and_hard(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m access_game.bench.last_turns``, one game a level: its figures, and status 0."""
    from access_game.bench.last_turns import main

    assert main(["--games", "1", "--players", "3", "--levels", "normal,hard"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["normal", "hard"]
    assert all(", 0 leave more than the fewest points (0.0%)" in line for line in lines), lines
    assert "; 0 hint reasons with wrong points" in lines[1]


@settings(max_examples=300)
@given(seed=st.integers(0, 2**32), size=st.integers(1, 14), wild=st.integers(3, 13), all_wild=st.booleans())
def test_the_fewest_points_after_a_throw_are_the_arrangers(seed: int, size: int, wild: int, all_wild: bool) -> None:
    """The short cut (one solve, then only the melded cards the bound cannot rule out) gives what the
    arranger gives over every discard."""
    deck = five_crowns_deck()
    random.Random(seed).shuffle(deck)
    cards = deck[:size]
    judge = Judge()
    judge.reset(Rank(wild), all_wild)
    assert fewest_after_throw(judge, judge.key(cards)) == min(fewest_after(cards, Rank(wild), all_wild).values())
