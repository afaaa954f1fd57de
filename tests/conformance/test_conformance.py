"""What every game in the catalog must do, checked by seeded random play through :class:`engine.game.Game`.

- the cards are conserved: every card of the deal is somewhere, none added, none lost;
- a refused action changes nothing, and its reason is the one ``why_not`` gives;
- ``why_not_now`` agrees with the moves offered and with ``verify``;
- a save loads back to the same game, and replaying its actions from the seed rebuilds it;
- a seat's view is the same whatever the cards it may not see (other hands, the stock's order);
- the same seed and the same moves give the same game;
- every event and move it makes is of a kind its ruleset declares, so its data can be read back by a
  process that knows the game only from the catalog.

A new game joins these checks by being in the catalog.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from access_game.catalog import games
from engine.actions import Action, action_to_data
from engine.events import event_to_data
from engine.game import Game

GAMES = [e.name for e in games()]
#: The games of more than one seat: another seat can move out of turn, and a hand ends when one goes out.
TABLE_GAMES = [e.name for e in games() if e.player_range[1] > 1]
#: Enough moves to cross hand boundaries in every game, few enough to keep the suite quick.
MOVES = 160


def players(game: str, n: int = 3) -> list[str]:
    """``n`` players, or as near as the game allows."""
    low, high = next(e.player_range for e in games() if e.name == game)
    return [f"P{i}" for i in range(max(low, min(n, high)))]


def random_game(game: str, seed: int, moves: int = MOVES, on_step: Any = None, n: int = 3) -> Game:
    """A game played by random legal moves (any seat that may act), ``on_step(game, rng)`` before each."""
    rng = random.Random(f"{game}/{seed}")
    g = Game.new(game, players(game, n), seed=seed)
    for _ in range(moves):
        if g.over:
            break
        if on_step is not None:
            on_step(g, rng)
        seat = rng.choice(g.seats_to_act())
        g.apply(rng.choice(g.legal_actions(seat)))
    return g


def snapshot(g: Game) -> tuple[Any, int, int]:
    return g.ruleset.state_to_data(g.state), len(g.actions), len(g.log)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**31 - 1))
def test_cards_are_conserved(game: str, seed: int) -> None:
    first: list[Counter[Any]] = []
    random_game(game, seed, on_step=lambda g, rng: check_cards_conserved(g, first))


def check_cards_conserved(g: Game, first: list[Counter[Any]]) -> None:
    """Every card of the deal is somewhere, none added, none lost (``first``: the deal's, kept here)."""
    cards = Counter(g.ruleset.all_cards(g.state))
    assert sum(cards.values()) == g.ruleset.card_count(g.state)
    if not first:
        first.append(cards)
    assert cards == first[0]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**31 - 1))
def test_every_event_and_move_is_of_a_kind_the_ruleset_declares(game: str, seed: int) -> None:
    check_declared_kinds(random_game(game, seed, moves=3 * MOVES))


def check_declared_kinds(g: Game) -> None:
    codec, game = g.codec, g.ruleset.name
    assert codec.view_type is type(g.view(0))
    for event in g.log:
        assert codec.events.get(event.kind) is type(event), f"{game} sends {event.kind}, not in its events"
    for action in g.actions:
        assert codec.actions.get(action.kind) is type(action), f"{game} takes {action.kind}, not in its moves"


def refused_attempts(g: Game, rng: random.Random) -> list[Action]:
    """Moves the rules should refuse now: a legal move sent by a seat not asked to act, and the same
    move made twice (the second finds the game moved on)."""
    out: list[Action] = []
    acting = g.seats_to_act()
    for seat in acting:
        legal = g.legal_actions(seat)
        if not legal:
            continue
        action = rng.choice(legal)
        for other in range(len(g.players) + 1):
            if other not in acting:
                out.append(dataclasses.replace(action, seat=other))
    return out


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**31 - 1))
def test_a_refused_action_changes_nothing_and_says_why(game: str, seed: int) -> None:
    refused: list[Action] = []
    random_game(game, seed, moves=60, on_step=lambda g, rng: refused.extend(check_refusals(g, rng)))
    assert refused or game not in TABLE_GAMES  # one seat: nobody else to send a move out of turn


def check_refusals(g: Game, rng: random.Random) -> list[Action]:
    """Moves the rules refuse now are refused with ``why_not``'s reason and change nothing; those refused."""
    refused = []
    for action in refused_attempts(g, rng):
        reason = g.why_not(action)
        if reason is None:
            continue
        assert not g.can(action)
        before = snapshot(g)
        events, said = g.try_apply(action)
        assert events == [] and said == reason and reason.strip()
        assert snapshot(g) == before
        refused.append(action)
    return refused


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**31 - 1))
def test_why_not_now_agrees_with_the_moves_and_with_verify(game: str, seed: int) -> None:
    seen: dict[str, Action] = {}  # a move of each kind met so far, to ask about again later
    random_game(game, seed, moves=80, on_step=lambda g, rng: check_why_not_now(g, seen))
    assert seen


