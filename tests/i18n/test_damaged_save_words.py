"""A damaged save is refused with the invariant it breaks, said in the player's language: the rules'
``require`` checks give reasons (engine.reasons.Reason) the catalog words, never English built in the
engine. Each case edits one field of a real save of a game from the catalog and loads it back."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from access_game.catalog import games
from engine.errors import SaveFormatError
from engine.game import Game
from speech.i18n import set_language
from speech.refusal_words import error_text


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def _save(game: str) -> dict[str, Any]:
    entry = next(e for e in games() if e.name == game)
    low, _high = entry.player_range
    players = ["You", "Anna", "Ben", "Carla"][: max(low, min(4, _high))]
    return Game.new(game, players, seed=5).to_data()


def _refused(data: dict[str, Any], lang: str) -> str:
    set_language(lang)
    with pytest.raises(SaveFormatError) as caught:
        Game.from_data(data)
    return error_text(caught.value)


def _edit(game: str, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(_save(game))
    change(data)
    return data


CASES = [
    # (game, the edit, what French says, what Spanish says)
    ("five-crowns", lambda d: d["state"].__setitem__("hand_number", 99),
     "le numéro de la donne vaut 99, et non un nombre entier de 1 à 11",
     "el número de mano vale 99, y no un número entero de 1 a 11"),
    ("five-crowns", lambda d: d["state"].__setitem__("dealer", 7),
     "le donneur vaut 7, et non l'une des places 0, 1, 2, 3",
     "el que reparte vale 7, y no uno de los asientos 0, 1, 2, 3"),
    ("contract-rummy", lambda d: d["state"]["hands"].pop(),
     "les mains : 3 pour 4 joueurs", "las manos: 3 para 4 jugadores"),
    ("five-crowns", lambda d: d.__setitem__("seed", "six"),
     "la graine vaut 'six', et non un nombre entier", "la semilla vale 'six', y no un número entero"),
]


@pytest.mark.parametrize(("game", "change", "french", "spanish"), CASES, ids=[c[2][:30] for c in CASES])
def test_a_damaged_save_is_refused_in_the_players_language(game: str, change: Callable[[dict[str, Any]], None],
                                                          french: str, spanish: str) -> None:
    data = _edit(game, change)
    english = _refused(data, "en")
    assert english.startswith("the save is damaged: ")
    assert _refused(data, "fr") == f"la sauvegarde est abîmée : {french}"
    assert _refused(data, "es") == f"la partida guardada está dañada: {spanish}"
