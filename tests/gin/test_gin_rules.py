"""Every rule of docs/gin-rummy.md, one stacked table at a time: the deal, the up card offered, the
turn, knocking, gin and big gin, lay-offs, the undercut, the drawn hand, the next dealer, and the
bonuses at the end of the game."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.actions import Discard, Draw
from engine.cards import Card, standard_deck
from engine.errors import IllegalAction
from engine.events import GameEnded, HandStarted, seen_by
from engine.game import Game
from engine.notation import parse_cards
from engine.rules.gin_rummy import GinGameScored, GinHandEnded, GinState, Knock, Knocked, PassUpcard


def cs(text: str) -> list[Card]:
    return parse_cards(text.split())


def game(seed: int = 1, **options: object) -> Game:
    return Game.new("gin-rummy", ["You", "Anna"], seed=seed, options={"first_dealer": 1, **options})


def stacked(g: Game, mine: str, theirs: str, up: str, stock_top: str = "", stock_size: int = 20) -> GinState:
    """Seat 0 (the non-dealer, to play, past the offer) holds ``mine``, seat 1 ``theirs``; the discard pile
    is ``up``; the stock's top cards are ``stock_top`` (last drawn first) over the rest of the deck."""
    s: GinState = g.state  # type: ignore[assignment]
    hands = [cs(mine), cs(theirs)]
    pile = cs(up)
    top = cs(stock_top)
    used = set(hands[0] + hands[1] + pile + top)
    rest = [c for c in standard_deck(1, jokers=0) if c not in used]
    s.hands, s.discard = hands, pile
    s.stock = rest[len(rest) - stock_size + len(top):] + list(reversed(top)) if stock_size else []
    spare = rest[: len(rest) - stock_size + len(top)]
    s.discard = spare + pile  # every card somewhere: the cards not stacked lie under the pile
    s.phase, s.to_move, s.stock_only, s.taken = "draw", 0, False, None
    return s


def refused(g: Game, action: object, words: str) -> None:
    before = g.to_data()
    with pytest.raises(IllegalAction, match=words):
        g.apply(action)  # type: ignore[arg-type]
    assert g.to_data() == before


def test_the_deal_ten_each_from_52_and_the_non_dealer_is_offered_the_up_card() -> None:
    g = game()
    s = g.state
    assert Counter(g.ruleset.all_cards(s)) == Counter(standard_deck(1, jokers=0))
    assert [len(h) for h in s.hands] == [10, 10] and len(s.stock) == 31 and len(s.discard) == 1
    assert s.dealer == 1 and s.phase == "offer" and s.to_move == 0
    refused(g, Draw(0, "stock"), "take the up card or pass")
    refused(g, Discard(0, s.hands[0][0]), "take the up card or pass first")
    with pytest.raises(ValueError, match="2 to 2 players"):
        Game.new("gin-rummy", ["a", "b", "c"], seed=1)


def test_both_pass_then_the_non_dealer_draws_from_the_stock() -> None:
    g = game()
    g.apply(PassUpcard(0))
    assert g.state.to_move == 1 and g.state.phase == "offer"
    g.apply(PassUpcard(1))
    assert g.state.to_move == 0 and g.state.phase == "draw"
    refused(g, Draw(0, "discard"), "you both passed the up card")
    refused(g, PassUpcard(0), "only when offered")
    g.apply(Draw(0, "stock"))
    assert g.legal_actions(0) and all(a.kind in ("discard", "gin_knock") for a in g.legal_actions(0))


def test_the_card_taken_from_the_discard_pile_is_not_thrown_back_at_once() -> None:
    g = game()
    up = g.state.discard[-1]
    g.apply(Draw(0, "discard"))
    refused(g, Discard(0, up), "from the discard pile: discard another card")
    assert Discard(0, up) not in g.legal_actions(0)
    g.apply(Discard(0, g.state.hands[0][0]))
    assert g.state.to_move == 1 and g.state.phase == "draw"


