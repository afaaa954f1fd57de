"""``--lang`` on every command, before or after its name; the settings' language; the system's locale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from access_game.cli import COMMAND_MODULES, asked_language, build_parser
from access_game.settings import Settings, resolve_language, stored_language
from speech.i18n import LANGUAGES, _, in_language, set_language
from speech.languages import all_languages

FRENCH_DESCRIPTION = "Jeux de cartes pour joueurs aveugles"
#: A real language the game does not speak (one with no description in speech/languages/).
UNSPOKEN = next(code for code in ("nl", "it", "pt", "pl", "sv") if code not in LANGUAGES)


def run(args: list[str], home: Path, lang_env: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "LANGUAGE")}
    env.update(ACCESS_GAME_HOME=str(home), LANG=lang_env)
    return subprocess.run([sys.executable, "-m", "access_game", *args], capture_output=True, text=True, env=env,
                          timeout=60, check=False)


@pytest.mark.parametrize("args", [["--lang", "fr", "--help"], ["--lang=fr", "--help"]])
def test_top_level_option_makes_help_french(tmp_path: Path, args: list[str]) -> None:
    result = run(args, tmp_path)
    assert result.returncode == 0 and FRENCH_DESCRIPTION in result.stdout


def test_english_is_the_default_for_a_c_locale(tmp_path: Path) -> None:
    result = run(["--help"], tmp_path)
    assert result.returncode == 0 and "Card games for blind players" in result.stdout


def test_the_system_locale_chooses_french(tmp_path: Path) -> None:
    assert FRENCH_DESCRIPTION in run(["--help"], tmp_path, lang_env="fr_FR.UTF-8").stdout
    assert "Card games for blind players" in run(["--lang", "en", "--help"], tmp_path, lang_env="fr_FR.UTF-8").stdout


def test_the_settings_language_is_used_unless_the_command_line_says_otherwise(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps(Settings(language="fr").to_data()))
    assert FRENCH_DESCRIPTION in run(["--help"], tmp_path).stdout
    assert "Card games for blind players" in run(["--help", "--lang", "en"], tmp_path).stdout


def test_option_after_the_command_and_before_it(tmp_path: Path) -> None:
    after = run(["keys", "--game", "five-crowns", "--lang", "fr"], tmp_path)
    before = run(["--lang", "fr", "keys", "--game", "five-crowns"], tmp_path)
    assert after.returncode == before.returncode == 0
    assert after.stdout == before.stdout


@pytest.mark.parametrize("args", [["--lang", UNSPOKEN, "--help"], ["hand", "--lang", "xx", "3h"], ["--lang"]])
def test_bad_language_exits_2_with_usage(tmp_path: Path, args: list[str]) -> None:
    result = run(args, tmp_path)
    assert result.returncode == 2
    assert "--help lists the options" in result.stderr and "--lang" in result.stderr


def test_every_command_takes_the_option() -> None:
    parser = build_parser()
    choices = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    names = [module.removesuffix("_cmd").replace("_", "-") for module in COMMAND_MODULES]
    assert set(names) <= set(choices)
    for name in names:
        assert "--lang" in choices[name].format_help(), name


def test_asked_language_reads_the_last_option() -> None:
    assert asked_language(["--lang", "en", "play", "--lang", "FR"]) == "fr"
    assert asked_language(["play", f"--lang={UNSPOKEN}"]) is None
    assert asked_language(["play", "--", "--lang", "fr"]) is None


def test_settings_language_is_checked_and_read_quietly(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        Settings(language=UNSPOKEN)
    bad = tmp_path / "settings.json"
    bad.write_text("{not json")
    assert stored_language(bad) == "auto" and bad.exists()
    assert resolve_language("auto", {"LANG": "fr_CA.UTF-8"}) == "fr"
    assert resolve_language("auto", {"LANG": f"{UNSPOKEN}_{UNSPOKEN.upper()}.UTF-8"}) == "en"
    assert resolve_language("en", {"LANG": "fr_FR.UTF-8"}) == "en"


def test_changing_language_in_f2_switches_at_once_and_is_kept() -> None:
    from engine.game import Game
    from tests.harness import KeyHarness

    set_language("en")
    h = KeyHarness(Game.new("five-crowns", ["You", "Anna"], seed=3))
    kept: list[Settings] = []
    h.session.on_settings = kept.append
    h.start()
    h.press("f2")
    said = h.press(*["down"] * 14)
    assert said[-1] == "Language: as the system, 15 of 23"
    for lang in all_languages():  # each language by its own name, in its own words, up to French
        with in_language(lang.code):
            want = _("{setting}: {value}").format(setting=_("Language"), value=lang.own_name)
        assert h.press("right") == [want], lang.code
        if lang.code == "fr":
            break
    assert want == "Langue : français"
    assert kept[-1].language == "fr"
    assert h.press("escape") == ["Menu des réglages fermé."]
    assert h.press("f2")[-1].startswith("Menu des réglages. Haut et Bas pour se déplacer")
