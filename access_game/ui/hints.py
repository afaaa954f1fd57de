"""Hints, one mechanism for every game: the game's strongest computer player says what it would do
now and why, and speech.hint_words says it.

The player is the catalog's ``hint_level`` (hard), or the game's expert where it has one and the player
asked for the expert's hints (the ``expert_hints`` setting), rebuilt for each question from the game so far
(as the computer players are), so a hint is the move the strongest player would make in the
player's seat, knowing only what the player knows: the player's own view. Its reason comes from the
player itself (:func:`engine.bots.explain`); a player that gives none is still followed, its move
named without a reason.

One recommendation, one key: :func:`current_hint` gives the choice, the key that makes it and the card
(or pile, or meld) to put the cursors on, and every table's hint key (H), its "do the hint" key
(Shift+N) and the hints said unasked go through it (:class:`Hinter`). So what the hint says, where the
cursor lands and what the named key then does are one decision, made once, in every game; a table
only knows how to put its own cursors where a move needs them (``HintTarget.aim``).

Tables also call :func:`unprompted` when the player's turn begins (only when the hints setting is on).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

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

__all__ = ["Hint", "HintTarget", "Hinter", "best_choice", "current_hint", "hint_lines", "hinted_action", "hinted_card",
           "move_command", "move_key", "unprompted"]

#: The key plan's command for each kind of move every draw-and-discard game shares (a draw from the
#: discard pile is 'take'); a game's own kinds are in its catalog entry's ``move_commands``.
_COMMANDS = {"discard": "discard", "go_out": "go-out"}


def move_command(action: Action, game: str | None = None) -> str | None:
    """The key plan's command that makes ``action`` ('take', 'lay-off'); None if no key makes it.
    ``game``: the catalog game whose own moves' commands (its entry's ``move_commands``) come first."""
    own = dict(catalog_game(game).move_commands) if game is not None else {}
    if isinstance(action, Draw):
        name: str | None = "take" if action.source == "discard" else "draw"
    else:
        name = own.get(action.kind) or _COMMANDS.get(action.kind)
    if name is None:
        return None
    try:
        planned(name)
    except UnplannedCommand:
        return None
    return name


def move_key(action: Action, game: str | None = None) -> str | None:
    """The key that makes ``action``, as the key plan gives it ('T', 'Shift+O'); None if it has none."""
    name = move_command(action, game)
    return None if name is None else key_label(planned(name).keys[0])


@dataclass(frozen=True, slots=True)
class Hint:
    """The one recommendation of the hint key: the move (``choice``, None when there is none), what is
    said (``lines``), the key plan's command that makes the move and its key, and the card the hand's
    cursor goes to so that key acts on it."""

    choice: Choice | None
    lines: tuple[Utterance, ...]
    command: str | None = None
    key: str | None = None
    card: Card | None = None

    @property
    def action(self) -> Action | None:
        return None if self.choice is None else self.choice.action


def current_hint(session: TableSession) -> Hint:
    """The hint now: the strongest player's choice for the player's seat, its words (with its key), the
    command and key that make it, and the card to point at. Every table's hint comes from here."""
    choice = best_choice(session) if session.my_turn and not session.over else None
    if choice is None:
        return Hint(None, tuple(_no_move(session)))
    lines = tuple(hint_lines(session, choice))
    command = move_command(choice.action, session.ruleset_name)
    key = None if command is None else key_label(planned(command).keys[0])
    return Hint(choice, lines, command, key, hinted_card(choice.action))


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
    expert = session.settings.expert_hints and "expert" in entry.levels
    agent = make_agent(entry.ruleset, "expert" if expert else entry.hint_level, seed=session.move_count)
    return explain(agent, session.view(), legal)


def hinted_card(action: Action | None) -> Card | None:
    """The card a move names (``Action.hand_card``: the card to discard, to discard going out, to knock
    with; else the one card it lays off or swaps in, or the first card of a meld): the hint puts the
    cursor on it, so the move's key then acts on that card."""
    if action is None:
        return None
    if action.hand_card is not None:
        return action.hand_card
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        return card
    cards = getattr(action, "cards", None)
    return cards[0] if isinstance(cards, tuple) and cards and isinstance(cards[0], Card) else None


class HintTarget(Protocol):
    """A table as the hint sees it: its session, and how it puts its cursors (the hand's, a pile's, a
    meld's, the selection) where ``hint``'s key makes exactly ``hint``'s move, saying where they landed
    when ``say`` is true."""

    @property
    def session(self) -> TableSession: ...

    def aim(self, hint: Hint, *, say: bool = True) -> None: ...


class Hinter:
    """The hint keys of one table, the same in every game: H says the one recommendation and aims the
    cursors; Shift+N aims them and makes the move; a hint said unasked (hints on) is the same hint,
    aimed the same way. A hint already said for this very position is not printed again when H asks
    for it: only where the cursor is (the line is in the history, and L repeats it)."""

    def __init__(self, table: HintTarget) -> None:
        self.table = table
        #: The move count and words of the hint last said, so H right after it does not say it twice.
        self._said: tuple[int, tuple[str, ...]] | None = None

    def _say(self, hint: Hint) -> None:
        session = self.table.session
        session.say_all(list(hint.lines))
        self._said = (session.move_count, tuple(u.text() for u in hint.lines))

    def ask(self) -> Hint:
        """H: the hint, said once, the cursors put where its key acts."""
        hint = current_hint(self.table.session)
        words = tuple(u.text() for u in hint.lines)
        # Said already for this position, and H has a cursor to place and say: only that is said.
        pointed = hint.card is not None or isinstance(getattr(hint.action, "pile", None), int)
        if not pointed or self._said != (self.table.session.move_count, words):
            self._say(hint)
        self.table.aim(hint)
        return hint

    def offer(self, hint: Hint | None = None) -> Hint | None:
        """The hint said unasked (the hints setting on, or a lesson's step: ``hint``, the current hint it
        has already asked for), aimed like H's, since its words name the key that makes it; None when
        there is no move."""
        hint = hint if hint is not None else current_hint(self.table.session)
        if hint.choice is None:
            return None
        self._say(hint)
        self.table.aim(hint, say=False)
        return hint

    def follow(self) -> Action | None:
        """Shift+N: the cursors aimed at the hint's move, which the caller then makes; with no move to
        make, the hint is said (why not) and None returned."""
        hint = current_hint(self.table.session)
        if hint.action is None:
            self._say(hint)
            return None
        self.table.aim(hint, say=False)
        return hint.action


def hint_lines(session: TableSession, choice: Choice | None = None) -> list[Utterance]:
    """What the hint key says now (``choice``: best_choice's, when the caller has it already)."""
    if session.over:
        return _no_move(session)
    choice = choice if choice is not None else best_choice(session)
    if choice is None:
        return _no_move(session)
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
    entry = catalog_game(session.ruleset_name)
    return hint_utterances(choice, view, lay_down, held, key, select=choice.action.kind in entry.select_first,
                           own_moves=entry.own_move_words())


def _no_move(session: TableSession) -> list[Utterance]:
    """Why there is no hint: the game is over, or whose turn it is."""
    if session.over:
        return [no_hint(Reason("the game is over"))]
    waiting = session.seats_to_act()
    if waiting:
        return [no_hint(Reason("it is {name}'s turn, not yours", name=session.players[waiting[0]]))]
    return [no_hint(Reason("you have no move now"))]


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
