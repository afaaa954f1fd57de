"""Numbers said the language's way before any voice, and every printed line (``hand`` and ``simulate``
too) made by the sentence builder of play: contractions, numbers, typography.

Real parts: the language descriptions, Babel's number data, espeak-ng's own voices, and the program
run in a process of its own (``access-game --lang LANG hand ...``), as a player runs it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from speech.languages import Language, describe
from speech.numbers import normalise, ordinal

COMMAND = Path(sys.executable).parent / "access-game"


def run(lang: str, *args: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    done = subprocess.run([str(COMMAND), "--lang", lang, *args], capture_output=True, text=True, env=env, timeout=300,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]


def test_a_minus_and_a_decimal_point_become_the_language_s_and_tokens_stay() -> None:
    text = "Points -210, ratio 1.44, share 0.5; 127.0.0.1, v1.2, fr-bfu-g2.ctb, 3-5, A-2-3."
    assert normalise(text, describe("en")) == text
    assert normalise(text, describe("fr")) == (
        "Points moins 210, ratio 1,44, share 0,5; 127.0.0.1, v1.2, fr-bfu-g2.ctb, 3-5, A-2-3.")
    assert normalise(text, describe("es")).startswith("Points menos 210, ratio 1,44, share 0,5;")


def test_the_decimal_mark_is_babel_s_when_a_language_names_none() -> None:
    german = Language(code="de", own_name="Deutsch", english_name="German", plural_forms="nplurals=2; plural=(n != 1);")
    assert german.decimal_mark is None and german.decimal(12.5, ".1f") == "12,5"
    assert normalise("1.44", german) == "1,44"


@pytest.mark.parametrize(("code", "places"), [("en", ["1st", "2nd", "3rd", "4th", "11th", "22nd"]),
                                              ("fr", ["1er", "2e", "3e", "4e", "11e", "22e"]),
                                              ("es", ["1.º", "2.º", "3.º", "4.º", "11.º", "22.º"])])
def test_ordinals_are_abbreviated_as_the_language_writes_them(code: str, places: list[str]) -> None:
    assert [ordinal(n, describe(code)) for n in (1, 2, 3, 4, 11, 22)] == places


def _phonemes(voice: str | None, text: str) -> str:
    exe = shutil.which("espeak-ng")
    assert exe, "espeak-ng is installed by .ci/run"
    command = [exe, "-q", "-x", *(["-v", voice] if voice else []), "--", text]
    return subprocess.run(command, capture_output=True, text=True, check=True, timeout=10).stdout


@pytest.mark.parametrize("code", ["fr", "es"])
def test_ctrl_is_said_as_the_language_says_it_not_spelled(code: str) -> None:
    """espeak-ng's Spanish voice spells "Ctrl" ("te te erre ele"): the voice is given the word."""
    lang = describe(code)
    heard = _phonemes(lang.espeak_voice, lang.for_espeak("Ctrl+Inicio"))
    assert heard.lower().startswith(("_::ko", "ko")), (code, heard)


def test_hand_in_french_elides_says_the_minus_and_prints_french_typography() -> None:
    lines = run("fr", "hand", "--game", "contract-rummy", "--contract", "1", "7h", "7c", "jo", "5s", "6s", "7s", "8s",
                "ah", "ad", "as")
    assert any(line.startswith("Série d'as\u202f: ") for line in lines), lines
    assert not any(" de as" in line or re.search(r"\w[;:] ", line) for line in lines), lines
    upcard = run("fr", "hand", "--game", "upcard-rummy", "--wild", "5", "9d", "kh", "qh")
    assert upcard[-1].endswith("font moins 30."), upcard


def test_hand_in_spanish_says_the_minus_and_gin_s_knock_is_cortar() -> None:
    upcard = run("es", "hand", "--game", "upcard-rummy", "--wild", "5", "9d", "kh", "qh")
    assert upcard[-1].endswith("da menos 30.") and "-30" not in upcard[-1], upcard
    # Eleven cards with two kings: the two equal choices of a discard are not compared as cards.
    gin = run("es", "hand", "--game", "gin-rummy", "ah", "2h", "3h", "7c", "7d", "7s", "kd", "9c", "10c", "qs", "kh")
    assert gin[-1].startswith("No puedes cortar"), gin


def test_simulate_counts_its_games_as_the_language_does() -> None:
    lines = run("es", "simulate", "--game", "five-crowns", "--games", "2", "--players", "easy,easy")
    progress = [line for line in lines if line.startswith("simulate:")]  # on standard error
    assert [line.split(",")[0] for line in progress] == ["simulate: partida 1 de 2", "simulate: partida 2 de 2"], lines
    assert not any(re.search(r"\d\.\d", line) for line in lines), lines
