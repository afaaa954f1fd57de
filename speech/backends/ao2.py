"""accessible_output2: speech-dispatcher on Linux; NVDA, JAWS or SAPI on Windows.

On Linux only its speech-dispatcher output is used (its ESpeak output needs an old binding that is
not installable), and that needs the ``speechd`` module, which comes from the system's
python3-speechd package, not from PyPI: in a virtual environment it is usually missing and this
backend reports itself unavailable at once. accessible_output2 prints its complaints to stdout, and
the speechd client has no timeouts, so every call runs in a worker thread and construction happens
under :func:`speech.backends.guard.build_guarded`.
On Windows it reaches NVDA or JAWS directly, which is also how a screen-reader player gets braille
(see :mod:`speech.backends.screen_reader`).

speech-dispatcher is told the game's language (``set_language``), so with no voice named it takes
the desktop's voice for that language: French in French.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from typing import Any

from speech.backends.base import PLAIN_STYLE, BackendUnavailable, VoiceStyle
from speech.backends.com import ComInit, co_initialize
from speech.backends.worker import QueueWorker
from speech.i18n import _, language

__all__ = ["Ao2Backend", "load_ao2_output"]


def load_ao2_output(*, linux_speech_dispatcher_only: bool = True) -> Any:
    """The first working accessible_output2 output, or BackendUnavailable."""
    if sys.platform.startswith("linux") and linux_speech_dispatcher_only:
        try:
            import speechd  # type: ignore[import-not-found]  # noqa: F401
        except ImportError as exc:
            raise BackendUnavailable(_("speech-dispatcher's Python module (speechd) is not installed")) from exc
        from accessible_output2.outputs.speech_dispatcher import SpeechDispatcher

        output = SpeechDispatcher()
        if not output.is_active():
            raise BackendUnavailable(_("speech-dispatcher did not answer"))
        return output
    from accessible_output2.outputs.auto import Auto

    auto = Auto()
    first = auto.get_first_available_output()
    if first is None:
        raise BackendUnavailable(_("accessible_output2 found no speech output"))
    return first


class Ao2Backend:
    name = "ao2"
    speaks = True

    def __init__(self, style: VoiceStyle = PLAIN_STYLE, *, ready_timeout: float = 5.0,
                 loader: Callable[[], Any] | None = None, com: ComInit = co_initialize) -> None:
        self._style = style
        self._output: Any = None
        self._loader = loader or load_ao2_output
        # SAPI and JAWS are COM objects: created and called only in this worker, with COM initialised.
        self._worker = QueueWorker("accessible_output2", self._setup, com=com)
        self._worker.wait_ready(ready_timeout)
        label = getattr(self._output, "name", "")
        self.name = f"ao2 ({label})" if label else "ao2"

    def _setup(self) -> None:
        self._output = self._loader()
        client = getattr(self._output, "_client", None)
        style = self._style
        if client is not None:  # speech-dispatcher: rate and volume run -100..100; no pitch or variant here
            if style.rate is not None:
                client.set_rate(max(-100, min(100, round((style.rate - 175) / 2))))
            if style.volume is not None:
                client.set_volume(max(-100, min(100, round(style.volume * 200 - 100))))
            client.set_language(language())
            if style.voice:
                client.set_synthesis_voice(style.voice)

    def speak(self, text: str, *, urgent: bool = False) -> None:
        # Never interrupt=True: that would cut the line being said. speech-dispatcher queues the rest.
        self._worker.submit(lambda: self._output.speak(text, interrupt=False), urgent=urgent)

    def braille(self, cells: str) -> None:
        if hasattr(self._output, "braille"):
            self._worker.submit(lambda: self._output.braille(cells))

    def stop(self) -> None:
        self._worker.drop_waiting()
        silence = getattr(self._output, "silence", None)
        if callable(silence):
            self._worker.submit(silence)

    def close(self) -> None:
        self._worker.drop_waiting()
        close = getattr(self._output, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                self._worker.submit(close)
        self._worker.close()
