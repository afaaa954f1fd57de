"""The wanted voice is tried again while it is lost, in a thread of its own, and a voice that keeps
coming and going is tried less and less often; the announcer says the loss, the stand-in and the
return, each once, and only what is true."""

from __future__ import annotations

import threading
import time

from speech.announcer import Announcer
from speech.backends.base import BackendFailed, RecordingBackend
from speech.backends.registry import PreferredVoice
from speech.voice_return import RETRY_LIMIT, VoiceReturn


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Voice(RecordingBackend):
    """A voice that finds out in its own thread that it has stopped (speech.backends.base.Watched)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.failed: str | None = None
        self.notify: list[object] = []

    def watch(self, notify: object) -> None:
        self.notify.append(notify)

    def speak(self, text: str, *, urgent: bool = False) -> None:
        if self.failed:
            raise BackendFailed(self.failed)
        super().speak(text, urgent=urgent)


def _wait(check: object, timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.005)
    return False


def test_the_lost_voice_is_said_then_back_once_it_can_be_heard() -> None:
    heard = threading.Event()
    built: list[Voice] = []

    def build() -> Voice:
        built.append(Voice("espeak-ng"))
        return built[-1]

    first = Voice("espeak-ng")
    printed: list[str] = []
    posted: list[object] = []
    announcer = Announcer(first, printed.append, fallbacks=[lambda: RecordingBackend(speaks=False)])
    announcer.post = posted.append
    comeback = VoiceReturn(PreferredVoice("espeak-ng", (build,), lambda: None if heard.is_set() else "not yet"),
                           every=0.02)
    announcer.set_comeback(comeback, speaking=True)
    try:
        first.failed = "the sound server stopped answering"
        first.notify[0]()  # the voice's own thread found out: the change waits for the game's thread
        assert posted and not printed
        posted.pop()()
        assert printed == ["The game cannot speak now because the sound server stopped answering: every message "
                           "is printed for your screen reader, and the game says so when its voice is back."]
        assert not _wait(lambda: comeback.ready, 0.2) and comeback.why_not == "not yet"
        heard.set()
        assert _wait(lambda: bool(posted))  # told as soon as the check passed, with no key pressed
        posted.pop()()
        assert printed[-1] == "The game's voice is back (espeak-ng)."
        assert announcer.backend is built[0] and built[0].texts == ["The game's voice is back (espeak-ng)."]
        announcer.announce("Your turn.")
        assert built[0].texts[-1] == "Your turn."
    finally:
        announcer.close()


def test_a_voice_that_keeps_coming_back_and_going_is_tried_less_often() -> None:
    clock = Clock()
    comeback = VoiceReturn(PreferredVoice("espeak-ng", (), lambda: None), every=2.0, clock=clock)
    try:
        pauses = []
        for _ in range(8):
            comeback.lose()
            pauses.append(comeback._pause)
            comeback.back()
            clock.now += 1.0  # lost again a second after it came back
        assert pauses[:4] == [2.0, 4.0, 8.0, 16.0] and pauses[-1] == RETRY_LIMIT
        clock.now += 120.0  # back for good: the next loss starts again with short pauses
        comeback.lose()
        assert comeback._pause == 2.0
    finally:
        comeback.close()
