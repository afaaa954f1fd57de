"""What the player is told about the ways out of the game: the braille display link, and the voice.

About the voice, only what is true: a voice that stopped is said to have stopped, with the reason; a
stand-in is named with the reason it stands in; and the game says its voice is back only once it has
been built again and speaks.
"""

from __future__ import annotations

from speech.i18n import N_, _

__all__ = ["DISPLAY_LOST", "display_absent", "display_grade", "display_linked", "voice_back", "voice_lost",
           "voice_replaced", "voice_switched"]

DISPLAY_LOST = N_("The braille display link was lost; the game goes on without it.")


def display_linked(cells: int) -> str:
    if cells:
        return _("Braille display of {cells} cells linked: the newest message is on it. Pan to read on, "
                 "line up and down for older and newer messages; a routing key over a card chooses it.").format(
            cells=cells)
    return _("Braille display linked: the newest message is on it. Pan to read on, "
             "line up and down for older and newer messages; a routing key over a card chooses it.")


_GRADE_WORDS = {
    "contracted": N_("Contracted braille"),
    "uncontracted": N_("Uncontracted braille"),
    "computer": N_("Computer braille"),
}


def display_grade(grade: str, chosen: bool, table: str | None) -> str:
    """The display's first words: which braille its words are in (``grade``: 'contracted',
    'uncontracted' or 'computer'), and why: the reader chose it, BRLTTY's contraction ``table`` says
    so ('none' when BRLTTY contracts nothing), or nothing said otherwise. First, so a reader finds it
    in the first window."""
    words = _(_GRADE_WORDS[grade])
    if chosen:
        return _("{grade}, as you chose.").format(grade=words)
    if table == "none":
        return _("{grade}: BRLTTY contracts nothing.").format(grade=words)
    if table:
        return _("{grade}, as BRLTTY's table {table} says.").format(grade=words, table=table)
    return _("{grade}: no BRLTTY table says otherwise.").format(grade=words)


def display_absent(reason: str) -> str:
    reason = reason.rstrip(".")
    return _("No braille display link: {reason}. The game goes on without it.").format(reason=reason)


def voice_switched(name: str, reason: str) -> str:
    """Another voice speaks instead of the one wanted; ``reason`` says why (a clause: "espeak-ng is not
    installed")."""
    return _("Speaking with {name} because {reason}.").format(name=name, reason=reason.rstrip("."))


def voice_replaced(old: str, name: str, reason: str) -> str:
    """The voice ``old`` stopped during the game and ``name`` speaks instead (``reason``: a clause)."""
    return _("{old} stopped because {reason}; speaking with {name} instead.").format(
        old=old, name=name, reason=reason.rstrip("."))


def voice_lost(reason: str, *, coming_back: bool) -> str:
    """No voice can be heard: everything is printed. ``coming_back``: the game keeps trying its voice."""
    reason = reason.rstrip(".")
    if coming_back:
        return _("The game cannot speak now because {reason}: every message is printed for your screen reader, "
                 "and the game says so when its voice is back.").format(reason=reason)
    return _("The game cannot speak because {reason}: every message is printed for your screen reader.").format(
        reason=reason)


def voice_back(name: str) -> str:
    return _("The game's voice is back ({name}).").format(name=name)