def test_a_knock_needs_ten_or_less_the_defender_lays_off_the_knocker_scores_the_difference() -> None:
    g = game()
    # You: A-2-3 of hearts, 7s, 9-10-J of spades, and 4 of diamonds; the 3 of diamonds drawn: 7 points.
    stacked(g, "ah 2h 3h 7c 7d 7s 9s 10s js 4d", "kh kd kc 5c 6c 8h 3c qs 4h 2s", "jd", "3d")
    g.apply(Draw(0, "stock"))
    refused(g, Knock(0, cs("ah")[0]), "10 points of deadwood or less; you would have 12")
    g.apply(Knock(0, cs("4d")[0]))
    ended = next(e for e in g.log if isinstance(e, GinHandEnded))
    assert ended.outcome == "knock" and ended.counts[0] == 3 and ended.knocker == 0 and ended.winner == 0
    # Anna lays the 4 of hearts on your A-2-3 of hearts; the queen of spades on your 9-10-J of spades.
    assert {c.code for c in ended.laid_off} == {"4h", "qs"}
    # Her deadwood after: 5c 6c 8h 3c 2s = 24, less your 3: you score 21.
    assert ended.counts[1] == 24 and ended.points == 21 and g.state.scores == [[21], [0]]
    assert any(isinstance(e, Knocked) and e.deadwood == 3 for e in g.log)
    # The face-down discard is the knocker's own secret.
    assert next(e for e in seen_by(g.log, 1) if isinstance(e, Knocked)).card is None


def test_undercut_the_defender_with_as_little_scores_the_difference_and_25() -> None:
    g = game()
    stacked(g, "ah 2h 3h 7c 7d 7s 9s 10s js kd", "5h 5s 5d 8c 9c 10c qh qd qs ac", "jd", "4c")
    g.apply(Draw(0, "stock"))
    g.apply(Knock(0, cs("kd")[0]))  # you keep 4c: 4 points; Anna's ace of clubs: 1
    ended = next(e for e in g.log if isinstance(e, GinHandEnded))
    assert ended.outcome == "undercut" and ended.winner == 1 and ended.points == 4 - 1 + 25 and ended.bonus == 25
    assert g.state.dealer == 0, "the loser of the hand deals the next"


def test_gin_gets_25_and_no_lay_offs_big_gin_31() -> None:
    g = game()
    stacked(g, "ah 2h 3h 7c 7d 7s 9s 10s js qs", "4h 5c 6c 8h kh kd 3c 2s 4d 5d", "jd", "kc")
    g.apply(Draw(0, "stock"))
    g.apply(Knock(0, cs("kc")[0]))
    ended = next(e for e in g.log if isinstance(e, GinHandEnded))
    assert ended.outcome == "gin" and not ended.laid_off and ended.points == ended.counts[1] + 25
    g2 = game()
    stacked(g2, "ah 2h 3h 7c 7d 7s 9s 10s js qs", "4h 5c 6c 8h kh kd 3c 2s 4d 5d", "jd", "ks")
    g2.apply(Draw(0, "stock"))
    g2.apply(Knock(0, None))
    ended = next(e for e in g2.log if isinstance(e, GinHandEnded))
    assert ended.outcome == "big_gin" and ended.points == ended.counts[1] + 31


def test_the_hand_is_a_draw_when_the_stock_is_down_to_two() -> None:
    g = game()
    s = stacked(g, "ah 2h 3h 7c 7d 7s 9s 10s js kd", "5h 5s 5d 8c 9c 10c qh qd qs ac", "jd", "", stock_size=3)
    dealer = s.dealer
    g.apply(Draw(0, "stock"))
    g.apply(Discard(0, cs("kd")[0]))
    ended = next(e for e in g.log if isinstance(e, GinHandEnded))
    assert ended.outcome == "draw" and ended.points == 0 and g.state.scores == [[0], [0]]
    assert g.state.dealer == dealer and g.state.hand_number == 2, "the same dealer deals again"


def test_game_to_the_target_with_line_and_game_bonuses_a_shutout_doubles_the_game_bonus() -> None:
    g = game(target=20)
    stacked(g, "ah 2h 3h 7c 7d 7s 9s 10s js qs", "4h 5c 6c 8h kh kd 3c 2s 4d 5d", "jd", "kc")
    g.apply(Draw(0, "stock"))
    g.apply(Knock(0, cs("kc")[0]))
    scored = next(e for e in g.log if isinstance(e, GinGameScored))
    assert scored.hands_won == (1, 0) and scored.line_bonus == (25, 0)
    assert scored.first == 0 and scored.shutout and scored.game_bonus == 200
    hand = g.state.scores[0][0]
    assert scored.totals == (hand + 25 + 200, 0)
    assert next(e for e in g.log if isinstance(e, GameEnded)).winners == (0,) and g.over
    assert any(isinstance(e, HandStarted) for e in g.log)
