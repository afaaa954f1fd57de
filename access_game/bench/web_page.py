"""Figures of the web table: ``python -m access_game.bench.web_page``.

Starts a real ``access-game serve`` on a free loopback port and drives Debian's Chromium through
Playwright (``/usr/bin/chromium``, never a downloaded browser), then prints:

- the bytes transferred for the lobby page and for a table (everything the browser fetched over HTTP,
  headers included, as Chromium's network log counts them; the socket's frames are not pages);
- the time from opening a quick-play link to the table's first line in the message log, over N
  openings (median, p99);
- the time from a key (Shift+N, the hint's move, at the player's turn) to the player's own line in
  the log, over N keys (median, p99);
- axe-core's violations on the lobby and, with ``--states``, on each table state the tests check.

Times are taken inside the page (performance.now() against the key event's own time stamp and the
navigation's start), so Playwright's own round trips are not in them. The tests in tests/web use the
same server process and browser (``Serve``, ``launch``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from access_game.bench.figures import percentile

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "LINE_WATCH", "UNLIMITED", "Serve", "axe_table_states", "launch", "main",
           "transferred", "wait_until"]

#: Debian's Chromium: the tests and figures never download a browser of their own.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run")
#: Every table of the figures and tests comes from one address (loopback): the limits per address, made
#: for the public, are lifted (docs/online.md), so that the hundredth table is timed like the first.
UNLIMITED = ("--tables-per-minute", "0", "--joins-per-minute", "0", "--connections-per-address", "0")
_SERVING = re.compile(r"Serving on (wss?)://([^\s]+)")
#: Kept in each page before its own code runs (Playwright's init script is not the page's and the
#: Content-Security-Policy does not apply to it): when each line reached the log, and when each key
#: went down, in the page's own clock.
LINE_WATCH = """
window.__webBench = {lines: [], keys: [], cues: []};
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("open", () => { window.__webBench.opened = performance.now(); });
    this.addEventListener("message", (e) => {
      const frame = JSON.parse(e.data);
      if (frame.type === "cues") window.__webBench.cues.push(...frame.cues);
    });
  }
};
document.addEventListener("keydown", (e) => window.__webBench.keys.push(e.timeStamp), true);
new MutationObserver((changes) => {
  const now = performance.now();
  for (const change of changes) for (const node of change.addedNodes)
    if (node.classList && node.classList.contains("line")) window.__webBench.lines.push([now, node.textContent]);
}).observe(document, {childList: true, subtree: true});
"""


class Serve:
    """``access-game serve`` on a free loopback port, its tables in a folder of its own; ``base`` is the
    address pages are opened at (http:// or https://)."""

    def __init__(self, *args: str, data: Path | None = None) -> None:
        self._temp = tempfile.TemporaryDirectory(prefix="web-serve-")
        self.data = data or Path(self._temp.name) / "tables"
        self.args = args
        self.proc: subprocess.Popen[str] | None = None
        self.base = ""
        self.log = Path(self._temp.name) / "serve.log"

    def __enter__(self) -> Serve:
        env = {**os.environ, "ACCESS_GAME_HOME": self._temp.name, "PYTHONDONTWRITEBYTECODE": "1"}
        with open(self.log, "w", encoding="utf-8") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data",
                                          str(self.data), *self.args], stdout=subprocess.PIPE, stderr=log,
                                         text=True, env=env)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = _SERVING.search(line)
        if found is None:
            self.__exit__(None, None, None)
            raise RuntimeError(f"access-game serve did not start: {line!r} {self.errors()}")
        self.base = f"{'https' if found.group(1) == 'wss' else 'http'}://{found.group(2)}"
        return self

    def errors(self) -> str:
        """What the server wrote to stderr (its log) so far."""
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._temp.cleanup()


