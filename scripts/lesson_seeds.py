"""The guided first hands' figures, and a seed for a game's lesson: each lesson played by its own steps
(the real table, app and guide, keys through the app; no terminal), with its steps, the moves it shows
and the words it says.

    .venv/bin/python scripts/lesson_seeds.py                      # every game's lesson, as the catalog has it
    .venv/bin/python scripts/lesson_seeds.py --game gin-rummy --seeds 1 40   # candidate seeds for a lesson

A good seed shows every move the lesson names (``shows``, marked with *) in few steps; the catalog entry's
``Lesson`` holds it (docs/adding-a-game.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from prompt_toolkit.input import DummyInput  # noqa: E402
from prompt_toolkit.output import DummyOutput  # noqa: E402

import access_game.catalog as catalog  # noqa: E402
from access_game.lesson import lesson_app  # noqa: E402
from access_game.settings import Settings  # noqa: E402
from access_game.ui.printer import LinePrinter  # noqa: E402
from access_game.ui.speech_link import make_announcer  # noqa: E402
from speech.backends.base import RecordingBackend  # noqa: E402

#: A lesson that has not ended after this many steps is reported as such.
MOST_STEPS = 300


def play(name: str) -> tuple[int, list[str | None], int, bool]:
    """The lesson of ``name`` as the catalog has it now: its steps, their moves, the words said, and
    whether it reached its end (the scoring and the offer of a real game)."""
    settings = Settings(speech="silent", cues=False)
    backend = RecordingBackend()
    printer = LinePrinter(DummyOutput())
    app, guide = lesson_app(name, settings, announcer=make_announcer(settings, printer, backend), printer=printer,
                            input=DummyInput(), output=DummyOutput())
    kinds: list[str | None] = []
    guide.step_listeners.append(lambda step: kinds.append(step.kind))
    guide.opening()
    app.start(resumed=False)
    while not guide.finished and guide.step is not None and len(kinds) < MOST_STEPS:
        app.dispatch(min(guide.step.keys))
    printer.flush()
    return len(kinds), kinds, sum(len(text.split()) for text in backend.texts), guide.finished


def report(name: str, seed: int | None = None) -> None:
    entry = catalog.game(name)
    assert entry.lesson is not None
    if seed is not None:  # this run only: the catalog entry with another seed
        catalog._CATALOG[name] = dataclasses.replace(entry, lesson=dataclasses.replace(entry.lesson, seed=seed))
    lesson = catalog.game(name).lesson
    assert lesson is not None
    steps, kinds, words, ended = play(name)
    moves = [k for k in kinds if k is not None]
    shows = "*" if set(lesson.shows) <= set(moves) else " "
    print(f"{shows} {name} seed {lesson.seed}: {steps} steps{'' if ended else ' (no end)'}, {words} words "
          f"({words / 200:.1f} min at 200 words a minute); moves: {', '.join(moves)}")
    catalog._CATALOG[name] = entry


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one game (default: every game with a lesson)")
    parser.add_argument("--seeds", nargs=2, type=int, metavar=("FIRST", "LAST"), help="try these seeds instead")
    args = parser.parse_args()
    names = [args.game] if args.game else [e.name for e in catalog.games() if e.lesson is not None]
    for name in names:
        for seed in (range(args.seeds[0], args.seeds[1] + 1) if args.seeds else [None]):
            report(name, seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
