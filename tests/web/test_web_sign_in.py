"""Accounts from the web lobby, as a browser meets them: a real ``access-game serve`` (its accounts in
the SQLite file of its data folder) and real WebSocket clients on ``/web``. Ann makes her account from
one browser, signs in again from another, and a wrong password is refused in French; the password is
never in a line, a state frame or the server's standard error.
"""

from __future__ import annotations

import json
from pathlib import Path

from terminal_support import serving
from web_support import Browser

from speech.i18n import _, in_language

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
        assert refusal["code"] == "wrong_password" and refusal["text"] == words != "Wrong name or password: nothing was changed."
        assert words in french.lines
        assert french.state.get("where") != "lobby"
        french.send("sign_in", name="Ann", password="")  # a bad frame: answered, nothing changed
        french.wait(lambda b: b.errors()[-1]["code"] == "bad_message")
        for browser in (phone, laptop, french):
            browser.close()
    assert all(PASSWORD not in text for text in errors)
