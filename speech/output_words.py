"""What the player is told about the ways out of the game: the braille display link."""

from __future__ import annotations

from speech.i18n import N_, _

__all__ = ["DISPLAY_LOST", "display_absent", "display_linked"]

DISPLAY_LOST = N_("The braille display link was lost; the game goes on without it.")


def display_linked(cells: int) -> str:
    if cells:
        return _("Braille display of {cells} cells linked: the newest message is on it. Pan to read on, "
                 "line up and down for older and newer messages; a routing key over a card chooses it.").format(
            cells=cells)
    return _("Braille display linked: the newest message is on it. Pan to read on, "
             "line up and down for older and newer messages; a routing key over a card chooses it.")


def display_absent(reason: str) -> str:
    reason = reason.rstrip(".")
    return _("No braille display link: {reason}. The game goes on without it.").format(reason=reason)
