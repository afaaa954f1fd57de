"""A message cut into display windows: at word boundaries, never inside a card, each card's columns known."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille.brlapi_display import DisplayKey, decode_key, load_brlapi
from braille.cards import card_unicode
from braille.contracted import translate
from braille.display_cells import BLANK_CELL, DisplayStyle, Token, message_tokens, windows
from engine.cards import Card
from engine.notation import parse_card

NINE = parse_card("9s")
KING = parse_card("ks")


def g2(text: str) -> str:
    return translate(text, "en", 2).unicode


def test_a_short_message_is_one_window_with_the_card_as_exact_cells() -> None:
    [w] = windows(["You drew the ", NINE, "."], 40)
    # Words in grade 2, a blank between the card's cells and the full stop
    assert w.text == f"{g2('You drew the')}{BLANK_CELL}{card_unicode(NINE)}{BLANK_CELL}{g2('.')}"
    assert w.word_at(0) == "You" and w.word_at(len(g2("You drew "))) == "the"
    start = w.text.index(card_unicode(NINE))
    assert w.card_at(start) == NINE and w.card_at(start + len(card_unicode(NINE)) - 1) == NINE
    assert w.card_at(0) is None and w.card_at(start + len(card_unicode(NINE)) + 1) is None


def test_a_long_message_is_cut_between_words_and_never_inside_a_card() -> None:
    parts: list[str | Card] = ["Anna took the ", NINE, " and discarded the ", KING, ", then Ben went out with it all."]
    ws = windows(parts, 20)
    assert all(len(w.text) <= 20 for w in ws)
    assert BLANK_CELL.join(w.text for w in ws) == BLANK_CELL.join(
        g2(p.strip()) if isinstance(p, str) else card_unicode(p) for p in parts)
    assert sum(len(w.cards) for w in ws) == 2
    for w in ws:
        for start, end, card in w.cards:
            assert w.text[start:end] == card_unicode(card)


def test_a_hand_of_cells_is_cut_between_cards_and_a_word_longer_than_the_display_is_the_only_cut() -> None:
    hand = "\u2800".join(card_unicode(parse_card(c)) for c in ("9s", "ks", "10h", "3c", "jd", "7st"))
    ws = windows([hand], 8)
    assert all(len(w.text) <= 8 for w in ws)
    assert "".join(w.text.replace(BLANK_CELL, "") for w in ws) == hand.replace("\u2800", "")
    long = g2("x" * 25)
    ws = windows(["x" * 25], 10)
    assert [w.text for w in ws] == [long[:10], long[10:20], long[20:]]


def test_a_full_stop_after_a_card_is_never_a_window_of_its_own() -> None:
    parts: list[str | Card] = ["Anna discarded the ", NINE, "."]
    line = BLANK_CELL.join([g2("Anna discarded the"), card_unicode(NINE), g2(".")])
    width = len(line) - 1  # the full stop alone would be the second window
    ws = windows(parts, width)
    assert all(len(w.text) <= width for w in ws)
    assert ws[-1].text == f"{card_unicode(NINE)}{BLANK_CELL}{g2('.')}"  # it goes with its card
    assert ws[-1].card_at(0) == NINE


def test_french_spaced_marks_stay_with_their_words() -> None:
    """French typography spaces « », : ? ! from their words; no window starts with the closing one or ends
    with the opening one."""
    parts = ["Anna dit\u00a0: «\u00a0Atout\u00a0»\u00a0! Et puis\u00a0?"]
    style = DisplayStyle("fr", 2)
    line = BLANK_CELL.join(t.cells for t in message_tokens(parts, style))
    for width in range(8, len(line) + 1):
        ws = windows(parts, width, style)
        assert BLANK_CELL.join(w.text for w in ws) == line
        for w in ws:
            assert w.words[-1][2] != "«", (width, ws)
            # the longest word with its marks, « Atout » !, is 14 cells: below that one must be cut
            assert width < 14 or w.words[0][2] not in (":", "»", "!", "?"), (width, ws)


def test_cells_in_a_text_part_pass_as_they_are_and_words_follow_the_style() -> None:
    hand = "\u2800".join(card_unicode(parse_card(c)) for c in ("10h", "ks"))
    tokens = message_tokens([f"Your hand: {hand}."], DisplayStyle("fr", 1, ten_as_x=True))
    # the hand's cells untouched (not read as French words), then the full stop in French braille
    assert tokens[2:4] == [Token("⠂⠴⠓", None, "⠂⠴⠓"), Token("⠅⠎", None, "⠅⠎")]
    assert [t.cells for t in tokens[:2]] == translate("Your hand:", "fr", 1).unicode.split(BLANK_CELL)
    assert tokens[4].cells == translate(".", "fr", 1).unicode and tokens[4].mark_only
    assert [t.cells for t in message_tokens([parse_card("10h")], DisplayStyle(ten_as_x=True))] == ["⠭⠓"]
    assert message_tokens(["Été"], DisplayStyle("fr", 1))[0].cells == "⠨⠿⠞⠿"


@given(st.lists(st.one_of(st.text(alphabet="abc ,.", max_size=12), st.sampled_from([NINE, KING])), max_size=12),
       st.integers(min_value=4, max_value=60))
def test_windows_fit_and_keep_every_card_whole(parts: list[str | Card], width: int) -> None:
    ws = windows(parts, width)
    assert all(len(w.text) <= width for w in ws)
    assert all(w.text.strip(BLANK_CELL) for w in ws) or ws == [windows([], width)[0]]
    assert sum(len(w.cards) for w in ws) == sum(1 for p in parts if isinstance(p, Card))
    for w in ws:
        for start, end, card in w.cards:
            assert w.text[start:end] == card_unicode(card)
    # A window starts with punctuation only when it could not stay with the word before it (with the
    # marks already between them).
    for before, w in pairwise(ws):
        marks = []
        for _a, b, word in w.words:
            if any(ch.isalnum() for ch in word):
                break
            marks.append(b)
        words = [a for a, _b, word in before.words if any(ch.isalnum() for ch in word)]
        if marks and words:
            assert len(before.text) - words[-1] + 1 + marks[-1] > width, (before, w)


def test_display_key_codes_decode_as_the_game_uses_them() -> None:
    brlapi = load_brlapi()
    assert brlapi is not None
    cmd = brlapi.KEY_TYPE_CMD
    assert decode_key(brlapi, cmd | brlapi.KEY_CMD_FWINRT) == DisplayKey("pan-right")
    assert decode_key(brlapi, cmd | brlapi.KEY_CMD_FWINLT) == DisplayKey("pan-left")
    assert decode_key(brlapi, cmd | brlapi.KEY_CMD_LNUP) == DisplayKey("line-up")
    assert decode_key(brlapi, cmd | brlapi.KEY_CMD_ROUTE | 7) == DisplayKey("route", 7)
    assert decode_key(brlapi, ord("a")) == DisplayKey("other")


def test_without_liblouis_the_words_stay_print_for_the_displays_own_table(monkeypatch: pytest.MonkeyPatch) -> None:
    import braille.contracted as contracted

    monkeypatch.setattr(contracted, "_loaded", [None])
    [w] = windows(["You drew the ", NINE, "."], 40)
    assert w.text == f"You drew the {card_unicode(NINE)} ."  # sent as text: BRLTTY's table shows the words


def test_a_run_of_marks_too_long_for_one_window_stays_with_its_word_as_far_as_it_fits() -> None:
    # Found by the property above: "a ......" fits a window of 8, so the marks must not start one alone.
    ws = windows(["a", "a", "......", ".."], 8)
    assert [w.text for w in ws] == ["⠁", "⠁⠀⠲⠲⠲⠲⠲⠲", "⠲⠲"]
