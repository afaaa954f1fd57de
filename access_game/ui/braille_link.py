"""The braille card code as the interface needs it: one card, or a hand on one line of cells.

Imported lazily so the game still starts (with words only) if the braille package cannot load.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card, Rank

__all__ = ["card_cells", "hand_cells", "show_hand"]


def card_cells(card: Card, *, ten_as_x: bool = False) -> str:
    """A card in Unicode braille cells ('⠂⠴⠓' for the 10 of hearts, '⠭⠓' with ``ten_as_x``: the
    settings' ten-as-x)."""
    from braille.cards import card_unicode

    return card_unicode(card, ten_as_x=ten_as_x)


def hand_cells(cards: Sequence[Card], *, ten_as_x: bool = False, wild: Rank | None = None) -> str:
    """A hand on one line, a blank cell between cards; the cards of the ``wild`` rank after the wild
    sign ⠸ (given when the wild sign setting is on)."""
    from braille.cards import hand_unicode

    return hand_unicode(cards, ten_as_x=ten_as_x, wild=wild)


def show_hand(announcer: Any, cards: Sequence[Card]) -> None:
    """Put the hand on a braille display linked directly (BrlAPI), where a routing key over a card
    chooses it; nothing when no display is linked. The link is the announcer's listener that can show
    a line (access_game.ui.brlapi_link.DisplayLink.show_line)."""
    parts: list[str | Card] = []
    for card in cards:
        if parts:
            parts.append(" ")
        parts.append(card)
    for listener in list(getattr(announcer, "listeners", ())):
        show = getattr(getattr(listener, "__self__", None), "show_line", None)
        if callable(show):
            show(parts)
