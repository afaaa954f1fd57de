"""argparse's own words (the usage line, "error:", "invalid choice") are in the player's language.

A French player who mistypes an option reads the usage and the error in French, like the help; the
words come from the argparse catalog (``speech/locale/fr/LC_MESSAGES/argparse.po``), which
``scripts/update_catalogs.py`` keeps in step with the running Python's argparse.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from speech.i18n import command_line_words


def run(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "LANGUAGE")}
    env.update(ACCESS_GAME_HOME=str(home), LANG="C.UTF-8")
    return subprocess.run([sys.executable, "-m", "access_game", *args], capture_output=True, text=True, env=env,
                          timeout=60, check=False)


@pytest.mark.parametrize(("args", "french", "english"), [
    (["play", "--players", "x"], "access-game play : erreur : argument --players : 'x' n'est pas un nombre entier",
     "access-game play: error: argument --players: 'x' is not a whole number"),
    (["labels", "--embosser-left", "x"], "argument --embosser-left : 'x' n'est pas un nombre.",
     "argument --embosser-left: 'x' is not a number."),
    (["hand", "--game", "zz"], "choix invalide : 'zz' (choisir parmi",
     "invalid choice: 'zz' (choose from"),
    (["hand"], "access-game hand : erreur : ces arguments sont requis : CARTE",
     "the following arguments are required: CARD"),
    (["play", "--bogus"], "erreur : arguments non reconnus : --bogus", "error: unrecognized arguments: --bogus"),
])
def test_a_bad_argument_is_reported_in_the_chosen_language(tmp_path: Path, args: list[str], french: str,
                                                           english: str) -> None:
    fr = run(["--lang", "fr", *args], tmp_path)
    assert fr.returncode == 2
    assert fr.stderr.startswith("access-game") and len(fr.stderr.splitlines()) == 1, fr.stderr
    assert french in fr.stderr and "error" not in fr.stderr and "usage:" not in fr.stderr
    en = run(args, tmp_path)
    assert en.returncode == 2 and en.stderr.startswith("access-game") and english in en.stderr


def test_the_help_headings_are_french(tmp_path: Path) -> None:
    out = run(["--lang", "fr", "hand", "--help"], tmp_path).stdout
    assert out.startswith("utilisation : access-game hand")
    assert "\narguments positionnels :\n" in out and "\noptions :\n" in out
    assert "afficher cette aide et quitter" in out and "show this help" not in out


def test_every_word_of_this_pythons_argparse_has_french() -> None:
    words = command_line_words("fr")
    missing = []
    for _line, message, _comments, _context in extract_from_file(
            "python", argparse.__file__, keywords={"_": None, "ngettext": (1, 2)}):
        if isinstance(message, str):
            untranslated = words.gettext(message) == message
        else:
            untranslated = words.ngettext(message[0], message[1], 2) == message[1]
        if untranslated:
            missing.append(message)
    assert not missing, f"run scripts/update_catalogs.py and translate in argparse.po: {missing}"


def test_english_keeps_argparse_as_it_is() -> None:
    words = command_line_words("en")
    assert words.gettext("usage: ") == "usage: "
