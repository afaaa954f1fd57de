"""The one funnel for everything the player is told.

Every message passes here once: it is kept in history, printed and, in self-voicing mode, spoken.
Never both print-for-the-screen-reader and speak the same text (players would hear it twice). The
printed line shows cards as the player chose, in every mode: words (the default), braille cells, or
both. Cells on a line a screen reader speaks are read out as "braille pattern dots 1 2 4", so cells
are never the default; a player who asks for them wants them on the display. With "both" and
"braille" every card's cells have a blank on each side, so no punctuation is glued to them (on a UEB
display ";" and "." are the cells of dropped 2 and dropped 4). A message longer than ``width`` is
printed as its sentences, one a line (see :mod:`speech.lines`). When the backend can write to a
braille display itself (NVDA or JAWS on Windows) it gets every line. ``listeners`` hear of every
message said (a braille display link writes it to the display).

Speech: every message is queued and said whole, in order; an urgent one goes ahead of those waiting
and never cuts the one being said, nor drops any. Only the player's key press (:meth:`silence`)
stops speech: the player has moved on, and history keeps everything. The same message (same text, same kind)
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
from speech.i18n import _
from speech.lines import GLUE, split_message, unglue
from speech.phrases import card_words
from speech.utterance import Kind, Utterance, utter

__all__ = ["CARD_DISPLAYS", "DEDUP_SECONDS", "Announcer", "MessageListener"]

#: listener(utterance, reread): a message was said (reread: again, from history or "repeat").
MessageListener = Callable[[Utterance, bool], None]

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
        width: int | None = None,
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
        #: Longest printed line before a message is split into sentences (None: never split).
        self.width = width
        self.history = History(self._reread)
        self.listeners: list[MessageListener] = []
        #: The newest line printed, and how many have been printed (for news on the prompt line).
        self.last_printed = ""
        self.printed_count = 0
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
        utterance = utter(u, kind=kind, urgent=urgent) if isinstance(u, str) else u
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

    def repeat_last(self) -> Utterance | None:
        """Say the newest message again (whatever the history filter)."""
        with self._lock:
            if not self.history.entries:
                self._reread(utter(_("Nothing has been said yet.")), "")
                return None
            utterance = self.history.entries[-1].utterance
            self._reread(utterance, "")
            return utterance

    def silence(self) -> None:
        """The player pressed a key: stop the line being said and drop those waiting (history keeps them)."""
        with self._lock:
            try:
                self.backend.stop()
            except Exception as exc:
                self._fail_over(exc)

    # ----------------------------------------------------------------- lines
    def _glued(self, utterance: Utterance) -> str:
        """The line as the card display setting shows it, with the spaces inside each card glued."""
        cells = self.braille_fn
        if self.card_display == "words" or cells is None or not utterance.cards:
            return utterance.render(lambda c: card_words(c).replace(" ", GLUE))
        if self.card_display == "braille":
            line = utterance.render(lambda c: f" {cells(c).replace(' ', GLUE)} ")
        else:
            line = utterance.render(lambda c: " " + f"{card_words(c)} {cells(c)}".replace(" ", GLUE) + " ")
        return _SPACES.sub(" ", line).strip()

    def display_line(self, utterance: Utterance) -> str:
        """The line as the card display setting shows it (for a braille display reader)."""
        return unglue(self._glued(utterance))

    def printed_lines(self, utterance: Utterance) -> list[str]:
        """What is printed: the line, or its sentences one a line when it is longer than ``width``."""
        return split_message(self._glued(utterance), self.width)

    # ----------------------------------------------------------------- output
    def _reread(self, utterance: Utterance, prefix: str) -> None:
        with self._lock:
            if prefix:
                utterance = Utterance((prefix, *utterance.parts), utterance.kind, utterance.urgent)
            self._output(utterance, utterance.text(), True, reread=True)

    def _print(self, line: str) -> None:
        self.last_printed = line
        self.printed_count += 1
        if self.printer is None:
            return
        try:
            self.printer(line)
        except Exception as exc:  # printing must never stop the game either
            self.problems.append(f"printing failed: {exc.__class__.__name__}: {exc}")

    def _output(self, utterance: Utterance, text: str, urgent: bool, *, reread: bool = False) -> None:
        backend = self.backend
        for line in self.printed_lines(utterance):
            self._print(line)
        try:
            if backend.speaks:
                backend.speak(text, urgent=urgent)
            else:
                if isinstance(backend, Transcribing):
                    backend.transcribe(text, urgent=urgent)
                backend.braille(self.display_line(utterance))
        except Exception as exc:
            self._fail_over(exc)
            if self.backend.speaks:
                self._safe_speak(text, urgent)
        for listener in list(self.listeners):
            try:
                listener(utterance, reread)
            except Exception as exc:  # a display that fails never stops the game
                self.problems.append(f"a message listener failed: {exc.__class__.__name__}: {exc}")

    def _safe_speak(self, text: str, urgent: bool) -> None:
        for _attempt in range(len(self.fallbacks) + 1):
            try:
                self.backend.speak(text, urgent=urgent)
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
            text = _("Speech switched to {name}.").format(name=replacement.name)
            try:
                if replacement.speaks:
                    replacement.speak(text, urgent=False)
                elif isinstance(replacement, Transcribing):
                    replacement.transcribe(text, urgent=False)
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
