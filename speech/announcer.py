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

Speech: every message is queued and said whole, in the order printed. No game news is urgent (a player
who hears "Your turn." must already have heard the moves before it); an urgent message (an answer to a
key) goes ahead of those waiting and never cuts the one being said, nor drops any. A message's sound
cue (``Utterance.cue``, the "your turn" tone) is played just before it: in the voice's own queue when
the voice can play sounds in line (speech.backends.base.SoundsInLine), else at once as it is printed;
either way in its place. Only the player's key press (:meth:`silence`)
stops speech: the player has moved on, and history keeps everything. The same message (same text, same kind)
twice within half a second of the same batch is dropped: two parts of the program announcing one
thing. A batch is what one cause produces — one key press, one action's events — and the caller
starts a new one (new_batch), so a "Your turn." of a new turn is never taken for a repeat of the last
one however fast the player plays, and answers to the player's own keys (Kind.INFO, and re-reads from
history) are never dropped: pressing H twice means hearing the hand twice. A backend that fails is
replaced by the next in its chain with a single notice, and the game never sees an exception from here.

The notice says what is true (speech.output_words): the voice that stopped and why, and what speaks
now, or that nothing does and every message is printed. A voice that finds out in its own thread that
it has stopped (speech.backends.base.Watched) is noticed at once when ``post`` can run the change in
the game's own thread (the app sets it), else at the next message or key. With ``comeback`` (the voice
the player wanted, speech.voice_return) that voice is tried again while something else stands in, and
when it is back the announcer says so in it.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.cards import Card
from speech.backends.base import Backend, BackendFailed, SilentBackend, SoundsInLine, Transcribing, Watched
from speech.history import Entry, History
from speech.i18n import _, current
from speech.lines import GLUE, split_message, unglue
from speech.output_words import voice_back, voice_lost, voice_replaced, voice_switched
from speech.phrases import card_words
from speech.utterance import Kind, Utterance, utter
from speech.voice_return import VoiceReturn

__all__ = ["CARD_DISPLAYS", "DEDUP_SECONDS", "Announcer", "LineCues", "MessageListener"]

#: listener(utterance, reread): a message was said (reread: again, from history or "repeat").
MessageListener = Callable[[Utterance, bool], None]
#: Runs a function in the game's own thread (the app's event loop while it runs).
Post = Callable[[Callable[[], None]], None]

class LineCues(Protocol):
    """The sound cues a message can carry (speech.cues.Cues): whether one is on, its file, playing it now."""

    def is_enabled(self, name: str) -> bool: ...

    def wav_path(self, name: str) -> Any: ...

    def play(self, name: str) -> bool: ...


CARD_DISPLAYS = ("words", "braille", "both")
DEDUP_SECONDS = 0.5

_SPACES = re.compile(r" {2,}")


