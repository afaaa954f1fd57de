"""A table watched from the lobby: the game narrated to a listener who holds no seat, from the events
every seat may see (``watch_update``), with the table's chat and, on S, the scores so far.

Kept apart from the lobby's application (access_game.online.lobby_app), which asks the server to watch
and to stop, and hands this every frame of the table watched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from access_game.net.protocol import game_codec, show_code
from speech import lobby_words as lw
from speech import net_words as nw
from speech.i18n import _
from speech.utterance import Kind

__all__ = ["WatchedTable"]


class WatchedTable:
    """The table watched (``code``, None when none is) and what is said of it; ``say`` puts a line above
    the lobby's prompt, ``outputs`` are the lobby's (its settings and announcer)."""

    def __init__(self, say: Callable[[str, Kind], None], outputs: Any) -> None:
        self._say = say
        self._outputs = outputs
        self.code: str | None = None
        self.game = ""
        self._players: list[str] = []
        self._seen = 0
        self._narrator: Any = None
        #: What every seat sees of the game watched (its last watch_update).
        self._public: dict[str, Any] = {}

    def stop(self) -> None:
        """Back to the list: nothing is watched."""
        self.code = None
        self._narrator = None

    def frame(self, frame: dict[str, Any]) -> None:
        """A frame of watching: the table watched (``watching``), its seats, its chat, its game."""
        kind = frame.get("type")
        if kind == "watching":
            from access_game.catalog import game

            self.code = str(frame["code"])
            self.game = str(frame["game"])
            self._seen = 0
            self._narrator = None
            self._public = {}
            self._say(lw.watching(_(game(self.game).title), show_code(self.code)), Kind.SYSTEM)
        elif kind == "table" and self.code is not None:
            self._players = [str(p or "?") for p in frame["players"]]
        elif kind == "chat" and self.code is not None:
            name, text = str(frame["name"]), str(frame["text"])
            line = nw.chat_line(name, text) if frame.get("seat") is not None else lw.spectator_chat(name, text)
            self._say(line, Kind.OTHERS)
        elif kind == "watch_update" and self.code is not None:
            self._watched(frame)

    def _watched(self, frame: dict[str, Any]) -> None:
        """Narrate what every seat saw happen, to a listener who holds no seat."""
        from access_game.ui.speech_link import make_narrator

        codec = game_codec(self.game)
        if codec is None:
            return
        first = int(frame["seq"])
        events = [codec.event_from_data(e) for e in frame["events"]]
        if first < self._seen:
            events = events[self._seen - first:]
        self._seen = max(self._seen, first + len(frame["events"]))
        self._public = dict(frame["public"])
        if self._narrator is None:
            players = list(frame["public"].get("players") or self._players)
            self._narrator = make_narrator(-1, players, self._outputs.settings, game=self.game)
        announcer = self._outputs.announcer
        for utterance in [*self._narrator.narrate(events), *self._narrator.flush()]:
            announcer.announce(utterance)

    def scores(self) -> None:
        """S, as at the table: the totals so far, from what every seat sees of the game."""
        from speech import table_words as tw

        public = self._public
        totals = public.get("totals")
        if not isinstance(totals, list) or not totals:
            self._say(lw.no_scores(), Kind.SYSTEM)
            return
        players = [str(p) for p in public.get("players") or self._players]
        given = public.get("scores")
        scores: list[list[int]] = ([[n for n in row if isinstance(n, int)] for row in given if isinstance(row, list)]
                                   if isinstance(given, list)
                                   else [[] for _p in players])
        self._say(tw.scores_short_words(players, scores, [int(t) for t in totals], listener=-1), Kind.SYSTEM)
