"""The braille, labels and chart commands, called as a user would (access_game.cli.main)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from braille_testing import run_cli

from braille.cards import parse_brf_card


def test_braille_prints_each_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["braille", "10h", "7st", "qs", "jo"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Words, BRF and dots (each dot a digit, cells apart by commas) on one line; the cells alone on
    # the next, so a screen reader never says "braille pattern" in the middle of the words.
    assert lines == [
        "10h  10 of hearts  BRF 10H  dots 2, 3 5 6, 1 2 5",
        "⠂⠴⠓",
        "7st  7 of stars  BRF 7/  dots 2 3 5 6, 3 4",
        "⠶⠌",
        "qs  queen of spades  BRF QS  dots 1 2 3 4 5, 2 3 4",
        "⠟⠎",
        "jo  joker  BRF JO  dots 2 4 5, 1 3 5",
        "⠚⠕",
    ]
    for spoken in lines[::2]:
        assert not any(0x2800 <= ord(ch) <= 0x28FF for ch in spoken)
        assert not re.search(r"\d\d", spoken.split("dots")[1])  # no dot number is read as "twenty-three"


def test_braille_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["braille", "--json", "10h", "7st", "qs", "jo"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"card": "10h", "unicode": "⠂⠴⠓", "brf": "10H", "dots": ["2", "356", "125"]},
        {"card": "7st", "unicode": "⠶⠌", "brf": "7/", "dots": ["2356", "34"]},
        {"card": "qs", "unicode": "⠟⠎", "brf": "QS", "dots": ["12345", "234"]},
        {"card": "jo", "unicode": "⠚⠕", "brf": "JO", "dots": ["245", "135"]},
    ]


def test_braille_ten_as_x(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["braille", "--json", "--ten-as-x", "10h"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"card": "10h", "unicode": "⠭⠓", "brf": "XH", "dots": ["1346", "125"]}
    ]


def test_ten_as_x_is_by_default_the_settings_one_setting(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's F2 ten-as-x is the default of every sheet's --ten-as-x: one setting, so the labels a
    reader makes match the display they play on; --no-ten-as-x writes 1 0 for one run."""
    from access_game.settings import Settings, save_settings, stored_ten_as_x

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    assert stored_ten_as_x() is False
    save_settings(Settings(ten_as_x=True))
    assert stored_ten_as_x() is True
    assert run_cli(["braille", "--json", "10h"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["unicode"] == "⠭⠓"
    assert run_cli(["braille", "--json", "--no-ten-as-x", "10h"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["unicode"] == "⠂⠴⠓"
    out = tmp_path / "chart.brf"
    assert run_cli(["chart", "--deck", "five-crowns", "-o", str(out)]) == 0
    chart_x = out.read_bytes()
    assert run_cli(["chart", "--deck", "five-crowns", "--no-ten-as-x", "-o", str(out)]) == 0
    assert out.read_bytes() != chart_x


def test_braille_from_brf(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["braille", "--from-brf", "10H 7/"]) == 0
    assert capsys.readouterr().out.splitlines() == ["10h  10 of hearts", "7st  7 of stars"]
    assert run_cli(["braille", "--from-brf", "qs jo xd", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [(r["card"], r["words"]) for r in records] == [
        ("qs", "queen of spades"),
        ("jo", "joker"),
        ("10d", "10 of diamonds"),
    ]


def test_braille_from_unicode(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["braille", "--from-unicode", "⠂⠴⠓⠀⠶⠌ ⠚⠕"]) == 0
    assert capsys.readouterr().out.splitlines() == ["10h  10 of hearts", "7st  7 of stars", "jo  joker"]


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["braille", "2z"], "'2z' is not a card"),
        (["braille"], "name at least one card"),
        (["braille", "--from-brf", "7ST"], "dots 2345"),
        (["braille", "--from-unicode", "⠂⠴⠵"], "dots 1356"),
        (["braille", "--from-unicode", "10h"], "not a Unicode braille cell"),
        (["braille", "--from-brf", "  "], "no braille"),
        (["braille", "qs", "--from-brf", "QS"], "not both"),
    ],
)
def test_braille_errors(argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(argv) == 2
    assert reason in capsys.readouterr().err


@pytest.mark.parametrize(
    ("deck", "extra", "count"),
    [
        ("five-crowns", [], 232),
        ("standard", [], 216),
        ("standard", ["--sets", "3"], 324),
        ("no-twos", [], 192),
        ("five-crowns", ["--per-card", "1"], 116),
        ("five-crowns", ["--sets", "2", "--per-card", "3"], 696),
    ],
)
def test_labels_brf_counts(
    tmp_path: Path, deck: str, extra: list[str], count: int, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "labels.brf"
    assert run_cli(["labels", "--deck", deck, "--format", "brf", "-o", str(out), *extra]) == 0
    assert f"Wrote {count} labels" in capsys.readouterr().out
    data = out.read_bytes()
    tokens = []
    for n, page in enumerate(data.split(b"\f"), start=1):
        body = page.split(b"\r\n")[2:-2]  # under the head line and its blank line, above the page number
        if n == 1:
            assert body[0].startswith(b"#")  # "232 labels for 116 cards 2 each", then a blank line
            body = body[body.index(b"") + 1 :]
        tokens += [t for line in body for t in line.decode("ascii").split()]
    assert len(tokens) == count
    assert all(parse_brf_card(t) for t in tokens)


def test_labels_brf_page_options(tmp_path: Path) -> None:
    out = tmp_path / "labels.brf"
    assert run_cli(["labels", "-o", str(out), "--cells-per-line", "32", "--lines-per-page", "27"]) == 0
    for page in out.read_bytes().split(b"\f"):
        lines = page.split(b"\r\n")[:-1]
        assert len(lines) <= 27 and max(len(line) for line in lines) <= 32


@pytest.mark.parametrize("fmt", ["brf", "pdf", "svg"])
def test_format_from_extension(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"x.{fmt}"
    assert run_cli(["labels", "-o", str(out)]) == 0
    head = out.read_bytes().lstrip(b" ")[:5]  # a BRF starts with its running head, centred
    assert head == {"brf": b",FIVE", "pdf": b"%PDF-", "svg": b"<?xml"}[fmt]
    chart = tmp_path / f"chart.{fmt}"
    assert run_cli(["chart", "-o", str(chart), "--deck", "no-twos"]) == 0
    assert chart.stat().st_size > 100


def test_chart_brf_has_every_symbol(tmp_path: Path) -> None:
    out = tmp_path / "chart.brf"
    assert run_cli(["chart", "--deck", "five-crowns", "--format", "brf", "-o", str(out)]) == 0
    lines = out.read_bytes().split(b"\r\n")
    # Entries start at the margin, their columns two blanks apart; headings, paragraphs and the title
    # page are indented or centred.
    firsts = {line.split(b" ")[0] for line in lines if line and not line.startswith(b" ") and b"  " in line}
    # one-cell symbols a grade 2 reader takes for words (j, q, ... ⠔ "in", ⠌ "still") carry the grade 1
    # indicator (;); ⠒ (3) alone is only a colon and stays bare
    for symbol in [b"3", b";9", b"10", b";J", b";Q", b";K", b";/", b";H", b";C", b";S", b";D", b"JO"]:
        assert symbol in firsts
    assert b"2" not in firsts and b"A" not in firsts  # Five Crowns has no 2s or aces


BAD = [
    (["labels", "--deck", "euchre"], "unknown deck 'euchre'"),
    (["labels", "--cells-per-line", "0"], "--cells-per-line must be at least 1"),
    (["labels", "--lines-per-page", "0"], "--lines-per-page must be at least 1"),
    (["labels", "--cells-per-line", "2"], "cannot hold one label"),
    (["labels", "--lines-per-page", "2"], "needs at least 4 lines"),
    (["labels", "--per-card", "0"], "--per-card must be at least 1"),
    (["labels", "--sets", "0"], "at least one"),
    (["labels", "--mirror"], "--mirror apply to pdf and svg"),
    (["labels", "--format", "doc"], "unknown format 'doc'"),
    (["chart", "--deck", "bridge"], "unknown deck 'bridge'"),
    (["chart", "--cells-per-line", "0"], "--cells-per-line must be at least 1"),
]
BAD_PRINT = [
    (["labels", "--cell-spacing", "100", "--dot-spacing", "40", "--dot-diameter", "10", "--line-spacing", "200"],
     "cannot hold one label"),
    (["labels", "--dot-diameter", "3"], "would touch"),
    (["labels", "--dot-spacing", "-1"], "positive"),
    (["labels", "--cell-spacing", "3"], "run into each other"),
    (["labels", "--paper", "a3"], "unknown paper 'a3'"),
    (["labels", "--cells-per-line", "30"], "--cells-per-line apply to brf"),
    (["chart", "--cell-spacing", "60"], "too narrow for the chart"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "reason"), BAD, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_bad_brf_options_exit_2_and_write_nothing(
    tmp_path: Path, argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.brf"
    assert run_cli([*argv, "-o", str(out)]) == 2
    assert reason in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(("argv", "reason"), BAD_PRINT, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_bad_print_options_exit_2_and_write_nothing(
    tmp_path: Path, argv: list[str], reason: str, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"out.{fmt}"
    assert run_cli([*argv, "-o", str(out)]) == 2
    assert reason in capsys.readouterr().err
    assert not out.exists()


def test_output_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["labels"]) == 2
    assert "-o FILE" in capsys.readouterr().err
    assert run_cli(["labels", "-o", str(tmp_path / "labels.txt")]) == 2
    assert "--format" in capsys.readouterr().err
    assert run_cli(["labels", "-o", str(tmp_path / "missing" / "x.brf")]) == 2
    assert "no folder" in capsys.readouterr().err
    assert run_cli(["labels", "-o", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("braille", "labels", "chart"):
        assert run_cli([command, "--help"]) == 0
        assert "usage: access-game " + command in capsys.readouterr().out


def test_braille_dots_are_spoken_digit_by_digit(capsys: pytest.CaptureFixture[str]) -> None:
    """Through the real synthesizer: "dots 2 3 5 6" is four digits, never "two thousand ..."."""
    assert run_cli(["braille", "7st"]) == 0
    spoken = capsys.readouterr().out.splitlines()[0]
    phonemes = subprocess.run(
        ["espeak-ng", "-q", "-x", spoken], check=True, capture_output=True, text=True, timeout=30
    ).stdout
    digits = subprocess.run(
        ["espeak-ng", "-q", "-x", "two three five six"], check=True, capture_output=True, text=True, timeout=30
    ).stdout.split()
    assert " ".join(digits) in " ".join(phonemes.split())
    assert "T'aUz@nd" not in phonemes and "h'VndrI" not in phonemes


def _commands_with(option: str) -> list[str]:
    """The subcommands whose parser has ``option``."""
    import argparse

    from access_game.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(name for name, p in sub.choices.items() if any(option in a.option_strings for a in p._actions))


def test_ten_as_x_is_offered_wherever_ten_is() -> None:
    """Every command that shows cards in braille (a table's B line and display, or a sheet) takes
    --ten-as-x, and every table command takes --wild-sign too."""
    tables = _commands_with("--speech")
    assert {"play", "solitaire", "learn", "join"} <= set(tables)
    assert set(tables) | {"braille", "labels", "chart", "practice", "kit"} <= set(_commands_with("--ten-as-x"))
    assert set(tables) <= set(_commands_with("--wild-sign"))


@pytest.mark.parametrize("command", ["play", "solitaire", "learn"])
def test_a_table_command_takes_ten_as_x_and_the_wild_sign_for_this_run(command: str, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from access_game.cli import build_parser
    from access_game.settings import settings_with_flags

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    settings, _note = settings_with_flags(build_parser().parse_args([command]))
    assert (settings.ten_as_x, settings.wild_sign) == (False, False)
    settings, _note = settings_with_flags(build_parser().parse_args([command, "--ten-as-x", "--wild-sign"]))
    assert (settings.ten_as_x, settings.wild_sign) == (True, True)
    assert not (tmp_path / "settings.json").exists()  # for this run only
