"""The lobby of a server at the terminal: ``access-game online``.

The same one-line pattern as the table (access_game.ui.app): a short prompt at the bottom, every line
printed whole above it, spoken and shown on the braille display by the same outputs as at the table
(access_game.ui.terminal_output), and kept in the same message history (Page Up, Page Down). Up and
Down step through the list (access_game.online.lobby_list); Enter acts on the item; a typed line (chat, a
private message, a table code, the set-up of a new table) is a text entry on the prompt line, as the
table's chat is.

The lobby's connection lives in a background thread (access_game.online.client.Connection); each frame is
taken in the app's own loop. Taking a seat ends the app with what to ask the server for: the command
then opens the table exactly as ``host`` and ``join`` do, and comes back to the lobby when it is left.
Watching a table happens here, on the lobby's connection: the game is narrated to a listener who holds
no seat, from the events every seat may see (access_game.online.lobby_watch). The frames that are only
lines (chat, presence, messages, accounts) are worded by access_game.online.lobby_lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout
from prompt_toolkit.layout.containers import Window
from prompt_toolkit.layout.controls import FormattedTextControl

from access_game.net.limits import MAX_CHAT_CHARS
from access_game.net.protocol import read_code
from access_game.online.client import Connection
from access_game.online.lobby_lines import LINE_FRAMES, frame_lines
from access_game.online.lobby_list import Item, LobbyList, game_title
from access_game.online.lobby_watch import WatchedTable
from access_game.ui.answers import answer
from access_game.ui.lobby_keys import LOBBY_KEYS, WATCHING_ONLY
from access_game.ui.text_entry import TextEntry
from speech import lobby_words as lw
from speech import net_words as nw
from speech.i18n import N_, _, pgettext
from speech.utterance import Kind

__all__ = ["LOBBY_KEYS", "WATCHING_ONLY", "LobbyApp", "Outcome"]

#: Seconds the lobby waits for the server's list before its prompt is drawn.
OPENING_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the lobby ended: ``seat`` is the message asking for a seat (create or join) to open the table
    with, None when the player left; ``status`` the exit status."""

    seat: dict[str, Any] | None = None
    code: str | None = None
    status: int = 0


class YesNo:
    """A question answered by the language's letters or Y and N on the prompt line (Escape cancels)."""

    prompt = N_("y/n")
    typed = ""

    def __init__(self, question: str, say: Callable[[str], None], on_answer: Callable[[bool], None]) -> None:
        self.question = question
        self.say = say
        self.on_answer = on_answer
        self.closed = False
        self.pending: Callable[[], None] | None = None

    def opening(self) -> str:
        return self.question

    def handle(self, key: str) -> None:
        said = answer(key.lower()) if len(key) == 1 else None
        if said is not None:
            self.closed = True
            self.pending = lambda: self.on_answer(said)
        elif key in ("escape", "c-c"):
            self.closed = True
            self.say(_(nw.CHAT_CANCELLED))
        else:
            self.say(self.question)


