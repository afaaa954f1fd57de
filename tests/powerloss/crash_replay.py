"""Every prefix of a recording, every state a power cut there could leave, each looked at once.

A test gives what a program finds in a folder (``observe``: how far each thing it keeps there has gone,
the game or the table it would go on with) and the replay holds every crash state to the rule: each is
found at least as far as in the least state (only the fsynced), and at most as far as the process had
written by then; and the least state holds what the process had promised by then (``promised``: a
game said to be saved is on disk whatever happens next). Anything ``observe`` reports as broken
fails, with the call that led there.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from access_game.bench.crashfs import Folder, Prefix, Recording

__all__ = ["THOROUGH", "Replayed", "replay"]

#: ``ACCESS_GAME_POWER_CUTS=every``: every cut of every file, in every combination (the release run,
#: docs/releasing.md; hours for the table directory), instead of each file's and folder's cuts one at a
#: time.
THOROUGH = os.environ.get("ACCESS_GAME_POWER_CUTS") == "every"


@dataclass
class Replayed:
    prefixes: int = 0
    states: int = 0
    #: Distinct folders looked at (a state reached from two prefixes is looked at once).
    distinct: int = 0
    broken: list[str] = field(default_factory=list)


Found = tuple[int, ...] | str


def replay(recording: Recording, scratch: Path, observe: Callable[[Path], Found],
           promised: Callable[[Prefix], tuple[int, ...]], *, thorough: bool = False) -> Replayed:
    """``observe(folder)``: for each thing kept there, a number that only grows as the process goes on
    (how far the game found has gone; -1 for none), or a sentence saying what is broken there."""
    seen: dict[str, Found] = {}
    done = Replayed()

    def look(folder: Folder) -> Found:
        key = folder.key
        if key not in seen:
            folder.write_to(scratch)
            seen[key] = observe(scratch)
            done.distinct += 1
        return seen[key]

    for prefix in recording.prefixes():
        done.prefixes += 1
        low, high = look(prefix.least()), look(prefix.most())
        for bound, name in ((low, "least"), (high, "most")):
            if isinstance(bound, str):
                done.broken.append(f"after step {prefix.k} ({_step(recording, prefix.k)}), the {name} state: {bound}")
        if isinstance(low, str) or isinstance(high, str):
            continue
        sure = promised(prefix)
        if not all(a <= b for a, b in zip(sure, low, strict=True)):
            done.broken.append(f"after step {prefix.k} ({_step(recording, prefix.k)}): only what was fsynced "
                               f"gives {low}, less than the {sure} promised; files {sorted(prefix.least().entries)}")
        for folder in prefix.states(thorough=thorough):
            done.states += 1
            found = look(folder)
            if isinstance(found, str) or not all(a <= b <= c for a, b, c in zip(low, found, high, strict=True)):
                what = found if isinstance(found, str) else f"found {found}, not between {low} and {high}"
                done.broken.append(f"after step {prefix.k} ({_step(recording, prefix.k)}): {what}; "
                                   f"files {sorted(folder.entries)}")
    return done


def _step(recording: Recording, k: int) -> str:
    return str(recording.steps[k - 1]) if k else "nothing yet"
