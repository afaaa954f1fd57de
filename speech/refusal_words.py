"""The rules' refusals in the player's language.

The engine refuses a move with a :class:`engine.reasons.Reason`: its English template and the values
that fill it. Here the template is looked up in the catalog and filled with the values worded in the
chosen language: cards by name, with the article their rank takes ("l'as de cœur"), ranks in the
plural, counts with their noun, lists joined the language's way. A plain string (a refusal made
outside the engine) is looked up as it is.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, Rank, Suit
from engine.reasons import Reason
from speech.i18n import N_, NP_, _, ngettext, pgettext
from speech.phrases import (
    Phrase,
    capital,
    card_count,
    cards_words,
    join_words,
    rank_plural,
    rank_word,
    suit_word,
    the_card_words,
)

__all__ = ["GAME_NAMES", "RULE_OPTION_ERRORS", "error_text", "reason_text", "refusal_words"]

#: The games as the rules name them in a card error ("ranks in contract rummy are ..."), for the catalog:
#: a value named ``game`` is said through ``_``.
GAME_NAMES = (N_("Five Crowns"), N_("Five Crowns solitaire"), N_("contract rummy"), N_("upcard rummy"))

#: The rules' own errors for a rule option given on the command line (engine/rules: ``play --sets 3``),
#: plain English strings that :func:`error_text` looks up as they are: here for the catalog.
RULE_OPTION_ERRORS = (N_("sets is 1 or 2"), N_("decks is 2 or 3"), N_("target is a whole number of points, at least 1"))

#: A meld's kind as a refusal names it ('the set 7h 7s 7c').
_MELD_KINDS = {"set": NP_("meld kind", "set"), "run": NP_("meld kind", "run")}


def _the(card: Card) -> str:
    return the_card_words(card)


def _count(name: str, n: int) -> str:
    if name == "cards":
        return card_count(n)
    if name in ("sets", "laid_sets"):
        return ngettext("{n} set", "{n} sets", abs(n)).format(n=n)
    return ngettext("{n} run", "{n} runs", abs(n)).format(n=n)


def _value(name: str, value: Any) -> str:
    """One value of a reason, worded in the current language."""
    if isinstance(value, Reason):
        return reason_text(value)
    if isinstance(value, Card):
        return _the(value) if name.startswith("the_") else Phrase([value])
    if isinstance(value, Rank):
        return rank_word(value) if name == "rank" else rank_plural(value)
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        if name.startswith("the_"):
            return join_words([_the(c) for c in value]) if value else _("no cards")
        return cards_words(value)
    if isinstance(value, tuple) and value and all(isinstance(v, Suit) for v in value):
        return ", ".join(suit_word(v) for v in value)
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return join_words(list(value))
    if name == "game" and isinstance(value, str):
        return _(value)
    if name in ("cards", "sets", "runs", "laid_sets", "laid_runs") and isinstance(value, int):
        return _count(name, value)
    if name == "kind" and value in _MELD_KINDS:
        return pgettext(*_MELD_KINDS[value])
    return str(value)


def reason_text(reason: str) -> str:
    """The refusal in the current language, as the rules put it (no capital, no full stop)."""
    if isinstance(reason, Reason):
        return _(reason.template).format(**{k: _value(k, v) for k, v in reason.values.items()})
    return _(reason)


def refusal_words(reason: str) -> str:
    """The refusal as the player hears it: a sentence with its capital and full stop."""
    text = capital(reason_text(reason))
    return text if text.endswith((".", "!", "?")) else text + "."


def error_text(exc: BaseException) -> str:
    """An error's sentence in the current language: the engine raises its errors (a card that is not a
    card, a contract that does not exist) with a :class:`Reason`, worded here; any other error's text
    is looked up in the catalog as it is."""
    reason = exc.args[0] if exc.args else ""
    return reason_text(reason) if isinstance(reason, Reason) else _(str(exc))
