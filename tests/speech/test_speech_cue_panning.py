"""Where a player sits, by ear: each seat's cues panned left to right around the table, six cue kinds
that sound different, and a setting that puts every cue back in the centre.

The panning is measured from what reaches a real sound server: the cue's player plays into the
private PulseAudio's null sink (tests/speech/conftest.py) and its monitor is recorded in stereo.
"""

from __future__ import annotations

import array
import itertools
import json
import math
import os
import subprocess
import time
import wave
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from access_game.settings import Settings, load_settings, save_settings
from engine.events import Discarded, Drew, HandEnded, TurnStarted, WentOut
from engine.notation import parse_card
from speech.audio import Player
from speech.cues import SEAT_CUES, Cue, Cues, pan_gains, seat_pan
from speech.event_cues import cues_for
from speech.sound_server import NullSinkServer

#: The six kinds a player tells apart by ear: what a seat did, and their own turn.
KINDS = ("your_turn", "draw", "take", "discard", "meld", "go_out")


# ----------------------------------------------------------------- where each seat sits
@given(players=st.integers(1, 12), data=st.data())
def test_each_seat_has_a_place_of_its_own_from_left_to_right(players: int, data: st.DataObject) -> None:
    own = data.draw(st.integers(0, players - 1))
    pans = [seat_pan(seat, players, own) for seat in range(players)]
    assert all(-1.0 <= p <= 1.0 for p in pans)
    assert pans[own] == 0.0  # the player's own seat is the centre
    after = [pans[(own + k) % players] for k in range(1, players)]  # in the order they play after you
    assert after == sorted(after) and len(set(after)) == len(after)  # left to right, none shares a place
    assert 0.0 not in after  # nobody else sounds where you do
    if players >= 3:
        assert (after[0], after[-1]) == (-1.0, 1.0)  # the next player at your left hand, the one before at your right
    shift = data.draw(st.integers(0, 30))
    # Only the places relative to yours count: the same table turned round sounds the same.
    assert [seat_pan((s + shift) % players, players, (own + shift) % players) for s in range(players)] == [
        pans[s] for s in range(players)
    ]


def test_the_one_opponent_of_a_two_player_game_is_half_left() -> None:
    assert seat_pan(1, 2, 0) == seat_pan(0, 2, 1) == -0.5


@given(st.floats(-1.0, 1.0))
def test_panning_keeps_the_power_of_a_cue(pan: float) -> None:
    left, right = pan_gains(pan)
    assert math.isclose(left**2 + right**2, 2.0)
    if abs(pan) > 1e-6:
        assert (left > right) == (pan < 0)  # louder on the side the seat is on
    else:
        assert math.isclose(left, right, rel_tol=1e-5)


def test_every_seat_is_heard_for_its_own_moves() -> None:
    jc, four = parse_card("jc"), parse_card("4c")
    events = [
        TurnStarted(seat=1),
        Drew(seat=1, source="stock", card=None),
        Discarded(seat=1, card=four),
        TurnStarted(seat=2),
        Drew(seat=2, source="discard", card=four),
        WentOut(seat=2, melds=(), discard=jc),
        HandEnded(hand_number=1, went_out=2, results=()),
        TurnStarted(seat=0),
    ]
    assert cues_for(events, 0) == [
        Cue("draw", 1), Cue("discard", 1), Cue("take", 2), Cue("go_out", 2), Cue("hand_end"), Cue("your_turn"),
    ]
    assert {c.name for c in cues_for(events, 0) if c.seat is not None} <= SEAT_CUES


# ----------------------------------------------------------------- the six kinds
def _mono(path: Path) -> tuple[list[float], int]:
    with wave.open(str(path), "rb") as w:
        channels, rate = w.getnchannels(), w.getframerate()
        samples = array.array("h", w.readframes(w.getnframes()))
    return [sum(samples[i : i + channels]) / channels for i in range(0, len(samples), channels)], rate


def _pitch_track(samples: list[float], rate: int, window: float = 0.02) -> list[float]:
    """The pitch in each 20 ms window, from its zero crossings (0 for a rest)."""
    n = int(window * rate)
    track = []
    for i in range(0, len(samples) - n + 1, n):
        chunk = samples[i : i + n]
        if max(abs(v) for v in chunk) < 500:
            track.append(0.0)
            continue
        crossings = sum(1 for a, b in itertools.pairwise(chunk) if (a < 0) != (b < 0))
        track.append(crossings / 2 / window)
    return track


