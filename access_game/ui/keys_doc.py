"""docs/keys.md and ``access-game keys``, written from the registries the games really build, so the
document, the command and the keys cannot drift apart.

    .venv/bin/python -m access_game.ui.keys_doc              (rewrites docs/keys.md)
    .venv/bin/python -m access_game.ui.keys_doc --lang fr    (rewrites docs/fr/touches.md)

Every word of the document goes through the catalog, so the French one is the same table with the
French descriptions the help (F1) says; the keys and the command names are the same in both.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from access_game.ui.key_plan import plan_order
from access_game.ui.keys import keys_label
from access_game.ui.registry import GROUPS, Command, CommandRegistry
from speech.i18n import LANGUAGES, N_, _, language, set_language
from speech.languages import all_languages

__all__ = ["KEYS_DOC", "KEYS_DOCS", "KeyRow", "game_titles", "key_rows", "keys_doc_path", "keys_registry",
           "network_keys", "render_keys_doc"]

KEYS_DOC = "docs/keys.md"
#: The keys document of each language (its description's).
KEYS_DOCS = {lang.code: lang.keys_doc for lang in all_languages()}

INTRO = N_("""Every key of every game at the terminal, made from the same lists the games use for their help (F1)
and their action menu (Escape), so nothing here can be out of date. A key means the same thing in
every game where that thing exists, and a key that only reads or selects in one game never makes a
move in another: the moves (marked "yes" under "Move") have one key each, the same everywhere. A
dash means the game has no such command. `access-game keys --game GAME` prints one game's keys.

Keys were chosen to stay clear of screen readers: no Insert or CapsLock combinations, no numeric
keypad, no Ctrl+Alt. In menus (Escape, F2) and questions: Up and Down move (Home and End jump), Enter
chooses, Left and Right change a setting, Escape closes; questions take Y or N. Ctrl+C leaves at
once: the game is saved after every move, so nothing is lost.

