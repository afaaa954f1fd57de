"""The command line's boundary, as a user meets it: every command × every fault of its standard streams.

Real processes with real descriptors: a pipe whose reader has gone (``access-game keys | head``), a
full device (``>/dev/full``), a standard stream closed (``>&-``, ``<&-``, ``2>&-``). Before, ``keys |
head`` and ``hand >/dev/full`` ended in tracebacks, ``play`` with standard output closed in an
AssertionError, ``play <&-`` in an AttributeError, and ``--help >/dev/full`` ended with success
having shown nothing. Now: the reader gone ends quietly (status 141, as ``cat`` would); an output that
cannot be written is one line and a crash log (status 1); standard output closed is refused before
anything runs (status 2); standard input or error closed change nothing. Never a traceback.
``python scripts/boundary_figures.py [CODE_ROOT]`` counts these cases and their neighbours (serve's
arguments, names, huge numbers, locks, escapes) against any checkout, for a before-and-after figure.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

COMMAND = Path(sys.executable).parent / "access-game"

#: Commands that print and end, each as a player runs it.
COMMANDS: dict[str, list[str]] = {
    "--help": ["--help"],
    "keys": ["keys"],
    "hand": ["hand", "--wild", "3", "5h", "5s", "5d", "kc"],
    "braille": ["braille", "7h", "10st"],
    "serve --help": ["serve", "--help"],  # a subcommand's parser: argparse makes it of the top one's class
    "a typing slip": ["--no-such-option"],
}
#: The status each ends with when nothing goes wrong.
USUAL = {"a typing slip": 2}


@dataclass(frozen=True)
class Fault:
    name: str
    #: The streams' descriptors for the child: (stdin, stdout, stderr); None: closed.
    streams: Callable[[Path], tuple[Any, Any, Any]]
    #: The status expected, from the usual one.
    status: Callable[[int], int]
    #: What standard error holds, from what it holds usually (None: whatever the command says).
    error: str | None = None


def _gone_reader(_tmp: Path) -> tuple[Any, Any, Any]:
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first write
    return subprocess.DEVNULL, write, subprocess.PIPE


def _full(_tmp: Path) -> tuple[Any, Any, Any]:
    return subprocess.DEVNULL, open("/dev/full", "w"), subprocess.PIPE


FAULTS = [
    Fault("stdout to a pipe whose reader has gone", _gone_reader, lambda usual: 141 if usual == 0 else usual, ""),
    Fault("stdout to /dev/full", _full, lambda usual: 1 if usual == 0 else usual,
          "access-game: an unexpected error stopped the command (OSError: [Errno 28] No space left on device). "
          "Details are in {log}.\n"),
    Fault("stdout closed", lambda _t: (subprocess.DEVNULL, None, subprocess.PIPE), lambda _usual: 2,
          "access-game: standard output is closed, so nothing could be shown; run it with standard output open "
          "(>/dev/null throws the output away).\n"),
    Fault("stdin closed", lambda _t: (None, subprocess.PIPE, subprocess.PIPE), lambda usual: usual),
    Fault("stderr closed", lambda _t: (subprocess.DEVNULL, subprocess.PIPE, None), lambda usual: usual),
    Fault("stderr to /dev/full", lambda _t: (subprocess.DEVNULL, subprocess.PIPE, open("/dev/full", "w")),  # noqa: SIM115
          lambda usual: usual),
]


def run_with(args: list[str], streams: tuple[Any, Any, Any], home: Path) -> tuple[int, str]:
    """Run the command with these standard streams (None: closed in the child); its status and what it
    wrote to standard error when that was a pipe."""
    closed = [fd for fd, stream in enumerate(streams) if stream is None]

    def close_them() -> None:
        for fd in closed:
            os.close(fd)

    env = {**os.environ, "ACCESS_GAME_HOME": str(home), "LANG": "C.UTF-8", "LANGUAGE": "en"}
    stdin, stdout, stderr = (subprocess.DEVNULL if s is None else s for s in streams)
    proc = subprocess.run([str(COMMAND), *args], stdin=stdin, stdout=stdout, stderr=stderr, env=env, timeout=60,
                          preexec_fn=close_them, text=True)
    for stream in streams:
        if isinstance(stream, int) and stream > 2:
            os.close(stream)
        elif hasattr(stream, "close"):
            stream.close()
    return proc.returncode, proc.stderr or ""


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.name)
@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_meets_every_stream_fault_with_a_sentence_and_the_right_status(
        command: str, fault: Fault, tmp_path: Path) -> None:
    status, error = run_with(COMMANDS[command], fault.streams(tmp_path), tmp_path)
    usual = USUAL.get(command, 0)
    assert "Traceback" not in error, error
    assert status == fault.status(usual), (status, error)
    if fault.error is not None and usual == 0:
        log = tmp_path / "data" / "crash.log"
        assert error == fault.error.format(log=log)
        assert log.exists() == ("{log}" in fault.error)
    if fault.name == "stdout to /dev/full" and usual == 0:
        assert "OSError: [Errno 28] No space left on device" in (tmp_path / "data" / "crash.log").read_text()


@pytest.mark.parametrize("rank", ["9" * 5000, "²", "0011", "-" + "9" * 4400])
def test_the_hand_checker_reads_any_number_given_as_a_rank(rank: str, tmp_path: Path) -> None:
    """A rank of 5,000 digits (more than int() reads) or a superscript two (a digit int() cannot read)
    raised from inside the hand checker; each is now a rank or a usage error."""
    status, error = run_with(["hand", "--wild", rank, "5h"], (subprocess.DEVNULL, subprocess.PIPE, subprocess.PIPE),
                             tmp_path)
    assert "Traceback" not in error and "unexpected" not in error, error
    assert status == (0 if rank == "0011" else 2), error  # 0011 is 11: jacks are wild


def _play(stdout: Any, home: Path) -> tuple[subprocess.Popen[str], int]:
    """``access-game`` with a real terminal for input and ``stdout`` for its lines (None: closed); the
    process and the terminal's other end."""
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMPT_TOOLKIT", "BRLAPI"))}
    env.update(ACCESS_GAME_HOME=str(home), HOME=str(home), TERM="dumb", LANG="C.UTF-8", LANGUAGE="en")
    closed = stdout is None
    proc = subprocess.Popen([str(COMMAND), "--seed", "4", "--speech", "screen-reader", "--braille", "off"],
                            stdin=slave, stdout=subprocess.DEVNULL if closed else stdout, stderr=subprocess.PIPE,
                            env=env, text=True, preexec_fn=(lambda: os.close(1)) if closed else None)
    os.close(slave)
    return proc, master


