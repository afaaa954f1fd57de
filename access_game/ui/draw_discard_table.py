"""What every draw–discard table does the same way, over the hand (HandTable): the game's view, the
player's seat and the names at the table, the hand kept in step with the view, the key list, the
opening of a resumed game, drawing from the stock or the discard pile, discarding the current card, the
up card and the discard pile read aloud, the hint keys and the hands' points in the long scores.

One copy, so a game added to the catalog writes only what is its own (its melds, its scoring, its own
steps of a turn) and cannot drift from the others in how a turn is played; what these keys say is in
speech.table_words and speech.draw_discard_words. A table names its words (``KEY_HELP``, ``KEY_GROUPS``)
and its keys (``GAME_KEYS`` before the hand's, ``TABLE_KEYS`` after), and answers the hooks
``resumed_words`` and ``whose_turn``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Generic, TypeVar

from access_game.ui.hand_table import HandTable
from access_game.ui.registry import Command
from engine.actions import Action, Discard, Draw
from engine.cards import Card
from engine.draw_discard import DrawDiscardView
from engine.events import Drew, Event, HandStarted
from speech import draw_discard_words as ddw
from speech import table_words as tw
from speech.phrases import Parts, cards_parts
from speech.results import Names, scores_words
from speech.utterance import Kind

if TYPE_CHECKING:
    from access_game.session_api import TableSession
    from access_game.ui.table import Host

__all__ = ["DrawDiscardTable"]

V = TypeVar("V", bound=DrawDiscardView)

#: The shared table's methods for commands not named as they are.
SHARED_METHODS: Mapping[str, str] = MappingProxyType({"draw": "draw_stock", "take": "take_discard"})


class DrawDiscardTable(HandTable, Generic[V]):
    """Base for the tables of draw–discard games (``V``: the game's view)."""

    game_name: str
    title: str
    #: The game's words for its keys (by command name; the shared ones are speech.draw_discard_words's) and
    #: its own groups of keys in help.
    KEY_HELP: Mapping[str, str] = tw.KEY_HELP
    KEY_GROUPS: Sequence[tuple[str, str]] = ()
    #: The game's commands (key plan names) before the hand's, and the table's after them, in help's order.
    GAME_KEYS: Sequence[str] = ()
    TABLE_KEYS: Sequence[str] = ()
    #: The method that answers a command, where it is not the shared one (``SHARED_METHODS``) or the
    #: command's own name ('best-melds': best_melds).
    METHODS: Mapping[str, str] = MappingProxyType({})
    #: Commands not offered while the computer players move (the move would be refused, or stale).
    NOT_WHILE_WAITING: Sequence[str] = ()

    def __init__(self, session: TableSession, host: Host) -> None:
        super().__init__(session, host)
        self.sync()

    @property
    def view(self) -> V:
        v: V = self.session.view()
        return v

    @property
    def seat(self) -> int:
        return self.session.human_seat

    @property
    def names(self) -> Names:
        return Names(self.session.players, self.session.human_seat)

    def sync(self, arrived: Card | None = None) -> None:
        """Bring the shown order up to date with the hand; the cursor follows a card that just arrived."""
        self.sync_hand(self.view.hand, arrived)

    # ----------------------------------------------------------------- the table protocol
    def groups(self) -> list[tuple[str, str]]:
        return list(self.KEY_GROUPS)

    def reset(self) -> None:
        self.hand.reset()
        self.sync()

    def commands(self) -> list[Command]:
        descriptions = {**ddw.KEY_HELP, **self.KEY_HELP}  # the game's own words for a key win
        return self.game_commands(descriptions, self._answers(self.GAME_KEYS), self._answers(self.TABLE_KEYS),
                                  not_while_waiting=self.NOT_WHILE_WAITING)

    def _answers(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """(command, method) pairs: the game's own method, the shared one, or the command's name."""
        return [(n, self.METHODS.get(n) or SHARED_METHODS.get(n) or n.replace("-", "_")) for n in names]

    def opening(self, resumed: bool) -> None:
        """A resumed game says where it stands, the hand, then whose turn it is (a new game's deal is the
        narrator's)."""
        if not resumed:
            return
        self.say(self.resumed_words(), kind=Kind.SYSTEM, urgent=False)
        if self.order:
            self.say(*tw.your_hand_parts(self.order, self.wild_rank), kind=Kind.MY_TURN, urgent=False)
        self.whose_turn(urgent=False)

    def resumed_words(self) -> str:
        """Where a resumed game stands: its hand, the totals."""
        raise NotImplementedError

    def whose_turn(self, *, urgent: bool = True) -> None:
        """Whose turn it is, said after a resumed game's hand (nothing, unless the game says it)."""

    def on_events(self, events: Sequence[Event]) -> None:
        """The news: the hand kept in step, its cursor on a card that arrived, then what the game says."""
        arrived: Card | None = None
        for ev in events:
            arrived = self.arrival(ev, arrived)
        self.sync(arrived)
        self.after_events(events, arrived)

    def arrival(self, ev: Event, arrived: Card | None) -> Card | None:
        """What one event does to the hand: a new hand starts it afresh; a card this player drew is where
        the cursor goes (``arrived``: the card it would go to so far)."""
        if isinstance(ev, HandStarted):
            self.hand.reset()
        elif isinstance(ev, Drew) and ev.seat == self.seat and ev.card is not None:
            return ev.card
        return arrived

    def after_events(self, events: Sequence[Event], arrived: Card | None) -> None:
        """What the game says of the news once the hand is in step (its hints, its ends of games)."""

    def say_final_scores(self) -> None:
        """The game is over: each player's scores hand by hand (the totals are the narrator's)."""
        v = self.view
        self.say(scores_words(v.players, v.scores, v.totals, long=True, listener=self.seat, totals_too=False),
                 kind=Kind.RESULTS, urgent=False)

    def _turn_kind(self) -> Kind:
        return Kind.MY_TURN if self.view.my_turn else Kind.INFO

    # ----------------------------------------------------------------- playing
    def _act(self, action: Action) -> bool:
        """The player's move (a game that clears its selection after a move says so here)."""
        return self.session.act(action)

    def draw_stock(self, key: str = "") -> None:
        self._act(Draw(self.seat, "stock"))

    def take_discard(self, key: str = "") -> None:
        self._act(Draw(self.seat, "discard"))

    def discard(self, key: str = "") -> None:
        """X: discard the current card; with none, or out of turn, the rules say why not."""
        card = self._current()
        if self.session.refused_now(Discard) or card is None:
            return
        self._act(Discard(self.seat, card))

    def best_melds(self, key: str = "") -> None:
        """Alt+M: what the hand makes now, the same key in every game (nothing to say of an empty hand)."""
        if not self.view.hand:
            self.say(tw.HAND_EMPTY)
            return
        self.say(*self.best_melds_parts(), kind=Kind.MY_TURN)

    def best_melds_parts(self) -> Parts:
        """The game's melds, its deadwood and what a discard would leave."""
        raise NotImplementedError

    # ----- the hint
    def hint(self, key: str = "") -> None:
        """H: on your turn the one recommendation, its key, the cursors on it (access_game.ui.hints); else
        what the game says while you wait."""
        if self.session.my_turn:
            self.hinter.ask()
            return
        self.waiting_hint()

    def waiting_hint(self) -> None:
        """H out of turn: the shared hint says why there is nothing to do."""
        self.hinter.ask()

    def play_hint(self, key: str = "") -> None:
        """Shift+N: make the hint's move (the same choice, so the same move); out of turn, H's answer."""
        if not self.session.my_turn:
            self.hint()
            return
        action = self.hinter.follow()
        if action is not None:
            self._act(action)

    # ----- the table
    def up_card(self, key: str = "") -> None:
        v = self.view
        self.say(*tw.up_card_parts(v.discard_top, self.wild_rank, self.pile_size()))

    def pile(self) -> Sequence[Card]:
        """The discard pile, bottom first, for a game whose view keeps all of it (its top: ``discard_top``)."""
        return ()

    def pile_size(self) -> int:
        return len(self.pile())

    def read_discards(self, key: str = "") -> None:
        """The discard pile from the top down."""
        pile = self.pile()
        if not pile:
            self.say(tw.DISCARD_PILE_EMPTY)
            return
        self.say(*cards_parts(list(reversed(pile)), None))

    def say_hand_points(self, words: Callable[[int, str], str] = ddw.hand_points_words) -> int:
        """Each hand's points, one line a hand ('Hand 2: You 10, Anna 25.'); how many hands were said."""
        v = self.view
        names = self.names
        played = max((len(s) for s in v.scores), default=0)
        for h in range(played):
            points = ", ".join(f"{names.name(s)} {v.scores[s][h]}" for s in range(len(v.players)))
            self.say(words(h + 1, points), kind=Kind.RESULTS)
        return played
