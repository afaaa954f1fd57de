"""Cards, counts and melds in French as a French player says them: elisions, agreement, 0 and 1 singular."""

from __future__ import annotations

import pytest

from engine.cards import JOKER, Rank
from engine.notation import parse_cards
from speech.i18n import set_language
from speech.phrases import (
    capital,
    card_count,
    card_words,
    cards_words,
    hand_words,
    join_words,
    melds_words,
    points,
    rank_plural,
    the_card,
)
from speech.utterance import utter


@pytest.fixture
def french() -> None:
    set_language("fr")


@pytest.mark.parametrize(("code", "words"), [("qh", "dame de cœur"), ("10st", "10 d'étoiles"), ("js", "valet de pique"),
                                             ("kc", "roi de trèfle"), ("ad", "as de carreau"), ("jo", "joker")])
def test_card_names(french: None, code: str, words: str) -> None:
    assert card_words(parse_cards(code)[0]) == words


@pytest.mark.parametrize(("code", "said"), [("ah", "l'as de cœur"), ("qs", "la dame de pique"),
                                            ("9c", "le 9 de trèfle"), ("kd", "le roi de carreau"), ("jo", "un joker")])
def test_the_card_takes_the_article_of_its_rank(french: None, code: str, said: str) -> None:
    assert utter(*the_card(parse_cards(code)[0])).text() == said


def test_wild_card_is_marked_and_closed_mid_sentence(french: None) -> None:
    assert utter(*the_card(parse_cards("7c")[0], Rank.SEVEN, mid=True)).text() == "le 7 de trèfle, atout,"


def test_zero_and_one_are_singular(french: None) -> None:
    assert [card_count(n) for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]
    # espeak-ng's French voice drops an ASCII minus: a negative score is said with the word
    assert [points(n) for n in (0, 1, -1, 20)] == ["0 point", "1 point", "moins 1 point", "20 points"]


def test_lists_melds_and_groups(french: None) -> None:
    cards = parse_cards("qh 10st 7c")
    assert cards_words(cards, Rank.SEVEN) == "dame de cœur; 10 d'étoiles; 7 de trèfle, atout"
    assert cards_words([]) == "aucune carte"
    assert hand_words(cards, Rank.SEVEN, group="suit") == "étoiles : 10; cœurs : dame; trèfles : 7 atout"
    assert melds_words([parse_cards("3d 4d 5d"), parse_cards("ah as ac")], None) == (
        "suite de carreau, 3 à 5 : 3 de carreau; 4 de carreau; 5 de carreau, "
        "puis série d'as : as de cœur; as de pique; as de trèfle")
    assert rank_plural(Rank.QUEEN) == "dames" and rank_plural(Rank.SEVEN) == "7"
    assert join_words(["Anna", "Ben", "vous"]) == "Anna, Ben et vous"
    assert capital("étoiles") == "Étoiles"


def test_english_is_unchanged() -> None:
    set_language("en")
    assert utter(*the_card(parse_cards("ah")[0])).text() == "the ace of hearts"
    assert card_words(JOKER) == "joker" and card_count(0) == "0 cards" and points(-1) == "-1 point"


def test_empty_text_stays_empty_in_every_language(french: None) -> None:
    from speech.i18n import _

    assert _("") == ""
    assert utter("", "x").parts == ("x",)


@pytest.mark.parametrize(("name", "said"), [("Anna", "la place d'Anna."), ("Oscar", "la place d'Oscar."),
                                            ("Émile", "la place d'Émile."), ("Bob", "la place de Bob."),
                                            ("Yves", "la place de Yves.")])
def test_de_before_a_name_elides_as_french_does(french: None, name: str, said: str) -> None:
    """The catalog writes "de {name}" once; the name decides whether it is said "d'"."""
    from speech.i18n import _

    line = utter(_("A computer player takes {name}'s seat.").format(name=name)).text()
    assert line.endswith(said), line


def test_english_names_are_left_alone() -> None:
    assert utter("Waiting for Anna. Seat of Oscar.").text() == "Waiting for Anna. Seat of Oscar."


@pytest.mark.parametrize(("lang", "wild", "joker"), [("en", "wild", "joker"), ("fr", "atout", "joker"),
                                                    ("es", "comodín", "joker")])
def test_a_wild_card_and_a_real_joker_have_different_words_in_every_language(lang: str, wild: str, joker: str) -> None:
    """French players call the printed joker "joker" and a card of the wild rank "atout" (never both
    "joker": "les 2 et les jokers sont des jokers" said nothing); Spanish "comodín" and "joker"."""
    from speech.hand_check_words import contract_lines
    from speech.i18n import in_language

    with in_language(lang):
        marked = card_words(parse_cards("7c")[0], Rank.SEVEN)
        assert marked.endswith(wild) and joker not in marked, marked
        assert card_words(JOKER) == joker
        # "2s and jokers are wild": the word for wild (its stem: "comodines") is not the joker's.
        told = contract_lines(parse_cards("2h jo 5s"), 1, "", [], parse_cards("2h jo 5s"), 0, False, 3)[0]
        assert wild[:5] in told and told.count(joker) == 1, told
