"""Names that read as this program's own sentences in a way that misleads, in every language it speaks.

A screen reader says a player's name inside the program's lines: a guest named ``Ben is the host now``
or ``Ann says: I leave`` would be heard as the program telling something that did not happen. So a
name chosen for a public server is refused when it holds a colon (the program's ``Ann: …`` and ``Ann
says: …`` lines), or when, after a first word, it goes on as one of the program's sentences about a
player goes on after the name, and that would mislead:

- two words or more of a sentence (``is the host``, ``joined the table``, ``wins the hand``, ``a quitté
  la table``, ``es quien``...), or a sentence's mark (``Ben (dealer)``, ``Ben's turn``): no one's name
  goes on so;
- one word of a sentence about the people at the server, who is here and what they said (``Ben left``,
  ``Cleo says``, ``Ana dice``, ``Ben banned``): the lines of the lobby and the tables
  (:data:`PEOPLE_MODULES`), which the others act on, and which nothing after them contradicts.

One word of a sentence about the game (``won``, ``drew``, ``passe``, ``gagne``, ``gana``) is left to
real names, which are full of them (Kim Won, Tom Drew, Anne Gagné): a move or a result is told with the
game's own view and scores, and a name cannot change those.

The shapes are not listed by hand: they are read from the sentences themselves, each template of the
words modules with a player in it (``{name}``, ``{host}``, ``{owner}``) as the catalogs of every
language give it (the English template, and its French and Spanish translations, with the module each
comes from), so a sentence added or translated later is covered too. A shape is the first words after
the player up to the first mark of punctuation, at most two of them (``is the host now.`` gives ``is
the``), compared by the names' own key (engine.names.name_key), so that a lookalike letter does not
slip a shape through.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from babel.messages.pofile import read_po

from engine.names import name_key
from speech.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

__all__ = ["PEOPLE_MODULES", "Shape", "reads_as_sentence", "sentence_shapes"]

#: The placeholders of a player's name in the words modules.
_PLAYER = re.compile(r"\{(?:name|host|owner)\}")
#: What follows the player up to the first mark of punctuation (or the next placeholder).
_AFTER = re.compile(r"[^.,;:!?¡¿{}«»\"]*")
#: Characters that read as a colon once a name is keyed (a colon, a fullwidth colon, a ratio sign...).
_COLONS = frozenset(":;") | {name_key(c) for c in ":："}
#: Words of a shape kept: enough to read as the sentence, few enough that its other endings are caught.
SHAPE_WORDS = 2


#: The words modules of the sentences about the people at the server (presence, hosting, chat, bans):
#: one word of theirs after a first name already misleads.
PEOPLE_MODULES = frozenset({"speech/lobby_words.py", "speech/net_words.py", "speech/online_words.py",
                            "speech/web_words.py", "speech/account_words.py"})


class Shape(NamedTuple):
    """The keyed words of a sentence after its player; whether the sentence goes on after them (then a
    name is refused only with more words after the shape); whether one word of it misleads already."""

    words: str
    goes_on: bool
    about_people: bool

    @property
    def misleads(self) -> bool:
        """Whether a name going on as this shape is refused (see the module docstring)."""
        return self.about_people or len(self.words.split()) > 1 or not self.words[0].isalnum()


@cache
def sentence_shapes() -> frozenset[Shape]:
    """The keyed shapes of every language's sentences about a player."""
    templates: dict[str, bool] = {}
    for lang in LANGUAGES[1:]:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        with path.open("rb") as po:
            catalog = read_po(po)
        for message in catalog:
            people = any(where in PEOPLE_MODULES for where, _line in message.locations)
            for text in (message.id, message.string):
                for t in (text if isinstance(text, tuple | list) else (text,)):
                    if t:
                        templates[t] = templates.get(t, False) or people
    found: set[Shape] = set()
    for template, people in templates.items():
        for place in _PLAYER.finditer(template):
            after = _AFTER.match(template, place.end())
            assert after is not None  # (the pattern matches the empty text too)
            words = name_key(after.group()).split()
            shape = " ".join(words[:SHAPE_WORDS])
            goes_on = len(words) > SHAPE_WORDS or template[after.end():after.end() + 1] == "{"
            if sum(ch.isalpha() for ch in shape) >= 3:
                found.add(Shape(shape, goes_on, people))
    # A shape that ends a sentence somewhere ends it wherever it is said; one about people somewhere is so
    # wherever it is said.
    ends = {shape.words for shape in found if not shape.goes_on}
    about_people = {shape.words for shape in found if shape.about_people}
    return frozenset(Shape(shape.words, shape.goes_on and shape.words not in ends, shape.words in about_people)
                     for shape in found)


def reads_as_sentence(name: str) -> bool:
    """Whether ``name`` would be heard as one of the program's own lines in a way that misleads (see the
    module docstring)."""
    key = name_key(name)
    if any(ch in _COLONS for ch in key):
        return True
    padded = f"{key} "
    for shape in sentence_shapes():
        if not shape.misleads:
            continue
        start = padded.find(shape.words)
        while start > 0:
            before, end = padded[start - 1], start + len(shape.words)
            if (before == " " or shape.words[0] in "'’") and not padded[end].isalnum() \
                    and (not shape.goes_on or padded[end + 1:].strip()):
                return True
            start = padded.find(shape.words, start + 1)
    return False
