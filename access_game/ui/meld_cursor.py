"""The meld cursor of a table with melds on it (M and Shift+M): where a step from the meld under the
cursor lands. One rule for every game, so the key behaves alike wherever melds lie on the table; a
game says only whether the cursor stops at the first and last meld (and says so) or goes round."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MeldStep", "step_meld"]


@dataclass(frozen=True, slots=True)
class MeldStep:
    """Where a step lands: the meld's place among the table's melds, and whether the step would have
    gone past the first or the last meld and stayed (only where the cursor does not go round)."""

    index: int
    stopped: bool = False


def step_meld(current: int | None, count: int, step: int, *, wraps: bool) -> MeldStep | None:
    """A step of ``step`` (1 or -1) from the meld at ``current`` among ``count`` melds; None with no meld.

    A cursor on no meld (never moved, or on a meld that has left the table) starts at the first meld going
    forward and at the last going back."""
    if count <= 0:
        return None
    if current is None or not 0 <= current < count:
        return MeldStep(0 if step > 0 else count - 1)
    if wraps:
        return MeldStep((current + step) % count)
    index = current + step
    if 0 <= index < count:
        return MeldStep(index)
    return MeldStep(current, stopped=True)
