"""The command-line options the player's documents name, and which English document each translated
one is the translation of.

A language's index (its docs folder's README.md) ends with a table of its documents, each beside the
English one it translates: ``| [en-ligne.md](en-ligne.md) | [../online.md](../online.md) |``. That
table, written once where a reader finds the originals too, is the map the tests read, so a new
language's documents are checked by being listed there.

An option is named in code (a fenced block or a `span`); it belongs to access-game when the line
runs access-game, one of its modules, or names the option alone, and not when the line runs another
program (``redis-server --appendonly no``).

Run as a script, it prints the options each translation lacks and their count:
``.venv/bin/python tests/i18n/doc_options.py``.
"""

from __future__ import annotations

import argparse
import re
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from access_game.cli import build_parser  # noqa: E402
from speech.languages import Language, all_languages  # noqa: E402

#: A row of an index's table: a translated document, then the English one it translates.
PAIR = re.compile(r"^\| \[[^\]]*\]\(([\w.-]+\.md)\) \| \[[^\]]*\]\(\.\./([\w.-]+\.md)\) \|$", re.M)
FENCED = re.compile(r"^```.*?^```", re.S | re.M)
#: An inline span, which may run over a line break where a paragraph is wrapped.
INLINE = re.compile(r"`((?:[^`\n]|\n(?!\n))+)`")
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
#: Programs other than access-game whose options the documents quote (Redis's server, Python's
#: tools): their lines are not access-game's.
OTHER_PROGRAMS = ("redis-server", "redis-cli", "espeak-ng", "pip", "pytest", "git", "mutmut", "ruff", "mypy", "psql")
#: Where the program's own parsers are declared: the command line's and its modules' (benches,
#: scripts) run with ``python -m``.
SOURCES = ("access_game", "scripts")


def translations(lang: Language) -> dict[str, Path]:
    """English document name → the translation in ``lang``'s folder, as its index pairs them."""
    folder = ROOT / lang.docs_dir
    index = (folder / "README.md").read_text(encoding="utf-8")
    return {english: folder / name for name, english in PAIR.findall(index)}


def code_lines(text: str) -> list[str]:
    """Each line of code in a document: every line of a fenced block, every inline span (a wrapped
    one joined again)."""
    lines = [line.strip() for block in FENCED.findall(text) for line in block.splitlines()[1:-1]]
    return lines + [" ".join(span.split()) for span in INLINE.findall(FENCED.sub("", text))]


def is_other_program(line: str) -> bool:
    words = line.split()
    return bool(words) and any(words[0].endswith(program) for program in OTHER_PROGRAMS)


def options_named(text: str) -> set[str]:
    """The access-game options a document names in its code."""
    return {o for line in code_lines(text) if not is_other_program(line) for o in OPTION.findall(line)}


def parser_options(parser: argparse.ArgumentParser) -> set[str]:
    return {o for action in parser._actions for o in action.option_strings}


@cache
def subcommands() -> dict[str, set[str]]:
    """Each subcommand's options (its parser's, and the top level's before it)."""
    parser = build_parser()
    top = parser_options(parser)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: top | parser_options(p) for name, p in sub.choices.items()}


@cache
def known_options() -> frozenset[str]:
    """Every option access-game's parsers take: the command line's, and its modules' (as their
    ``add_argument`` calls declare them)."""
    known = set().union(*subcommands().values())
    for folder in SOURCES:
        for source in sorted((ROOT / folder).rglob("*.py")):
            known |= set(re.findall(r"add_argument\(\s*(?:\"-\w\",\s*)?\"(--[a-z][a-z0-9-]*)\"",
                                    source.read_text(encoding="utf-8")))
    return frozenset(known)


def unknown_options(text: str) -> set[str]:
    """Options a document names that access-game does not take: on a line running a subcommand,
    that subcommand's; elsewhere, any of the program's parsers."""
    unknown = set()
    for line in code_lines(text):
        if is_other_program(line):
            continue
        named = set(OPTION.findall(line))
        run = re.search(r"access-game(?:\.exe)? ([a-z][a-z-]*)", line)
        allowed = subcommands().get(run.group(1), known_options()) if run else known_options()
        unknown |= named - allowed
    return unknown


def missing_options(lang: Language) -> dict[str, list[str]]:
    """For each translated document of ``lang``: the options its English document names that it does
    not."""
    missing = {}
    for english, translated in translations(lang).items():
        source = options_named((ROOT / "docs" / english).read_text(encoding="utf-8"))
        lacks = sorted(source - options_named(translated.read_text(encoding="utf-8")))
        if lacks:
            missing[translated.name] = lacks
    return missing


def main() -> None:
    total = 0
    for lang in all_languages()[1:]:
        for name, lacks in missing_options(lang).items():
            print(f"{lang.code}/{name}: {' '.join(lacks)}")
            total += len(lacks)
    print(f"options named in English docs missing from translations: {total}")


if __name__ == "__main__":
    main()
