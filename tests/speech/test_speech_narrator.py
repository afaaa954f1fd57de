"""Events told per listener and verbosity."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.events as ev_mod
from engine.bots.base import make_agent
from engine.cards import JOKER, Card, Rank
from engine.events import (
    CardsDealt,
    Discarded,
    Drew,
    Event,
    GameEnded,
    GameStarted,
    HandEnded,
    HandStarted,
    LaidDown,
    PlayerResult,
    StockReshuffled,
    TurnStarted,
    WentOut,
    seen_by,
)
from engine.game import Game
from engine.notation import parse_card
from speech.words import Kind, Narrator, Utterance, Verbosity

PLAYERS = ["Me", "Anna", "Bob"]
B, N, D = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.DETAILED


def c(text: str) -> Card:
    return parse_card(text)


def cs(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


HAND3 = HandStarted(
    hand_number=3, hands_total=11, dealer=2, cards_dealt=5, wild_rank=Rank.FIVE, up_card=c("8h"), first_player=0
)


def narrate(events: list[Event], verbosity: Verbosity = N, listener: int = 0, *, flush: bool = True) -> list[str]:
    n = Narrator(listener, PLAYERS, verbosity)
    out = n.narrate([HAND3, *events])[1:]
    if flush:
        out += n.flush()
    return [u.text() for u in out]


# ----------------------------------------------------------------- every event type, every verbosity
@dataclasses.dataclass(frozen=True, slots=True)
class LaidOff(Event):
    """An event of some other ruleset that the narrator has never heard of."""

    seat: int
    card: Card
    meld: int
    kind: ClassVar[str] = "laid_off"


SAMPLES: list[Event] = [
    GameStarted(game="five-crowns", players=tuple(PLAYERS)),
    HAND3,
    CardsDealt(seat=0, cards=cs("5h 9c qs jo 3st")),
    CardsDealt(seat=1, cards=None),
    TurnStarted(seat=0),
    TurnStarted(seat=0, last_turn=True),
    TurnStarted(seat=1),
    Drew(seat=0, source="stock", card=c("9c")),
    Drew(seat=0, source="discard", card=c("8h")),
    Drew(seat=1, source="stock", card=None),
    Drew(seat=1, source="discard", card=c("8h")),
    Discarded(seat=0, card=c("ks")),
    Discarded(seat=1, card=c("kst")),
    StockReshuffled(cards=40),
    WentOut(seat=1, melds=(cs("7h 7c jo"), cs("3h 4h 5c")), discard=c("4d")),
    WentOut(seat=0, melds=(cs("7h 7c jo"),), discard=c("5d")),
    LaidDown(seat=2, melds=(cs("9h 9c 9s"),), deadwood=cs("7h"), points=7),
    LaidDown(seat=0, melds=(), deadwood=cs("7h jo"), points=57),
    HandEnded(
        hand_number=3,
        went_out=1,
        results=(
            PlayerResult(0, (cs("9h 9c 9s"),), cs("7h"), 7, 40),
            PlayerResult(1, (cs("7h 7c jo"),), (), 0, 25),
            PlayerResult(2, (), cs("kh qh"), 25, 60),
        ),
    ),
    GameEnded(winners=(1,), totals=(140, 120, 200)),
    GameEnded(winners=(0, 1), totals=(120, 120, 200)),
    LaidOff(seat=1, card=c("7h"), meld=2),
]


def _type_name(e: Event) -> str:
    return type(e).__name__


def test_the_samples_cover_every_event_type_of_the_engine() -> None:
    engine_types = {getattr(ev_mod, name) for name in ev_mod.__all__}
    event_types = {t for t in engine_types if isinstance(t, type) and issubclass(t, Event) and t is not Event}
    assert event_types <= {type(e) for e in SAMPLES}


@pytest.mark.parametrize("verbosity", list(Verbosity))
@pytest.mark.parametrize("event", SAMPLES, ids=_type_name)
def test_every_event_is_told_in_plain_sentences_at_every_verbosity(event: Event, verbosity: Verbosity) -> None:
    n = Narrator(0, PLAYERS, verbosity)
    n.narrate([HAND3])
    out = n.narrate([event]) + n.flush()
    private_to_someone_else = isinstance(event, CardsDealt) and event.seat != 0
    silent_ok = private_to_someone_else or (isinstance(event, TurnStarted) and event.seat != 0 and verbosity < D)
    if not silent_ok:
        assert out, f"nothing said for {event}"
    for u in out:
        text = u.text()
        assert text and text[0].isupper() and text.rstrip().endswith("."), text
        assert "None" not in text and "  " not in text, text
        assert isinstance(u.kind, Kind)
    # Every card the listener needs is a Card part of the message, so braille can show it too.
    needed: tuple[Card, ...] = ()
    if isinstance(event, Discarded | Drew) and event.card is not None:
        needed = (event.card,)
    elif isinstance(event, WentOut):
        needed = (event.discard,)
    elif isinstance(event, CardsDealt) and event.seat == 0 and event.cards:
        needed = event.cards
    spoken = [card for u in out for card in u.cards]
    for card in needed:
        assert card in spoken, (card, [u.text() for u in out])


def test_brief_is_never_longer_than_normal_nor_normal_than_detailed() -> None:
    for event in SAMPLES:
        sizes = []
        for v in Verbosity:
            n = Narrator(0, PLAYERS, v)
            n.narrate([HAND3])
            sizes.append(sum(len(u.text()) for u in n.narrate([event]) + n.flush()))
        assert sizes[0] <= sizes[1] <= sizes[2], (event, sizes)


# ----------------------------------------------------------------- the sentences of the issue
def test_own_draws_and_discards() -> None:
    assert narrate([Drew(0, "stock", c("9c")), Discarded(0, c("kst"))]) == [
        "You drew the 9 of clubs.",
        "You discarded the king of stars.",
    ]
    assert narrate([Drew(0, "discard", c("8h"))]) == ["You took the 8 of hearts."]
    assert narrate([Drew(0, "stock", c("5c"))]) == ["You drew the 5 of clubs, wild."]
    assert narrate([Drew(0, "stock", JOKER)]) == ["You drew a joker."]
    assert narrate([Drew(0, "stock", c("9c")), Discarded(0, c("kst"))], B) == [
        "Drew 9 of clubs.",
        "Discarded king of stars.",
    ]
    assert narrate([Drew(0, "stock", c("9c"))], D) == ["You drew the 9 of clubs from the stock. You have 6 cards."]


def test_another_players_turn_is_one_line() -> None:
    assert narrate([Drew(1, "discard", c("9c")), Discarded(1, c("kst"))]) == [
        "Anna took the 9 of clubs and discarded the king of stars."
    ]
    assert narrate([Drew(1, "stock", None), Discarded(1, c("4h"))]) == [
        "Anna drew from the stock and discarded the 4 of hearts."
    ]
    assert narrate([Drew(1, "discard", c("9c")), Discarded(1, c("kst"))], B) == [
        "Anna: took 9 of clubs, discarded king of stars."
    ]
    assert narrate([Drew(1, "stock", None), Discarded(1, c("4h"))], D) == [
        "Anna drew from the stock and discarded the 4 of hearts. Anna has 5 cards."
    ]
    assert narrate([Drew(1, "discard", c("5c")), Discarded(1, c("4h"))]) == [
        "Anna took the 5 of clubs, wild, and discarded the 4 of hearts."
    ]


def test_a_held_draw_waits_for_the_discard_and_flush_releases_it() -> None:
    n = Narrator(0, PLAYERS)
    n.narrate([HAND3])
    assert n.narrate([Drew(1, "stock", None)]) == []
    assert n.holding
    assert [u.text() for u in n.flush()] == ["Anna drew from the stock."]
    assert n.flush() == []
    # Something else arriving first releases it, in order.
    n.narrate([Drew(1, "discard", c("8h"))])
    texts = [u.text() for u in n.narrate([StockReshuffled(cards=30)])]
    assert texts == ["Anna took the 8 of hearts.", "The discard pile was shuffled into a new stock."]


def test_hand_start_deal_and_turns() -> None:
    n = Narrator(0, PLAYERS)
    out = n.narrate([HAND3, CardsDealt(0, cs("qh 5c 3st")), CardsDealt(1, None), TurnStarted(0)])
    assert [u.text() for u in out] == [
        "Hand 3 of 11. 5 cards each, 5s are wild. Bob deals. The up card is the 8 of hearts.",
        "Your cards: 3 of stars; queen of hearts; 5 of clubs, wild.",
        "Your turn.",
    ]
    # In its place, marked by the your-turn cue: never urgent (it would jump the moves before it).
    assert out[2].kind == Kind.MY_TURN and out[2].cue == "your_turn" and not out[2].urgent
    assert not any(u.urgent for u in out) and not out[0].cue
    assert narrate([TurnStarted(0, last_turn=True)]) == ["Your turn, last turn."]
    assert narrate([TurnStarted(0, last_turn=True)], B) == ["Your last turn."]
    assert narrate([TurnStarted(1)]) == []
    assert narrate([TurnStarted(1, last_turn=True)], D) == ["Anna's turn, last turn."]
    assert narrate([Discarded(1, c("4h")), TurnStarted(0)], D)[-1] == (
        "Your turn. The discard pile shows the 4 of hearts."
    )
    brief = Narrator(2, PLAYERS, B).narrate([HAND3])
    assert [u.text() for u in brief] == ["Hand 3 of 11, 5s wild. Up card 8 of hearts."]
    dealer = Narrator(2, PLAYERS).narrate([HAND3])[0].text()
    assert "You deal." in dealer


def test_going_out_laying_down_and_results() -> None:
    went = WentOut(seat=1, melds=(cs("7h 7c jo"), cs("3h 4h 5c")), discard=c("4d"))
    assert narrate([Drew(1, "stock", None), went]) == [
        "Anna drew from the stock and went out: book of 7s: 7 of hearts; 7 of clubs; joker, then "
        "run of hearts, 3 to 5: 3 of hearts; 4 of hearts; 5 of clubs, wild, and discarded the 4 of diamonds."
    ]
    assert narrate([went], B) == ["Anna: went out, discarded 4 of diamonds."]
    laid = LaidDown(seat=2, melds=(cs("9h 9c 9s"),), deadwood=cs("7h"), points=7)
    assert narrate([laid]) == [
        "Bob laid down book of 9s: 9 of hearts; 9 of clubs; 9 of spades and keeps 7 of hearts: 7 points."
    ]
    assert narrate([laid], B) == ["Bob: 7 points, kept 7 of hearts."]
    assert narrate([LaidDown(0, (), cs("jo"), 50)]) == ["You laid down nothing and keep joker: 50 points."]
    ended = next(e for e in SAMPLES if isinstance(e, HandEnded))
    n = Narrator(0, PLAYERS)
    n.narrate([HAND3])
    lines = n.narrate([ended])
    assert all(u.kind == Kind.RESULTS for u in lines)
    assert [u.text() for u in lines] == [
        "Hand 3 of 11 over. Anna went out.",
        "You: 7 points. Total 40.",
        "Anna: 0 points, went out. Total 25.",
        "Bob: 25 points. Total 60.",
        "Anna leads with 25.",
    ]
    assert narrate([ended], B) == [
        "Hand 3 of 11 over. Anna went out. Points: you 7, Anna 0, Bob 25. Totals: you 40, Anna 25, Bob 60."
    ]
    detailed = narrate([ended], D)
    assert "Bob: kept king of hearts; queen of hearts. 25 points. Total 60." in detailed
    assert "You: book of 9s: 9 of hearts; 9 of clubs; 9 of spades. Kept 7 of hearts. 7 points. Total 40." in detailed


def test_game_end() -> None:
    assert narrate([GameEnded(winners=(1,), totals=(140, 120, 200))]) == [
        "Game over. Anna wins with 120 points.",
        "Final totals: you 140, Anna 120, Bob 200.",
    ]
    assert narrate([GameEnded(winners=(0, 1), totals=(120, 120, 200))])[0] == (
        "Game over. You and Anna tie for the win with 120 points."
    )
    assert narrate([GameEnded(winners=(0,), totals=(100, 120, 200))], B) == [
        "Game over. You win with 100 points. Totals: you 100, Anna 120, Bob 200."
    ]


def test_unknown_events_get_a_generic_sentence() -> None:
    assert narrate([LaidOff(seat=1, card=c("7h"), meld=2)]) == ["Anna: laid off: card 7 of hearts, meld 2."]

    @dataclasses.dataclass(frozen=True)
    class Odd(Event):
        kind: ClassVar[str] = "odd_thing"

    assert narrate([Odd()]) == ["Odd thing."]
    n = Narrator(0, PLAYERS)
    n.narrate([Odd(), Drew(0, "stock", c("9c"))])
    assert n.generic_count == 1


def test_an_event_that_breaks_the_wording_still_gives_a_sentence() -> None:
    broken = Discarded(seat=1, card="not a card")  # type: ignore[arg-type]
    out = narrate([broken])
    assert len(out) == 1 and out[0].startswith("Anna: discarded")


def test_verbosity_can_be_changed_between_events() -> None:
    n = Narrator(0, PLAYERS)
    n.narrate([HAND3])
    n.verbosity = Verbosity.BRIEF
    assert [u.text() for u in n.narrate([Drew(0, "stock", c("9c"))])] == ["Drew 9 of clubs."]


def _play(seed: int, players: int = 3) -> Game:
    game = Game.new("five-crowns", [f"P{i}" for i in range(players)], seed=seed)
    agents = [make_agent("five-crowns", "easy", seed=seed + i) for i in range(players)]
    while not game.over:
        seat = game.seats_to_act()[0]
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


@pytest.fixture(scope="module")
def played() -> Game:
    return _play(7)


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_a_whole_game_is_told_without_generic_sentences_and_without_secrets(played: Game, verbosity: Verbosity) -> None:
    for listener in range(len(played.players)):
        n = Narrator(listener, played.players, verbosity)
        log = played.seat_log(listener)
        out = n.narrate(log) + n.flush()
        texts = [u.text() for u in out]
        assert n.generic_count == 0
        assert sum(1 for e in log if isinstance(e, TurnStarted) and e.seat == listener) == sum(
            1 for u in out if u.kind == Kind.MY_TURN and u.cue == "your_turn"
        )
        assert not any(u.urgent for u in out)  # game news is said in the order it happened
        # Cards drawn from the stock by others never reach this listener's words.
        secret = [e.card for e in played.log if isinstance(e, Drew) and e.seat != listener and e.source == "stock"]
        assert all(e.card is None for e in log if isinstance(e, Drew) and e.seat != listener and e.source == "stock")
        told_draws = sum(1 for t in texts if "drew from the stock" in t or ": drew" in t)
        assert told_draws == len(secret)


@settings(max_examples=15)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(list(Verbosity)))
def test_every_draw_and_discard_of_a_hand_is_told_with_its_card(seed: int, verbosity: Verbosity) -> None:
    game = Game.new("five-crowns", ["A", "B"], seed=seed)
    agents = [make_agent("five-crowns", "easy", seed=seed + i) for i in range(2)]
    narrator = Narrator(0, game.players, verbosity)
    told: list[Utterance] = []
    seen = 0
    for _ in range(40):
        if game.over:
            break
        seat = game.seats_to_act()[0]
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
        log = game.seat_log(0)
        told += narrator.narrate(log[seen:])
        seen = len(log)
    told += narrator.flush()
    cards_told = [card for u in told for card in u.cards]
    for e in seen_by(game.log, 0):
        if isinstance(e, Discarded):
            assert e.card in cards_told
        if isinstance(e, Drew) and e.card is not None:
            assert e.card in cards_told
