"""The guided first hand at the terminal: ``access-game learn`` and the offer at the very first start.

A lesson is the game's prepared deal (its catalog entry's :class:`~access_game.catalog.Lesson`) at the
real table, with the guide (access_game.ui.lesson_guide) over it; nothing is saved, so a lesson never
replaces a game in progress. At its end the learner is offered a real game, which the caller starts
(``then``): ``learn`` a new game of the lesson's game, the first start the usual first game.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from access_game.settings import Settings
from speech import lesson_words as lw
from speech.i18n import _

__all__ = ["lesson_game", "offer_at_first_start", "run_lesson"]


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


def run_lesson(name: str, settings: Settings, then: Callable[[Settings], int], *, settings_note: str | None = None,
               outputs: Any = None, input: Any = None, output: Any = None, backend: Any = None,
               cues: Any = "auto") -> int:
    """The lesson of game ``name``, then ``then(settings)`` (the real game) if the learner asks for one;
    the exit status. ``outputs``: the run's outputs already started (the first start's question)."""
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")  # as for a game: nothing asks where the cursor is
    from access_game.catalog import game as catalog_game
    from access_game.session import Session
    from access_game.ui.app import GameApp
    from access_game.ui.lesson_guide import LessonGuide
    from access_game.ui.speech_link import make_narrator
    from access_game.ui.terminal_output import TerminalOutput

    entry = catalog_game(name)
    if outputs is None:
        outputs = TerminalOutput(settings, output=output, backend=backend, cues=cues)
        if settings_note:
            outputs.say(settings_note)
        outputs.say_notes()
    try:
        assert entry.lesson is not None
        game = lesson_game(name)
        session = Session(game, human_seat=0, level=entry.lesson.level, announcer=outputs.announcer,
                          narrator=make_narrator(0, game.players, outputs.settings, game=game.ruleset.name),
                          settings=outputs.settings, saves=None, cues=outputs.cues, on_settings=outputs.on_settings)
        app = GameApp(session, outputs.printer, input=input, output=output)
        guide = LessonGuide(app, entry)
        outputs.link(app)
        guide.opening()
        status = app.run()
        settings = outputs.settings
    finally:
        outputs.close()
    if status != 0 or app.hung_up or not guide.play_real:
        return int(status)
    return then(settings)


def offer_at_first_start(settings: Settings, then: Callable[[Settings], int], *, settings_note: str | None = None,
                         input: Any = None, output: Any = None, backend: Any = None, cues: Any = "auto") -> int | None:
    """At the very first start, ask once whether to take the guided first hand (the answer is kept in the
    settings, so it is never asked again). The exit status when the lesson was taken; None when it was
    declined, and the caller goes on as it would have (``then`` is the real game the lesson offers)."""
    from access_game.settings import save_settings
    from access_game.ui.ask import ask_yes_no
    from access_game.ui.terminal_output import TerminalOutput
    from speech import save_words

    outputs = TerminalOutput(settings, output=output, backend=backend, cues=cues)
    if settings_note:
        outputs.say(settings_note)
    outputs.say_notes()
    try:
        answer = ask_yes_no(lw.FIRST_START_QUESTION, outputs.say, outputs.printer, input=input, output=output)
        offered = outputs.settings.replace(lesson_offered=True)
        try:
            save_settings(offered, before=outputs.settings)
        except OSError as exc:
            outputs.say(save_words.settings_not_kept(str(exc.strerror or exc)))
        outputs.settings = offered
    except BaseException:
        outputs.close()
        raise
    if answer is None:  # Ctrl+C: leave
        outputs.close()
        return 130
    if not answer:
        outputs.say(_(lw.LATER))
        outputs.close()
        return None
    from access_game.game_choice import DEFAULT_GAME

    return run_lesson(DEFAULT_GAME, offered, then, outputs=outputs, input=input, output=output)