def _contour_distance(a: list[float], b: list[float], points: int = 10) -> float:
    """Mean difference in Hz between two pitch tracks stretched to the same length."""
    def at(track: list[float], k: int) -> float:
        return track[min(len(track) - 1, k * len(track) // points)]

    return sum(abs(at(a, k) - at(b, k)) for k in range(points)) / points


def test_the_six_cue_kinds_sound_different(tmp_path: Path) -> None:
    """Each pair differs in length by 30 ms or more, or in its pitch from start to end by 50 Hz or more
    on average: a draw rises, a discard falls, a take is low and stepped, a meld two high taps."""
    cues = Cues(cache_dir=tmp_path)
    sounds = {kind: _mono(cues.wav_path(kind)) for kind in KINDS}
    seconds = {kind: len(s) / rate for kind, (s, rate) in sounds.items()}
    tracks = {kind: _pitch_track(s, rate) for kind, (s, rate) in sounds.items()}
    for a, b in itertools.combinations(KINDS, 2):
        apart = max(abs(seconds[a] - seconds[b]) / 0.03, _contour_distance(tracks[a], tracks[b]) / 50)
        assert apart >= 1, (a, b, seconds[a], seconds[b], tracks[a], tracks[b])


# ----------------------------------------------------------------- heard through a real sound server
def _channel_levels(path: Path) -> tuple[float, float]:
    """The root-mean-square level of the left and right channels of a stereo recording."""
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 2
        samples = array.array("h", w.readframes(w.getnframes()))
    left, right = samples[0::2], samples[1::2]
    return (math.sqrt(sum(v * v for v in left) / len(left)), math.sqrt(sum(v * v for v in right) / len(right)))


def _heard(server: NullSinkServer, cues: Cues, folder: Path, name: str, pan: float) -> tuple[float, float]:
    """Play one cue's file for ``pan`` through the cues' player into the null sink, recording its
    monitor in stereo; the player is waited for (it may take a second to start on a busy machine)."""
    assert cues.player is not None
    recording = server.record(folder / f"{name}{pan:+.2f}{cues.panning}.wav", channels=2)
    process = cues.player.start(cues.wav_path(name, pan))
    assert process is not None and process.wait(20) == 0
    return _channel_levels(recording.stop())


def test_a_seat_on_the_left_is_heard_on_the_left_and_one_on_the_right_on_the_right(
    on_sound_server: NullSinkServer, tmp_path: Path
) -> None:
    cues = Cues(cache_dir=tmp_path / "cache")
    assert cues.available and cues.player is not None and cues.player.name == "paplay"
    # Four at the table, you in seat 0: seat 1 plays next (your left), seat 3 before you (your right).
    ratios = {}
    for seat, name in ((1, "draw"), (3, "draw"), (2, "discard"), (0, "your_turn")):
        left, right = _heard(on_sound_server, cues, tmp_path, name, seat_pan(seat, 4, 0))
        assert left > 300 or right > 300, (left, right)  # something was heard
        ratios[seat] = left / max(right, 1.0)
        print(f"seat {seat} of 4 at pan {seat_pan(seat, 4, 0):+.2f}: left {left:.0f}, right {right:.0f} RMS, "
              f"left/right {ratios[seat]:.3f}")  # the figures, with pytest -s
    assert ratios[1] > 20  # hard left: next to nothing on the right
    assert ratios[3] < 1 / 20
    assert 1.3 < ratios[2] < 1.7  # across the table, a quarter left of you: gains 1.18 and 0.79, 1.50 to 1
    assert 0.95 < ratios[0] < 1.05  # your own, in the centre

    cues.panning = False  # the setting off: every seat from the centre, equal in both ears
    for seat in (1, 3):
        left, right = _heard(on_sound_server, cues, tmp_path, "draw", seat_pan(seat, 4, 0))
        print(f"panning off, seat {seat}: left {left:.0f}, right {right:.0f} RMS, left/right {left / right:.3f}")
        assert left > 300 and 0.95 < left / right < 1.05, (seat, left, right)
    cues.close()


# ----------------------------------------------------------------- the setting
def test_the_panning_setting_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert Settings().cue_panning is True
    save_settings(Settings().replace(cue_panning=False), path, before=Settings())
    assert json.loads(path.read_text()) == {"cue_panning": False}
    loaded, problem = load_settings(path)
    assert problem is None and loaded.cue_panning is False and loaded == Settings(cue_panning=False)
    kept, dropped, _ = Settings.read({"cue_panning": "sometimes"})
    assert kept.cue_panning is True and dropped == ['cue_panning "sometimes"']
    with pytest.raises(ValueError):
        Settings(cue_panning="no")  # type: ignore[arg-type]


def test_panning_off_writes_every_cue_in_the_centre(tmp_path: Path) -> None:
    on, off = Cues(cache_dir=tmp_path / "on"), Cues(cache_dir=tmp_path / "off", panning=False)
    assert on.wav_path("draw", -1.0) != on.wav_path("draw", 1.0)
    assert off.wav_path("draw", -1.0) == off.wav_path("draw", 1.0) == off.wav_path("draw")
    levels = {}
    for label, path in (("left", on.wav_path("draw", -1.0)), ("off", off.wav_path("draw", -1.0))):
        levels[label] = _channel_levels(path)
    assert levels["left"][1] == 0 and levels["left"][0] > 1000
    assert levels["off"][0] == levels["off"][1]


# ----------------------------------------------------------------- in a game
def _pieces(path: Path) -> list[tuple[float, float]]:
    """The cues of a sequence file, cut at its rests (45 ms of silence or more): each one's left and
    right RMS level."""
    with wave.open(str(path), "rb") as w:
        samples = array.array("h", w.readframes(w.getnframes()))
    frames = [(samples[i], samples[i + 1]) for i in range(0, len(samples), 2)]
    rest = int(0.045 * 22050)
    pieces: list[list[tuple[int, int]]] = []
    quiet = rest
    for left, right in frames:
        loud = max(abs(left), abs(right)) > 30
        if loud and quiet >= rest:
            pieces.append([])
        quiet = 0 if loud else quiet + 1
        if pieces and quiet == 0:
            pieces[-1].append((left, right))
    return [(math.sqrt(sum(a * a for a, _ in p) / len(p)), math.sqrt(sum(b * b for _, b in p) / len(p)))
            for p in pieces]


def _balance_fits(pan: float, left: float, right: float) -> bool:
    """The measured left-to-right balance is the one ``pan`` gives (equal-power gains), within 15%."""
    if pan in (-1.0, 1.0):
        return (left > 20 * max(right, 1.0)) if pan < 0 else (right > 20 * max(left, 1.0))
    gain_left, gain_right = pan_gains(pan)
    return abs((left / max(right, 1.0)) / (gain_left / gain_right) - 1) < 0.15


@dataclass(frozen=True)
class _HandedPlayer(Player):
    """The stand-in cue player, which also notes here, in the order given, the name of each file it is
    handed to play."""

    handed: list[str] = field(default_factory=list)

    def start(self, path: str | os.PathLike[str]) -> subprocess.Popen[bytes] | None:
        self.handed.append(Path(path).name)
        return super().start(path)



@pytest.mark.parametrize("seed", [3, 8])
def test_after_your_discard_each_computer_player_is_heard_from_their_seat(tmp_path: Path, seed: int) -> None:
    """Five Crowns, four at the table: the player draws and discards; every cue of what followed is
    heard from its seat, measured in the files the cue player was given (a stand-in that keeps a copy
    of each). The computer players' cues come as one sound once they have all moved."""
    from prompt_toolkit.output import DummyOutput

    from access_game.session import Session
    from access_game.ui.printer import LinePrinter
    from access_game.ui.speech_link import make_announcer, make_narrator
    from engine.actions import Discard, Draw
    from engine.events import seen_by
    from engine.game import Game
    from speech.backends.base import SilentBackend

    kept = tmp_path / "kept"
    kept.mkdir()
    cues = Cues(cache_dir=tmp_path / "cache")
    # Each file copied whole under a name that starts with the time its copy began; the order it was handed
    # in is noted by the player itself (see _in_handed_order).
    copy = 'f="$0/$(date +%s%N)-$(basename "$1")"; cp "$1" "$f.part" && mv "$f.part" "$f"'
    cues.player = player = _HandedPlayer(("sh", "-c", copy, str(kept)))
    settings = Settings(speech="silent", cues=True)
    game = Game.new("five-crowns", ["You", "Ann", "Ben", "Cy"], seed=seed)
    announcer = make_announcer(settings, LinePrinter(DummyOutput()), SilentBackend())
    session = Session(game, human_seat=0, level="normal", announcer=announcer, cues=cues, settings=settings,
                      narrator=make_narrator(0, game.players, settings, game="five-crowns"))
    session.start()
    while not session.my_turn:
        session.advance()
    assert session.act(next(a for a in session.legal_actions() if isinstance(a, Draw) and a.source == "stock"))
    while not any(f.name.split("-", 2)[1] == "draw" for f in _wait_for(kept, 1)):  # the cues before it, then its own
        time.sleep(0.02)
    _settle(kept)  # a cue given before the draw's may finish copying after it, on a busy machine
    for old in kept.iterdir():
        old.unlink()
    player.handed.clear()
    before = len(game.log)
    assert session.act(next(a for a in session.legal_actions() if isinstance(a, Discard)))
    expected = [(c.name, 0.0 if c.seat is None else seat_pan(c.seat, 4, 0))
                for c in cues_for(seen_by(game.log[before:], 0), 0)]
    files = _in_handed_order(_wait_for(kept, 2 if len(expected) > 1 else 1), player.handed)
    names = [n for f in files for n in f.name.split("-", 2)[1].split("+")]
    assert names == [name for name, _ in expected]
    levels = [piece for f in files for piece in _pieces(f)]
    assert len(levels) == len(expected), (names, levels)
    for (name, pan), (left, right) in zip(expected, levels, strict=True):
        assert _balance_fits(pan, left, right), (name, pan, left, right, names)
    assert len({pan for _, pan in expected} - {0.0}) >= 2  # two other seats or more, each from its place
    cues.close()


def _in_handed_order(files: list[Path], handed: list[str]) -> list[Path]:
    """``files`` (each named '<time>-<the file handed>') in the order the cue player was handed them: the
    time in a name is when its copying shell started, which a busy machine can start out of order."""
    left = sorted(files)
    ordered = []
    for name in handed:
        match = next((f for f in left if f.name.split("-", 1)[1] == name), None)
        if match is not None:
            left.remove(match)
            ordered.append(match)
    return ordered + left


def _settle(folder: Path, quiet: float = 0.5) -> None:
    """Wait until the stand-in player has copied nothing new into ``folder`` for ``quiet`` seconds (at
    most 10 s): every cue given so far is then there to be cleared."""
    deadline = time.monotonic() + 10
    seen = sorted(p.name for p in folder.iterdir())
    still = time.monotonic()
    while time.monotonic() - still < quiet and time.monotonic() < deadline:
        time.sleep(0.05)
        now = sorted(p.name for p in folder.iterdir())
        if now != seen or any(name.endswith(".part") for name in now):
            seen, still = now, time.monotonic()


def _wait_for(folder: Path, count: int) -> list[Path]:
    """The ``count`` whole files the stand-in player copied into ``folder``, in the order played."""
    deadline = time.monotonic() + 10
    while len(done := sorted(p for p in folder.iterdir() if p.suffix == ".wav")) < count:
        assert time.monotonic() < deadline, sorted(p.name for p in folder.iterdir())
        time.sleep(0.02)
    return done


# ----------------------------------------------------------------- the whole program
def _sides(path: Path) -> dict[str, int]:
    """How many 10 ms windows of a stereo recording sound on the left only (ten times louder there), on
    the right only, in the centre (equal within 10%), or in between."""
    with wave.open(str(path), "rb") as w:
        samples = array.array("h", w.readframes(w.getnframes()))
    left, right = samples[0::2], samples[1::2]
    sides = {"left": 0, "right": 0, "centre": 0, "between": 0}
    for i in range(0, len(left) - 220, 220):
        lo, ro = max(abs(v) for v in left[i : i + 220]), max(abs(v) for v in right[i : i + 220])
        if max(lo, ro) < 500:
            continue
        side = ("left" if lo > 10 * ro else "right" if ro > 10 * lo else
                "centre" if 0.9 < lo / max(ro, 1) < 1.1 else "between")
        sides[side] += 1
    return sides


@pytest.mark.parametrize("panning", [True, False])
def test_the_program_plays_each_seat_from_its_side_and_all_from_the_centre_with_the_setting_off(
    on_sound_server: NullSinkServer, tmp_path: Path, panning: bool
) -> None:
    """access-game in a real terminal, its cues into the private sound server, recorded in stereo: D and
    X in a game of four (seed 7, the player's last turn: Anna, at the player's left, takes and discards;
    the hand ends; Ben, across, draws and discards; Carla, at the right, draws and goes out). The
    setting off (in the settings file), every cue is in the centre."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from pty_play import spawn, terminal_env

    if not panning:
        (tmp_path / "config").mkdir()
        (tmp_path / "config" / "settings.json").write_text(json.dumps({"cue_panning": False}))
    env = terminal_env(tmp_path, width=120, PULSE_SERVER=on_sound_server.env["PULSE_SERVER"], PULSE_SINK="null")
    child = spawn(tmp_path, "play", "--game", "five-crowns", "--players", "4", "--seed", "7", env=env, timeout=60)
    child.expect("draw>")
    recording = on_sound_server.record(tmp_path / "heard.wav", channels=2)
    child.send("d")
    child.expect("discard>")
    child.send("x")
    child.expect("Carla drew from the stock and went out")
    child.expect("draw>")
    time.sleep(8)  # the computer players' cues, one after another (the sound server lags on a busy machine)
    sides = _sides(recording.stop())
    child.terminate(force=True)
    print(f"panning {'on' if panning else 'off'}: 10 ms windows {sides}")  # the figures, with pytest -s
    if panning:
        assert sides["left"] >= 5 and sides["right"] >= 5 and sides["centre"] >= 5, sides
    else:
        assert sides["centre"] >= 20 and sides["left"] == sides["right"] == sides["between"] == 0, sides
