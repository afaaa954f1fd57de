"""J reads a card by the name the game says it by, in every language, for every card of every game.

The names are taken from speech itself (the words every table speaks a card with: in a list, with its
article, with its wild mark), so a name the game says and J cannot read is a failure here, whatever
the translation. Typed variants (capitals, no accents, no apostrophe) read the same; a card a game has
not, and words that are no card, are refused with a sentence that says what to type.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from access_game.catalog import GameEntry, games
from access_game.ui.card_finder import CARD_TEXT_LIMIT, Typed, typed_place
from engine.cards import Card, Suit
from engine.game import Game
from speech import table_words as tw
from speech.i18n import LANGUAGES, in_language
from speech.phrases import card_words, cards_parts, the_card

GAMES = list(games())


def _deck(entry: GameEntry) -> list[Card]:
    """Every card of the game, once: its whole deck as a new game deals it."""
    low, high = entry.player_range
    game = Game.new(entry.ruleset, ["You", "Anna", "Ben"][: max(low, min(2, high))], seed=1)
    return sorted(dict.fromkeys(game.ruleset.all_cards(game.state)), key=Card.sort_key)


DECKS = {e.name: _deck(e) for e in GAMES}


def _text(parts: list[str | Card]) -> str:
    return "".join(p if isinstance(p, str) else card_words(p) for p in parts)


def spoken(card: Card) -> list[str]:
    """Every way the game says ``card`` in the current language: in a list, in a sentence (with its
    article), and marked wild (its rank the wild one), in a list and in a sentence."""
    forms = [card_words(card), _text(the_card(card))]
    if card.rank is not None:
        forms += [_text(cards_parts([card], card.rank)), _text(the_card(card, card.rank))]
    return forms


def _found(entry: GameEntry, text: str) -> Typed:
    deck = DECKS[entry.name]
    return typed_place(text, deck, -1, entry.rules().parse_card)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_every_card_said_in_every_language_reads_back_as_itself(entry: GameEntry, lang: str) -> None:
    deck = DECKS[entry.name]
    with in_language(lang):
        for card in deck:
            for name in spoken(card):
                found = _found(entry, name)
                assert found.index is not None and deck[found.index] == card, (lang, name, found)
                assert len(name) <= CARD_TEXT_LIMIT, (lang, name)


def _unaccented(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.replace("œ", "oe"))
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


@settings(max_examples=300)
@given(st.sampled_from(GAMES), st.sampled_from(LANGUAGES), st.data())
def test_capitals_accents_and_apostrophes_do_not_matter(entry: GameEntry, lang: str, data: st.DataObject) -> None:
    deck = DECKS[entry.name]
    card = data.draw(st.sampled_from(deck))
    with in_language(lang):
        name = data.draw(st.sampled_from(spoken(card)))
        flips = data.draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
        typed = "".join(ch.upper() if up else ch for ch, up in zip(name, flips, strict=True))
        if data.draw(st.booleans()):
            typed = _unaccented(typed)
        if data.draw(st.booleans()):
            typed = typed.replace("'", " ").replace(",", "")
        found = _found(entry, f"  {typed} ")
        assert found.index is not None and deck[found.index] == card, (lang, typed, found)


def test_the_names_the_issue_gives() -> None:
    five_crowns = next(e for e in GAMES if e.name == "five-crowns")
    said = {"en": ["10 of stars", "queen of hearts", "the queen of hearts", "joker", "ten of stars"],
            "fr": ["le dix d'étoiles", "la dame de cœur", "la dame de coeur", "10 d'étoiles", "un joker"],
            "es": ["la reina de corazones", "10 de estrellas", "diez de estrellas", "joker"]}
    codes = ["10st", "qh", "qh", "jo", "10st"]
    for lang, names in said.items():
        with in_language(lang):
            for name in names:
                found = _found(five_crowns, name)
                assert found.card is not None and found.card.code in codes, (lang, name, found)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_question_shows_a_code_of_every_suit_the_game_has(entry: GameEntry) -> None:
    deck = DECKS[entry.name]
    parse = entry.rules().parse_card
    question = tw.go_to_card(parse)
    suits = {c.suit for c in deck if c.suit is not None}
    codes = question.split("its code: ")[1].split(". Then")[0].replace(" or ", ", ").split(", ")
    shown = [parse(code) for code in codes]
    assert {c.suit for c in shown if c.suit is not None} == suits, question
    assert any(c.is_joker for c in shown) == any(c.is_joker for c in deck), question
    if Suit.STARS in suits:
        assert "10st" in codes and "10 of stars" in question, question


def test_words_that_are_no_card_are_refused_saying_what_to_type() -> None:
    five_crowns = next(e for e in GAMES if e.name == "five-crowns")
    gin = next(e for e in GAMES if e.name == "gin-rummy")
    assert _found(five_crowns, "queen of clouds") == Typed()
    assert tw.not_a_card("queen of clouds", five_crowns.rules().parse_card) == (
        "queen of clouds is not a card: type its number, its name such as 10 of stars, or its code such as 10st.")
    refused = _found(five_crowns, "2 of hearts")
    assert tw.card_refused(refused.refused) == "'2 of hearts' is not a card: ranks in Five Crowns are 3-10, J, Q, K."
    assert tw.card_refused(_found(gin, "the joker").refused) == (
        "'the joker' is not a card: there are no jokers in Gin Rummy.")
    assert tw.card_refused(_found(gin, "10 of stars").refused).startswith("'10 of stars' is not a card: suits in Gin")
    assert tw.card_refused(_found(five_crowns, "2h").refused) == (
        "'2h' is not a card: ranks in Five Crowns are 3-10, J, Q, K.")
    with in_language("fr"):
        assert tw.card_refused(_found(gin, "un joker").refused).startswith("'un joker' n")
        assert tw.not_a_card("dame de nuages", five_crowns.rules().parse_card).startswith(
            "dame de nuages n'est pas une carte : tapez son numéro, son nom comme 10 d'étoiles")
