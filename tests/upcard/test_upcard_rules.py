"""Every rule of the upcard rummy sheet (docs/upcard-rummy.md), one table at a time."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from upcard_tables import c, cs, deck_intact, make_table, state_of

from engine.actions import Discard, Draw, GoOut
from engine.arrange_upcard import card_value, is_upcard_meld
from engine.cards import NO_TWOS_RANKS, STANDARD_SUITS, Card, Rank, no_twos_deck
from engine.errors import IllegalAction
from engine.events import CardsDealt, GameEnded, StockReshuffled, TurnStarted, seen_by
from engine.game import Game
from engine.rules import upcard_rummy as ur
from engine.rules.upcard_rummy import LayOff, Meld, TakeDiscards, UpcardView, hand_size_for


def refused(game: Game, action: object, words: str) -> None:
    before = game.to_data()
    with pytest.raises(IllegalAction, match=words):
        game.apply(action)  # type: ignore[arg-type]
    assert game.to_data() == before, "a refused action changed the game"


# --------------------------------------------------------------------------- cards and players
def test_the_deck_is_96_cards_without_2s_or_jokers() -> None:
    game = Game.new("upcard-rummy", ["a", "b"], seed=3)
    cards = game.ruleset.all_cards(game.state)
    assert len(cards) == game.ruleset.card_count(game.state) == 96
    assert Counter(cards) == Counter(no_twos_deck(2))
    assert all(x.rank in NO_TWOS_RANKS and x.rank != Rank.TWO and x.suit in STANDARD_SUITS for x in cards)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_two_to_six_players(n: int) -> None:
    game = Game.new("upcard-rummy", [f"p{i}" for i in range(n)], seed=n)
    assert deck_intact(game)


@pytest.mark.parametrize("n", [1, 7])
def test_other_numbers_of_players_are_refused(n: int) -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        Game.new("upcard-rummy", [f"p{i}" for i in range(n)], seed=1)


# --------------------------------------------------------------------------- the deal
@pytest.mark.parametrize(
    ("rank", "size"),
    [(Rank.ACE, 14), (Rank.KING, 13), (Rank.QUEEN, 12), (Rank.JACK, 11)] + [(Rank(r), r) for r in range(3, 11)],
)
def test_the_up_card_sets_the_hand_size(rank: Rank, size: int) -> None:
    assert hand_size_for(Card(rank, STANDARD_SUITS[0])) == size


@pytest.mark.parametrize("seed", range(12))
def test_each_hand_matches_its_up_card_and_the_dealer_card_is_wild(seed: int) -> None:
    game = Game.new("upcard-rummy", ["a", "b", "c", "d", "e", "f"], seed=seed)
    state = state_of(game)
    opened = next(e for e in game.log if isinstance(e, ur.HandOpened))
    for seat, hand in enumerate(state.hands):
        up = opened.up_cards[seat]
        assert hand[0] == up, "the up card is the first card of its hand"
        assert len(hand) == hand_size_for(up) == opened.hand_sizes[seat]
    assert state.wild_rank == opened.wild_rank == opened.up_cards[state.dealer].rank
    assert len(state.discard) == 1 and opened.turned_up == state.discard[0]
    assert len(state.stock) == 96 - sum(len(h) for h in state.hands) - 1


def test_the_deal_starts_left_of_the_dealer_and_ends_with_the_dealer() -> None:
    game = Game.new("upcard-rummy", ["a", "b", "c", "d"], seed=9, options={"first_dealer": 2})
    dealt = [e.seat for e in game.log if isinstance(e, CardsDealt)]
    assert dealt == [3, 0, 1, 2]
    state = state_of(game)
    assert state.dealer == 2 and state.to_move == 3
    assert isinstance(game.log[-1], TurnStarted) and game.log[-1].seat == 3


def test_up_cards_are_public_and_the_rest_of_a_hand_is_secret() -> None:
    game = Game.new("upcard-rummy", ["a", "b", "c"], seed=4)
    log = seen_by(game.log, 0)
    opened = next(e for e in log if isinstance(e, ur.HandOpened))
    assert opened.up_cards == tuple(state_of(game).up_cards)
    for e in log:
        if isinstance(e, CardsDealt):
            assert (e.cards is not None) == (e.seat == 0)


def test_the_deal_passes_left_each_hand() -> None:
    game = make_table(
        ["9h 9s 9c", "3c 3d 8c", "8d 7c 6c"],
        table=[(1, "kh kd ks"), (2, "qh qd qs")],
        melded=[True, True, True],
        stock_top="4d",
    )
    assert state_of(game).dealer == 2
    game.apply(Draw(0, "stock"))
    game.apply(Meld(0, cs("9h 9s 9c")))
    game.apply(Discard(0, c("4d")))
    state = state_of(game)
    assert state.hand_number == 2 and state.dealer == 0 and state.to_move == 1  # the deal moved left
    assert deck_intact(game)


def test_the_whole_discard_pile_is_in_the_view() -> None:
    game = make_table(["9h 9s 4c", "kh kd 3c"], discard="4d 7h ac 9c")
    view = game.view(1)
    assert isinstance(view, UpcardView)
    assert view.discard == cs("4d 7h ac 9c") and view.discard_top == c("9c")


# --------------------------------------------------------------------------- melds
@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        ("9h 9s 9c", True),  # three naturals
        ("9h 9s 5c", True),  # a natural pair and a wild
        ("9h 9s 5c 5d", True),  # more wilds on a later meld
        ("9h 9s 9c 9d 9h 9s", True),
        ("5h 5s 5c", False),  # three wilds never meld
        ("9h 5s 5c", False),  # one natural is not enough
        ("9h 9s 8c", False),  # no runs, no mixed ranks
        ("9h 10h jh", False),
        ("9h 9s", False),  # too short
    ],
)
def test_melds_are_of_a_kind_with_two_naturals(cards: str, ok: bool) -> None:
    assert is_upcard_meld(cs(cards), Rank.FIVE) is ok


def test_the_first_meld_is_exactly_three_cards() -> None:
    game = make_table(["9h 9s 9c 9d 4c 6c", "kh kd 3c"], phase="discard")
    refused(game, Meld(0, cs("9h 9s 9c 9d")), "exactly three cards")
    game.apply(Meld(0, cs("9h 9s 9c")))
    assert state_of(game).melded[0]


def test_nothing_else_on_the_turn_of_the_first_meld() -> None:
    game = make_table(["9h 9s 9c 4c 4d 4h 6c kc", "3c 3d 8c"], phase="discard", table=[(1, "kh kd ks")])
    game.apply(Meld(0, cs("9h 9s 9c")))
    refused(game, Meld(0, cs("4c 4d 4h")), "only meld this turn")
    refused(game, LayOff(0, c("kc"), 0), "only play this turn")
    assert [a for a in game.legal_actions(0) if not isinstance(a, Discard)] == []


def test_later_turns_may_meld_any_size_and_lay_off_on_any_meld() -> None:
    game = make_table(
        ["9h 9s 9c 9d 4c 5c kc 6c", "3c 3d 8c"], table=[(1, "kh kd ks")], melded=[True, True], phase="discard"
    )
    game.apply(Meld(0, cs("9h 9s 9c 9d")))
    events = game.apply(LayOff(0, c("kc"), 0))
    assert events == [ur.LaidOff(seat=0, card=c("kc"), index=0, owner=1)]
    game.apply(LayOff(0, c("5c"), 1))  # a wild fits any meld
    table = state_of(game).table
    assert table[0].layoffs == ((0, c("kc")),) and table[0].cards_of(0) == (c("kc"),)
    assert table[1].cards_of(0) == cs("9h 9s 9c 9d 5c")
    refused(game, LayOff(0, c("4c"), 0), "the 4 of clubs does not fit a meld of kings")
    refused(game, LayOff(0, c("6c"), 7), "no meld 7")


def test_no_lay_off_before_melding() -> None:
    game = make_table(["kc 4c 6c", "3c 3d 8c"], table=[(1, "kh kd ks")], phase="discard")
    refused(game, LayOff(0, c("kc"), 0), "only after your first meld")


def test_a_meld_must_be_held_and_valid() -> None:
    game = make_table(["9h 9s 5c 4c", "3c 3d 8c"], phase="discard")
    refused(game, Meld(0, cs("9h 9s 9c")), "do not hold the 9 of hearts, the 9 of spades and the 9 of clubs")
    refused(game, Meld(0, cs("9h 5c 4c")), "one rank only")
    game2 = make_table(["9h 5s 5c 4c", "3c 3d 8c"], phase="discard")
    refused(game2, Meld(0, cs("9h 5s 5c")), "two natural cards")


# --------------------------------------------------------------------------- a turn: drawing
def test_draw_takes_the_top_of_the_stock() -> None:
    game = make_table(["9h 4c", "3c 3d 8c"], stock_top="jc")
    game.apply(Draw(0, "stock"))
    assert state_of(game).hands[0][-1] == c("jc")
    refused(game, Draw(0, "stock"), "already drawn")


def test_the_discard_pile_is_not_drawn_like_a_stock() -> None:
    game = make_table(["9h 9s 4c", "3c 3d 8c"], melded=[True, False], discard="9c")
    refused(game, Draw(0, "discard"), "how far back")


def test_no_dig_before_melding() -> None:
    game = make_table(["9h 9s 4c", "3c 3d 8c"], discard="9c")
    refused(game, TakeDiscards(0, 1, cs("9c 9h 9s")), "only after you have melded")
    assert not any(isinstance(a, TakeDiscards) for a in game.legal_actions(0))


def test_dig_back_to_a_card_matching_a_natural_pair() -> None:
    game = make_table(["9h 9s 4c 6c", "3c 3d 8c"], table=[(0, "kh kd ks")], discard="3h 9c ac 7d 5d", stock_top="jc")
    events = game.apply(TakeDiscards(0, 4, cs("9c 9h 9s")))
    assert events[0] == ur.TookDiscards(seat=0, cards=cs("9c ac 7d 5d"))
    assert isinstance(events[1], ur.Melded) and events[1].cards == cs("9c 9h 9s") and not events[1].first
    state = state_of(game)
    assert state.discard == [c("3h")]
    assert Counter(state.hands[0]) == Counter(cs("4c 6c ac 7d 5d"))  # the rest of what was taken is kept
    assert state.phase == "discard" and deck_intact(game)


def test_a_dig_may_add_a_wild_and_more_naturals() -> None:
    game = make_table(["9h 9s 5c 4c", "3c 3d 8c"], table=[(0, "kh kd ks")], discard="9c 9d 7d")
    game.apply(TakeDiscards(0, 3, cs("9c 9h 9s 9d 5c")))
    assert Counter(state_of(game).hands[0]) == Counter(cs("4c 7d"))


@pytest.mark.parametrize(
    ("hand", "pile", "count", "meld", "words"),
    [
        ("9h 4c 6c", "9c 7d", 2, "9c 9h 5c", "natural pair"),  # one 9 only
        ("9h 9s 4c", "5d 7d", 2, "5d 9h 9s", "the 5 of diamonds is wild"),  # back to a wild
        ("9h 9s 4c", "9c 7d", 1, "7d 9h 9s", "to take back to the 7 of diamonds you need a natural pair of 7s"),
        ("9h 9s 4c", "9c 7d", 2, "9h 9s 5c", "must include the 9 of clubs"),
        ("9h 9s 5c 4c", "9c 7d", 2, "9c 9h 5c", "with the pair of 9s"),  # the pair must be melded
        ("9h 9s 4c", "9c 7d", 3, "9c 9h 9s", "take from 1 to 2"),
        ("9h 9s 4c", "9c 7d", 0, "9c 9h 9s", "take from 1 to 2"),
        ("9h 9s", "9c", 1, "9c 9h 9s", "keep a card to discard"),
        (
            "9h 9s 4c",
            "9c 7d",
            2,
            "9c 9h 9s 9d",
            "cannot make the 9 of clubs, the 9 of hearts, the 9 of spades and the 9 of diamonds",
        ),
    ],
)
def test_dig_refusals(hand: str, pile: str, count: int, meld: str, words: str) -> None:
    game = make_table([hand, "3c 3d 8c"], table=[(0, "kh kd ks")], discard=pile)
    refused(game, TakeDiscards(0, count, cs(meld)), words)


def test_dig_needs_a_meld_from_an_earlier_turn() -> None:
    game = make_table(["9h 9s 9d 8c 8s 4c", "3c 3d 8d"], discard="4d 8h", stock_top="jc")
    game.apply(Draw(0, "stock"))
    game.apply(Meld(0, cs("9h 9s 9d")))
    game.apply(Discard(0, c("jc")))
    game.apply(Draw(1, "stock"))
    game.apply(Discard(1, c("3c")))
    assert any(isinstance(a, TakeDiscards) for a in game.legal_actions(0))
    game.apply(TakeDiscards(0, 3, cs("8h 8c 8s")))


# --------------------------------------------------------------------------- a turn: discarding
def test_discard_ends_the_turn() -> None:
    game = make_table(["9h 4c", "3c 3d 8c"], stock_top="jc")
    refused(game, Discard(0, c("9h")), "draw first")
    game.apply(Draw(0, "stock"))
    refused(game, Discard(0, c("kh")), "no king of hearts in your hand")
    events = game.apply(Discard(0, c("9h")))
    assert state_of(game).discard[-1] == c("9h")
    assert isinstance(events[-1], TurnStarted) and events[-1].seat == 1
    refused(game, Draw(0, "stock"), "Ben's turn")


def test_a_turn_always_keeps_a_card_to_discard() -> None:
    game = make_table(["9h 9s 9c", "3c 3d 8c"], melded=[True, False], table=[(1, "kh kd ks")], phase="discard")
    refused(game, Meld(0, cs("9h 9s 9c")), "keep a card")
    game2 = make_table(["kc", "3c 3d 8c"], table=[(0, "kh kd ks")], phase="discard")
    refused(game2, LayOff(0, c("kc"), 0), "keep a card")


def test_five_crowns_go_out_is_not_an_upcard_move() -> None:
    game = make_table(["9h 4c", "3c 3d 8c"], phase="discard")
    refused(game, GoOut(0, c("4c")), "not a move in upcard rummy")


# --------------------------------------------------------------------------- going out
def test_going_out_gives_last_turns_only_to_players_who_have_not_melded() -> None:
    game = make_table(
        ["9h 9s 9c", "3c 3d 3h 6c", "ac 4c 6d", "7c 7d"],
        table=[(3, "jc jd js")],
        melded=[True, False, False, True],
        stock_top="qc jh kc 4d",
    )
    game.apply(Draw(0, "stock"))  # 4d
    game.apply(Meld(0, cs("9h 9s 9c")))
    events = game.apply(Discard(0, c("4d")))
    out = next(e for e in events if isinstance(e, ur.PlayerWentOut))
    assert out == ur.PlayerWentOut(seat=0, last_turns=(1, 2))
    assert state_of(game).to_move == 1 and isinstance(events[-1], TurnStarted) and events[-1].last_turn
    game.apply(Draw(1, "stock"))  # kc
    game.apply(Meld(1, cs("3c 3d 3h")))  # a last turn may be the first meld
    game.apply(Discard(1, c("kc")))
    assert state_of(game).to_move == 2
    game.apply(Draw(2, "stock"))  # jh
    events = game.apply(Discard(2, c("4c")))
    ended = next(e for e in events if isinstance(e, ur.UpcardHandEnded))
    assert ended.went_out == 0
    assert ended.in_hand[3] == cs("7c 7d"), "a melded player had no last turn"
    assert ended.in_hand[1] == cs("6c")


def test_when_everyone_has_melded_going_out_ends_the_hand() -> None:
    game = make_table(["9h 9s 9c", "3c 3d 8c"], melded=[True, True], table=[(1, "kh kd ks")], stock_top="4d")
    game.apply(Draw(0, "stock"))
    game.apply(Meld(0, cs("9h 9s 9c")))
    events = game.apply(Discard(0, c("4d")))
    assert any(isinstance(e, ur.PlayerWentOut) and e.last_turns == () for e in events)
    assert any(isinstance(e, ur.UpcardHandEnded) for e in events)


# --------------------------------------------------------------------------- scoring
@pytest.mark.parametrize(
    ("card", "wild", "value"),
    [
        ("ah", Rank.FIVE, 100),
        ("5h", Rank.FIVE, 100),
        ("ah", Rank.ACE, 100),
        ("kh", Rank.FIVE, 10),
        ("8h", Rank.FIVE, 10),
        ("10h", Rank.FIVE, 10),
        ("7h", Rank.FIVE, 5),
        ("3h", Rank.FIVE, 5),
        ("3h", Rank.THREE, 100),
    ],
)
def test_card_values(card: str, wild: Rank, value: int) -> None:
    assert card_value(c(card), wild) == value


def test_hand_score_is_table_value_minus_hand_value() -> None:
    game = make_table(
        ["9h 9s 5c kc 4c", "3c 3d ac ah 5d"],
        table=[(1, "kh kd ks")],
        melded=[True, True],
        stock_top="7c 9d",
    )
    state_of(game).scores = [[50], [-20]]
    game.apply(Draw(0, "stock"))  # 9d
    game.apply(Meld(0, cs("9h 9s 5c")))
    game.apply(LayOff(0, c("kc"), 0))  # on Ben's kings: counts for Ann
    game.apply(LayOff(0, c("9d"), 1))
    events = game.apply(Discard(0, c("4c")))
    ended = next(e for e in events if isinstance(e, ur.UpcardHandEnded))
    assert ended.plus == (10 + 10 + 100 + 10 + 10, 30)
    assert ended.minus == (0, 5 + 5 + 100 + 100 + 100)
    assert ended.points == (140, 30 - 310)
    assert state_of(game).scores[0] == [50, 140]
    assert ended.totals == (190, -300)


def _one_hand(target: int, scores: list[list[int]]) -> Game:
    """Ann goes out with 30 on the table; Ben has 30 on the table and 20 in hand."""
    game = make_table(
        ["9h 9s 9c", "3c 3d 8c"], melded=[True, True], table=[(1, "kh kd ks")], stock_top="4d", target=target
    )
    state_of(game).scores = scores
    game.apply(Draw(0, "stock"))
    game.apply(Meld(0, cs("9h 9s 9c")))
    game.apply(Discard(0, c("4d")))
    return game


def test_the_game_ends_after_the_hand_in_which_someone_reaches_the_target() -> None:
    game = _one_hand(30, [[], []])
    assert game.over
    assert game.log[-1] == GameEnded(winners=(0,), totals=(30, 10))
    assert state_of(game).winners == [0]
    assert game.legal_actions(0) == [] and game.seats_to_act() == ()
    refused(game, Draw(1, "stock"), "game is over")
    assert deck_intact(game)


def test_below_the_target_the_next_hand_is_dealt() -> None:
    game = _one_hand(40, [[], []])
    assert not game.over and state_of(game).hand_number == 2 and deck_intact(game)


def test_the_highest_total_wins_and_ties_share_the_win() -> None:
    assert state_of(_one_hand(30, [[0], [50]])).winners == [1]  # Ann reached the target, Ben is higher
    assert state_of(_one_hand(30, [[0], [20]])).winners == [0, 1]


def test_totals_may_go_below_zero() -> None:
    game = _one_hand(3000, [[], [-100]])
    assert state_of(game).totals() == [30, -90]


def test_the_target_is_an_option() -> None:
    assert state_of(Game.new("upcard-rummy", ["a", "b"], seed=1)).options.target == 3000
    assert state_of(Game.new("upcard-rummy", ["a", "b"], seed=1, options={"target": 500})).options.target == 500
    for bad in ({"target": 0}, {"target": "lots"}, {"goal": 5}, {"first_dealer": 4}, {"max_reshuffles": -1}):
        with pytest.raises(ValueError):
            Game.new("upcard-rummy", ["a", "b"], seed=1, options=bad)


# --------------------------------------------------------------------------- the stock runs out
def test_an_empty_stock_is_refilled_from_the_pile_under_its_top_card() -> None:
    game = make_table(["9h 4c", "3c 3d 8c"], discard="4d 7h ac 9c")
    state = state_of(game)
    state.discard = state.stock[:-2] + state.discard  # leave two cards in the stock
    state.stock = state.stock[-2:]
    game.apply(Draw(0, "stock"))
    events = game.apply(Discard(0, c("4c")))
    assert not any(isinstance(e, StockReshuffled) for e in events)
    game.apply(Draw(1, "stock"))
    events = game.apply(Discard(1, c("3c")))
    reshuffled = [e for e in events if isinstance(e, StockReshuffled)]
    assert reshuffled and state.discard == [c("3c")] and len(state.stock) == reshuffled[0].cards > 80
    assert isinstance(events[-1], TurnStarted) and events[-1].seat == 0
    assert deck_intact(game)


def test_the_stock_is_rebuilt_a_limited_number_of_times() -> None:
    game = make_table(["9h 4c", "3c 3d 8c"], discard="4d 7h ac 9c")
    state = state_of(game)
    state.options = dataclasses.replace(state.options, max_reshuffles=2)
    state.reshuffles = 2
    state.discard = state.stock[:-2] + state.discard
    state.stock = state.stock[-2:]
    game.apply(Draw(0, "stock"))
    game.apply(Discard(0, c("4c")))
    game.apply(Draw(1, "stock"))
    events = game.apply(Discard(1, c("3c")))
    assert not any(isinstance(e, StockReshuffled) for e in events)
    ended = next(e for e in events if isinstance(e, ur.UpcardHandEnded))
    assert ended.went_out is None and state.hand_number == 2
    assert state_of(Game.new("upcard-rummy", ["a", "b"], seed=1)).options.max_reshuffles == 5


def test_with_nothing_to_shuffle_the_hand_ends_as_it_stands() -> None:
    game = make_table(["9h 4c", "3c 3d 8c"], discard="4d")
    state = state_of(game)
    state.hands[1] += state.stock[:-1] + state.discard  # everything but one card is in Ben's hand
    state.stock = state.stock[-1:]
    state.discard = []
    held = list(state.hands[1])
    last = state.stock[-1]
    game.apply(Draw(0, "stock"))
    events = game.apply(Discard(0, c("4c")))
    ended = next(e for e in events if isinstance(e, ur.UpcardHandEnded))
    assert ended.went_out is None
    assert ended.in_hand == ((c("9h"), last), tuple(held))
    assert ended.minus[1] == sum(card_value(x, Rank.FIVE) for x in held)
    assert ended.points[0] == -card_value(c("9h"), Rank.FIVE) - card_value(last, Rank.FIVE)
    assert state.hand_number == 2 and deck_intact(game)


def test_a_view_shows_only_its_own_hand() -> None:
    game = make_table(["9h 4c", "3c 3d 8c"])
    view = game.view(1)
    assert isinstance(view, UpcardView)
    assert view.hand == cs("3c 3d 8c") and view.hand_sizes == (2, 3)
    assert view.up_cards == (c("9h"), c("3c"))


def test_out_of_turn_actions_are_refused() -> None:
    game = make_table(["9h 4c", "3c 3d 8c"])
    refused(game, Draw(1, "stock"), "Ann's turn")
    refused(game, Draw(5, "stock"), "no seat 5")
    assert game.legal_actions(1) == []
