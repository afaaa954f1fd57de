"""The web table speaks the player's language: every line, label, question and refusal a French or a
Spanish browser receives holds no English (tests/i18n/english_lines.py decides, as for the terminal);
and two browsers of different languages at one table, in one server process at the same time, each
hear their own language, including the news of each other going away and coming back.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from web_support import Browser, computers_for, play_hand, web_games

from access_game.table_plan import COMPUTER_NAMES
from speech.i18n import LANGUAGES, _, in_language

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))

from english_lines import EnglishFinder
from leak_corpus import command_names

OTHER_LANGUAGES = LANGUAGES[1:]
NAMES = ("Ann", "Bea", "You", *COMPUTER_NAMES)


def _words(browser: Browser) -> list[str]:
    """Everything a page shows in words: its lines, its commands' labels and groups, its questions, its
    cards' words, its errors."""
    out = list(browser.lines)
    for frame in browser.frames:
        kind = frame.get("type")
        if kind == "state":
            out += [c["label"] for c in frame["commands"]] + [c["group"] for c in frame["commands"] if c["group"]]
            out += [card["words"] for card in frame["hand"]]
            if frame.get("question"):
                out.append(frame["question"]["text"])
                out += [answer["label"] for answer in frame["question"].get("answers", [])]
        elif kind == "error":
            out.append(frame["text"])
    return out


def _english(lang: str, lines: list[str]) -> list[str]:
    finder = EnglishFinder(lang, names=NAMES, identifiers=command_names())
    return [f"{v.line}  <- {v.words} {v.sentences[:2]}" for v in finder.english(lines)]


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("game", web_games())
def test_a_hand_with_help_menu_and_refusals_has_no_english(served: str, game: str, lang: str) -> None:
    browser = Browser(served)
    try:
        browser.send("start", lang=lang, name="Ann", cards="words")
        browser.send("play", game=game, computers=computers_for(game))
        browser.wait(lambda b: b.state.get("where") == "table"
                     and (bool(b.state.get("hand")) or not computers_for(game)))
        # Help, the menu opened and closed, a key that does nothing, the hand.
        for key in ("f1", "escape", "escape", "escape", "Z", "h"):
            count = len(browser.frames)
            browser.key(key)
            browser.wait(lambda b, c=count: len(b.frames) > c)
            browser.quiet(0.2)
        browser.send_raw("{not json")  # refused in the language
        browser.send("command", name="no-such-command")
        browser.send("text", text="hello")  # nothing asks for text
        browser.wait(lambda b: len(b.errors()) >= 3)
        play_hand(browser, lang=lang)
        lines = _words(browser)
        assert len(lines) > 30
        assert not _english(lang, lines), "\n".join(_english(lang, lines)[:20])
    finally:
        browser.close()


def _said(lang: str, sentence: str, **values: Any) -> str:
    with in_language(lang):
        return _(sentence).format(**values)


def test_two_languages_at_one_table_in_one_server(served: str) -> None:
    """Ann (French) opens a table for two from the lobby; Bea (Spanish) joins it by its code; they play
    at once, each hearing their own language; Bea's tab closes and Ann hears her away, in French; Bea
    comes back by her token and Ann hears her back."""
    ann, bea = Browser(served), Browser(served)
    try:
        ann.send("start", lang="fr", name="Ann")
        ann.send("lobby")
        ann.wait(lambda b: b.state.get("where") == "lobby" and bool(b.lines))
        for key in ("down", "enter"):  # a new table of the first game
            count = len(ann.frames)
            ann.key(key)
            ann.wait(lambda b, c=count: len(b.frames) > c)
        ann.wait(lambda b: bool(b.state.get("question")))
        for text in ("2", "0"):  # two people, no computer player
            before = ann.prompt
            ann.send("text", text=text)
            ann.wait(lambda b, p=before: b.prompt != p)
        ann.key("n")  # not listed: joined by its code
        ann.wait(lambda b: b.token is not None and b.state.get("where") == "table")
        code = ann.state["code"]
        bea.send("start", lang="es", name="Bea")
        bea.send("join", code=code)
        bea.wait(lambda b: bool(b.state.get("hand")), message="Bea not dealt in")
        ann.wait(lambda b: bool(b.state.get("hand")), message="Ann not dealt in")
        for browser, lang in ((ann, "fr"), (bea, "es")):
            assert not _english(lang, _words(browser)), _english(lang, _words(browser))
        fr_lines, es_lines = set(ann.lines), set(bea.lines)
        assert _said("fr", "{name} joined the table.", name="Bea") in fr_lines
        assert not [line for line in fr_lines if line in es_lines and len(line.split()) > 3]
        token = bea.token
        assert token is not None
        bea.close()
        away = _said("fr", "{name} is away.", name="Bea")
        ann.wait(lambda b: any(away in line for line in b.lines), message=f"Ann never heard {away!r}")
        bea = Browser(served)
        bea.send("start", lang="es", name="Bea")
        bea.send("resume", token=token)
        bea.wait(lambda b: any(f.get("type") == "history" for f in b.frames), message="no history given back")
        history = next(f for f in bea.frames if f.get("type") == "history")["lines"]
        assert set(history) >= es_lines
        back = _said("fr", "{name} is back.", name="Bea")
        ann.wait(lambda b: any(back in line for line in b.lines), message=f"Ann never heard {back!r}")
        assert not _english("fr", _words(ann)), _english("fr", _words(ann))
        assert not _english("es", _words(bea)), _english("es", _words(bea))
    finally:
        ann.close()
        bea.close()
