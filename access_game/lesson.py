"""The guided first hand at the terminal: ``access-game learn``, and the lesson the very first start offers.

A lesson is the game's prepared deal (its catalog entry's :class:`~access_game.catalog.Lesson`) at the
real table, with the guide (access_game.ui.lesson_guide) over it. Nothing of it is saved, so a lesson
never replaces a game in progress. At its end the learner is offered a real game, which the caller
starts: ``learn`` a new game of the lesson's game, the first start the table it sets up next
(access_game.terminal_game).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from access_game.settings import Settings

__all__ = ["LessonEnd", "lesson_app", "lesson_game", "play_lesson", "run_lesson"]


@dataclass(frozen=True, slots=True)
class LessonEnd:
    """How a lesson ended: the app's exit status, whether a real game was asked for, how many steps."""

    status: int
    play_real: bool
    steps: int


def lesson_game(name: str) -> Any:
    """The lesson's game, dealt from its prepared seed: the learner first, then computer players."""
    from access_game.catalog import game as catalog_game
    from access_game.table_plan import COMPUTER_NAMES, YOU
    from engine.game import Game

    entry = catalog_game(name)
    assert entry.lesson is not None
    lesson = entry.lesson
    players = [YOU, *COMPUTER_NAMES[: lesson.players - 1]]
    return Game.new(entry.ruleset, players, seed=lesson.seed,
                    options=entry.rule_options({}, lesson.players, lesson.seed))


def lesson_app(name: str, settings: Settings, *, announcer: Any, printer: Any, cues: Any = None,
               on_settings: Callable[[Settings], None] | None = None, input: Any = None,
               output: Any = None) -> tuple[Any, Any]:
    """Game ``name``'s lesson, dealt and not yet started: the app at its real table and the guide over it
    (access_game.ui.lesson_guide.LessonGuide). The game is never saved."""
    from access_game.catalog import game as catalog_game
    from access_game.session import Session
    from access_game.ui.app import GameApp
    from access_game.ui.lesson_guide import LessonGuide
    from access_game.ui.speech_link import make_narrator

    entry = catalog_game(name)
    assert entry.lesson is not None
    game = lesson_game(name)
    session = Session(game, human_seat=0, level=entry.lesson.level, announcer=announcer,
                      narrator=make_narrator(0, game.players, settings, game=game.ruleset.name), settings=settings,
                      saves=None, cues=cues, on_settings=on_settings)
    app = GameApp(session, printer, input=input, output=output)
    return app, LessonGuide(app, entry)


def play_lesson(name: str, settings: Settings, *, announcer: Any, printer: Any, cues: Any = None,
                on_settings: Callable[[Settings], None] | None = None, on_app: Callable[[Any], None] | None = None,
                input: Any = None, output: Any = None) -> LessonEnd:
    """Game ``name``'s lesson on outputs already started (the printer, announcer and cues of this run)."""
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")  # as for a game: nothing asks where the cursor is
    app, guide = lesson_app(name, settings, announcer=announcer, printer=printer, cues=cues, on_settings=on_settings,
                            input=input, output=output)
    if on_app is not None:
        on_app(app)
    guide.opening()
    status = app.run()
    return LessonEnd(int(status), guide.play_real and status == 0 and not app.hung_up, guide.steps)


def run_lesson(name: str, settings: Settings, then: Callable[[Settings], int], *, settings_note: str | None = None,
               input: Any = None, output: Any = None, backend: Any = None, cues: Any = "auto") -> int:
    """``access-game learn``: the lesson of game ``name`` on this run's outputs, then ``then(settings)`` (a
    real game) if the learner asks for one; the exit status."""
    from access_game.ui.terminal_output import TerminalOutput

    outputs = TerminalOutput(settings, output=output, backend=backend, cues=cues)
    try:
        if settings_note:
            outputs.say(settings_note)
        outputs.say_notes()
        end = play_lesson(name, outputs.settings, announcer=outputs.announcer, printer=outputs.printer,
                          cues=outputs.cues, on_settings=outputs.on_settings, on_app=outputs.link, input=input,
                          output=output)
        settings = outputs.settings
    finally:
        outputs.close()
    return then(settings) if end.play_real else end.status
