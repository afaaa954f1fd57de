"""The language catalogs are whole and true to the code: every sentence has its translation in every
language the game speaks (speech/languages/), no placeholder is lost or invented, a case marked on one
is a case of the language, the template is a fresh extraction and the compiled .mo is the .po."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from catalogs import FR_PO, LOCALE, POT, RUN, messages, placeholders, read, update_script

from speech.languages import all_languages, describe

#: Every language with a catalog (English is the code's own words).
TRANSLATED = [lang.code for lang in all_languages()[1:]]


def _po(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "access_game.po"


def test_template_is_a_fresh_extraction() -> None:
    fresh = set(messages(update_script().extract()))
    committed = set(messages(read(POT)))
    new = sorted(map(str, fresh - committed))[:10]
    gone = sorted(map(str, committed - fresh))[:10]
    assert fresh == committed, f"the catalog template is out of date ({RUN}); new: {new}; gone: {gone}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_sentence_has_a_translation(code: str) -> None:
    translated = messages(read(_po(code), code))
    missing = []
    for key in messages(read(POT)):
        entry = translated.get(key)
        strings = () if entry is None else (entry.string,) if isinstance(entry.string, str) else entry.string
        if entry is None or entry.fuzzy or not strings or not all(strings):
            missing.append(key)
    assert not missing, f"{len(missing)} sentences have no {describe(code).english_name} ({RUN}), e.g. {missing[:10]}"


def test_french_plural_rule_is_zero_and_one_singular() -> None:
    catalog = read(FR_PO, "fr")
    assert catalog.num_plurals == 2
    assert catalog.plural_expr.replace(" ", "") == "(n>1)"


def _pairs(code: str) -> list[tuple[str, str]]:
    """(English, translation) for every form of every translated sentence."""
    pairs = []
    for entry in messages(read(_po(code), code)).values():
        if isinstance(entry.id, str):
            assert isinstance(entry.string, str), entry.id
            pairs.append((entry.id, entry.string))
        else:
            singular, plural = entry.id
            forms = tuple(entry.string)
            pairs.append((singular, forms[0]))
            pairs.extend((plural, form) for form in forms[1:])
    return [(en, fr) for en, fr in pairs if fr]


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_drops_or_adds_a_placeholder(code: str) -> None:
    wrong = [(en, tr) for en, tr in _pairs(code) if placeholders(en) != placeholders(tr)]
    assert not wrong, f"placeholders differ in {len(wrong)} translations: {wrong[:5]}"


_SPEC = re.compile(r"\{(\w+):([^{}]*)\}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_case_marked_on_a_placeholder_is_a_case_of_the_language(code: str) -> None:
    """A translation may mark a card's placeholder with a case ("{the_card:acc}"); any other mark the
    English does not have is a slip (a case misspelt would be left in the sentence as written)."""
    cases = describe(code).cases
    wrong = []
    for en, tr in _pairs(code):
        english = {m.group(0) for m in _SPEC.finditer(en)}
        wrong += [(m.group(0), tr) for m in _SPEC.finditer(tr) if m.group(0) not in english and m.group(2) not in cases]
    assert not wrong, f"{code}: marks that are no case of the language ({', '.join(cases) or 'none'}): {wrong[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_keep_their_placeholders(code: str) -> None:
    for entry in messages(read(_po(code), code)).values():
        if not isinstance(entry.id, str):
            plural = entry.id[1]
            forms = tuple(entry.string)
            assert len(forms) == 2, entry.id
            # the singular may leave the number out ("one card") only if English does too
            assert set(placeholders(forms[1])) == set(placeholders(plural)), entry.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_compiled_catalog_is_the_po(code: str) -> None:
    with open(_po(code).with_suffix(".mo"), "rb") as src:
        compiled = gettext.GNUTranslations(src)
    table: dict[object, str] = compiled._catalog  # type: ignore[attr-defined]
    for entry in messages(read(_po(code), code)).values():
        if entry.fuzzy:
            continue
        key = entry.id if isinstance(entry.id, str) else entry.id[0]
        if entry.context:
            key = f"{entry.context}\x04{key}"  # gettext's way of keeping a context with its message
        if isinstance(entry.id, str):
            assert table.get(key) == entry.string, f"the .mo is older than the .po ({RUN})"
        else:
            for index, form in enumerate(entry.string):
                assert table.get((key, index)) == form, f"the .mo is older than the .po ({RUN})"
    assert len({k if isinstance(k, str) else k[0] for k in table if k}) == len(
        [m for m in messages(read(_po(code), code)).values() if not m.fuzzy]), f"the .mo has other sentences ({RUN})"


@pytest.mark.parametrize(("text", "found"), [("{name} draws {card}.", ["card", "name"]),
                                             ("%(n)d points, %s, 100%%", ["%(n)", "%s"]),
                                             ("{{literal}} {n:>3}", ["n"])])
def test_placeholder_finder_sees_both_styles(text: str, found: list[str]) -> None:
    assert placeholders(text) == found


def test_no_sentence_is_bare_punctuation_without_a_context() -> None:
    """Every text part said is looked up in the catalog (``utter``), so a bare separator such as '; '
    given French without a context would change every list's separator, not just the one meant."""
    bare = [entry.id for entry in read(POT) if entry.id and not entry.context
            and isinstance(entry.id, str) and not any(ch.isalnum() or ch == "{" for ch in entry.id)]
    assert not bare, f"give these a context (pgettext): {bare}"
