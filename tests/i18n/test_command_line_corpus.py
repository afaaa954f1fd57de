"""No English in anything the command line prints in another language: every command's help, its
output, and every validation error, found by walking the real parser (tests/i18n/leak_corpus.py), each
command line run for real in a process of its own (the network commands in a pseudo-terminal).

The languages are speech.i18n.LANGUAGES after English, so a new language is checked as soon as it
exists. Figures: ``.venv/bin/python tests/i18n/leak_corpus.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from leak_corpus import cli_corpus, cli_finder, option_runs

from speech.i18n import LANGUAGES


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
