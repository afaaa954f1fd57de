"""Dead hands: once every player is down and no card off the table fits it, nobody can ever go out,
so the hand ends at the start of the next turn, scored, with the reason said; and a hand somebody
could still go out of is never ended that way."""

from __future__ import annotations

import random
from collections import Counter

from contract_table import cards, data, full_deck, names, rigged
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Discard, Draw
from engine.arrange_contract import (
    fits_table,
    is_wild,
    lay_off_options,
    meld_kind,
    most_cards_to_table,
    ordered_meld,
    run_value,
    swap_options,
)
from engine.bots.base import make_agent
from engine.cards import STANDARD_RANKS, Card, Suit, standard_deck
from engine.events import HandEnded, TurnStarted, event_to_data
from engine.game import Game
from engine.rules.contract_rummy import HANDS, HandStopped, LayOff, PassBuy
from speech.contract_words import contract_utterances
from speech.results import Names

WILDS = "2h 2h 2c 2c 2d 2d 2s 2s jo jo jo jo"
SEVENS = "7h 7h 7c 7c 7d 7d 7s 7s"
EIGHTS = "8h 8h 8c 8c 8d 8d 8s 8s"
#: Every 9 but one 9 of hearts.
NINES = "9h 9c 9c 9d 9d 9s 9s"
TABLE = [(0, f"{SEVENS} {WILDS}"), (1, EIGHTS), (2, NINES)]


def one_card_from_dead(*, last_nine_in: str = "hand") -> Game:
    """Hand 1 (one set), three players all down: Anna's 7s hold every wild, Bob's 8s and Carol's 9s every
    natural of their rank but one 9 of hearts, which is in Bob's hand (or the stock)."""
    if last_nine_in == "hand":
        return rigged(3, hands={0: "3s", 1: "9h 4s", 2: "5s"}, up="4d", stock_top=("3d",), dealer=0, table=TABLE)
    return rigged(3, hands={0: "3s", 1: "5c 4s", 2: "5s"}, up="4d", stock_top=("3d", "9h"), dealer=0, table=TABLE)


def test_the_hand_ends_at_the_turn_after_the_last_card_that_fits_is_played() -> None:
    game = one_card_from_dead()
    state = game.state
    assert all(state.melded) and state.phase == "draw" and state.to_move == 1  # no buyers: all are down
    game.apply(Draw(1, "stock"))
    game.apply(LayOff(1, cards("9h")[0], 3))
    events = game.apply(Discard(1, cards("3d")[0]))
    kinds = [type(e).__name__ for e in events]
    stop = kinds.index("HandStopped")
    assert events[stop] == HandStopped(hand_number=1, reason="nobody_can_go_out")
    assert isinstance(events[stop + 1], HandEnded) and "TurnStarted" not in kinds[:stop]
    ended = events[stop + 1]
    assert isinstance(ended, HandEnded) and ended.went_out is None
    assert [r.points for r in ended.results] == [s[0] for s in state.scores] == [3, 4, 5]
    assert state.hand_number == 2 and Counter(game.ruleset.all_cards(state)) == full_deck(state)
    # Saved and loaded, the event is the same event.
    assert game.codec.event_from_data(event_to_data(events[stop])) == events[stop]


def test_a_card_that_fits_anywhere_off_the_table_keeps_the_hand_going() -> None:
    game = one_card_from_dead(last_nine_in="stock")
    game.apply(Draw(1, "stock"))  # the 3 of diamonds; the last 9 of hearts is next in the stock
    events = game.apply(Discard(1, cards("3d")[0]))
    assert not any(isinstance(e, HandStopped) for e in events)
    assert any(isinstance(e, TurnStarted) for e in events) and game.state.hand_number == 1


def test_the_hand_ends_when_the_table_can_take_fewer_cards_than_any_player_holds() -> None:
    # A joker still fits, but Anna and Carol hold two cards each and only one card could ever join the
    # table: each needs two plays to go out.
    table = [(0, f"{SEVENS} {WILDS.replace(' jo', '', 1)}"), (1, EIGHTS), (2, NINES)]
    game = rigged(3, hands={0: "3s 4s", 1: "9h 5s 6s 10s js", 2: "3c 4c"}, up="4d", stock_top=("3d", "jo"),
                  dealer=0, table=table)
    game.apply(Draw(1, "stock"))
    events = game.apply(LayOff(1, cards("9h")[0], 3))
    assert not any(isinstance(e, HandStopped) for e in events)  # Bob could still lay off more this turn
    events = game.apply(Discard(1, cards("3d")[0]))
    assert HandStopped(hand_number=1, reason="nobody_can_go_out") in events
    assert game.state.hand_number == 2


