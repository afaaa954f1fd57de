"""Solitaire events and piles in words, at each verbosity."""

from __future__ import annotations

from solitaire_tables import cards

from engine.cards import JOKER, Card
from engine.events import GameStarted
from engine.rules.five_crowns_solitaire import (
    CardPlaced,
    CardTurned,
    PileClosed,
    PileDiscarded,
    PileView,
    SolitaireDealt,
    SolitaireEnded,
    StockLow,
)
from speech.solitaire_words import (
    SolitaireNarrator,
    closing_words,
    distance_words,
    pile_summary,
    wild_note,
)
from speech.utterance import Kind, Verbosity


def one(text: str) -> Card:
    return cards(text)[0]


def words(events: list, verbosity: Verbosity = Verbosity.NORMAL) -> list[str]:  # type: ignore[type-arg]
    return [u.text() for u in SolitaireNarrator(verbosity).narrate(events)]


def test_a_pile_in_words() -> None:
    pile = PileView(4, tuple(cards("6h 7h 8h 10s jd kc")), closed=False)
    assert pile_summary(pile) == "pile 4: 6 cards, 6s wild, 3 cards from closing"
    assert pile_summary(PileView(1, tuple(cards("7h 8h 9h")), closed=True)) == "pile 1: closed, 3 cards"
    assert distance_words(1) == "1 card from closing" and distance_words(0) == "closed"


def test_closings_name_books_and_runs() -> None:
    assert closing_words(3, 0) == "3 books"
    assert closing_words(1, 2) == "1 book and 2 runs"
    assert closing_words(0, 1) == "1 run"
    closed = PileClosed(pile=7, melds=(tuple(cards("7h 7s 7c")),), books=1, runs=0, piles_closed=3)
    assert words([closed]) == ["Pile 7 closed: 1 book. 3 of 11 closed, 8 to go."]
    assert words([closed], Verbosity.BRIEF) == ["Pile 7 closed: 1 book."]
    assert words([closed], Verbosity.DETAILED) == [
        "Pile 7 closed: 1 book, book of 7s: 7 of hearts; 7 of spades; 7 of clubs. 3 of 11 closed, 8 to go."
    ]
    narrated = SolitaireNarrator().narrate([closed])
    assert narrated[0].kind == Kind.RESULTS and not narrated[0].urgent  # in its place, after the move


def test_a_turned_card_is_called_wild_only_where_it_is() -> None:
    assert wild_note(JOKER) == ", wild everywhere"
    assert wild_note(one("7h")) == ", wild on pile 5"
    assert wild_note(one("7h"), open_piles=[1, 2]) == ""
    n = SolitaireNarrator()
    closed5 = PileClosed(pile=5, melds=(), books=0, runs=0, piles_closed=1)
    said = [u.text() for u in n.narrate([CardTurned(one("7h"), 20), closed5, CardTurned(one("7h"), 19)])]
    assert said[0] == "You turn up the 7 of hearts, wild on pile 5; 20 left in the stock."
    assert said[2] == "You turn up the 7 of hearts; 19 left in the stock."
    assert words([CardTurned(JOKER, 0)]) == ["You turn up a joker, wild everywhere; that was the last card."]
    assert words([CardTurned(one("kd"), 4)], Verbosity.BRIEF) == ["king of diamonds, wild on pile 11, 4 left."]


def test_a_move_in_words() -> None:
    assert words([CardPlaced(pile=5, card=one("7h"))]) == [
        "You put the 7 of hearts, wild on pile 5; now discard one of its cards."
    ]
    assert words([PileDiscarded(pile=5, card=one("9c"))]) == ["You discard the 9 of clubs from pile 5."]
    assert words([PileDiscarded(pile=5, card=one("9c"), was_placed=True)]) == [
        "You discard the 9 of clubs again; pile 5 is as it was."
    ]
    assert words([PileDiscarded(pile=5, card=one("9c"))], Verbosity.BRIEF) == ["Discarded 9 of clubs."]


def test_the_start_the_stock_and_the_end_in_words() -> None:
    said = words([GameStarted("solitaire", ("You",)), SolitaireDealt(piles=(), stock_size=28)])
    assert said[0] == "New game of Five Crowns solitaire: close all 11 piles before the stock runs out."
    assert said[1].endswith("28 cards in the stock.")
    assert words([StockLow(10)]) == ["Only 10 cards left in the stock."]
    assert words([StockLow(5)], Verbosity.BRIEF) == ["Stock 5."]
    assert words([SolitaireEnded(won=True, piles_closed=11, stock_left=4)]) == [
        "You won! All 11 piles closed, with 4 cards left in the stock."
    ]
    assert words([SolitaireEnded(won=False, piles_closed=8, stock_left=0)]) == [
        "The stock is empty: you closed 8 of 11 piles. Game over."
    ]
