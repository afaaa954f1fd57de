"""The page itself in Chromium, before any table: no inline script is needed (nothing the policy
refuses), axe-core finds nothing on the lobby and its settings, French and Spanish pages hold no English
of their own, and the terminal's keys leave the page as the terminal names them."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from english_lines import EnglishFinder
from playwright.sync_api import Browser, Page

from access_game.bench.web_page import Serve, wait_until
from speech.i18n import LANGUAGES


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    found = browser.new_page()
    yield found
    found.close()


def test_the_lobby_page_loads_under_its_policy_with_nothing_refused(serve: Serve, page: Page) -> None:
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text
            else None)
    page.goto(serve.base + "/", wait_until="networkidle")
    assert page.title().endswith("access-game")
    assert page.locator("#live").get_attribute("role") == "log"
    assert refused == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_nothing_on_the_lobby_and_its_settings(serve: Serve, page: Page, lang: str) -> None:
    page.goto(f"{serve.base}/?lang={lang}", wait_until="networkidle")
    if page.locator("#name-form").is_visible():  # asked first: the form itself is checked too
        result = Axe().run(page)
        assert result.violations_count == 0, result.generate_report()
        page.locator("#name-input").fill("Ann")
        page.keyboard.press("Enter")
    page.wait_for_selector("#log .line")  # the server's lobby, its lines and its commands as buttons
    page.wait_for_selector("#actions button")
    page.locator("#set-verbosity").focus()  # the settings in use
    result = Axe().run(page)
    assert result.violations_count == 0, result.generate_report()


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_french_and_spanish_pages_hold_no_english(serve: Serve, page: Page, lang: str) -> None:
    finder = EnglishFinder(lang, names=("access-game", "English"))
    for path in (f"/?lang={lang}", f"/play?game=gin-rummy&computers=1&lang={lang}", "/nowhere"):
        page.set_extra_http_headers({"Accept-Language": lang})
        page.goto(serve.base + path)
        frame = page.evaluate("""() => {
            const own = [...document.querySelectorAll('h1, h2, h3, label, legend, option, button, p:not(.line), a')];
            return own.map((e) => e.textContent.trim()).concat([document.title]);
        }""")
        lines = [line for line in frame if line]
        assert lines and finder.english(lines) == [], (path, finder.english(lines))
    page.set_extra_http_headers({})


def test_the_terminals_keys_leave_the_page_by_their_terminal_names(serve: Serve, page: Page) -> None:
    sent: list[dict[str, object]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(json.loads(frame))))
    page.goto(serve.base + "/?lang=en", wait_until="networkidle")
    page.evaluate("localStorage.clear()")
    page.reload(wait_until="networkidle")
    sent.clear()
    page.wait_for_timeout(300)
    assert sent == []  # no name yet: asked first, and nothing sent before it
    page.get_by_label("Your name").first.fill("Ann")
    page.keyboard.press("Enter")
    wait_until(page, "document.getElementById('status').textContent !== ''")
    page.locator("#prompt").focus()
    for key in ("d", "Shift+H", "F1", "Escape", "ArrowUp", "Control+z", "Alt+m", "Enter"):
        page.keyboard.press(key)
    page.wait_for_timeout(200)
    assert [m["key"] for m in sent if m["type"] == "key"] == ["d", "H", "f1", "escape", "up", "c-z", "alt-m", "enter"]
    assert sent[0]["type"] == "start" and sent[0]["name"] == "Ann" and sent[1] == {"type": "lobby"}
    page.locator("#set-verbosity").select_option("brief")
    page.wait_for_timeout(200)
    assert sent[-1] == {"type": "settings", "lang": "en", "verbosity": "brief", "cards": "words", "sounds": True,
                        "wild_sign": False}
    assert page.evaluate("localStorage.getItem('verbosity')") == "brief"
