"""The BrlAPI link against a real BRLTTY (TTY driver on a tmux pseudo-terminal), read back from the screen.

Every message reaches the display as dots: card cells exactly, words in contracted braille (liblouis);
the display's own keys (pressed on its terminal) pan through a long message and step through the
messages; a routing key over a card chooses it; a display that goes away is said once and stops
nothing. The link sits beside screen-reader and self-voicing output alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from access_game.ui.brlapi_link import DisplayLink
from access_game.ui.display_start import start_display_link
from braille.brlapi_display import BrlapiDisplay, DisplayKey
from braille.cards import card_unicode
from braille.contracted import translate
from braille.tty_display import TtyDisplay
from engine.cards import Card
from engine.notation import parse_card
from speech.announcer import Announcer
from speech.backends.base import RecordingBackend
from speech.output_words import DISPLAY_LOST
from speech.utterance import Kind, utter

NINE = parse_card("9s")
LONG = utter("Anna took the ", NINE, " and discarded the king of stars; Ben drew from the stock and went out.",
             kind=Kind.OTHERS)


def g2(text: str) -> str:
    """``text`` in UEB grade 2, the display's default when BRLTTY names no contraction table."""
    return translate(text, "en", 2).unicode


def until(check: Callable[[], bool], timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.01)
    return check()


def linked(speaks: bool) -> tuple[DisplayLink, Announcer, RecordingBackend, list[str]]:
    backend = RecordingBackend(speaks=speaks)
    printed: list[str] = []
    announcer = Announcer(backend, printed.append)
    return DisplayLink(BrlapiDisplay(), announcer), announcer, backend, printed


@pytest.mark.parametrize("speaks", [True, False], ids=["self-voicing", "screen-reader"])
def test_the_newest_message_is_on_the_display_with_the_card_as_exact_dots(brlapi_env: TtyDisplay,
                                                                           speaks: bool) -> None:
    link, announcer, backend, printed = linked(speaks)
    try:
        announcer.announce(utter("You drew the ", NINE, ".", kind=Kind.MY_TURN))
        cells = card_unicode(NINE)
        words = g2("You drew the")
        assert until(lambda: brlapi_env.cells().startswith(words)), brlapi_env.capture()
        # Words in grade 2, dot for dot; the card's cells exactly, a blank each side; BRLTTY's text table
        # changed nothing.
        assert brlapi_env.cells() == f"{words}\u2800{cells}\u2800{g2('.')}", brlapi_env.capture()
        # The other outputs carried on as before.
        assert printed == ["You drew the 9 of spades."]
        assert (backend.texts == ["You drew the 9 of spades."]) == speaks
    finally:
        link.close()


def test_panning_keys_move_through_a_long_message_and_through_the_messages(brlapi_env: TtyDisplay) -> None:
    link, announcer, _, _ = linked(True)
    try:
        announcer.announce("Hand 2 of 11.", Kind.SYSTEM)
        announcer.announce(LONG)
        assert until(lambda: brlapi_env.cells().startswith(g2("Anna took the")))
        assert len(link._windows) >= 2
        first, second = link._windows[0].text, link._windows[1].text
        brlapi_env.press("Right")  # pan right: the rest of the message
        assert until(lambda: brlapi_env.cells() == second), (brlapi_env.capture(), second)
        brlapi_env.press("Left")
        assert until(lambda: brlapi_env.cells() == first), brlapi_env.capture()
        brlapi_env.press("Left")  # at the start of a message: back into the one before, at its end
        assert until(lambda: brlapi_env.cells() == g2("Hand 2 of 11.")), brlapi_env.capture()
        brlapi_env.press("Down")  # line down: the next message, from its start
        assert until(lambda: brlapi_env.cells() == first), brlapi_env.capture()
        brlapi_env.press("Up")
        assert until(lambda: brlapi_env.cells() == g2("Hand 2 of 11.")), brlapi_env.capture()
        announcer.announce("Your turn.", Kind.MY_TURN)  # news always goes straight to the display
        assert until(lambda: brlapi_env.cells() == g2("Your turn."))
    finally:
        link.close()


def test_a_routing_key_over_a_card_chooses_it(brlapi_env: TtyDisplay) -> None:
    link, announcer, _, _ = linked(True)
    chosen: list[Card] = []
    link.on_card = chosen.append
    try:
        announcer.announce(utter("Your cards: ", NINE, ", ", parse_card("kh"), ".", kind=Kind.MY_TURN))
        king = card_unicode(parse_card("kh"))
        assert until(lambda: king in brlapi_env.cells())
        # The column the reader's finger is on, read off the display: after the words in grade 2
        # (fewer cells than their letters), not where the print would put it.
        column = brlapi_env.cells().index(king)
        assert column == len(f"{g2('Your cards:')}\u2800{card_unicode(NINE)}\u2800{g2(',')}\u2800")
        assert column != len("Your cards: 9s , ")
        # BRLTTY's TTY driver has no routing keys; the code path from the key's column on is the real one.
        link.handle(DisplayKey("route", column))
        link.handle(DisplayKey("route", 0))  # over a word: nothing
        assert chosen == [parse_card("kh")]
    finally:
        link.close()


