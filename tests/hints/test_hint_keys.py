"""A hint you can act on, by keys, in every game with a hand: the hint that names a card to discard puts
the cursor on it and says where it is, so X then discards that card; Shift+N does what the hint says.

(The hint named the right card and X discarded the card under the cursor: after a draw, the card just
drawn. Now the two are one card.)"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import KeyHarness

from access_game.catalog import games
from access_game.ui.hints import best_choice, hinted_card
from engine.actions import GoOut
from engine.bots import make_agent
from engine.cards import Card
from engine.events import Discarded, WentOut
from engine.game import Game

#: The games played with a hand of cards and a discard (solitaire's hint names a pile, not a card).
HAND_GAMES = [e for e in games() if e.table is not None and e.player_range[1] > 1]


def _to_a_named_discard(game: Game, h: KeyHarness, *, limit: int = 400) -> Card:
    """Play the other seats (and this one's non-discard moves, by the hint's own choice) until the hint
    for this seat names a card of its hand; that card."""
    for step in range(limit):
        assert not game.over, "the game ended before a hint named a card"
        seat = game.seats_to_act()[0]
        if seat == 0:
            choice = best_choice(h.session)
            card = None if choice is None else choice.action.hand_card  # a discard, going out, a knock
            if card is not None:
                return card
            assert choice is not None
            game.apply(choice.action)
        else:
            game.apply(make_agent(game.ruleset.name, "easy", seed=step).choose(game.view(seat),
                                                                               game.legal_actions(seat)))
    raise AssertionError("no hint named a card")


def _discarded(game: Game, before: int) -> Card | None:
    for event in game.log[before:]:
        if isinstance(event, Discarded) and event.seat == 0:
            return event.card
        if isinstance(event, WentOut) and event.seat == 0:
            return event.discard
    return None


def _harness(name: str, seed: int) -> tuple[Game, KeyHarness]:
    entry = next(e for e in games() if e.name == name)
    players = ["You", "Anna", "Ben"][: max(entry.player_range[0], min(3, entry.player_range[1]))]
    game = Game.new(entry.ruleset, players, seed=seed)
    h = KeyHarness(game)
    h.start()
    return game, h


@pytest.mark.parametrize("name", [e.name for e in HAND_GAMES])
@pytest.mark.parametrize("seed", [3, 8])
def test_after_the_hint_x_discards_the_card_it_named(name: str, seed: int) -> None:
    game, h = _harness(name, seed)
    card = _to_a_named_discard(game, h)
    h.app_.table.sync()
    said = h.press("H")
    assert any(f" of {len(h.app_.table.order)}" in line for line in said), said  # where the card is
    assert h.app_.table._current() == card
    choice = best_choice(h.session)
    assert choice is not None
    before = len(game.log)
    h.press("o" if isinstance(choice.action, GoOut) else "x")
    assert _discarded(game, before) == card, h.spoken[-4:]


@pytest.mark.parametrize("name", [e.name for e in HAND_GAMES])
def test_shift_n_does_what_the_hint_says(name: str) -> None:
    game, h = _harness(name, 5)
    card = _to_a_named_discard(game, h)
    h.app_.table.sync()
    choice = best_choice(h.session)
    assert choice is not None and hinted_card(choice.action) == card
    before = len(game.log)
    h.press("N")
    assert _discarded(game, before) == card, h.spoken[-4:]
