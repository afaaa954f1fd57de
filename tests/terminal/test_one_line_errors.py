"""A wrong option or value is one line, in the player's language, for every command: what is wrong and
the command whose --help lists the options, exit status 2, nothing on standard output (argparse's usage
block is not printed first: a screen reader reads all of it before the line that matters). Each case is
a real ``access-game`` process; the commands are the CLI's own list, so a command added later is
covered."""

from __future__ import annotations

import gettext
import os
import subprocess
import sys
from pathlib import Path

import pytest

from access_game.cli import COMMAND_MODULES
from speech.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [m.removesuffix("_cmd").replace("_", "-") for m in COMMAND_MODULES]
#: What the commands that need arguments are given, so that the unknown option is the one problem.
NEEDED = {"hand": ["5h"], "host": ["--server", "ws://127.0.0.1:9", "--game", "five-crowns", "--seats", "2",
                                  "--name", "Ann"],
          "join": ["--server", "ws://127.0.0.1:9", "K7QAMX3F9"], "online": ["--server", "ws://127.0.0.1:9",
                                                                          "--name", "Ann"]}
#: argparse's English, which a French or Spanish line never shows.
ENGLISH = ("usage:", "unrecognized arguments", "invalid choice", "invalid int value", "whole number",
           "the following arguments", "lists the options", "expected one argument")
#: The problem a value names, by command line: a value the command cannot take, each kind once.
VALUES = [
    (["play", "--players", "99"], "--players"),
    (["play", "--game", "nope"], "nope"),
    (["play", "--level", "x"], "'x'"),
    (["play", "--players", "x"], "'x'"),
    (["play", "--seed"], "--seed"),
    (["solitaire", "--seed", "x"], "--seed"),
    (["hand"], "CARD"),
    (["hand", "--wild", "5", "zz"], "zz"),
    (["join", "--server", "ws://127.0.0.1:9", "--name", "Ann", "zz"], "zz"),
    (["join", "--server", "nowhere", "--name", "Ann", "K7QAMX3F9"], "nowhere"),
    (["online", "--server", "ws://127.0.0.1:9", "--name", ""], "--name"),
    (["nope"], "'nope'"),
]


def _words(lang: str) -> gettext.NullTranslations:
    return gettext.translation("access_game", ROOT / "speech" / "locale", languages=[lang], fallback=True)


def _pointer(lang: str, command: str) -> str:
    """The end of the line: the command that lists the options, as the catalog of ``lang`` says it."""
    template = _words(lang).gettext("{command}: error: {problem}. {command} --help lists the options.")
    return template.split("{problem}", 1)[1].format(command=command)


def _run(tmp_path: Path, lang: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LC_", "ACCESS_GAME")) and k not in ("LANG", "LANGUAGE")}
    env.update(ACCESS_GAME_HOME=str(tmp_path), LANG="C.UTF-8")
    return subprocess.run([str(Path(sys.executable).parent / "access-game"), "--lang", lang, *args],
                          capture_output=True, text=True, env=env, timeout=60, check=False, stdin=subprocess.DEVNULL)


def _one_line(done: subprocess.CompletedProcess[str], lang: str, command: str, problem: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stdout == "", done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    line = lines[0]
    assert line.startswith(command) and line[len(command)] in ": ", line
    assert line.endswith(_pointer(lang, command)), line
    # A placeholder (CARD) is named as the language names it (CARTE, KARTE): the catalog's "metavar" word.
    named = _words(lang).pgettext("metavar", problem) if problem.isupper() else problem
    assert named in line, (named, line)
    if lang != "en":
        assert not any(english in line for english in ENGLISH), line


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_option_of_any_command_is_one_line_naming_its_help(tmp_path: Path, command: str,
                                                                       lang: str) -> None:
    done = _run(tmp_path, lang, [command, *NEEDED.get(command, []), "--no-such-option"])
    _one_line(done, lang, f"access-game {command}", "--no-such-option")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("args", "problem"), VALUES, ids=[" ".join(a) for a, _p in VALUES])
def test_a_wrong_value_is_one_line_naming_it_and_the_help(tmp_path: Path, args: list[str], problem: str,
                                                          lang: str) -> None:
    command = "access-game" if args[0] not in COMMANDS else f"access-game {args[0]}"
    _one_line(_run(tmp_path, lang, args), lang, command, problem)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mistyped_table_code_says_no_table_has_it(tmp_path: Path, lang: str) -> None:
    done = _run(tmp_path, lang, ["join", "--server", "ws://127.0.0.1:9", "--name", "Ann", "K7Q-AMX-3F"])
    said = _words(lang).gettext("No table has the code {code}.").format(code="K7Q-AMX-3F")
    assert said.rstrip(".") in done.stderr, done.stderr
    assert "9" not in done.stderr.replace("127.0.0.1:9", ""), done.stderr
