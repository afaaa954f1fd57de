"""Sound cues: generated tones, played without blocking, silent without a device."""

from __future__ import annotations

import sys
import time
import wave
from pathlib import Path

import pytest

from engine.cards import JOKER, Rank
from engine.events import Discarded, Drew, HandEnded, HandStarted, TurnStarted, WentOut
from engine.notation import parse_card
from speech.audio import Player, audio_device_present, find_player
from speech.cues import CUE_NAMES, TONES, Cue, Cues, write_tone
from speech.event_cues import cues_for


def test_the_cues_of_the_issues_exist() -> None:
    assert set(CUE_NAMES) == {"your_turn", "draw", "take", "discard", "meld", "wild", "go_out", "hand_end"}


@pytest.mark.parametrize("name", CUE_NAMES)
def test_each_cue_is_a_short_audible_stereo_wav(tmp_path: Path, name: str) -> None:
    cues = Cues(cache_dir=tmp_path)
    path = cues.wav_path(name)
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth()) == (2, 2)
        seconds = w.getnframes() / w.getframerate()
        frames = w.readframes(w.getnframes())
    assert 0.03 < seconds < 0.8
    samples = memoryview(frames).cast("h")
    peak = max(abs(s) for s in samples)
    assert 3000 < peak < 32767  # audible, not clipped
    assert abs(samples[0]) < 2000 and abs(samples[-1]) < 2000  # no click at either end
    assert cues.wav_path(name) == path  # cached, not written again


@pytest.mark.parametrize("anomaly", ["fifo", "dev-zero", "symlink-loop"])
def test_a_cached_cue_that_is_not_an_ordinary_file_is_made_anew(tmp_path: Path, anomaly: str) -> None:
    """The cue's file is handed to a player process, which would wait for ever on a FIFO in the cache."""
    import os

    made = Cues(cache_dir=tmp_path).wav_path("draw")
    made.unlink()
    if anomaly == "fifo":
        os.mkfifo(made)
    else:
        made.symlink_to("/dev/zero" if anomaly == "dev-zero" else made.name)
    path = Cues(cache_dir=tmp_path).wav_path("draw")
    assert path == made and path.is_file() and not path.is_symlink()
    with wave.open(str(path), "rb") as w:
        assert w.getnframes() > 0


def test_different_tones_give_different_files(tmp_path: Path) -> None:
    a, b = tmp_path / "a.wav", tmp_path / "b.wav"
    write_tone(TONES["draw"], a)
    write_tone(TONES["discard"], b)
    assert a.read_bytes() != b.read_bytes()


def test_without_a_sound_device_cues_are_silent_no_ops(tmp_path: Path) -> None:
    cues = Cues(cache_dir=tmp_path)
    if audio_device_present():
        pytest.skip("this machine has a sound device")
    assert not cues.available
    started = time.perf_counter()
    assert all(cues.play(n) is False for n in CUE_NAMES)
    assert time.perf_counter() - started < 0.05
    cues.close()


def test_cues_play_in_the_background_through_a_player(tmp_path: Path) -> None:
    # A stand-in player that takes half a second, like a real one playing a longer sound.
    slow = Player((sys.executable, "-c", "import time, sys; time.sleep(0.5)"))
    cues = Cues(cache_dir=tmp_path)
    cues.player = slow
    started = time.perf_counter()
    assert cues.play("your_turn")
    assert cues.play("wild")
    assert time.perf_counter() - started < 0.3, "play must not wait for the sound"
    cues.close()


def test_cues_are_made_ready_in_the_background_once_the_table_is_up(tmp_path: Path) -> None:
    """prepare() writes every enabled cue's file in a thread of its own, so the key that brings the first
    cue neither looks for the player nor writes a WAV; a cue turned off is not written."""
    cues = Cues(cache_dir=tmp_path, disabled=["draw"])
    cues.player = Player(("true",))
    cues.prepare()
    wanted = set(CUE_NAMES) - {"draw"}
    deadline = time.monotonic() + 10
    while {p.name.split("-", 1)[0] for p in tmp_path.glob("*.wav")} != wanted:
        assert time.monotonic() < deadline, sorted(p.name for p in tmp_path.iterdir())
        time.sleep(0.01)
    assert not list(tmp_path.glob("*.tmp"))
    cues.close()


def test_cues_can_be_turned_off_all_or_one_by_one(tmp_path: Path) -> None:
    cues = Cues(cache_dir=tmp_path, disabled=["draw"])
    cues.player = Player(("true",))
    assert not cues.is_enabled("draw") and cues.is_enabled("discard")
    assert not cues.play("draw")
    assert cues.play("discard")
    cues.set_enabled(False, "discard")
    assert not cues.play("discard")
    cues.set_enabled(True, "draw")
    assert cues.play("draw")
    cues.set_enabled(False)
    assert not any(cues.play(n) for n in CUE_NAMES)
    cues.set_enabled(True)
    assert cues.play("go_out")
    assert not cues.play("fanfare")
    with pytest.raises(ValueError):
        cues.set_enabled(True, "fanfare")
    assert not Cues(enabled=False, cache_dir=tmp_path).play("draw")
    cues.close()


def test_a_player_that_cannot_start_never_raises(tmp_path: Path) -> None:
    cues = Cues(cache_dir=tmp_path)
    cues.player = Player(("no-such-player-binary",))
    assert cues.play("draw") is False
    assert cues.problems


def test_a_named_player_that_is_missing_falls_back_quietly() -> None:
    player = find_player("no-such-player-binary")
    assert player is None or player.name != "no-such-player-binary"


