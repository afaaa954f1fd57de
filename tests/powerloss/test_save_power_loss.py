"""A power cut at any moment of a game at the terminal leaves the old game or the new one, never a
broken one and never none once one was saved; the same for the settings.

The installed ``access-game`` plays in a real pseudo-terminal under ``strace`` from an empty home (its
folders made by the game itself): a few turns, each saved; a setting changed in the F2 menu; Ctrl+S;
quit. Every prefix of the file calls it made is replayed onto a copy of the folder as a power cut
would leave it (crashfs says how), and what the game finds there is held to the rule (crash_replay).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crash_replay import THOROUGH, replay
from pty_play import quit_game, spawn

from access_game.bench.crashfs import Recording, read_folder, read_strace, strace_command
from access_game.saves import SaveStore
from access_game.settings import Settings, load_settings

F2, DOWN, RIGHT, ESCAPE, CTRL_S = "\x1bOQ", "\x1b[B", "\x1b[C", "\x1b", "\x13"
SAVE = "data/saves/current.json"
SETTINGS = "config/settings.json"


def _spawn(home: Path, log: Path | None, *args: str) -> Any:
    """The game in a full terminal 80 columns wide, under ``strace`` writing to ``log`` when given."""
    return spawn(home, *args, term="xterm", width=80, timeout=30, cwd=home.parent,
                 prefix=strace_command(log) if log else ())


def _play_a_few_turns(home: Path, log: Path) -> None:
    child = _spawn(home, log, "--seed", "4", "--speech", "screen-reader", "--first-dealer", "you", "--braille", "off")
    child.expect("draw>")
    for turn in range(3):
        child.send("d")
        child.expect("discard>")
        child.send("x")
        child.expect("You discarded the ")
        child.expect("draw>")
        if turn == 1:  # a setting changed in the middle: saved at once, as the game's are
            child.send(F2)
            child.expect("settings>")
            child.send(DOWN * 5 + RIGHT)  # past rate, voice, pitch and volume
            child.expect("Verbosity: ")
            child.send(ESCAPE)
            child.expect("draw>")
    child.send(CTRL_S)
    child.expect("Saved to")
    quit_game(child)


def _written(recording: Recording, name: str) -> list[Any]:
    """Each version of the file ``name`` the game wrote, in order (as data; a save as its game, seat and
    level: the same game saved again at another time is the same version)."""
    versions: list[Any] = []
    for prefix in recording.prefixes():
        data = prefix.most().files().get(name)
        if data is not None and (not versions or _saved(json.loads(data)) != versions[-1]):
            versions.append(_saved(json.loads(data)))
    return versions


def _promises(recording: Recording, files: dict[str, list[Any]]) -> list[tuple[int, ...]]:
    """For each prefix, which version of each file the game has said is saved: the one its folder's
    fsync ended the write of (atomic_write_text returns, and the game goes on, only then)."""
    sure = [-1] * len(files)
    out = []
    for prefix in recording.prefixes():
        step = recording.steps[prefix.k - 1] if prefix.k else None
        for i, (name, versions) in enumerate(files.items()):
            if step is not None and step.call == "fsync" and step.path == name.rpartition("/")[0]:
                data = prefix.most().files()[name]
                sure[i] = [_saved(v) for v in versions].index(_saved(json.loads(data)))
        out.append(tuple(sure))
    return out


def _saved(data: Any) -> Any:
    return (data["game"], data["human_seat"], data["level"]) if "game" in data else data


def _normal(data: Any) -> Any:
    return json.loads(json.dumps(data))


def test_a_power_cut_anywhere_in_play_leaves_the_old_game_or_the_new(tmp_path: Path) -> None:
    home, log = tmp_path / "home", tmp_path / "calls.log"
    home.mkdir()
    initial = read_folder(home)
    _play_a_few_turns(home, log)
    recording = read_strace(log, home, initial)
    assert list(recording.prefixes())[-1].most() == read_folder(home), "the replay missed a call the game made"
    saves = _written(recording, SAVE)
    settings = _written(recording, SETTINGS)
    assert len(saves) >= 6 and len(settings) >= 1, (len(saves), len(settings))

    def observe(folder: Path) -> tuple[int, int] | str:
        """Which of the saves, and which of the settings, the game finds there (-1: none)."""
        loaded = SaveStore(folder / "data" / "saves").load()
        if loaded.problem:
            return f"the game says: {loaded.problem}"
        game = -1
        if loaded.session is not None:
            found = (_normal(loaded.session.game.to_data()), loaded.session.human_seat, loaded.session.level)
            if found not in saves:
                return "a game that was never saved"
            game = saves.index(found)
        chosen, problem = load_settings(folder / SETTINGS)
        if problem:
            return f"the game says: {problem}"
        # The settings file holds only what the player changed (kept as written): compare as the game reads it.
        read = [Settings.from_data(version).to_data() for version in settings]
        return game, read.index(chosen.to_data()) if (folder / SETTINGS).exists() else -1

    promised = _promises(recording, {SAVE: saves, SETTINGS: settings})
    assert promised[-1] == (len(saves) - 1, len(settings) - 1), "every save ends with its folder fsynced"
    done = replay(recording, tmp_path / "after-the-cut", observe, lambda prefix: promised[prefix.k],
                  thorough=THOROUGH)
    print(f"saves: {len(recording.steps)} steps, {done.prefixes} prefixes replayed, {done.states} crash states "
          f"({done.distinct} distinct), {len(done.broken)} broken")
    assert not done.broken, "\n".join(done.broken[:10])

    # The game itself, started on the worst of them: a save half written beside the last one.
    worst = next(folder for prefix in reversed(list(recording.prefixes())) for folder in prefix.states()
                 if folder.files().get(SAVE) and any(name.endswith(".tmp") and data and not data.strip(b"\0")
                                                     for name, data in folder.files().items()))
    after = tmp_path / "home-after"
    worst.write_to(after)
    child = _spawn(after, None, "--speech", "screen-reader", "--braille", "off")
    child.expect("You have a saved game of Five Crowns")
    child.send("y")
    child.expect("Resumed Five Crowns")
    child.expect("draw>")
    quit_game(child)
    assert not list((after / "data" / "saves").glob(".*.tmp")), "the half-written save is removed"
