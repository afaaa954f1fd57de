"""Contract rummy in words: contracts, melds by name and number, the buy window from each seat, the
penalty card named only to its buyer, and a word for every move a player can choose."""

from __future__ import annotations

import pytest
from contract_table import cards, rigged

from engine.actions import Discard, Draw
from engine.arrange_contract import CONTRACTS
from engine.bots.base import make_agent
from engine.events import Discarded, Event, seen_by
from engine.game import Game
from engine.rules.contract_rummy import (
    Bought,
    Buy,
    BuyOffered,
    ContractLaidOff,
    ContractSwapped,
    ContractWentOut,
    HandStopped,
    LayOff,
    NobodyBought,
    PassBuy,
    Swap,
    TableMeld,
)
from speech.contract_words import ContractNarrator, action_words, contract_utterances, contract_words, meld_name
from speech.phrases import card_words
from speech.results import Names
from speech.utterance import Verbosity

PLAYERS = ("Anna", "Bob", "Carol", "Dave")


def said(event: Event, listener: int, verbosity: Verbosity = Verbosity.NORMAL) -> str:
    lines = contract_utterances(event, Names(PLAYERS, listener), verbosity)
    assert lines is not None
    return " ".join(u.text() for u in lines)


def test_the_nine_contracts_in_words() -> None:
    assert [contract_words(c) for c in CONTRACTS] == [
        "one set",
        "one run",
        "two sets",
        "one set and two runs",
        "two runs",
        "three sets",
        "two sets and one run",
        "one set and two runs",
        "three runs",
    ]


@pytest.mark.parametrize(
    ("meld", "name"),
    [
        ("7h 7c jo", "set of 7s"),
        ("jh jo kh 2c", "run of hearts, jack to ace"),
        ("5s jo jo 8s", "run of spades, 5 to 8"),
        ("jo ad kd qd", "run of diamonds, jack to ace"),
        ("3c 4c 5c 2d", "run of clubs, 3 to 6"),
    ],
)
def test_melds_are_named(meld: str, name: str) -> None:
    assert meld_name(cards(meld)) == name


def test_the_buy_window_from_each_seat() -> None:
    offer = BuyOffered(card=cards("7h")[0], offered_by=0, next_seat=1, buyers=(2, 3))
    assert said(offer, 1) == "The up card is the 7 of hearts: take it, or pass it to Carol and Dave, who may buy it."
    assert said(offer, 2) == "You may buy the 7 of hearts, with a penalty card: buy or pass."
    assert said(offer, 3, Verbosity.DETAILED).endswith("Bob and Carol come first.")
    assert said(offer, 0) == ""
    assert "is on offer" in said(offer, 0, Verbosity.DETAILED)


def test_the_penalty_card_is_named_only_to_the_buyer() -> None:
    game = rigged(4, up="7h", stock_top=("kc",))
    game.apply(PassBuy(1))
    game.apply(PassBuy(2))
    game.apply(Buy(3))
    event = next(e for e in game.log if isinstance(e, Bought))
    for listener in range(4):
        mine = next(e for e in seen_by([event], listener))
        text = said(mine, listener)
        assert ("king of clubs" in text) == (listener == 3), text
    assert said(seen_by([event], 0)[0], 0) == "Dave bought the 7 of hearts and a penalty card (buy 1 of 3)."
    assert said(event, 3) == "You bought the 7 of hearts; penalty card the king of clubs (buy 1 of 3)."


def test_going_out_with_and_without_a_discard() -> None:
    assert said(ContractWentOut(seat=2, discard=None), 0) == "Carol went out without discarding."
    assert said(ContractWentOut(seat=0, discard=cards("3d")[0]), 0) == "You went out, discarding the 3 of diamonds."


def test_other_events_are_left_to_the_narrator() -> None:
    game = Game.new("contract-rummy", list(PLAYERS), seed=1)
    assert contract_utterances(game.log[0], Names(PLAYERS, 0)) is None  # GameStarted


