"""The scoring oracles of the release fuzzer (tests/oracles, scripts/release_fuzz.py): each agrees with
the real rules over whole fuzzed games, each works out by itself the examples its rules document gives,
and the fuzzer they arm catches the hand-made Gin Rummy mutations of issue 41 within seconds (the one
it needs longer for, the undercut bonus, is timed by ``scripts/mutation_score.py --hand-made``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from oracle_five_crowns import is_meld as five_crowns_meld
from oracle_five_crowns import least_points
from oracle_gin import after_lay_offs, defender_count, least_deadwood
from oracle_rummy import contract_meld, contract_points, upcard_value
from oracles import ORACLES

from access_game.catalog import games
from engine.cards import Card
from engine.notation import parse_card

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from script_loader import load_script

fuzz = load_script("release_fuzz")
mutation = load_script("mutation_score")


def cards(text: str) -> list[Card]:
    return [parse_card(code) for code in text.split()]


def plain(text: str) -> frozenset[tuple[int, str]]:
    return frozenset((int(c.rank), str(c.suit.value)) for c in cards(text))  # type: ignore[arg-type]


def test_every_game_of_the_catalog_has_an_oracle() -> None:
    assert sorted(ORACLES) == sorted(e.name for e in games())


@pytest.mark.parametrize("game", sorted(ORACLES))
def test_the_oracle_agrees_with_the_rules_over_fuzzed_games(game: str) -> None:
    figures = fuzz.run(4, 5, [game], every=200)
    assert figures.games >= 1 and figures.hands_judged >= 1


def test_gin_deadwood_and_lay_offs_as_the_rules_count_them() -> None:
    assert least_deadwood(plain("ah 2h 3h 7c 7d 7s kd")) == 10  # a face card counts 10
    assert least_deadwood(plain("qh kh ah 2c 3c")) == 26  # the ace is low: Q-K-A is no run
    # A 7 that fits both a set of 7s and a run 8-9-10 goes on the run, where the 6 can follow it.
    knocker = [plain("7c 7s 7d"), plain("8h 9h 10h")]
    assert after_lay_offs(plain("7h 6h ks"), knocker) == 10
    assert defender_count(plain("2d 2h 2s 6h 7h kc"), knocker) == 10


def test_five_crowns_points_as_the_rules_count_them() -> None:
    assert least_points(cards("3h 4h 5h"), 3, True) == 0  # a wild stands for its own rank
    assert least_points(cards("kh kd jo 7st"), 4, True) == 7
    assert least_points(cards("jo jo jo"), 4, True) == 0
    assert least_points(cards("jo jo jo"), 4, False) == 150  # melds of wilds only forbidden
    assert least_points(cards("4h 4s jo"), 4, False) == 0  # but 4s are a book of 4s
    assert least_points(cards("4h jo 9c"), 4, False) == 0  # a book of 9s: 9c, the 4h (wild) and the joker
    assert least_points(cards("3st 5st 6st 9d"), 10, True) == 3 + 5 + 6 + 9
    assert least_points(cards("3st 5st 10c 9d"), 10, True) == 9  # the 10c (wild) fills 3-4-5
    assert five_crowns_meld(cards("kst jo 3st"), 5, True) is False  # no run round the corner
    assert five_crowns_meld(cards("kh kh kd"), 5, True) is True


def test_contract_and_upcard_values_and_melds_as_the_rules_give_them() -> None:
    assert [contract_points(c) for c in cards("3h 9h 10h kh ah 2h jo")] == [3, 9, 10, 10, 15, 20, 20]
    assert contract_meld(cards("jh qh kh ah")) == "run" and contract_meld(cards("kh ah 2c 3h")) is None
    assert contract_meld(cards("2h 2c 2d")) is None and contract_meld(cards("5h 5c jo")) == "set"
    assert [upcard_value(c, 5) for c in cards("ah 5c 8d kd 3s 7h")] == [100, 100, 10, 10, 5, 5]


@pytest.mark.parametrize("made", [k for k, m in enumerate(mutation.HAND_MADE) if "undercut" not in m[1]])
def test_the_fuzzer_catches_a_hand_made_gin_mutation_within_seconds(made: int) -> None:
    path, what, _text, _changed = mutation.HAND_MADE[made]
    result = mutation.judge(path, None, made, 15, 1, what)
    assert result.outcome == "killed" and "not loaded" not in result.why, result
    assert result.seconds < 20, result


def test_every_mutant_of_a_rules_module_compiles_and_is_named() -> None:
    described = dict(mutation.mutants_of("engine/rules/gin_rummy.py"))
    play = dict(mutation.mutants_of("engine/rules/gin_rummy.py", "play"))
    assert len(play) > 100 and any("removed" in d for d in play.values()) and any("-> Lt" in d for d in play.values())
    assert all("check_" not in d for d in play.values()) and len(described) > len(play)
    for index in range(0, len(described), 7):
        mutation.mutated_code("engine/rules/gin_rummy.py", index, None)


#: Mutants the fuzzer once let through (docs/releasing.md, section 5), by their module and a piece of
#: their description: a refusal the engine never offers a move for, an option's default, a tie at the
#: end of eleven hands, a knock without a discard, a swap for a wild that is not in the meld.
ONCE_MISSED = (
    ("engine/rules/contract_rummy.py", "removed `return Reason('you have already laid down your contract"),
    ("engine/rules/upcard_rummy.py", "removed `return Reason('your first meld is your only meld this turn"),
    ("engine/rules/five_crowns.py", "`state.options.tie_break == 'playoff'`: Eq -> NotEq"),
    ("engine/rules/five_crowns.py", ": True -> False"),  # the first: all_wild_melds' default
    ("engine/rules/gin_rummy.py", "removed `raise IllegalAction(Reason('to knock without a discard"),
    ("engine/rules/contract_rummy.py", "`not is_wild(action.wild) or action.wild not in meld.cards`: Or -> And"),
)


@pytest.mark.parametrize(("path", "what"), ONCE_MISSED)
def test_the_fuzzer_catches_a_changed_rule_it_once_missed(path: str, what: str) -> None:
    index, described = next((k, d) for k, d in mutation.mutants_of(path, "play") if what in d)
    result = mutation.judge(path, index, None, 20, 1, described)
    assert result.outcome == "killed" and "not loaded" not in result.why, result
