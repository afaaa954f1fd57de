"""Names that read as this program's own sentences, in every language it speaks.

A screen reader says a player's name inside the program's lines: a guest named ``Ben is the host now``
or ``Ann says: I leave`` would be heard as the program telling something that did not happen. So a
name chosen for a public server is refused when it holds a colon (the program's ``Ann: …`` and ``Ann
says: …`` lines), or when, after a first word, it goes on as one of the program's sentences about a
player goes on after the name: ``is the host``, ``says``, ``left``, ``joined the table``, in English,
French and Spanish alike (``est l'hôte``, ``dit``, ``es el anfitrión``...).

The shapes are not listed by hand: they are read from the sentences themselves, each template of the
words modules with a player in it (``{name}``, ``{host}``, ``{owner}``) as the catalogs of every
language give it (the English template, and its French and Spanish translations), so a sentence added
or translated later is covered too. A shape is the first words after the player up to the first mark
of punctuation, at most two of them (``is the host now.`` gives ``is the``), compared by the names' own
key (engine.names.name_key), so that a lookalike letter does not slip a shape through.
"""

from __future__ import annotations

import re
from functools import cache

from babel.messages.mofile import read_mo

from engine.names import name_key
from speech.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

__all__ = ["reads_as_sentence", "sentence_shapes"]

#: The placeholders of a player's name in the words modules.
_PLAYER = re.compile(r"\{(?:name|host|owner)\}")
#: What follows the player up to the first mark of punctuation (or the next placeholder).
_AFTER = re.compile(r"[^.,;:!?¡¿{}«»\"]*")
#: Characters that read as a colon once a name is keyed (a colon, a fullwidth colon, a ratio sign...).
_COLONS = frozenset(":;") | {name_key(c) for c in ":："}
#: Words of a shape kept: enough to read as the sentence, few enough that its other endings are caught.
SHAPE_WORDS = 2


@cache
def sentence_shapes() -> frozenset[tuple[str, bool]]:
    """The keyed shapes of every language's sentences about a player, each with whether its sentence goes
    on after it (then a name is refused only with more words after the shape)."""
    templates: set[str] = set()
    for lang in LANGUAGES[1:]:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        with path.open("rb") as catalog:
            for message in read_mo(catalog):
                for text in (message.id, message.string):
                    templates.update(t for t in (text if isinstance(text, tuple | list) else (text,)) if t)
    shapes: set[tuple[str, bool]] = set()
    for template in templates:
        for found in _PLAYER.finditer(template):
            after = _AFTER.match(template, found.end())
            assert after is not None  # (the pattern matches the empty text too)
            words = name_key(after.group()).split()
            shape = " ".join(words[:SHAPE_WORDS])
            goes_on = len(words) > SHAPE_WORDS or template[after.end():after.end() + 1] == "{"
            if sum(ch.isalpha() for ch in shape) >= 3:
                shapes.add((shape, goes_on))
    # A shape that ends a sentence somewhere ends it wherever it is said.
    return frozenset((shape, goes_on) for shape, goes_on in shapes if not goes_on or (shape, False) not in shapes)


def reads_as_sentence(name: str) -> bool:
    """Whether ``name`` would be heard as one of the program's own lines (see the module docstring)."""
    key = name_key(name)
    if any(ch in _COLONS for ch in key):
        return True
    padded = f"{key} "
    for shape, goes_on in sentence_shapes():
        start = padded.find(shape)
        while start > 0:
            before, end = padded[start - 1], start + len(shape)
            if (before == " " or shape[0] in "'’") and not padded[end].isalnum() \
                    and (not goes_on or padded[end + 1:].strip()):
                return True
            start = padded.find(shape, start + 1)
    return False
