"""Hints: the strongest computer player's choice for the player's seat, explained, in every game."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from access_game.catalog import games
from access_game.session import Session
from access_game.settings import Settings
from access_game.ui.hints import best_choice, hint_lines, hinted_action, move_key, unprompted
from access_game.ui.speech_link import make_announcer, make_narrator
from engine.actions import Discard, Draw
from engine.bots import make_agent
from engine.cards import Card
from engine.game import Game
from engine.notation import parse_card
from speech.backends import SilentBackend
from speech.utterance import Utterance


def session_for(game: Game, *, hints: bool = True) -> Session:
    settings = Settings(speech="silent", cues=False, hints=hints)
    announcer = make_announcer(settings, lambda line: None, SilentBackend())
    return Session(game, human_seat=0, level="normal", announcer=announcer,
                   narrator=make_narrator(0, game.players, settings, game=game.ruleset.name), settings=settings)


def cards(text: str) -> list[Card]:
    return [parse_card(c) for c in text.split()]


def five_crowns(hand: str, top: str) -> Game:
    """Hand 1 (3s wild, 3 cards), the player to draw, with ``hand`` and ``top`` as the up card; the cards
    are taken from the stock so the deck stays whole."""
    game = Game.new("five-crowns", ["You", "Anna", "Ben"], seed=7)
    state = game.state
    assert state.to_move == 0 or state.seats[0] == 0
    state.to_move, state.phase = 0, "draw"
    pool = state.stock + state.hands[0] + state.discard[-1:]
    del state.discard[-1:]
    for card in [*cards(hand), *cards(top)]:
        pool.remove(card)
    state.hands[0] = cards(hand)
    state.discard.append(cards(top)[0])
    state.stock = pool
    return game


def said(utterances: list[Utterance]) -> list[str]:
    return [u.text() for u in utterances]


def test_before_the_draw_a_hint_says_take_the_up_card_when_it_goes_out() -> None:
    session = session_for(five_crowns("5h 5s 9c", "5d"))
    assert said(hint_lines(session)) == [
        "Take the 5 of diamonds: then you can go out. Your hand now: 19 points. Press T."
    ]


def test_the_up_card_that_goes_out_is_said_unprompted_only_with_hints_on() -> None:
    game = five_crowns("5h 5s 9c", "5d")
    assert said(unprompted(session_for(game))) == ["The 5 of diamonds lets you go out: take it."]
    assert unprompted(session_for(game, hints=False)) == []
    assert unprompted(session_for(five_crowns("5h 7s 9c", "kd"))) == []


def test_an_up_card_that_would_only_be_thrown_again_is_left() -> None:
    session = session_for(five_crowns("5h 5s 4c", "kd"))
    assert said(hint_lines(session)) == [
        "Draw from the stock: the king of diamonds would not meld. Your hand now: 14 points. Press D."
    ]


def test_a_draw_from_the_stock_says_what_the_up_card_would_leave() -> None:
    session = session_for(five_crowns("jh 8h 8s", "5h"))
    choice = best_choice(session)
    assert choice is not None and choice.reason == "stock_better" and choice.points == 21
    assert said(hint_lines(session)) == [
        "Draw from the stock: taking the 5 of hearts would leave at best 21 points. Your hand now: 27 points. Press D."
    ]


def test_going_out_says_the_lay_down() -> None:
    game = five_crowns("5h 5s 9c", "5d")
    game.apply(Draw(0, "discard"))
    assert said(hint_lines(session_for(game))) == [
        "You can go out: discard the 9 of clubs. Lay-down: 5 of hearts; 5 of spades; 5 of diamonds. Press O."
    ]


def test_the_key_named_is_the_key_plans() -> None:
    from access_game.ui.key_plan import planned
    from access_game.ui.keys import key_label

    assert move_key(Draw(0, "discard")) == key_label(planned("take").keys[0]) == "T"
    assert move_key(Draw(0, "stock")) == "D"


def test_out_of_turn_the_hint_says_whose_turn_it_is() -> None:
    game = five_crowns("5h 5s 9c", "5d")
    game.state.to_move = 1
    assert said(hint_lines(session_for(game))) == ["No hint: it is Anna's turn, not yours."]


@pytest.mark.parametrize("seed", range(6))
def test_the_discard_advised_is_the_hard_players_and_says_why(seed: int) -> None:
    """The discard weighs what the next player collects: it is the hard player's own throw."""
    game = Game.new("five-crowns", ["You", "Anna", "Ben"], seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not game.over and checked < 6:
        seat = game.seats_to_act()[0]
        if seat == 0 and game.state.phase == "discard":
            session = session_for(game)
            hard = make_agent("five-crowns", "hard", seed=len(game.actions))
            wanted = hard.choose(game.view(0), game.legal_actions(0))
            choice = best_choice(session)
            assert choice is not None and choice.action == wanted
            text = said(hint_lines(session))[0]
            card = wanted.card if isinstance(wanted, Discard) else wanted.discard  # type: ignore[attr-defined]
            assert card.name.split(" of ")[0] in text or "joker" in text
            assert text.startswith(("Discard the ", "Discard a joker", "You can go out"))
            checked += 1
        game.apply(rng.choice(game.legal_actions(seat)))
    assert checked


@pytest.mark.parametrize("name", [e.name for e in games()])
def test_every_game_has_a_hint_from_its_strongest_player(name: str) -> None:
    entry = next(e for e in games() if e.name == name)
    low, high = entry.player_range
    game = Game.new(name, ["You", "Anna", "Ben"][: max(low, min(3, high))], seed=5)
    rng = random.Random(5)
    hinted = 0
    for _ in range(60):
        if game.over:
            break
        session = session_for(game)
        lines = said(hint_lines(session))
        assert len(lines) == 1 and lines[0].endswith(".") and "_" not in lines[0]
        choice = best_choice(session)
        if choice is not None:  # the key named is the plan's key for the move
            key = move_key(choice.action, name)
            assert key is not None and lines[0].endswith(f"ress {key}."), lines[0]
            assert hinted_action(session) == choice.action
        if 0 in game.seats_to_act():
            assert not lines[0].startswith("No hint")
            hinted += 1
        else:
            assert lines[0].startswith("No hint: it is ")
        seat = rng.choice(game.seats_to_act())
        game.apply(rng.choice(game.legal_actions(seat)))
    assert hinted


def your_turns(game: Game, rng: random.Random, steps: int) -> Iterator[Session]:
    """A game played by random legal moves for every seat (``steps`` at most, or to its end); at each
    moment seat 0 may act, its session first, for the test to ask for a hint."""
    for _ in range(steps):
        if game.over:
            return
        if 0 in game.seats_to_act():
            yield session_for(game)
        seat = rng.choice(game.seats_to_act())
        game.apply(rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("seed", range(3))
def test_contract_hints_give_the_hard_players_reason(seed: int) -> None:
    """Every contract rummy hint is the hard player's move with its reason in words."""
    game = Game.new("contract-rummy", ["You", "Anna", "Ben"], seed=seed)
    rng = random.Random(seed)
    words = {"buy_helps": "closer to your contract", "up_card_no_help": "it does not help you",
             "stay_short": "short of your contract", "lay_down": "that leaves ", "shed_highest": "that leaves "}
    reasons = set()
    for session in your_turns(game, rng, 200):
        choice = best_choice(session)
        assert choice is not None and choice.reason != "chosen"
        assert choice.action == make_agent("contract-rummy", "hard", seed=len(game.actions)).choose(
            game.view(0), game.legal_actions(0))
        reasons.add(choice.reason)
        if choice.reason in words:
            assert words[choice.reason] in said(hint_lines(session))[0]
    assert len(reasons) >= 3


def test_upcard_hints_say_what_a_meld_is_worth() -> None:
    game = Game.new("upcard-rummy", ["You", "Anna", "Ben"], seed=1)
    rng = random.Random(3)
    worth = []
    for session in your_turns(game, rng, 150):
        choice = best_choice(session)
        assert choice is not None
        if choice.reason == "meld_worth":
            assert f"Worth {choice.points} points." in said(hint_lines(session))[0]
            worth.append(choice.points)
    assert worth and all(p is not None and p > 0 for p in worth)


def test_solitaire_hints_say_how_near_the_pile_comes_to_closing() -> None:
    game = Game.new("solitaire", ["You"], seed=4)
    said_reasons = set()
    for _ in range(40):
        if game.over:
            break
        session = session_for(game)
        choice = best_choice(session)
        assert choice is not None
        text = said(hint_lines(session))[0]
        if choice.reason == "closes_pile":
            assert "close" in text
        if choice.reason == "nearer_closing":
            assert f"{choice.short} card" in text and "from closing" in text
        said_reasons.add(choice.reason)
        action = hinted_action(session)
        assert action is not None
        game.apply(action)
    assert {"closes_pile", "nearer_closing"} <= said_reasons


def test_the_five_crowns_table_says_the_go_out_up_card_when_the_turn_begins() -> None:
    """The table, not only the hint module: at the start of the player's turn, with hints on, the
    up card that goes out is said unasked; with hints off nothing is added."""
    from engine.events import TurnStarted
    from tests.harness import KeyHarness

    for hints, expected in ((True, True), (False, False)):
        harness = KeyHarness(five_crowns("5h 5s 9c", "5d"),
                             settings=Settings(speech="silent", cues=False, hints=hints))
        app = harness.start(resumed=True)
        before = len(harness.spoken)
        app.table.on_events([TurnStarted(0)])
        app.printer.flush()
        new = harness.spoken[before:]
        assert ("The 5 of diamonds lets you go out: take it." in new) is expected, new


@pytest.mark.parametrize("game", [e.name for e in games()])
def test_every_games_hint_says_why_as_well_as_what(game: str) -> None:
    """In every game a hint gives its move and the reason the strongest player has for it: the hint said
    differs from the same move with no reason (``chosen``), except for going out, which is its own why."""
    low, high = next(e.player_range for e in games() if e.name == game)
    g = Game.new(game, ["You", "Anna", "Ben"][:max(low, min(3, high))], seed=2)
    reasons: set[str] = set()
    for session in your_turns(g, random.Random(2), 200):
        choice = best_choice(session)
        if choice is None or choice.reason in ("chosen", "go_out"):
            continue
        told = said(hint_lines(session, choice))[0]
        assert told != said(hint_lines(session, dataclasses.replace(choice, reason="chosen")))[0], (
            choice.reason, told)
        reasons.add(choice.reason)
    assert reasons