def test_which_events_sound_which_cues() -> None:
    start = HandStarted(
        hand_number=5, hands_total=11, dealer=1, cards_dealt=7, wild_rank=Rank.SEVEN, up_card=None, first_player=0
    )
    events = [
        start,
        TurnStarted(seat=0),
        Drew(seat=0, source="stock", card=parse_card("7h")),
        Discarded(seat=0, card=parse_card("9c")),
        TurnStarted(seat=1),
        Drew(seat=1, source="stock", card=None),
        Discarded(seat=1, card=parse_card("4c")),
        TurnStarted(seat=0),
        Drew(seat=0, source="discard", card=JOKER),
        WentOut(seat=0, melds=(), discard=parse_card("kc")),
        HandEnded(hand_number=5, went_out=0, results=()),
    ]
    assert cues_for(events, 0) == [
        Cue("your_turn"),
        Cue("draw", 0),
        Cue("wild"),
        Cue("discard", 0),
        Cue("draw", 1),
        Cue("discard", 1),
        Cue("your_turn"),
        Cue("take", 0),
        Cue("wild"),
        Cue("go_out", 0),
        Cue("hand_end"),
    ]
    # Each seat hears every seat's moves; its own turn and wilds are its own.
    assert [c.name for c in cues_for(events, 1)] == [
        "draw", "discard", "your_turn", "draw", "discard", "take", "go_out", "hand_end"]
    assert cues_for([Drew(seat=0, source="stock", card=parse_card("7h"))], 0, Rank.SEVEN) == [
        Cue("draw", 0), Cue("wild")]
    assert cues_for([Drew(seat=0, source="stock", card=parse_card("7h"))], 0) == [Cue("draw", 0)]


def test_several_cues_play_one_after_another_as_one_sound_and_its_file_goes_once_played(tmp_path: Path) -> None:
    """Cues started together would overlap; played one after another they tell who did what. The joined
    file is the cues' own samples with rests between, and it is removed once its player has ended."""
    cues = Cues(cache_dir=tmp_path / "cache")
    cues.player = Player(("sh", "-c", "sleep 0.3"))  # a player that takes a while, as a real one does
    assert cues.play_all([("draw", -1.0), ("discard", -1.0), ("take", 1.0)]) == 3
    (sequence,) = [p for _, p in cues._sequences]
    def frames(path: Path) -> int:
        with wave.open(str(path), "rb") as w:
            return w.getnframes()

    parts = [frames(cues.wav_path(n, pan)) for n, pan in [("draw", -1.0), ("discard", -1.0), ("take", 1.0)]]
    # A short rest within one seat's cues, then a longer one where the next seat's begin.
    assert frames(sequence) == sum(parts) + int(0.05 * 22050) + int(0.15 * 22050)
    time.sleep(1.0)
    cues.play_all([("go_out", 0.0), ("hand_end", 0.0)])
    assert not sequence.exists()  # its player ended: removed with the next
    assert cues.play_all([("draw", 0.0)]) == 1 and cues.play_all([]) == 0
    folder = sequence.parent
    cues.close()
    assert not folder.exists()


def test_held_cues_play_as_one_sound_with_a_line_s_cue_last(tmp_path: Path) -> None:
    """While the computer players move, their cues are held; the "your turn" a line asks for (play) while
    they are held comes after them, since its line comes last."""
    log = tmp_path / "played.txt"
    cues = Cues(cache_dir=tmp_path / "cache")
    cues.player = Player(("sh", "-c", 'basename "$1" >> "$0"', str(log)))
    cues.hold()
    cues.hold()  # held runs nest
    assert cues.play_all([("draw", -1.0), ("discard", -1.0)]) == 2
    assert cues.play("your_turn")
    assert cues.play_all([("take", 1.0)]) == 1
    assert cues.release() == 0 and not log.exists()  # the inner run ends: still held
    assert cues.release() == 4
    deadline = time.monotonic() + 10
    while not log.exists() or not log.read_text().strip():
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert log.read_text().split()[0].split("-")[0] == "draw+discard+take+your_turn"
    cues.close()


def test_cues_wait_for_those_still_playing_but_not_the_answer_to_a_key(tmp_path: Path) -> None:
    """The computer players' run, asked for while the player's own discard still sounds, begins with
    the silence left of it; the player's own next cue (at once) is never kept waiting."""
    log = tmp_path / "played.txt"
    cues = Cues(cache_dir=tmp_path / "cache")
    cues.player = Player(("sh", "-c", 'cp "$1" "$0.$(basename "$1")"; basename "$1" >> "$0"', str(log)))
    assert cues.play_all([("go_out", 0.0)], at_once=True) == 1  # 0.45 s
    assert cues.play_all([("draw", -1.0), ("discard", -1.0)]) == 2
    assert cues.play_all([("draw", 0.0)], at_once=True) == 1
    deadline = time.monotonic() + 10
    while not log.exists() or len(log.read_text().split()) < 3:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    played = sorted(log.read_text().split())  # the stand-ins run side by side: in any order
    run, own, first = played
    assert first.startswith("go_out-") and own.startswith("draw-") and own.endswith("+0.00.wav")  # cached files
    assert run.startswith("draw+discard-"), played
    with wave.open(str(tmp_path / f"played.txt.{run}"), "rb") as w:
        samples = memoryview(w.readframes(w.getnframes())).cast("h")
    quiet = next(i for i, v in enumerate(samples) if abs(v) > 100) / 2 / 22050
    assert 0.3 < quiet <= 0.45  # the go-out cue's length, less the moments between the two calls
    cues.close()
