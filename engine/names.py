"""A player's name: one rule, wherever a name comes from, and one way to tell two names apart.

A name reaches the game from the command line (``play --names``, ``host``/``join --name``), from a
network client's ``hello``, and from every save and table file read back. It is said, printed and shown
on a braille display, so it is checked the same way at each door: 1 to 40 characters once the spaces
around it are dropped, none of them a control character or another character that does not print
(str.isprintable: an unpaired surrogate does not either). A name from a file that breaks the rule is
refused with the file, as any other damage is; the words layer still never prints a control character
whatever it is given.

Two names are the same name when they read alike, not only when they are spelled alike: on a public
server a guest ``Victоr`` (a Cyrillic о) beside the account ``Victor`` would be heard and brailled as
Victor. :func:`name_key` is what names are compared by (accounts, bans, administrators, the seats of one
table): NFKC (``Ａnn`` is ``Ann``), case folded, then the confusable skeleton of Unicode's UTS #39 from
``confusables.txt`` (Unicode 17, shipped beside this module, read once, never fetched: ``Аnn``,
``Vıctor``; the packages on PyPI either need ICU built from source, as PyICU does, or keep the pairs
without their direction, as confusable-homoglyphs does, so the skeleton is made here), and with the marks
left by decomposition dropped (``Ánn``, and so ``José`` is the same name as ``Jose``, which a speech
synthesiser says alike too). :func:`name_base` also drops a number at the end (``Victor 2``), for the
names a person may not take beside someone else's: a number after a held name reads as the same person.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from importlib import resources

__all__ = ["MAX_NAME_CHARS", "name_base", "name_key", "read_name", "same_name", "skeleton", "without_number"]

#: The longest name, in characters: what a braille display of 40 cells shows at once.
MAX_NAME_CHARS = 40

#: A number at the end of a name, with the spaces or signs before it ("Victor 2", "Spam-22").
_NUMBER_AFTER = re.compile(r"[\W_]*\d+$")


def read_name(text: object) -> str | None:
    """The name ``text`` gives (the spaces around it dropped), or None when it is not a name."""
    if not isinstance(text, str):
        return None
    name = text.strip()
    if not 0 < len(name) <= MAX_NAME_CHARS or not name.isprintable():
        return None
    return name


@cache
def _confusables() -> dict[str, str]:
    """Unicode's confusables.txt read once: each character to the prototype it reads as."""
    text = resources.files("engine").joinpath("confusables.txt").read_text(encoding="utf-8-sig")
    table: dict[str, str] = {}
    for line in text.splitlines():
        data = line.partition("#")[0].strip()
        if not data:
            continue
        source, target, _kind = (field.strip() for field in data.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(point, 16)) for point in target.split())
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again."""
    table = _confusables()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_key(name: str) -> str:
    """What a name is compared by (see the module docstring): two names with one key read alike."""
    folded = skeleton(unicodedata.normalize("NFKC", name).casefold()).casefold()
    plain = "".join(ch for ch in skeleton(folded) if unicodedata.category(ch) not in ("Mn", "Me"))
    return " ".join(plain.split())


def without_number(name: str) -> str:
    """The name without a number at its end (``Victor 2``, ``Spam2``: Victor, Spam); the name itself when
    it has none, or is a number and nothing else."""
    text = unicodedata.normalize("NFKC", name).strip()
    return _NUMBER_AFTER.sub("", text) or name


def name_base(name: str) -> str:
    """The key of a name without a number at its end (``Victor 2`` gives Victor's key)."""
    return name_key(without_number(name))


def same_name(a: str, b: str) -> bool:
    """Whether two names read alike (one key)."""
    return name_key(a) == name_key(b)
