"""A player's name is checked by one rule at every door, and no name is ever printed raw.

Before, only the network checked names (``hello``, ``host``/``join --name``): ``play --names`` took
control characters and 100,000 characters, a save could hold any name, and a save whose name held
``\\x1b]0;…\\x07\\x1b[2J`` retitled the terminal and cleared the screen at the resume question
(TERM=dumb printed it byte for byte). Now engine.names holds the rule; the command line, the protocol,
new games and loaded saves all ask it; and every printed line has its control characters replaced.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from access_game.net import protocol as p
from access_game.saves import SaveStore
from access_game.ui.plain_output import PlainOutput
from access_game.ui.printer import LinePrinter
from engine.errors import SaveFormatError
from engine.game import Game
from engine.names import MAX_NAME_CHARS, read_name

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import COMMAND, spawn, terminal_env

ESCAPES = "Eve\x1b]0;pwned\x07\x1b[2J"

#: Names refused everywhere, and why each is worth a case.
BAD_NAMES = {
    "terminal escapes": ESCAPES,
    "a line break": "Ann\nBen",
    "a C1 control (CSI)": "Ann\x9b2J",
    "41 characters": "A" * (MAX_NAME_CHARS + 1),
    "100,000 characters": "A" * 100_000,
    "spaces only": "   ",
    "empty": "",
    "a lone surrogate": "Ann\udc80",
    "a bidirectional override": "Ann\u202e",
}


@pytest.mark.parametrize("name", list(BAD_NAMES.values()), ids=list(BAD_NAMES))
def test_one_rule_refuses_the_name_at_every_door(name: str) -> None:
    assert read_name(name) is None
    with pytest.raises(ValueError, match="name"):
        Game.new("five-crowns", ["You", name], seed=1)
    data = Game.new("five-crowns", ["You", "Anna"], seed=1).to_data()
    data["players"][1] = data["state"]["players"][1] = name
    with pytest.raises(SaveFormatError, match="name"):
        Game.from_data(data)
    frame = json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": name})
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client(frame)
    assert info.value.code in ("bad_message", "too_big")  # 100,000 characters do not fit in a frame


def test_the_rule_keeps_names_a_player_would_give() -> None:
    for name in ("Ann", "Jean-Pierre", "Zoë", "李", "A" * MAX_NAME_CHARS, "O'Brien 2"):
        assert read_name(name) == name
        assert read_name(f"  {name} ") == name


def _cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ACCESS_GAME_HOME": str(home), "LANGUAGE": "en"}
    return subprocess.run([str(COMMAND), *args], capture_output=True, text=True, env=env, timeout=60,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(("command", "option", "name"), [
    *((["play", "--names", "You"], "--names", name) for name in ("terminal escapes", "41 characters",
                                                                  "100,000 characters", "a lone surrogate",
                                                                  "spaces only")),
    (["host", "--server", "ws://127.0.0.1:9", "--game", "five-crowns", "--seats", "2", "--name"], "--name",
     "terminal escapes"),
    (["join", "--server", "ws://127.0.0.1:9", "K7QAMX3F9", "--name"], "--name", "100,000 characters"),
])
def test_a_name_on_the_command_line_is_refused_with_usage(command: list[str], option: str, name: str,
                                                          tmp_path: Path) -> None:
    result = _cli(tmp_path, *command, BAD_NAMES[name])
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [f"access-game {command[0]}: error: {option}: a name is 1 to 40 printable "
                                          f"characters. access-game {command[0]} --help lists the options."]
    assert "Traceback" not in result.stderr and "\x1b" not in result.stderr


def _saved_with(home: Path, name: str) -> Path:
    """A save whose second player is called ``name`` (written as an edited or forged file would be)."""
    data = Game.new("five-crowns", ["You", "Anna"], seed=3).to_data()
    text = json.dumps(data).replace('"Anna"', json.dumps(name))
    store = SaveStore(home / "data" / "saves")
    store.directory.mkdir(parents=True)
    store.path.write_text(json.dumps({"format": "access-game-session", "version": 1, "saved_at": "x",
                                      "human_seat": 0, "level": "normal", "game": json.loads(text)}))
    return store.path


@pytest.mark.parametrize("term", ["dumb", "xterm"])
def test_a_save_whose_name_holds_escapes_is_set_aside_and_never_printed(term: str, tmp_path: Path) -> None:
    save = _saved_with(tmp_path, ESCAPES)
    child = spawn(tmp_path, "--speech", "screen-reader", "--braille", "off",
                  env=terminal_env(tmp_path, term=term, HOME=str(tmp_path)))
    child.expect("y/n>")
    seen = child.before
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert "each player's name must be 1 to 40 printable characters" in " ".join(seen.split())
    assert "pwned" not in seen and "\x07" not in seen and "\x1b]" not in seen and "\x1b[2J" not in seen
    assert not save.exists() and len(list(save.parent.glob("current.damaged-*.json"))) == 1


def test_every_printed_line_has_its_control_characters_replaced() -> None:
    """The last guard, whatever a name came from (a server's message, a records file): a terminal is
    never handed a control character to obey."""
    out = io.StringIO()
    printer = LinePrinter(PlainOutput(out))
    printer(f"You have a saved game with {ESCAPES}\x9b2J and\nBen.")
    printer.flush()
    assert out.getvalue().replace("\r\n", "\n") == "You have a saved game with Eve?]0;pwned??[2J?2J and Ben.\n"
