"""Contracted braille on a real display: a whole hand played, every window read back from BRLTTY's
TTY display one pan at a time, and compared cell for cell with liblouis (the words) and the card code
(the cards), in English and in French. BRLTTY is set to UEB grade 2, so the game takes contracted
braille from it: UEB grade 2 in English, abrégé in French."""

from __future__ import annotations

import time

import pytest
from prompt_toolkit.output import DummyOutput

from access_game.bench.output import _app, expected_cells, play_a_hand, read_messages_back
from access_game.settings import Settings
from access_game.ui.brlapi_link import DisplayLink
from access_game.ui.printer import LinePrinter
from braille.brlapi_display import BrlapiDisplay
from braille.contracted import Grade
from braille.tty_display import TtyDisplay
from engine.notation import parse_card
from speech.backends.base import RecordingBackend
from speech.i18n import set_language
from speech.utterance import Kind, utter

#: Seconds BRLTTY may take to answer on a loaded test machine (the game itself gives it one).
LOADED = 15.0


@pytest.mark.parametrize(("lang", "table"), [("en", "en-ueb-g2.ctb"), ("fr", "fr-bfu-g2.ctb")])
def test_every_message_of_a_whole_hand_reads_back_as_liblouis_grade_2(brlapi_env: TtyDisplay, lang: str,
                                                                       table: str) -> None:
    set_language(lang)
    app = _app("five-crowns", 3, 11, Settings(speech="silent", cues=False), RecordingBackend(),
               LinePrinter(DummyOutput()))
    link = DisplayLink(BrlapiDisplay(timeout=LOADED, limit=LOADED), app.session.announcer)
    try:
        # The reader's grade came from the running BRLTTY, through BrlAPI.
        assert link.brltty_table == "en-ueb-g2" and link.grade == Grade.CONTRACTED
        play_a_hand(app)
        read = read_messages_back(link, brlapi_env, 0, timeout=LOADED)
        messages = link.messages
        assert len(messages) >= 15 and sorted(read) == list(range(len(messages)))
        differing = [(i, "\u2800".join(read[i]), expected_cells(m, table)) for i, m in enumerate(messages)
                     if "\u2800".join(read[i]) != expected_cells(m, table)]
        assert differing == []  # the figure: all of them equal
        windows = [w for ws in read.values() for w in ws]
        assert len(windows) > len(messages)  # some messages took more than one window: panning was read too
        assert all(len(w) <= 40 for w in windows)
        assert all(len(w) > 1 for w in windows)  # never a full stop alone in a window
        # The turn after the other players' moves is on the line of the last move, after it.
        turn = "Your turn" if lang == "en" else "À vous"
        turns = [i for i, m in enumerate(messages) if any(isinstance(p, str) and turn in p for p in m)]
        assert turns and all(not str(messages[i][0]).startswith(turn) or link._kinds[i - 1] != Kind.OTHERS
                             for i in turns)
    finally:
        set_language("en")
        link.close()


def test_french_words_are_in_french_contracted_braille(brlapi_env: TtyDisplay) -> None:
    app = _app("five-crowns", 2, 3, Settings(speech="silent", cues=False), RecordingBackend(),
               LinePrinter(DummyOutput()))
    link = DisplayLink(BrlapiDisplay(timeout=LOADED, limit=LOADED), app.session.announcer)
    set_language("fr")
    try:
        message = utter("Vous avez pioché le ", parse_card("10h"), ". Été.", kind=Kind.MY_TURN)
        app.session.announcer.announce(message)
        want = expected_cells(message.parts, "fr-bfu-g2.ctb")
        deadline = time.monotonic() + LOADED
        while brlapi_env.cells() != want and time.monotonic() < deadline:
            time.sleep(0.01)
        assert brlapi_env.cells() == want
        assert "⠿" in want  # é is French braille's all six dots, not a computer-braille cell
    finally:
        set_language("en")
        link.close()