def test_every_event_and_move_of_a_game_has_words() -> None:
    game = Game.new("contract-rummy", list(PLAYERS), seed=12)
    agents = [make_agent("contract-rummy", "normal", i) for i in range(4)]
    kinds: set[str] = set()
    while not game.over and game.state.hand_number <= 2:
        seat = game.seats_to_act()[0]
        legal = game.legal_actions(seat)
        table = game.state.table
        for action in legal:
            words = action_words(action, table, Names(PLAYERS, seat))
            assert words and "contract" not in words and "_" not in words
        game.apply(agents[seat].choose(game.view(seat), legal))
    for listener in range(4):
        for verbosity in Verbosity:
            for ev in game.seat_log(listener):
                lines = contract_utterances(ev, Names(PLAYERS, listener), verbosity)
                if lines is not None:
                    kinds.add(ev.kind)
                    assert all(u.text() for u in lines)
    assert {"contract_stated", "contract_laid_down", "contract_went_out"} <= kinds


def test_a_wild_card_is_set_off_by_commas_from_the_words_after_it() -> None:
    # "wild on meld 1" sounds as though meld 1 were wild; "wild, on meld 1" says the card is.
    two, nine = cards("2h 9c")
    meld = tuple(cards("9h 9s 9c 2h"))
    laid_off = ContractLaidOff(seat=1, card=two, meld_id=1, owner=1, meld=meld)
    assert said(laid_off, 0) == "Bob laid off the 2 of hearts, wild, on meld 1, their own set of 9s."
    assert said(laid_off, 0, Verbosity.BRIEF) == "Bob laid off 2 of hearts, wild, on meld 1."
    assert said(Bought(seat=2, card=two, penalty=None, buys=1), 0) == (
        "Carol bought the 2 of hearts, wild, and a penalty card (buy 1 of 3)."
    )
    run = tuple(cards("5s 6s 7s"))
    swapped = ContractSwapped(
        seat=1, card=nine, meld_id=1, owner=1, wild=two, to_meld_id=2, to_owner=1, meld=meld, to_meld=run
    )
    assert ", wild, in meld 1," in said(swapped, 0)
    table = [TableMeld(id=1, owner=1, kind="set", cards=meld)]
    assert action_words(LayOff(1, two, 1), table, Names(PLAYERS, 1)) == (
        "Lay off 2 of hearts, wild, on meld 1, your own set of 9s"
    )
    assert ", wild, in meld 1" in action_words(Swap(1, nine, 1, two, 1), table, Names(PLAYERS, 1))
    # A card that is not wild gets no comma.
    assert said(ContractLaidOff(seat=1, card=nine, meld_id=1, owner=1, meld=meld), 0).startswith(
        "Bob laid off the 9 of clubs on meld 1"
    )


def test_a_final_discard_is_said_once() -> None:
    # The engine tells a final discard as the discard, then the going out, then the hand's end.
    three = cards("3d")[0]
    for verbosity in Verbosity:
        narrator = ContractNarrator(0, PLAYERS, verbosity)
        lines = [u.text() for u in narrator.narrate([Discarded(seat=1, card=three), ContractWentOut(1, three)])]
        assert len(lines) == 1 and "3 of diamonds" in lines[0], lines
    # Going out told on its own (no discard said before it) still names the card.
    narrator = ContractNarrator(0, PLAYERS)
    assert [u.text() for u in narrator.narrate([ContractWentOut(1, three)])] == [
        "Bob went out, discarding the 3 of diamonds."
    ]


def test_a_real_game_says_the_final_discard_once_and_the_going_out_once() -> None:
    game = Game.new("contract-rummy", list(PLAYERS), seed=12)
    agents = [make_agent("contract-rummy", "normal", i) for i in range(4)]
    while not game.over and not any(isinstance(e, ContractWentOut) for e in game.log):
        seat = game.seats_to_act()[0]
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    went_out = next(e for e in game.log if isinstance(e, ContractWentOut))
    assert went_out.discard is not None, "this seed goes out with a discard"
    for verbosity in Verbosity:
        lines = [u.text() for u in ContractNarrator(0, PLAYERS, verbosity).narrate(game.seat_log(0))]
        end = next(i for i, line in enumerate(lines) if line.startswith("Hand 1 of 9 over."))
        who = PLAYERS[went_out.seat] if went_out.seat else "You"
        assert f"{who} went out." in lines[end]
        said_discard = lines[end - 1].lower().replace("the ", "")
        assert "discarded " + card_words(went_out.discard) in said_discard, lines[end - 1]
        assert sum("went out" in line for line in lines[: end + 1]) == 1, lines[end - 2 : end + 1]


