"""Fallback per sentence: a sentence a language's catalog lacks is said whole in English (its card, its
article, its wild mark, its count and its figures too), never half one language and half the other
("The up card is den Karo-Bube"); the sentences the catalog has stay in the language, around it too.

Real parts: each language's own catalog, compiled again without a few sentences (as a language being
translated lacks them), installed as that language's catalog for the test, and the real sentence
builder (speech.i18n.fill, speech.phrases, speech.utterance.utter) and announcer.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from braille.cards import card_unicode
from engine.cards import JOKER, Rank
from engine.notation import parse_card
from speech import i18n
from speech.announcer import Announcer
from speech.backends import RecordingBackend
from speech.i18n import LANGUAGES, _, fill, in_language, with_numbers
from speech.phrases import card_count, points, the_card
from speech.utterance import printed, utter

#: The sentences taken out of the catalog for the test (each is in every shipped catalog).
LACKED = ("The up card is {card}.", "Points left: {points}.", "You hold no {card}.",
          "Piles closed: {piles:.3g} per game on average; cards left in the stock: {stock:.3g} on average.")
KEPT = "You drew {card}."
JACK, SEVEN, ACE = parse_card("jd"), parse_card("7c"), parse_card("ah")


def _lacking(lang: str) -> gettext.GNUTranslations:
    with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "access_game.po", "rb") as src:
        catalog = read_po(src, locale=lang)
    for message in LACKED:
        assert catalog.get(message) is not None and catalog[message].string, (lang, message)
        catalog.delete(message)
    assert catalog[KEPT].string, (lang, KEPT)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@pytest.fixture(params=LANGUAGES[1:])
def lacking(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The language's catalog without the LACKED sentences, spoken inside the test."""
    lang: str = request.param
    monkeypatch.setitem(i18n._catalogs, lang, _lacking(lang))
    with in_language(lang):
        yield lang


def said(*parts: object) -> str:
    return utter(*parts).text()  # type: ignore[arg-type]


def test_a_sentence_the_catalog_lacks_is_whole_english_with_its_card(lacking: str) -> None:
    assert said(*fill(_("The up card is {card}."), card=the_card(JACK))) == "The up card is the jack of diamonds."
    assert said(*fill(_("The up card is {card}."), card=the_card(SEVEN, Rank.SEVEN))) == \
        "The up card is the 7 of clubs, wild."
    assert said(*fill(_("The up card is {card}."), card=the_card(JOKER))) == "The up card is a joker."
    assert said(*fill(_("You hold no {card}."), card=[ACE])) == "You hold no ace of hearts."


def test_its_counts_and_figures_are_english_too(lacking: str) -> None:
    assert said(_("Points left: {points}.").format(points=points(-5))) == "Points left: -5 points."
    assert said(_("Points left: {points}.").format(points=card_count(3))) == "Points left: 3 cards."
    line = with_numbers(_("Piles closed: {piles:.3g} per game on average; cards left in the stock: {stock:.3g} on "
                          "average."), piles=1.5, stock=2.25)
    assert printed(line) == "Piles closed: 1.5 per game on average; cards left in the stock: 2.25 on average."


def test_the_sentences_the_catalog_has_stay_in_the_language(lacking: str) -> None:
    with in_language("en"):
        english = said(*fill(_(KEPT), card=the_card(ACE)))
    kept = said(*fill(_(KEPT), card=the_card(ACE)))
    assert kept != english and "ace" not in kept, kept
    # A translated sentence around the English one keeps its own words.
    both = said(*fill(_(KEPT), card=the_card(ACE)), " ", *fill(_("The up card is {card}."), card=the_card(JACK)))
    assert both.startswith(kept) and both.endswith(" The up card is the jack of diamonds."), both


def test_the_announcer_prints_and_brailles_the_english_sentence_with_its_card(lacking: str) -> None:
    """On the printed line the card is English words, and in braille still the card's own cells."""
    lines: list[str] = []
    for display, want in (("words", "The up card is the jack of diamonds."),
                          ("both", f"The up card is the jack of diamonds {card_unicode(JACK)} .")):
        announcer = Announcer(RecordingBackend(), lines.append, card_display=display, braille_fn=card_unicode)
        announcer.announce(utter(*fill(_("The up card is {card}."), card=the_card(JACK))))
        assert lines[-1] == want, (display, lines)


def test_english_itself_is_unchanged() -> None:
    with in_language("en"):
        assert said(*fill(_("The up card is {card}."), card=the_card(JACK))) == "The up card is the jack of diamonds."
        assert type(_("The up card is {card}.")) is str


def test_a_braille_display_writes_the_english_sentence_in_english_braille(lacking: str) -> None:
    from braille.display_cells import DisplayStyle, message_tokens

    parts = utter(*fill(_("The up card is {card}."), card=the_card(JACK))).parts
    with in_language("en"):
        english = [t.cells for t in message_tokens(parts, DisplayStyle("en"))]
    assert [t.cells for t in message_tokens(parts, DisplayStyle(lacking))] == english


def test_a_sentence_holding_a_piece_the_catalog_lacks_is_whole_english_too(
        lacking: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The wild mark ("{card}, wild") untranslated: the translated sentence around it is said in English
    rather than with an English piece inside ("Vous piochez le 7 de trèfle, wild.")."""
    from speech.phrases import WILD_CARD

    with open(i18n.LOCALE_DIR / lacking / "LC_MESSAGES" / "access_game.po", "rb") as src:
        catalog = read_po(src, locale=lacking)
    catalog.delete(WILD_CARD)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    monkeypatch.setitem(i18n._catalogs, lacking, gettext.GNUTranslations(compiled))
    with in_language(lacking):
        assert said(*fill(_(KEPT), card=the_card(SEVEN, Rank.SEVEN))) == "You drew the 7 of clubs, wild."
        plain = said(*fill(_(KEPT), card=the_card(ACE, Rank.SEVEN)))
        assert "ace" not in plain and "drew" not in plain, plain  # no wild card in it: the language's own
