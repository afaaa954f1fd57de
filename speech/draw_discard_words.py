"""The words every draw–discard table says the same way: what its shared keys do, the prompt of a turn
(draw, then discard or meld), and a hand's points in the long scores. One copy, so a game added over the shared
table (access_game.ui.draw_discard_table) says its turn as the others do and its translators have
nothing new to translate; a game's own steps (Gin's 'take or pass', contract rummy's buying) stay in its
own words module."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from speech.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from speech.results import Names

__all__ = ["KEY_HELP", "hand_over_words", "hand_points_words", "turn_prompt"]

#: What the draw–discard keys do, said the same in every game that has them (help, F1, docs/keys.md);
#: a game's words module says a key its own way where its game differs (contract rummy's D, T and U).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "draw": N_("Draw the top card of the stock."),
    "take": N_("Take the top card of the discard pile (the up card)."),
    "discard": N_("Discard the current card."),
    "hint": N_("Hint: the next step a strong player would take, and how to do it."),
    "play-hint": N_("Do what the hint says."),
    "up-card": N_("The top card of the discard pile."),
    "read-discards": N_("Read the whole discard pile, from the top."),
    "scores": N_("Scores: each player's total."),
    "scores-long": N_("Scores hand by hand, with totals and who leads."),
    "next-meld": N_("Move to the next meld on the table and read it."),
    "previous-meld": N_("Move to the previous meld on the table and read it."),
})


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


def hand_over_words(names: Names, number: int, went_out: int | None, nobody: str | None = None) -> str:
    """The first words of a hand's count: 'Hand 3 over. Anna went out.' ``nobody``: how the hand ended
    when nobody went out, in the game's words (by default the stock ran out)."""
    if went_out is None:
        return nobody if nobody is not None else _("Hand {number} over. The stock ran out.").format(number=number)
    if names.is_listener(went_out):
        return _("Hand {number} over. You went out.").format(number=number)
    return _("Hand {number} over. {name} went out.").format(number=number, name=names.subject(went_out))
