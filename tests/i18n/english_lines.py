"""Which lines of a French (or any non-English) corpus still carry English, decided by rule, not by eye.

A line is English when, once the tokens that are the same in every language are taken out (player
names, card codes, option names and their values, file names, addresses, command names, game names
typed on the command line, figures), it holds

- a word of ENGLISH_WORDS: English stop words and card-game words that are no words of French or
  Spanish ('the', 'you', 'draw', 'discard', 'hand', 'wild'), or
- a catalog sentence verbatim in English where its translation differs: a whole message of two words
  or more, or a fixed piece of three words or more between its placeholders.

Run as a script to print the figures: lines with English per language over the command-line corpus.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "speech" / "locale"

#: English words that are no words of French (or Spanish): one of them left in a line is English.
_WORD_LIST = """
    the you your yours is are and of to from with when it its has have this that these those what which who
    will would should could can cannot not there their they them an at in into for by be been was were
    if then than but only also each every any some more most other another here now yet again over after
    before until while about all both either neither nothing none something anything
    card cards hand hands draw drew drawn discard discarded take took taken meld melds melded run runs
    set sets book books wild wilds deck decks stock turn turns player players game games win wins won
    lose lost round rounds deal dealt dealer shuffle play played plays ace aces king kings
    queen queens jack jacks hearts spades clubs diamonds stars star left right up down
    next previous first last back help quit save saved settings setting open opens close closed
    press key keys space enter escape shift home end page lists list does nothing yes please
    dots cell cells wrote written write label labels chart practice sheet drills symbols
    seat seats seated buy bought buyer buyers pass passed lay laid off out go goes went going
    selected select selection move moves moved sorted read reads hint hints rule rules option
    connection refused needs must cannot would
    """
ENGLISH_WORDS = frozenset(_WORD_LIST.split())



def shared_words(lang: str) -> frozenset[str]:
    """Words of ENGLISH_WORDS that ``lang`` also writes ("on", "pile" in French; "in", "was" in
    German): the language's data, kept with its golden games (checks.json, ``words_also_english``),
    so a new language needs no line here."""
    from speech.languages import describe

    golden = describe(lang).golden_dir
    if golden is None:
        return frozenset()
    checks = json.loads((ROOT / golden / "checks.json").read_text(encoding="utf-8"))
    return frozenset(checks.get("words_also_english", ()))


_CARD_CODE = re.compile(r"(?<![\w-])(?:10|[2-9aAjJqQkK])(?:st|ST|[hdcsHDCS])(?![\w-])|(?<![\w-])jo(?![\w-])")
#: Tokens that are the same in every language: options, file names and addresses, identifiers.
_TOKEN = re.compile(r"""
      \baccess-game(?:\ [a-z-]+)?   # the program and its command: access-game hand
    | --?[A-Za-z][\w-]*            # an option: --lang, -o
    | \S*[/\\]\S*                  # a path or an address: docs/online.md, ws://HOST:PORT
    | \S+\.(?:md|brf|pdf|svg|json|txt|wav|log|py)\b
    | [A-Za-z]+(?:[-_][A-Za-z0-9]+)+  # an identifier: five-crowns, screen-reader, p50_ms, next-card
    | \{[^}]*\}                    # argparse's choices: {easy,normal,hard}
    | [\w-]+(?:\|[\w-]+)+          # a metavar of choices: share|playoff, yes|no
    | \b[A-Z][A-Z0-9]+\b           # a metavar or an acronym: GAME, BRF, PDF, JSON
    | '[^'\s]*'                    # a quoted value the player typed: '7x'
    | «\s?[^»]*?\s?»                # a value to type, quoted: « you »
    """, re.VERBOSE)


@dataclass(frozen=True)
class Verdict:
    line: str
    words: tuple[str, ...]
    sentences: tuple[str, ...]


def english_sentences(lang: str) -> tuple[str, ...]:
    """The catalog's English sentences (or their fixed pieces) that ``lang`` translates otherwise."""
    path = LOCALE / lang / "LC_MESSAGES" / "access_game.po"
    with open(path, "rb") as src:
        catalog = read_po(src, locale=lang)
    found: set[str] = set()
    for entry in catalog:
        if not entry.id:
            continue
        ids = (entry.id,) if isinstance(entry.id, str) else tuple(entry.id)
        strings = (entry.string,) if isinstance(entry.string, str) else tuple(entry.string or ())
        for english in ids:
            if english in strings:
                continue
            if "{" not in english and len(english.split()) >= 2:
                found.add(english.strip())
            for piece in re.split(r"\{[^{}]*\}", english):
                piece = piece.strip(" .,:;()")
                if len(piece.split()) >= 3 and not any(piece in s for s in strings):
                    found.add(piece)
    return tuple(sorted(found, key=len, reverse=True))


class EnglishFinder:
    """Finds English in lines of one language, given the player names and the command names (the
    identifiers ``keys --json`` and the keys documents use) that may stay as they are."""

    def __init__(self, lang: str, *, names: Iterable[str] = (), identifiers: Iterable[str] = (),
                 commands: Iterable[str] = ()) -> None:
        self.lang = lang
        self.words = ENGLISH_WORDS - shared_words(lang)
        self.sentences = english_sentences(lang)
        self.names = tuple(sorted(set(names), key=len, reverse=True))
        self.identifiers = frozenset(identifiers)
        #: The program's commands, as its help lists them ('hand        Vérifier une main').
        self._command = re.compile(rf"^(?:{'|'.join(map(re.escape, commands))})(?:\s{{2,}}|$)") if commands else None

    def _plain(self, line: str) -> str:
        text = line
        if self._command is not None:
            text = self._command.sub(" ", text)
        for name in self.identifiers:  # a command's name in a list of keys: 'D: draw. Piocher ...'
            text = text.replace(f": {name}. ", ": ")
        for name in self.names:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
        text = _TOKEN.sub(" ", text)
        return _CARD_CODE.sub(" ", text)

    def verdict(self, line: str) -> Verdict | None:
        """Why ``line`` is English, or None when it holds no English."""
        plain = self._plain(line)
        # Whole words of any alphabet: 'ayudarían' is one word, not 'ayudar' and 'an'.
        words = tuple(w for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)*", plain) if w.lower() in self.words)
        # A sentence inside a word is not one ("a list" in Spanish "una lista"): whole words only.
        sentences = tuple(s for s in self.sentences if s in line and re.search(rf"(?<!\w){re.escape(s)}(?!\w)", line))
        return Verdict(line, words, sentences) if words or sentences else None

    def english(self, lines: Iterable[str]) -> list[Verdict]:
        return [v for v in (self.verdict(line) for line in lines) if v is not None]
