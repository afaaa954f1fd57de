"""A seat at a table on a server, behind the same interface as a game at this terminal.

The terminal table (access_game.ui) talks to a :class:`access_game.session_api.TableSession`; this is
the one for network play. It knows only what the server sends this seat: its own view, the moves
offered to it (``legal``), why no move of a kind may be made now (``why_not``), who is to act, and its
own redacted events. Those events take exactly the path they take in a local game: the game's narrator
turns them into words, the announcer prints and speaks them, the table's listeners follow them. So
the keys, speech, braille, history, hints and settings are those of local play.

A move of the player's is sent to the server and its answer awaited (a round trip; the server alone
applies moves): a refusal is said with the engine's reason, like a local refusal, and an applied move's
news is said before the key press ends, as at one terminal. Everything else (other players' moves,
chat, who comes and goes) arrives while the prompt waits for keys: the connection's thread queues each
frame and the table's loop takes them (:meth:`RemoteSession.pump`), so each message is one whole line
printed above the prompt, and nothing printed is ever redrawn.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import time
from collections.abc import Callable, Sequence
from typing import Any

from access_game.net.protocol import game_codec
from access_game.online.client import FINAL_ERRORS, Connection
from access_game.online.remote_talk import TALK_FRAMES, RemoteTalk, talk_line
from access_game.online.table_changes import TableChanges
from access_game.session import Announcing, CuePlayer, Narrating, SessionVoice
from access_game.session_api import EventListener
from access_game.settings import Settings
from access_game.table_plan import offered_level
from engine.actions import Action, action_to_data
from engine.codec import GameCodec
from engine.events import Event
from engine.reason_data import ReasonDataError, reason_from_data
from speech import net_words as nw
from speech.i18n import _
from speech.utterance import Kind

__all__ = ["ACT_TIMEOUT", "RemoteSession", "reason_in_frame", "view_from_frame"]

#: Seconds a move waits for the server's answer before the player is told it went unanswered.
ACT_TIMEOUT = 15.0
#: Seconds to wait, once seated, for the server to say where the table stands.
SETTLE_TIMEOUT = 10.0

NarratorFactory = Callable[[int, list[str]], Narrating]


def reason_in_frame(data: Any) -> str:
    """A refusal the server sent as its key and values (engine.reason_data), to be worded in this
    player's language like a local one; data that is not a reason (a damaged or foreign frame) is a
    plain refusal, never an error of this program."""
    try:
        return reason_from_data(data)
    except ReasonDataError:
        return _(nw.MOVE_REFUSED)


def view_from_frame(codec: GameCodec, data: Any, log: Sequence[Event]) -> Any:
    """This seat's view from an update frame; the view's own event log is the one this client keeps."""
    return codec.view_from_data(data, tuple(log))


class RemoteSession(SessionVoice):
    """See the module docstring. Made once the server has seated this terminal (``seated``)."""

    def __init__(
        self,
        connection: Connection,
        seated: dict[str, Any],
        *,
        announcer: Announcing,
        narrator_factory: NarratorFactory,
        settings: Settings,
        cues: CuePlayer | None = None,
        on_settings: Callable[[Settings], None] | None = None,
        rejoined: bool = False,
    ) -> None:
        self.connection = connection
        self.code = str(seated["code"])
        self.human_seat = int(seated["seat"])
        self.game_name = str(seated.get("game", ""))
        codec = game_codec(self.game_name)
        if codec is None:  # the caller checks first: a server seating this program at a game it lacks
            raise ValueError(f"this program has no game {self.game_name!r}")
        #: How this table's game is read from the server's frames: from the game catalog, whatever this
        #: process has imported.
        self.codec = codec
        self.announcer = announcer
        self.narrator_factory = narrator_factory
        self.narrator: Narrating = _Unstarted()
        self.settings = settings
        self.cues = cues
        self.on_settings = on_settings
        self.listeners: list[EventListener] = []
        self.save_problem: str | None = None
        self.put_out: Callable[[], None] | None = None
        #: Called after frames that arrived between key presses were said (prints them above the prompt).
        self.on_news: Callable[[], None] | None = None
        #: Called when the seat is no longer this terminal's (the table then closes).
        self.on_closed: Callable[[], None] | None = None
        self.seat_lost = False
        #: Why the seat is no longer this terminal's: the server's error code ('replaced', 'handed_over'...).
        self.lost_because: str | None = None
        #: The game has begun (the first update came).
        self.started = False
        #: The table is shown: news is narrated as it comes (before that it is kept for the opening).
        self.live = False
        self.log: list[Event] = []
        self._unheard: list[Event] = []
        self._view_data: Any = None
        self._view: Any = None
        self._legal_data: list[Any] = []
        self._legal: list[Action] | None = None
        self._to_act: tuple[int, ...] = ()
        self._over = False
        self._why_not: dict[str, str | None] = {}
        self._ref = 0
        #: The frame that answered the move being waited for ('refused' or 'update').
        self._answer: dict[str, Any] | None = None
        self._waiting_ref: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: Moves being answered (a table may make one while following another's news).
        self._acting = 0
        #: The game at the table this log belongs to (1 the first; the host may deal again).
        self.game_number = 1
        #: Called once a new game at the table has been dealt and its deal said (the host dealt again).
        self.on_new_game: Callable[[], None] | None = None
        #: The table as the server last described it, and the news of its changes.
        self.changes = TableChanges(self.human_seat, rejoined=rejoined, news=self._news, players=lambda: self.players)
        #: The chat, the seats, and the host's and the others' requests about them (``network``).
        self.talk = RemoteTalk(self, connection, self.changes)
        connection.seen = lambda: len(self.log)
        connection.game_number = lambda: self.game_number
        connection.on_frame = self._frame_arrived

    # ----------------------------------------------------------------- the loop that shows the table
    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Frames arriving from now on are taken in ``loop`` (the table's), whenever they come."""
        self._loop = loop
        loop.call_soon_threadsafe(self.pump)

    def settle(self, timeout: float = SETTLE_TIMEOUT) -> None:
        """Take the frames the server sends right after seating this terminal (where the table stands,
        then, when its game has begun, the game so far), so the terminal opens on the table as it is: a
        seat taken back in a game under way goes straight to the game, never through the lobby."""
        deadline = time.monotonic() + timeout
        while not (self.changes.table and (self.started or not self.changes.table.get("started"))):
            left = deadline - time.monotonic()
            if left <= 0 or self.connection.closed_for_good:
                return
            self.pump(timeout=min(0.1, left))

    def _frame_arrived(self) -> None:  # called in the network thread
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.pump)

    def pump(self, timeout: float | None = None) -> int:
        """Take and say every frame that has arrived (waiting up to ``timeout`` seconds for the first);
        how many were taken."""
        count = 0
        while True:
            try:
                frame = self.connection.frames.get(timeout=timeout) if timeout and not count else \
                    self.connection.frames.get_nowait()
            except queue.Empty:
                break
            self._handle(frame)
            count += 1
        if count:
            self._flush_if_settled()
            # Inside a key press (a move being answered) the app prints once when the key is done.
            if self.on_news is not None and not self._acting:
                self.on_news()
        return count

    # ----------------------------------------------------------------- frames
    def _handle(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "update":
            self._update(frame)
        elif kind == "refused":
            if self._waiting_ref is not None and frame.get("ref") == self._waiting_ref:
                self._answer = frame
            self.refuse(reason_in_frame(frame.get("why")))
        elif kind == "table":
            self._table_changed(frame)
        elif kind in TALK_FRAMES:
            self._news(*talk_line(frame, self.connection.name))
        elif kind == "error":
            code = str(frame.get("code", ""))
            self.say(nw.error_words(code, str(frame.get("message", "")), frame.get("why")), kind=Kind.SYSTEM)
            if code in FINAL_ERRORS:
                self._seat_gone(code)
        elif kind == "_lost":
            self.say(_(nw.CONNECTION_LOST), kind=Kind.SYSTEM)
            self.changes.lost()
        elif kind == "_reconnected":
            self.say(_(nw.RECONNECTED), kind=Kind.SYSTEM)
        elif kind == "_busy":
            self.say(_(nw.SERVER_BUSY), kind=Kind.SYSTEM)
        elif kind == "_closed":
            self.say(nw.error_words(str(frame.get("code") or ""), str(frame.get("message") or ""), frame.get("why")),
                     kind=Kind.SYSTEM)
            self._seat_gone(str(frame.get("code") or "") or None)

    def _seat_gone(self, code: str | None) -> None:
        """The seat is no longer this terminal's (handed over, taken up elsewhere): the table closes."""
        self.seat_lost = True
        self.lost_because = code
        if self.on_closed is not None:
            self.on_closed()

    def _update(self, frame: dict[str, Any]) -> None:
        number = int(frame.get("game_number", self.game_number))
        new_game = number != self.game_number
        if new_game:  # the host dealt again: this seat's log starts again with the new game's deal
            self.game_number = number
            self.log, self._unheard = [], []
            self.narrator = self.narrator_factory(self.human_seat, self.players)
        first = int(frame.get("seq", len(self.log)))
        events = [self.codec.event_from_data(e) for e in frame.get("events", [])]
        if first < len(self.log):  # heard already (a rejoin sends from what was seen)
            events = events[len(self.log) - first:]
        self.log.extend(events)
        if "view" in frame:
            self._view_data = frame["view"]
            self._view = None
        self._legal_data = list(frame.get("legal", []))
        self._legal = None
        self._to_act = tuple(int(s) for s in frame.get("to_act", ()))
        self._over = bool(frame.get("over", False))
        why_not = frame.get("why_not")
        self._why_not = {str(kind): None if why is None else reason_in_frame(why)
                         for kind, why in (why_not.items() if isinstance(why_not, dict) else ())}
        if not self.started:
            self.started = True
            self.narrator = self.narrator_factory(self.human_seat, self.players)
        if self._waiting_ref is not None and self._answer is None and frame.get("ref") == self._waiting_ref:
            self._answer = frame
        if not self.live:
            self._unheard.extend(events)
            return
        self._after(events)
        if new_game and self.on_new_game is not None:
            self.on_new_game()

    def _after(self, events: Sequence[Event]) -> None:
        self.announcer.new_batch()
        said = self.narrator.narrate(events)
        self.say_all(said)
        self._cues(events, said)
        for listener in list(self.listeners):
            listener(events)

    def _flush_if_settled(self) -> None:
        """Say what the narrator holds back (a computer player's draw, waiting for its discard) once no
        computer player is in the middle of a turn."""
        if not self.live:
            return
        humans = set(self.changes.table.get("humans", ()))
        if self._over or not self._to_act or all(s in humans for s in self._to_act):
            self.say_all(self.narrator.flush())

    def _news(self, text: str, kind: Kind = Kind.SYSTEM) -> None:
        self.announcer.new_batch()
        self.say(text, kind=kind)

    def _table_changed(self, frame: dict[str, Any]) -> None:
        self.changes.changed(frame)
        if not self.log:  # a seat taken at a table that has played before: its log is of this game
            self.game_number = max(self.game_number, int(frame.get("game_number", 1)))

    def _view_or_none(self) -> Any:
        try:
            return self.view()
        except (RuntimeError, ValueError):
            return None

    # ----------------------------------------------------------------- who is who
    @property
    def players(self) -> list[str]:
        view = self._view_data
        if isinstance(view, dict) and isinstance(view.get("players"), list | tuple):
            return [str(p) for p in view["players"]]
        return [str(p or "") for p in self.changes.table.get("players", [])]

    @property
    def computer_seats(self) -> list[int]:
        """None that this terminal moves on: the server's computer players move by themselves."""
        return []

    @property
    def ruleset_name(self) -> str:
        return self.game_name or str(self.changes.table.get("game", ""))

    @property
    def game_seed(self) -> int | None:
        return None  # the seed would tell the order of the stock

    @property
    def move_count(self) -> int:
        return len(self.log)

    @property
    def level(self) -> str:
        return offered_level(self.game_name, self.settings.level)

    @property
    def saves(self) -> None:
        return None

    @property
    def network(self) -> RemoteTalk:
        return self.talk

    # ----------------------------------------------------------------- the game as this seat knows it
    def view(self) -> Any:
        if self._view is None:
            if self._view_data is None:
                raise RuntimeError("the game has not begun")
            self._view = view_from_frame(self.codec, self._view_data, self.log)
        return self._view

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = [self.codec.action_from_data(a) for a in self._legal_data]
        return list(self._legal)

    def seats_to_act(self) -> tuple[int, ...]:
        return self._to_act

    @property
    def over(self) -> bool:
        return self._over

    @property
    def my_turn(self) -> bool:
        return not self._over and self.human_seat in self._to_act

    @property
    def bots_to_move(self) -> bool:
        return False

    @property
    def waiting(self) -> bool:
        return False

    # ----------------------------------------------------------------- acting
    def refused_now(self, kind: str | type[Action]) -> bool:
        name = kind if isinstance(kind, str) else kind.kind
        reason = self._why_not.get(name)
        if reason is None:
            return False
        self.refuse(reason)
        return True

    def act(self, action: Action) -> bool:
        """Send the move and wait for the server's answer: True once it is applied (its news said),
        False when refused (the reason said) or when the connection is down."""
        self._acting += 1
        try:
            return self._act(action)
        finally:
            self._acting -= 1

    def _act(self, action: Action) -> bool:
        self.pump()  # news that came before this key first, in order
        self._ref += 1
        ref = self._ref
        if not self.connection.send({"type": "act", "ref": ref, "action": action_to_data(action)}):
            self.say(_(nw.CONNECTION_LOST), kind=Kind.SYSTEM)
            return False
        self._waiting_ref, self._answer = ref, None
        deadline = time.monotonic() + ACT_TIMEOUT
        try:
            while self._answer is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    self.say(_(nw.NO_ANSWER), kind=Kind.SYSTEM)
                    return False
                try:
                    frame = self.connection.frames.get(timeout=left)
                except queue.Empty:
                    continue
                self._handle(frame)
                if frame.get("type") in ("_lost", "_closed", "error"):  # said; the move is not made
                    return False
        finally:
            self._waiting_ref = None
        answer, self._answer = self._answer, None
        if self.put_out is not None:  # the player's own move first, then the news that came after it
            self.put_out()
        self.pump()
        self._flush_if_settled()  # the answer itself was taken above, not by pump
        applied = answer.get("type") == "update"
        if applied:
            self.changes.say_waiting(my_turn=self.my_turn, to_move=getattr(self._view_or_none(), "to_move", None))
        return applied

    def step(self) -> bool:
        return False

    #: Nothing is taken back at a table with other people: the same key says so (see :meth:`undo`).
    undos = 0

    def undo(self) -> Action | None:
        """Ctrl+Z at a network table: refused with one clear line. The others have seen the move, and
        only the server holds the game; undo is for a table with no other person."""
        from speech.undo_words import NETWORK

        self.say(_(NETWORK), kind=Kind.SYSTEM, urgent=True)
        return None

    def advance(self) -> None:
        self.pump()

    # ----------------------------------------------------------------- saving and games
    def autosave(self) -> None:
        """The server saves the table after every move."""

    def save_now(self) -> None:
        self.say(_(nw.KEPT_BY_SERVER), kind=Kind.SYSTEM)

    def save_to(self, store: Any) -> None:
        raise OSError(_(nw.KEPT_BY_SERVER))

    def new_game(self, seed: int) -> None:
        """Play again at this table: the host asks the server to deal a new game to the same seats (the
        seed is the server's: it alone knows the stock); anyone else is told the host does it."""
        if not self.talk.is_host:
            self.say(_(nw.HOST_DEALS_AGAIN), kind=Kind.SYSTEM)
            return
        if not self.connection.send({"type": "again"}):
            self.say(_(nw.CONNECTION_LOST), kind=Kind.SYSTEM)

    def start(self) -> None:
        """The table is shown: say the game so far (the deal), then follow it as it goes."""
        self.live = True
        events, self._unheard = self._unheard, []
        self._after(events)
        self.pump()
        self._flush_if_settled()

    def resume(self) -> None:
        """Back at a game in progress (a restarted terminal): what came before is read silently, so the
        narrator knows the hand; the table's opening says where the game stands."""
        events, self._unheard = self._unheard, []
        self.narrator.narrate(events)
        self.narrator.flush()
        self.live = True
        self.pump()

    def close(self) -> None:
        self.connection.close()


class _Unstarted:
    """The narrator before the game has begun (the players are not known yet): says nothing."""

    verbosity: Any = None

    def narrate(self, events: Sequence[Event]) -> list[Any]:
        return []

    def flush(self) -> list[Any]:
        return []
