"""No English in anything the command line prints in another language: every command's help, its
output, and every validation error, found by walking the real parser (tests/i18n/leak_corpus.py), each
command line run for real in a process of its own (the network commands in a pseudo-terminal).

The languages are speech.i18n.LANGUAGES after English, so a new language is checked as soon as it
exists. Figures: ``.venv/bin/python tests/i18n/leak_corpus.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from leak_corpus import COMMAND, cli_corpus, cli_finder, option_runs

from speech.i18n import LANGUAGES, in_language
from speech.option_values import fold, read_value, value_word


def value_lists() -> list[tuple[str, ...]]:
    """The values of every option that takes one of a list: the parser's (walked) and the rule options'."""
    import argparse

    from access_game.catalog import games
    from access_game.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices.values()
    found = {tuple(a.type.values) for c in commands for a in c._actions if type(a.type).__name__ == "Choice"}
    found |= {o.choices for e in games() for o in e.options if o.kind == "choice"} | {("yes", "no")}
    return sorted(found)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_the_whole_command_line_corpus_has_no_english_line(lang: str, tmp_path: Path) -> None:
    corpus = cli_corpus(lang, tmp_path)
    assert all(corpus.values()), [args for args, out in corpus.items() if not out]
    lines = [line for out in corpus.values() for line in out]
    english = cli_finder(lang).english(lines)
    assert not english, f"{len(english)} of {len(lines)} command-line lines in {lang} hold English:\n" + "\n".join(
        f"{v.line}  <- {', '.join(v.words)} {' | '.join(v.sentences[:2])}" for v in english[:30])


def test_the_walk_reaches_every_option_that_takes_a_value(tmp_path: Path) -> None:
    """The corpus is the parser's, not a list: the options the issue named are in it, each with a value
    it refuses, and so is an option of every command that has one."""
    runs = option_runs(tmp_path)
    tried = {(run[0], run[-2]) for run in runs}
    assert {("play", "--sets"), ("play", "--level"), ("labels", "--cells-per-line"), ("labels", "--dot-diameter"),
            ("serve", "--port"), ("simulate", "--players")} <= tried
    assert {run[0] for run in runs} >= {"play", "solitaire", "hand", "labels", "simulate", "serve", "host", "online"}


def test_the_finder_of_the_command_line_lets_no_identifier_nor_english_name_pass() -> None:
    find = cli_finder("fr")
    assert find.verdict("D : draw. Piocher la carte du dessus de la pioche.") is not None
    assert find.verdict("dans quel palmarès le résultat compte (par défaut : You)") is not None
    assert find.verdict("D : Piocher la carte du dessus de la pioche. Joue un coup.") is None


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_option_values_are_typed_in_the_language_or_in_english(lang: str, tmp_path: Path) -> None:
    """Each value word is one token to type, read back as its value, as the English value is; and a real
    run takes both in one command line."""
    with in_language(lang):
        for values in value_lists():
            words = {value: value_word(value) for value in values}
            assert all(word and " " not in word for word in words.values()), words
            assert len(set(map(fold, words.values()))) == len(values), words  # no two values typed alike
            assert all(read_value(word, values) == value == read_value(value, values) for value, word in words.items())
        levels = f"{value_word('easy')},hard"
    env = {**os.environ, "ACCESS_GAME_HOME": str(tmp_path)}
    done = subprocess.run([str(COMMAND), "--lang", lang, "simulate", "--games", "1", "--players", levels, "--json"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert [seat["level"] for seat in json.loads(done.stdout)["seats"]] == ["easy", "hard"], done.stderr


def test_every_placeholder_the_help_shows_has_its_words() -> None:
    """Each value placeholder of the real parser (walked: SEED, -o FILE, CARD) is one the catalog words in
    each language (speech.option_values.METAVARS), so none is left in English in a help."""
    import argparse

    from access_game.cli import build_parser
    from speech.option_values import METAVARS

    def placeholders(parser: argparse.ArgumentParser) -> set[str]:
        found = set()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                found |= {action.metavar} | {m for p in action.choices.values() for m in placeholders(p)}
            elif isinstance(action.metavar, str) and "|" not in action.metavar:
                found.add(action.metavar)
        return found

    with in_language("en"):
        shown = placeholders(build_parser())
    assert "SEED" in shown and "CARD" in shown
    assert not shown - set(METAVARS), sorted(shown - set(METAVARS))
