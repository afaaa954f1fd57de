"""A browser page at a web table, and what the server sent it: the tests read every frame the page's
socket received (Playwright's view of the real socket), so they can hold the page's log to the lines
the server sent, and tell when a hand is over by the terminal's own cue."""

from __future__ import annotations

import json
import time
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, WebSocket

from speech.web_page_words import page_words

#: The longest a whole hand may take in the tests (a busy 2-core machine; a hand takes seconds alone).
HAND_SECONDS = 150.0
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


#: Seconds between two key presses at the least (about twelve a second).
KEY_INTERVAL = 0.08


class Table:
    """One page, opened at an address of the served web table, with the frames its socket received."""

    def __init__(self, browser: Browser, url: str, *, name: str | None = None, **context: Any) -> None:
        self.context = browser.new_context(**context)
        self.page: Page = self.context.new_page()
        self.frames: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.page.on("websocket", self._watch)
        self.page.goto(url)
        if name is not None:  # a browser that never sat anywhere is asked its name first
            self.page.get_by_label(page_words(self.page.evaluate("document.documentElement.lang"))["name"]).first \
                .fill(name)
            self.page.keyboard.press("Enter")
        self.page.wait_for_selector("#log .line", timeout=30_000)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", lambda frame: self.frames.append(json.loads(frame)))
        ws.on("framesent", lambda frame: self.sent.append(json.loads(frame)))

    def close(self) -> None:
        self.context.close()

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [frame for frame in list(self.frames) if frame["type"] == kind]

    def sent_lines(self) -> list[str]:
        """Every line the server sent this page, in order (an error's words are a line of the log too;
        the history of a seat taken back comes before them)."""
        lines: list[str] = []
        for frame in list(self.frames):
            if frame["type"] in ("lines", "history"):
                lines.extend(frame["lines"])
            elif frame["type"] == "error":
                lines.append(frame["text"])
        return lines

    def log_lines(self, part: str = "#log") -> list[str]:
        """The log's lines (``#live``: only those of the live region, ``#earlier``: the history's)."""
        return list(self.page.locator(f"{part} .line").all_text_contents())

    def hand_over(self) -> bool:
        return any("hand_end" in frame["cues"] for frame in self.of_type("cues"))

    def prompt(self) -> str:
        prompts = self.of_type("prompt")
        return str(prompts[-1]["text"]) if prompts else ""

    def settle(self, quiet: float = 0.3, most: float = 10.0) -> None:
        """Wait until no frame has come for ``quiet`` seconds (the computer players have moved)."""
        end = time.monotonic() + most
        seen = -1
        while time.monotonic() < end:
            if len(self.frames) == seen:
                return
            seen = len(self.frames)
            self.page.wait_for_timeout(quiet * 1000)

    def wait_for_frames(self, count: int, seconds: float = 10.0) -> bool:
        end = time.monotonic() + seconds
        while len(self.frames) <= count and time.monotonic() < end:
            self.page.wait_for_timeout(20)
        return len(self.frames) > count

    def keys_until_hand_over(self, key: str = "Shift+N") -> int:
        """Press ``key`` (do what the hint says) in the focused place until the hand is over; the presses."""
        presses = 0
        end = time.monotonic() + HAND_SECONDS
        while not self.hand_over():
            assert time.monotonic() < end, f"the hand did not end; last lines: {self.sent_lines()[-8:]}"
            before = len(self.frames)
            pressed = time.monotonic()
            self.page.keyboard.press(key)
            presses += 1
            self.wait_for_frames(before, 5.0)
            # a quick player's pace, under the server's message rate (20 a second): an answer can come
            # in a few milliseconds, and a key pressed at once on every answer would be flooding
            time.sleep(max(0.0, KEY_INTERVAL - (time.monotonic() - pressed)))
        return presses

    def axe(self) -> list[str]:
        """axe-core's violations on the page as it is now, one line each."""
        result = Axe().run(self.page)
        return [f"{v['id']}: {v['help']} ({len(v['nodes'])})" for v in result.response["violations"]]
