"""The status sentences every draw–discard table says the same way: the prompt of a turn (draw, then
discard or meld), and a hand's points in the long scores. One copy, so a game added over the shared
table (access_game.ui.draw_discard_table) says its turn as the others do and its translators have
nothing new to translate; a game's own steps (Gin's 'take or pass', contract rummy's buying) stay in its
own words module."""

from __future__ import annotations

from speech.i18n import _, pgettext

__all__ = ["hand_points_words", "turn_prompt"]


def turn_prompt(*, over: bool, my_turn: bool, drawing: bool, last_turn: bool = False, may_meld: bool = False) -> str:
    """The one-line prompt of a draw–discard turn: 'game over', 'wait', '(last turn,) draw', then
    '(last turn,) discard' or, when melds may go down before the discard, '(last turn,) meld or discard'."""
    if over:
        return pgettext("prompt", "game over")
    if not my_turn:
        return pgettext("prompt", "wait")
    if drawing:
        return pgettext("prompt", "last turn, draw") if last_turn else pgettext("prompt", "draw")
    if may_meld:
        return pgettext("prompt", "last turn, meld or discard") if last_turn else pgettext("prompt", "meld or discard")
    return pgettext("prompt", "last turn, discard") if last_turn else pgettext("prompt", "discard")


def hand_points_words(number: int, points: str) -> str:
    """One hand's line of the long scores: 'Hand 2: You 10, Anna 25.'."""
    return _("Hand {number}: {points}.").format(number=number, points=points)
