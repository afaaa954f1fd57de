"""The upcard arranger against an exhaustive search, and the hand checker on the command line."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from upcard_tables import cs

from access_game.cli import main
from engine.arrange_upcard import arrange_upcard, card_value, is_upcard_meld
from engine.cards import STANDARD_SUITS, Card, Rank


def _brute_best(cards: Sequence[Card], wild: Rank) -> int:
    """Most value that disjoint melds can take out of ``cards``, by trying every meld with the first card."""

    @cache
    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = best(others)  # the first card stays in hand
        n = len(others)
        for mask in range(1 << n):
            chosen = [others[i] for i in range(n) if mask >> i & 1]
            meld = [first, *chosen]
            if len(meld) >= 3 and is_upcard_meld(meld, wild):
                left = tuple(others[i] for i in range(n) if not mask >> i & 1)
                top = max(top, sum(card_value(x, wild) for x in meld) + best(left))
        return top

    return best(tuple(sorted(cards, key=Card.rank_key)))


_RANKS = (Rank.ACE, Rank.THREE, Rank.FIVE, Rank.NINE, Rank.KING)
_CARDS = st.builds(Card, st.sampled_from(_RANKS), st.sampled_from(STANDARD_SUITS))


def _two_decks(cards: list[Card]) -> bool:
    return all(n <= 2 for n in Counter(cards).values())


@settings(max_examples=150)
@given(cards=st.lists(_CARDS, min_size=0, max_size=8).filter(_two_decks), wild=st.sampled_from(_RANKS))
def test_the_arranger_melds_as_much_value_as_an_exhaustive_search(cards: list[Card], wild: Rank) -> None:
    best = arrange_upcard(cards, wild)
    melded = [x for m in best.melds for x in m]
    assert Counter(melded) + Counter(best.deadwood) == Counter(cards)
    assert all(is_upcard_meld(m, wild) for m in best.melds)
    total = sum(card_value(x, wild) for x in cards)
    assert best.melded_value == _brute_best(cards, wild)
    assert best.points == 2 * best.melded_value - total


@pytest.mark.parametrize(
    ("cards", "melds", "deadwood", "points"),
    [
        ("9h 9s 5c kh kd ks ac 4c", [["9h", "9s", "5c"], ["kh", "ks", "kd"]], ["ac", "4c"], 150 - 105),
        ("5h 5s 5c 9h", [], ["5h", "5s", "5c", "9h"], -310),  # three wilds never meld
        ("ah ac 9h 9s 5c", [["ah", "ac", "5c"]], ["9h", "9s"], 300 - 20),  # the wild goes to the aces
        ("ah ac 9h 9s 9c 5c 5d", [["ah", "ac", "5c", "5d"], ["9h", "9s", "9c"]], [], 400 + 30),
        ("3h 3s 3c 5c 5d 5h", [["3h", "3s", "3c", "5c", "5d", "5h"]], [], 315),  # spare wilds join a meld
    ],
)
def test_known_hands(cards: str, melds: list[list[str]], deadwood: list[str], points: int) -> None:
    best = arrange_upcard(cs(cards), Rank.FIVE)
    assert [Counter(x.code for x in m) for m in best.melds] == [Counter(m) for m in melds]
    assert Counter(x.code for x in best.deadwood) == Counter(deadwood)
    assert best.points == points


def test_hand_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["hand", "--game", "upcard-rummy", "--wild", "5", "--json", "9h", "9s", "5c", "kh kd ks", "ac", "4c"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data == {"melds": [["9h", "9s", "5c"], ["kh", "ks", "kd"]], "deadwood": ["ac", "4c"], "points": 45}


def test_hand_command_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "--game", "upcard-rummy", "--wild", "k", "AH", "as", "kc", "7d"]) == 0
    out = capsys.readouterr().out
    assert "Kings are wild." in out
    assert "Meld of aces: ace of hearts; ace of spades; king of clubs, wild. Worth 300." in out
    assert "Left in hand: 7 of diamonds. Counts against you: 5." in out
    assert "Points: 300 melded minus 5 held makes 295." in out


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--wild", "5", "2h"], "ranks in upcard rummy are A, 3-10, J, Q, K"),
        (["--wild", "5", "jo"], "no jokers"),
        (["--wild", "5", "3st"], "suits in upcard rummy are"),
        (["--wild", "5", "zz"], "is not a card"),
        (["--wild", "2", "3h"], "wild ranks in upcard rummy"),
        (["--wild", "x", "3h"], "wild ranks in upcard rummy"),
        (["3h"], "--wild is needed"),
        (["--wild", "5", "3h", "3h", "3h"], "3 of 3h is more than two decks hold (2)"),
        (["--wild", "5", ","], "give the cards"),
    ],
)
def test_hand_command_refuses_bad_input(args: list[str], reason: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hand", "--game", "upcard-rummy", *args]) == 2
    err = capsys.readouterr().err
    assert reason in err and err.startswith("access-game hand: error: ")
