"""Hints, one mechanism for every game: the game's strongest computer player says what it would do
now and why, and speech.hint_words says it.

The player is the catalog's ``hint_level`` (hard), rebuilt for each question from the game so far
(as the computer players are), so a hint is the move the strongest player would make in the
player's seat, knowing only what the player knows: the player's own view. Its reason comes from the
player itself (:func:`engine.bots.explain`); a player that gives none is still followed, its move
named without a reason.

Tables call :func:`hint_lines` from their hint key and :func:`unprompted` when the player's turn
begins (only when the hints setting is on).
"""

from __future__ import annotations

from typing import Any

from access_game.catalog import game as catalog_game
from access_game.session_api import TableSession
from access_game.ui.key_plan import UnplannedCommand, planned
from access_game.ui.keys import key_label
from engine.actions import Action, Draw, GoOut
from engine.bots import explain, make_agent
from engine.bots.base import Choice
from engine.cards import Card
from engine.reasons import Reason
from engine.rules.five_crowns import FiveCrownsView
from speech.hint_words import go_out_offer, hint_utterances, no_hint
from speech.utterance import Utterance

__all__ = ["best_choice", "hint_lines", "hinted_action", "hinted_card", "move_key", "unprompted"]

#: The key plan's command for each kind of move (a draw from the discard pile is 'take').
_COMMANDS = {
    "discard": "discard", "go_out": "go-out", "contract_lay_down": "lay-down-best", "contract_lay_off": "lay-off",
    "contract_swap": "swap", "contract_buy": "yes", "contract_pass_buy": "no", "upcard_meld": "put-down",
    "upcard_lay_off": "lay-off", "upcard_take_discards": "take", "place": "put-down",
}

#: Moves of several cards the player selects first (Space), then puts down.
_SELECTED = frozenset({"upcard_meld"})


def move_key(action: Action, game: str | None = None) -> str | None:
    """The key that makes ``action``, as the key plan gives it ('T', 'Shift+O'); None if it has none.
    ``game``: the catalog game whose own moves' commands (its entry's ``move_commands``) come first."""
    own = dict(catalog_game(game).move_commands) if game is not None else {}
    if isinstance(action, Draw):
        name: str | None = "take" if action.source == "discard" else "draw"
    else:
        name = own.get(action.kind) or _COMMANDS.get(action.kind)
    if name is None:
        return None
    try:
        return key_label(planned(name).keys[0])
    except UnplannedCommand:
        return None


def hinted_action(session: TableSession) -> Action | None:
    """The move the hint advises, for a key that makes it (Shift+N): the same choice, so it does what was said."""
    choice = best_choice(session)
    return None if choice is None else choice.action


def best_choice(session: TableSession) -> Choice | None:
    """The strongest player's choice for the player's seat now, or None when the player has no move."""
    legal = session.legal_actions()
    if not legal:
        return None
    entry = catalog_game(session.ruleset_name)
    agent = make_agent(entry.ruleset, entry.hint_level, seed=session.move_count)
    return explain(agent, session.view(), legal)


def hinted_card(action: Action | None) -> Card | None:
    """The card of the hand a move names (``Action.hand_card``: the card to discard, to discard going out,
    to knock with): the hint puts the cursor on it, so the move's key then acts on that card."""
    return None if action is None else action.hand_card


def hint_lines(session: TableSession, choice: Choice | None = None) -> list[Utterance]:
    """What the hint key says now (``choice``: best_choice's, when the caller has it already)."""
    if session.over:
        return [no_hint(Reason("the game is over"))]
    choice = choice if choice is not None else best_choice(session)
    if choice is None:
        waiting = session.seats_to_act()
        if waiting:
            return [no_hint(Reason("it is {name}'s turn, not yours", name=session.players[waiting[0]]))]
        return [no_hint(Reason("you have no move now"))]
    view = session.view()
    lay_down: list[Any] = []
    held: int | None = None
    if isinstance(view, FiveCrownsView):  # the Five Crowns arranger says what a hand holds and lays down
        from engine.arrange_five_crowns import arrange

        rest = list(view.hand)
        if isinstance(choice.action, GoOut):
            rest.remove(choice.action.discard)
        best = arrange(rest, view.wild_rank, all_wild_melds=view.all_wild_melds)
        lay_down = list(best.melds) if isinstance(choice.action, GoOut) else []
        held = best.points
    key = move_key(choice.action, session.ruleset_name)
    return hint_utterances(choice, view, lay_down, held, key, select=choice.action.kind in _SELECTED,
                           own_moves=catalog_game(session.ruleset_name).own_move_words())


def unprompted(session: TableSession) -> list[Utterance]:
    """Said without asking at the start of the player's turn, when hints are on: that the up card
    lets the hand go out now. Nothing otherwise (a hint nobody asked for is said only when it matters).

    It asks only that question, of the arranger (the hand with the up card, one card thrown, leaves
    nothing): the whole hint, a hard player's decision, would cost every turn tens of milliseconds for
    the same answer (the hard player takes the up card exactly when it goes out)."""
    if not getattr(session.settings, "hints", False) or session.over or not session.my_turn:
        return []
    view = session.view()
    if not isinstance(view, FiveCrownsView) or view.phase != "draw" or view.last_turn or view.discard_top is None:
        return []
    from engine.arrange_five_crowns import discard_options

    with_top = discard_options([*view.hand, view.discard_top], view.wild_rank, all_wild_melds=view.all_wild_melds)
    if min(a.points for a in with_top.values()) != 0:
        return []
    return [go_out_offer(view.discard_top, view.wild_rank)]
