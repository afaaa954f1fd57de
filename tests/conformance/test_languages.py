"""Every game keeps its keys in every language: the same key runs the same command in English and in
French, F1 lists the same keys in both, and in French the help and the answers of the status keys are
French (no English sentence left where a French one belongs).

Each game is opened at its table through the real parts a player meets (session, the game's table
from the catalog, app, announcer) for a seeded deal, once per language; what was said is compared
line by line. A new game joins these checks by being in the catalog.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

from harness import KeyHarness  # noqa: E402

from access_game.catalog import games  # noqa: E402
from access_game.records import RecordBook  # noqa: E402
from access_game.settings import Settings  # noqa: E402
from access_game.ui.solitaire_table import SolitaireTable  # noqa: E402
from engine.game import Game  # noqa: E402
from speech.i18n import LANGUAGES, in_language  # noqa: E402

GAMES = [e.name for e in games()]
#: The keys that answer a question about the table, hand or turn (none makes a move): the status keys.
STATUS_COMMANDS = ("read-hand", "up-card", "wild", "scores", "scores-long", "info", "players", "hint",
                   "read-table", "open-piles", "read-discards", "contract", "fits", "read-selection")



@dataclass(frozen=True)
class Heard:
    """One game's table as met in one language: its commands and keys, F1's lines, the status answers."""

    commands: dict[str, tuple[str, ...]]
    by_key: dict[str, str]
    help: list[str]
    status: dict[str, list[str]]


def _harness(game: str, records: Path) -> KeyHarness:
    low, high = next(e.player_range for e in games() if e.name == game)
    players = ["You", "Anna", "Ben", "Carla"][:max(low, min(3, high))]
    settings = Settings(speech="silent", cues=False)
    if game == "solitaire":
        book = RecordBook(records)
        return KeyHarness(Game.new(game, players, seed=5), settings=settings, slot="solitaire",
                          table_factory=lambda session, host: SolitaireTable(session, host, records=book))
    return KeyHarness(Game.new(game, players, seed=5), settings=settings)


def heard(game: str, lang: str, records: Path) -> Heard:
    with in_language(lang):
        h = _harness(game, records)
        app: Any = h.start()
        registry = app.registry
        commands = {c.name: tuple(c.keys) for c in registry}
        by_key = {key: command.name for key in registry.keys if (command := registry.for_key(key)) is not None}
        help_lines = h.press("f1", "f1")
        status: dict[str, list[str]] = {}
        for name in STATUS_COMMANDS:
            if name in commands:
                status[name] = h.press(commands[name][0])
        return Heard(commands, by_key, help_lines, status)


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Heard]:
    folder = tmp_path_factory.mktemp("records")
    return {(g, lang): heard(g, lang, folder / f"{g}-{lang}.json") for g in GAMES for lang in LANGUAGES}


@pytest.mark.parametrize("game", GAMES)
def test_the_same_keys_run_the_same_commands_in_every_language(game: str,
                                                              tables: dict[tuple[str, str], Heard]) -> None:
    english = tables[(game, "en")]
    assert english.commands and english.by_key
    for lang in LANGUAGES[1:]:
        other = tables[(game, lang)]
        assert other.commands == english.commands, lang
        assert other.by_key == english.by_key, lang


_KEYS_LABEL = re.compile(r"^(.+?) ?: ")


def _help_keys(lines: list[str]) -> list[str]:
    """The keys each F1 line names (its label before ': '), or '' for a heading."""
    return [(m.group(1) if (m := _KEYS_LABEL.match(line)) else "") if not line.endswith(":") else ""
            for line in lines]


@pytest.mark.parametrize("game", GAMES)
def test_f1_lists_the_same_keys_in_every_language(game: str, tables: dict[tuple[str, str], Heard]) -> None:
    english = tables[(game, "en")].help
    assert len(english) > len(tables[(game, "en")].commands), "F1 lists every command, under headings"
    for lang in LANGUAGES[1:]:
        other = tables[(game, lang)].help
        assert len(other) == len(english), lang
        # every command line keeps its keys label; only the words after it are the language's
        assert _help_keys(other[1:]) == _help_keys(english[1:]), lang


def _untranslated(english: list[str], french: list[str]) -> list[str]:
    """French lines the same as their English line, where that line has words to translate (more than
    a name, a number or a key)."""
    return [fr for en, fr in zip(english, french, strict=True) if fr == en and len(re.findall(r"[A-Za-z]{3,}", en)) > 1]


@pytest.mark.parametrize("game", GAMES)
def test_in_french_the_help_is_french(game: str, tables: dict[tuple[str, str], Heard]) -> None:
    english, french = tables[(game, "en")].help, tables[(game, "fr")].help
    left = _untranslated(english, french)
    assert not left, f"{len(left)} help lines of {game} still in English: {left[:5]}"


@pytest.mark.parametrize("game", GAMES)
def test_in_french_every_status_answer_is_french(game: str, tables: dict[tuple[str, str], Heard]) -> None:
    english, french = tables[(game, "en")].status, tables[(game, "fr")].status
    assert english.keys() == french.keys() and len(english) >= 5, game
    left = []
    for name, lines in english.items():
        assert lines, (game, name, "a status key says something")
        assert len(french[name]) == len(lines), (game, name, french[name], lines)
        left += [f"{name}: {line}" for line in _untranslated(lines, french[name])]
    assert not left, f"{len(left)} status answers of {game} still in English: {left[:5]}"