def _spaced(utterance: Utterance, show: Callable[[Card], str]) -> str:
    """The line with each card shown by ``show`` and set apart by spaces (braille cells must not touch
    the words around them), except after an elided article: "l'as de cœur ⠁⠓", never "l' as"."""
    out: list[str] = []
    for part in utterance.parts:
        if isinstance(part, str):
            out.append(part)
        else:
            elided = bool(out) and out[-1].endswith(("'", "\u2019"))
            out.append(("" if elided else " ") + show(part) + " ")
    return "".join(out)


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
        #: Runs a change of voice in the game's own thread as soon as it is known (None: at the next
        #: message or key). Set by the app while it runs.
        self.post: Post | None = None
        #: The voice the player wanted, tried again whenever it is not the one speaking (set_comeback).
        self.comeback: VoiceReturn | None = None
        #: The sound cues messages carry (None: messages carry none; the caller plays its own cues).
        self.cues: LineCues | None = None
        self._watch(backend)

    # ----------------------------------------------------------------- telling
    def announce(self, u: Utterance | str, kind: Kind = Kind.SYSTEM, *, urgent: bool = False) -> bool:
        """Tell the player; False when it was dropped as a repeat within half a second.

        A string takes ``kind`` and ``urgent``; an Utterance keeps its own kind and is urgent if either
        it or the call says so.
        """
        utterance = utter(u, kind=kind, urgent=urgent) if isinstance(u, str) else u
        is_urgent = urgent or utterance.urgent
        with self._lock:
            self.mind_voice()
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
            self.mind_voice()
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
            line = _spaced(utterance, lambda c: cells(c).replace(" ", GLUE))
        else:
            line = _spaced(utterance, lambda c: f"{card_words(c)} {cells(c)}".replace(" ", GLUE))
        return _SPACES.sub(" ", line).strip()

    def display_line(self, utterance: Utterance) -> str:
        """The line as the card display setting shows it (for a braille display reader)."""
        return unglue(self._glued(utterance))

    def printed_lines(self, utterance: Utterance) -> list[str]:
        """What is printed: the line, or its sentences one a line when it is longer than ``width``."""
        typeset = None if utterance.in_english else current().typeset  # a sentence the catalog lacks: English
        return split_message(self._glued(utterance), self.width, typeset=typeset)

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

    def _cue(self, utterance: Utterance, backend: Backend) -> None:
        """Play the message's cue just before it: queued in the voice when it plays sounds in line, else
        now (a screen reader's player hears it as the line is printed). Never raises."""
        cues = self.cues
        if not utterance.cue or cues is None:
            return
        try:
            if not cues.is_enabled(utterance.cue):
                return
            if backend.speaks and isinstance(backend, SoundsInLine) and backend.sounds_in_line:
                backend.play_sound(str(cues.wav_path(utterance.cue)))
            else:
                cues.play(utterance.cue)
        except Exception as exc:  # a cue that cannot play never stops the message
            self.problems.append(f"cue {utterance.cue}: {exc.__class__.__name__}: {exc}")

    def _output(self, utterance: Utterance, text: str, urgent: bool, *, reread: bool = False) -> None:
        backend = self.backend
        for line in self.printed_lines(utterance):
            self._print(line)
        if not reread:
            self._cue(utterance, backend)
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
            self._watch(backend)
            if close_old and old is not backend:
                _close_quietly(old)

    def set_comeback(self, comeback: VoiceReturn | None, *, speaking: bool) -> None:
        """The voice to keep coming back to (None: none); ``speaking``: it is the one speaking now."""
        with self._lock:
            if self.comeback is not None and self.comeback is not comeback:
                self.comeback.close()
            self.comeback = comeback
            if comeback is not None:
                comeback.on_ready = self._news
                if not speaking:
                    comeback.lose()

    def _watch(self, backend: Backend) -> None:
        if isinstance(backend, Watched):
            backend.watch(self._news)

    def _news(self) -> None:
        """A voice stopped, or the wanted voice could be heard again (from another thread): deal with it
        in the game's thread now when possible, else at the next message or key."""
        post = self.post
        if post is not None:
            with contextlib.suppress(Exception):
                post(self.mind_voice)

    def mind_voice(self) -> None:
        """In the game's thread: replace a voice that has stopped, and bring the wanted one back once it
        can be heard."""
        with self._lock:
            backend = self.backend
            failed = backend.failed if isinstance(backend, Watched) else None
            if failed:
                self._fail_over(BackendFailed(failed))
            comeback = self.comeback
            if comeback is not None and comeback.ready:
                self._come_back(comeback)

    def _come_back(self, comeback: VoiceReturn) -> None:
        voice = comeback.voice
        try:
            backend = voice.chain[0]()
        except Exception as exc:
            self.problems.append(f"{voice.name} is not back yet: {exc}")
            comeback.retry()
            return
        if not self._notice(voice_back(backend.name), backend):
            comeback.retry()
            return
        old, self.backend = self.backend, backend
        self.fallbacks = list(voice.chain[1:])
        self._watch(backend)
        _close_quietly(old)
        comeback.back()

    def _fail_over(self, exc: BaseException, *, notice: bool = True) -> None:
        """Replace the failed backend by the next fallback that starts and works; say so once, truthfully:
        the voice that stopped and why, and what speaks now or that every message is printed."""
        failed = self.backend
        self.problems.append(f"{failed.name} failed: {exc.__class__.__name__}: {exc}")
        reason = str(exc) if isinstance(exc, BackendFailed) and str(exc) else _("{name} failed ({error})").format(
            name=failed.name, error=f"{exc.__class__.__name__}: {exc}")
        _close_quietly(failed)
        comeback = self.comeback
        if comeback is not None and failed.speaks:
            comeback.lose()
        while True:
            replacement = self._next_fallback()
            self.backend = replacement
            self._watch(replacement)
            if not notice:
                return
            if replacement.speaks:
                text = (voice_replaced(failed.name, replacement.name, reason) if failed.speaks
                        else voice_switched(replacement.name, reason))
            elif failed.speaks:
                text = voice_lost(reason, coming_back=comeback is not None)
            else:
                text = _("Speech switched to {name}.").format(name=replacement.name)
            if self._notice(text, replacement):
                return

    def _notice(self, text: str, backend: Backend | None = None) -> bool:
        """Say a line about the outputs themselves in ``backend`` (the current one by default), print it
        and keep it; False when that backend failed at once (it is closed; the caller moves on)."""
        backend = backend or self.backend
        try:
            if backend.speaks:
                backend.speak(text, urgent=False)
            elif isinstance(backend, Transcribing):
                backend.transcribe(text, urgent=False)
        except Exception as again:
            self.problems.append(f"{backend.name} failed: {again.__class__.__name__}: {again}")
            _close_quietly(backend)
            return False
        self.history.add(Entry(Utterance((text,), Kind.SYSTEM, False), text, self.clock()))
        self._print(text)
        return True

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
            if self.comeback is not None:
                self.comeback.close()
            _close_quietly(self.backend)
            transcript = getattr(self.backend, "transcript", None)
            if transcript is not None:
                _close_quietly(transcript)


def _close_quietly(backend: object) -> None:
    close = getattr(backend, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):
            close()
