"""Upcard rummy events in words, per listener and verbosity."""

from __future__ import annotations

from upcard_tables import c, cs

from engine.cards import Rank
from engine.events import Discarded, Drew, Event, GameStarted, TurnStarted
from engine.rules.upcard_rummy import HandOpened, LaidOff, Melded, PlayerWentOut, TookDiscards, UpcardHandEnded
from speech.upcard_words import UpcardNarrator, upcard_leaders_words
from speech.utterance import Verbosity
from speech.words import Names

PLAYERS = ("Me", "Anna", "Bob")
B, N, D = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.DETAILED

OPENED = HandOpened(
    hand_number=2,
    dealer=2,
    up_cards=cs("ah 9s 5d"),
    hand_sizes=(14, 9, 5),
    wild_rank=Rank.FIVE,
    turned_up=c("4d"),
    first_player=0,
    target=3000,
)


def said(events: list[Event], listener: int = 0, verbosity: Verbosity = N) -> list[str]:
    narrator = UpcardNarrator(listener, PLAYERS, verbosity)
    return [u.text() for u in narrator.narrate(events) + narrator.flush()]


def test_the_deal_names_every_up_card_and_the_wild_rank() -> None:
    assert said([OPENED]) == [
        "Hand 2. Bob deals; Bob's up card makes 5s wild. Up cards: you the ace of hearts, 14 cards; "
        "Anna the 9 of spades, 9 cards; Bob the 5 of diamonds, wild, 5 cards. "
        "The discard pile starts with the 4 of diamonds."
    ]
    assert said([OPENED], listener=2)[0].startswith("Hand 2. You deal; your up card makes 5s wild.")
    brief = said([OPENED], verbosity=B)[0]
    assert brief.startswith("Hand 2, 5s wild. Up cards: you ace of hearts, 14 cards;")
    assert "reaches 3000" in said([OPENED], verbosity=D)[0]


def test_a_dig_names_every_card_taken() -> None:
    took = TookDiscards(seat=1, cards=cs("9c ac 5h"))
    assert said([OPENED, took])[1] == (
        "Anna took 3 cards from the discard pile, back to the 9 of clubs: 9 of clubs; ace of clubs; 5 of hearts, wild."
    )
    assert said([OPENED, TookDiscards(seat=0, cards=cs("9c"))])[1] == (
        "You took the top card of the discard pile, back to the 9 of clubs: 9 of clubs."
    )


def test_melds_are_numbered_and_lay_offs_say_whose_meld() -> None:
    events: list[Event] = [
        OPENED,
        Melded(seat=1, index=0, cards=cs("9c 9h 5c"), first=True),
        Melded(seat=0, index=1, cards=cs("kc kh ks")),
        LaidOff(seat=0, card=c("9d"), index=0, owner=1),
        LaidOff(seat=1, card=c("5s"), index=0, owner=1),
    ]
    assert said(events)[1:] == [
        "Anna melded for the first time: 9s, meld 1: 9 of clubs; 9 of hearts; 5 of clubs, wild.",
        "You melded: kings, meld 2: king of clubs; king of hearts; king of spades.",
        "You laid off the 9 of diamonds on Anna's meld 1, 9s.",
        "Anna laid off the 5 of spades, wild, on their own meld 1, 9s.",
    ]
    assert said(events, listener=1)[3] == "Me laid off the 9 of diamonds on your meld 1, 9s."


def test_a_draw_before_a_meld_is_said_on_its_own() -> None:
    events: list[Event] = [
        OPENED,
        TurnStarted(seat=1),
        Drew(seat=1, source="stock", card=None),
        Melded(seat=1, index=0, cards=cs("9c 9h 9s"), first=True),
        Discarded(seat=1, card=c("3c")),
    ]
    assert said(events)[1:] == [
        "Anna drew from the stock.",
        "Anna melded for the first time: 9s, meld 1: 9 of clubs; 9 of hearts; 9 of spades.",
        "Anna discarded the 3 of clubs.",
    ]


def test_going_out_says_who_has_a_last_turn() -> None:
    assert (
        said([OPENED, PlayerWentOut(seat=1, last_turns=(2, 0))])[1] == "Anna went out. Bob and you have one last turn."
    )
    assert said([OPENED, PlayerWentOut(seat=1, last_turns=(2,))])[1] == "Anna went out. Bob has one last turn."
    assert said([OPENED, PlayerWentOut(seat=0, last_turns=())])[1] == (
        "You went out. Everyone else has melded: no last turns."
    )


ENDED = UpcardHandEnded(
    hand_number=2,
    went_out=1,
    on_table=(cs("kc kh ks"), cs("9c 9h 5c 9d"), ()),
    in_hand=(cs("ah"), (), cs("3c 4c")),
    plus=(30, 130, 0),
    minus=(100, 0, 10),
    points=(-70, 130, -10),
    totals=(500, 620, -10),
)


def test_results_are_plus_and_minus_and_the_highest_total_leads() -> None:
    assert said([OPENED, ENDED])[1:] == [
        "Hand 2 over. Anna went out.",
        "You: 30 on the table, 100 in hand: -70 points. Total 500.",
        "Anna: 130 on the table, 0 in hand: 130 points. Total 620.",
        "Bob: 0 on the table, 10 in hand: -10 points. Total -10.",
        "Anna leads with 620.",
    ]
    assert said([OPENED, ENDED], verbosity=B)[1] == (
        "Hand 2 over. Anna went out. Points: you -70, Anna 130, Bob -10. Totals: you 500, Anna 620, Bob -10."
    )
    detailed = said([OPENED, ENDED], verbosity=D)[2]
    assert detailed.startswith(
        "You: on the table: king of clubs; king of hearts; king of spades. In hand: ace of hearts. "
    )


def test_a_stock_that_ran_out_is_said() -> None:
    ended = UpcardHandEnded(
        hand_number=1,
        went_out=None,
        on_table=((), ()),
        in_hand=((), ()),
        plus=(0, 0),
        minus=(0, 0),
        points=(0, 0),
        totals=(0, 0),
    )
    assert said([ended])[0] == "Hand 1 over. The stock ran out."


def test_leaders() -> None:
    names = Names(PLAYERS, 0)
    assert upcard_leaders_words(names, [10, 30, 30]) == "Anna and Bob lead with 30."
    assert upcard_leaders_words(names, [40, 30, 30]) == "You lead with 40."
    assert upcard_leaders_words(names, [5, 5, 5]) == "All tied at 5."


def test_no_event_falls_back_to_the_generic_sentence() -> None:
    narrator = UpcardNarrator(0, PLAYERS, N)
    narrator.narrate(
        [
            GameStarted(game="upcard-rummy", players=PLAYERS),
            OPENED,
            TookDiscards(seat=1, cards=cs("9c")),
            Melded(seat=1, index=0, cards=cs("9c 9h 9s")),
            LaidOff(seat=1, card=c("9d"), index=0, owner=1),
            PlayerWentOut(seat=1, last_turns=()),
            ENDED,
        ]
    )
    assert narrator.generic_count == 0
