"""A line of text typed at the prompt (a chat line): a modal state like the menus and questions.

The text typed so far is shown on the prompt line itself (the one thing that is redrawn), so a screen
reader's own key echo and a braille display that follows the cursor both show it; nothing is spoken
for each letter, and nothing goes into the message history until the line is sent.
"""

from __future__ import annotations

from collections.abc import Callable

from speech.i18n import N_

__all__ = ["TextEntry"]

Say = Callable[[str], None]

#: Key names that stand for a character typed (the rest are one character each).
_CHARACTERS = {"space": " "}


class TextEntry:
    """Type a line; Enter sends it (an empty line cancels), Escape cancels, Backspace erases; F1 says
    the question again and keeps what was typed."""

    def __init__(self, opening: str, say: Say, *, on_text: Callable[[str], None], cancelled: str,
                 prompt: str = N_("say"), limit: int = 300) -> None:
        self._opening = opening
        self.say = say
        self.on_text = on_text
        self.cancelled = cancelled
        self.prompt = prompt
        self.limit = limit
        self.text = ""
        self.closed = False
        self.pending: Callable[[], None] | None = None

    @property
    def typed(self) -> str:
        """The text so far, shown after the prompt (see GameApp.prompt_text)."""
        return self.text

    def opening(self) -> str:
        return self._opening

    def handle(self, key: str) -> None:
        char = _CHARACTERS.get(key, key if len(key) == 1 and key.isprintable() else "")
        if char:
            if len(self.text) < self.limit:
                self.text += char
        elif key in ("backspace", "c-h"):
            self.text = self.text[:-1]
        elif key == "enter":
            self.closed = True
            line = self.text.strip()
            if line:
                self.pending = lambda: self.on_text(line)
            else:
                self.say(self.cancelled)
        elif key in ("escape", "c-c"):
            self.closed = True
            self.say(self.cancelled)
        elif key == "f1":  # help answers nothing: the question again, what was typed kept on the prompt
            self.say(self._opening)
