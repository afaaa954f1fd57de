"""The game's messages on a braille display through BrlAPI, beside whatever speaks or prints them.

The link listens to the announcer: every message is kept, and the newest is written to the display
at once, its first window (see braille.brlapi_display.windows). The display's own keys move through
it: panning right and left go window by window, on into the next or previous message at either end;
line down and up go a whole message newer or older; top and bottom to the oldest and newest. A
routing key over a card chooses that card in the hand (``on_card``, given by whoever knows the
table). Screen-reader and self-voicing modes are untouched: the link only adds the display.

A display that goes away (BRLTTY stopped, the cable pulled) is said once, and the game goes on
without it; nothing here ever raises into the game.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from braille.brlapi_display import BrlapiDisplay, DisplayKey, DisplayUnavailable, Window, windows
from engine.cards import Card
from speech.output_words import DISPLAY_LOST, display_absent, display_linked
from speech.utterance import Kind, Utterance

__all__ = ["DisplayLink", "start_display_link"]

#: Messages kept for moving back through them on the display.
KEEP = 500

Post = Callable[[Callable[[], None]], None]


def _direct(fn: Callable[[], None]) -> None:
    fn()


class DisplayLink:
    def __init__(self, display: Any, announcer: Any, *, read_keys: bool = True) -> None:
        self.display = display
        self.announcer = announcer
        #: Runs a function in the game's own thread (the app's event loop while it runs).
        self.post: Post = _direct
        #: Called with the card under a routing key that was pressed.
        self.on_card: Callable[[Card], None] | None = None
        self.messages: list[tuple[str | Card, ...]] = []
        self.index = -1
        self.window = 0
        self._windows: list[Window] = []
        self.lost = False
        #: Every write: (monotonic time, text), newest last, for the figures.
        self.writes: list[tuple[float, str]] = []
        self._lock = threading.RLock()
        announcer.listeners.append(self.on_message)
        if read_keys:
            threading.Thread(target=self._read_keys, name="brlapi-keys", daemon=True).start()

    # ----------------------------------------------------------------- messages
    def on_message(self, utterance: Utterance, reread: bool) -> None:
        """The announcer said something: show it (a re-read is shown, not kept twice)."""
        parts = tuple(utterance.parts)
        with self._lock:
            if not reread or not self.messages:
                self.messages.append(parts)
                del self.messages[:-KEEP]
                self.index = len(self.messages) - 1
            elif self.messages[self.index] != parts:
                with contextlib.suppress(ValueError):
                    self.index = len(self.messages) - 1 - self.messages[::-1].index(parts)
            self._show(parts, 0)

    def show_line(self, parts: Sequence[str | Card]) -> None:
        """Show a line that is not a message (a hand in cells), without keeping it."""
        with self._lock:
            self._show(tuple(parts), 0)

    def _show(self, parts: tuple[str | Card, ...], window: int) -> None:
        if self.lost:
            return
        self._windows = windows(parts, self.display.width)
        self.window = max(0, min(window, len(self._windows) - 1))
        text = self._windows[self.window].text
        try:
            self.display.write(text)
        except DisplayUnavailable:
            self._lose()
            return
        self.writes.append((time.monotonic(), text))
        del self.writes[:-KEEP]

    # ----------------------------------------------------------------- keys
    def handle(self, key: DisplayKey) -> None:
        """What a display key does (in the game's thread)."""
        chosen: Card | None = None
        with self._lock:
            if not self.messages or self.lost:
                return
            if key.name == "pan-right":
                if self.window + 1 < len(self._windows):
                    self._show(self.messages[self.index], self.window + 1)
                elif self.index + 1 < len(self.messages):
                    self.index += 1
                    self._show(self.messages[self.index], 0)
            elif key.name == "pan-left":
                if self.window > 0:
                    self._show(self.messages[self.index], self.window - 1)
                elif self.index > 0:
                    self.index -= 1
                    self._show(self.messages[self.index], 10**6)  # its last window
            elif key.name in ("line-down", "line-up", "top", "bottom"):
                target = {"line-down": self.index + 1, "line-up": self.index - 1, "top": 0,
                          "bottom": len(self.messages) - 1}[key.name]
                self.index = max(0, min(target, len(self.messages) - 1))
                self._show(self.messages[self.index], 0)
            elif key.name == "route" and self._windows:
                chosen = self._windows[self.window].card_at(key.column)
        # Outside the lock: choosing a card is a game action, whose messages come back to the display.
        if chosen is not None and self.on_card is not None:
            self.on_card(chosen)

    def _read_keys(self) -> None:
        while not self.lost:
            try:
                key = self.display.read_key()
            except DisplayUnavailable:
                self.post(self._lose)
                return
            if key is not None and key.name != "other":
                self.post(partial(self.handle, key))

    # ----------------------------------------------------------------- going away
    def _lose(self) -> None:
        """Said once; the game goes on."""
        with self._lock:
            if self.lost:
                return
            self.lost = True
        with contextlib.suppress(ValueError):
            self.announcer.listeners.remove(self.on_message)
        with contextlib.suppress(Exception):
            self.announcer.announce(DISPLAY_LOST, Kind.SYSTEM)
        with contextlib.suppress(Exception):
            self.display.close()

    def close(self) -> None:
        with self._lock:
            self.lost = True
        with contextlib.suppress(ValueError):
            self.announcer.listeners.remove(self.on_message)
        with contextlib.suppress(Exception):
            self.display.close()


def start_display_link(choice: str, announcer: Any, *,
                       connect: Callable[[], Any] = BrlapiDisplay) -> tuple[DisplayLink | None, str | None]:
    """The link the braille setting asks for, and a sentence to say about it (or None).

    "off": none. "auto": a link when a BrlAPI server answers, silently nothing otherwise. "brlapi": a
    link, or a sentence saying why there is none.
    """
    if choice == "off":
        return None, None
    try:
        display = connect()
    except DisplayUnavailable as exc:
        return None, (display_absent(str(exc)) if choice == "brlapi" else None)
    except Exception as exc:  # a broken binding must not stop the game either
        return None, (display_absent(f"{exc.__class__.__name__}: {exc}") if choice == "brlapi" else None)
    return DisplayLink(display, announcer), display_linked(getattr(display, "width", 0))