def test_the_turn_after_another_players_move_is_shown_after_that_move(brlapi_env: TtyDisplay) -> None:
    link, announcer, _, _ = linked(True)
    try:
        announcer.announce(utter("Anna drew from the stock and discarded the ", NINE, ".", kind=Kind.OTHERS))
        announcer.announce(utter("Your turn.", kind=Kind.MY_TURN, cue="your_turn"))
        move = g2("Anna drew from the stock and discarded the")
        # The move first, where the reader looks; the turn after it on the same line, a pan away at most.
        assert until(lambda: brlapi_env.cells().startswith(move)), brlapi_env.capture()
        shown = [w.text for w in link._windows]
        assert "\u2800".join(shown) == f"{move}\u2800{card_unicode(NINE)}\u2800{g2('.')}\u2800{g2('Your turn.')}"
        assert len(link.messages) == 1
        announcer.announce(utter("You drew the ", NINE, ".", kind=Kind.MY_TURN))  # one's own news: a line of its own
        assert len(link.messages) == 2
    finally:
        link.close()


def test_words_follow_the_setting_and_ten_follows_the_card_code_setting(brlapi_env: TtyDisplay) -> None:
    link, announcer, _, _ = linked(True)
    ten = parse_card("10h")
    try:
        announcer.announce(utter("You drew the ", ten, ".", kind=Kind.MY_TURN))
        assert until(lambda: brlapi_env.cells() == f"{g2('You drew the')}\u2800⠂⠴⠓\u2800{g2('.')}")
        link.set_style("uncontracted", True)  # F2: grade 1, and 10 as x
        g1 = translate("You drew the", "en", 1).unicode
        assert until(lambda: brlapi_env.cells() == f"{g1}\u2800⠭⠓\u2800{g2('.')}"), brlapi_env.capture()
        link.set_style("computer", True)
        comp = translate("You drew the", "en", 0).unicode
        assert "\u2840" <= comp[0] <= "\u28ff"  # the capital Y with dot 7: computer braille
        assert until(lambda: brlapi_env.cells().startswith(comp)), brlapi_env.capture()
    finally:
        link.close()


def test_brlapi_host_and_auth_say_where_the_display_is(brlapi_env: TtyDisplay, monkeypatch: pytest.MonkeyPatch) -> None:
    display = BrlapiDisplay()
    try:
        assert display.width == 40 and display.driver == "TTY" and display.host == brlapi_env.host
    finally:
        display.close()
    monkeypatch.setenv("BRLAPI_HOST", "127.0.0.1:3999")  # nobody there
    link, note = start_display_link("brlapi", Announcer(RecordingBackend(), None))
    assert link is None and note is not None and "No braille display link" in note
    assert start_display_link("auto", Announcer(RecordingBackend(), None)) == (None, None)
    assert start_display_link("off", Announcer(RecordingBackend(), None)) == (None, None)


def test_a_lost_display_is_said_once_and_the_game_goes_on(tty_display: TtyDisplay,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # A display of its own, to lose (the shared one is already listening on its port), UEB grade 2 as g2().
    own = TtyDisplay(contraction_table="en-ueb-g2")
    monkeypatch.setenv("BRLAPI_HOST", own.host)
    monkeypatch.setenv("BRLAPI_AUTH", "none")
    link, note = start_display_link("auto", Announcer(RecordingBackend(), None))
    assert link is not None and note is not None and "40 cells" in note
    announcer = link.announcer
    printed: list[str] = []
    announcer.printer = printed.append
    try:
        announcer.announce("Before.", Kind.SYSTEM)
        assert until(lambda: own.cells() == g2("Before."))
        own.stop()
        assert until(lambda: link.lost, 3.0), "the key reader notices the display went away"
        for i in range(3):
            announcer.announce(f"After {i}.", Kind.SYSTEM)
    finally:
        link.close()
        own.stop()
    assert printed.count(DISPLAY_LOST) == 1
    assert printed[-3:] == ["After 0.", "After 1.", "After 2."]


def test_the_wild_sign_follows_the_setting_and_each_message_keeps_its_own_wild_rank(brlapi_env: TtyDisplay) -> None:
    from braille.cards import WILD_SIGN
    from engine.cards import Rank

    link, announcer, _, _ = linked(True)
    wild = [Rank.NINE]
    link.wild_rank = lambda: wild[0]
    three = parse_card("3h")
    sign = WILD_SIGN.unicode
    try:
        announcer.announce(utter("You drew the ", NINE, ".", kind=Kind.MY_TURN))
        bare = f"{g2('You drew the')}\u2800{card_unicode(NINE)}\u2800{g2('.')}"
        assert until(lambda: brlapi_env.cells() == bare), brlapi_env.capture()  # the setting is off
        link.set_style("auto", False, True)  # F2: the wild sign on, the message written again at once
        assert until(lambda: brlapi_env.cells() == bare.replace(card_unicode(NINE), sign + card_unicode(NINE)))
        wild[0] = Rank.THREE  # the next hand: 3s are wild
        announcer.announce(utter("You drew the ", three, ".", kind=Kind.MY_TURN))
        marked_three = f"{g2('You drew the')}\u2800{sign}{card_unicode(three)}\u2800{g2('.')}"
        assert until(lambda: brlapi_env.cells() == marked_three)
        link.handle(DisplayKey("line-up"))  # the last hand's message: its own wilds, the 9
        assert until(lambda: brlapi_env.cells() == bare.replace(card_unicode(NINE), sign + card_unicode(NINE)))
        chosen: list[Card] = []
        link.on_card = chosen.append
        link.handle(DisplayKey("route", len(g2("You drew the")) + 1))  # the sign's cell is the card's too
        assert chosen == [NINE]
        link.set_style("auto", False, False)
        assert until(lambda: brlapi_env.cells() == bare), brlapi_env.capture()
    finally:
        link.close()
