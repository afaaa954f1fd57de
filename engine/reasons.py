"""Why the rules refuse a move, as a reason code with its values, so the words layer can say it in the
player's language.

A :class:`Reason` is a ``str`` (its English sentence, so everything that shows or compares the text keeps
working) that also carries the sentence's ``template`` and ``values``. The template is the catalog's
key: speech.refusal_words translates it and fills the values in the chosen language, naming cards
and ranks in it. The engine itself never words a sentence in another language.

Placeholders: a :class:`Card` value is its name ('7 of stars'); a value named ``the_card`` is the card
with its article ('the 7 of stars'), which other languages choose by the card's rank; a
:class:`Rank` is its plural ('7s', 'queens'), or its name when the value is called ``rank``; a tuple
of cards is their names joined with ', ' ('the 9 of hearts, the 9 of spades and the 5 of clubs' when
called ``the_cards``); a tuple of names is joined with 'and'; a whole number named in COUNTED is
counted ('2 cards', '1 set'); a tuple of suits is their names joined with ', '; a Reason inside a
Reason is its sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import Card, Rank, Suit

__all__ = ["COUNTED", "Reason", "english_value", "reason_of", "shown"]


#: The nouns counted by a whole number value of that name.
COUNTED = {"cards": ("card", "cards"), "sets": ("set", "sets"), "runs": ("run", "runs"),
           "laid_sets": ("set", "sets"), "laid_runs": ("run", "runs")}


def shown(value: object, longest: int = 40) -> str:
    """A short picture of a value from outside, for a refusal: its repr, cut to ``longest`` characters.

    It never raises: a repr may fail, and Python refuses to write out a whole number of more than
    4,300 digits (``sys.get_int_max_str_digits``), which anyone can put in an action.
    """
    try:
        text = repr(value)
    except Exception:
        if isinstance(value, int):
            return f"a number of about {int(value.bit_length() * _DIGITS_PER_BIT) + 1} digits"
        text = f"a value of type {type(value).__name__}"
    return text if len(text) <= longest else text[: longest - 3] + "..."


#: log10(2): the decimal digits one bit of a whole number is worth.
_DIGITS_PER_BIT = 0.30102999566398120


def _writable(value: Any) -> Any:
    """``value``, or its short picture when it is a whole number too long to write out (see ``shown``)."""
    if isinstance(value, int):
        try:
            str(value)
        except ValueError:
            return shown(value)
    return value


def english_value(name: str, value: Any) -> str:
    """A value as the English sentence shows it."""
    if isinstance(value, Card):
        return f"the {value.name}" if name.startswith("the_") else value.name
    if isinstance(value, Rank):
        return value.word if name == "rank" else value.plural
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        if not name.startswith("the_"):  # card by card as speech says a list (speech.phrases.CARD_SEPARATOR)
            return "; ".join(c.name for c in value)
        names = [f"the {c.name}" for c in value]
        if len(names) < 2:
            return names[0] if names else "no cards"
        return f"{', '.join(names[:-1])} and {names[-1]}"
    if isinstance(value, tuple) and value and all(isinstance(v, Suit) for v in value):
        return ", ".join(v.word for v in value)  # a list of the suits a game has, as a card error gives it
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return value[0] if len(value) == 1 else f"{', '.join(value[:-1])} and {value[-1]}"
    if name in COUNTED and isinstance(value, int) and not isinstance(value, bool):
        one, many = COUNTED[name]
        return f"{value} {one if abs(value) == 1 else many}"
    return str(value)


class Reason(str):
    """A refusal: its English sentence, and its ``template`` and ``values`` for other languages.

    ``Reason("there is no meld {meld} on the table", meld=4)`` is the text "there is no meld 4 on the
    table". A Reason is compared and hashed as its text.
    """

    template: str
    values: Mapping[str, Any]

    def __new__(cls, template: str, **values: Any) -> Reason:
        # A value that cannot be written out is kept as its picture, so neither this sentence nor its
        # translation (speech.refusal_words) raises while refusing the move that holds it.
        values = {k: _writable(v) for k, v in values.items()}
        text = template.format(**{k: english_value(k, v) for k, v in values.items()})
        reason = super().__new__(cls, text)
        reason.template = template
        reason.values = dict(values)
        return reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.template, dict(self.values)))


def _rebuild(template: str, values: dict[str, Any]) -> Reason:
    return Reason(template, **values)


def reason_of(exc: BaseException) -> str:
    """The refusal an exception carries: its :class:`Reason` (template and values kept), or its text."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Reason) else str(exc)
