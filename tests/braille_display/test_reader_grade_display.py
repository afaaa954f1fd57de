"""The reader's grade taken from a real BRLTTY: one BRLTTY per contraction table a reader may have set
(none, UEB grade 1, UEB grade 2, French grade 1 and 2, American grade 2), the game's display link started against
it as `play` starts it, and the display's first line read back: it names the grade, written in that
grade."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from access_game.bench.output import expected_cells
from access_game.cli import build_parser
from access_game.settings import settings_with_flags
from access_game.ui.display_start import start_display_link
from braille.brlapi_display import BrlapiDisplay
from braille.contracted import TABLES, Grade
from braille.tty_display import TtyDisplay
from speech.announcer import Announcer
from speech.backends.base import RecordingBackend

#: Seconds BRLTTY may take to answer on a loaded test machine.
LOADED = 15.0

#: BRLTTY's contraction table (-c) as a reader set it, what BrlAPI reports, and the grade "auto" gives.
TABLES_TRIED = [
    (None, "none", Grade.UNCONTRACTED),
    ("en-ueb-g1", "none", Grade.UNCONTRACTED),
    ("en-ueb-g2", "en-ueb-g2", Grade.CONTRACTED),
    ("fr-g1", "fr-g1", Grade.UNCONTRACTED),
    ("fr-g2", "fr-g2", Grade.CONTRACTED),
    ("en-us-g2", "en-us-g2", Grade.CONTRACTED),
]
"""BRLTTY 6.5 ships no en-ueb-g1 contraction table: a reader who names it gets BRLTTY's uncontracted
braille, and BrlAPI says 'none', as it does with no table at all."""


@pytest.fixture
def brltty(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[TtyDisplay]:
    """A BRLTTY with the contraction table the test names (``request.param``), for this test alone."""
    with TtyDisplay(contraction_table=request.param) as display:
        monkeypatch.setenv("BRLAPI_HOST", display.host)
        monkeypatch.setenv("BRLAPI_AUTH", "none")
        yield display


def _first_line(display: TtyDisplay, words: str, monkeypatch: pytest.MonkeyPatch,
                tmp_path: Path) -> tuple[Any, str, str]:
    """The link `play` makes with ``words``, its first sentence said as the game says it, and the cells
    the display shows then, once they are the first cells of that sentence."""
    monkeypatch.setattr("braille.reader_grade.BRLTTY_CONF", tmp_path / "brltty.conf")  # BRLTTY alone says
    announcer = Announcer(RecordingBackend(), None)
    link, note = start_display_link("brlapi", announcer, connect=lambda: BrlapiDisplay(timeout=LOADED, limit=LOADED),
                                    words=words)
    assert link is not None and note is not None
    announcer.announce(note)
    want = expected_cells([note], TABLES["en"][link.grade])
    deadline = time.monotonic() + LOADED
    while not (len(display.cells()) > 20 and want.startswith(display.cells())) and time.monotonic() < deadline:
        time.sleep(0.02)
    return link, note, display.cells()


@pytest.mark.parametrize(("brltty", "reported", "grade"), TABLES_TRIED, indirect=["brltty"],
                         ids=[str(t[0]) for t in TABLES_TRIED])
def test_auto_takes_the_grade_of_brlttys_table_and_the_first_line_says_it(
        brltty: TtyDisplay, reported: str, grade: Grade, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    link, note, cells = _first_line(brltty, "auto", monkeypatch, tmp_path)
    try:
        assert link.brltty_table == reported
        assert link.grade == grade
        name = grade.name.capitalize()
        assert note.startswith(f"{name} braille, as BRLTTY's table {reported} says." if reported != "none"
                               else f"{name} braille: BRLTTY contracts nothing.")
        # The display's first window is the sentence's beginning, in that grade's braille (liblouis's).
        assert len(cells) > 20 and expected_cells([note], TABLES["en"][grade]).startswith(cells)
        assert cells.startswith(expected_cells([f"{name} braille"], TABLES["en"][grade]))
    finally:
        link.close()


@pytest.mark.parametrize("brltty", ["en-ueb-g2"], indirect=True)
@pytest.mark.parametrize(("words", "grade"), [("uncontracted", Grade.UNCONTRACTED), ("computer", Grade.COMPUTER),
                                              ("contracted", Grade.CONTRACTED)])
def test_a_chosen_grade_wins_over_brlttys_table(brltty: TtyDisplay, words: str, grade: Grade,
                                                monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    link, note, cells = _first_line(brltty, words, monkeypatch, tmp_path)
    try:
        assert link.grade == grade and note.startswith(f"{grade.name.capitalize()} braille, as you chose.")
        assert expected_cells([note], TABLES["en"][grade]).startswith(cells)
    finally:
        link.close()


@pytest.mark.parametrize("words", ["auto", "contracted", "uncontracted", "computer"])
def test_play_takes_braille_words_for_this_run(words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    args = build_parser().parse_args(["play", "--braille-words", words.upper()])
    settings, _note = settings_with_flags(args)
    assert settings.braille_words == words
    assert not (tmp_path / "settings.json").exists()  # a run's choice is not kept


def test_a_bad_braille_words_choice_exits_2_with_usage() -> None:
    done = subprocess.run([str(Path(sys.executable).with_name("access-game")), "play",
                           "--braille-words", "grade3"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "--braille-words" in done.stderr
