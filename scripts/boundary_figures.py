"""The command line's boundary, counted: every case of tests/terminal/test_command_boundary.py and its
neighbours run again as real processes against any checkout, for a before-and-after figure.

    python scripts/boundary_figures.py [CODE_ROOT]

CODE_ROOT (default: this checkout) is put first on PYTHONPATH, so an older tree (``git archive REV |
tar -x -C DIR``) runs with this one's interpreter. Prints one line per case and the totals: tracebacks,
wrong exit statuses (a bad name taken counts as one), false "saved" (a game said saved that no save
holds) and raw escape sequences printed. The read-only lock folder needs ``chattr`` when run as root.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pty
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pexpect

HERE = Path(__file__).resolve().parents[1]


@dataclasses.dataclass
class Case:
    name: str
    traceback: bool = False
    wrong_status: bool = False
    false_saved: bool = False
    raw_escape: bool = False
    note: str = ""


class Figures:
    def __init__(self, root: Path, work: Path) -> None:
        self.root = root
        self.work = work
        self.cases: list[Case] = []
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMPT_TOOLKIT", "BRLAPI"))}
        self.env = {**env, "PYTHONPATH": str(root), "LANG": "C.UTF-8", "LANGUAGE": "en"}

    def home(self) -> Path:
        path = self.work / f"case{len(self.cases)}"
        path.mkdir()
        return path

    def command(self, home: Path, **more: str) -> tuple[list[str], dict[str, str]]:
        return [sys.executable, "-m", "access_game"], {**self.env, "ACCESS_GAME_HOME": str(home), "HOME": str(home),
                                                      **more}

    def run(self, args: list[str], streams: tuple[Any, Any, Any]) -> tuple[int, str]:
        """The command with these standard streams (None: closed in the child)."""
        closed = [fd for fd, stream in enumerate(streams) if stream is None]
        command, env = self.command(self.home())
        stdin, stdout, stderr = (subprocess.DEVNULL if s is None else s for s in streams)
        done = subprocess.run([*command, *args], stdin=stdin, stdout=stdout, stderr=stderr, env=env, timeout=60,
                              text=True, preexec_fn=lambda: [os.close(fd) for fd in closed])
        for stream in streams:
            if isinstance(stream, int) and stream > 2:
                os.close(stream)
            elif hasattr(stream, "close"):
                stream.close()
        return done.returncode, done.stderr or ""

    def add(self, case: Case) -> None:
        self.cases.append(case)

    # ----------------------------------------------------------------- the cases
    def streams(self) -> None:
        commands = {"--help": (["--help"], 0), "--version": (["--version"], 0), "keys": (["keys"], 0),
                    "hand": (["hand", "--wild", "3", "5h", "5s", "5d", "kc"], 0),
                    "hand --json": (["hand", "--json", "--wild", "3", "5h", "5s", "5d"], 0),
                    "braille": (["braille", "7h", "10st"], 0), "serve --help": (["serve", "--help"], 0),
                    "a typing slip": (["--no-such-option"], 2)}

        def gone() -> tuple[Any, Any, Any]:
            read, write = os.pipe()
            os.close(read)
            return subprocess.DEVNULL, write, subprocess.PIPE

        def full(fd: int) -> Callable[[], tuple[Any, Any, Any]]:
            def make() -> tuple[Any, Any, Any]:
                streams: list[Any] = [subprocess.DEVNULL, subprocess.PIPE, subprocess.PIPE]
                streams[fd] = open("/dev/full", "w")  # noqa: SIM115 - closed by run()
                return streams[0], streams[1], streams[2]
            return make

        faults: dict[str, tuple[Callable[[], tuple[Any, Any, Any]], Callable[[int], int]]] = {
            "reader gone": (gone, lambda usual: 141 if usual == 0 else usual),
            "/dev/full": (full(1), lambda usual: 1 if usual == 0 else usual),
            "stdout closed": (lambda: (subprocess.DEVNULL, None, subprocess.PIPE), lambda _usual: 2),
            "stdin closed": (lambda: (None, subprocess.PIPE, subprocess.PIPE), lambda usual: usual),
            "stderr closed": (lambda: (subprocess.DEVNULL, subprocess.PIPE, None), lambda usual: usual),
            "stderr /dev/full": (full(2), lambda usual: usual),
        }
        for name, (args, usual) in commands.items():
            for fault, (streams, status) in faults.items():
                code, error = self.run(args, streams())
                self.add(Case(f"{name} x {fault}", "Traceback" in error, code != status(usual), note=str(code)))

    def play(self) -> None:
        def start(stdout: Any) -> tuple[subprocess.Popen[str], int]:
            master, slave = pty.openpty()
            command, env = self.command(self.home(), TERM="dumb")
            proc = subprocess.Popen([*command, "--seed", "4", "--speech", "screen-reader", "--braille", "off"],
                                    stdin=slave, stdout=subprocess.DEVNULL if stdout is None else stdout,
                                    stderr=subprocess.PIPE, env=env, text=True,
                                    preexec_fn=(lambda: os.close(1)) if stdout is None else None)
            os.close(slave)
            return proc, master

        def end(proc: subprocess.Popen[str], master: int) -> tuple[int, str]:
            try:
                _out, error = proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                _out, error = proc.communicate()
                error += " (it hung)"
            os.close(master)
            return proc.returncode, error

        read, write = os.pipe()
        proc, master = start(write)
        os.close(write)
        seen = b""
        with os.fdopen(read, "rb") as reader:
            while b"Your turn." not in seen and (chunk := reader.read1(4096)):
                seen += chunk
        os.write(master, b"d")
        code, error = end(proc, master)
        self.add(Case("play x reader gone", "Traceback" in error, code != 141, note=f"{code} {error[:80]!r}"))
        with open("/dev/full", "w") as device:
            code, error = end(*start(device))
        self.add(Case("play x /dev/full", "Traceback" in error, code != 1, note=str(code)))
        code, error = end(*start(None))
        self.add(Case("play x stdout closed", "Traceback" in error, code != 2, note=str(code)))
        code, error = self.run(["--seed", "4"], (None, subprocess.PIPE, subprocess.PIPE))
        self.add(Case("play x stdin closed", "Traceback" in error, code != 2, note=str(code)))

    def serve(self) -> None:
        for name, args in {"--host 64-character label": ["--host", "a" * 64],
                           "--host lone surrogate": ["--host", "a\udc80"], "--host ''": ["--host", ""],
                           "--host a..b": ["--host", "a..b"], "--data 100,000 characters": ["--data", "d" * 100_000]
                           }.items():
            command, env = self.command(self.home())
            try:
                done = subprocess.run([*command, "serve", "--port", "0", *args], capture_output=True, text=True,
                                      env=env, timeout=8, stdin=subprocess.DEVNULL)
                code: int | str = done.returncode
                error = done.stderr
            except subprocess.TimeoutExpired:
                code, error = "listening", ""
            self.add(Case(f"serve {name}", "Traceback" in error, code != 2, note=str(code)))

    def names(self) -> None:
        names = {"escapes": "Eve\x1b]0;x\x07\x1b[2J", "41 characters": "A" * 41, "100,000 characters": "A" * 100_000,
                 "lone surrogate": "Ann\udc80"}
        for name, text in names.items():
            for args in (["play", "--names", "Ann"],
                         ["host", "--server", "ws://127.0.0.1:9", "--game", "five-crowns", "--seats", "2", "--name"]):
                command, env = self.command(self.home())
                done = subprocess.run([*command, *args, text], capture_output=True, text=True, env=env, timeout=30,
                                      stdin=subprocess.DEVNULL)
                taken = "needs a terminal" in done.stderr or "cannot reach" in done.stderr  # the name went through
                last = (done.stderr.strip().splitlines() or [""])[-1]
                self.add(Case(f"{args[0]} name: {name}", "Traceback" in done.stderr, done.returncode != 2 or taken,
                              note=f"{done.returncode} {last[:70]!r}"))

    def numbers(self) -> None:
        for name, wild in {"5,000 digits": "9" * 5000, "a superscript 2": "\u00b2"}.items():
            code, error = self.run(["hand", "--wild", wild, "5h"], (subprocess.DEVNULL, subprocess.PIPE,
                                                                    subprocess.PIPE))
            self.add(Case(f"hand --wild {name}", "Traceback" in error, code != 2, note=str(code)))
        probe = subprocess.run([sys.executable, "-c", _HUGE_PROBE], capture_output=True, text=True, env=self.env,
                               cwd=str(self.root))
        cases, raised = map(int, probe.stdout.split())
        self.add(Case(f"engine: a 5,000-digit number in {cases} moves", raised > 0, note=f"{raised} raised"))

    def locks(self, fault: str) -> None:
        home = self.home()
        (home / "data" / "saves").mkdir(parents=True)
        (home / "h").mkdir()
        locks = home / "data" / "locks"
        immutable = False
        if fault == "a file":
            locks.write_text("x")
        else:
            locks.mkdir()
            locks.chmod(0o555)
            if os.geteuid() == 0:  # root writes through a read-only folder
                subprocess.run(["chattr", "+i", str(locks)], check=True)
                immutable = True
        command, env = self.command(home, HOME=str(home / "h"), TERM="dumb", COLUMNS="200")
        games, said_saved = [], 0
        try:
            for seed in ("4", "5"):
                game = pexpect.spawn(command[0], [*command[1:], "--seed", seed, "--speech", "screen-reader",
                                                  "--braille", "off"], env=env, encoding="utf-8", timeout=20,
                                     dimensions=(24, 200), cwd=str(home / "h"))
                if game.expect(["draw>", "y/n>"]) == 1:  # in use: another slot; a save to resume: a new game
                    game.send("y" if "in use" in " ".join(game.before.split()) else "n")
                    game.expect("draw>")
                games.append(game)
            for game in games:
                game.send("d")
                game.expect("discard>")
            for game in games:
                game.send("q")
                game.expect("quit y/n>")
                game.send("y")
                game.expect(pexpect.EOF)
                said_saved += "Your game is saved" in game.before
        finally:
            if immutable:
                subprocess.run(["chattr", "-i", str(locks)], check=True)
        kept = set()
        for path in home.rglob("*.json"):
            try:
                data = json.loads(path.read_text())["game"]
            except (ValueError, KeyError):
                continue
            if any(action.get("seat") == 0 for action in data["actions"]):  # the player's own draw is in it
                kept.add(data["seed"])
        self.add(Case(f"two plays, the locks folder {fault}", false_saved=said_saved > len(kept & {4, 5}),
                      note=f"said saved {said_saved}, games kept {sorted(kept)}"))

    def escapes(self, term: str) -> None:
        home = self.home()
        made = subprocess.run([sys.executable, "-c", "import json; from engine.game import Game; print(json.dumps("
                               "Game.new('five-crowns', ['You', 'Anna'], seed=3).to_data()))"],
                              capture_output=True, text=True, env=self.env)
        game = json.loads(made.stdout.replace('"Anna"', json.dumps("Eve\x1b]0;pwned\x07\x1b[2J")))
        (home / "data" / "saves").mkdir(parents=True)
        (home / "data" / "saves" / "current.json").write_text(json.dumps(
            {"format": "access-game-session", "version": 1, "saved_at": "x", "human_seat": 0, "level": "normal",
             "game": game}))
        command, env = self.command(home, TERM=term, COLUMNS="200")
        child = pexpect.spawn(command[0], [*command[1:], "--speech", "screen-reader", "--braille", "off"], env=env,
                              encoding="utf-8", timeout=20, dimensions=(24, 200))
        child.expect("y/n>")
        seen = child.before
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
        raw = "\x07" in seen or "\x1b]0" in seen or "\x1b[2J" in seen
        self.add(Case(f"the resume question, a name with escapes, TERM={term}", raw_escape=raw))


_HUGE_PROBE = """
import dataclasses, random, sys
sys.path.insert(0, 'tests/robustness')
from fuzzing import GAMES, new_game
from engine.errors import IllegalAction
raised = cases = 0
for name in GAMES:
    game, rng = new_game(name, 1), random.Random(1)
    for _ in range(40):
        if game.over:
            break
        legal = game.legal_actions(game.seats_to_act()[0])
        for action in {type(a): a for a in legal}.values():
            for f in dataclasses.fields(action):
                value = getattr(action, f.name)
                if isinstance(value, int) and not isinstance(value, bool):
                    cases += 1
                    try:
                        game.apply(dataclasses.replace(action, **{f.name: 10**5000}))
                    except IllegalAction:
                        pass
                    except Exception:
                        raised += 1
        game.apply(rng.choice(legal))
print(cases, raised)
"""


def main() -> int:
    root = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else HERE
    with tempfile.TemporaryDirectory() as work:
        figures = Figures(root, Path(work))
        figures.streams()
        figures.play()
        figures.serve()
        figures.names()
        figures.numbers()
        for fault in ("a file", "read-only"):
            figures.locks(fault)
        for term in ("dumb", "xterm"):
            figures.escapes(term)
    print(f"code: {root}")
    for case in figures.cases:
        flags = [flag for flag, on in (("TRACEBACK", case.traceback), ("WRONG-STATUS", case.wrong_status),
                                       ("FALSE-SAVED", case.false_saved), ("RAW-ESCAPE", case.raw_escape)) if on]
        print(f"{case.name:52s} {','.join(flags) or 'ok':28s} {case.note}")
    cases = figures.cases
    print(f"cases {len(cases)}; tracebacks {sum(c.traceback for c in cases)}; wrong exit statuses "
          f"{sum(c.wrong_status for c in cases)}; false saved {sum(c.false_saved for c in cases)}; raw escapes "
          f"printed {sum(c.raw_escape for c in cases)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
