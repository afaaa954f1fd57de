"""The guided first hand (``access-game learn``), for every game of the catalog in every language: a real
process in a real pseudo-terminal, played by pressing exactly the key each step names (read from the
step's line, in the language of the run), to the scoring and the offer of a real game, which is
declined; the process exits 0, and a French or Spanish lesson holds no English. Each run prints its
figures (steps and wall time): ``.venv/bin/python -m pytest tests/lesson -q -s``.

In-process (the real table, app and guide, keys through the app's dispatcher): each prepared deal shows
the moves its catalog entry says it shows; a key that is not the step's gets the gentle line and changes
nothing; and the very first start offers the lesson once.
"""

from __future__ import annotations

import io
import re
import sys
import time
from pathlib import Path
from typing import Any

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT / "tests", ROOT / "tests" / "i18n"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from harness import KeyHarness, raw  # noqa: E402
from leak_corpus import finder  # noqa: E402
from pty_play import exits, quit_game, spawn  # noqa: E402

from access_game.catalog import GameEntry, games, resolve  # noqa: E402
from access_game.lesson import lesson_game  # noqa: E402
from access_game.settings import Settings  # noqa: E402
from access_game.ui.key_plan import PLAN  # noqa: E402
from access_game.ui.keys import key_label  # noqa: E402
from access_game.ui.lesson_guide import LessonGuide, Step, lesson_keys  # noqa: E402
from speech import lesson_words as lw  # noqa: E402
from speech.i18n import LANGUAGES, _, in_language  # noqa: E402

LESSONS = [e for e in games() if e.lesson is not None]
PLAN_KEYS = {c.name: c.keys for c in PLAN}


def test_every_game_of_the_catalog_has_a_lesson() -> None:
    assert [e.name for e in LESSONS] == [e.name for e in games() if e.table is not None]


def _spaced(text: str) -> str:
    """``text`` as a pattern whose spaces match any space (a French line keeps ' :' with a no-break space)."""
    return re.escape(text).replace(r"\ ", r"\s+")


def _step_pattern(lang: str) -> re.Pattern[str]:
    """A step's line in ``lang``, up to its key: the step's number and the key's label."""
    with in_language(lang):
        templates = [_(t) for t in lw.STEP_TEMPLATES]
    heads = sorted({t[: t.index("{key}") + len("{key}")] for t in templates})
    # One group name per pattern (a name cannot be used twice): n0 and key0, n1 and key1...
    alternatives = [_spaced(head).replace(r"\{n\}", rf"(?P<n{i}>\d+)").replace(r"\{key\}", rf"(?P<key{i}>\S+?)")
                    for i, head in enumerate(heads)]
    return re.compile("(?:" + "|".join(f"(?:{a})" for a in alternatives) + r")(?=[\s.,;:]|$)")


def _step_of(match: re.Match[str]) -> tuple[int, str]:
    """The step's number and its key's label, from a match of _step_pattern."""
    found = {name[:-1] if name[-1].isdigit() else name: value for name, value in match.groupdict().items()
             if value is not None}
    return int(found["n"]), found["key"]


def _key_names(lang: str) -> dict[str, str]:
    """Each key label of the plan in ``lang`` ('Entrée', 'Maj+N') and the key it names."""
    with in_language(lang):
        return {key_label(k): k for c in PLAN for k in c.keys}


def _lesson_in_terminal(tmp_path: Path, entry: GameEntry, lang: str) -> tuple[list[int], float, str]:
    """Run the lesson, pressing each step's key; the step numbers seen, the wall time, everything printed."""
    step = _step_pattern(lang)
    keys = _key_names(lang)
    with in_language(lang):
        offer = _spaced(lw.offer_question(_(entry.title)).rstrip("?¿ "))
        goodbye = _spaced(_(lw.GOODBYE)[:30])
    started = time.monotonic()
    child = spawn(tmp_path, "learn", "--game", entry.name, "--lang", lang, "--speech", "screen-reader", timeout=60)
    seen = io.StringIO()
    child.logfile_read = seen
    numbers: list[int] = []
    while child.expect([step, offer]) == 0:
        number, label = _step_of(child.match)
        numbers.append(number)
        assert label in keys, (label, sorted(keys))
        child.send(raw([keys[label]]))
    child.expect(">")
    child.send("n")
    child.expect(goodbye)
    exits(child, 0)
    return numbers, time.monotonic() - started, seen.getvalue()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("entry", LESSONS, ids=[e.name for e in LESSONS])
