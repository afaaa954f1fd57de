"""What the player is told about the ways out of the game: the braille display link."""

from __future__ import annotations

__all__ = ["DISPLAY_LOST", "display_absent", "display_linked"]

DISPLAY_LOST = "The braille display link was lost; the game goes on without it."


def display_linked(cells: int) -> str:
    size = f" of {cells} cells" if cells else ""
    return (f"Braille display{size} linked: the newest message is on it. Pan to read on, "
            "line up and down for older and newer messages; a routing key over a card chooses it.")


def display_absent(reason: str) -> str:
    reason = reason.rstrip(".")
    return f"No braille display link: {reason}. The game goes on without it."
