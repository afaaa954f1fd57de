"""The one funnel for everything the player is told.

Every message passes here once: it is kept in history, printed as a line and, in self-voicing mode,
spoken. Two rules come from what blind players report: never both print-for-the-screen-reader and
speak the same text (they would hear it twice), and braille cells never appear on a line a screen
reader speaks (it would read out "braille pattern dots 1 2 4"). So in screen-reader mode the printed
line is words only, and cells go to the braille display through the backend when it can take them;
in self-voicing mode the voice says the words and the printed line, which the player reads on the
braille display, shows cards as the player chose: words, cells, or both.

Urgent messages interrupt what is being said; others queue. The same message (same text, same kind)
twice within half a second of the same batch is dropped: two parts of the program announcing one
thing. A batch is what one cause produces — one key press, one action's events — and the caller
starts a new one (new_batch), so a "Your turn." of a new turn is never taken for a repeat of the last
one however fast the player plays, and answers to the player's own keys (Kind.INFO, and re-reads from
history) are never dropped: pressing H twice means hearing the hand twice. A backend that fails is
replaced by the next in its chain with a single notice, and the game never sees an exception from here.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections.abc import Callable, Sequence

from engine.cards import Card
from speech.backends.base import Backend, SilentBackend, Transcribing
from speech.history import Entry, History
from speech.phrases import card_words
from speech.utterance import Kind, Utterance

__all__ = ["CARD_DISPLAYS", "DEDUP_SECONDS", "Announcer"]

CARD_DISPLAYS = ("words", "braille", "both")
DEDUP_SECONDS = 0.5

_SPACES = re.compile(r" {2,}")


class Announcer:
    def __init__(
        self,
        backend: Backend,
        printer: Callable[[str], None] | None = None,
        *,
        card_display: str = "words",
        clock: Callable[[], float] = time.monotonic,
        braille_fn: Callable[[Card], str] | None = None,
        fallbacks: Sequence[Callable[[], Backend]] = (),
        dedup_seconds: float = DEDUP_SECONDS,
    ) -> None:
        if card_display not in CARD_DISPLAYS:
            raise ValueError(f"card_display is one of {', '.join(CARD_DISPLAYS)}, not {card_display!r}")
        self.backend = backend
        self.printer = printer
        self.card_display = card_display
        self.clock = clock
        self.braille_fn = braille_fn
        self.fallbacks: list[Callable[[], Backend]] = list(fallbacks)
        self.dedup_seconds = dedup_seconds
        self.history = History(self._reread)
        #: Backend failures seen, newest last (for a diagnostics screen).
        self.problems: list[str] = []
        self._recent: dict[tuple[str, Kind], float] = {}
        self._lock = threading.RLock()

    # ----------------------------------------------------------------- telling
    def announce(self, u: Utterance | str, kind: Kind = Kind.SYSTEM, *, urgent: bool = False) -> bool:
        """Tell the player; False when it was dropped as a repeat within half a second.

        A string takes ``kind`` and ``urgent``; an Utterance keeps its own kind and is urgent if either
        it or the call says so.
        """
        utterance = Utterance((u,), kind, urgent) if isinstance(u, str) else u
        is_urgent = urgent or utterance.urgent
        with self._lock:
            text = utterance.text()
            now = self.clock()
            if utterance.kind != Kind.INFO:
                key = (text, utterance.kind)
                last = self._recent.get(key)
                if last is not None and now - last < self.dedup_seconds:
                    return False
                self._recent = {k: t for k, t in self._recent.items() if now - t < self.dedup_seconds}
                self._recent[key] = now
            self.history.add(Entry(utterance, text, now))
            self._output(utterance, text, is_urgent)
            return True

    def new_batch(self) -> None:
        """What comes next has a new cause (a key press, an action): nothing said before is a repeat of it."""
        with self._lock:
            self._recent.clear()

    def announce_all(self, utterances: Sequence[Utterance]) -> int:
        """Announce in order; returns how many were not dropped."""
        return sum(1 for u in utterances if self.announce(u))

    def repeat_last(self) -> Utterance | None:
        """Say the newest message again (whatever the history filter)."""
        with self._lock:
            if not self.history.entries:
                self._reread(Utterance(("Nothing has been said yet.",)), "")
                return None
            utterance = self.history.entries[-1].utterance
            self._reread(utterance, "")
            return utterance

    def silence(self) -> None:
        """Stop speaking now (a key press)."""
        with self._lock:
            try:
                self.backend.stop()
            except Exception as exc:
                self._fail_over(exc)

    # ----------------------------------------------------------------- lines
    def words_line(self, utterance: Utterance) -> str:
        return utterance.text()

    def display_line(self, utterance: Utterance) -> str:
        """The line as the card display setting shows it (for a braille display reader)."""
        cells = self.braille_fn
        if self.card_display == "words" or cells is None or not utterance.cards:
            return utterance.text()
        if self.card_display == "braille":
            return _SPACES.sub(" ", utterance.render(lambda c: f" {cells(c)} ")).strip()
        return utterance.render(lambda c: f"{card_words(c)} {cells(c)}")

    def printed_line(self, utterance: Utterance) -> str:
        """What is printed: words only for a screen reader; the card display for a self-voicing player."""
        return self.display_line(utterance) if self.backend.speaks else utterance.text()

    # ----------------------------------------------------------------- output
    def _reread(self, utterance: Utterance, prefix: str) -> None:
        with self._lock:
            if prefix:
                utterance = Utterance((prefix, *utterance.parts), utterance.kind, utterance.urgent)
            self._output(utterance, utterance.text(), True)

    def _print(self, line: str) -> None:
        if self.printer is None:
            return
        try:
            self.printer(line)
        except Exception as exc:  # printing must never stop the game either
            self.problems.append(f"printing failed: {exc.__class__.__name__}: {exc}")

    def _output(self, utterance: Utterance, text: str, urgent: bool) -> None:
        backend = self.backend
        self._print(self.printed_line(utterance))
        try:
            if backend.speaks:
                backend.speak(text, interrupt=urgent)
            else:
                if isinstance(backend, Transcribing):
                    backend.transcribe(text, interrupt=urgent)
                if self.card_display != "words" and utterance.cards and self.braille_fn is not None:
                    backend.braille(self.display_line(utterance))
        except Exception as exc:
            self._fail_over(exc)
            if self.backend.speaks:
                self._safe_speak(text, urgent)

    def _safe_speak(self, text: str, urgent: bool) -> None:
        for _ in range(len(self.fallbacks) + 1):
            try:
                self.backend.speak(text, interrupt=urgent)
                return
            except Exception as exc:
                self._fail_over(exc, notice=False)

    # ----------------------------------------------------------------- backends
    def set_backend(self, backend: Backend, *, close_old: bool = True) -> None:
        with self._lock:
            old, self.backend = self.backend, backend
            if close_old and old is not backend:
                _close_quietly(old)

    def _fail_over(self, exc: BaseException, *, notice: bool = True) -> None:
        """Replace the failed backend by the next fallback that starts and works; say so once."""
        failed = self.backend
        self.problems.append(f"{failed.name} failed: {exc.__class__.__name__}: {exc}")
        _close_quietly(failed)
        while True:
            replacement = self._next_fallback()
            self.backend = replacement
            if not notice:
                return
            text = f"Speech switched to {replacement.name}."
            try:
                if replacement.speaks:
                    replacement.speak(text, interrupt=False)
                elif isinstance(replacement, Transcribing):
                    replacement.transcribe(text, interrupt=False)
            except Exception as again:
                self.problems.append(f"{replacement.name} failed: {again.__class__.__name__}: {again}")
                _close_quietly(replacement)
                continue
            self.history.add(Entry(Utterance((text,), Kind.SYSTEM, False), text, self.clock()))
            self._print(text)
            return

    def _next_fallback(self) -> Backend:
        while self.fallbacks:
            factory = self.fallbacks.pop(0)
            try:
                return factory()
            except Exception as build_exc:
                self.problems.append(f"fallback did not start: {build_exc}")
        return SilentBackend()

    def close(self) -> None:
        with self._lock:
            _close_quietly(self.backend)
            transcript = getattr(self.backend, "transcript", None)
            if transcript is not None:
                _close_quietly(transcript)


def _close_quietly(backend: object) -> None:
    close = getattr(backend, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):
            close()
