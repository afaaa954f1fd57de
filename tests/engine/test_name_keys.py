"""Names compared as they read (engine.names.name_key): Unicode's confusables table shipped whole, and
the lookalikes the issue met (Cyrillic and Greek letters, a dotless i, fullwidth letters, combining
marks, a number after a name) read as the names they imitate, while different names stay apart."""

from __future__ import annotations

from importlib import resources

import pytest

from engine.names import name_base, name_key, same_name, skeleton, without_number


def test_the_confusables_table_is_unicodes_own_file() -> None:
    text = resources.files("engine").joinpath("confusables.txt").read_text(encoding="utf-8-sig")
    assert "# Unicode Security Mechanisms for UTS #39" in text and "# Version: 17.0.0" in text
    assert sum(1 for line in text.splitlines() if line[:1].isalnum()) > 6000
    assert skeleton("\u0430") == "a" and skeleton("m") == "rn" and skeleton("1") == "l"  # (UTS #39's own examples)


@pytest.mark.parametrize(("lookalike", "name"), [
    ("Vict\u043er", "Victor"), ("V\u0131ctor", "Victor"), ("VICTOR", "Victor"), ("\u0410nn", "Ann"),
    ("\uff21nn", "Ann"), ("Ann\u0301", "Ann"), ("\u00c1nn", "Ann"), ("\u0391nn", "Ann"), ("Sp\u0430m", "Spam"),
    ("\U0001d415\U0001d422\U0001d41c\U0001d42d\U0001d428\U0001d42b", "Victor"), ("Ann\u00a0Lee", "Ann Lee"),
    ("Ann  Lee", "Ann Lee"), ("Jos\u00e9", "Jose"), ("\u0141ukasz", "Lukasz"),
])
def test_a_lookalike_reads_as_the_name(lookalike: str, name: str) -> None:
    assert same_name(lookalike, name)


@pytest.mark.parametrize(("a", "b"), [
    ("Victor", "Victoria"), ("Ann", "Anna"), ("Ann", "Dan"), ("Spam", "Spammer"), ("Victor", "Victor 2"),
    ("\u0414\u043c\u0438\u0442\u0440\u0438\u0439", "Dmitri"), ("\u674e\u96f7", "\u674e\u96ea"),
])
def test_different_names_stay_apart(a: str, b: str) -> None:
    assert not same_name(a, b)


def test_a_number_after_a_name_reads_as_the_same_person() -> None:
    assert name_base("Victor 2") == name_base("Victor2") == name_base("Victor-12") == name_key("Victor")
    assert without_number("Spam 99") == "Spam" and without_number("42") == "42" and without_number("R2D2") == "R2D"
    assert name_base("Ann") == name_key("Ann")
