"""Option values on the command line in the player's language: ``--level facile`` as well as
``--level easy``.

Each value a command-line option takes from a fixed list has its word in the catalog (context
"command-line value"): one token, typed as it is shown in ``--help`` (``lecteur-écran``, not "lecteur
d'écran"). The English value is what the program keeps (settings, saves, the network), and it is always
accepted too, so a script or an English document still works in every language. Accents may be left
out when typing (``difficil`` for ``difícil``): not every keyboard has them at hand.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from speech.i18n import NP_, _, pgettext

__all__ = ["METAVARS", "VALUE_WORDS", "choices_text", "fold", "metavar", "metavar_word", "not_a_number", "read_value",
           "value_word"]

#: The word of each value in the catalog; a value not here is said and typed as it is (auto, brlapi).
VALUE_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "easy": NP_("command-line value", "easy"),
    "normal": NP_("command-line value", "normal"),
    "hard": NP_("command-line value", "hard"),
    "expert": NP_("command-line value", "expert"),
    "screen-reader": NP_("command-line value", "screen-reader"),
    "self-voicing": NP_("command-line value", "self-voicing"),
    "silent": NP_("command-line value", "silent"),
    "words": NP_("command-line value", "words"),
    "braille": NP_("command-line value", "braille"),
    "both": NP_("command-line value", "both"),
    "off": NP_("command-line value", "off"),
    "share": NP_("command-line value", "share"),
    "playoff": NP_("command-line value", "playoff"),
    "random": NP_("command-line value", "random"),
    "you": NP_("command-line value", "you"),
    "yes": NP_("command-line value", "yes"),
    "no": NP_("command-line value", "no"),
})


#: The placeholders ``--help`` shows for an option's value (``--seed SEED``, ``-o FILE``), in the
#: language's words (``--seed GRAINE``); tests/i18n/test_command_line_corpus.py checks that every one the
#: parser shows is here.
METAVARS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "CARD": NP_("metavar", "CARD"),
    "CMD": NP_("metavar", "CMD"),
    "CODE": NP_("metavar", "CODE"),
    "COMMAND": NP_("metavar", "COMMAND"),
    "CONTRACT": NP_("metavar", "CONTRACT"),
    "DECK": NP_("metavar", "DECK"),
    "DIR": NP_("metavar", "DIR"),
    "FILE": NP_("metavar", "FILE"),
    "FORMAT": NP_("metavar", "FORMAT"),
    "GAME": NP_("metavar", "GAME"),
    "GAMES": NP_("metavar", "GAMES"),
    "H": NP_("metavar", "H"),
    "HOST": NP_("metavar", "HOST"),
    "K": NP_("metavar", "K"),
    "MM": NP_("metavar", "MM"),
    "N": NP_("metavar", "N"),
    "NAME": NP_("metavar", "NAME"),
    "NICE": NP_("metavar", "NICE"),
    "PAPER": NP_("metavar", "PAPER"),
    "PLAYERS": NP_("metavar", "PLAYERS"),
    "PORT": NP_("metavar", "PORT"),
    "PRESET": NP_("metavar", "PRESET"),
    "SEATS": NP_("metavar", "SEATS"),
    "SECONDS": NP_("metavar", "SECONDS"),
    "SEED": NP_("metavar", "SEED"),
    "STOCK": NP_("metavar", "STOCK"),
    "TABLES": NP_("metavar", "TABLES"),
    "TEXT": NP_("metavar", "TEXT"),
    "THINK": NP_("metavar", "THINK"),
    "URL": NP_("metavar", "URL"),
    "WILD": NP_("metavar", "WILD"),
    "WORKERS": NP_("metavar", "WORKERS"),
})


def fold(text: str) -> str:
    """``text`` as it is compared: small letters, no accents, spaces and hyphens alike."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.strip()) if not unicodedata.combining(c))
    return plain.casefold().replace(" ", "-")


def value_word(value: str) -> str:
    """The word ``value`` is typed as in the current language."""
    return pgettext(*VALUE_WORDS[value]) if value in VALUE_WORDS else value


def metavar_word(name: str) -> str:
    """The placeholder ``name`` in the current language (itself when it is none of METAVARS)."""
    return pgettext(*METAVARS[name]) if name in METAVARS else name


def read_value(text: str, values: Iterable[str]) -> str | None:
    """The value among ``values`` that ``text`` names, in the current language or in English; None: none."""
    typed = fold(text)
    values = tuple(values)
    # English first: a word of the language that is another value's English ("no" is Spanish for "off")
    # never hides that value.
    return next((v for v in values if typed == fold(v)), None) or next(
        (v for v in values if typed == fold(value_word(v))), None)


def metavar(values: Sequence[str]) -> str:
    """How ``--help`` shows the values: the language's words, ``facile|normal|difficile``."""
    return "|".join(value_word(v) for v in values)


def choices_text(values: Sequence[str], text: str) -> str:
    """What to say of a value that is none of ``values`` (argparse puts the option before it), worded as
    argparse's own refusal of a choice, with the values in the language."""
    return _("invalid choice: {text} (choose from {choices})").format(
        text=repr(text), choices=", ".join(repr(value_word(v)) for v in values))


def not_a_number(text: str, *, whole: bool) -> str:
    """What is wrong with a value given where a number goes (``--players x``), in the player's words:
    argparse would name the converting function ("invalid int value"), a programmer's word in every language."""
    if whole:
        return _("'{text}' is not a whole number").format(text=text)
    return _("'{text}' is not a number").format(text=text)
