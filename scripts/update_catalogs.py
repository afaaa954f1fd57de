"""Bring the language catalogs up to date with the sentences in the code.

Run after adding or changing any sentence marked with ``_``, ``N_``, ``ngettext`` or the engine's
``Reason``:

    .venv/bin/python scripts/update_catalogs.py

It extracts every marked sentence of engine/, speech/, braille/ and access_game/ (the mapping is
babel.cfg) into speech/locale/access_game.pot, updates each language's access_game.po from it (kept
translations stay; a sentence no longer in the code is dropped; a new one comes in untranslated), and
compiles access_game.mo beside each .po, so an installed game needs no build step. The tests in
tests/i18n fail until this has been run and the new sentences translated.

It also keeps the catalog of the words Python's argparse makes itself ("usage:", "error:", "the
following arguments are required"), domain ``argparse``: their English comes from the argparse of the
Python running the script, so a sentence a newer Python adds comes in untranslated, and a sentence it
no longer has stays (an older Python still says it).
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from speech.languages import all_languages  # noqa: E402

LOCALE_DIR = ROOT / "speech" / "locale"
DOMAIN = "access_game"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: The domain of argparse's own words (the same name its how-to uses).
ARGPARSE_DOMAIN = "argparse"
#: The calls that mark a sentence, and which of their arguments are the sentence (singular, plural).
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "Reason": None}
#: Languages with a catalog (English is the code's own words), each described in speech/languages/.
TRANSLATED = tuple(lang.code for lang in all_languages()[1:])
#: The plural rule each language's catalog uses, from its description (French: 0 and 1 singular).
PLURAL_FORMS = {lang.code: lang.plural_forms for lang in all_languages()[1:]}
#: A fixed date in the headers, so running the script twice changes nothing.
_STAMP = datetime(2026, 1, 1, tzinfo=UTC)


def extract() -> Catalog:
    """Every marked sentence of the code, with the files it is in (no line numbers: they churn)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    catalog = Catalog(project="access-game", version="0.1.0", creation_date=_STAMP, revision_date=_STAMP,
                      charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _write_po(path: Path, catalog: Catalog) -> None:
    with open(path, "wb") as out:
        write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)


def _read_catalog(lang: str, domain: str) -> Catalog:
    """``lang``'s catalog of ``domain`` as it stands (an empty one the first time)."""
    po_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if po_path.exists():
        with open(po_path, "rb") as src:
            catalog = read_po(src, locale=lang, domain=domain)
    else:
        catalog = Catalog(locale=lang, domain=domain, project="access-game", version="0.1.0",
                          creation_date=_STAMP, revision_date=_STAMP, fuzzy=False)
    if lang in PLURAL_FORMS:
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    return catalog


def _save_catalog(catalog: Catalog, lang: str, domain: str) -> tuple[int, int]:
    """Write the .po and compile the .mo beside it; (messages, translated)."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    _write_po(folder / f"{domain}.po", catalog)
    with open(folder / f"{domain}.mo", "wb") as out:
        write_mo(out, catalog)
    messages = [m for m in catalog if m.id]
    return len(messages), len([m for m in messages if not m.fuzzy and _translated(m.string)])


def _fill_from_compendium(catalog: Catalog, lang: str) -> None:
    """Give each untranslated sentence the translation ``lang``'s compendium holds for it, if any.

    A compendium (``speech/locale/LANG/compendium.po``, gettext's word) keeps translations written ahead
    of their sentences: sentences another line of work is adding to the code, translated before it is
    merged, come in translated when this script next meets them. It never overrides a translation."""
    path = LOCALE_DIR / lang / "compendium.po"
    if not path.exists():
        return
    with open(path, "rb") as src:
        compendium = read_po(src, locale=lang)
    for message in catalog:
        if not message.id or _translated(message.string):
            continue
        kept = compendium.get(message.id if isinstance(message.id, str) else message.id[0], context=message.context)
        if kept is not None and _translated(kept.string) and type(kept.id) is type(message.id):
            message.string = kept.string


def update_language(template: Catalog, lang: str) -> tuple[int, int]:
    """Update ``lang``'s .po from the template (and its compendium) and compile its .mo; (messages,
    translated)."""
    catalog = _read_catalog(lang, DOMAIN)
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=True)
    _fill_from_compendium(catalog, lang)
    return _save_catalog(catalog, lang, DOMAIN)


def update_argparse(lang: str) -> tuple[int, int]:
    """Add the running argparse's words to ``lang``'s argparse catalog, keep every one already there,
    and compile it; (messages, translated)."""
    catalog = _read_catalog(lang, ARGPARSE_DOMAIN)
    for _lineno, message, _comments, _context in extract_from_file(
            "python", argparse.__file__, keywords={"_": None, "ngettext": (1, 2)}):
        key = message if isinstance(message, str) else message[0]
        if key not in catalog:
            catalog.add(message, None if isinstance(message, str) else ("", ""))
    for message in catalog:
        message.locations = []
    return _save_catalog(catalog, lang, ARGPARSE_DOMAIN)


def _translated(string: str | tuple[str, ...] | list[str] | None) -> bool:
    forms = (string,) if isinstance(string, str) else tuple(string or ())
    return bool(forms) and all(forms)


def main() -> int:
    template = extract()
    with open(TEMPLATE, "wb") as out:
        write_po(out, template, width=100, sort_output=True, include_lineno=False)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len([m for m in template if m.id])} messages")
    for lang in TRANSLATED:
        total, done = update_language(template, lang)
        print(f"{lang}: {done} of {total} translated")
        total, done = update_argparse(lang)
        print(f"{lang} ({ARGPARSE_DOMAIN}): {done} of {total} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
