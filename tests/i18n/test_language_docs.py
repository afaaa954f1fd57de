"""Each language's documents, in the folder its description names (docs/fr/, docs/es/): the index
names every document there, every link leads to a file and a heading, the keys document is what the
generator writes from the games' registries in that language, the card words are the catalog's,
every option named is the command line's, and every option an English document names is named by its
translation (the index pairs them). A new language's docs are checked by being described.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from doc_options import missing_options, translations, unknown_options

from access_game.ui.keys_doc import render_keys_doc
from engine.notation import parse_card
from speech.i18n import in_language
from speech.languages import Language, all_languages
from speech.phrases import card_words

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [lang for lang in all_languages()[1:]]


def docs_of(lang: Language) -> list[Path]:
    return sorted((ROOT / lang.docs_dir).glob("*.md"))


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_the_index_names_every_document_and_every_link_leads_somewhere(lang: Language) -> None:
    folder = ROOT / lang.docs_dir
    docs = docs_of(lang)
    assert (folder / "README.md") in docs and (ROOT / lang.keys_doc) in docs
    index = (folder / "README.md").read_text(encoding="utf-8")
    for doc in docs:
        assert doc.name == "README.md" or f"]({doc.name})" in index, (lang.code, doc.name)
        for target in re.findall(r"\]\(([^)]+)\)", doc.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://")):
                continue
            path, _, frag = target.partition("#")
            file = (folder / path).resolve() if path else doc
            assert file.exists(), (doc.name, target)
            if frag:
                headings = [anchor(h) for h in re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), re.M)]
                assert frag in headings, (doc.name, target, headings)


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_the_keys_document_is_what_the_generator_writes(lang: Language) -> None:
    with in_language(lang.code):
        written = render_keys_doc()
    regenerate = f".venv/bin/python -m access_game.ui.keys_doc --lang {lang.code}"
    assert (ROOT / lang.keys_doc).read_text(encoding="utf-8") == written, f"out of date: run {regenerate}"


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_the_index_says_the_cards_as_the_game_does(lang: Language) -> None:
    index = (ROOT / lang.docs_dir / "README.md").read_text(encoding="utf-8")
    with in_language(lang.code):
        for code in ("qh", "10st"):
            assert card_words(parse_card(code)) in index, (lang.code, card_words(parse_card(code)))


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_the_index_pairs_every_document_with_the_english_one_it_translates(lang: Language) -> None:
    pairs = translations(lang)
    for doc in docs_of(lang):
        assert doc.name == "README.md" or doc in pairs.values(), (
            f"{lang.code}/README.md: add the row | [{doc.name}]({doc.name}) | [../SOURCE.md](../SOURCE.md) |")
    for english, translated in pairs.items():
        assert (ROOT / "docs" / english).exists() and translated.exists(), (english, translated.name)


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_every_option_an_english_document_names_its_translation_names(lang: Language) -> None:
    assert missing_options(lang) == {}


@pytest.mark.parametrize("folder", sorted({lang.docs_dir for lang in all_languages()}))
def test_every_option_the_documents_name_is_the_command_line_s(folder: str) -> None:
    unknown = {doc.name: sorted(unknown_options(doc.read_text(encoding="utf-8")))
               for doc in sorted((ROOT / folder).glob("*.md"))}
    assert {name: options for name, options in unknown.items() if options} == {}
