"""The best melding of a Gin Rummy hand, checked against brute force on small hands (hypothesis), and
the lay-offs a defender makes."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.arrange_gin import arrange_gin, card_points, is_gin_meld, lay_off, showdown
from engine.cards import Card, standard_deck
from engine.notation import parse_cards

DECK = standard_deck(1, jokers=0)
#: A corner of the deck dense in melds (four suits, ace to 5, and two kings), so small hands meld often.
DENSE = [c for c in DECK if c.rank is not None and (int(c.rank) <= 5 or int(c.rank) == 13)]


def brute_least(hand: list[Card]) -> int:
    """Every set of disjoint melds, from every subset of three or more cards that is a meld."""
    melds = [m for k in range(3, len(hand) + 1) for m in combinations(hand, k) if is_gin_meld(m)]
    best = sum(card_points(c) for c in hand)

    def walk(start: int, used: frozenset[Card]) -> None:
        nonlocal best
        best = min(best, sum(card_points(c) for c in hand if c not in used))
        for i in range(start, len(melds)):
            if used.isdisjoint(melds[i]):
                walk(i + 1, used | frozenset(melds[i]))

    walk(0, frozenset())
    return best


@settings(max_examples=150)
@given(st.lists(st.sampled_from(DENSE), min_size=1, max_size=9, unique=True))
def test_the_least_deadwood_is_what_brute_force_finds(hand: list[Card]) -> None:
    arr = arrange_gin(hand)
    assert arr.points == brute_least(hand)
    melded = [c for m in arr.melds for c in m]
    assert all(is_gin_meld(m) for m in arr.melds)
    assert sorted(melded + list(arr.deadwood), key=Card.sort_key) == sorted(hand, key=Card.sort_key)
    assert arr.points == sum(card_points(c) for c in arr.deadwood)


@settings(max_examples=60)
@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=11, unique=True))
def test_whole_hands_meld_validly_and_never_worse_than_any_single_meld(hand: list[Card]) -> None:
    arr = arrange_gin(hand)
    total = sum(card_points(c) for c in hand)
    for k in (3, 4):
        for m in combinations(hand, k):
            if is_gin_meld(m):
                assert arr.points <= total - sum(card_points(c) for c in m)
    assert len({c for m in arr.melds for c in m}) == sum(len(m) for m in arr.melds)


def test_ace_is_low_and_face_cards_count_ten() -> None:
    assert is_gin_meld(parse_cards("ah 2h 3h"))
    assert not is_gin_meld(parse_cards("qh kh ah"))
    assert [card_points(c) for c in parse_cards("ah 9s 10s js qd kc")] == [1, 9, 10, 10, 10, 10]
    # A card fits a set or a run, not both at once: the search chooses the melding leaving least.
    arr = arrange_gin(parse_cards("ah 2h 3h 4h 4s 4d 5h kd"))
    assert arr.points == 15 and {c.code for c in arr.deadwood} == {"5h", "kd"}


def test_lay_offs_extend_runs_one_card_after_another_and_complete_sets() -> None:
    knocker = [tuple(parse_cards("5c 6c 7c")), tuple(parse_cards("9h 9s 9d"))]
    laid, left = lay_off(parse_cards("9c 8c 4c 2d"), knocker)
    assert {c.code for c, _ in laid} == {"8c", "9c", "4c"} and [c.code for c in left] == ["2d"]
    # The defender keeps its own meld or lays its cards off, whichever leaves less.
    shown = showdown(parse_cards("8c 9c 10c kd"), knocker, may_lay_off=True)
    assert shown.points == 10
    assert showdown(parse_cards("8c kd"), knocker, may_lay_off=False).points == 18
