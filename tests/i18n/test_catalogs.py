"""The language catalogs are whole and true to the code: every sentence has French, no placeholder is
lost or invented, the template is a fresh extraction and the compiled .mo is the .po."""

from __future__ import annotations

import gettext

import pytest
from catalogs import FR_MO, FR_PO, POT, RUN, messages, placeholders, read, update_script


def test_template_is_a_fresh_extraction() -> None:
    fresh = set(messages(update_script().extract()))
    committed = set(messages(read(POT)))
    new = sorted(map(str, fresh - committed))[:10]
    gone = sorted(map(str, committed - fresh))[:10]
    assert fresh == committed, f"the catalog template is out of date ({RUN}); new: {new}; gone: {gone}"


def test_every_sentence_has_a_french_translation() -> None:
    french = messages(read(FR_PO, "fr"))
    missing = []
    for key in messages(read(POT)):
        entry = french.get(key)
        strings = () if entry is None else (entry.string,) if isinstance(entry.string, str) else entry.string
        if entry is None or entry.fuzzy or not strings or not all(strings):
            missing.append(key)
    assert not missing, f"{len(missing)} sentences have no French ({RUN}), e.g. {missing[:10]}"


def test_french_plural_rule_is_zero_and_one_singular() -> None:
    catalog = read(FR_PO, "fr")
    assert catalog.num_plurals == 2
    assert catalog.plural_expr.replace(" ", "") == "(n>1)"


def _pairs() -> list[tuple[str, str]]:
    """(English, French) for every form of every translated sentence."""
    pairs = []
    for entry in messages(read(FR_PO, "fr")).values():
        if isinstance(entry.id, str):
            assert isinstance(entry.string, str), entry.id
            pairs.append((entry.id, entry.string))
        else:
            singular, plural = entry.id
            forms = tuple(entry.string)
            pairs.append((singular, forms[0]))
            pairs.extend((plural, form) for form in forms[1:])
    return [(en, fr) for en, fr in pairs if fr]


def test_no_translation_drops_or_adds_a_placeholder() -> None:
    wrong = [(en, fr) for en, fr in _pairs() if placeholders(en) != placeholders(fr)]
    assert not wrong, f"placeholders differ in {len(wrong)} translations: {wrong[:5]}"


def test_plural_forms_keep_their_placeholders() -> None:
    for entry in messages(read(FR_PO, "fr")).values():
        if not isinstance(entry.id, str):
            plural = entry.id[1]
            forms = tuple(entry.string)
            assert len(forms) == 2, entry.id
            # the singular may leave the number out ("one card") only if English does too
            assert set(placeholders(forms[1])) == set(placeholders(plural)), entry.id


def test_compiled_catalog_is_the_po() -> None:
    with open(FR_MO, "rb") as src:
        compiled = gettext.GNUTranslations(src)
    table: dict[object, str] = compiled._catalog  # type: ignore[attr-defined]
    for entry in messages(read(FR_PO, "fr")).values():
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
        [m for m in messages(read(FR_PO, "fr")).values() if not m.fuzzy]), f"the .mo has other sentences ({RUN})"


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
