"""A power cut at any moment of a server's play leaves each table as it was at some earlier move, never a
table set aside as damaged; a restart then plays on, and a restart after that finds the moves it made.

``access-game serve`` runs under ``strace`` while a scripted player and four computer players play
Five Crowns at it until several snapshots have been taken, then stops. Its journal lines are left for
the system to write out (docs/online.md: a crash of the machine may lose the last seconds of play), so
any prefix of them may survive; its snapshots are fsynced, and so is everything when it stops. Every
prefix of the calls is replayed as a power cut would leave the folder (crashfs), and each state is
loaded as a restart loads it (``TableStore.load_all``).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from crash_replay import THOROUGH, replay

from access_game.bench.crashfs import Folder, Recording, read_folder, read_strace, strace_command
from access_game.net.scripted import ScriptedPlayer
from access_game.net.table_store import SNAPSHOT_EVERY, TableStore
from access_game.net.tables import Table
from engine.game import Game

ROOT = Path(__file__).resolve().parents[2]
_SERVING = re.compile(r"Serving on (ws://127\.0\.0\.1:\d+)")


async def _play(url: str, moves: int) -> None:
    player = ScriptedPlayer(url, "Ann", seed=1)
    await player.open()
    await player.create("five-crowns", 2, 1, "easy", {})
    while player.update is None:
        await player.receive()
    await asyncio.wait_for(player.play(max_actions=moves), 60)
    await player.close()


def _serve_and_play(data: Path, log: Path, moves: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    # The accounts' database (SQLite, whose own journal keeps it whole through a power cut) is kept out
    # of the recorded folder: what is replayed here is the table directory's own writing.
    accounts = log.parent / "accounts.sqlite3"
    proc = subprocess.Popen([*strace_command(log), sys.executable, "-m", "access_game", "serve", "--port", "0",
                             "--data", str(data), "--computer-workers", "0", "--database", str(accounts)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = _SERVING.search(line)
        assert match, f"the server did not say where it serves: {line!r}"
        asyncio.run(_play(match.group(1), moves))
        # The server is strace's child: stopping it as its owner would (it snapshots, fsyncs, exits).
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        os.kill(int(children[0]), signal.SIGTERM)
        proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _actions(snapshot: bytes) -> int:
    game = json.loads(snapshot)["game"]
    return -1 if game is None else len(game["actions"])


def _promises(recording: Recording, code: str, last: int) -> list[tuple[int]]:
    """For each prefix, the moves the server has made sure of: those of the last snapshot whose folder
    fsync has returned, and every move once it has stopped (its last call)."""
    snapshot = f"tables/{code}.json"
    sure, pending, out = -1, -1, []
    for prefix in recording.prefixes():
        step = recording.steps[prefix.k - 1] if prefix.k else None
        if step is not None and step.call.startswith("rename") and step.target == snapshot:
            pending = _actions(prefix.most().files()[snapshot])
        elif step is not None and step.call == "fsync" and step.path == "tables" and pending >= 0:
            sure, pending = pending, -1
        out.append((sure,))
    out[-1] = (last,)
    return out


def test_a_power_cut_anywhere_in_a_servers_play_leaves_each_table_at_an_earlier_move(tmp_path: Path) -> None:
    # The folder the server makes is part of the recording: replayed from the folder above it.
    root, log = tmp_path / "root", tmp_path / "calls.log"
    root.mkdir()
    data = root / "tables"
    _serve_and_play(data, log, moves=30)
    recording = read_strace(log, root, Folder({}))
    assert list(recording.prefixes())[-1].most() == read_folder(root), "the replay missed a call the server made"
    (code,) = [path.stem for path in data.glob("*.json")]
    final = TableStore(data).load_all().tables[0].game
    assert final is not None
    snapshots = sum(step.call.startswith("rename") and step.target == f"tables/{code}.json" for step in recording.steps)
    assert len(final.actions) > SNAPSHOT_EVERY and snapshots >= 1, (len(final.actions), snapshots)
    history = final.actions
    played = Game.new(final.ruleset.name, list(final.players), seed=final.seed, options=dict(final.options))
    at_move = [played.to_data()]
    for action in history:  # the game as it was after each move
        played.apply(action)
        at_move.append(played.to_data())

    def observe(folder: Path) -> tuple[int] | str:
        """How many moves the table found has made (-1: no table); what is wrong, when anything is."""
        store = TableStore(folder / "tables")
        loaded = store.load_all()
        if loaded.problems:
            return f"set aside: {loaded.problems}"
        if not loaded.tables:
            return (-1,)
        table = loaded.tables[0]
        game = table.game
        if game is None:
            return (-1,)
        moves = len(game.actions)
        if list(game.actions) != list(history[:moves]):
            return f"moves that were never made: {game.actions[-1]}"
        if game.to_data() != at_move[moves]:
            return f"a table at move {moves} that is not the game played to move {moves}"
        if game.over:
            return (moves,)
        # The restart plays on, and a restart after that finds the move it made.
        seat = game.seats_to_act()[0]
        move = game.legal_actions(seat)[0]
        store.append_action(table, move)
        game.apply(move)
        after = TableStore(folder / "tables").load_all()
        if after.problems or not after.tables or after.tables[0].game is None \
                or after.tables[0].game.to_data() != game.to_data():
            return f"a move made after the restart, at move {moves}, is not found at the next one: {after.problems}"
        return (moves,)

    promised = _promises(recording, code, len(history))
    done = replay(recording, tmp_path / "after-the-cut", observe, lambda prefix: promised[prefix.k],
                  thorough=THOROUGH)
    print(f"tables: {len(recording.steps)} steps, {done.prefixes} prefixes replayed, {done.states} crash states "
          f"({done.distinct} distinct), {len(done.broken)} broken")
    assert not done.broken, "\n".join(done.broken[:10])


def _dealt(code: str) -> Table:
    table = Table.create(code, "five-crowns", seats=2, computers=1, level="easy", options={})
    table.take(0, "Zoé")  # a name in more than one byte: a cut may fall inside it
    table.start()
    return table


def _move(table: Table, store: TableStore) -> None:
    game = table.game
    assert game is not None
    move = game.legal_actions(game.seats_to_act()[0])[0]
    store.append_action(table, move)
    game.apply(move)


def test_a_journal_whose_last_lines_were_lost_before_the_next_began_goes_on_from_where_it_ends(tmp_path: Path) -> None:
    """The snapshot that would have covered journal 0 never reached the disk, nor did its last lines; the
    lines of journal 1, begun meanwhile, did. The table comes back at the end of journal 0; journal 1 is
    kept aside (never replayed again, so never in the way of the moves made from then on)."""
    store = TableStore(tmp_path, snapshot_every=1000)
    table = _dealt("LOSTAB")
    store.record(table)
    assert table.game is not None
    start = len(table.game.actions)
    for _ in range(8):
        _move(table, store)
    store.begin_snapshot(table)  # journal 1 begins; the snapshot is never written
    for _ in range(3):
        _move(table, store)
    journal = tmp_path / "LOSTAB.0.log"
    lines = journal.read_bytes().split(b"\n")
    # The last move's line lost, the one before torn in the middle: 6 of the 8 moves reached the disk.
    journal.write_bytes(b"\n".join(lines[:-3]) + b"\n" + lines[-3][:7])
    loaded = TableStore(tmp_path).load_all()
    assert loaded.problems == []
    (back,) = loaded.tables
    assert back.game is not None and len(back.game.actions) == start + 6
    (lost,) = loaded.lost
    assert f"LOSTAB.1.log begins at move {start + 8}, after move {start + 6}" in lost
    assert not (tmp_path / "LOSTAB.1.log").exists() and list(tmp_path.glob("LOSTAB.1.log.lost-*"))
    assert journal.read_bytes().endswith(b"\n"), "the torn line is cut off"
    # The restart plays on; the next restart finds those moves.
    store = TableStore(tmp_path, snapshot_every=1000)
    (table,) = store.load_all().tables
    for _ in range(2):
        _move(table, store)
    again = TableStore(tmp_path).load_all()
    assert again.problems == [] and again.lost == []
    assert again.tables[0].to_data() == table.to_data()


def test_a_journal_whose_end_is_zeros_is_said_cut_back_and_kept_as_it_was(tmp_path: Path) -> None:
    """A file system that had grown a journal but not written its last bytes when the power went leaves
    zeros there. The table comes back at its last whole line; the zeros are cut off, said in a sentence
    with their count, and the journal as it was kept beside (before, it was cut in silence, and a
    journal of nothing but zeros was left at 0 bytes with no word and no copy)."""
    store = TableStore(tmp_path, snapshot_every=1000)
    table = _dealt("ZEROES")
    store.record(table)
    for _ in range(3):
        _move(table, store)
    journal = tmp_path / "ZEROES.0.log"
    whole = journal.read_bytes()
    journal.write_bytes(whole + bytes(300))
    loaded = TableStore(tmp_path).load_all()
    assert loaded.problems == [] and loaded.tables[0].to_data() == table.to_data()
    (said,) = loaded.lost
    assert "journal ZEROES.0.log: its last 300 bytes were never written (a crash of the machine)" in said, said
    (copy,) = tmp_path.glob("ZEROES.0.log.torn-*")
    assert str(copy) in said and copy.read_bytes() == whole + bytes(300)
    assert journal.read_bytes() == whole
    # A journal of nothing but zeros: no table to bring back, but said, and kept.
    journal.write_bytes(bytes(4096))
    for old in tmp_path.glob("ZEROES.0.log.torn-*"):
        old.unlink()
    loaded = TableStore(tmp_path).load_all()
    (said,) = loaded.lost
    assert "its last 4096 bytes were never written" in said and loaded.problems == []
    (copy,) = tmp_path.glob("ZEROES.0.log.torn-*")
    assert copy.read_bytes() == bytes(4096)
