"""The game's messages on a braille display through BrlAPI, beside whatever speaks or prints them.

The link listens to the announcer: every message is kept, and the newest is written to the display
at once, its first window (see braille.brlapi_display.windows). The display's own keys move through
it: panning right and left go window by window, on into the next or previous message at either end;
line down and up go a whole message newer or older; top and bottom to the oldest and newest. A
routing key over a card chooses that card in the hand (``on_card``, given by whoever knows the
table). Screen-reader and self-voicing modes are untouched: the link only adds the display.

Words are written in the literary braille of the "braille words" setting (by default the grade of the
reader's BRLTTY contraction table) and in the language the game speaks; cards in the card code, 10 as
the ten-as-x setting says, and with the wild sign setting on, a card of the wild rank with ⠸ before it
(braille.display_cells), as on the B line. A message keeps the wild rank of the moment it was said: a
message of the last hand read again shows that hand's wilds. The dots are sent as they are, so BRLTTY's
text table changes nothing.

"Your turn." after another player's move is shown after that move, on the same line: the reader
finds the move first, where a display reader looks, rather than a pan away.

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

from braille.brlapi_display import DisplayKey, DisplayUnavailable
from braille.contracted import Grade
from braille.display_cells import DisplayStyle, Window, windows
from braille.reader_grade import configured_table, reader_grade
from engine.cards import Card, Rank
from speech.i18n import language
from speech.output_words import DISPLAY_LOST
from speech.utterance import Kind, Utterance

__all__ = ["DisplayLink"]

#: Messages kept for moving back through them on the display.
KEEP = 500
#: The sound cue the narrator marks the start of one's turn with: that message is the turn.
TURN_CUE = "your_turn"

Post = Callable[[Callable[[], None]], None]


def _direct(fn: Callable[[], None]) -> None:
    fn()


class DisplayLink:
    def __init__(self, display: Any, announcer: Any, *, read_keys: bool = True, words: str = "auto",
                 ten_as_x: bool = False, wild_sign: bool = False) -> None:
        self.display = display
        self.announcer = announcer
        #: The table the running BRLTTY contracts with, asked once: the grade of "auto".
        self.brltty_table: str | None = None
        if callable(getattr(display, "contraction_table", None)):
            with contextlib.suppress(Exception):
                self.brltty_table = display.contraction_table()
        self.words = words
        self.ten_as_x = ten_as_x
        self.wild_sign = wild_sign
        #: The game's wild rank now (the table's, given by whoever knows the table; None: nothing is wild
        #: by rank, or no table yet).
        self.wild_rank: Callable[[], Rank | None] = lambda: None
        #: Runs a function in the game's own thread (the app's event loop while it runs).
        self.post: Post = _direct
        #: Called with the card under a routing key that was pressed.
        self.on_card: Callable[[Card], None] | None = None
        self.messages: list[tuple[str | Card, ...]] = []
        #: The kind of each kept message (a turn after another player's move is shown with that move).
        self._kinds: list[Kind] = []
        #: The wild rank when each kept message was said.
        self._wilds: list[Rank | None] = []
        self.index = -1
        self.window = 0
        self._windows: list[Window] = []
        self.lost = False
        #: Every write: (monotonic time, text), newest last, for the figures.
        self.writes: list[tuple[float, str]] = []
        #: How many writes there have been (``writes`` keeps the newest only).
        self.written = 0
        self._lock = threading.RLock()
        announcer.listeners.append(self.on_message)
        if read_keys:
            threading.Thread(target=self._read_keys, name="brlapi-keys", daemon=True).start()

    # ----------------------------------------------------------------- style
    @property
    def grade(self) -> Grade:
        """The grade words are written in now."""
        return reader_grade(self.words, self.brltty_table)

    @property
    def grade_table(self) -> str | None:
        """The BRLTTY table "auto" takes its grade from: the running BRLTTY's, else its configuration
        file's ('none' when it contracts nothing); None when neither names one."""
        return self.brltty_table or configured_table()

    def style(self, wild: Rank | None = None) -> DisplayStyle:
        """How messages are written now: the game's language, the grade, 10 as the setting says, and
        ``wild``'s cards with the wild sign when the setting shows it."""
        return DisplayStyle(language(), self.grade, self.ten_as_x, wild if self.wild_sign else None)

    def _wild_now(self) -> Rank | None:
        try:
            return self.wild_rank()
        except Exception:  # a table between hands may have no wild rank to give: no sign, never a crash
            return None

    def set_style(self, words: str, ten_as_x: bool, wild_sign: bool | None = None) -> None:
        """The settings changed (F2): the message on the display is written again the new way."""
        wild_sign = self.wild_sign if wild_sign is None else wild_sign
        with self._lock:
            if (words, ten_as_x, wild_sign) == (self.words, self.ten_as_x, self.wild_sign):
                return
            self.words, self.ten_as_x, self.wild_sign = words, ten_as_x, wild_sign
            if self.messages:
                self._show_kept(self.window)

    # ----------------------------------------------------------------- messages
    def on_message(self, utterance: Utterance, reread: bool) -> None:
        """The announcer said something: show it (a re-read is shown, not kept twice). The turn said
        right after another player's move joins that move's line, after it."""
        parts = tuple(utterance.parts)
        with self._lock:
            if (not reread and utterance.kind == Kind.MY_TURN and utterance.cue == TURN_CUE and self.messages
                    and self._kinds[-1] == Kind.OTHERS):
                self.messages[-1] = (*self.messages[-1], " ", *parts)
                self._kinds[-1] = Kind.MY_TURN
                self.index = len(self.messages) - 1
                self._show_kept(0)
                return
            if not reread or not self.messages:
                self.messages.append(parts)
                self._kinds.append(utterance.kind)
                self._wilds.append(self._wild_now())
                del self.messages[:-KEEP]
                del self._kinds[:-KEEP]
                del self._wilds[:-KEEP]
                self.index = len(self.messages) - 1
            elif self.messages[self.index] != parts:
                with contextlib.suppress(ValueError):
                    self.index = len(self.messages) - 1 - self.messages[::-1].index(parts)
            self._show(parts, 0, self._wilds[self.index] if self.messages[self.index] == parts else self._wild_now())

    def show_message(self, index: int) -> None:
        """Show kept message ``index`` from its first window (as line up and down do)."""
        with self._lock:
            if self.messages:
                self.index = max(0, min(index, len(self.messages) - 1))
                self._show_kept(0)

    def show_line(self, parts: Sequence[str | Card]) -> None:
        """Show a line that is not a message (a hand in cells), without keeping it."""
        with self._lock:
            self._show(tuple(parts), 0, self._wild_now())

    def _show_kept(self, window: int) -> None:
        """Show the kept message at ``index``, with the wilds of when it was said."""
        self._show(self.messages[self.index], window, self._wilds[self.index])

    def _show(self, parts: tuple[str | Card, ...], window: int, wild: Rank | None) -> None:
        if self.lost:
            return
        self._windows = windows(parts, self.display.width, self.style(wild))
        self.window = max(0, min(window, len(self._windows) - 1))
        text = self._windows[self.window].text
        try:
            self.display.write(text)
        except DisplayUnavailable:
            self._lose()
            return
        self.writes.append((time.monotonic(), text))
        del self.writes[:-KEEP]
        self.written += 1

    # ----------------------------------------------------------------- keys
    def handle(self, key: DisplayKey) -> None:
        """What a display key does (in the game's thread)."""
        chosen: Card | None = None
        with self._lock:
            if not self.messages or self.lost:
                return
            if key.name == "pan-right":
                if self.window + 1 < len(self._windows):
                    self._show_kept(self.window + 1)
                elif self.index + 1 < len(self.messages):
                    self.index += 1
                    self._show_kept(0)
            elif key.name == "pan-left":
                if self.window > 0:
                    self._show_kept(self.window - 1)
                elif self.index > 0:
                    self.index -= 1
                    self._show_kept(10**6)  # its last window
            elif key.name in ("line-down", "line-up", "top", "bottom"):
                target = {"line-down": self.index + 1, "line-up": self.index - 1, "top": 0,
                          "bottom": len(self.messages) - 1}[key.name]
                self.index = max(0, min(target, len(self.messages) - 1))
                self._show_kept(0)
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
