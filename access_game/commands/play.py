"""The `play` subcommand (also what `access-game` runs with no command): a game at the terminal.

With a saved game it asks first whether to resume; otherwise it starts Five Crowns against three
computer players. A saved game is never lost: declining to resume keeps it aside under a new name,
and a damaged one is reported and kept aside the same way.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from access_game.cli import UsageError
from access_game.commands._common import add_command
from access_game.settings import CARD_DISPLAYS, LEVELS, Settings, load_settings, save_settings

__all__ = ["COMPUTER_NAMES", "register", "run"]

#: Names for computer players, in seat order: short, distinct at the first sound.
COMPUTER_NAMES = ("Anna", "Ben", "Carla", "David", "Emma", "Felix", "Grace", "Hugo", "Iris", "Jonas",
                  "Kate", "Liam", "Maya")

SPEECH_MODES = ("screen-reader", "self-voicing", "silent")
HELP_LINE = "F1 lists the keys; Escape opens a menu of every action."


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = add_command(sub, "play", run, "Play Five Crowns at the terminal against computer players (the default).")
    p.add_argument("--game", default="five-crowns", help="the game (five-crowns)")
    p.add_argument("--players", type=int, help="number of players, you included (2 to 14; default 4)")
    p.add_argument("--names", nargs="+", metavar="NAME",
                   help="names: the computer players', or everyone's with yours first")
    p.add_argument("--level", choices=LEVELS, help="computer players' level (default from settings: normal)")
    p.add_argument("--seed", type=int, help="seed for the shuffles (the same seed deals the same game)")
    p.add_argument("--speech", choices=SPEECH_MODES,
                   help="screen-reader: print lines for your screen reader; self-voicing: the game speaks; silent")
    p.add_argument("--cards", choices=CARD_DISPLAYS, help="cards on printed lines: words, braille cells, or both")
    p.add_argument("--new", action="store_true", help="start a new game even if one is saved (the saved one is kept)")


@dataclass(frozen=True, slots=True)
class GameChoice:
    game: str
    players: list[str]
    level: str
    seed: int


def choose_game(args: argparse.Namespace, settings: Settings) -> GameChoice:
    """The new game the arguments ask for; UsageError says what is wrong with them."""
    from access_game.ui.table import table_names
    from engine.ruleset import get_ruleset

    if args.game not in table_names():
        raise UsageError(f"--game: there is no table for {args.game!r}; games: {', '.join(table_names())}")
    ruleset = get_ruleset(args.game)
    n = args.players
    names: list[str] = list(args.names or [])
    if n is None:
        n = len(names) + 1 if names else 4
    top = min(ruleset.max_players, len(COMPUTER_NAMES) + 1)
    if not ruleset.min_players <= n <= top:
        raise UsageError(f"--players: {ruleset.title} here is for {ruleset.min_players} to {top} players")
    if names:
        if len(names) == n - 1:
            names = ["You", *names]
        elif len(names) != n:
            raise UsageError(f"--names: give {n - 1} names (the computer players') or {n} (yours first)")
        if len({x.casefold() for x in names}) != len(names):
            raise UsageError("--names: every player needs a different name")
        if any(not x.strip() for x in names):
            raise UsageError("--names: a name cannot be empty")
    else:
        names = ["You", *COMPUTER_NAMES[: n - 1]]
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    return GameChoice(args.game, names, args.level or settings.level, seed)


def run(args: argparse.Namespace) -> int:
    settings, settings_note = load_settings()
    overrides: dict[str, Any] = {}
    if args.speech:
        overrides["speech"] = args.speech
    if args.cards:
        overrides["cards"] = args.cards
    settings = settings.replace(**overrides)
    choice = choose_game(args, settings)
    if not sys.stdin.isatty():
        print("access-game: play needs a terminal: standard input is not one.", file=sys.stderr)
        return 2
    return play_in_terminal(choice, settings, settings_note=settings_note, force_new=args.new)


def play_in_terminal(choice: GameChoice, settings: Settings, *, settings_note: str | None = None,
                     force_new: bool = False, input: Any = None, output: Any = None,
                     backend: Any = None, saves: Any = None, cues: Any = "auto",
                     on_app: Callable[[Any], None] | None = None) -> int:
    """Everything from the first line to the last; tests call it with pipe input and their own backend."""
    # A one-line interface never needs to know where the cursor is; asking the terminal (CPR) only
    # produces a warning where nothing answers.
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    from prompt_toolkit.output import create_output

    from access_game.saves import SaveStore
    from access_game.session import Session
    from access_game.ui.app import GameApp
    from access_game.ui.ask import ask_yes_no
    from access_game.ui.printer import LinePrinter
    from access_game.ui.speech_link import make_announcer, make_cues, make_narrator, output_backend
    from engine.game import Game
    from speech.utterance import Kind

    out = output if output is not None else create_output()
    printer = LinePrinter(out)
    speech_backend, fallbacks = (backend, []) if backend is not None else output_backend(settings)
    announcer = make_announcer(settings, printer, speech_backend, fallbacks)

    def say(text: str) -> None:
        announcer.announce(text, Kind.SYSTEM)

    if settings_note:
        say(settings_note)
    store = saves if saves is not None else SaveStore()
    resumed = None
    if not force_new:
        loaded = store.load()
        if loaded.problem:
            say(loaded.problem)
            if not ask_yes_no("Start a new game?", say, printer, input=input, output=out):
                printer.flush()
                return 0
        elif loaded.session is not None:
            g = loaded.session.game
            view = g.view(loaded.session.human_seat)
            where = f"hand {view.hand_number} of {view.hands_total}" if hasattr(view, "hand_number") else "in play"
            others = ", ".join(p for s, p in enumerate(g.players) if s != loaded.session.human_seat)
            question = f"You have a saved game of {g.ruleset.title} with {others}, {where}. Resume it?"
            answer = ask_yes_no(question, say, printer, input=input, output=out)
            if answer is None:  # Ctrl+C: leave, with the save untouched
                printer.flush()
                return 0
            if answer:
                resumed = loaded.session
            else:
                kept = store.set_aside("replaced")
                if kept is not None:
                    say(f"The saved game was kept as {kept}.")
    elif store.exists():
        kept = store.set_aside("replaced")
        if kept is not None:
            say(f"The saved game was kept as {kept}.")

    if resumed is not None:
        game, seat, level = resumed.game, resumed.human_seat, resumed.level
    else:
        game = Game.new(choice.game, choice.players, seed=choice.seed)
        seat, level = 0, choice.level

    last = [settings]

    def on_settings(new: Settings) -> None:
        try:
            save_settings(new)
        except OSError as exc:
            say(f"The settings could not be kept: {exc.strerror or exc}.")
        _apply_settings(announcer, last[0], new, own_backend=backend is None)
        last[0] = new

    session = Session(
        game,
        human_seat=seat,
        level=level,
        announcer=announcer,
        narrator=make_narrator(seat, game.players, settings),
        settings=settings,
        saves=store,
        cues=make_cues(settings) if cues == "auto" else cues,
        on_settings=on_settings,
    )
    welcome = HELP_LINE if resumed is not None else f"{game.ruleset.title}. {HELP_LINE}"
    app = GameApp(session, printer, input=input, output=out, welcome=welcome)
    if on_app is not None:
        on_app(app)
    try:
        return app.run(resumed=resumed is not None)
    except Exception as exc:
        # The game was saved after the last action; say so in one line rather than a traceback, and
        # keep the details where a helper can find them.
        log = _crash_log(exc)
        printer.flush()
        where = f" Details are in {log}." if log else ""
        print(f"access-game: an error stopped the game ({exc.__class__.__name__}: {exc}). "
              f"Your game is saved up to the last move; start access-game again to go on.{where}", file=sys.stderr)
        return 1
    finally:
        printer.flush()
        announcer.close()
        if session.cues is not None and hasattr(session.cues, "close"):
            session.cues.close()


def _crash_log(exc: BaseException) -> Path | None:
    import traceback

    from access_game.settings import data_dir

    path = data_dir() / "crash.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as fh:
            fh.write("".join(traceback.format_exception(exc)) + "\n")
    except OSError:
        return None
    return path


def _apply_settings(announcer: Any, old: Settings, new: Settings, *, own_backend: bool) -> None:
    """Make a settings change heard at once: card display, and a new voice if speech or rate changed."""
    if hasattr(announcer, "card_display"):
        announcer.card_display = new.cards
    if own_backend and (old.speech, old.rate) != (new.speech, new.rate):
        from access_game.ui.speech_link import output_backend

        backend, fallbacks = output_backend(new)
        announcer.set_backend(backend)
        announcer.fallbacks = fallbacks
