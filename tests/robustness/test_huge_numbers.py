"""A whole number too long to write out is refused like any other wrong number, in every game.

Python refuses to turn a whole number of more than 4,300 digits into text (``sys.get_int_max_str_digits``).
Before, an action holding one (a seat of 10**5000) raised ValueError from the refusal's own sentence
("there is no seat {seat}") instead of being refused: a move from outside could crash whatever made the
sentence. Every game is played, and at each step every whole-number field of every move offered is
made huge: each must be refused with a reason that can be said in every language, the game unchanged.
"""

from __future__ import annotations

import dataclasses
import random
import sys

import pytest
from fuzzing import GAMES, new_game, snapshot

from engine.errors import IllegalAction
from engine.reasons import Reason, reason_of, shown
from speech.i18n import LANGUAGES, set_language
from speech.refusal_words import refusal_words

HUGE = (10**5000, -(10**5000), 7 * 10**4400 + 3)


def _whole_fields(action: object) -> list[str]:
    return [f.name for f in dataclasses.fields(action)  # type: ignore[arg-type]
            if isinstance(getattr(action, f.name), int) and not isinstance(getattr(action, f.name), bool)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_huge_numbers_in_every_field_of_every_move_are_refused(name: str) -> None:
    refused = 0
    for seed in range(3):
        game, rng = new_game(name, seed), random.Random(seed)
        for _step in range(60):
            if game.over:
                break
            legal = game.legal_actions(game.seats_to_act()[0])
            before = snapshot(game)
            kinds = {type(a): a for a in legal}  # one move of each kind offered now
            for action in kinds.values():
                for field in _whole_fields(action):
                    for huge in HUGE:
                        wrong = dataclasses.replace(action, **{field: huge})
                        with pytest.raises(IllegalAction) as info:
                            game.apply(wrong)
                        reason = reason_of(info.value)
                        assert isinstance(reason, Reason) and len(reason) < 400, reason
                        for lang in LANGUAGES:
                            set_language(lang)
                            assert refusal_words(reason)
                        set_language("en")
                        refused += 1
            assert snapshot(game) == before
            game.apply(rng.choice(legal))
    assert refused >= 40  # every game has whole-number fields (at least the seat) in every move


def test_a_huge_number_is_shown_by_its_length_and_everything_else_by_its_repr() -> None:
    assert shown(10**5000) == "a number of about 5001 digits"
    assert shown(-(10**5000)) == "a number of about 5001 digits"
    assert shown(12) == "12" and shown("x" * 100) == "'" + "x" * 36 + "..."
    assert len(str(10 ** (sys.get_int_max_str_digits() - 1))) == sys.get_int_max_str_digits()  # the limit holds
    assert Reason("there is no seat {seat}", seat=10**5000) == "there is no seat a number of about 5001 digits"
