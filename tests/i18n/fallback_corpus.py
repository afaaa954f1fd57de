"""Figures for the fallback per sentence: a whole game of each game in a language whose catalog lacks
every sentence that names a card (``{card}``, ``{the_card}``, ``{cards}``), as a language being
translated lacks them; how many lines and sentences are whole English, and how many half in each.

The program played is a copy of a commit (``git archive``, HEAD by default) with that catalog
compiled into it, run by this checkout's driver (tests/i18n/test_no_english_leaks.py) through
PYTHONPATH, so two commits are measured the same way:

    .venv/bin/python tests/i18n/fallback_corpus.py [--lang fr] [--commit REV]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT / "tests", ROOT / "tests" / "i18n"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

#: A word only the language's own sentences hold (French, Spanish): a line with one and English is mixed.
OWN_WORDS = {"fr": r"\b(le|la|les|du|des|cœur|carreau|trèfle|pique|étoiles|cartes?|atouts?|vous|et|sur|une?)\b|\b[dl]'",
             "es": r"\b(el|la|los|las|del|corazones|diamantes|tréboles|picas|estrellas|cartas?|comodín|y|tú|una?)\b"}
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý¿¡])")
CARD_SENTENCE = re.compile(r"\{(card|the_card|cards)\}")


def program_lacking_card_sentences(commit: str, lang: str, into: Path) -> int:
    """The program at ``commit`` in ``into``, its ``lang`` catalog without the card sentences; how many."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    folder = into / "speech" / "locale" / lang / "LC_MESSAGES"
    with open(folder / "access_game.po", "rb") as src:
        catalog = read_po(src, locale=lang)
    gone = [m.id for m in catalog if m.id and m.context is None
            and CARD_SENTENCE.search(m.id if isinstance(m.id, str) else m.id[0])]
    for message in gone:
        catalog.delete(message if isinstance(message, str) else message[0])
    with open(folder / "access_game.mo", "wb") as out:
        write_mo(out, catalog)
    return len(gone)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="fr", choices=sorted(OWN_WORDS))
    parser.add_argument("--commit", default="HEAD")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        program = Path(tmp) / "program"
        program.mkdir()
        gone = program_lacking_card_sentences(args.commit, args.lang, program)
        os.environ["PYTHONPATH"] = str(program)  # the games are processes of their own: they import the copy
        from leak_corpus import finder
        from test_no_english_leaks import play_whole_game

        from access_game.catalog import games

        find, own = finder(args.lang), re.compile(OWN_WORDS[args.lang])
        lines = [line for entry in games() for line in play_whole_game(args.lang, entry.name, Path(tmp) / entry.name)]
    english = [line for line in lines if find.verdict(line) is not None]
    sentences = [s for line in lines for s in _SENTENCE.split(line)]
    half = [s for s in sentences if find.verdict(s) is not None and own.search(s)]
    print(f"{args.lang} at {args.commit}, {gone} card sentences taken out of the catalog: {len(lines)} lines, "
          f"{sum(1 for line in english if not own.search(line))} whole English, "
          f"{sum(1 for line in english if own.search(line))} with both languages; {len(sentences)} sentences, "
          f"{len(half)} half in each")
    for sentence in sorted(set(half))[:10]:
        print("   ", sentence[:150])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
