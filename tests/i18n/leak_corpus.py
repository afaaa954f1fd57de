"""What a player reads from every command-line tool, run for real in one language: the corpus the leak
test checks for English. Run as a script for the figures (lines with English per language, over the
command-line corpus, and with ``--games`` over a whole game of each game with its tours too):

    .venv/bin/python tests/i18n/leak_corpus.py [--games]

The corpus is every command's help and output, and every validation error found by walking the real
parser (:func:`option_runs`): each option that takes a value is given one it refuses, so an option
added tomorrow is in the corpus without a line here.
"""

from __future__ import annotations

import argparse
import functools
import os
import socket
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT, ROOT / "tests", ROOT / "tests" / "i18n"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from english_lines import EnglishFinder  # noqa: E402

from access_game.cli import COMMAND_MODULES  # noqa: E402
from access_game.table_plan import COMPUTER_NAMES  # noqa: E402
from speech.i18n import LANGUAGES  # noqa: E402

COMMAND = Path(sys.executable).parent / "access-game"
#: Seconds a command line of the corpus runs: a value taken (a server started by a valid --data) is
#: stopped then, its lines kept.
ACCEPTED_AFTER = 20
#: The names a player may be given (the human's default name, the computer players').
NAMES = ("You", *COMPUTER_NAMES)


def command_names() -> frozenset[str]:
    """Every command's name, the identifier a list of keys shows beside each key."""
    from access_game.ui.keys_doc import game_titles, keys_registry

    return frozenset(c.name for name, _title in game_titles() for c in keys_registry(name))


@functools.cache
def finder(lang: str) -> EnglishFinder:
    """The finder of English in ``lang`` (made once a run: it reads the language's catalog)."""
    subcommands = [m.removesuffix("_cmd").replace("_", "-") for m in COMMAND_MODULES]
    return EnglishFinder(lang, names=NAMES, identifiers=command_names(), commands=subcommands)


def _refused_values(action: argparse.Action) -> tuple[str, ...]:
    """Values an option refuses: a word no list of choices holds, a word and a negative number where a
    number is read (the type's own message, then the command's check of the range), and nothing where
    any text is taken (the command's check of it)."""
    kind = action.type
    if action.choices is not None or type(kind).__name__ == "Choice":
        return ("zz",)
    if kind is not None and getattr(kind, "__name__", "") not in ("str", "casefold", "Path"):
        return ("x", "-1")
    return ("",)


def _bases(name: str, command: argparse.ArgumentParser, folder: Path) -> list[list[str]]:
    """How a command is started before the option tried: a command that writes a file is given one of
    each kind it writes (braille, print) or a folder, so the checks that depend on it are reached; a
    command that listens listens on a free port."""
    options = {o for a in command._actions for o in a.option_strings}
    base = [name, *(["--port", "0"] if "--port" in options else [])]
    output = next((a for a in command._actions if "--output" in a.option_strings), None)
    if output is None:
        return [base]
    if output.metavar == "DIR":
        return [[*base, "-o", str(folder / f"{name}-folder")]]
    return [[*base, "-o", str(folder / f"{name}.brf")], [*base, "-o", str(folder / f"{name}.pdf")]]


def option_runs(folder: Path) -> list[list[str]]:
    """Every option of every command that takes a value, found by walking the real parser, with each
    value it refuses; an option shared by several commands (the sheet options, --speech) is tried once."""
    from access_game.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    seen: set[tuple[str, ...]] = set()
    runs: list[list[str]] = []
    for name, command in commands.items():
        for action in command._actions:
            if not action.option_strings or action.nargs == 0 or action.dest in ("lang", "help", "output"):
                continue
            key = (*action.option_strings, str(action.help))
            if key in seen:
                continue
            seen.add(key)
            runs += [[*base, action.option_strings[-1], value] for base in _bases(name, command, folder)
                     for value in _refused_values(action)]
    return runs


@functools.cache
def cli_finder(lang: str) -> EnglishFinder:
    """The finder of English in the command-line corpus: stricter than the play's, it lets no command
    identifier ('D: draw.') nor the English default name ('You') pass."""
    subcommands = [m.removesuffix("_cmd").replace("_", "-") for m in COMMAND_MODULES]
    return EnglishFinder(lang, names=COMPUTER_NAMES, commands=subcommands)