def _ended(proc: subprocess.Popen[str], master: int) -> tuple[int, str]:
    try:
        _out, error = proc.communicate(timeout=60)
    finally:
        os.close(master)
    return proc.returncode, error


def test_play_ends_quietly_when_the_reader_of_its_lines_goes_and_the_game_is_saved(tmp_path: Path) -> None:
    read, write = os.pipe()
    proc, master = _play(write, tmp_path)
    os.close(write)
    seen = b""
    with os.fdopen(read, "rb") as reader:
        while b"Your turn." not in seen:  # the game has dealt and saved; then the reader goes away
            chunk = reader.read1(4096)
            assert chunk, seen
            seen += chunk
    # The next lines find nobody to read them. A key pressed while the prompt is still being set up may
    # be taken before it reads keys (on a busy machine), so it is pressed again until the game answers.
    for _ in range(30):
        os.write(master, b"d")
        try:
            proc.wait(timeout=2)
            break
        except subprocess.TimeoutExpired:
            continue
    assert _ended(proc, master) == (141, "")
    assert (tmp_path / "data" / "saves" / "current.json").exists()


def test_play_with_a_full_output_says_one_line_and_keeps_the_game(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        status, error = _ended(*_play(full, tmp_path))
    assert status == 1 and "Traceback" not in error
    assert error.startswith("access-game: an error stopped the game (OSError: [Errno 28] No space left on device).")
    assert len(error.strip().splitlines()) == 1
    assert (tmp_path / "data" / "crash.log").exists()


def test_play_with_its_output_closed_is_refused_before_it_starts(tmp_path: Path) -> None:
    status, error = _ended(*_play(None, tmp_path))
    assert status == 2
    assert error.startswith("access-game: standard output is closed")
    assert not (tmp_path / "data").exists()  # nothing was written: the game never began


def test_play_with_its_input_closed_says_it_needs_a_terminal(tmp_path: Path) -> None:
    status, error = run_with(["--seed", "4"], (None, subprocess.PIPE, subprocess.PIPE), tmp_path)
    assert (status, error) == (2, "access-game: play needs a terminal: standard input is not one.\n")