def test_nobody_bought_is_news_only_to_the_next_player_unless_detailed() -> None:
    nobody = NobodyBought(card=cards("7h")[0], next_seat=1)
    assert said(nobody, 0, Verbosity.BRIEF) == said(nobody, 0) == ""
    assert said(nobody, 0, Verbosity.DETAILED) == "Nobody bought the 7 of hearts."
    for verbosity in Verbosity:
        assert said(nobody, 1, verbosity).endswith(": draw from the stock.")
    # A buy that happens is said at every verbosity, to everyone.
    bought = Bought(seat=2, card=cards("7h")[0], penalty=None, buys=1)
    for verbosity in Verbosity:
        for listener in (0, 1, 3):
            assert "Carol bought 7 of hearts" in said(bought, listener, verbosity).replace("the ", "")


def test_a_swap_is_offered_naming_the_run_as_it_will_stand() -> None:
    # Bob's run 5 6 7 and a joker reads "5 to 8"; with the 4 of hearts in the joker's place it is 4 to 7.
    run = TableMeld(id=1, owner=1, kind="run", cards=tuple(cards("5h 6h 7h jo")))
    sevens = TableMeld(id=2, owner=1, kind="set", cards=tuple(cards("7s 7c 7d")))
    assert meld_name(run.cards) == "run of hearts, 5 to 8"
    swap = Swap(0, cards("4h")[0], 1, cards("jo")[0], 2)
    line = action_words(swap, [run, sevens], Names(PLAYERS, 0))
    assert "meld 1, Bob's run of hearts, 4 to 7" in line and "5 to 8" not in line
    assert line.endswith("meld 2, Bob's set of 7s")
    # The announcement of the swap made names the run the same way.
    event = ContractSwapped(seat=0, card=cards("4h")[0], meld_id=1, owner=1, wild=cards("jo")[0], to_meld_id=2,
                            to_owner=1, meld=tuple(cards("4h 5h 6h 7h")), to_meld=tuple(cards("7s 7c 7d jo")))
    assert "meld 1, Bob's run of hearts, 4 to 7" in said(event, 2)


def test_a_dead_hand_is_said_before_its_scores() -> None:
    wilds = "2h 2h 2c 2c 2d 2d 2s 2s jo jo jo jo"
    game = rigged(3, hands={0: "3s", 1: "9h 4s", 2: "5s"}, up="4d", stock_top=("3d",), dealer=0,
                  table=[(0, f"7h 7h 7c 7c 7d 7d 7s 7s {wilds}"), (1, "8h 8h 8c 8c 8d 8d 8s 8s"),
                         (2, "9h 9c 9c 9d 9d 9s 9s")])
    game.apply(Draw(1, "stock"))
    game.apply(LayOff(1, cards("9h")[0], 3))
    game.apply(Discard(1, cards("3d")[0]))
    lines = [u.text() for u in ContractNarrator(0, PLAYERS[:3]).narrate(game.seat_log(0))]
    stop = lines.index("Nobody can go out: every player is down and no card left off the table fits a meld on it. "
                       "Hand 1 ends here.")
    assert any("Hand 1 of 9 over" in line for line in lines[stop + 1:])
    assert any(isinstance(e, HandStopped) for e in game.log)


def test_a_hands_results_name_contract_melds_by_contract_rules() -> None:
    """An ace-high run is a run in contract rummy (never 'meld', as Five Crowns' rules would call it)."""
    from engine.events import HandEnded, PlayerResult

    run = tuple(cards("qh kh ah jo"))
    ended = HandEnded(hand_number=1, went_out=0, results=(
        PlayerResult(seat=0, melds=(run,), deadwood=(), points=0, total=0),
        PlayerResult(seat=1, melds=(), deadwood=tuple(cards("5c")), points=5, total=5)))
    text = " ".join(u.text() for u in ContractNarrator(1, PLAYERS, Verbosity.DETAILED).narrate([ended]))
    assert "run of hearts" in text and "meld:" not in text, text
