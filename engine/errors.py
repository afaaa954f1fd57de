"""Typed errors, each carrying a sentence a player can understand (all ValueError subclasses)."""

from __future__ import annotations

__all__ = ["CardNotationError", "IllegalAction", "SaveFormatError"]


class CardNotationError(ValueError):
    """Text that is not a card of the game being played."""


class IllegalAction(ValueError):
    """An action the rules refuse now; the state is left exactly as it was."""


class SaveFormatError(ValueError):
    """Saved game data that is damaged, of another program, or of a newer version."""
