"""The hand as a table shows it: the player's order kept as cards come and go, a mark per card, a cursor.

A blind player learns where cards sit in their hand; if every draw re-dealt the order they would have
to learn it again. So the order is kept for the cards still held, cards that arrive are placed by the
chosen sort, and the cursor stays on its card (or lands on a card just drawn). Two equal cards are two
cards: each has its own mark, and when one of them leaves, the marked one (selected for the meld that
was just put down) is the one gone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Card

__all__ = ["FREE", "SELECTED", "HandModel", "less"]

#: A card's mark: free, in the selection, or (k >= 1) in planned meld k.
FREE = 0
SELECTED = -1

SortKey = Callable[[Card], Any]


def less(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    """``cards`` without ``taken``, as multisets, in the order of ``cards``."""
    left = Counter(taken)
    out: list[Card] = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
        else:
            out.append(c)
    return out


class HandModel:
    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.marks: list[int] = []
        self.pos = 0

    def reset(self) -> None:
        self.cards, self.marks, self.pos = [], [], 0

    @property
    def current(self) -> Card | None:
        return self.cards[self.pos] if self.cards else None

    def selected(self) -> list[Card]:
        return [c for c, m in zip(self.cards, self.marks, strict=True) if m == SELECTED]

    def clear_marks(self) -> None:
        self.marks = [FREE] * len(self.cards)

    def sync(self, hand: Sequence[Card], key: SortKey | None, arrived: Card | None = None) -> list[Card]:
        """Bring the shown hand up to ``hand``: marked copies leave first, new cards come in unmarked,
        all is sorted by ``key`` (None keeps the player's order, new cards last); the cursor stays on
        its card, or lands on ``arrived``. Returns the cards that came in."""
        held, shown = Counter(hand), Counter(self.cards)
        drop = {c: shown[c] - held[c] for c in shown if shown[c] > held[c]}
        for marked in (True, False):
            for i in reversed(range(len(self.cards))):
                card = self.cards[i]
                if drop.get(card, 0) > 0 and (self.marks[i] != FREE) == marked:
                    drop[card] -= 1
                    del self.cards[i], self.marks[i]
                    if i < self.pos:
                        self.pos -= 1
        added = less(hand, self.cards)
        self.cards += added
        self.marks += [FREE] * len(added)
        self._sort(key)
        if arrived is not None and arrived in self.cards:
            at = [i for i, c in enumerate(self.cards) if c == arrived]
            free = [i for i in at if self.marks[i] == FREE]
            self.pos = (free or at)[-1]
        elif added and len(added) == len(hand):
            self.pos = 0
        self.pos = max(0, min(self.pos, len(self.cards) - 1))
        return added

    def resort(self, key: SortKey | None) -> None:
        """Sort by ``key``, the cursor staying on its card."""
        self._sort(key)

    def _sort(self, key: SortKey | None) -> None:
        if key is None or not self.cards:
            return
        order = sorted(range(len(self.cards)), key=lambda i: key(self.cards[i]))
        at = order.index(min(self.pos, len(self.cards) - 1))
        self.cards = [self.cards[i] for i in order]
        self.marks = [self.marks[i] for i in order]
        self.pos = at
