"""The language every sentence is said in: gettext catalogs shipped in the package, English the fallback.

Every sentence a player hears or reads is written in English in a words module and passed through
``_`` (or ``ngettext`` where a number chooses the form), so the catalog of the chosen language can
give its own words. Keys stay the same in every language; only words change.

A sentence kept in a module constant is translated when it is *said*, not when the module is
imported: mark such constants with ``N_`` (which only marks them for the catalog) and pass them
through ``_`` where they are used, because the language may be chosen after the import.

Fallback is per sentence. A sentence the catalog lacks is said in English, and then wholly in English:
"The up card is the jack of diamonds.", never "The up card is den Karo-Bube." So a translation is a
:class:`Said`, a string that carries its English twin: filling a sentence the catalog lacks (``format``,
``fill``, ``with_numbers``) fills its English with the English of each value (the article, the count,
the card itself: speech.english_card.in_english), and a sentence that is translated keeps its twin so that
it reads whole in English when it is a value of one that is not.
"""

from __future__ import annotations

import gettext
import os
import re
import string
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from speech import languages as _languages
from speech.declension import declined
from speech.english_card import in_english
from speech.languages import Language

__all__ = [
    "ARGPARSE_DOMAIN",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "NP_",
    "N_",
    "Said",
    "_",
    "command_line_words",
    "current",
    "default_language",
    "elide",
    "english",
    "fill",
    "in_language",
    "language",
    "ngettext",
    "npgettext",
    "number",
    "pgettext",
    "set_language",
    "use_language",
    "with_numbers",
]

DOMAIN = "access_game"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages the game speaks (one description each in speech/languages/); the first is the fallback.
LANGUAGES: tuple[str, ...] = _languages.LANGUAGES

#: The words Python's argparse makes itself ("usage:", "error:"), kept in a catalog of their own.
ARGPARSE_DOMAIN = "argparse"

#: A language and its catalog, as one pair so that a reader never sees one without the other.
_Speech = tuple[str, gettext.NullTranslations]

#: The process's language: what every thread and task speaks unless its own context chose another.
_default: _Speech = (LANGUAGES[0], gettext.NullTranslations())
#: A language chosen for the current context only (``use_language``, ``in_language``): a seat of the
#: web table speaks its player's language in its own thread while the server's other seats speak
#: theirs. None: the process's language. A new thread starts with an empty context, so it sees the
#: process's language until it chooses its own.
_chosen: ContextVar[_Speech | None] = ContextVar("access_game_language", default=None)
_catalogs: dict[str, gettext.NullTranslations] = {}


def _speech(lang: str) -> _Speech:
    """``lang`` checked (one of LANGUAGES, ValueError otherwise) with its catalog, loaded once a process."""
    code = lang.strip().lower()
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    catalog = _catalogs.get(code)
    if catalog is None:
        catalog = gettext.NullTranslations() if code == LANGUAGES[0] else \
            gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code], fallback=True)
        _catalogs[code] = catalog
    return code, catalog


