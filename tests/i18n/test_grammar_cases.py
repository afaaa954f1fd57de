"""Cases and the neuter, by rule: a translated sentence marks its card's placeholder with a case
("{the_card:acc}") and the card's article and name are said in it, as the language's description
declines them; a language without cases says every card as the catalog does, a mark or not.

Every language with cases is checked over every card of every deck against the articles its golden
folder's checks.json expects in each case (``grammar.cases``) and a few whole cards (``grammar.examples``:
"den Pik-Buben"), so a new language's declension is asserted, not read by eye.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_grammar_rules import ALL_CARDS

from engine.cards import JOKER, Card, Rank, Suit
from engine.notation import parse_card
from speech.declension import Article, Declined, declined
from speech.i18n import fill, in_language
from speech.languages import FEMININE, MASCULINE, NEUTER, Language, all_languages, describe
from speech.phrases import card_gender, the_card, the_card_words
from speech.utterance import utter

ROOT = Path(__file__).resolve().parents[2]
WITH_CASES = [lang.code for lang in all_languages() if lang.cases]
WITHOUT_CASES = [lang.code for lang in all_languages() if not lang.cases]

#: A made-up language with German's shape, so the model is checked whatever languages are shipped.
TOY = Language(
    code="xx", own_name="xx", english_name="Toy", plural_forms="nplurals=2; plural=(n != 1);",
    feminine_cards=frozenset({"queen", "number"}), neuter_cards=frozenset({"ace"}),
    cases=("nom", "acc", "dat"),
    declensions={"acc": {MASCULINE: {"der": "den", "ein": "einen", "Bube": "Buben"}},
                 "dat": {MASCULINE: {"der": "dem", "Bube": "Buben"}, FEMININE: {"die": "der"},
                         NEUTER: {"das": "dem"}}},
)


def said(*parts: object) -> str:
    return utter(*parts).text()  # type: ignore[arg-type]


def test_a_card_has_one_of_three_genders() -> None:
    assert [TOY.gender(n) for n in ("ace", "jack", "queen", "number")] == [NEUTER, MASCULINE, FEMININE, FEMININE]
    with pytest.raises(ValueError):
        Language(code="xx", own_name="xx", english_name="x", plural_forms="", feminine_cards=frozenset({"ace"}),
                 neuter_cards=frozenset({"ace"}))


def test_a_declension_names_only_the_language_s_later_cases_and_genders() -> None:
    with pytest.raises(ValueError):  # the first case is the catalog's own words: nothing to change
        Language(code="xx", own_name="xx", english_name="x", plural_forms="", cases=("nom", "acc"),
                 declensions={"nom": {MASCULINE: {"der": "den"}}})
    with pytest.raises(ValueError):
        Language(code="xx", own_name="xx", english_name="x", plural_forms="", cases=("nom", "acc"),
                 declensions={"acc": {"common": {"der": "den"}}})
    with pytest.raises(ValueError):
        TOY.decline("der Bube", MASCULINE, "gen")


def test_decline_changes_whole_words_by_gender_and_keeps_a_capital() -> None:
    assert TOY.decline("der Pik-Bube", MASCULINE, "acc") == "den Pik-Buben"
    assert TOY.decline("Der Pik-Bube", MASCULINE, "dat") == "Dem Pik-Buben"
    assert TOY.decline("die Herz-Dame", FEMININE, "acc") == "die Herz-Dame"
    assert TOY.decline("die Herz-Dame", FEMININE, "dat") == "der Herz-Dame"
    assert TOY.decline("das Ass", NEUTER, "dat") == "dem Ass"
    assert TOY.decline("der Buben", MASCULINE, "nom") == "der Buben"  # the first case: as given
    assert TOY.decline("Bubentrick oder", MASCULINE, "acc") == "Bubentrick oder"  # never inside a word


def test_declined_parts_change_articles_and_cards_and_nothing_else() -> None:
    card = Card(Rank.JACK, Suit.SPADES)
    parts = ["vor ", Article("der ", MASCULINE), card, ", Trumpf"]
    out = declined(parts, "acc", TOY)
    assert out == ["vor ", "den ", Declined(Rank.JACK, Suit.SPADES, "acc"), ", Trumpf"]
    assert isinstance(out[1], Article) and out[1].gender == MASCULINE
    assert declined(parts, "nom", TOY) is parts
    assert declined(card, "dat", TOY) == Declined(Rank.JACK, Suit.SPADES, "dat")
    again = declined(Declined(Rank.JACK, Suit.SPADES, "acc"), "dat", TOY)
    assert isinstance(again, Declined) and again.case == "dat"
    # A declined card is the card: found in a hand (a braille display's routing key), and hashed alike.
    assert again == card and card == again and again in [card] and {again: 1}[card] == 1
    assert declined("Anna", "acc", TOY) == "Anna"
    assert declined(JOKER, "acc", describe("en")) is JOKER  # no cases: as given


@pytest.mark.parametrize("code", WITHOUT_CASES)
def test_a_language_without_cases_says_a_marked_placeholder_as_written(code: str) -> None:
    """fill leaves a mark that is no case of the language in the sentence: English, French and Spanish
    say "{card:acc}" (a slip) as it is, and every unmarked sentence exactly as before cases existed."""
    with in_language(code):
        card = Card(Rank.QUEEN, Suit.HEARTS)
        marked = fill("{c:acc} {c}", c=the_card(card))
        assert marked[0].startswith("{c:acc} ") and marked[1:] == tuple(the_card(card)[1:]), marked
        assert not any(isinstance(p, Declined) for c in ALL_CARDS for p in the_card(c))


def grammar(code: str) -> dict[str, Any]:
    lang = describe(code)
    assert lang.golden_dir is not None, code
    checks: dict[str, Any] = json.loads((ROOT / lang.golden_dir / "checks.json").read_text(encoding="utf-8"))
    return checks["grammar"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("code", WITH_CASES)
def test_every_card_takes_the_article_of_each_case(code: str) -> None:
    rules = grammar(code)["cases"]
    lang = describe(code)
    assert set(rules) == set(lang.cases), (code, "checks.json names each case's articles")
    with in_language(code):
        for case in lang.cases:
            for card in ALL_CARDS:
                text = said(*fill(f"{{c:{case}}}", c=the_card(card)))
                want = rules[case]["joker" if card.is_joker else card_gender(card)]
                assert text.startswith(want), (code, case, card, text)
                assert f"{{c:{case}}}".format(c=the_card_words(card)) == text, (code, case, card)


@pytest.mark.parametrize("code", WITH_CASES)
def test_whole_cards_in_each_case(code: str) -> None:
    """"der Pik-Bube", "den Pik-Buben", "dem Pik-Buben", "das Pik-Ass": the examples of checks.json."""
    examples = grammar(code)["examples"]
    assert examples, code
    with in_language(code):
        for case, cards in examples.items():
            for card_code, want in cards.items():
                assert said(*fill(f"{{c:{case}}}", c=the_card(parse_card(card_code)))) == want, (code, case)


#: The calls that translate a sentence, and the index of its first English argument.
_TRANSLATING = {"_": 0, "pgettext": 1, "ngettext": 0, "npgettext": 1}
#: The helpers whose value str.format can decline (speech.phrases.Phrase).
_DECLINABLE = {"Phrase", "the_card_words", "_the"}


def _formatted_sentences() -> dict[str, set[str]]:
    """Each English sentence the code fills with ``str.format`` directly (``_("...").format(...)``), and
    the names of its values that are Phrases, which a case mark may decline."""
    import ast

    found: dict[str, set[str]] = {}
    for folder in ("speech", "access_game", "braille"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "format" and isinstance(node.func.value, ast.Call)):
                    continue
                call = node.func.value
                if not (isinstance(call.func, ast.Name) and call.func.id in _TRANSLATING):
                    continue
                declinable = {k.arg for k in node.keywords if k.arg and isinstance(k.value, ast.Call)
                              and isinstance(k.value.func, ast.Name) and k.value.func.id in _DECLINABLE}
                for arg in call.args[_TRANSLATING[call.func.id]:]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.setdefault(arg.value, set()).update(declinable)
    return found


@pytest.mark.parametrize("code", WITH_CASES)
def test_a_case_is_marked_only_where_the_code_can_decline_the_card(code: str) -> None:
    """str.format cannot decline a plain text ("{card:acc}" of a str raises ValueError): a sentence the
    code fills with str.format marks a case only on a value given as a Phrase (the_card_words);
    every other card is filled by speech.i18n.fill, which declines articles and cards."""
    import re

    from babel.messages.pofile import read_po

    from speech.i18n import LOCALE_DIR

    formatted = _formatted_sentences()
    marks = re.compile(r"\{(\w+):(\w+)\}")
    with open(LOCALE_DIR / code / "LC_MESSAGES" / "access_game.po", "rb") as src:
        catalog = read_po(src, locale=code)
    wrong = []
    for entry in catalog:
        ids = (entry.id,) if isinstance(entry.id, str) else tuple(entry.id)
        strings = (entry.string,) if isinstance(entry.string, str) else tuple(entry.string or ())
        for english in ids:
            if english not in formatted:
                continue
            for text in strings:
                wrong += [(english, m.group(0)) for m in marks.finditer(text)
                          if m.group(2) in describe(code).cases and m.group(1) not in formatted[english]]
    assert not wrong, f"{code}: a case marked on a value str.format cannot decline: {wrong[:5]}"
