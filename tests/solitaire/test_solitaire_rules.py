"""One test (or more) per rule of docs/solitaire.md, driven through the Game wrapper."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from solitaire_tables import cards, new, state, table

from engine.actions import Discard, Draw
from engine.arrange_five_crowns import arrange
from engine.bots import make_agent
from engine.cards import Rank, five_crowns_deck
from engine.errors import IllegalAction
from engine.events import Event, GameStarted, event_to_data
from engine.game import Game
from engine.rules.five_crowns_solitaire import (
    CardPlaced,
    CardTurned,
    PileClosed,
    PileDiscarded,
    Place,
    SolitaireDealt,
    SolitaireEnded,
    SolitaireView,
    StockLow,
    pile_wild_rank,
)
from engine.solitaire_closing import unmatched_count


def snapshot(game: Game) -> str:
    return json.dumps(game.to_data(), sort_keys=True)


def move(game: Game, pile: int, discard: str | None = None) -> list[Event]:
    """One whole move: draw, place on ``pile``, discard ``discard`` (default: the card just drawn)."""
    events = game.apply(Draw(0, "stock"))
    drawn = state(game).drawn
    assert drawn is not None
    events += game.apply(Place(0, pile))
    events += game.apply(Discard(0, cards(discard)[0] if discard else drawn))
    return events


def view(game: Game) -> SolitaireView:
    v = game.view(0)
    assert isinstance(v, SolitaireView)
    return v


# ----------------------------------------------------------------------------- the deal


def test_one_set_of_116_cards_is_dealt_into_eleven_piles_of_3_to_13_and_a_stock_of_28() -> None:
    game = new(seed=11)
    s = state(game)
    assert [len(p) for p in s.piles] == list(range(3, 14))
    assert len(s.stock) == 116 - sum(range(3, 14)) == 28
    assert Counter(game.ruleset.all_cards(s)) == Counter(five_crowns_deck())
    dealt = [e for e in game.log if isinstance(e, SolitaireDealt)]
    assert len(dealt) == 1 and [list(p) for p in dealt[0].piles] == s.piles and dealt[0].stock_size == 28
    assert isinstance(game.log[0], GameStarted) and game.log[0].game == "solitaire"


def test_the_deal_is_seeded() -> None:
    assert state(new(seed=5)).piles == state(new(seed=5)).piles
    assert state(new(seed=5)).stock == state(new(seed=5)).stock
    assert state(new(seed=5)).piles != state(new(seed=6)).piles


def test_the_game_is_for_one_player() -> None:
    with pytest.raises(ValueError, match="one player"):
        Game.new("solitaire", ["A", "B"], seed=1)
    game = new()
    with pytest.raises(IllegalAction, match="no seat 1"):
        game.apply(Draw(1, "stock"))
    assert game.seats_to_act() == (0,)


def test_each_pile_has_its_dealt_size_as_wild_rank() -> None:
    assert [pile_wild_rank(n) for n in range(1, 12)] == [Rank(k) for k in range(3, 14)]
    v = view(new())
    assert [p.wild_rank for p in v.piles] == [Rank(k) for k in range(3, 14)]
    assert [p.dealt for p in v.piles] == list(range(3, 14))


# ----------------------------------------------------------------------------- wilds and closing


def test_a_pile_uses_its_own_wild_rank() -> None:
    # The 3 of diamonds is wild on pile 1 (3 cards) and fills 7-8-9 of hearts there ...
    game = table({1: "7h 9h kc"}, top="3d")
    events = move(game, 1, "kc")
    assert any(isinstance(e, PileClosed) and e.pile == 1 for e in events)
    # ... but on pile 2 (4s wild) it is only a 3, and 7 3 9 10 of hearts does not meld.
    game = table({2: "7h 9h kc 10h"}, top="3d")
    events = move(game, 2, "kc")
    assert not any(isinstance(e, PileClosed) for e in events)
    assert state(game).is_open(2) and view(game).pile(2).distance > 0


def test_jokers_are_wild_on_every_pile() -> None:
    game = table({2: "7h 9h kc 10h"}, top="jo")
    events = move(game, 2, "kc")
    closed = [e for e in events if isinstance(e, PileClosed)]
    assert len(closed) == 1 and closed[0].pile == 2 and closed[0].runs == 1 and closed[0].books == 0
    assert sorted(c.code for m in closed[0].melds for c in m) == sorted(["7h", "9h", "10h", "jo"])


def test_books_count_in_the_closing_announcement() -> None:
    game = table({4: "8h 8s 8c 10d 10s qc"}, top="10h")
    events = move(game, 4, "qc")
    closed = [e for e in events if isinstance(e, PileClosed)]
    assert closed and (closed[0].books, closed[0].runs) == (2, 0)
    assert closed[0].piles_closed == state(game).piles_closed


def test_a_pile_dealt_in_melds_is_closed_at_once() -> None:
    for seed in range(300):
        game = new(seed)
        closed = [e for e in game.log if isinstance(e, PileClosed)]
        if closed:
            break
    else:
        pytest.fail("no deal among 300 seeds had a pile dealt closed")
    assert not game.actions  # closed by the deal itself
    pile = closed[0].pile
    assert not state(game).is_open(pile)
    assert arrange(state(game).pile(pile), pile_wild_rank(pile)).points == 0
    game.apply(Draw(0, "stock"))
    assert Place(0, pile) not in game.legal_actions(0)


def test_a_closed_pile_takes_no_more_cards() -> None:
    game = table({1: "7h 8h 9h"}, top="5c")
    assert not state(game).is_open(1)
    game.apply(Draw(0, "stock"))
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="pile 1 is closed"):
        game.apply(Place(0, 1))
    assert snapshot(game) == before


def test_a_pile_that_does_not_meld_stays_open() -> None:
    game = table({1: "7h 9s kc"}, top="5c")
    move(game, 1, "kc")
    assert state(game).is_open(1)
    assert state(game).pile(1) == cards("7h 9s 5c")


# ----------------------------------------------------------------------------- a move


def test_a_move_is_draw_place_then_discard_from_that_pile() -> None:
    game = table({3: "4h 5h 9c 10c jd"}, top="6h")
    events = game.apply(Draw(0, "stock"))
    assert events == [CardTurned(card=cards("6h")[0], stock_left=27)]
    assert game.legal_actions(0) == [Place(0, n) for n in state(game).open_piles()]
    events = game.apply(Place(0, 3))
    assert events == [CardPlaced(pile=3, card=cards("6h")[0])]
    assert len(state(game).pile(3)) == 6
    assert set(game.legal_actions(0)) == {Discard(0, c) for c in cards("4h 5h 9c 10c jd 6h")}
    events = game.apply(Discard(0, cards("jd")[0]))
    assert events[0] == PileDiscarded(pile=3, card=cards("jd")[0], was_placed=False)
    assert len(state(game).pile(3)) == 5
    assert game.legal_actions(0) == [Draw(0, "stock")]


def test_the_drawn_card_itself_may_be_the_discard() -> None:
    game = table({3: "4h 5h 9c 10c jd"}, top="kd")
    events = move(game, 3, "kd")
    assert PileDiscarded(pile=3, card=cards("kd")[0], was_placed=True) in events
    assert state(game).pile(3) == cards("4h 5h 9c 10c jd")


def test_discards_are_dead() -> None:
    game = table({3: "4h 5h 9c 10c jd"}, top="kd")
    move(game, 3, "jd")
    s = state(game)
    assert s.dead == cards("jd")
    with pytest.raises(IllegalAction, match="discards are dead"):
        game.apply(Draw(0, "discard"))
    assert view(game).dead == tuple(cards("jd"))
    assert Counter(game.ruleset.all_cards(s)) == Counter(five_crowns_deck())


def test_the_discard_must_come_from_the_pile_just_placed_on() -> None:
    game = table({3: "4h 5h 9c 10c jd", 2: "3s 4s 8d qh"}, top="kd")
    game.apply(Draw(0, "stock"))
    game.apply(Place(0, 3))
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="pile 3 has no queen of hearts"):
        game.apply(Discard(0, cards("qh")[0]))
    with pytest.raises(IllegalAction, match="discard a card from pile 3 first"):
        game.apply(Draw(0, "stock"))
    with pytest.raises(IllegalAction, match="now discard a card from that pile"):
        game.apply(Place(0, 2))
    assert snapshot(game) == before


def test_steps_out_of_order_are_refused_and_change_nothing() -> None:
    game = table({3: "4h 5h 9c 10c jd"}, top="kd")
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="draw a card from the stock first"):
        game.apply(Place(0, 3))
    with pytest.raises(IllegalAction, match="draw a card from the stock first"):
        game.apply(Discard(0, cards("jd")[0]))
    assert snapshot(game) == before
    game.apply(Draw(0, "stock"))
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="place the kd on an open pile first"):
        game.apply(Discard(0, cards("kd")[0]))
    with pytest.raises(IllegalAction, match="place the kd"):
        game.apply(Draw(0, "stock"))
    with pytest.raises(IllegalAction, match="no pile 12: the piles are 1 to 11"):
        game.apply(Place(0, 12))
    with pytest.raises(IllegalAction, match="no pile 0"):
        game.apply(Place(0, 0))
    assert snapshot(game) == before
    _, reason = game.try_apply(Place(0, 99))
    assert reason is not None and "99" in reason


# ----------------------------------------------------------------------------- the stock and the end


def test_stock_low_is_announced_at_10_and_at_5_once_each() -> None:
    game = new(seed=2)
    lows: list[int] = []
    while not game.over:
        pile = state(game).open_piles()[0]
        for e in move(game, pile):
            if isinstance(e, StockLow):
                assert state(game).stock.__len__() == e.left
                lows.append(e.left)
    assert lows == [10, 5]


def test_the_game_is_lost_when_the_stock_runs_out_first() -> None:
    game = new(seed=2)
    moves = 0
    events: list[Event] = []
    while not game.over:
        events = move(game, state(game).open_piles()[0])
        moves += 1
    assert moves == 28
    end = events[-1]
    assert isinstance(end, SolitaireEnded)
    assert end == SolitaireEnded(won=False, piles_closed=state(game).piles_closed, stock_left=0)
    assert state(game).won is False and game.seats_to_act() == () and game.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(Draw(0, "stock"))


def test_the_game_is_won_when_every_pile_is_closed() -> None:
    game = table({1: "7h 9h kc"}, top="8h", closed=tuple(range(2, 12)))
    events = move(game, 1, "kc")
    assert [type(e) for e in events][-2:] == [PileClosed, SolitaireEnded]
    assert events[-1] == SolitaireEnded(won=True, piles_closed=11, stock_left=27)
    assert state(game).won is True and game.over


def test_closing_the_last_pile_with_the_last_card_is_a_win() -> None:
    game = table({1: "7h 9h kc"}, top="8h", closed=tuple(range(2, 12)))
    s = state(game)
    s.dead, s.stock = s.stock[:-1], s.stock[-1:]  # as if the other 27 stock cards were played
    events = move(game, 1, "kc")
    assert events[-1] == SolitaireEnded(won=True, piles_closed=11, stock_left=0)


def test_every_pile_can_be_read_at_any_time_with_its_distance_from_closing() -> None:
    game = table({1: "7h 9s kc", 2: "5d 5s 5c 10h"}, top="8h")
    for step in (None, Draw(0, "stock"), Place(0, 1)):
        if step is not None:
            game.apply(step)
        v = view(game)
        assert [len(p.cards) for p in v.piles] == [len(state(game).pile(n)) for n in range(1, 12)]
        assert v.pile(2).distance == 1  # 10h is the one card left over
        assert v.pile(2).distance == unmatched_count(v.pile(2).cards, Rank.FOUR)
    assert view(game).pile(1).cards == tuple(cards("7h 9s kc 8h"))


# ----------------------------------------------------------------------------- records, saves, replays


def test_saves_resume_in_every_phase_and_replay_the_same_deal() -> None:
    game = new(seed=9)
    for step in range(7):
        action = game.legal_actions(0)[step % 2 - 1]
        game.apply(action)
        data = json.loads(json.dumps(game.to_data()))
        back = Game.from_data(data)
        assert snapshot(back) == snapshot(game)
        assert back.legal_actions(0) == game.legal_actions(0)
        assert view(back) == view(game)
        assert snapshot(Game.replay(data)) == snapshot(game)


def test_every_event_survives_the_save_format() -> None:
    game = table({1: "7h 9h kc"}, top="8h", closed=tuple(range(2, 12)))
    move(game, 1, "kc")
    game2 = new(seed=4)
    while not game2.over:
        move(game2, state(game2).open_piles()[-1])
    for ev in [*game.log, *game2.log]:
        assert game.codec.event_from_data(json.loads(json.dumps(event_to_data(ev)))) == ev


def test_a_damaged_save_is_refused() -> None:
    from engine.errors import SaveFormatError

    data = new(seed=9).to_data()
    data["state"]["stock"] = data["state"]["stock"][:-1]
    with pytest.raises(SaveFormatError, match="do not add up"):
        Game.from_data(data)
    data = new(seed=9).to_data()
    data["state"]["phase"] = "place"
    with pytest.raises(SaveFormatError):
        Game.from_data(data)


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown solitaire option"):
        Game.new("solitaire", ["You"], seed=1, options={"jokers": 3})
    # Without all-wild melds, three jokers on pile 1 are not a meld; with them they close it.
    strict = table({1: "jo jo jo"}, options={"all_wild_melds": False})
    assert state(strict).is_open(1) and view(strict).pile(1).distance == 3
    assert not state(table({1: "jo jo jo"})).is_open(1)


def test_the_hint_player_is_the_computer_player_for_solitaire() -> None:
    agent = make_agent("solitaire", "normal", seed=1)
    game = new(seed=1)
    while not game.over:
        game.apply(agent.choose(game.view(0), game.legal_actions(0)))
    assert isinstance(game.log[-1], SolitaireEnded)