def check_why_not_now(g: Game, seen: dict[str, Action]) -> None:
    """Every move offered is allowed; a kind ``why_not_now`` refuses is not offered, and ``verify`` gives
    the same reason (``seen``: a move of each kind met so far, to ask about again later)."""
    for seat in range(len(g.players)):
        legal = g.legal_actions(seat)
        for action in legal:
            seen.setdefault(action.kind, action)
            assert g.may(seat, type(action)) and g.why_not(action) is None, action
        for kind, example in seen.items():
            reason = g.why_not_now(seat, kind)
            if reason is not None:
                assert not any(a.kind == kind for a in legal)
                assert g.why_not(dataclasses.replace(example, seat=seat)) == reason


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**31 - 1), n=st.integers(2, 8), moves=st.integers(0, 2 * MOVES))
def test_a_save_loads_back_and_replays_to_the_same_game(game: str, seed: int, n: int, moves: int) -> None:
    check_save_round_trip(random_game(game, seed, moves=moves, n=n), seed)


def check_save_round_trip(g: Game, seed: int) -> None:
    """A save loads back to the same game, replays from its seed to it, and goes on as it does (``g`` is
    played on: pass a copy of a game still in use)."""
    data = json.loads(json.dumps(g.to_data()))  # through JSON text, as a save file holds it
    loaded = Game.from_data(data)
    assert loaded.to_data() == data
    assert snapshot(Game.replay(data)) == snapshot(g)
    assert [g.codec.action_from_data(action_to_data(a)) for a in g.actions] == g.actions
    assert [g.codec.event_from_data(event_to_data(e)) for e in g.log] == g.log
    for seat in range(len(g.players)):
        assert loaded.view(seat) == g.view(seat)
        assert loaded.legal_actions(seat) == g.legal_actions(seat)
    # The loaded game goes on exactly as the original does.
    r1, r2 = random.Random(seed), random.Random(seed)
    for _ in range(40):
        if g.over:
            break
        seat = r1.choice(g.seats_to_act())
        assert seat == r2.choice(loaded.seats_to_act())
        a1, a2 = r1.choice(g.legal_actions(seat)), r2.choice(loaded.legal_actions(seat))
        assert a1 == a2 and g.apply(a1) == loaded.apply(a2)
    assert loaded.to_data() == g.to_data()


def hide_differently(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game with the cards ``seat`` may not see dealt again among the places it cannot see:
    the other seats' hands and the stock, each keeping its size. (Such a state is read by its ruleset,
    invariants checked, and put in a copy of the game: as a save it would be refused, since its history
    does not lead to it.)"""
    state = g.ruleset.state_to_data(g.state)
    places: list[list[str]] = [state["stock"]]
    places += [hand for s, hand in enumerate(state.get("hands", [])) if s != seat]
    hidden = [card for place in places for card in place]
    rng.shuffle(hidden)
    for place in places:
        place[:] = [hidden.pop() for _ in place]
    other = copy.copy(g)
    other.state = g.ruleset.state_from_data(state)
    return other


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**31 - 1), moves=st.integers(0, MOVES))
def test_a_view_shows_nothing_the_seat_may_not_see(game: str, seed: int, moves: int) -> None:
    check_views_hide(random_game(game, seed, moves=moves), random.Random(seed))


def check_views_hide(g: Game, rng: random.Random) -> None:
    for seat in range(len(g.players)):
        other = hide_differently(g, seat, rng)
        assert other.view(seat) == g.view(seat)


def test_hiding_differently_does_change_what_is_hidden() -> None:
    """The check above could pass by changing nothing: it does change the other hands."""
    g = random_game("five-crowns", 3, moves=10)
    other = hide_differently(g, 0, random.Random(1))
    assert other.view(0) == g.view(0)
    assert other.view(1) != g.view(1)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_and_moves_give_the_same_game(game: str) -> None:
    a, b = random_game(game, 11), random_game(game, 11)
    assert a.to_data() == b.to_data()
    assert random_game(game, 12).to_data() != a.to_data()


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_every_game_marks_going_out_and_the_end_of_a_hand_alike(game: str) -> None:
    """A game's own events for going out and for a hand's end say so (``goes_out``, ``ends_hand``), so
    the sound cues and the turns-per-hand count work in every game without knowing its events."""
    from engine.bots import make_agent
    from speech.event_cues import cues_for

    g = Game.new(game, players(game, 3), seed=5)
    agents = [make_agent(game, "normal", seed=i) for i in range(len(g.players))]
    while not g.over and sum(e.ends_hand for e in g.log) < 2:
        seat = g.seats_to_act()[0]
        g.apply(agents[seat].choose(g.view(seat), g.legal_actions(seat)))
    ends = [i for i, e in enumerate(g.log) if e.ends_hand]
    outs = [i for i, e in enumerate(g.log) if e.goes_out]
    assert len(ends) == 2 and outs and outs[0] < ends[0]
    heard = cues_for(g.log, 0)
    names = [c.name for c in heard]
    assert "go_out" in names and names.count("hand_end") == 2
    # Every seat's moves are heard, each from its own seat's place.
    assert {c.seat for c in heard if c.name in ("draw", "take", "discard")} == set(range(len(g.players)))