def cli_runs(folder: Path) -> list[list[str]]:
    """The command lines of the corpus: every command's help, its output on good input and its message on
    bad input, for every game where the command takes one, and every option's refusal (option_runs)."""
    commands = [m.removesuffix("_cmd").replace("_", "-") for m in COMMAND_MODULES]
    runs: list[list[str]] = [["--help"], *[[c, "--help"] for c in commands], ["keys"], *option_runs(folder)]
    # One run of each kind of output: the report and the summaries are worded the same for every game.
    runs += [
        ["simulate", "--game", "five-crowns", "--games", "1", "--players", "easy,easy"],
        ["bench-anchor", "--games", "1", "--level", "easy"],
        ["simulate", "--game", "solitaire", "--games", "1"],
        ["kit", "--game", "contract-rummy", "-o", str(folder / "kit")],
        ["labels", "--deck", "upcard-rummy", "-o", str(folder / "labels.brf")],
        ["chart", "-o", str(folder / "chart.brf")], ["practice", "-o", str(folder / "practice.brf")],
        ["hand", "--wild", "7", "7h", "7d", "7c", "3h", "4h", "5h", "jo", "9s"],
        ["hand", "--game", "contract-rummy", "--contract", "1", "7h", "7c", "jo", "5s", "6s", "7s", "8s"],
        ["hand", "--game", "upcard-rummy", "--wild", "5", "9d", "9h", "9s", "ks", "ac", "2h"],
        ["hand", "--wild", "7", "7x"], ["hand", "--game", "contract-rummy", "--contract", "12", "7h"],
        ["braille", "10h", "7st", "qs", "jo"], ["braille", "--from-brf", "10H 7/ ZZ"],
        ["braille", "--from-unicode", "⠞⠌"],
        ["play", "--game", "contract-rummy", "--players", "99"], ["play", "--tie-break", "maybe"],
        ["serve", "--port", "99999"], ["bench-server", "--seats", "20"],
        ["solitaire", "--all-wild-melds", "perhaps"],
        # Refusals of values in range for the option's type but not for the rules or the page.
        ["play", "--sets", "3"], ["play", "--game", "contract-rummy", "--decks", "4"],
        ["labels", "--cells-per-line", "5", "-o", str(folder / "narrow.brf")],
        ["chart", "--dot-diameter", "5", "-o", str(folder / "touching.pdf")],
        ["labels", "-o", str(folder / "labels.txt")], ["hand", "zz"],
    ]
    return runs


def run_cli(lang: str, args: Sequence[str], home: Path) -> list[str]:
    """The lines a command prints (standard output then errors), run in a process of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "BRLAPI"))}
    env.update(ACCESS_GAME_HOME=str(home), COLUMNS="200", PYTHONIOENCODING="utf-8")
    home.mkdir(parents=True, exist_ok=True)
    try:
        # Run in the home folder: a relative path taken as a value (serve --data x) lands there.
        done = subprocess.run([str(COMMAND), "--lang", lang, *args], capture_output=True, text=True, env=env,
                              timeout=ACCEPTED_AFTER, stdin=subprocess.DEVNULL, cwd=home)
        out, err = done.stdout, done.stderr
    except subprocess.TimeoutExpired as running:  # a value taken: what it printed until then (a server up)
        out, err = _text(running.stdout), _text(running.stderr)
    return [line.strip() for line in (out + "\n" + err).splitlines() if line.strip()]


def _text(data: bytes | str | None) -> str:
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data or ""


def terminal_runs() -> list[list[str]]:
    """Command lines that need a terminal to start: the network commands, to a server that is not
    there (a port nobody listens on), whose one line says why."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"ws://127.0.0.1:{probe.getsockname()[1]}"
    return [["join", "--server", closed, "KQ7XMA", "--name", "Ben"], ["online", "--server", closed, "--name", "Ben"]]


def run_in_terminal(lang: str, args: Sequence[str], home: Path) -> list[str]:
    """The lines a command prints in a pseudo-terminal of its own (tests/pty_play.py) until it ends."""
    import pexpect
    from pty_play import spawn, terminal_env

    home.mkdir(parents=True, exist_ok=True)
    child = spawn(home, "--lang", lang, *args, env=terminal_env(home, drop=("LC_", "LANG", "BRLAPI")),
                  timeout=ACCEPTED_AFTER, cwd=home)
    child.expect(pexpect.EOF)
    child.close()
    return [line.strip() for line in str(child.before).replace("\r", "").splitlines() if line.strip()]


def cli_corpus(lang: str, folder: Path) -> dict[tuple[str, ...], list[str]]:
    """Each command line of the corpus with the lines it printed in ``lang`` (two at a time)."""
    runs = cli_runs(folder)
    in_terminal = terminal_runs()
    with ThreadPoolExecutor(max_workers=2) as pool:
        outputs = list(pool.map(lambda args: run_cli(lang, args, folder / "home"), runs))
        outputs += list(pool.map(lambda args: run_in_terminal(lang, args, folder / "home"), in_terminal))
    return {tuple(args): lines for args, lines in zip([*runs, *in_terminal], outputs, strict=True)}


def main(argv: Sequence[str] | None = None) -> int:
    with_games = "--games" in (sys.argv[1:] if argv is None else argv)
    for lang in LANGUAGES[1:]:
        find = finder(lang)
        with tempfile.TemporaryDirectory() as tmp:
            corpus = cli_corpus(lang, Path(tmp))
            lines = [line for out in corpus.values() for line in out]
            report(f"{lang}: command-line corpus, {len(corpus)} command lines", cli_finder(lang), lines)
            report(f"{lang}: access-game keys", cli_finder(lang), corpus[("keys",)])
            if with_games:
                from test_no_english_leaks import play_whole_game

                from access_game.catalog import games

                for entry in games():
                    report(f"{lang}: a whole game of {entry.name} with its tours", find,
                           play_whole_game(lang, entry.name, Path(tmp) / entry.name))
    return 0


def report(title: str, find: EnglishFinder, lines: list[str]) -> None:
    english = find.english(lines)
    print(f"{title}: {len(lines)} lines, {len(english)} with English")
    for v in english:
        print(f"  {v.line[:150]}  <- {', '.join(v.words[:6])} {' | '.join(v.sentences[:2])}")


if __name__ == "__main__":
    raise SystemExit(main())
