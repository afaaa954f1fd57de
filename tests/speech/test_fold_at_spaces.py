"""A line longer than the terminal is laid out so that each row ends between words: the terminal's own
fold (at its last column) never cuts a word, and the line stays one line with the same words."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from speech.lines import fold_at_spaces

#: Words as a message has them (a word that is only a closing mark, French's " :", goes with the word
#: before it and is left out here: speech.lines keeps the two together).
WORDS = st.lists(st.from_regex(r"[a-zéœ0-9][a-zéœ0-9;:,.]{0,11}", fullmatch=True), min_size=1, max_size=40)


def rows(text: str, columns: int) -> list[str]:
    """The rows a terminal ``columns`` wide shows ``text`` in (it folds at the last column)."""
    return [text[i:i + columns] for i in range(0, len(text), columns)] or [""]


@settings(max_examples=400)
@given(WORDS, st.integers(min_value=10, max_value=120))
def test_rows_end_between_words_and_the_words_stay_the_same(words: list[str], columns: int) -> None:
    line = " ".join(words)
    folded = fold_at_spaces(line, columns)
    assert "\n" not in folded
    assert folded.split() == line.split()  # the same words, only spaces added
    if len(line) <= columns:
        assert folded == line
    shown = rows(folded, columns)
    for row, after in itertools.pairwise(shown):
        # A row goes on to another only after a space: no word runs across the fold...
        cut = row[-1:] != " " and after[:1] != " "
        # ...unless it is wider than the whole row.
        assert not cut or any(len(w) > columns for w in words), (row, after)


def test_the_name_the_issue_saw_cut() -> None:
    line = ("Anna discarded the queen of stars. You drew the queen of stars; now you hold the 10 of stars and "
            "the queen of stars.")
    folded = fold_at_spaces(line, 40)
    assert [r.rstrip() for r in rows(folded, 40)] == [
        "Anna discarded the queen of stars. You",
        "drew the queen of stars; now you hold",
        "the 10 of stars and the queen of stars.",
    ]
