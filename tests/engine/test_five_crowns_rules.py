"""One test (or more) per rule of docs/five-crowns.md, driven through the Game wrapper."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.actions import Discard, Draw, GoOut
from engine.cards import JOKER, Rank, five_crowns_deck
from engine.errors import IllegalAction
from engine.events import (
    Discarded,
    Drew,
    GameEnded,
    HandEnded,
    HandStarted,
    LaidDown,
    StockReshuffled,
    TurnStarted,
    WentOut,
    seen_by,
)
from engine.five_crowns_melds import card_points
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsState, parse_five_crowns

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from five_crowns_hands import cards, give


def new(n: int = 3, seed: int = 1, **options: object) -> Game:
    return Game.new("five-crowns", [f"P{i}" for i in range(n)], seed=seed, options=options or None)


def state(game: Game) -> FiveCrownsState:
    return game.state  # type: ignore[no-any-return]


def stack(game: Game, code: str) -> None:
    """Put a card from the stock on top of it, so the next stock draw is that card and the deck stays whole."""
    s = state(game)
    card = cards(code)[0]
    s.stock.remove(card)
    s.stock.append(card)


def holds_and_draws(game: Game, hand: str, card: str) -> int:
    """The player to move holds exactly ``hand`` and draws ``card`` from the stock; their seat."""
    seat = state(game).to_move
    give(state(game), seat, hand)
    stack(game, card)
    game.apply(Draw(seat, "stock"))
    return seat


def end_hand_eleven_in_a_tie(game: Game) -> list:
    """Hand 11, both players at 100: one goes out, the other's last turn melds everything too."""
    s = state(game)
    s.hand_number = 11
    s.scores = [[10] * 10, [10] * 10]
    return out_then_last_turn(game, "5h 5s 5d 6h 6s 6d 7h 7s 7d 8h 8s 8d 9h", "9c",
                              "10h 10s 10d 6c 6st 6c 7c 7st 7c 8c 8st 8c kh", "jd")


def out_then_last_turn(game: Game, out_hand: str, out_card: str, last_hand: str, last_card: str) -> list:
    """In a game of two, the player to move holds ``out_hand``, draws ``out_card`` and goes out
    discarding it; the other holds ``last_hand``, draws ``last_card`` and discards it on the last turn.
    The events of that last discard (the hand's end)."""
    seat = state(game).to_move
    give(state(game), seat, out_hand)
    give(state(game), 1 - seat, last_hand)
    stack(game, last_card)
    stack(game, out_card)
    game.apply(Draw(seat, "stock"))
    game.apply(GoOut(seat, cards(out_card)[0]))
    game.apply(Draw(1 - seat, "stock"))
    return game.apply(Discard(1 - seat, cards(last_card)[0]))


def play_turn_simple(game: Game) -> None:
    seat = game.seats_to_act()[0]
    game.apply(Draw(seat, "stock"))
    game.apply(Discard(seat, state(game).hands[seat][-1]))


def finish_hand(game: Game) -> list:
    """Let the simple computer player play every seat until the current hand ends."""
    from engine.bots.five_crowns import NormalFiveCrowns

    bot = NormalFiveCrowns(0)
    hand = state(game).hand_number
    events = []
    while state(game).hand_number == hand and not game.over:
        seat = game.seats_to_act()[0]
        events += game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    return events


def test_eleven_hands_deal_sizes_and_wilds() -> None:
    game = new(4, seed=7)
    seen = []
    events = list(game.log)
    while not game.over:
        events += finish_hand(game)
    for ev in events:
        if isinstance(ev, HandStarted):
            seen.append((ev.hand_number, ev.cards_dealt, ev.wild_rank))
    assert seen == [(h, h + 2, Rank(h + 2)) for h in range(1, 12)]
    assert isinstance(events[-1], GameEnded)


def test_deal_gives_each_player_the_right_count_and_turns_one_up() -> None:
    game = new(5)
    s = state(game)
    assert [len(h) for h in s.hands] == [3] * 5
    assert len(s.discard) == 1
    assert len(s.stock) == 116 - 15 - 1


def test_dealer_rotates_left_and_left_of_dealer_starts() -> None:
    game = new(3, first_dealer=1)
    starts = []
    for _ in range(4):
        s = state(game)
        starts.append((s.dealer, s.to_move))
        finish_hand(game)
    assert starts == [(1, 2), (2, 0), (0, 1), (1, 2)]


