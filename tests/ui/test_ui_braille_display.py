"""Cards on printed lines as words, braille cells or both, in every speech mode: cells appear only when
the player asked for them, and then a screen reader's braille display gets them too."""

from __future__ import annotations

from ui_driver import Harness

from access_game.settings import Settings
from braille.cards import card_unicode
from speech.backends.base import RecordingBackend


def _cells(text: str) -> bool:
    return any(0x2800 <= ord(ch) <= 0x28FF for ch in text)


def ScreenReaderStandIn() -> RecordingBackend:
    """A screen-reader set-up as the announcer sees it: nothing spoken, braille taken."""
    return RecordingBackend(speaks=False)


def _first_turn(h: Harness) -> list[str]:
    h.start()
    return h.press("h")


def test_self_voicing_with_braille_cards_prints_cells_and_speaks_words() -> None:
    h = Harness(seed=4, settings=Settings(speech="silent", cues=False, cards="braille"))
    said = _first_turn(h)
    hand = h.session.view().hand
    line = h.printer.printed[-1]
    assert _cells(line)
    assert all(card_unicode(c) in line for c in hand)
    assert not _cells(said[-1]) and said[-1].startswith("3 cards: ")


def test_both_shows_words_and_cells() -> None:
    h = Harness(seed=4, settings=Settings(speech="silent", cues=False, cards="both"))
    _first_turn(h)
    line = h.printer.printed[-1]
    card = h.session.view().hand[0]
    assert card_unicode(card) in line and card.rank is not None and card.rank.word in line


def test_an_explicit_card_display_is_honoured_in_screen_reader_mode() -> None:
    h = Harness(seed=4, settings=Settings(speech="screen-reader", cues=False, cards="braille"))
    backend = ScreenReaderStandIn()
    h.announcer.set_backend(backend)
    h.start()
    h.press("h")
    hand = h.session.view().hand
    assert all(card_unicode(c) in h.printer.printed[-1] for c in hand)
    assert backend.brailled and _cells(backend.brailled[-1])
    # Words only (the default) in screen-reader mode: no cell on any line.
    h = Harness(seed=4, settings=Settings(speech="screen-reader", cues=False))
    h.announcer.set_backend(ScreenReaderStandIn())
    h.start()
    h.press("h")
    assert h.printer.printed and not any(_cells(line) for line in h.printer.printed)


def test_braille_key_puts_the_hand_on_one_line_of_cells_in_both_modes() -> None:
    h = Harness(seed=4)
    h.start()
    said = h.press("b")
    assert said == ["Your hand in braille, 3 cards, is on the line below."]
    line = h.printer.printed[-1]
    assert line.count("\u2800") == 2 and all(_cells(ch) for ch in line)
    # Screen-reader mode: the player asked for the cells, so the line is printed and sent to the display,
    # with nothing spoken.
    backend = ScreenReaderStandIn()
    h.announcer.set_backend(backend)
    h.press("b")
    assert h.printer.printed[-1] == line
    assert backend.brailled[-1] == line and backend.spoken == []


def test_ten_as_x_is_one_setting_for_printed_cells_and_b_and_follows_f2_at_once() -> None:
    from access_game.ui.terminal_output import apply_settings
    from engine.notation import parse_card
    from speech.utterance import utter

    ten = parse_card("10h")
    before = Settings(speech="silent", cues=False, cards="braille")
    h = Harness(seed=4, settings=before.replace(ten_as_x=True))
    assert h.announcer.display_line(utter(ten)) == "⠭⠓"
    # F2 turns it off: the printed cells follow at once.
    apply_settings(h.announcer, before.replace(ten_as_x=True), before, own_backend=False)
    assert h.announcer.display_line(utter(ten)) == "⠂⠴⠓"
