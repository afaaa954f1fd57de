"""The reader's grade as BRLTTY names it: the table names BRLTTY ships, its configuration file, and the
setting's choices."""

from __future__ import annotations

from pathlib import Path

import pytest

from access_game.settings import BRAILLE_WORDS
from braille.contracted import Grade
from braille.reader_grade import WORDS_CHOICES, configured_table, grade_of_table, reader_grade


@pytest.mark.parametrize(("name", "grade"), [
    ("en-ueb-g2", Grade.CONTRACTED), ("en-us-g2.ctb", Grade.CONTRACTED), ("fr-g2", Grade.CONTRACTED),
    ("fr-abrege", Grade.CONTRACTED), ("de-g2.ctb", Grade.CONTRACTED), ("en-ueb-g1", Grade.UNCONTRACTED),
    ("fr-g1.ctb", Grade.UNCONTRACTED), ("fr-integral", Grade.UNCONTRACTED), ("de-g0", Grade.UNCONTRACTED),
    ("/etc/brltty/Contraction/en-ueb-g1.ctb", Grade.UNCONTRACTED), ("none", Grade.UNCONTRACTED),
])
def test_a_table_name_says_its_grade(name: str, grade: Grade) -> None:
    assert grade_of_table(name) == grade


def test_brlttys_configuration_file_names_the_table(tmp_path: Path) -> None:
    conf = tmp_path / "brltty.conf"
    conf.write_text("# contraction-table en-ueb-g2\n#contraction-table\tauto\n", encoding="utf-8")
    assert configured_table(conf) is None
    conf.write_text("text-table en-nabcc\ncontraction-table\ten-ueb-g1\t# UEB grade 1\n", encoding="utf-8")
    assert configured_table(conf) == "en-ueb-g1"
    assert configured_table(tmp_path / "missing.conf") is None
    assert reader_grade("auto", None, conf) == Grade.UNCONTRACTED
    # The running BRLTTY is asked first; the file only when it names no table; grade 2 when nothing does.
    assert reader_grade("auto", "en-ueb-g2", conf) == Grade.CONTRACTED
    assert reader_grade("auto", None, tmp_path / "missing.conf") == Grade.CONTRACTED
    # BRLTTY that contracts nothing (no table, or a grade 1 one) says 'none': uncontracted braille.
    assert reader_grade("auto", "none", tmp_path / "missing.conf") == Grade.UNCONTRACTED
    conf.write_text("contraction-table none\n", encoding="utf-8")
    assert configured_table(conf) == "none" and reader_grade("auto", None, conf) == Grade.UNCONTRACTED


def test_a_chosen_grade_is_that_grade_and_the_setting_knows_the_same_choices() -> None:
    assert reader_grade("uncontracted", "en-ueb-g2") == Grade.UNCONTRACTED
    assert reader_grade("contracted", "fr-g1") == Grade.CONTRACTED
    assert reader_grade("computer") == Grade.COMPUTER
    assert BRAILLE_WORDS == WORDS_CHOICES
    with pytest.raises(ValueError, match="auto, contracted"):
        reader_grade("grade 3")