def test_not_while_a_player_is_still_to_lay_down() -> None:
    # As before, but Carol has not laid down: she may yet lay down a new set, so nothing is proved.
    game = rigged(3, hands={0: "3s", 1: "9h 4s"}, up="4d", stock_top=("3d",), dealer=0,
                  table=[(0, f"{SEVENS} {WILDS}"), (1, EIGHTS)])
    assert not game.state.melded[2]
    game.apply(PassBuy(1))
    game.apply(PassBuy(2))
    game.apply(Draw(1, "stock"))
    events = game.apply(Discard(1, cards("9h")[0]))
    assert not any(isinstance(e, HandStopped) for e in events) and game.state.hand_number == 1


def test_the_players_are_told_why() -> None:
    said = contract_utterances(HandStopped(hand_number=1, reason="nobody_can_go_out"), Names(names(3), 0))
    assert said is not None and [u.text() for u in said] == [
        "Nobody can go out: every player is down and no card left off the table fits a meld on it. "
        "Hand 1 ends here."
    ]
    said = contract_utterances(HandStopped(hand_number=4, reason="stock_spent"), Names(names(3), 0))
    assert said is not None and [u.text() for u in said] == [
        "The stock is spent after 3 reshuffles and nobody went out. Hand 4 ends here."
    ]


def test_a_swap_is_a_way_to_play_on() -> None:
    # A run of all 13 places, wilds at 2 and 7: no card can join it, but the 7 of hearts can take the
    # wild's place, the wild going to the set of 9s.
    run = cards("jo 3h 4h 5h 6h 2c 8h 9h 10h jh qh kh ah")
    nines = cards("9s 9c 9d")
    assert meld_kind(run) == "run"
    seven = cards("7h")
    assert not lay_off_options(seven, {1: run, 2: nines})
    assert fits_table(seven, {1: run, 2: nines})
    assert not fits_table(seven, {1: run})  # the freed wild would have nowhere to go
    assert not fits_table(cards("7c 8h 3d"), {1: run, 2: nines})


# --------------------------------------------------------------------------- properties

