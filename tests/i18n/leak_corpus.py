"""What a player reads from every command-line tool, run for real in one language: the corpus the leak
test checks for English. Run as a script for the figures (lines with English per language, over the
command-line corpus, and with ``--games`` over a whole game of each game with its tours too):

    .venv/bin/python tests/i18n/leak_corpus.py [--games]
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT, ROOT / "tests" / "i18n"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from english_lines import EnglishFinder  # noqa: E402

from access_game.cli import COMMAND_MODULES  # noqa: E402
from access_game.commands.play import COMPUTER_NAMES  # noqa: E402
from speech.i18n import LANGUAGES  # noqa: E402

COMMAND = Path(sys.executable).parent / "access-game"
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


def cli_runs(folder: Path) -> list[list[str]]:
    """The command lines of the corpus: every command's help, its output on good input and its message on
    bad input, for every game where the command takes one."""
    commands = [m.removesuffix("_cmd").replace("_", "-") for m in COMMAND_MODULES]
    runs: list[list[str]] = [["--help"], *[[c, "--help"] for c in commands], ["keys"]]
    # One run of each kind of output: the report and the summaries are worded the same for every game.
    runs += [
        ["simulate", "--game", "five-crowns", "--games", "1", "--players", "easy,easy"],
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
    ]
    return runs


def run_cli(lang: str, args: Sequence[str], home: Path) -> list[str]:
    """The lines a command prints (standard output then errors), run in a process of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "BRLAPI"))}
    env.update(ACCESS_GAME_HOME=str(home), COLUMNS="200", PYTHONIOENCODING="utf-8")
    done = subprocess.run([str(COMMAND), "--lang", lang, *args], capture_output=True, text=True, env=env,
                          timeout=300, stdin=subprocess.DEVNULL)
    return [line.strip() for line in (done.stdout + "\n" + done.stderr).splitlines() if line.strip()]


def cli_corpus(lang: str, folder: Path) -> dict[tuple[str, ...], list[str]]:
    """Each command line of the corpus with the lines it printed in ``lang`` (two at a time)."""
    runs = cli_runs(folder)
    with ThreadPoolExecutor(max_workers=2) as pool:
        outputs = list(pool.map(lambda args: run_cli(lang, args, folder / "home"), runs))
    return {tuple(args): lines for args, lines in zip(runs, outputs, strict=True)}


def main(argv: Sequence[str] | None = None) -> int:
    with_games = "--games" in (sys.argv[1:] if argv is None else argv)
    for lang in LANGUAGES[1:]:
        find = finder(lang)
        with tempfile.TemporaryDirectory() as tmp:
            corpus = cli_corpus(lang, Path(tmp))
            lines = [line for out in corpus.values() for line in out]
            report(f"{lang}: command-line corpus, {len(corpus)} command lines", find, lines)
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