def test_the_lesson_is_played_by_its_own_steps_in_a_real_terminal(tmp_path: Path, entry: GameEntry,
                                                                  lang: str) -> None:
    numbers, seconds, printed = _lesson_in_terminal(tmp_path, entry, lang)
    assert not list(tmp_path.rglob("saves/*.json")), "a lesson is never saved"
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    assert len(numbers) >= 3
    # The end says how many steps were taken, then the scoring, then the offer.
    with in_language(lang):
        assert entry.lesson is not None
        over = lw.over_line(len(numbers), cut_short=entry.lesson.moves is not None)
        scoring = lw.scoring_lines(resolve(entry.lesson.words), lesson_keys())[-1:]
    flat = re.sub(r"\s+", " ", printed)
    assert re.sub(r"\s+", " ", over) in flat
    assert scoring and re.sub(r"\s+", " ", scoring[0][:40]) in flat
    if lang != "en":
        lines = [line for line in printed.replace("\r", "\n").split("\n") if line.strip()]
        leaks = finder(lang).english(lines)
        assert not leaks, "\n".join(f"{v.line!r}: {v.words} {v.sentences}" for v in leaks[:10])
    print(f"\nlesson {entry.name} {lang}: {len(numbers)} steps, {seconds:.1f} s")


def test_yes_at_the_end_starts_a_real_game_which_is_saved(tmp_path: Path) -> None:
    child = spawn(tmp_path, "learn", "--game", "gin-rummy", "--speech", "screen-reader", timeout=60)
    step, keys = _step_pattern("en"), _key_names("en")
    while child.expect([step, "Play a real game of Gin Rummy now"]) == 0:
        child.send(raw([keys[_step_of(child.match)[1]]]))
    child.expect(">")
    child.send("y")
    child.expect(r"Gin Rummy\. F1 lists the keys")
    child.expect("New game of Gin Rummy")
    quit_game(child, then="Goodbye.")
    assert (tmp_path / "data" / "saves" / "gin-rummy.json").exists(), "the real game is saved; the lesson never is"


# ----------------------------------------------------------------------------- in-process


def _harness(entry: GameEntry, **settings: Any) -> tuple[KeyHarness, LessonGuide, list[Step]]:
    from prompt_toolkit.input import DummyInput

    assert entry.lesson is not None
    h = KeyHarness(lesson_game(entry.name), level=entry.lesson.level,
                   settings=Settings(speech="silent", cues=False, **settings))
    app = h.app(DummyInput())
    guide = LessonGuide(app, entry)
    steps: list[Step] = []
    guide.step_listeners.append(steps.append)
    guide.opening()
    app.start(resumed=False)
    app.printer.flush()
    return h, guide, steps


@pytest.mark.parametrize("entry", LESSONS, ids=[e.name for e in LESSONS])
def test_each_prepared_deal_shows_the_moves_its_lesson_names(entry: GameEntry) -> None:
    h, guide, steps = _harness(entry)
    while not guide.finished:
        assert guide.step is not None, "the guide always names a key until the end"
        assert len(steps) < 100
        h.press(min(guide.step.keys))
    assert entry.lesson is not None
    shown = {s.kind for s in steps}
    assert set(entry.lesson.shows) <= shown, (entry.lesson.shows, shown)
    assert h.app_.modes, "the offer of a real game is open"


@pytest.mark.parametrize("entry", LESSONS, ids=[e.name for e in LESSONS])
def test_each_step_is_the_hint_and_its_key_makes_the_hinted_move(entry: GameEntry) -> None:
    """The step's key is the one the hint (H) names, or Shift+N for a move of several keys, and pressing
    it makes exactly the hint's move: the lesson and the hint cannot disagree (solitaire's discard is X)."""
    from access_game.ui.hints import current_hint

    h, guide, steps = _harness(entry)
    moves = 0
    while not guide.finished:
        step = guide.step
        assert step is not None and len(steps) < 100
        if step.kind is None:
            h.press(min(step.keys))
            continue
        hint = current_hint(h.session)
        assert step.label in (hint.key, key_label(PLAN_KEYS["play-hint"][0])), (step, hint.key)
        done = len(h.game.actions)
        h.press(min(step.keys))
        assert h.game.actions[done] == hint.action, (step, h.game.actions[done], hint.action)
        moves += 1
    assert moves >= 3
    if entry.name == "solitaire":
        discards = [s for s in steps if s.kind == "discard"]
        assert discards and all(s.label == key_label(PLAN_KEYS["discard"][0]) for s in discards)


