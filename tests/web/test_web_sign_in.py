"""Accounts from the web lobby, as a browser meets them: a real ``access-game serve`` (its accounts in
the SQLite file of its data folder) and real WebSocket clients on ``/web``. Ann makes her account from
one browser, signs in again from another, and a wrong password is refused in French; the password is
never in a line, a state frame or the server's standard error. Then the lobby page in Debian's Chromium:
its sign-in form filled and sent by keyboard alone, with axe-core's 0 violations.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from terminal_support import serving
from web_support import Browser

from access_game.bench.web_page import Serve
from speech.i18n import _, in_language
from speech.languages import describe
from speech.web_page_words import page_words

PASSWORD = "lantern-harbour-7"


def _lobby(browser: Browser) -> None:
    browser.wait(lambda b: b.state.get("where") == "lobby", message="the lobby did not open")


def _no_password(browser: Browser) -> None:
    assert all(PASSWORD not in json.dumps(frame) for frame in browser.frames)


def test_register_then_sign_in_from_another_browser_and_a_wrong_password_refused_in_french(tmp_path: Path) -> None:
    errors: list[str] = []
    with serving(tmp_path / "tables", tmp_path / "server", errors=errors) as url:
        phone = Browser(url)
        phone.send("start", name="Ann", lang="en")
        phone.send("lobby")  # a guest first, as the lobby page opens
        _lobby(phone)
        phone.send("register", name="Ann", password="short")
        phone.wait(lambda b: bool(b.errors()), message="a weak password was not refused")
        assert phone.errors()[-1]["code"] == "weak_password"
        assert "The server refuses that password: at least 8 characters." in phone.lines
        phone.send("register", name="Ann", password=PASSWORD)
        phone.wait(lambda b: any("Account Ann made" in line for line in b.lines), message="no account made")
        _lobby(phone)
        _no_password(phone)

        laptop = Browser(url)
        laptop.send("start", name="someone", lang="en")
        laptop.send("sign_in", name="Ann", password=PASSWORD)
        laptop.wait(lambda b: any(line.startswith("Signed in as Ann.") for line in b.lines), message="not signed in")
        _lobby(laptop)
        _no_password(laptop)
        laptop.send("register", name="Ann", password=PASSWORD + "x")  # the name is Ann's
        laptop.wait(lambda b: bool(b.errors()), message="a taken name was not refused")
        assert laptop.errors()[-1]["code"] == "name_taken"

        french = Browser(url)
        french.send("start", name="Ann", lang="fr")
        french.send("sign_in", name="Ann", password="not-her-password")
        french.wait(lambda b: bool(b.errors()), message="a wrong password was not refused")
        refusal = french.errors()[-1]
        with in_language("fr"):
            words = _("Wrong name or password: nothing was changed.")
        assert words != "Wrong name or password: nothing was changed."
        assert refusal["code"] == "wrong_password" and refusal["text"] == words
        assert describe("fr").typeset(words) in french.lines  # printed with French typography (a narrow space)
        assert french.state.get("where") != "lobby"
        french.send("sign_in", name="Ann", password="")  # a bad frame: answered, nothing changed
        french.wait(lambda b: b.errors()[-1]["code"] == "bad_message")
        for browser in (phone, laptop, french):
            browser.close()
    assert all(PASSWORD not in text for text in errors)


def test_the_lobby_page_signs_in_by_keyboard_and_its_form_has_no_axe_violations(serve: Serve, browser: Any) -> None:
    maker = Browser(serve.base.replace("http", "ws", 1))  # the account, made from another browser
    maker.send("start", name="Bea", lang="en")
    maker.send("register", name="Bea", password=PASSWORD)
    maker.wait(lambda b: any("Account Bea made" in line for line in b.lines), message="no account made")
    maker.close()

    context = browser.new_context()
    page = context.new_page()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    page.goto(f"{serve.base}/?lang=fr")
    words = page_words("fr")
    page.get_by_label(words["name"]).first.fill("Bea")
    page.keyboard.press("Enter")
    page.wait_for_selector("#log .line", timeout=30_000)
    form = page.locator("#sign-in")
    result = Axe().run(page).response  # the whole lobby page, its form among the rest
    assert result["violations"] == []
    name, password, fresh = (page.get_by_label(words[w], exact=True)
                             for w in ("account_name", "password", "new_account"))
    assert password.get_attribute("autocomplete") == "current-password"
    name.focus()
    page.keyboard.type("Bea")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "account-password"
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # a new account: the browser offers to make up a password
    assert fresh.is_checked() and password.get_attribute("autocomplete") == "new-password"
    page.keyboard.press("Space")
    assert password.get_attribute("autocomplete") == "current-password"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    with in_language("fr"):
        signed = _("Signed in as {name}.").format(name="Bea")
    page.locator("#log .line", has_text=signed).first.wait_for(timeout=30_000)
    assert password.input_value() == ""  # the page keeps no password
    assert [json.loads(frame)["type"] for frame in sent if PASSWORD in frame] == ["sign_in"]
    assert PASSWORD not in page.content() and PASSWORD not in page.evaluate("JSON.stringify(localStorage)")
    assert form.is_visible()
    context.close()