def test_draw_then_discard_and_turn_passes_clockwise() -> None:
    game = new(3)
    s = state(game)
    first = s.to_move
    top = s.discard[-1]
    ev = game.apply(Draw(first, "discard"))
    assert ev == [Drew(seat=first, source="discard", card=top)]
    assert top in s.hands[first]
    ev = game.apply(Discard(first, top))
    assert ev[0] == Discarded(seat=first, card=top)
    assert ev[-1] == TurnStarted(seat=(first + 1) % 3)
    assert s.discard[-1] == top


def test_only_the_top_discard_can_be_taken_and_draw_is_once_per_turn() -> None:
    game = new(2)
    seat = state(game).to_move
    game.apply(Draw(seat, "stock"))
    with pytest.raises(IllegalAction, match="already drawn"):
        game.apply(Draw(seat, "discard"))


def test_stock_draw_is_secret_discard_draw_is_public() -> None:
    game = new(2)
    seat = state(game).to_move
    other = 1 - seat
    ev = game.apply(Draw(seat, "stock"))
    assert seen_by(ev, seat)[0].card is not None  # type: ignore[attr-defined]
    assert seen_by(ev, other)[0].card is None  # type: ignore[attr-defined]
    assert game.seat_log(other)[-1].card is None  # type: ignore[attr-defined]
    game.apply(Discard(seat, state(game).hands[seat][0]))
    ev = game.apply(Draw(other, "discard"))
    assert seen_by(ev, seat)[0].card is not None  # type: ignore[attr-defined]


def test_dealt_cards_are_seen_only_by_their_holder() -> None:
    game = new(3)
    for seat in range(3):
        dealt = [e for e in game.seat_log(seat) if e.kind == "cards_dealt"]
        mine = [e for e in dealt if e.seat == seat]  # type: ignore[attr-defined]
        others = [e for e in dealt if e.seat != seat]  # type: ignore[attr-defined]
        assert mine[0].cards == tuple(state(game).hands[seat])  # type: ignore[attr-defined]
        assert all(e.cards is None for e in others)  # type: ignore[attr-defined]


def test_going_out_on_the_first_turn_and_any_discard() -> None:
    game = new(3)
    seat = holds_and_draws(game, "5h 5s 5d", "9c")  # hand 1: 3s wild
    ev = game.apply(GoOut(seat, cards("9c")[0]))
    assert isinstance(ev[0], WentOut) and ev[0].discard == cards("9c")[0]
    assert ev[-1] == TurnStarted(seat=(seat + 1) % 3, last_turn=True)


def test_go_out_discard_may_be_a_card_that_fits_a_meld() -> None:
    game = new(2)
    seat = holds_and_draws(game, "5h 5s 5d", "5c")
    assert GoOut(seat, cards("5c")[0]) in game.legal_actions(seat)
    assert GoOut(seat, cards("5h")[0]) in game.legal_actions(seat)


def test_cannot_go_out_with_a_card_that_does_not_meld_and_state_is_unchanged() -> None:
    game = new(2)
    seat = holds_and_draws(game, "5h 6s 9d", "kc")
    before = game.to_data()
    with pytest.raises(IllegalAction, match="cannot go out"):
        game.apply(GoOut(seat, cards("kc")[0]))
    assert game.to_data() == before


def test_last_turns_each_other_player_once_then_hand_scored() -> None:
    game = new(4)
    seat = holds_and_draws(game, "5h 5s 5d", "9c")
    game.apply(GoOut(seat, cards("9c")[0]))
    order = []
    events = []
    while state(game).hand_number == 1:
        nxt = game.seats_to_act()[0]
        order.append(nxt)
        assert game.view(nxt).last_turn
        assert not any(isinstance(a, GoOut) for a in ([*game.legal_actions(nxt), Draw(nxt)]))
        events += game.apply(Draw(nxt, "stock"))
        events += game.apply(Discard(nxt, state(game).hands[nxt][0]))
    assert order == [(seat + k) % 4 for k in (1, 2, 3)]
    laid = [e for e in events if isinstance(e, LaidDown)]
    assert [e.seat for e in laid] == order
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.went_out == seat
    by_seat = {r.seat: r for r in ended.results}
    assert by_seat[seat].points == 0
    for e in laid:
        assert by_seat[e.seat].points == e.points == sum(card_points(c, Rank.THREE) for c in e.deadwood)
    assert state(game).scores[seat] == [0]


def test_last_turn_lays_down_best_arrangement() -> None:
    ev = out_then_last_turn(new(2), "5h 5s 5d", "9c", "7h 8h 9h", "kc")  # the other draws the king of clubs
    laid = next(e for e in ev if isinstance(e, LaidDown))
    assert laid.points == 0 and laid.deadwood == ()
    assert sorted(c.code for c in laid.melds[0]) == ["7h", "8h", "9h"]