def _now() -> _Speech:
    chosen = _chosen.get()
    return _default if chosen is None else chosen


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on (one of LANGUAGES); an unknown language is refused with ValueError.

    Where no context chose a language of its own (the terminal's program), this is the process's
    language, heard by every thread. Where one did (a web seat's thread, inside ``in_language``), only
    that context's language changes: a player choosing a language in F2 at a web table changes their
    own, never the other seats'."""
    global _default
    speech = _speech(lang)
    if _chosen.get() is None:
        _default = speech
    else:
        _chosen.set(speech)


def use_language(lang: str) -> None:
    """Speak ``lang`` in the current context only (this thread, or this asyncio task and the tasks it
    starts), whatever the process's language is or becomes; ValueError for an unknown language."""
    _chosen.set(_speech(lang))


def command_line_words(lang: str) -> gettext.NullTranslations:
    """argparse's own words in ``lang`` (English: as argparse says them), so a command's usage line and
    errors are read in the player's language like its help, not half in English."""
    if lang == LANGUAGES[0]:
        return gettext.NullTranslations()
    return gettext.translation(ARGPARSE_DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)


def language() -> str:
    """The language sentences are said in now."""
    return _now()[0]


def current() -> Language:
    """The description of the language sentences are said in now (its grammar, voice, braille table)."""
    return _languages.describe(_now()[0])


def number(n: int) -> str:
    """``n`` as a sentence in the current language says it: "-230" in English, "moins 230" in French
    (espeak-ng's French voice drops an ASCII minus)."""
    text = current().number(n)
    return Said(text, str(n)) if text != str(n) else text


class Said(str):
    """A string in the current language with its English twin (``english``; None when unknown), and
    whether it is English itself because the catalog lacks it (``fallback``): a sentence the catalog
    lacks is filled with the English of its values, so it is whole English (see the module's docstring)."""

    __slots__ = ("english", "fallback")
    english: str | None
    fallback: bool

    def __new__(cls, text: str, english: str | None, fallback: bool = False) -> Said:
        said = super().__new__(cls, text)
        said.english = english
        said.fallback = fallback
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        return Said, (str(self), self.english, self.fallback)

    def format(self, *args: Any, **kwargs: Any) -> str:
        """The sentence filled; in English, with English values, when the catalog lacks it."""
        en_args = [english(a) for a in args]
        en_kwargs = {k: english(v) for k, v in kwargs.items()}
        if self.fallback or (self.english is not None and _lacks_any((*args, *kwargs.values()))):
            text = str.format(self.english if self.english is not None else str(self), *en_args, **en_kwargs)
            return Said(text, text, True)
        twin = None
        if self.english is not None:
            try:
                twin = str.format(self.english, *en_args, **en_kwargs)
            except (IndexError, KeyError, TypeError, ValueError):  # a translation naming other placeholders
                twin = None
        return Said(str.format(str(self), *args, **kwargs), twin)


def _lacks_any(values: Sequence[Any]) -> bool:
    """Whether a value filled in is (or holds) a piece the catalog lacks: the sentence around it is then
    said in English too, so no sentence is half in each language."""
    for value in values:
        if isinstance(value, Said):
            if value.fallback:
                return True
        elif isinstance(value, tuple | list) and _lacks_any(value):
            return True
    return False


def english(value: Any) -> Any:
    """``value`` as an English sentence holds it: a translation's English twin (itself when it has
    none), a card as English words (speech.english_card.in_english), a sequence of parts each in English."""
    if isinstance(value, Said):
        return value.english if value.english is not None else value
    if isinstance(value, str) and getattr(value, "english", None) is not None:
        return value.english  # type: ignore[attr-defined]  # an Article (speech.declension) knows its English
    if isinstance(value, str | int | float):
        return value
    if isinstance(value, tuple | list):
        return type(value)(english(v) for v in value)
    return in_english(value)


def _said(text: str, message: str, found: bool) -> str:
    """A translation as a :class:`Said` (English itself stays a plain string: it has no twin to keep)."""
    if _now()[0] == LANGUAGES[0]:
        return text
    return Said(text, message, not found and text not in _translations(_now()[1]))


def _translations(catalog: gettext.NullTranslations) -> frozenset[str]:
    """Every translation of ``catalog``: text that is one was already translated, and is no sentence the
    catalog lacks."""
    done = _known.get(id(catalog))
    if done is None or done[0] is not catalog:
        values = getattr(catalog, "_catalog", {}).values()
        done = _known[id(catalog)] = (catalog, frozenset(v for v in values if isinstance(v, str)))
    return done[1]


_known: dict[int, tuple[gettext.NullTranslations, frozenset[str]]] = {}


def _has(catalog: gettext.NullTranslations, key: object) -> bool:
    return key in getattr(catalog, "_catalog", {})


class _Numbers(string.Formatter):
    """str.format, except that a number given a format (``{share:.1%}``, ``{ms:.1f}``, ``{n:g}``) is written
    the current language's way (Language.decimal): "12.5%" in English, "12,5 %" in French."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec and isinstance(value, int | float) and not isinstance(value, bool) \
                and format_spec[-1] in "fFgGeE%":
            return current().decimal(value, format_spec)
        return super().format_field(value, format_spec)


_NUMBERS = _Numbers()


def with_numbers(template: str, /, **values: Any) -> str:
    """``template.format(**values)`` with its formatted numbers in the current language's way (decimal
    mark, percent sign): for a translated sentence holding figures, ``with_numbers(_("..."), ...)``.
    A sentence the catalog lacks is filled in English, English figures and all."""
    if isinstance(template, Said) and (template.fallback or (template.english is not None
                                                             and _lacks_any(tuple(values.values())))):
        with in_language(LANGUAGES[0]):
            text = _NUMBERS.vformat(template.english or str(template), (),
                                    {k: english(v) for k, v in values.items()})
        return Said(text, text, True)
    return _NUMBERS.vformat(template, (), values)


@contextmanager
def in_language(lang: str) -> Iterator[None]:
    """Say everything in ``lang`` inside the block, and go back to the language before it after (a
    document or a check written in one language while the game speaks another). Only the current
    context's language changes: other threads speak on in theirs meanwhile."""
    token = _chosen.set(_speech(lang))
    try:
        yield
    finally:
        _chosen.reset(token)


def _(message: str) -> str:
    """``message`` in the current language (itself, in English, when the catalog has no translation).
    The empty text stays empty: gettext would give the catalog's header for it. Text already translated
    (a :class:`Said`) is kept as it is."""
    if not message or isinstance(message, Said):
        return message
    catalog = _now()[1]
    return _said(catalog.gettext(message), message, _has(catalog, message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language (French says '0 point', '1 point')."""
    catalog = _now()[1]
    return _said(catalog.ngettext(singular, plural, n), singular if n == 1 else plural,
                 _has(catalog, (singular, 0)))


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language where the same English word needs different words in
    another language: 'the ' before an ace is "l'" in French but "la " before a queen."""
    catalog = _now()[1]
    return _said(catalog.pgettext(context, message), message, _has(catalog, f"{context}\x04{message}"))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context: '{n} set' is 'série' in a contract but 'jeu' of cards in settings."""
    catalog = _now()[1]
    return _said(catalog.npgettext(context, singular, plural, n), singular if n == 1 else plural,
                 _has(catalog, (f"{context}\x04{singular}", 0)))


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (a module constant said later)."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` with its ``context`` for the catalog (a constant said later with
    ``pgettext(*pair)``), for one English word that another language says differently by context."""
    return context, message


_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")


def fill(template: str, **values: Any) -> tuple[Any, ...]:
    """A translated sentence's parts, its ``{name}`` placeholders filled: text values become text, and a
    card (or any value that is not text or a number) stays a part of its own, so each output can show
    it its own way (words, braille cells). A tuple or list value is spliced in as parts.

    Word order belongs to the language: "You drew {card}." and "Vous piochez {card}." are whole
    sentences in the catalog, never pieces glued together in code. So does case: a placeholder marked
    with one of the language's cases ("Wirf {the_card:acc} ab.") has its card and article said in that
    case (speech.declension); a mark that is no case of the language is left as written.

    A sentence the catalog lacks is filled with its values in English (its cards said in English too),
    and so is a sentence one of whose values is (or holds) a piece the catalog lacks ("{card}, wild"
    untranslated makes "You drew the 3 of clubs, wild." whole English). Each text part of a translated
    sentence keeps its English twin where the English has the same parts in the same order (", atout"
    beside ", wild"), so it reads whole in English inside a sentence the catalog lacks.
    """
    if isinstance(template, Said) and (template.fallback or (template.english is not None
                                                             and _lacks_any(tuple(values.values())))):
        template = Said(template.english or template, template.english, True)
        return tuple(Said(p, p, True) if isinstance(p, str) else p
                     for p in _fill(str(template), {k: english(v) for k, v in values.items()}))
    parts = _fill(str(template), values)
    if not isinstance(template, Said) or template.english is None:
        return parts
    try:
        twin = _fill(template.english, {k: english(v) for k, v in values.items()})
    except KeyError:  # a translation naming other placeholders than its English
        return parts
    if len(twin) != len(parts) or any(isinstance(a, str) != isinstance(b, str)
                                      for a, b in zip(parts, twin, strict=True)):
        return parts
    return tuple(Said(a, b) if isinstance(a, str) else a for a, b in zip(parts, twin, strict=True))


def _fill(template: str, values: Mapping[str, Any]) -> tuple[Any, ...]:
    cases = current().cases
    parts: list[Any] = []
    pos = 0
    for match in _PLACEHOLDER.finditer(template):
        case = match.group(2)
        if case is not None and case not in cases:
            continue  # a format spec ("{n:g}") or another language's mark: not a placeholder of fill's
        parts.append(template[pos:match.start()])
        value = values[match.group(1)]
        if case is not None:
            value = declined(value, case, current())
        if isinstance(value, str | int | float):
            parts.append(str(value))
        elif isinstance(value, Sequence):
            parts.extend(value)
        else:
            parts.append(value)
        pos = match.end()
    parts.append(template[pos:])
    merged: list[Any] = []
    for part in parts:  # neighbouring text parts join, empty ones go, so equal sentences compare equal
        if isinstance(part, str):
            if not part:
                continue
            if merged and isinstance(merged[-1], str):
                merged[-1] += part
                continue
        merged.append(part)
    return tuple(merged)


def elide(text: str) -> str:
    """``text`` with the current language's contractions: "de Anna" is "d'Anna", "jusqu'à le 3"
    "jusqu'au 3" in French, "a el" "al" in Spanish (the rules are the language's description)."""
    return current().contract(text)


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for: LC_ALL, then LC_MESSAGES, then LANG, then (on Windows) the user's
    locale; English when none names a language the game speaks."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES:
                return code
            if code not in ("c", "posix"):
                return LANGUAGES[0]
    windows = _windows_language()
    return windows if windows in LANGUAGES else LANGUAGES[0]


def _windows_language() -> str | None:
    if os.name != "nt":  # pragma: no cover - Windows only
        return None
    try:  # pragma: no cover - Windows only
        import ctypes
        import locale

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
        name = locale.windows_locale.get(lcid, "")
        return name.split("_")[0].lower() or None
    except Exception:  # pragma: no cover - Windows only
        return None