@st.composite
def tables(draw: st.DrawFn) -> tuple[dict[int, tuple[Card, ...]], list[Card]]:
    """A table of valid melds from two decks, and the cards off it (some of them, or only those of the
    rest that do not fit, so that dead verdicts are common)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    pool = standard_deck(2)
    rng.shuffle(pool)
    wilds = [c for c in pool if is_wild(c)]
    table: dict[int, tuple[Card, ...]] = {}
    for mid in range(1, draw(st.integers(1, 6)) + 1):
        if draw(st.booleans()):
            rank = rng.choice([r for r in STANDARD_RANKS if int(r) != 2])
            same = [c for c in pool if c.rank == rank]
            meld = same[: rng.randint(2, len(same))] if len(same) >= 2 else []
        else:
            suit = rng.choice(list(Suit)[:4])
            start = rng.randint(3, 11)
            values = list(range(start, min(15, start + rng.randint(4, 9))))
            meld = []
            for v in values:
                want = next((c for c in pool if c.suit == suit and c.rank is not None and run_value(c.rank) == v),
                            None)
                if want is not None and (rng.random() < 0.8 or len(meld) < 2):
                    meld.append(want)
                elif wilds:
                    meld.append(wilds.pop())
        extra = [wilds.pop() for _ in range(min(len(wilds), rng.randint(0, 3)))]
        candidate = [*meld, *extra]
        if meld_kind(candidate) is None:
            wilds += extra
            candidate = meld
        if meld_kind(candidate) is None:
            continue
        for c in candidate:
            if c in pool:
                pool.remove(c)
            if c in wilds:
                wilds.remove(c)
        table[mid] = tuple(candidate)
    if not table:
        table[1] = tuple(cards("kh kh kc"))
        for c in table[1]:
            pool.remove(c)
    off = pool[: draw(st.integers(0, len(pool)))]
    if draw(st.booleans()):
        off = [c for c in off if not fits_table([c], table)]
    return table, off


@settings(max_examples=300)
@given(tables())
def test_fits_table_is_exactly_some_lay_off_or_swap(position: tuple[dict[int, tuple[Card, ...]], list[Card]]) -> None:
    table, off = position
    assert fits_table(off, table) == bool(lay_off_options(off, table) or swap_options(off, table))


@settings(max_examples=300)
@given(tables())
def test_a_dead_table_takes_no_card_from_off_it(position: tuple[dict[int, tuple[Card, ...]], list[Card]]) -> None:
    """If no card off the table fits, then no single card off it, added to any hand, gives a lay-off or
    a swap: the table cannot change, so nobody who holds a card can empty their hand."""
    table, off = position
    if fits_table(off, table):
        return
    kinds = {mid: meld_kind(m) for mid, m in table.items()}
    for card in set(off):
        for mid, meld in table.items():
            assert meld_kind([*meld, card]) != kinds[mid]
            for wild in (c for c in meld if is_wild(c)):
                rest = list(meld)
                rest.remove(wild)
                swapped_in = meld_kind([*rest, card]) == kinds[mid]
                moved_on = any(o != mid and meld_kind([*m, wild]) == kinds[o] for o, m in table.items())
                assert not (swapped_in and moved_on)


def _random_plays(table: dict[int, tuple[Card, ...]], off: list[Card], rng: random.Random) -> int:
    """Lay off and swap cards from ``off`` onto ``table`` in a random order until none fits; how many."""
    table = dict(table)
    off = list(off)
    plays = 0
    while True:
        moves: list[tuple[Card, int, Card | None, int | None]] = [
            (c, m, None, None) for c, m in lay_off_options(off, table)
        ]
        moves += [(c, m, w, to) for c, m, w, to in swap_options(off, table)]
        if not moves:
            return plays
        card, mid, wild, to = rng.choice(moves)
        off.remove(card)
        if wild is None:
            table[mid] = ordered_meld([*table[mid], card])
        else:
            assert to is not None
            rest = list(table[mid])
            rest.remove(wild)
            table[mid] = ordered_meld([*rest, card])
            table[to] = ordered_meld([*table[to], wild])
        plays += 1


@settings(max_examples=100)
@given(tables(), st.integers(0, 2**32))
def test_no_order_of_plays_puts_more_cards_on_the_table_than_the_bound(
    position: tuple[dict[int, tuple[Card, ...]], list[Card]], seed: int
) -> None:
    """The second test of a dead hand: a player holding h cards needs h plays to go out, and the table
    can never take more than ``most_cards_to_table`` of the cards off it, in any order."""
    table, off = position
    bound = most_cards_to_table(off, table)
    rng = random.Random(seed)
    for _ in range(3):
        assert _random_plays(table, off, rng) <= bound
    assert bound <= len(off)
    if not fits_table(off, table):
        assert _random_plays(table, off, rng) == 0


def _play_checking_stops(levels: list[str], seed: int, *, hands: int = HANDS) -> int:
    """Play a whole game; at each dead-hand stop, check from the hand's results that it was dead:
    everyone down holding a card, and either no card off the table fits any meld, or every player holds
    more cards than random orders of play could ever put on the table. Returns the stops."""
    game = Game.new("contract-rummy", names(len(levels)), seed=seed)
    agents = [make_agent("contract-rummy", level, seed + i) for i, level in enumerate(levels)]
    stops = 0
    while not game.over and game.state.hand_number <= hands:
        seat = game.seats_to_act()[0]
        events = game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
        for i, ev in enumerate(events):
            if isinstance(ev, HandStopped) and ev.reason == "nobody_can_go_out":
                ended = events[i + 1]
                assert isinstance(ended, HandEnded)
                table = {n: m for n, m in enumerate(m for r in ended.results for m in r.melds)}
                assert all(r.melds and r.deadwood for r in ended.results)
                off = Counter(full_deck(game.state))
                off.subtract(c for m in table.values() for c in m)
                pool = list(off.elements())
                shortest = min(len(r.deadwood) for r in ended.results)
                frozen = not lay_off_options(pool, table) and not swap_options(pool, table)
                assert frozen or all(_random_plays(table, pool, random.Random(k)) < shortest for k in range(3))
                stops += 1
    return stops


@settings(max_examples=2)
@given(st.integers(0, 10_000), st.sampled_from([["normal"] * 4, ["hard", "normal", "easy", "normal"]]))
def test_every_dead_hand_stop_in_real_games_was_dead(seed: int, levels: list[str]) -> None:
    _play_checking_stops(levels, seed)


def test_the_deals_that_stalled_stop_and_were_dead() -> None:
    """Four normal players stalled hand 1 of these deals to the third reshuffle (229 to 236 turns)."""
    assert sum(_play_checking_stops(["normal"] * 4, seed, hands=1) for seed in (3, 5, 37, 46)) >= 3


def test_the_known_stalled_deal_now_ends_early() -> None:
    """Deal 5 of four normal players, without the dead-hand stop, stalls hand 1 for 229 turns, to the
    third reshuffle; with it, the hand is stopped as dead long before."""
    game = Game.new("contract-rummy", names(4), seed=5)
    agents = [make_agent("contract-rummy", "normal", 0) for _ in range(4)]
    turns = 0
    while game.state.hand_number == 1:
        seat = game.seats_to_act()[0]
        events = game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
        turns += sum(isinstance(e, TurnStarted) for e in events)
    ended = next(e for e in reversed(game.log) if isinstance(e, HandEnded))
    stopped = [e for e in game.log if isinstance(e, HandStopped)]
    assert ended.went_out is None and stopped == [HandStopped(hand_number=1, reason="nobody_can_go_out")]
    assert turns < 150
    assert data(game)["hand_number"] == 2
