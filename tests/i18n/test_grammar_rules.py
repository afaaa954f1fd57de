"""Grammar by rule, over every card of every deck, in every language the game speaks besides English:
an article and a pronoun agree with the card's gender, words elide and contract before a vowel or an
article, counts take the language's plural, and a negative number is heard as negative by the
language's own espeak-ng voice. Each rule is asserted for all cards, not read by eye on a few lines.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from braille.decks import DECKS, build_deck
from engine.cards import Card, Rank
from speech.i18n import _, fill, in_language, ngettext
from speech.languages import FEMININE, all_languages, describe
from speech.phrases import card_count, card_gender, melds_words, points, the_card
from speech.upcard_words import go_out_tip
from speech.utterance import utter

ROOT = Path(__file__).resolve().parents[2]
#: Every card of every deck the game prints labels for, once each.
ALL_CARDS: tuple[Card, ...] = tuple(sorted({c for name in DECKS for c in build_deck(name)}, key=Card.sort_key))
OTHER_LANGUAGES = [lang.code for lang in all_languages()[1:]]


@pytest.fixture(params=OTHER_LANGUAGES)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    with in_language(request.param):
        yield request.param


def said(*parts: object) -> str:
    """What the player hears: the parts through utter (the language's contractions made)."""
    return utter(*parts).text()  # type: ignore[arg-type]


def test_the_decks_hold_every_kind_of_card() -> None:
    ranks = {c.rank for c in ALL_CARDS}
    assert {Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING, None} <= ranks and len(ranks) >= 14


def grammar(code: str) -> dict[str, Any]:
    """The language's grammar expectations, kept beside its golden games (tests/golden/CODE/checks.json):
    its article by gender, its object pronoun in "discard it", which counts are singular, the counted
    words."""
    lang = describe(code)
    assert lang.golden_dir is not None, code
    checks: dict[str, Any] = json.loads((ROOT / lang.golden_dir / "checks.json").read_text(encoding="utf-8"))
    return checks["grammar"]  # type: ignore[no-any-return]


def test_every_language_has_its_grammar_expectations() -> None:
    for code in OTHER_LANGUAGES:
        rules = grammar(code)
        assert {"articles", "discard_it", "singular_counts", "counted"} <= set(rules), code


def test_the_article_agrees_with_every_card(lang: str) -> None:
    for card in ALL_CARDS:
        text = said(*the_card(card))
        rules = grammar(lang)["articles"]
        if card.is_joker:
            want = rules["joker"]
        elif card.rank == Rank.ACE and "ace" in rules:
            want = rules["ace"]
        else:
            want = rules[card_gender(card)]
        assert text.startswith(want), (lang, card, text)


def test_a_pronoun_agrees_with_every_card(lang: str) -> None:
    pronouns = grammar(lang)["discard_it"]
    for card in ALL_CARDS:
        assert said(*go_out_tip(card, Rank.THREE)).endswith(pronouns[card_gender(card)]), (lang, card)


def test_queens_are_feminine_in_french_and_jacks_and_queens_in_spanish() -> None:
    for code, feminine in (("fr", {Rank.QUEEN}), ("es", {Rank.JACK, Rank.QUEEN})):
        with in_language(code):
            for card in ALL_CARDS:
                assert (card_gender(card) == FEMININE) == (card.rank in feminine), (code, card)


def test_a_card_after_de_or_a_is_contracted_in_french() -> None:
    with in_language("fr"):
        template = _("You took {count} from the discard pile, back to {card}: {cards}.")
        for card in ALL_CARDS:
            text = said(*fill(template, count=card_count(3), card=the_card(card), cards=[card]))
            assert " à le " not in text and " à les " not in text and " de le " not in text, text
            if card.rank in (Rank.JACK, Rank.KING) or (card.rank is not None and 2 <= card.rank <= 10):
                assert "jusqu'au " in text, text
        for rank in {c.rank for c in ALL_CARDS if c.rank is not None}:
            book = said(melds_words([[Card(rank, s) for s in list(dict.fromkeys(c.suit for c in ALL_CARDS
                                                                           if c.suit))[:3]]], None))
            assert not any(f"de {v}" in book for v in "aeiouéèê"), book
            if rank == Rank.ACE:
                assert "série d'as" in book, book


def test_de_elides_before_a_vowel_and_not_before_a_consonant_in_french() -> None:
    fr = describe("fr")
    assert fr.contract("la place de Anna, de Bob, de as, de un joker") == "la place d'Anna, de Bob, d'as, d'un joker"
    assert fr.contract("prête à le prendre") == "prête à le prendre"  # "le" a pronoun: not a card
    assert fr.contract("jusqu'à le roi, de le 9, à les dames") == "jusqu'au roi, du 9, aux dames"


def test_spanish_contracts_a_el_and_de_el_and_agrees_the_article() -> None:
    es = describe("es")
    assert es.contract("hasta a el rey de el mazo") == "hasta al rey del mazo"
    assert (es.contract("Los reinas son comodines; los 7 también; un jota")
            == "Las reinas son comodines; los 7 también; una jota")
    assert es.contract("dáselo a él") == "dáselo a él"


def test_counts_take_the_plural_of_the_language(lang: str) -> None:
    rules = grammar(lang)
    words = rules["counted"]
    for n in (0, 1, 2, 11):
        form = 0 if n in rules["singular_counts"] else 1
        assert card_count(n) == f"{n} {words['cards'][form]}", (lang, n)
        assert points(n) == f"{n} {words['points'][form]}", (lang, n)
        discarded = ngettext("{n} card discarded", "{n} cards discarded", n).format(n=n)
        assert discarded == f"{n} {words['discarded'][form]}", (lang, n, discarded)


def test_each_catalog_has_its_description_s_plural_rule(lang: str) -> None:
    from babel.messages.pofile import read_po

    from speech.i18n import LOCALE_DIR

    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "access_game.po", "rb") as src:
        catalog = read_po(src, locale=lang)
    assert catalog.plural_forms == describe(lang).plural_forms


def _phonemes(voice: str | None, text: str) -> str:
    exe = shutil.which("espeak-ng")
    assert exe, "espeak-ng is installed by .ci/run"
    command = [exe, "-q", "-x", *(["-v", voice] if voice else []), "--", text]
    return subprocess.run(command, capture_output=True, text=True, check=True, timeout=10).stdout


@pytest.mark.parametrize("code", [lang.code for lang in all_languages()])
def test_a_negative_score_is_heard_negative_in_the_language_s_own_voice(code: str) -> None:
    """espeak-ng's French and Spanish voices drop an ASCII minus ("-230" is heard "230") and read U+2212
    in English: the score is said with the language's own word, and the voice says it in its language."""
    lang = describe(code)
    with in_language(code):
        negative, positive = said(points(-230)), said(points(230))
        line = said(_("Points: {points}. Totals: {totals}.").format(points=points(-230), totals="Anna -15"))
    heard, plain = _phonemes(lang.espeak_voice, negative), _phonemes(lang.espeak_voice, positive)
    assert heard != plain and len(heard) > len(plain), (code, heard, plain)
    assert "(en)" not in heard, f"{code}: the minus is read by another language's rules: {heard}"
    assert "-" not in line or code == "en", line
    assert lang.number(-15) in line, line
