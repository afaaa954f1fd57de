"""J's answer, for every table: where a typed number, card name or card code puts the cursor among
some cards.

One rule for the hand (three games) and for a solitaire pile, so J reaches a card the same way
everywhere: a number is a position (1 the first); a name is the card as the game says it, in the
player's language ("10 of stars", "la dame de cœur": speech.card_names); a code is the card in the
game's notation (``10st``, ``qh``, ``jo``). A second J to the same card finds its twin (two decks), the
next one after the cursor, round the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.reasons import Reason
from speech.card_names import read_card

__all__ = ["CARD_TEXT_LIMIT", "Typed", "typed_place"]

#: The most characters J takes: room for the longest name a card is said by in any language, with its
#: article and wild mark ("la reina de corazones, comodín"), and some to spare for a typo.
CARD_TEXT_LIMIT = 40


@dataclass(frozen=True, slots=True)
class Typed:
    """Where the typed words lead: ``index`` to move to; else ``card`` not among the cards; else
    ``refused``, why the game has no such card (its rules' reason); or none of them (the words are not
    a card)."""

    index: int | None = None
    card: Card | None = None
    refused: str = ""


def _refused(exc: ValueError, typed: str) -> str:
    """The rules' reason, naming the card as the player typed it (not its code)."""
    reason = exc.args[0] if exc.args else ""
    if isinstance(reason, Reason) and "text" in reason.values:
        return Reason(reason.template, **{**reason.values, "text": typed})
    return str(reason)


def typed_place(word: str, cards: Sequence[Card], pos: int, parse_card: Callable[[str], Card]) -> Typed:
    """What ``word`` names among ``cards`` (the cursor at ``pos``); ``parse_card``: the game's notation,
    which also says which cards the game has."""
    word = word.strip()
    if word.isdigit():
        return Typed(index=int(word) - 1)
    try:
        card = parse_card(word)
    except ValueError as code_error:  # CardNotationError, with its reason
        named = read_card(word)
        if named is None:
            # A lone word the game read as a code of a rank or suit it lacks ("2h" in Five Crowns) is
            # told why; any other text is no card at all.
            reason = code_error.args[0] if code_error.args else ""
            specific = isinstance(reason, Reason) and ({"ranks", "suits"} & set(reason.values))
            return Typed(refused=reason) if specific and " " not in word else Typed()
        try:
            card = parse_card(named.code)
        except ValueError as exc:
            return Typed(refused=_refused(exc, word))
    places = [i for i, c in enumerate(cards) if c == card]
    if not places:
        return Typed(card=card)
    later = [i for i in places if i > pos] if 0 <= pos < len(cards) and cards[pos] == card else places
    return Typed(index=(later or places)[0], card=card)