Chat (/), the seats (Shift+U), handing a seat to a computer player (Shift+V) and the host's removing
a player (Shift+X) are there only at a table on a server (`access-game host`, `join` and `online`, see
network-play.md); every other key is the same there as in a game at one terminal. The lobby of a
server has its own list, at the end.""")


#: What every key means everywhere, and why digits are piles in solitaire.
INTRO_PLAN = N_("""Every key is written in one place, the key plan (access_game/ui/key_plan.py): a table names the
commands it has and the plan gives their keys, so a key cannot mean one act in one game and another
act in another. Digits go to a place in the row you work along: a card of your hand in the hand
games; in solitaire a pile, because the rules number the piles (pile 3 has 3 cards and 3s wild) and
every hint and message names a pile by its number. The cards of the current pile are reached there
with J (a card by its number or its code), as J reaches a card of the hand in every other game, and
Shift+J types a pile's number, as it types a place in the discard pile in upcard rummy. Up and Down
move a pile cursor (solitaire's piles, upcard rummy's discard pile) and nothing else; where there is
none they say they do nothing here. Laying off is Shift+O in every game that has it. Y and N only
answer a question, and Shift+N (do the hint) never answers one.""")

#: The first line of ``access-game keys``.
KEYS_SOURCE = N_("Every key comes from one place, the key plan: a key means the same act in every game.")


@dataclass(frozen=True, slots=True)
class KeyRow:
    """One key of one game, as ``access-game keys --json`` writes it."""

    key: str
    command: str
    commits: bool
    group: str

    def as_json(self) -> dict[str, object]:
        return {"key": self.key, "command": self.command, "commits": self.commits, "group": self.group}


def game_titles() -> list[tuple[str, str]]:
    """(name, title) of every game with a table, in menu order."""
    from access_game.ui.table import table_entries

    return [(e.game_name, e.title) for e in table_entries()]


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
    from engine.registry import get_ruleset
    from speech.backends import SilentBackend

    settings = Settings(speech="silent", cues=False)
    out = DummyOutput()
    printer = LinePrinter(out)
    announcer = make_announcer(settings, printer, SilentBackend())
    ruleset = get_ruleset(game)
    g = Game.new(game, ["You", "Anna", "Ben", "Carla"][: max(ruleset.min_players, min(4, ruleset.max_players))], seed=1)
    session = Session(g, human_seat=0, level="normal", announcer=announcer,
                      narrator=make_narrator(0, g.players, settings, game=game), settings=settings)
    return GameApp(session, printer, input=DummyInput(), output=out).registry


def network_keys() -> list[Command]:
    """The keys only a table on a server has (access_game.ui.core_commands.network_commands), as the
    help there describes them."""
    from access_game.ui.registry import command
    from speech import net_words as nw

    return [command(name, _(text), lambda key: None) for name, text in nw.KEY_HELP.items()]


def _played_by_several(game: str) -> bool:
    from access_game.catalog import game as catalog_game

    return catalog_game(game).player_range[1] > 1


def key_rows(game: str) -> list[KeyRow]:
    """Every key of ``game``, in help order; a key shared by two commands (Space: select, or let the
    computer players go on) is listed once per command."""
    return [KeyRow(key, c.name, c.commits, c.group) for c in keys_registry(game) for key in c.keys]


def _cell(text: str) -> str:
    return text.replace("|", "&#124;")


def keys_doc_path(lang: str | None = None) -> str:
    """Where the keys document of ``lang`` (the current language when None) lives."""
    return KEYS_DOCS[lang or language()]


def render_keys_doc() -> str:
    """One table, a row per command and a column per game, grouped as the help groups them, in the
    current language."""
    titles = [(name, _(title)) for name, title in game_titles()]
    by_game: dict[str, dict[str, Command]] = {name: {c.name: c for c in keys_registry(name)} for name, _title in titles}
    for name, commands in by_game.items():
        if _played_by_several(name):
            commands.update((c.name, c) for c in network_keys())
    order = plan_order()
    names = sorted({n for cmds in by_game.values() for n in cmds}, key=order)
    out = [_("# Keys: every game at the terminal"), "", _(INTRO), "", _(INTRO_PLAN), ""]
    head = [_("Keys"), _("Command"), _("Move"), *(title for _name, title in titles)]
    for group, group_title in GROUPS:
        rows = [n for n in names if any(cmds[n].group == group for cmds in by_game.values() if n in cmds)]
        if not rows:
            continue
        out += [f"## {_(group_title)}", "", "| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
        for name in rows:
            first = next(cmds[name] for cmds in by_game.values() if name in cmds)
            cells = [keys_label(first.keys), name, _("yes") if first.commits else _("no")]
            cells += [_(by_game[g][name].description) if name in by_game[g] else "—" for g, _title in titles]
            out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        out.append("")
    out += _lobby_section()
    return "\n".join(out).rstrip() + "\n"


def _lobby_section() -> list[str]:
    """The lobby's keys (access-game online), from the keys it binds and the words its help says."""
    from access_game.ui.lobby_keys import LOBBY_KEYS
    from speech import lobby_words as lw

    out = [f"## {_(lw.LOBBY_KEYS_TITLE)}", "", _(lw.LOBBY_KEYS_INTRO), "",
           "| " + " | ".join((_("Keys"), _("Command"), _(lw.WHAT_IT_DOES))) + " |", "| --- | --- | --- |"]
    for name, keys in LOBBY_KEYS:
        out.append("| " + " | ".join(_cell(c) for c in (keys_label(keys), name, _(lw.KEY_HELP[name]))) + " |")
    return [*out, ""]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.ui.keys_doc", description="Write the keys document.")
    parser.add_argument("path", nargs="?", help="where to write (default: the language's keys document)")
    parser.add_argument("--lang", choices=LANGUAGES, default=LANGUAGES[0], help="the document's language")
    args = parser.parse_args(argv)
    set_language(args.lang)
    path = Path(args.path or keys_doc_path())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_keys_doc(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