class LobbyApp:
    """The list, the messages and a table being watched, on one connection (see the module docstring)."""

    def __init__(self, connection: Connection, outputs: Any, server: str, *, input: Input | None = None,
                 output: Any = None) -> None:
        self.connection = connection
        self.outputs = outputs
        self.server = server
        self.list = LobbyList()
        self.mode: TextEntry | YesNo | None = None
        self.outcome = Outcome()
        self.muted: set[str] = set()
        #: The table watched, if any (its code, game, players and the narrator of its events).
        self.watched = WatchedTable(self.say, outputs)
        self._opened = False
        self._filter = 0
        #: Called with each key name before it is handled (the bench times key to line with it).
        self.key_listeners: list[Callable[[str], None]] = []
        self.application: Application[int] = Application(
            layout=Layout(Window(FormattedTextControl(self._prompt, focusable=True, show_cursor=True),
                                 height=1, dont_extend_height=True)),
            key_bindings=self._bindings(), full_screen=False, mouse_support=False, input=input,
            output=output if output is not None else outputs.printer.output, erase_when_done=True)
        self.application.ttimeoutlen = 0.05
        self.application.timeoutlen = 0.1
        outputs.printer.app = self.application

    @property
    def watching(self) -> str | None:
        """The code of the table watched (None: the list is shown)."""
        return self.watched.code

    # ----------------------------------------------------------------- saying
    def say(self, text: str, kind: Kind = Kind.SYSTEM) -> None:
        """One whole line above the prompt, spoken and brailled, kept in the message history."""
        self.outputs.announcer.announce(text, kind, urgent=True)

    def _prompt(self) -> StyleAndTextTuples:
        if self.mode is not None:
            typed = self.mode.typed
            prompt = _(self.mode.prompt)  # kept in English (marked N_), said in the language of now
            text = f"{prompt}> {typed} " if typed else f"{prompt}> "
        else:
            text = (pgettext("prompt", "watching") if self.watching is not None else pgettext("prompt", "lobby")) + "> "
        return [("", text[:-1]), ("[SetCursorPosition]", text[-1:])]

    # ----------------------------------------------------------------- running
    async def run_async(self) -> Outcome:
        loop = asyncio.get_running_loop()

        def on_frame() -> None:
            loop.call_soon_threadsafe(self._take_frames)

        self.connection.on_frame = on_frame
        for frame in ({"type": "games"}, {"type": "tables", "watch": True}, {"type": "history", "channel": "lobby"}):
            self.connection.send(frame)
        # The opening (how many tables, the first item) is printed before the prompt is first drawn: a
        # prompt drawn and then erased for it would still be read out by a screen reader.
        deadline = loop.time() + OPENING_SECONDS
        while not self._opened and self.outcome.status == 0 and loop.time() < deadline:
            self._take_frames()
            await asyncio.sleep(0.01)
        if self.outcome.status:
            return self.outcome
        try:
            await self.application.run_async()
        finally:
            self.connection.on_frame = None
        return self.outcome

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        if self.application.is_running:
            self.application.exit(result=outcome.status)

    def _flush(self) -> None:
        self.outputs.printer.flush()
        if self.application.is_running:
            self.application.invalidate()

    # ----------------------------------------------------------------- keys
    def _bindings(self) -> KeyBindings:
        kb = KeyBindings()

        @kb.add(Keys.Any)
        def _any(event: KeyPressEvent) -> None:
            self.key(event.key_sequence[0].key if isinstance(event.key_sequence[0].key, str)
                     else event.key_sequence[0].key.value, event.data)

        for name in ("up", "down", "home", "end", "enter", "escape", "pageup", "pagedown", "c-home", "c-end",
                     "backspace", "f1", "c-c", "space"):
            kb.add(name, eager=name == "escape")(self._named(name))
        return kb

    def _named(self, name: str) -> Callable[[KeyPressEvent], None]:
        def handle(event: KeyPressEvent) -> None:
            self.key(name, "")

        return handle

    def key(self, name: str, data: str) -> None:
        """One key: to the open question or entry first, else the lobby's own keys."""
        key = data if len(data) == 1 and data.isprintable() and name not in ("space",) else name
        for listener in self.key_listeners:
            listener(key)
        announcer = self.outputs.announcer
        announcer.new_batch()  # the answer to this key is never dropped as a repeat of an earlier line
        silence = getattr(announcer, "silence", None)
        if callable(silence):
            silence()  # a key press interrupts the voice, as at the table
        if self.mode is not None:
            mode = self.mode
            mode.handle(key)
            if mode.closed:
                self.mode = None
                if mode.pending is not None:
                    mode.pending()
            self._flush()
            return
        action = self._keys().get(key)
        if action is not None:
            action()
        self._flush()

    def _keys(self) -> dict[str, Callable[[], None]]:
        history = self.outputs.announcer.history
        keys: dict[str, Callable[[], None]] = {
            "pageup": lambda: self._reread(history.older()),
            "pagedown": lambda: self._reread(history.newer()),
            "c-home": lambda: self._reread(history.oldest()),
            "c-end": lambda: self._reread(history.newest()),
            "l": lambda: self._reread(self.outputs.announcer.repeat_last()),
            "f": self._history_filter,
            "f1": lambda: self.say(_(lw.WATCHING_HELP if self.watching else lw.HELP)),
            "?": lambda: self.say(_(lw.WATCHING_HELP if self.watching else lw.HELP)),
            "/": self._chat,
            "T": self._tell,
            "M": self._mute,
            "p": lambda: self._send({"type": "who"}),
            "D": self._leaderboard,
            "R": lambda: self._send({"type": "record"}),
            "c-c": lambda: self._end(Outcome()),
        }
        if self.watching is not None:
            keys["escape"] = self._stop_watching
            keys["q"] = self._stop_watching
            keys["s"] = self.watched.scores
            return keys
        keys.update({
            "up": lambda: self.say(self.list.move(-1)),
            "down": lambda: self.say(self.list.move(1)),
            "home": lambda: self.say(self.list.first()),
            "end": lambda: self.say(self.list.last()),
            "enter": self._act,
            "E": self._watch_current,
            "q": lambda: self._end(Outcome()),
        })
        return keys

    def _history_filter(self) -> None:
        """F, as at the table: the history shows everything, or one kind (the messages of others: chat)."""
        from access_game.ui.core_commands import HISTORY_FILTERS

        self._filter = (self._filter + 1) % len(HISTORY_FILTERS)
        self.outputs.announcer.history.set_filter(HISTORY_FILTERS[self._filter])

    def _send(self, frame: dict[str, Any]) -> None:
        self.connection.send(frame)

    def _reread(self, utterance: Any) -> None:
        if utterance is None:
            self.say(lw.no_history())

    def _open(self, mode: TextEntry | YesNo) -> None:
        self.mode = mode
        self.say(mode.opening())

    def _entry(self, opening: str, on_text: Callable[[str], None], prompt: str = "say",
               limit: int = MAX_CHAT_CHARS) -> None:
        self._open(TextEntry(opening, self.say, on_text=on_text, cancelled=_(nw.CHAT_CANCELLED), prompt=prompt,
                             limit=limit))

    # ----------------------------------------------------------------- the list's items
    def _act(self) -> None:
        item = self.list.current()
        if item is None:
            return
        if item.kind == "code":
            self._entry(_(lw.CODE_QUESTION), self._join_code, prompt=N_("code"), limit=20)
        elif item.kind == "seat":  # the account's own seat: taken back without a token
            self._end(Outcome({"type": "rejoin", "code": item.key}, item.key))
        elif item.kind == "game":
            self._set_up(item)
        elif item.joinable:
            self._end(Outcome({"type": "join", "code": item.key}, item.key))
        elif item.watchable:
            self._watch(item.key)
        else:
            self.say(lw.table_gone())

    def _join_code(self, text: str) -> None:
        code = read_code(text)
        if code is None:
            self.say(nw.no_table_code(text))
            return
        self._end(Outcome({"type": "join", "code": code}, code))

    def _set_up(self, item: Item) -> None:
        """A new table of the item's game: the players, the computer players, listed or by code."""
        low, high = (int(n) for n in item.data["players"])
        low = max(2, low)
        levels = list(item.data.get("levels") or ())
        settings = self.outputs.settings
        level = settings.level if settings.level in levels else (levels[-1] if levels else "normal")

        def seats(text: str) -> None:
            if not text.isdigit() or not low <= int(text) <= high:
                self.say(lw.seats_question(low, high))
                return
            count = int(text)
            self._entry(lw.computers_question(count - 1), lambda t: computers(count, t), prompt=N_("computers"),
                        limit=2)

        def computers(count: int, text: str) -> None:
            if not text.isdigit() or not 0 <= int(text) < count:
                self.say(lw.computers_question(count - 1))
                return
            self._open(YesNo(_(lw.PUBLIC_QUESTION), self.say, lambda public: create(count, int(text), public)))

        def create(count: int, computers: int, public: bool) -> None:
            import secrets

            from access_game.catalog import game
            from engine.game import Game

            # The rule options are the player's settings, as for `host`; the first dealer is drawn here
            # when they say 'random', and a remembered choice that does not fit this table gives way to
            # the rules' defaults.
            entry = game(item.key)
            seed = secrets.randbits(31)
            options = entry.rule_options(settings.rule_options(entry.name), count, seed)
            try:
                Game.new(entry.ruleset, [f"p{i}" for i in range(count)], seed=seed, options=options)
            except (ValueError, TypeError):
                options = entry.rule_options({}, count, seed)
            self._end(Outcome({"type": "create", "game": item.key, "seats": count, "computers": computers,
                               "level": level, "options": options, "public": public}))

        self.say(lw.new_table(_(str(item.data["title"]))))
        if low == high:  # one number of players: said, not asked
            self.say(lw.fixed_seats(low))
            seats(str(low))
            return
        self._entry(lw.seats_question(low, high), seats, prompt=N_("players"), limit=2)

    # ----------------------------------------------------------------- accounts
    def _leaderboard(self) -> None:
        """D: the leaderboard of the game of the item the cursor is on, or of the first game."""
        item = self.list.current()
        game = None
        if item is not None:
            game = item.key if item.kind == "game" else item.data.get("game")
        if not game:
            game = next((i.key for i in self.list.items() if i.kind == "game"), None)
        if game:
            self._send({"type": "leaderboard", "game": str(game)})

    # ----------------------------------------------------------------- chat
    def _chat(self) -> None:
        if self.watching is not None:
            self._entry(_(nw.CHAT_OPENING), lambda text: self._send({"type": "chat", "text": text}))
        else:
            self._entry(_(lw.CHAT_OPENING), self._said)

    def _said(self, text: str) -> None:
        """A line to everyone; an administrator's line may be an act of moderation instead:
        '/ban NAME', '/ban-address NAME' (the addresses it connects from too), '/unban NAME',
        '/close CODE', '/broadcast TEXT'."""
        word, _space, rest = text.partition(" ")
        rest = rest.strip()
        if word in ("/ban", "/ban-address", "/unban") and rest:
            self.connection.send({"type": "ban", "name": rest, "address": word == "/ban-address",
                                  "on": word != "/unban"})
        elif word == "/close" and rest and read_code(rest):
            self.connection.send({"type": "close", "code": read_code(rest)})
        elif word == "/broadcast" and rest:
            self.connection.send({"type": "broadcast", "text": rest})
        else:
            self.connection.send({"type": "say", "text": text})

    def _tell(self) -> None:
        def who(name: str) -> None:
            # What was said with them before (the server keeps the last lines) comes first.
            self._send({"type": "history", "channel": "private", "with": name})
            self._entry(_(lw.TELL_OPENING), lambda text: self._send({"type": "tell", "to": name, "text": text}),
                        prompt=N_("tell"))

        self._entry(_(lw.TELL_WHO), who, prompt=N_("to"), limit=40)

    def _mute(self) -> None:
        def toggle(name: str) -> None:
            self.connection.send({"type": "mute", "name": name, "on": name not in self.muted})

        self._entry(_("Mute or unmute: type the name, Enter."), toggle, prompt=N_("mute"), limit=40)

    # ----------------------------------------------------------------- watching
    def _watch_current(self) -> None:
        item = self.list.current()
        if item is not None and item.kind == "code":  # a table known by its code: watched by it
            self._entry(_(lw.WATCH_CODE_QUESTION), self._watch_code, prompt=N_("code"), limit=20)
        elif item is not None and item.watchable:
            self._watch(item.key)
        else:
            self.say(lw.error_words("not_watchable", ""))

    def _watch_code(self, text: str) -> None:
        code = read_code(text)
        if code is None:
            self.say(nw.no_table_code(text))
            return
        self._watch(code)

    def _watch(self, code: str) -> None:
        self.connection.send({"type": "watch", "code": code})

    def _stop_watching(self) -> None:
        self.connection.send({"type": "leave"})
        self.watched.stop()
        self.connection.send({"type": "tables", "watch": True})
        self.say(lw.watching_ended())

    # ----------------------------------------------------------------- frames
    def _take_frames(self) -> None:
        while True:
            try:
                frame = self.connection.frames.get_nowait()
            except queue.Empty:
                break
            with contextlib.suppress(KeyError, TypeError, ValueError):
                self._frame(frame)
        self._flush()

    def _frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "games":
            self.list.set_games(frame["games"])
        elif kind == "tables":
            self.list.set_tables(frame["tables"])
            if not self._opened:
                self._opened = True
                self.say(lw.lobby_opened(self.server, self.list.open_tables))
                self.say(self.list.line())
        elif kind == "listed":
            entry = frame["table"]
            new = str(entry["code"]) not in self.list.tables
            self.list.listed(entry)
            host = entry.get("host")
            if new and host and host != self.connection.name and not entry.get("started"):
                self.say(lw.table_opened(str(host), game_title(str(entry.get("game", "")))), Kind.OTHERS)
        elif kind == "unlisted":
            if self.list.unlisted(str(frame["code"])) and self.watching is None:
                self.say(lw.table_gone())
        elif kind in LINE_FRAMES:
            if kind == "signed_in":
                self.list.set_seats(frame["seats"])
            for line, line_kind in frame_lines(frame, self.connection.name):
                self.say(line, line_kind)
        elif kind == "muted":
            names = {str(n) for n in frame["names"]}
            for name in names - self.muted:
                self.say(lw.muted(name))
            for name in self.muted - names:
                self.say(lw.unmuted(name))
            self.muted = names
        elif kind == "error":
            code = str(frame.get("code", ""))
            self.say(lw.error_words(code, str(frame.get("message", "")), frame.get("why")))
            if code == "closed" and self.watching is not None:
                self.watched.code = None
                self.connection.send({"type": "tables", "watch": True})
            elif code in ("banned", "protocol_version"):  # the server closes the connection: the lobby ends
                self._end(Outcome(status=1))
        elif kind == "_closed":
            self.say(nw.no_server(self.server, lw.error_words(str(frame.get("code") or ""), "")))
            self._end(Outcome(status=1))
        else:
            self.watched.frame(frame)

