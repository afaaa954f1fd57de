"""A web seat comes back by its token like a terminal seat: a second tab takes it over (the first is
told so in its own language), and after the server itself restarted the seat is taken back from the
server, the table said where it stands."""

from __future__ import annotations

from pathlib import Path

from terminal_support import serving
from web_support import Browser

from speech import net_words as nw
from speech.i18n import in_language


def _seated(browser: Browser, lang: str, game: str = "five-crowns") -> str:
    browser.send("start", lang=lang, name="Ann")
    browser.send("play", game=game, computers=2)
    browser.wait(lambda b: b.token is not None and bool(b.state.get("hand")) and bool(b.prompt))
    browser.quiet(0.3)
    assert browser.token is not None
    return browser.token


def test_a_second_tab_takes_the_seat_over_and_the_first_is_told_in_its_language(served: str) -> None:
    first, second = Browser(served), Browser(served)
    try:
        token = _seated(first, "fr")
        first.key("h")
        first.wait(lambda b: b.lines[-1].startswith("3 cartes"))
        second.send("start", lang="es", name="Ann")
        second.send("resume", token=token)
        second.wait(lambda b: any(f.get("type") == "history" for f in b.frames) and bool(b.state.get("hand")))
        history = next(f for f in second.frames if f.get("type") == "history")["lines"]
        assert history == first.lines[: len(history)] and len(history) >= len(first.lines) - 1
        with in_language("fr"):
            replaced = nw.error_words("replaced", "")
        first.wait(lambda b: replaced in b.lines and b.state.get("where") == "left")
        count = len(second.lines)
        second.key("h")  # the seat plays on in the second tab, in its language
        second.wait(lambda b: len(b.lines) > count)
        assert second.lines[-1].startswith("3 cartas"), second.lines[-1]
        first.key("h")
        first.wait(lambda b: b.errors() and b.errors()[-1]["code"] == "not_seated")
    finally:
        first.close()
        second.close()


def test_a_seat_comes_back_after_the_server_restarted(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    with serving(data, tmp_path / "server") as url:
        browser = Browser(url)
        token = _seated(browser, "en")
        hand = browser.state["hand"]
        browser.close()
    with serving(data, tmp_path / "server") as url:
        browser = Browser(url)
        try:
            browser.send("start", lang="en", name="Ann")
            browser.send("resume", token=token)
            browser.wait(lambda b: bool(b.state.get("hand")) and bool(b.prompt))
            assert browser.state["hand"] == hand
            assert not any(f.get("type") == "history" for f in browser.frames)  # a new process: no lines kept
            assert any(line.startswith("Resumed Five Crowns") for line in browser.lines), browser.lines
            count = len(browser.lines)
            browser.key("h")
            browser.wait(lambda b: len(b.lines) > count)
            assert browser.lines[-1].startswith("3 cards"), browser.lines[-1]
        finally:
            browser.close()