@pytest.mark.parametrize("entry", LESSONS, ids=[e.name for e in LESSONS])
def test_a_wrong_key_gets_a_gentle_line_and_changes_nothing(entry: GameEntry) -> None:
    h, guide, _steps = _harness(entry)
    step = guide.step
    assert step is not None
    # A key that makes another move, or reads the table, or selects: none is the step's.
    wrong = next(k for k in ("Z", "x", "d", "t", "o", "k", "h", "space") if k not in step.keys)
    actions, view = len(h.game.actions), repr(h.session.view())
    said = h.press(wrong)
    assert said == [lw.wrong_key(step.label)]
    assert (len(h.game.actions), repr(h.session.view())) == (actions, view)
    assert guide.step == step
    # Help still opens (F1), and the step's key then goes on.
    assert h.press("f1") and h.app_.modes
    h.press("escape")
    assert not h.app_.modes and guide.step == step
    h.press(min(step.keys))
    assert guide.step is None or guide.step.number == step.number + 1 or guide.finished


def test_computer_players_that_wait_for_a_key_are_a_step_of_their_own() -> None:
    """With the 'step' pace the computer players wait for Space: the guide says so, as a step."""
    h, guide, steps = _harness(LESSONS[0], pace="step")
    while not guide.finished:
        assert guide.step is not None and len(steps) < 100
        h.press(min(guide.step.keys))
    waits = [s for s in steps if s.kind is None]
    assert waits and all(s.keys == frozenset(PLAN_KEYS["next"]) for s in waits)


def test_a_move_made_from_the_escape_menu_moves_the_guide_on() -> None:
    h, guide, _steps = _harness(LESSONS[0])
    first = guide.step
    assert first is not None and first.kind in ("draw", "take")
    h.app_.run_command("draw" if first.kind == "draw" else "take")  # as the Escape menu runs it
    h.app_.dispatch("l")  # any key the guide lets through (repeat) is followed by the next step
    assert guide.step is not None and guide.step.number == first.number + 1


def test_the_first_start_offers_the_lesson_once(tmp_path: Path) -> None:
    question = "Would you like a guided first hand of Five Crowns"
    child = spawn(tmp_path, "--speech", "screen-reader", "--braille", "off", timeout=60)
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect(question)
    child.expect("y/n>")
    child.send("n")
    child.expect(re.escape(lw.LATER))
    child.expect("New table, game: Five Crowns")  # the table set-up goes on as before
    child.send("\x03")  # Ctrl+C at the set-up: leave
    exits(child, 0)
    assert seen.getvalue().count(question) == 1
    settings = (tmp_path / "config" / "settings.json").read_text()
    assert '"lesson_offered": true' in settings

    child = spawn(tmp_path, "--speech", "screen-reader", "--braille", "off", timeout=60)
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect(r"draw>|table>|y/n>")
    child.send("q")
    child.expect(r"y/n>")
    child.send("y")
    child.expect(pexpect.EOF)
    assert question not in seen.getvalue()


def test_the_first_start_plays_the_lesson_then_the_real_game_it_offers(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--speech", "screen-reader", "--braille", "off", timeout=60)
    step = _step_pattern("en")
    keys = _key_names("en")
    child.expect("Would you like a guided first hand of Five Crowns")
    child.expect("y/n>")
    child.send("y")
    while child.expect([step, "Play a real game of Five Crowns now"]) == 0:
        child.send(raw([keys[_step_of(child.match)[1]]]))
    child.expect(">")
    child.send("y")
    child.expect("New table, game: Five Crowns")  # the first start's set-up, then the real game
    child.expect("table>")  # the question's prompt: keys reach the set-up from here
    child.send("\x03")
    exits(child, 0)

