"""docs/keys.md, written from the command registry so the document and the keys cannot drift apart.

    .venv/bin/python -m access_game.ui.keys_doc      (rewrites docs/keys.md)
"""

from __future__ import annotations

import sys
from pathlib import Path

from access_game.ui.registry import CommandRegistry

__all__ = ["KEYS_DOC", "keys_registry", "render_keys_doc"]

KEYS_DOC = "docs/keys.md"

INTRO = """Every key of the game at the terminal, made from the same list the game uses for its help (F1) and
its action menu (Escape), so nothing here can be out of date. Keys were chosen to stay clear of screen
readers: no Insert or CapsLock combinations, no numeric keypad, no Ctrl+Alt.

In menus (Escape, F2) and questions: Up and Down move (Home and End jump), Enter chooses, Left and
Right change a setting, Escape closes; questions take Y or N. Ctrl+C leaves at once: the game is
saved after every move, so nothing is lost."""


def keys_registry(game: str = "five-crowns") -> CommandRegistry:
    """The registry a player of ``game`` gets, built around a silent throwaway session."""
    from prompt_toolkit.input import DummyInput
    from prompt_toolkit.output import DummyOutput

    from access_game.session import Session
    from access_game.settings import Settings
    from access_game.ui.app import GameApp
    from access_game.ui.printer import LinePrinter
    from access_game.ui.speech_link import make_announcer, make_narrator
    from engine.game import Game
    from speech.backends import SilentBackend

    settings = Settings(speech="silent", cues=False)
    out = DummyOutput()
    printer = LinePrinter(out)
    announcer = make_announcer(settings, printer, SilentBackend())
    from engine.ruleset import get_ruleset

    ruleset = get_ruleset(game)
    g = Game.new(game, ["You", "Anna", "Ben", "Carla"][: max(ruleset.min_players, min(4, ruleset.max_players))], seed=1)
    session = Session(g, human_seat=0, level="normal", announcer=announcer,
                      narrator=make_narrator(0, g.players, settings, game=game), settings=settings)
    return GameApp(session, printer, input=DummyInput(), output=out).registry


def render_keys_doc() -> str:
    registry = keys_registry()
    return registry.markdown("Keys: Five Crowns at the terminal", INTRO)


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(KEYS_DOC)
    path.write_text(render_keys_doc(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
