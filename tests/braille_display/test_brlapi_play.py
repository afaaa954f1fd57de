"""`access-game play --braille`: the game writes to a real display beside its printed lines, and a
routing key over a card of the hand moves to that card."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from access_game.cli import main
from access_game.game_choice import GameChoice
from access_game.settings import Settings
from access_game.terminal_game import play_in_terminal
from braille.brlapi_display import DisplayKey
from braille.cards import card_unicode
from braille.tty_display import TtyDisplay
from engine.cards import Card
from speech.backends.base import RecordingBackend


def test_a_bad_braille_choice_exits_2_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--braille", "usb"])
    assert exc.value.code == 2 and "invalid choice: 'usb'" in capsys.readouterr().err


@pytest.mark.parametrize("key", ["h", "b"], ids=["the hand said", "the hand in braille"])
def test_play_with_the_display_linked(brlapi_env: TtyDisplay, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      key: str) -> None:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    seen: dict[str, Any] = {}
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):

        def on_app(app: Any) -> None:
            link = next(getattr(f, "__self__", None) for f in app.session.announcer.listeners)
            seen["link"], seen["app"] = link, app

            def before_key(key: str) -> None:
                if key != "q":
                    return
                # H or B was pressed: the hand is on the display. A routing key over its second card,
                # the display panned to it first when the first window holds one card only (H says
                # each card with its place: "3 cards: card 1: the 5 of stars; card 2: ..."):
                shown = [(i, placed) for i, w in enumerate(link._windows) for placed in w.cards]
                index, (start, _end, card) = shown[1]
                for _pan in range(index):
                    link.handle(DisplayKey("pan-right"))
                # BRLTTY shows what the link wrote a moment later, and the keys came all at once: wait.
                deadline = time.monotonic() + 10.0
                while card_unicode(card) not in brlapi_env.cells() and time.monotonic() < deadline:
                    time.sleep(0.01)
                seen["card"], seen["cells"] = card, brlapi_env.cells()
                link.handle(DisplayKey("route", start))
                seen["pos"] = app.table.order[app.table.pos]

            app.key_listeners.append(before_key)
            inp.send_text(f"{key}qy")

        status = play_in_terminal(GameChoice("five-crowns", ["You", "Anna"], "normal", 5),
                                  Settings(speech="silent", cues=False, braille="brlapi"), input=inp,
                                  output=DummyOutput(), backend=RecordingBackend(speaks=False), cues=None,
                                  on_app=on_app)
    assert status == 0
    link, app = seen["link"], seen["app"]
    assert link.lost  # closed when the game ended
    printed = app.printer.printed
    # The display's first line names its grade (this BRLTTY contracts with UEB grade 2), then the link.
    grade = printed.index("Contracted braille, as BRLTTY's table en-ueb-g2 says.")
    assert printed[grade + 1].startswith("Braille display of 40 cells linked")
    assert str(link.messages[0][0]).startswith("Contracted braille, as BRLTTY's table en-ueb-g2 says.")
    assert card_unicode(seen["card"]) in seen["cells"]
    # The table moved to the card under the routing key.
    assert seen["pos"] == seen["card"]


def test_f2_changes_the_display_words_and_ten_at_once(brlapi_env: TtyDisplay, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from access_game.ui.terminal_output import TerminalOutput
    from braille.contracted import translate
    from engine.notation import parse_card
    from speech.utterance import Kind, utter

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    before = Settings(speech="silent", cues=False, braille="brlapi")
    out = TerminalOutput(before, output=DummyOutput(), backend=RecordingBackend(speaks=False), cues=None)
    try:
        assert out.display_link is not None
        out.announcer.announce(utter("You drew the ", parse_card("10h"), ".", kind=Kind.MY_TURN))
        g2 = translate("You drew the", "en", 2).unicode
        deadline = time.monotonic() + 3
        while not brlapi_env.cells().startswith(f"{g2}\u2800⠂⠴⠓") and time.monotonic() < deadline:
            time.sleep(0.01)
        assert brlapi_env.cells().startswith(f"{g2}\u2800⠂⠴⠓"), brlapi_env.capture()
        out.on_settings(before.replace(braille_words="uncontracted", ten_as_x=True))
        g1 = translate("You drew the", "en", 1).unicode
        deadline = time.monotonic() + 3
        while not brlapi_env.cells().startswith(f"{g1}\u2800⠭⠓") and time.monotonic() < deadline:
            time.sleep(0.01)
        assert brlapi_env.cells().startswith(f"{g1}\u2800⠭⠓"), brlapi_env.capture()
    finally:
        out.close()


def test_the_wild_sign_marks_the_wild_cards_of_the_display_s_messages(brlapi_env: TtyDisplay, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """With the wild sign on (--wild-sign, F2), a card of the hand's wild rank has ⠸ before it in the
    display's messages as on the B line; with it off, no message has the sign."""
    from braille.cards import WILD_SIGN

    seen: dict[bool, Any] = {}
    for sign in (True, False):
        monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path / str(sign)))  # a new game each time, none to resume
        with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):

            def on_app(app: Any, sign: bool = sign) -> None:
                link = next(getattr(f, "__self__", None) for f in app.session.announcer.listeners)

                def before_key(key: str) -> None:
                    if key == "q":  # H said the hand: its message is on the display
                        hand = next(m for m in reversed(link.messages) if sum(isinstance(p, Card) for p in m) > 2)
                        wild = app.table.wild_rank
                        deadline = time.monotonic() + 10.0
                        while hand[0] != link.messages[link.index][0] and time.monotonic() < deadline:
                            time.sleep(0.01)
                        time.sleep(0.3)  # BRLTTY shows the newest write a moment later
                        seen[sign] = (hand, wild, brlapi_env.cells(), [t for _w, t in link.writes])

                app.key_listeners.append(before_key)
                inp.send_text("hqy")

            status = play_in_terminal(GameChoice("five-crowns", ["You", "Anna"], "normal", 5),
                                      Settings(speech="silent", cues=False, braille="brlapi", wild_sign=sign),
                                      input=inp, output=DummyOutput(), backend=RecordingBackend(speaks=False),
                                      cues=None, on_app=on_app)
            assert status == 0
    hand, wild, cells, writes = seen[True]
    wilds = [p for p in hand if isinstance(p, Card) and p.rank == wild]
    assert wilds, "the seed's first hand holds a wild card"
    for card in (p for p in hand if isinstance(p, Card)):
        marked = WILD_SIGN.unicode + card_unicode(card)
        assert any(marked in w for w in writes) == (card.rank == wild), card
    assert WILD_SIGN.unicode + card_unicode(wilds[0]) in cells  # on the display itself, as BRLTTY shows it
    writes_off = seen[False][3]
    assert all(WILD_SIGN.unicode not in w for w in writes_off)
    assert card_unicode(wilds[0]) in "".join(writes_off)
