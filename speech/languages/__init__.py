"""Every language the game speaks, described as data: one module per language in this package.

A language is more than its catalog of sentences. Its grammar needs a plural rule, the contractions
its words make with what is filled in ("d'Anna", "jusqu'au 3", "del as"), the gender of each card's
name (a pronoun or a participle agrees with it), how a negative number is said (espeak-ng's French
voice drops an ASCII minus: "-230" is heard "230"), and where its typography wants a non-breaking
space. Its outputs need a voice for the game's own speech and a liblouis table for braille words; its
documents and golden transcripts have folders. All of that is one :class:`Language` value, in a module
of this package named for the language's code, and nothing else in the program asks which language it
is: it looks the answer up here. A new language is its module here, its catalog, its docs folder and
its golden transcripts.

This package imports nothing of ours but :mod:`speech.numbers` (which imports nothing of ours), so
:mod:`speech.i18n` can be built on it.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from speech import numbers as _numbers

__all__ = ["FEMININE", "GENDERS", "LANGUAGES", "MASCULINE", "NEUTER", "Language", "all_languages", "describe"]

#: A card's grammatical gender, as pronouns and participles that refer to it agree.
MASCULINE = "masculine"
FEMININE = "feminine"
NEUTER = "neuter"
GENDERS = (MASCULINE, FEMININE, NEUTER)

#: The names a card can be known by for its gender: the four court ranks and ace by name, every
#: number card as "number", and the joker.
CARD_NAMES = ("ace", "number", "jack", "queen", "king", "joker")


@dataclass(frozen=True)
class Language:
    """One language's description (see the module's docstring); every field is read by one part of the
    program and means the same for every language."""

    #: The language's code (ISO 639-1), as --lang and the settings name it.
    code: str
    #: The language by its own name ("français"), so a player who does not understand the language
    #: spoken now can still find theirs.
    own_name: str
    #: The language's English name, for headers of test transcripts and documents about the project.
    english_name: str
    #: gettext's plural rule, written into the catalog's header.
    plural_forms: str
    #: The contractions the language makes when a name, card or rank is filled into a sentence, in
    #: order: (regular expression, replacement). "de Anna" becomes "d'Anna", "à le 3" "au 3".
    contractions: tuple[tuple[str, str], ...] = ()
    #: The card names (of CARD_NAMES) that are feminine (neuter) in the language; every other is
    #: masculine. German has all three: "der Bube", "die Dame", "das Ass".
    feminine_cards: frozenset[str] = frozenset()
    neuter_cards: frozenset[str] = frozenset()
    #: The grammatical cases a card's words change in ("der Pik-Bube", "den Pik-Buben", "dem
    #: Pik-Buben"), by the short names a translated sentence marks its card with: "{the_card:acc}". The
    #: first is the case of the catalog's own words (its articles, its card names), which a placeholder
    #: without a mark means; a language without cases has none, and every placeholder is as written.
    cases: tuple[str, ...] = ()
    #: How a card's words change in each case but the first, by the card's gender: each word as the
    #: catalog gives it (an article, a noun) and its form in that case ({"acc": {MASCULINE: {"der":
    #: "den", "Bube": "Buben"}}}). A word not listed stays as it is.
    declensions: Mapping[str, Mapping[str, Mapping[str, str]]] = field(default_factory=lambda: MappingProxyType({}))
    #: What a negative number starts with, said and written ("-" in English, "moins " in French): every
    #: "-230" of a sentence becomes it, so the voice says the sign.
    minus: str = "-"
    #: Characters before which the language's typography puts a narrow non-breaking space (French
    #: ": ; ! ?", U+202F, printed), and the characters after which it puts a non-breaking one ("«").
    space_before: str = ""
    space_after: str = ""
    #: How a number with a fraction is written: its decimal mark (None: Babel's for the language, "0.5"
    #: in English, "0,5" in French) and what follows a percentage ("12.5%", French and Spanish "12,5 %"
    #: with a non-breaking space, so "%" is never the start of a wrapped line).
    decimal_mark: str | None = None
    percent: str = "%"
    #: A place in an order as the language abbreviates it, by number ({n} the number; 0: every number
    #: not named): French {1: "{n}er", 0: "{n}e"}. Empty: English's "1st", "2nd", "3rd", "4th".
    ordinals: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    #: Whether brief verbosity keeps a card's article: English can say "Nobody bought 7 of hearts", but
    #: French and Spanish cannot drop it ("Personne n'a acheté le 7 de cœur").
    brief_keeps_article: bool = False
    #: espeak-ng's voice for the game's own speech; None keeps espeak-ng's default (English).
    espeak_voice: str | None = None
    #: Words espeak-ng's voice for the language reads by another language's rules, respelled for it
    #: (its French voice says "joker" as English "dʒəʊkə"; "jokère" is the French word's sound). Only
    #: the voice gets them: print, braille and screen readers keep the word.
    espeak_respellings: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: Words a system voice's name holds when it speaks the language (SAPI5 gives no code).
    voice_names: tuple[str, ...] = ()
    #: liblouis's tables for braille words, uncontracted (grade 1) and contracted (grade 2) where the
    #: language has one; None: the game's own transcription (English's uncontracted UEB).
    braille_grade1: str | None = None
    braille_grade2: str | None = None
    #: The language's letters (accented ones too), between whose braille cells a long word may be cut.
    letters: str = "abcdefghijklmnopqrstuvwxyz"
    #: Whether a letter of the card code standing alone in text needs braille's grade 1 indicator (so a
    #: reader of contracted braille does not take it for a word).
    letter_sign_alone: bool = False
    #: The folder of the player's documents in this language, and its keys document.
    docs_dir: str = "docs"
    keys_doc: str = "docs/keys.md"
    #: The folder of the golden transcripts of whole games played in this language (None: the
    #: language's games are the golden games of each game's own tests).
    golden_dir: str | None = None

    def __post_init__(self) -> None:
        unknown = (set(self.feminine_cards) | set(self.neuter_cards)) - set(CARD_NAMES)
        if unknown:  # a misspelt name would make that card masculine without a word
            raise ValueError(f"feminine_cards, neuter_cards: {', '.join(sorted(unknown))} is none of "
                             f"{', '.join(CARD_NAMES)}")
        if self.feminine_cards & self.neuter_cards:
            raise ValueError(f"a card has one gender: {', '.join(sorted(self.feminine_cards & self.neuter_cards))}")
        for case, by_gender in self.declensions.items():
            if case not in self.cases[1:]:  # the first case is the catalog's words: nothing changes
                raise ValueError(f"declensions: {case!r} is none of the cases after the first, {self.cases[1:]}")
            if set(by_gender) - set(GENDERS):
                raise ValueError(f"declensions[{case!r}]: genders are {', '.join(GENDERS)}")

    def gender(self, name: str) -> str:
        """The gender of a card known by ``name`` (one of CARD_NAMES)."""
        if name not in CARD_NAMES:
            raise ValueError(f"a card's name is one of {', '.join(CARD_NAMES)}, not {name!r}")
        if name in self.feminine_cards:
            return FEMININE
        return NEUTER if name in self.neuter_cards else MASCULINE

    def decline(self, words: str, gender: str, case: str) -> str:
        """A card's ``words`` (its article, its name) as the language says them in ``case``, the card
        being of ``gender``: "der Pik-Bube" in the accusative is "den Pik-Buben". Each changed word is
        replaced whole, capitalised or not ("Der" becomes "Den" at a sentence's start)."""
        if case not in self.cases:
            raise ValueError(f"{self.code} has no case {case!r}; its cases are {', '.join(self.cases) or 'none'}")
        changes = self.declensions.get(case, {}).get(gender, {})
        if not changes:
            return words
        return _declension(tuple(changes.items())).sub(lambda m: _forms(tuple(changes.items()))[m.group(0)], words)

    def contract(self, text: str) -> str:
        """``text`` with the language's contractions made, and its numbers as the language says them
        (speech.numbers: "Anna -230" is "Anna moins 230", "1.44" is "1,44" in French)."""
        for pattern, replacement in self._compiled:
            text = pattern.sub(replacement, text)
        return _numbers.normalise(text, self)

    def number(self, n: int) -> str:
        """``n`` as a sentence says it: a negative number as the language's voices read it."""
        return _numbers.number(n, self)

    def decimal(self, value: float, spec: str) -> str:
        """``value`` written by a format ``spec`` (".1f", ".1%", "g") the language's way (speech.numbers)."""
        return _numbers.decimal(value, spec, self)

    def ordinal(self, n: int) -> str:
        """A place in an order as the language abbreviates it ("1st", "1er", "1.º")."""
        return _numbers.ordinal(n, self)

    def typeset(self, text: str) -> str:
        """``text`` with the language's typography, made here once for every sentence printed (the
        catalog writes " : " or ":" as it likes): in French a narrow no-break space (U+202F) before
        ": ; ! ? »", where a space or none was ("Points : 3", "dame de cœur ; 10 d'étoiles"), and a
        no-break space after "«". A mark inside a token ("ws://", "12:30", "?x=1") is left alone: only
        a mark after a word and before a space or the end is typeset. A line is never wrapped at
        either space."""
        if self.space_before:
            text = _before(self.space_before).sub("\u202f\\1", text)
        for mark in self.space_after:
            text = text.replace(f"{mark} ", f"{mark}\u00a0")
        return text

    def for_espeak(self, text: str) -> str:
        """``text`` as the language's espeak-ng voice must be given it: each respelled word replaced
        (a whole word, in any case: "Joker" and "joker")."""
        for word, said in self.espeak_respellings.items():
            text = re.sub(rf"\b{re.escape(word)}\b", said, text, flags=re.IGNORECASE)
        return text

    @property
    def _compiled(self) -> tuple[tuple[re.Pattern[str], str], ...]:
        return _compile(self.contractions)


@functools.cache
def _before(marks: str) -> re.Pattern[str]:
    """The marks ``marks`` after a word (a space or none between) and before a space or the end."""
    return re.compile(rf"(?<=[^\s\u202f])[ \u00a0\u202f]?([{re.escape(marks)}])(?=[\s\u202f]|$)")


@lru_cache(maxsize=64)
def _forms(changes: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Each word and its form in a case, and the same with their first letters capitals."""
    forms = dict(changes)
    for word, form in changes:
        forms.setdefault(word[:1].upper() + word[1:], form[:1].upper() + form[1:])
    return forms


@lru_cache(maxsize=64)
def _declension(changes: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    """Any of the changed words, whole (a letter on neither side: "Bube" in "Pik-Bube", not "Buben")."""
    words = sorted(_forms(changes), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)")


_COMPILED: dict[tuple[tuple[str, str], ...], tuple[tuple[re.Pattern[str], str], ...]] = {}


def _compile(rules: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    done = _COMPILED.get(rules)
    if done is None:
        done = _COMPILED[rules] = tuple((re.compile(p), r) for p, r in rules)
    return done


def _discover() -> Mapping[str, Language]:
    """Each module of this package's LANGUAGE, English (the code's own words, the fallback) first."""
    found: dict[str, Language] = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: (m.name != "en", m.name)):
        lang = importlib.import_module(f"{__name__}.{module.name}").LANGUAGE
        if not isinstance(lang, Language) or lang.code != module.name:
            raise TypeError(f"{__name__}.{module.name}.LANGUAGE must be the Language with code {module.name!r}")
        found[lang.code] = lang
    return MappingProxyType(found)


_ALL = _discover()
#: The codes of the languages the game speaks; the first (English) is the fallback.
LANGUAGES: tuple[str, ...] = tuple(_ALL)


def all_languages() -> tuple[Language, ...]:
    """Every language's description, English first."""
    return tuple(_ALL.values())


def describe(code: str) -> Language:
    """The description of the language ``code``; KeyError for a language the game does not speak."""
    return _ALL[code]
