"""Power cuts on a real server: the moves players were told that a cut loses (the goal is none), and the
fsyncs each told move costs.

``access-game serve`` runs under ``strace`` (crashfs), which records with the time it returned every
call it makes on its table directory, while scripted players (one person and one computer player per
table, several tables at once) play on it over real websockets. Each player notes when it was told
of each change at its seat (the time its update arrived, on the same clock). Then, for every point of
the recording, the table directory is rebuilt as a power cut just before the next call returned would
leave it, keeping only what had been fsynced by then (crashfs ``Prefix.least``; ``--every-state``
also tries each file torn and each unsynced name kept or lost), and it is loaded with the server's
own recovery (``TableStore.load_all``). A move is lost when a player had been told of it before that
point and the table brought back does not hold it.

    python -m access_game.bench.power_cut [--tables 3] [--moves 30] [--every-state]

Linux with strace only (the figures are for the system calls a real disk sees).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from access_game.bench.crashfs import Folder, Recording, read_folder, read_strace, strace_command
from access_game.net.scripted import ScriptedPlayer
from access_game.net.table_store import TableStore
from engine.game import Game

__all__ = ["Figures", "Told", "measure", "record", "replay_cuts"]

_SERVING = re.compile(r"Serving on (ws://127\.0\.0\.1:\d+)")
#: The table directory's place in the recorded folder (the server makes it: its making is recorded too).
TABLES = "tables"


@dataclass
class Told:
    """What one player was told, and when: (time.time() its update arrived, its seat's log length then)."""

    code: str
    seat: int
    heard: list[tuple[float, int]] = field(default_factory=list)


@dataclass
class Figures:
    tables: int = 0
    #: Moves the players were told of by the end (every table's), and the fsync calls the server made
    #: on the table directory meanwhile: on journals, on snapshots, on the folder.
    told: int = 0
    journal_fsyncs: int = 0
    snapshot_fsyncs: int = 0
    folder_fsyncs: int = 0
    #: The server's group commits (each fsyncs every journal appended to since the one before).
    commits: int = 0
    #: Points of the recording a cut was replayed at, and the table directories loaded (each once).
    cuts: int = 0
    states: int = 0
    #: Moves told that a cut lost: summed over every cut, the most at one cut, and the cuts losing any.
    lost: int = 0
    most_lost: int = 0
    cuts_losing: int = 0
    #: What went wrong at the first cuts that lost moves, in words.
    examples: list[str] = field(default_factory=list)

    @property
    def fsyncs(self) -> int:
        return self.journal_fsyncs + self.snapshot_fsyncs + self.folder_fsyncs

    def fsyncs_per_told_move(self) -> float:
        return self.fsyncs / self.told if self.told else 0.0

    def lines(self) -> list[str]:
        return [
            f"{self.tables} tables, {self.told} moves told to players; {self.cuts} power cuts replayed "
            f"({self.states} table directories loaded)",
            f"acknowledged moves lost: {self.lost} (at most {self.most_lost} at one cut; "
            f"{self.cuts_losing} cuts lost any)",
            f"fsyncs per told move: {self.fsyncs_per_told_move():.2f} ({self.fsyncs} fsyncs: {self.journal_fsyncs} "
            f"of journals, {self.snapshot_fsyncs} of snapshots, {self.folder_fsyncs} of the folder); "
            f"{self.commits} group commits, {self.told / max(1, self.commits):.2f} told moves each",
            *self.examples]


# ----------------------------------------------------------------------------------------- the play
async def _play(url: str, tables: int, moves: int) -> list[Told]:
    async def one(n: int) -> Told:
        player = ScriptedPlayer(url, f"Player{n}", seed=n)
        await player.open()
        await player.create("five-crowns", 2, 1, "easy", {})
        assert player.code is not None and player.seat is not None
        told = Told(player.code, player.seat)
        player.on_update = lambda pl: told.heard.append((time.time(), len(pl.log)))
        while player.update is None:
            await player.receive()
        await asyncio.wait_for(player.play(max_actions=moves), 300)
        await player.close()
        return told

    return list(await asyncio.gather(*(one(n) for n in range(tables))))


def _serve_and_play(data: Path, log: Path, tables: int, moves: int) -> tuple[list[Told], int]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    # The accounts' database (SQLite, with a journal of its own) is kept out of the recorded folder.
    accounts = log.parent / "accounts.sqlite3"
    proc = subprocess.Popen([*strace_command(log, timed=True), sys.executable, "-m", "access_game", "serve",
                             "--port", "0", "--data", str(data), "--computer-workers", "0", "--database",
                             str(accounts), "--stats", str(log.parent / "stats.json")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = _SERVING.search(line)
        if not match:
            raise RuntimeError(f"the server did not say where it serves: {line!r}")
        told = asyncio.run(_play(match.group(1), tables, moves))
        # The server is strace's child: stopped as its owner would (it snapshots, fsyncs, exits).
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        os.kill(int(children[0]), signal.SIGTERM)
        proc.wait(120)
        stats = json.loads((log.parent / "stats.json").read_text(encoding="utf-8"))
        return told, int(stats.get("commits", 0))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# ----------------------------------------------------------------------------------------- the cuts
def _told_moves(final: Game, seat: int) -> list[int]:
    """The length of ``seat``'s log after each number of moves of the game (index: moves made)."""
    game = Game.new(final.ruleset.name, list(final.players), seed=final.seed, options=dict(final.options))
    lengths = [len(game.seat_log(seat))]
    for action in final.actions:
        game.apply(action)
        lengths.append(len(game.seat_log(seat)))
    return lengths


def replay_cuts(recording: Recording, told: list[Told], scratch: Path, *, every_state: bool = False,
                commits: int = 0) -> Figures:
    """Every cut of the recording, loaded as the server's restart would: the figures (see :class:`Figures`)."""
    finals = {t.code: t for t in TableStore(recording.root / TABLES).load_all().tables}
    figures = Figures(tables=len(told), commits=commits)
    # For each table, the moves a seat's log length stands for: the fewest moves that tell that much.
    lengths = {t.code: _told_moves(_game(finals[t.code].game), t.seat) for t in told}

    def moves_for(code: str, heard: int) -> int:
        return bisect.bisect_left(lengths[code], heard)

    figures.told = sum(moves_for(t.code, t.heard[-1][1]) if t.heard else 0 for t in told)
    for step in recording.steps:
        if step.call in ("fsync", "fdatasync") and step.path.startswith(f"{TABLES}/"):
            if step.path.endswith(".log"):
                figures.journal_fsyncs += 1
            else:
                figures.snapshot_fsyncs += 1
        elif step.call in ("fsync", "fdatasync") and step.path == TABLES:
            figures.folder_fsyncs += 1
    times = [t.heard for t in told]
    found: dict[str, dict[str, int]] = {}

    def look(folder: Folder) -> dict[str, int]:
        """The moves of each table a restart finds in ``folder`` (-1: the table is not brought back)."""
        if folder.key not in found:
            folder.write_to(scratch)
            loaded = TableStore(scratch / TABLES).load_all()
            figures.states += 1
            found[folder.key] = {t.code: -1 if t.game is None else len(t.game.actions) for t in loaded.tables}
        return found[folder.key]

    steps = len(recording.steps)
    for prefix in recording.prefixes():
        # A cut after these k calls comes before the next one returned: the players told by then.
        cut = recording.done[prefix.k] if prefix.k < steps else float("inf")
        sure = {t.code: moves_for(t.code, max((n for at, n in heard if at < cut), default=0))
                for t, heard in zip(told, times, strict=True)}
        figures.cuts += 1
        worst = 0
        for folder in (prefix.least(), *(prefix.states() if every_state else ())):
            there = look(folder)
            lost = sum(max(0, moves - max(0, there.get(code, 0))) for code, moves in sure.items())
            if lost > worst:
                worst = lost
                if len(figures.examples) < 5:
                    figures.examples.append(f"after call {prefix.k} ({recording.steps[prefix.k - 1]}): told "
                                            f"{sure}, a restart finds {there}")
        figures.lost += worst
        figures.most_lost = max(figures.most_lost, worst)
        figures.cuts_losing += worst > 0
    return figures


def _game(game: Game | None) -> Game:
    if game is None:
        raise RuntimeError("a table of the bench was never dealt")
    return game


def record(tables: int, moves: int, work: Path) -> tuple[Recording, list[Told], int]:
    """Play ``tables`` tables of ``moves`` moves each (the person's; the computer players' come between)
    on a server under strace, its folder in ``work``: its calls, what each player was told when, and
    the server's group commits."""
    root, log = work / "root", work / "calls.log"
    root.mkdir(parents=True)
    told, commits = _serve_and_play(root / TABLES, log, tables, moves)
    recording = read_strace(log, root, Folder({}))
    if list(recording.prefixes())[-1].most() != read_folder(root):
        raise RuntimeError("the replay missed a call the server made")
    return recording, told, commits


def measure(tables: int = 3, moves: int = 30, *, every_state: bool = False) -> Figures:
    """Record a server's play (:func:`record`), then replay a power cut at every point of its calls."""
    with tempfile.TemporaryDirectory(prefix="power-cut-") as temp:
        recording, told, commits = record(tables, moves, Path(temp))
        return replay_cuts(recording, told, Path(temp) / "after-the-cut", every_state=every_state, commits=commits)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.power_cut", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=3, help="tables played at once (default 3)")
    parser.add_argument("--moves", type=int, default=30, help="the person's moves at each table (default 30)")
    parser.add_argument("--every-state", action="store_true",
                        help="also each torn file and each unsynced name at every cut (slower)")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON line")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 20 or not 1 <= args.moves <= 500:
        parser.error("--tables are 1 to 20, --moves 1 to 500")
    figures = measure(args.tables, args.moves, every_state=args.every_state)
    if args.json:
        print(json.dumps({"tables": figures.tables, "told": figures.told, "cuts": figures.cuts,
                          "states": figures.states, "lost": figures.lost, "most_lost": figures.most_lost,
                          "fsyncs": figures.fsyncs, "fsyncs_per_told_move": round(figures.fsyncs_per_told_move(), 3),
                          "journal_fsyncs": figures.journal_fsyncs, "snapshot_fsyncs": figures.snapshot_fsyncs,
                          "folder_fsyncs": figures.folder_fsyncs, "commits": figures.commits}))
    else:
        print("\n".join(figures.lines()))
    return 1 if figures.lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
