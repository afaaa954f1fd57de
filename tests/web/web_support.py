"""A browser of the web table as the tests drive it: a real ``websockets`` client speaking the ``/web``
channel to a real server on loopback (an ``access-game serve`` process, or the in-process server of
tests/net/client_support.py), keeping every frame it is sent.

``Browser`` is synchronous on purpose: its socket is read by a thread of its own (as a page's socket is
read whatever the player does), so a test sends a frame and then waits for what it expects, as a
player waits to hear it. ``play_hand`` chooses keys the way the golden drivers and the no-English test
do: the hint's move (Shift+N), N to every yes-or-no question.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.sync.client import connect

__all__ = ["Browser", "ServerThread", "computers_for", "play_hand", "waiting_prompt", "web_games"]


def web_games() -> list[str]:
    """Every game of the catalog with a table: all of them are played in the browser (network games
    at a server's table, a game for one, solitaire, by the seat's hosted terminal alone)."""
    from access_game.catalog import games

    return [entry.name for entry in games() if entry.table is not None]


def computers_for(game: str) -> int:
    """The computer players a quick-play table of ``game`` is asked with: one, none for a game for one."""
    from access_game.catalog import network_games

    return 1 if game in network_games() else 0


class Browser:
    """One page's socket at ``url``/web (see the module's docstring)."""

    def __init__(self, url: str, *, origin: str | None = None, headers: dict[str, str] | None = None,
                 ssl: Any = None) -> None:
        extra: dict[str, Any] = {"origin": origin} if origin is not None else {}
        if ssl is not None:
            extra["ssl"] = ssl
        if headers:
            extra["additional_headers"] = headers
        # Open for the browser's whole life (closed by ``close``), as a page's socket is.
        self.ws = connect(url.rstrip("/") + "/web", proxy=None, **extra).__enter__()
        self.frames: list[dict[str, Any]] = []
        self.lines: list[str] = []
        self.cues: list[str] = []
        self.prompt = ""
        self.state: dict[str, Any] = {}
        self.token: str | None = None
        self.closed = False
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            while True:
                frame = json.loads(self.ws.recv())
                with self._changed:
                    self.frames.append(frame)
                    kind = frame.get("type")
                    if kind == "lines":
                        self.lines.extend(frame["lines"])
                    elif kind == "cues":
                        self.cues.extend(frame["cues"])
                    elif kind == "prompt":
                        self.prompt = frame["text"]
                    elif kind == "state":
                        self.state = frame
                    elif kind == "seated":
                        self.token = frame["token"]
                    self._changed.notify_all()
        except Exception:
            pass
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def send(self, kind: str, **fields: Any) -> None:
        self.ws.send(json.dumps({"type": kind, **fields}))

    def send_raw(self, text: str | bytes) -> None:
        self.ws.send(text)

    def key(self, key: str) -> None:
        self.send("key", key=key)

    def wait(self, what: Callable[[Browser], bool], timeout: float = 20.0, message: str = "") -> None:
        """Until ``what`` holds (AssertionError, with the last lines, when it does not in time)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not what(self):
                left = deadline - time.monotonic()
                if left <= 0 or (self.closed and not what(self)):
                    raise AssertionError(f"{message or 'waited in vain'}; last lines: {self.lines[-8:]}; "
                                         f"prompt {self.prompt!r}; closed {self.closed}")
                self._changed.wait(min(left, 0.5))

    def quiet(self, seconds: float = 0.4, most: float = 20.0) -> None:
        """Until no frame has come for ``seconds`` (a computer player's move, news still arriving)."""
        deadline = time.monotonic() + most
        while time.monotonic() < deadline:
            count = len(self.frames)
            time.sleep(seconds)
            if len(self.frames) == count:
                return

    def errors(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == "error"]

    def close(self) -> None:
        self.ws.close()
        self._reader.join(timeout=10)


def waiting_prompt(prompt: str, lang: str = "en") -> bool:
    """Whether the prompt says the table waits for someone else (the word 'wait' of the language)."""
    from speech.i18n import in_language, pgettext

    with in_language(lang):
        word = pgettext("prompt", "wait")
    return prompt.startswith(word)


def play_hand(browser: Browser, *, lang: str = "en", most_keys: int = 400, on_key: Callable[[str], None] | None = None,
              until: Callable[[Browser], bool] | None = None) -> list[str]:
    """Keys until a hand ends (its cue, 'hand_end'; or the seat has left the table): the hint's move on
    the player's turn, N to a yes-or-no question, Escape out of a menu left open; the keys pressed."""
    done = until or (lambda b: "hand_end" in b.cues or b.state.get("where") == "left")
    pressed: list[str] = []
    browser.wait(lambda b: bool(b.prompt), message="no prompt came")
    while not done(browser):
        assert len(pressed) < most_keys, f"no hand's end within {most_keys} keys; last lines {browser.lines[-10:]}"
        browser.wait(lambda b: done(b) or not waiting_prompt(b.prompt, lang) or bool(b.state.get("question")),
                     timeout=60, message="the table waited for ever")
        browser.quiet(0.15)
        if done(browser):
            break
        question = browser.state.get("question")
        if waiting_prompt(browser.prompt, lang) and not question:  # news still coming when it was looked at
            continue
        key = "N" if not question else "n" if question.get("kind") == "yes_no" else "escape"
        count = len(browser.frames)
        browser.key(key)
        pressed.append(key)
        if on_key is not None:
            on_key(key)
        browser.wait(lambda b, c=count: len(b.frames) > c, message=f"no answer to {key}")
    return pressed


class ServerThread:
    """A table server of this process (``tables``: access_game.net.server.TableServer or a test's own
    kind of it) listening on loopback in a thread of its own, so a test can look into it while its
    browsers, sync, wait for what they expect. ``call`` runs a function in the server's loop."""

    def __init__(self, tables: Any) -> None:
        import asyncio

        self.tables = tables
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.url = ""
        self._server: Any = None

    def __enter__(self) -> ServerThread:
        import asyncio

        from access_game.net.serving import start_server

        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(start_server(self.tables, "127.0.0.1", 0), self.loop).result(10)
        port = next(iter(self._server.sockets)).getsockname()[1]
        self.url = f"ws://127.0.0.1:{port}"
        return self

    def call(self, fn: Callable[[], Any]) -> Any:
        import asyncio

        async def run() -> Any:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def __exit__(self, *exc: object) -> None:
        import asyncio

        async def down() -> None:
            self.tables.stopping = True
            self._server.close()
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(down(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
