"""No move a player was told of is lost to a power cut: the server fsyncs its journals (a group commit
across tables) before it sends the update that tells a move.

A real ``access-game serve`` plays two tables at once under strace (access_game.bench.power_cut); at
every point of its calls the table directory is rebuilt as a power cut would leave it (what was
fsynced, and each torn file and unsynced name besides) and loaded as a restart loads it; every move
a player had heard of by then must be there. The same recording, with each update said to have
arrived a second earlier than it did (before the server had made sure of it), must show lost moves:
the replay can fail.
"""

from __future__ import annotations

from pathlib import Path

from access_game.bench.power_cut import Told, record, replay_cuts


def test_a_power_cut_at_any_point_loses_no_move_a_player_was_told_of(tmp_path: Path) -> None:
    recording, told, commits = record(2, 30, tmp_path / "play")
    figures = replay_cuts(recording, told, tmp_path / "after-the-cut", every_state=True, commits=commits)
    print("\n".join(figures.lines()))
    assert figures.told >= 100 and figures.snapshot_fsyncs >= 1, figures.lines()  # played past a snapshot
    assert figures.lost == 0, "\n".join(figures.lines())
    assert figures.fsyncs_per_told_move() <= 1.0 and 0 < commits <= figures.journal_fsyncs, figures.lines()
    early = [Told(t.code, t.seat, [(at - 1.0, n) for at, n in t.heard]) for t in told]
    control = replay_cuts(recording, early, tmp_path / "control")
    assert control.lost > 0 and control.cuts_losing > 0, control.lines()