def test_scoring_of_wilds_and_jokers() -> None:
    assert card_points(JOKER, Rank.SEVEN) == 50
    assert card_points(parse_five_crowns("7h"), Rank.SEVEN) == 20
    assert card_points(parse_five_crowns("kh"), Rank.SEVEN) == 13
    assert card_points(parse_five_crowns("qh"), Rank.SEVEN) == 12
    assert card_points(parse_five_crowns("jh"), Rank.SEVEN) == 11
    assert card_points(parse_five_crowns("9h"), Rank.SEVEN) == 9


def test_left_over_wilds_score_when_nothing_melds() -> None:
    ev = out_then_last_turn(new(2), "5h 5s 5d", "10c", "jo 3h 9c", "kd")  # 3s wild in hand 1
    laid = next(e for e in ev if isinstance(e, LaidDown))
    # joker + 3 (wild) + 9 make a meld: 9 with two wilds is a book.
    assert laid.points == 0
    ev = out_then_last_turn(new(2, seed=2), "5h 5s 5d", "10c", "jo 9c kd", "qs")
    laid = next(e for e in ev if isinstance(e, LaidDown))
    # joker, 9 of clubs, king of diamonds: no meld, so the joker scores 50 with the 9 and the king.
    assert laid.melds == ()
    assert laid.points == 50 + 9 + 13


def test_reshuffle_keeps_the_top_discard() -> None:
    game = new(2)
    s = state(game)
    seat = s.to_move
    s.discard = s.stock[1:] + s.discard
    s.stock = s.stock[:1]
    top = s.discard[-1]
    size = len(s.discard)
    game.apply(Draw(seat, "stock"))
    discarded = s.hands[seat][0]
    ev = game.apply(Discard(seat, discarded))
    assert any(isinstance(e, StockReshuffled) for e in ev)
    assert s.discard == [discarded]
    assert len(s.stock) == size
    assert top in s.stock
    assert Counter(game.ruleset.all_cards(s)) == Counter(five_crowns_deck())


def test_hand_ends_when_stock_and_discard_are_both_exhausted() -> None:
    game = new(2)
    s = state(game)
    seat = s.to_move
    # Move every spare card into the box-less void of the other hand to empty the stock.
    s.hands[1 - seat] += s.stock
    s.stock = []
    game.apply(Draw(seat, "discard"))
    ev = game.apply(Discard(seat, s.hands[seat][0]))
    assert any(isinstance(e, HandEnded) and e.went_out is None for e in ev)
    assert state(game).hand_number == 2


def test_ties_share_the_win_by_default() -> None:
    game = new(2)
    ev = end_hand_eleven_in_a_tie(game)
    end = ev[-1]
    assert isinstance(end, GameEnded)
    assert end.winners == (0, 1)
    assert game.over and game.legal_actions(0) == []


def test_playoff_forced_tie() -> None:
    """Two players tied after hand 11 play 6-card hands until one is lowest."""
    game = new(2, tie_break="playoff")
    ev = end_hand_eleven_in_a_tie(game)
    started = next(e for e in ev if isinstance(e, HandStarted))
    assert started.playoff and started.cards_dealt == 6 and started.wild_rank == Rank.SIX
    assert not game.over
    assert state(game).scores == [[10] * 10 + [0], [10] * 10 + [0]]
    # Play the play-off out: it ends with one winner (or another play-off, until one is lowest).
    for _ in range(50):
        if game.over:
            break
        finish_hand(game)
    assert game.over
    assert len(state(game).winners) == 1


def test_two_sets_for_eight_to_fourteen_players() -> None:
    assert state(new(7)).sets == 1
    assert state(new(8)).sets == 2
    g = new(14)
    assert len(g.ruleset.all_cards(g.state)) == 232
    with pytest.raises(ValueError, match="2 to 14 players"):
        new(15)
    with pytest.raises(ValueError):
        new(1)


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda g, s: Discard(s, g.state.hands[s][0]), "draw a card first"),
        (lambda g, s: Draw((s + 1) % 3, "stock"), "turn, not yours"),
        (lambda g, s: GoOut(s, g.state.hands[s][0]), "draw a card first"),
        (lambda g, s: Draw(9, "stock"), "no seat 9"),
    ],
)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(make, reason) -> None:
    game = new(3)
    seat = state(game).to_move
    before = game.to_data()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(make(game, seat))
    assert game.to_data() == before


def test_discarding_a_card_not_held_is_refused() -> None:
    game = new(2)
    seat = state(game).to_move
    game.apply(Draw(seat, "stock"))
    missing = next(c for c in five_crowns_deck() if c not in state(game).hands[seat])
    with pytest.raises(IllegalAction, match=f"no {missing.name}"):
        game.apply(Discard(seat, missing))
