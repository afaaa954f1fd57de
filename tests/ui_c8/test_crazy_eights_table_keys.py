"""The Crazy Eights table's own keys on prepared deals: X on an eight asks the suit (Escape takes it back,
nothing played; the suit's letter plays it), N passes only once no more drawing is allowed, U says the
top card and the suit named on it, and the suit question takes the language's letters."""

from __future__ import annotations

from harness import KeyHarness, card_key

from access_game.settings import Settings
from access_game.web.state import question_of
from engine.cards import Card
from engine.game import Game
from engine.notation import parse_card
from engine.rules.crazy_eights import CrazyEightsState
from speech.crazy_eights_words import suit_keys
from speech.i18n import in_language


def cards(text: str) -> list[Card]:
    return [parse_card(x) for x in text.split()]


def table(hand: str, top: str, stock: str = "2c 3c 4c 5c") -> KeyHarness:
    game = Game.new("crazy-eights", ["You", "Anna"], seed=2, options={"first_dealer": 1})
    state: CrazyEightsState = game.state
    state.hands = [cards(hand), cards("kd qd jd 10d 9d")]
    state.discard, state.stock, state.to_move, state.suit = cards(top), cards(stock), 0, None
    h = KeyHarness(game, settings=Settings(speech="silent", cues=False), slot="crazy-eights")
    h.start()
    return h


def test_an_eight_asks_its_suit_and_escape_takes_it_back() -> None:
    h = table("8s 5h 9c", "5c")
    eight = h.app_.table.order.index(parse_card("8s"))
    said = h.press(card_key(eight), "x")
    question = "Name a suit for the 8 of spades: C clubs, D diamonds, H hearts, S spades"
    assert any(line.startswith(question) for line in said)
    assert h.app_.prompt_text() == "suit> "
    question = question_of(h.app_.modes[-1])  # the web table sends each key of it as pressed, as here
    assert question is not None and question["kind"] == "letters"
    h.press("escape")
    assert parse_card("8s") in h.view.hand and h.view.discard_top == parse_card("5c")
    said = h.press(card_key(h.app_.table.order.index(parse_card("8s"))), "x", "h")
    assert "You name hearts." in said
    assert h.game.state.suit == "h"


def test_pass_only_once_no_more_drawing_is_allowed_and_u_says_the_suit() -> None:
    h = table("2d 3d", "8c", stock="4h")
    h.game.state.suit = "s"
    said = h.press("u")
    assert said == ["The top card is the 8 of clubs; spades named. Stock: 1 card."]
    assert h.app_.prompt_text() == "play or draw> "
    said = h.press("n")
    assert said == ["Draw first: you may pass only when you may draw no more."]
    h.press("d")  # the 4 of hearts: no spade; the pile has one card, nothing to draw
    assert h.app_.prompt_text() == "play or pass> "
    assert "You pass." in h.press("n")


def test_the_suit_question_takes_the_languages_letters() -> None:
    """French names trèfle, carreau, cœur and pique: T, A (cArreau), C and P answer; the English D, H and S that
    no French letter took answer too, and the English C, taken by cœur, means hearts."""
    with in_language("fr"):
        keys = suit_keys()
    assert {k: keys[k] for k in "tacp"} == {"t": "c", "a": "d", "c": "h", "p": "s"}
    assert {k: keys[k] for k in "dhs"} == {"d": "d", "h": "h", "s": "s"}