def launch(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless, through Playwright."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))


def transferred(page: Page, url: str) -> int:
    """Bytes the browser fetched over the network for ``url`` and everything it loaded, until the
    network is quiet (Chromium's own count: bodies as sent, with their headers)."""
    session = page.context.new_cdp_session(page)
    total = [0]
    session.send("Network.enable")
    session.on("Network.loadingFinished",
               lambda event: total.__setitem__(0, total[0] + int(event["encodedDataLength"])))
    page.goto(url, wait_until="networkidle")
    session.detach()
    return total[0]


def _new_page(browser: Browser) -> Page:
    page = browser.new_page()
    page.add_init_script(LINE_WATCH)
    return page


def first_line_ms(browser: Browser, base: str, game: str, tries: int,
                  parts: dict[str, list[float]] | None = None) -> list[float]:
    """Milliseconds from opening a quick-play link to the table's first line, once per try (each a new
    table in a new page); ``parts`` gets the way there: the page's scripts run (DOMContentLoaded) and
    its socket open, each from the same start."""
    found: list[float] = []
    parts = {} if parts is None else parts
    for _ in range(tries):
        page = _new_page(browser)
        page.goto(f"{base}/play?game={game}&computers=1&name=Ann&lang=en")
        page.wait_for_selector("#log .line", timeout=30_000)
        page.wait_for_url("**/t/*", timeout=30_000)  # seated: the first line was the table's, not a refusal
        found.append(float(page.evaluate("window.__webBench.lines[0][0]")))
        loaded, opened = page.evaluate("[performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd, "
                                       "window.__webBench.opened]")
        parts.setdefault("page_ready", []).append(float(loaded))
        parts.setdefault("socket_open", []).append(float(opened))
        page.close()
    return found


def key_to_line_ms(browser: Browser, base: str, game: str, tries: int,
                   said: list[str] | None = None) -> list[float]:
    """Milliseconds from Shift+N (do the hint) at the player's turn to the first line that follows it,
    ``tries`` times over as many hands as it takes; the lines themselves go to ``said``."""
    found: list[float] = []
    said = [] if said is None else said
    page = _new_page(browser)
    page.goto(f"{base}/play?game={game}&computers=1&name=Ann&lang=en")
    prompt = page.locator("#prompt")
    prompt.wait_for()
    page.wait_for_selector("#log .line", timeout=30_000)
    deadline = time.monotonic() + 60 + tries
    while len(found) < tries and time.monotonic() < deadline:
        try:  # the player's turn: the prompt names a move, not "wait" (the page is in English)
            wait_until(page, "document.getElementById('prompt-label').textContent !== 'wait'", 10_000)
        except Exception:
            continue
        page.wait_for_timeout(50)  # the rest of the turn's lines arrive before the key
        before = int(page.evaluate("window.__webBench.lines.length"))
        prompt.focus()
        page.keyboard.press("Shift+N")
        try:
            wait_until(page, f"window.__webBench.lines.length > {before}", 10_000)
        except Exception:  # nothing said to the key: not counted
            continue
        key = float(page.evaluate("window.__webBench.keys[window.__webBench.keys.length - 1]"))
        line, text = page.evaluate(f"window.__webBench.lines[{before}]")
        found.append(float(line) - key)
        said.append(str(text))
    page.close()
    return found


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (rule id and how many nodes)."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    return [{"id": v["id"], "nodes": len(v["nodes"])} for v in result.response["violations"]]


def wait_until(page: Page, expression: str, timeout: float = 10_000) -> None:
    """Until the JavaScript ``expression`` is true in ``page``, polled from here (Playwright's own
    wait_for_function evaluates its text with eval inside the page, which the page's policy forbids);
    TimeoutError after ``timeout`` milliseconds."""
    end = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise TimeoutError(f"not true after {timeout:g} ms: {expression}")
        page.wait_for_timeout(20)


def _settle(page: Page, quiet_ms: int = 300, most_ms: int = 10_000) -> None:
    """Until the log and the prompt have not changed for ``quiet_ms`` (the computer players moved)."""
    seen = None
    for _ in range(most_ms // quiet_ms):
        now = page.evaluate("[document.querySelectorAll('#log .line').length, "
                            "document.getElementById('prompt-label').textContent]")
        if now == seen:
            return
        seen = now
        page.wait_for_timeout(quiet_ms)


def _prompt(page: Page) -> str:
    return str(page.evaluate("document.getElementById('prompt-label').textContent"))


def axe_table_states(browser: Browser, base: str, game: str = "gin-rummy") -> dict[str, list[str]]:
    """axe-core's violations (rule: help, nodes) in each state of a table a player meets, reached by the
    terminal's keys in an English page: the table just opened, the player's turn, help open, the menu
    open, waiting for the computer player, the hand over, and cards shown as braille cells. RuntimeError
    when a state is not reached (a key that did not do what it should)."""
    from axe_playwright_python.sync_playwright import Axe

    def violations() -> list[str]:
        found = Axe().run(page).response["violations"]
        return [f"{v['id']}: {v['help']} ({len(v['nodes'])})" for v in found]

    states: dict[str, list[str]] = {}
    page = _new_page(browser)
    try:
        page.goto(f"{base}/play?game={game}&computers=1&name=Ann&lang=en")
        page.wait_for_selector("#log .line", timeout=30_000)
        _settle(page)
        page.locator("#prompt").focus()
        states["table open"] = violations()
        wait_until(page, "document.getElementById('prompt-label').textContent !== 'wait'", 30_000)
        states["your turn"] = violations()
        turn = _prompt(page)
        steps: tuple[tuple[str, str, Callable[[], bool]], ...] = (
            ("F1", "help open", lambda: _prompt(page) != turn), ("Escape", "", lambda: _prompt(page) == turn),
            ("Escape", "menu open", lambda: _prompt(page) == "menu"), ("Escape", "", lambda: _prompt(page) == turn))
        for key, state, reached in steps:
            page.keyboard.press(key)
            _settle(page)
            if not reached():
                raise RuntimeError(f"{key} did not lead to {state or 'the turn'}: the prompt is {_prompt(page)!r}")
            if state:
                states[state] = violations()
        page.keyboard.press("Shift+N")
        states["waiting"] = violations()
        for _ in range(400):
            if page.evaluate("window.__webBench.cues.includes('hand_end')"):
                break
            before = page.evaluate("document.querySelectorAll('#log .line').length")
            page.keyboard.press("Shift+N")
            with contextlib.suppress(Exception):
                wait_until(page, f"document.querySelectorAll('#log .line').length > {before}", 5_000)
        else:
            raise RuntimeError("the hand did not end")
        _settle(page)
        states["hand over"] = violations()
        page.locator('input[name="cards"][value="braille"]').check()
        states["settings: cards as braille cells"] = violations()
    finally:
        page.close()
    return states


def _timing(values: Sequence[float]) -> dict[str, float | int | None]:
    if not values:
        return {"n": 0, "median_ms": None, "p99_ms": None}
    return {"n": len(values), "median_ms": round(percentile(values, 0.5), 1),
            "p99_ms": round(percentile(values, 0.99), 1)}


def measure(game: str, tries: int) -> dict[str, Any]:
    """Every figure, as one JSON-ready mapping."""
    from playwright.sync_api import sync_playwright

    figures: dict[str, Any] = {"game": game, "tries": tries}
    with Serve(*UNLIMITED) as serve, sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page()
            figures["lobby_bytes"] = transferred(page, f"{serve.base}/")
            figures["lobby_name_form_axe"] = axe_violations(page)
            page.locator("#name-input").fill("Ann")
            page.keyboard.press("Enter")
            page.wait_for_selector("#actions button", timeout=30_000)
            figures["lobby_axe"] = axe_violations(page)
            page.close()
            page = browser.new_page()
            figures["table_bytes"] = transferred(page, f"{serve.base}/play?game={game}&computers=1&name=Ann&lang=en")
            with contextlib.suppress(Exception):
                page.wait_for_selector("#log .line", timeout=30_000)
            figures["table_axe"] = axe_violations(page)
            page.close()
            figures["table_states_axe"] = axe_table_states(browser, serve.base, game)
            parts: dict[str, list[float]] = {}
            figures["first_line"] = _timing(first_line_ms(browser, serve.base, game, tries, parts))
            figures.update({f"first_line_{name}": _timing(values) for name, values in parts.items()})
            said: list[str] = []
            figures["key_to_own_line"] = _timing(key_to_line_ms(browser, serve.base, game, tries, said))
            figures["own_lines_sample"] = said[:4]
        finally:
            browser.close()
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.web_page", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="gin-rummy")
    parser.add_argument("--tries", type=int, default=30)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    figures = measure(args.game, args.tries)
    if args.json:
        print(json.dumps(figures))
        return 0
    for name, value in figures.items():
        print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
