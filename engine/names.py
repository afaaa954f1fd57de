"""A player's name: one rule, wherever a name comes from.

A name reaches the game from the command line (``play --names``, ``host``/``join --name``), from a
network client's ``hello``, and from every save and table file read back. It is said, printed and shown
on a braille display, so it is checked the same way at each door: 1 to 40 characters once the spaces
around it are dropped, none of them a control character or another character that does not print
(str.isprintable). A name from a file that breaks the rule is refused with the file, as any other
damage is; the words layer still never prints a control character whatever it is given.
"""

from __future__ import annotations

__all__ = ["MAX_NAME_CHARS", "read_name"]

#: The longest name, in characters: what a braille display of 40 cells shows at once.
MAX_NAME_CHARS = 40


def read_name(text: object) -> str | None:
    """The name ``text`` gives (the spaces around it dropped), or None when it is not a name."""
    if not isinstance(text, str):
        return None
    name = text.strip()
    if not 0 < len(name) <= MAX_NAME_CHARS or not name.isprintable():
        return None
    return name
