"""Whole games: computer players at every level never make an illegal move, every card is always
somewhere exactly once, a seeded game plays the same every time, and saves round-trip."""

from __future__ import annotations

import json
import random
from collections import Counter

from contract_table import full_deck, names
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots.base import agent_levels, make_agent
from engine.events import GameEnded, HandEnded, event_to_data
from engine.game import Game
from engine.rules.contract_rummy import HANDS, ContractLaidDown


def play_bots(levels: list[str], seed: int, *, check_every_move: bool = True) -> Game:
    game = Game.new("contract-rummy", names(len(levels)), seed=seed)
    agents = [make_agent("contract-rummy", level, seed * 10 + i) for i, level in enumerate(levels)]
    deck = full_deck(game.state)
    moves = 0
    while not game.over:
        seats = game.seats_to_act()
        assert seats, "a game that is not over always has someone to act"
        seat = seats[moves % len(seats)]  # answer buy windows in varying order
        legal = game.legal_actions(seat)
        action = agents[seat].choose(game.view(seat), legal)
        assert action in legal, f"{levels[seat]} chose {action} outside its legal actions"
        game.apply(action)
        moves += 1
        if check_every_move:
            assert Counter(game.ruleset.all_cards(game.state)) == deck
        assert moves < 20_000
    return game


def test_contract_players_exist_at_every_level() -> None:
    assert agent_levels("contract-rummy") == ("easy", "normal", "hard")


def test_a_seeded_game_by_bots_plays_to_the_end_the_same_every_time() -> None:
    levels = ["hard", "normal", "easy", "normal"]
    game = play_bots(levels, seed=2024)
    ended = [e for e in game.log if isinstance(e, HandEnded)]
    assert [e.hand_number for e in ended] == list(range(1, HANDS + 1))
    final = game.log[-1]
    assert isinstance(final, GameEnded)
    totals = [sum(s) for s in game.state.scores]
    assert list(final.totals) == totals and all(len(s) == HANDS for s in game.state.scores)
    assert final.winners == tuple(s for s, t in enumerate(totals) if t == min(totals))
    assert any(isinstance(e, ContractLaidDown) for e in game.log)
    again = play_bots(levels, seed=2024, check_every_move=False)
    assert [event_to_data(e) for e in again.log] == [event_to_data(e) for e in game.log]


def test_all_levels_at_six_players_on_three_decks() -> None:
    game = play_bots(["easy", "normal", "hard", "easy", "normal", "hard"], seed=5, check_every_move=False)
    assert game.ruleset.card_count(game.state) == 162 and game.over


@settings(max_examples=6)
@given(st.integers(0, 10**6), st.integers(2, 5), st.sampled_from(["easy", "normal", "hard"]))
def test_bots_at_any_table_never_move_illegally(seed: int, players: int, level: str) -> None:
    rng = random.Random(seed)
    levels = [level] + [rng.choice(["easy", "normal", "hard"]) for _ in range(players - 1)]
    play_bots(levels, seed)


@settings(max_examples=8)
@given(st.integers(0, 10**6), st.integers(2, 6))
def test_random_legal_play_keeps_every_card(seed: int, players: int) -> None:
    """Any legal move, chosen at random (favouring melds so hands end): cards are conserved, every
    listed action is accepted, and a save taken at any point replays to the same state."""
    rng = random.Random(seed)
    game = Game.new("contract-rummy", names(players), seed=seed)
    deck = full_deck(game.state)
    for _ in range(400):
        if game.over:
            break
        seat = rng.choice(game.seats_to_act())
        legal = game.legal_actions(seat)
        assert legal
        plays = [a for a in legal if a.kind in ("contract_lay_down", "contract_lay_off", "contract_swap")]
        game.apply(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal))
        assert Counter(game.ruleset.all_cards(game.state)) == deck
    saved = json.loads(json.dumps(game.to_data()))
    loaded = Game.from_data(saved)
    assert loaded.ruleset.state_to_data(loaded.state) == game.ruleset.state_to_data(game.state)
    assert [event_to_data(e) for e in loaded.log] == [event_to_data(e) for e in game.log]
    replayed = Game.replay(saved)
    assert replayed.ruleset.state_to_data(replayed.state) == game.ruleset.state_to_data(game.state)
    for seat in range(players):
        assert replayed.legal_actions(seat) == game.legal_actions(seat)


def test_views_hide_other_hands_and_penalty_cards() -> None:
    game = play_bots(["normal", "normal", "normal"], seed=9, check_every_move=False)
    for seat in range(3):
        for ev in game.seat_log(seat):
            if getattr(ev, "private_to", None) not in (None, seat):
                assert all(getattr(ev, f) is None for f in ev.secret_fields)
