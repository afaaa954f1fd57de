"""Backends: choosing by name, fallbacks, construction that never prints or blocks, transcripts."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from speech.backends import (
    BACKEND_NAMES,
    BackendFailed,
    BackendUnavailable,
    JsonlBackend,
    RecordingBackend,
    SilentBackend,
    TeeBackend,
    backend_chain,
    make_backend,
    read_transcript,
    self_voicing_order,
    start_backend,
)
from speech.backends.guard import build_guarded, captured
from speech.backends.worker import QueueWorker


def test_construction_output_is_captured_at_python_and_fd_level(capfd: pytest.CaptureFixture[str]) -> None:
    def chatty() -> SilentBackend:
        print("Cannot find Speech Dispatcher. Please install python-speechd.")
        sys.stderr.write("python stderr\n")
        os.write(1, b"fd one from C code\n")
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
        return SilentBackend()

    backend = build_guarded("chatty", chatty, timeout=1.0)
    assert isinstance(backend, SilentBackend)
    out, err = capfd.readouterr()
    assert out == "" and err == ""
    text = "\n".join(t for n, t in captured if n == "chatty")
    for piece in ("Speech Dispatcher", "python stderr", "fd one", "ALSA lib"):
        assert piece in text
    # The terminal works as before afterwards.
    print("after")
    os.write(2, b"after2\n")
    out, err = capfd.readouterr()
    assert out == "after\n" and err == "after2\n"


def test_a_hanging_backend_gives_up_within_the_timeout(capfd: pytest.CaptureFixture[str]) -> None:
    def hangs() -> SilentBackend:
        time.sleep(1.0)
        print("late chatter")
        return SilentBackend()

    started = time.monotonic()
    with pytest.raises(BackendUnavailable, match="did not start within"):
        build_guarded("hangs", hangs, timeout=0.3)
    assert time.monotonic() - started < 0.6
    out, err = capfd.readouterr()
    assert out == "" and err == ""
    # The abandoned thread is still quiet when it finally speaks up.
    time.sleep(1.0)
    out, err = capfd.readouterr()
    assert out == "" and err == ""
    assert any(n == "hangs" and "late chatter" in t for n, t in captured)


def test_a_backend_that_raises_is_unavailable_with_the_reason() -> None:
    def raises() -> SilentBackend:
        raise OSError("no audio device")

    with pytest.raises(BackendUnavailable, match="no audio device"):
        build_guarded("raises", raises)


def test_names_and_chains() -> None:
    assert set(BACKEND_NAMES) >= {
        "screen-reader",
        "self-voicing",
        "espeak-ng",
        "pyttsx3",
        "ao2",
        "silent",
        "recording",
        "jsonl",
    }
    assert self_voicing_order("linux") == ("ao2", "espeak-ng", "pyttsx3")
    assert self_voicing_order("win32")[0] == "pyttsx3"
    assert self_voicing_order("darwin")[0] == "pyttsx3"
    assert len(backend_chain("self-voicing")) == len(self_voicing_order()) + 1
    assert len(backend_chain("espeak-ng")) == len(self_voicing_order()) + 1
    assert len(backend_chain("silent")) == 1
    with pytest.raises(BackendUnavailable, match="unknown speech backend"):
        backend_chain("klingon")
    assert make_backend("silent").name == "silent"
    assert isinstance(make_backend("recording"), RecordingBackend)
    sr = make_backend("screen-reader")
    assert sr.name == "screen-reader" and not sr.speaks


def test_every_chain_ends_in_a_backend_that_always_starts() -> None:
    for name in ("self-voicing", "espeak-ng", "pyttsx3", "ao2", "screen-reader"):
        backend, _rest, problems = start_backend(name, timeout=1.0)
        try:
            assert backend.name
            assert all(isinstance(p, str) and p for p in problems)
        finally:
            backend.close()
    # The last resort of a voice chain is the screen reader: the printed line is always there.
    assert backend_chain("ao2")[-1]().name == "screen-reader"


def test_ao2_without_speech_dispatcher_is_unavailable_quickly_and_quietly(capfd: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    try:
        backend = make_backend("ao2")
    except BackendUnavailable as exc:
        assert "ao2" in str(exc)
    else:  # a machine with python3-speechd reachable
        backend.close()
    assert time.monotonic() - started < 1.5
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_jsonl_needs_a_path_and_writes_one_record_per_line(tmp_path: Path) -> None:
    with pytest.raises(BackendUnavailable):
        make_backend("jsonl")
    path = tmp_path / "speech.jsonl"
    backend = make_backend("jsonl", transcript=str(path))
    assert backend.speaks
    backend.speak("Your turn.", urgent=True)
    backend.speak('Anna said "hi" — ok')
    backend.close()
    records = read_transcript(path)
    assert [r["text"] for r in records] == ["Your turn.", 'Anna said "hi" — ok']
    assert [r["urgent"] for r in records] == [True, False]
    assert set(records[0]) == {"t", "text", "urgent"}
    assert records[0]["t"] <= records[1]["t"]  # type: ignore[operator]
    with pytest.raises(BackendFailed):
        backend.speak("after close")


def test_a_transcript_alongside_a_voice_outlives_the_voice(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    chain = backend_chain("recording", transcript=str(path))
    tee = chain[0]()
    assert isinstance(tee, TeeBackend) and tee.name == "recording" and tee.speaks
    tee.speak("One.")
    tee.close()
    transcript = tee.transcript
    assert isinstance(transcript, JsonlBackend)
    transcript.speak("Two.")
    transcript.close()
    assert [r["text"] for r in read_transcript(path)] == ["One.", "Two."]


def test_queue_worker_reports_a_job_that_raised_or_stalled() -> None:
    worker = QueueWorker("test", lambda: None, stall=0.2)
    worker.wait_ready(1.0)

    def boom() -> None:
        raise RuntimeError("driver crashed")

    worker.submit(boom)
    deadline = time.monotonic() + 2
    while worker.failed is None and time.monotonic() < deadline:
        time.sleep(0.01)
    with pytest.raises(BackendFailed, match="driver crashed"):
        worker.submit(lambda: None)

    stuck = QueueWorker("stuck", lambda: None, stall=0.2)
    stuck.wait_ready(1.0)
    stuck.submit(lambda: time.sleep(1.0))
    time.sleep(0.4)
    with pytest.raises(BackendFailed, match="has not answered"):
        stuck.submit(lambda: None)


def test_queue_worker_runs_every_job_urgent_ones_first_and_drops_only_on_stop() -> None:
    worker = QueueWorker("order", lambda: None)
    worker.wait_ready(1.0)
    done: list[str] = []
    gate = threading.Event()
    worker.submit(gate.wait)
    time.sleep(0.05)  # the gate is running
    worker.submit(lambda: done.append("first"))
    worker.submit(lambda: done.append("second"))
    worker.submit(lambda: done.append("urgent 1"), urgent=True)
    worker.submit(lambda: done.append("urgent 2"), urgent=True)
    assert worker.waiting == 4
    gate.set()
    deadline = time.monotonic() + 2
    while len(done) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert done == ["urgent 1", "urgent 2", "first", "second"]
    gate.clear()
    worker.submit(gate.wait)
    time.sleep(0.05)
    worker.submit(lambda: done.append("dropped"))
    worker.drop_waiting()  # the player's key press
    gate.set()
    time.sleep(0.1)
    assert "dropped" not in done and worker.waiting == 0
    worker.close()


def test_a_setup_that_fails_makes_the_worker_unavailable() -> None:
    def setup() -> None:
        raise ImportError("no module named speechd")

    with pytest.raises(BackendUnavailable, match="speechd"):
        QueueWorker("ao2", setup).wait_ready(1.0)


@given(st.lists(st.booleans(), max_size=30))
def test_every_line_is_kept_and_urgent_ones_go_first_in_their_own_order(flags: list[bool]) -> None:
    from collections import deque

    from speech.backends.queueing import enqueue

    queue: deque[tuple[int, bool]] = deque()
    for i, urgent in enumerate(flags):
        enqueue(queue, (i, urgent), urgent=urgent, is_urgent=lambda item: item[1])
    order = [i for i, _ in queue]
    assert sorted(order) == list(range(len(flags)))  # nothing dropped
    urgent_ones = [i for i, u in enumerate(flags) if u]
    ordinary = [i for i, u in enumerate(flags) if not u]
    assert order == urgent_ones + ordinary
