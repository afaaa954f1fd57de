"""Starting the braille display link the settings ask for: whether a display answers, and what to say.

Apart from the link itself (access_game.ui.brlapi_link) because every game start asks, before its
first line, and most players have no display: asking loads BrlAPI's binding and tries its server,
and the link's braille tables and windows are loaded only when a display answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from braille.brlapi_display import BrlapiDisplay, DisplayUnavailable
from speech.output_words import display_absent, display_grade, display_linked

if TYPE_CHECKING:
    from access_game.ui.brlapi_link import DisplayLink

__all__ = ["start_display_link"]


def start_display_link(choice: str, announcer: Any, *, connect: Callable[[], Any] = BrlapiDisplay, words: str = "auto",
                       ten_as_x: bool = False, wild_sign: bool = False) -> tuple[DisplayLink | None, str | None]:
    """The link the braille setting asks for, and a sentence to say about it (or None).

    "off": none. "auto": a link when a BrlAPI server answers, silently nothing otherwise. "brlapi": a
    link, or a sentence saying why there is none. The sentence about a link starts with the braille
    its words are in, so the display's first line tells the reader the grade.
    """
    if choice == "off":
        return None, None
    try:
        display = connect()
    except DisplayUnavailable as exc:
        return None, (display_absent(str(exc)) if choice == "brlapi" else None)
    except Exception as exc:  # a broken binding must not stop the game either
        return None, (display_absent(f"{exc.__class__.__name__}: {exc}") if choice == "brlapi" else None)
    from access_game.ui.brlapi_link import DisplayLink

    link = DisplayLink(display, announcer, words=words, ten_as_x=ten_as_x, wild_sign=wild_sign)
    grade = display_grade(link.grade.name.lower(), words != "auto", link.grade_table)
    return link, f"{grade} {display_linked(getattr(display, 'width', 0))}"
