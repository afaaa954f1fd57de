"""Upcard rummy computer players: always legal, seeded, and making the choices each level promises."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from upcard_tables import c, cs, deck_intact, make_table, state_of

from engine.actions import Discard, Draw
from engine.bots import make_agent
from engine.bots.base import agent_levels
from engine.bots.upcard_rummy import UpcardAgent, plan_plays
from engine.cards import Rank
from engine.game import Game
from engine.rules.upcard_rummy import LayOff, Meld, PlayerWentOut, TakeDiscards, UpcardView

GAME = "upcard-rummy"


def _play(levels: list[str], seed: int, target: int) -> tuple[Game, list[object]]:
    game = Game.new(GAME, [f"p{i}" for i in range(len(levels))], seed=seed, options={"target": target})
    agents = [make_agent(GAME, level, seed * 10 + i) for i, level in enumerate(levels)]
    chosen: list[object] = []
    while not game.over:
        seat = game.seats_to_act()[0]
        view = game.view(seat)
        assert view.seat == seat and view.hand == tuple(state_of(game).hands[seat])
        action = agents[seat].choose(view, game.legal_actions(seat))
        game.apply(action)  # raises IllegalAction if a player ever cheats
        chosen.append(action)
        assert len(chosen) < 20_000, "a game that never ends"
    return game, chosen


def test_every_level_is_registered() -> None:
    assert agent_levels(GAME) == ("easy", "normal", "hard")


@pytest.mark.parametrize(
    ("levels", "seed"),
    [
        (["easy", "normal"], 1),
        (["hard", "easy", "normal"], 2),
        (["normal", "hard", "hard", "easy"], 3),
        (["hard", "normal", "easy", "hard", "normal"], 4),
        (["easy", "easy", "normal", "normal", "hard", "hard"], 5),
    ],
)
def test_bots_play_whole_games_legally(levels: list[str], seed: int) -> None:
    game, _ = _play(levels, seed, target=600)
    assert deck_intact(game)
    state = state_of(game)
    assert state.winners and max(state.totals()) >= 600


@settings(max_examples=8)
@given(
    seed=st.integers(0, 10**6),
    levels=st.lists(st.sampled_from(["easy", "normal", "hard"]), min_size=2, max_size=6),
)
def test_bots_never_make_an_illegal_move(seed: int, levels: list[str]) -> None:
    game, _ = _play(levels, seed, target=300)
    assert game.over and deck_intact(game)


def test_bots_are_repeatable_from_their_seed() -> None:
    _, first = _play(["hard", "normal", "easy"], 8, target=400)
    _, again = _play(["hard", "normal", "easy"], 8, target=400)
    assert first == again


def test_bots_dig_into_the_pile() -> None:
    digs = 0
    for seed in range(6):
        _, chosen = _play(["normal", "easy"], 20 + seed, target=500)
        digs += sum(isinstance(a, TakeDiscards) for a in chosen)
    assert digs > 0


def test_normal_beats_easy() -> None:
    wins = Counter[str]()
    for seed in range(6):
        levels = ["normal", "easy"] if seed % 2 else ["easy", "normal"]
        game, _ = _play(levels, 40 + seed, target=800)
        for s in state_of(game).winners:
            wins[levels[s]] += 1
    assert wins["normal"] >= 5


def _view(game: Game, seat: int = 0) -> UpcardView:
    view = game.view(seat)
    assert isinstance(view, UpcardView)
    return view


def test_a_valuable_dig_is_taken_and_easy_never_digs() -> None:
    game = make_table(
        ["9h 9s 4c 6c 3d", "3c 7d 8c"],
        table=[(0, "kh kd ks")],
        discard="3h 9c ac 5d ah kc 5h",
    )
    for level in ("normal", "hard"):
        action = UpcardAgent(level, 1).choose(_view(game), game.legal_actions(0))
        assert isinstance(action, TakeDiscards) and action.count == 6, level
    assert UpcardAgent("easy", 1).choose(_view(game), game.legal_actions(0)) == Draw(0, "stock")


def test_the_first_meld_puts_a_wild_with_a_pair() -> None:
    game = make_table(["9h 9s 9c 5c 4d 3d", "3c 7d 8c"], phase="discard")
    action = UpcardAgent("normal", 1).choose(_view(game), game.legal_actions(0))
    assert isinstance(action, Meld) and sorted(x.code[0] for x in action.cards) == ["5", "9", "9"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_player_who_can_goes_out(level: str) -> None:
    game = make_table(["9h 9s 9c kc 5c 4d", "3c 7d 8c"], table=[(1, "kh kd ks")], melded=[True, True], phase="discard")
    agent = UpcardAgent(level, 1)
    while state_of(game).to_move == 0 and not game.over:
        action = agent.choose(_view(game), game.legal_actions(0))
        assert isinstance(action, Meld | LayOff | Discard)
        game.apply(action)
    assert any(isinstance(e, PlayerWentOut) and e.seat == 0 for e in game.log)
    assert game.actions[-1] == Discard(0, c("4d")), "the cheapest card is the one kept to throw"


def test_last_turn_throws_the_costliest_card() -> None:
    game = make_table(["ah 3d 4c 7d", "3c 7s 8c"], phase="discard")
    state_of(game).went_out = 1
    action = UpcardAgent("hard", 1).choose(_view(game), game.legal_actions(0))
    assert action == Discard(0, c("ah"))


def test_plan_lays_off_and_melds_and_keeps_pairs_for_a_dig() -> None:
    hand = cs("9h 9s 5c kc 3d 3h 7c")
    plan = plan_plays(hand, Rank.FIVE, {Rank.KING})
    assert (c("kc"), Rank.KING) in plan.layoffs
    assert plan.melds == ((*cs("3d 3h"), c("5c")),) or plan.melds == ((*cs("9h 9s"), c("5c")),)
    held = plan_plays(hand, Rank.FIVE, {Rank.KING}, hold={Rank.NINE, Rank.THREE})
    assert held.melds == () and (c("5c"), None) in held.layoffs
    assert Counter(held.left) == Counter(cs("9h 9s 3d 3h 7c"))



@pytest.mark.parametrize(("opponent", "melded", "danger"), [("3c 7d 8c 6h 9h 10s", False, 0.3),
                                                            ("3c 7d 8c 6h", True, 0.3), ("3c 7d 8c", True, 0.7)])
def test_hard_fears_the_end_of_the_hand_as_normal_does(opponent: str, melded: bool, danger: float) -> None:
    """Calm until an opponent is nearly out (3 cards or fewer). Weighing every hand size (an opponent
    with 4 cards already most feared) threw aces and wilds that would have scored: hard lost to normal
    by it (docs/bots.md)."""
    game = make_table(["ah 3d 9s kc", opponent], table=[(1, "kh kd ks")], melded=[True, melded], phase="discard")
    for level in ("normal", "hard"):
        assert UpcardAgent(level, 1)._danger(_view(game)) == danger, level
    state_of(game).went_out = 1
    assert UpcardAgent("hard", 1)._danger(_view(game)) == 1.0
