"""Numbers as the language writes and says them, made once before a line is printed or voiced.

A voice reads a figure by its own language's rules, and some get it wrong in a way a listener cannot
notice: espeak-ng's French and Spanish voices drop an ASCII minus ("-210" is heard as a positive 210),
and "1.44" in a French line is read "un point quarante-quatre". So every sentence said passes here
(speech.languages.Language.contract calls :func:`normalise`): a minus starting a number becomes the
language's word ("moins 210"), and a decimal point between digits the language's decimal mark
("1,44"), the mark being Babel's (the Unicode CLDR's) for the language unless its description names
one. A figure written from a value (``{share:.1%}``) is made here too (:func:`decimal`), and a place
in an order (:func:`ordinal`: "1st", "1er", "1.º") as the language abbreviates it.

This module imports nothing of ours, so both speech.i18n and the language descriptions may use it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Protocol


class Language(Protocol):
    """What of a language description (speech.languages.Language) numbers need: named here as a
    protocol, so this module imports nothing of the package that imports it."""

    @property
    def code(self) -> str: ...
    @property
    def minus(self) -> str: ...
    @property
    def decimal_mark(self) -> str | None: ...
    @property
    def percent(self) -> str: ...
    @property
    def ordinals(self) -> Mapping[int, str]: ...

__all__ = ["decimal", "decimal_mark", "normalise", "number", "ordinal"]

#: A minus sign starting a number: not inside a word or a range ("3-5", "dots 5-6", "A-2-3").
_NEGATIVE = re.compile(r"(?<![\w\-\u2212])[-\u2212](?=\d)")
#: A decimal point between digits, in a figure that is not part of a longer dotted one (an address
#: "127.0.0.1", a version "1.2.3") nor of a word ("v1.2", "fr-bfu-g2.ctb").
_DECIMAL_POINT = re.compile(r"(?<![\w.])(\d+)\.(\d+)(?![\w.]|\.\d)")


def decimal_mark(lang: Language) -> str:
    """The mark between a number's whole part and its fraction: the description's, else Babel's for the
    language ("." in English, "," in French, Spanish and German)."""
    return lang.decimal_mark if lang.decimal_mark is not None else _babel_decimal_mark(lang.code)


@cache
def _babel_decimal_mark(code: str) -> str:
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(code))


def number(n: int, lang: Language) -> str:
    """``n`` as a sentence says it: a negative number with the language's minus ("moins 230")."""
    return f"{lang.minus}{-n}" if n < 0 else str(n)


def decimal(value: float, spec: str, lang: Language) -> str:
    """``value`` written by a format ``spec`` (".1f", ".1%", "g") the language's way: its decimal mark and
    its percent sign; a negative number keeps "-" (:func:`normalise` says it)."""
    text = format(value, spec)
    share = spec.endswith("%")
    if share:
        text = text[:-1]
    mark = decimal_mark(lang)
    if mark != ".":
        text = text.replace(".", mark)
    return text + lang.percent if share else text


def ordinal(n: int, lang: Language) -> str:
    """A place in an order, abbreviated as the language writes it: "1st", "2nd" in English; "1er", "2e"
    in French; "1.º" in Spanish (the description's ``ordinal`` pattern, "{n}" the number)."""
    if lang.ordinals:
        return lang.ordinals.get(n, lang.ordinals.get(0, "{n}")).format(n=n)
    tens = n % 100
    suffix = "th" if 11 <= tens <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def normalise(text: str, lang: Language) -> str:
    """``text`` with its numbers as the language says them: the minus as the language's word, a decimal
    point as its decimal mark. English text is unchanged."""
    if lang.minus != "-":
        text = _NEGATIVE.sub(lang.minus.replace("\\", "\\\\"), text)
    mark = decimal_mark(lang)
    if mark != "." and "." in text:
        text = _DECIMAL_POINT.sub(lambda m: f"{m.group(1)}{mark}{m.group(2)}", text)
    return text
