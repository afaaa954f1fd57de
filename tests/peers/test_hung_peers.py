"""Hung peers, as a player meets them: the installed game in a real pseudo-terminal, with its own voice
through a real sound server and a real braille display (BRLTTY), while BRLTTY, the sound server and
the audio player are stopped (SIGSTOP) at moments a seeded random source chooses. Every key is
answered within its bound, the program exits within its bound, and nothing prints a traceback.

Three short seeds run here (together they stop each peer, one of them before the game starts and
others until after it has exited); the long run is ``scripts/hung_peers.py --runs N`` (docs/speech.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from script_loader import load_script

hung = load_script("hung_peers")
SEEDS = (49, 57, 68)
KEYS = 8


def test_the_seeds_here_stop_every_peer_before_the_start_and_through_the_exit() -> None:
    import random

    stops = [s for seed in SEEDS for s in hung.plan(random.Random(seed), KEYS)[1]]
    assert {s.peer for s in stops} == set(hung.PEERS)
    assert any(s.at == -1 for s in stops), "a peer stopped before the game starts"
    assert any(s.at + s.keys > KEYS for s in stops), "a peer still stopped when the player quits"


def test_stopped_peers_never_stop_the_keys_or_the_exit() -> None:
    lines: list[str] = []

    class Out:
        def write(self, text: str) -> None:
            lines.append(text)

        def flush(self) -> None:
            pass

    totals = hung.run_many(SEEDS, keys=KEYS, out=Out())
    report = "".join(lines) + "\n".join(totals.lines())
    assert totals.runs == len(SEEDS) and totals.stops >= 5, report
    assert totals.keys_after_stop >= 2 * KEYS, report
    assert totals.unanswered == 0, report
    assert totals.exits_hung == 0, report
    assert totals.starts_failed == 0 and totals.tracebacks == 0, report
    assert totals.slowest_key < hung.KEY_BOUND and totals.slowest_exit < hung.EXIT_BOUND, report
