"""Which grade of braille the reader reads, as BRLTTY knows it: the default of the "braille words"
setting.

A reader who set BRLTTY up with a contraction table (UEB grade 2, French abrégé ...) reads contracted
braille on everything BRLTTY shows; one with a grade 1 table reads uncontracted. The game asks the
running BRLTTY first (BrlAPI's literary braille table parameter), then BRLTTY's configuration file
(``contraction-table``); when neither says, contracted braille, which most adult display readers read.

BRLTTY 6.5 answers ``none`` both when it has no contraction table (its default) and when its table is
a grade 1 one (en-ueb-g1, fr-bfu-g1: it reports only contraction tables that contract), so ``none``
from a running BRLTTY means uncontracted braille: the reader did not ask for contractions. Computer
braille is never guessed (BRLTTY's default braille variant is 8-dot computer braille whatever the
reader reads, so it says nothing): a reader who wants it chooses it (``--braille-words computer``, F2).
"""

from __future__ import annotations

import re
from pathlib import Path

from braille.contracted import Grade

__all__ = ["BRLTTY_CONF", "NO_TABLE", "WORDS_CHOICES", "configured_table", "grade_of_table", "reader_grade"]

BRLTTY_CONF = Path("/etc/brltty.conf")

#: What BRLTTY names when it contracts nothing: no table, or a grade 1 one.
NO_TABLE = "none"

#: The "braille words" setting: as BRLTTY's contraction table says, or one grade chosen.
WORDS_CHOICES = ("auto", "contracted", "uncontracted", "computer")
_CHOSEN = {"contracted": Grade.CONTRACTED, "uncontracted": Grade.UNCONTRACTED, "computer": Grade.COMPUTER}
_UNCONTRACTED = re.compile(r"(^|[-_])(g0|g1|comp\d*|integral|uncontracted|vollschrift)($|[-_.])", re.IGNORECASE)


def grade_of_table(name: str) -> Grade:
    """The grade a contraction table's name says: 'none' (BRLTTY contracts nothing), 'en-ueb-g1',
    'fr-integral', 'de-g0' are uncontracted; 'en-ueb-g2', 'fr-abrege', 'en-us-g2' and the rest
    contracted."""
    if name.strip().casefold() == NO_TABLE:
        return Grade.UNCONTRACTED
    stem = Path(name).name
    for suffix in (".ctb", ".utb", ".tbl"):
        stem = stem.removesuffix(suffix)
    return Grade.UNCONTRACTED if _UNCONTRACTED.search(stem) else Grade.CONTRACTED


def configured_table(path: Path | None = None) -> str | None:
    """The ``contraction-table`` named in BRLTTY's configuration file ('none' when it says so); None
    when it names no table, says 'auto' (the locale's, which gives no grade), or the file cannot be
    read."""
    try:
        lines = (path or BRLTTY_CONF).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for line in lines:
        words = line.split("#", 1)[0].split()
        if len(words) >= 2 and words[0] == "contraction-table" and words[1] != "auto":
            return words[1]
    return None


def reader_grade(choice: str, brltty_table: str | None = None, conf: Path | None = None) -> Grade:
    """The grade for the setting's ``choice``: the one chosen, or for 'auto' the grade of the table the
    running BRLTTY uses (``brltty_table``, 'none' included), else of its configuration file, else
    contracted."""
    if choice in _CHOSEN:
        return _CHOSEN[choice]
    if choice != "auto":
        raise ValueError(f"braille words is one of {', '.join(WORDS_CHOICES)}")
    table = brltty_table or configured_table(conf)
    return grade_of_table(table) if table else Grade.CONTRACTED
