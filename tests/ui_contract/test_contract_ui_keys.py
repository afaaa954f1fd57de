"""The contract rummy table key by key: the buy question, selecting and laying down, laying off and
swapping by the meld cursor, reading the table, and bad moves refused with the reason and no change."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from contract_driver import ContractHarness, cards, keys_for_decision, rigged

from access_game.settings import Settings
from access_game.ui.contract_table import CARD_KEYS, ContractTable, card_key, rank_key, resume_question, suit_key
from access_game.ui.registry import CommandRegistry
from engine.arrange_contract import cards_wanted, contract_for_hand
from engine.game import Game
from engine.rules.contract_rummy import BuyAnswered, ContractState
from tests.harness import state_resaved

# Hand 2 (one run): Anna deals and offers the 7 of hearts; Ben is next, then Carla, then you may buy it.
MINE = "5h 6h 8h kc kd 9s 3c 4d jd qs 7c 10d"
BEN = "3s 4s 9c 9d jc jc qd kd ad 10c 5c 6d"
CARLA = "3d 4c 7s 8d qc kc ks ac 10s js 5s 6s"


def data(game: Game) -> str:
    return json.dumps(game.to_data(), sort_keys=True)


def buy_window() -> Game:
    return rigged(4, hand_number=2, hands={0: MINE, 2: BEN, 3: CARLA}, up="7h", stock_top=("ah",))


def started(game: Game, settings: Settings | None = None) -> ContractHarness:
    h = ContractHarness(game=game, settings=settings)
    h.start()
    return h


def state(game: Game) -> ContractState:
    s: ContractState = game.state
    return s


# ----------------------------------------------------------------------------- the table itself


def test_the_table_builds_and_every_command_is_in_the_help_and_the_menu() -> None:
    h = started(buy_window())
    registry: CommandRegistry = h.app_.registry
    names = {c.name for c in registry.menu_items()}
    assert {"yes", "no", "hint", "select", "put-down", "swap", "lay-down-best", "contract", "next-meld",
            "next-player", "buy-questions", "read-hand", "scores"} <= names
    help_lines = h.press("f1", "f1")  # F1 opens the help's sections; F1 again reads them all
    assert "Selecting and laying down:" in help_lines
    for c in registry.menu_items():
        assert f"{c.keys_text}: {c.description}" in help_lines
    assert h.press("escape") == ["Help closed."]
    assert h.press("escape")[0].startswith("Action menu.")


def test_cards_sort_with_aces_high_and_wilds_last() -> None:
    hand = cards("2h jo ah 3h kh 10c 3c")
    assert sorted(hand, key=suit_key) == cards("3h kh ah 3c 10c 2h jo")
    assert sorted(hand, key=rank_key) == cards("3h 3c 10c kh ah 2h jo")


def test_card_keys_reach_nineteen_cards() -> None:
    assert [card_key(i) for i in range(12)] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "alt-1", "alt-2"]
    assert CARD_KEYS["alt-9"] == 19


# ----------------------------------------------------------------------------- buying


def test_the_buy_question_waits_while_every_other_key_reads_the_table() -> None:
    game = buy_window()
    assert not cards_wanted(cards(BEN), contract_for_hand(2)).helps(cards("7h")[0])
    h = started(game)
    assert "Buy the 7 of hearts? It costs a penalty card. Y or N." in h.transcript
    assert "Hint: it brings you one card closer to your contract; you are 1 card short." in h.transcript
    assert not any(line.startswith("You may buy") for line in h.transcript)  # the question says it once
    assert h.app_.prompt_text() == "buy? y/n> "
    before = data(game)
    for key in ("h", "k", "m", "p", "i", "s", "tab", "down", "u", "3", "space", "a", "z"):
        h.press(key)
    assert data(game) == before, "reading and selecting never answer the question"
    assert game.seats_to_act() == (2, 3, 0)  # the computer players wait for you too
    said = h.press("y")
    assert said[0] == "You want to buy the 7 of hearts."
    assert "You bought the 7 of hearts; penalty card the ace of hearts (buy 1 of 3)." in said
    assert Counter(game.view(0).hand) == Counter(cards(MINE + " 7h ah"))
    table = h.table
    assert table.order[table.pos] == cards("7h")[0], "the cursor lands on the card bought"


def test_n_passes_on_the_card_and_the_game_goes_on() -> None:
    game = buy_window()
    h = started(game)
    h.press("n")
    v = game.view(0)
    assert len(v.hand) == 12 and state(game).buys[0] == 0
    assert v.offer != cards("7h")[0], "the window on the 7 of hearts is closed"


def test_buy_questions_off_passes_without_asking() -> None:
    game = buy_window()
    h = started(game)
    said = h.press("B")
    assert said[0] == "Buy questions off: you pass on every discard you could buy, without being asked."
    assert len(game.view(0).hand) == 12 and game.view(0).offer != cards("7h")[0]
    mark = len(h.transcript)
    for _ in range(40):  # play on by the hint: no question is ever asked again
        if h.session.over or game.view(0).hand_number != 2:
            break
        h.press(*keys_for_decision(h))
    assert not any(line.startswith("Buy the") for line in h.transcript[mark:])
    assert state(game).buys[0] == 0
    assert h.press("B")[0] == "Buy questions on: you are asked whenever you could buy a discard."


def test_the_next_player_is_asked_to_take_the_card_and_d_passes_and_draws() -> None:
    # Hand 4: Carla deals, you are next.
    game = rigged(4, hand_number=4, up="kh")
    h = started(game)
    assert "Take the king of hearts? Y or N; D passes it and draws from the stock." in h.transcript
    assert h.app_.prompt_text() == "take? y/n> "
    h.press("d")
    v = game.view(0)
    assert v.phase == "discard" and v.to_move == 0 and len(v.hand) == 13
    assert cards("kh")[0] not in v.hand


def test_buying_after_the_window_is_closed_is_refused_with_the_reason() -> None:
    game = rigged(4, hand_number=4, up="kh")
    h = started(game)
    h.press("d")
    before = data(game)
    said = h.press("y")
    assert said == ["No card is on offer: a card may be bought only just after it is discarded, before the next "
                    "player draws."]
    assert data(game) == before


# ----------------------------------------------------------------------------- selecting and laying down

# Hand 4 for two players (one set and two runs): you are first.
PLANNED = "7h 7c 7s 4d 5d 6d jo 9s 10s js 2c kh"


def two_player(
    hand: str, *, hand_number: int = 4, stock: tuple[str, ...] = ("kc",), table: Sequence[tuple[int, str]] = ()
) -> Game:
    return rigged(2, hand_number=hand_number, hands={0: hand}, up="3h", stock_top=stock, table=table)


def select(h: ContractHarness, text: str, *, mark: int = 0) -> list[str]:
    """Move to each card (one with this mark: 0 free, -1 selected) and press Space; what was said."""
    said: list[str] = []
    for card in cards(text):
        table = h.table
        i = next(i for i, (c, m) in enumerate(zip(table.order, table.marks, strict=True)) if c == card and m == mark)
        said += h.press(card_key(i), "space")
    return said


def test_space_says_the_running_selection_and_whether_it_is_a_meld() -> None:
    h = started(two_player(PLANNED))
    assert select(h, "7h")[-1] == "Selected. 1 card: 7 of hearts."
    two = "2 cards: 7 of hearts; 7 of clubs: not a meld yet, a set needs at least 3 cards."
    assert select(h, "7c")[-1] == f"Selected. {two}"
    assert select(h, "2c")[-1] == "Selected. 3 cards: 7 of hearts; 7 of clubs; 2 of clubs, wild: a set of 7s."
    said = select(h, "2c", mark=-1)  # again: the same card is unselected
    assert said[-1] == f"Unselected. {two}"
    assert h.press("Z") == ["Selection and planned melds cleared."]
    said = select(h, "9s 10s 7c")
    assert said[-1].endswith("not a meld yet, a set is one rank and a run is one suit.")


def test_melds_are_planned_one_by_one_and_laid_down_once_they_make_the_contract() -> None:
    game = two_player(PLANNED)
    h = started(game)
    select(h, "7h 7c 7s")
    assert h.press("enter") == ["Planned meld 1, set of 7s. Still to plan: two runs."]
    select(h, "4d 5d 6d jo")
    assert h.press("enter") == ["Planned meld 2, run of diamonds, 4 to 7. Still to plan: one run."]
    select(h, "9s 10s js 2c")
    said = h.press("enter")  # the plan makes the contract, but you have not drawn
    assert said == ["Draw a card first: from the stock or the discard pile.",
                    "Your planned melds are kept: Enter lays them down when you may."]
    assert not state(game).melded[0]
    assert h.press("h")[0].startswith("12 cards: card 1: the 7 of hearts, planned meld 1; ")
    h.press("d")
    said = h.press("enter")
    assert said[0].startswith("You laid down meld 1, set of 7s: 7 of hearts; 7 of clubs; 7 of spades, then meld 2, "
                              "run of diamonds, 4 to 7")
    assert state(game).melded[0] and len(state(game).table) == 3
    assert Counter(game.view(0).hand) == Counter(cards("kh kc"))
    assert h.table.marks == [0, 0]


def test_a_meld_the_contract_has_no_room_for_is_refused() -> None:
    game = two_player("7h 7c 7s kh kd 4d 5d 6d jo 9s 10s js", stock=("2c",))
    h = started(game)
    select(h, "7h 7c 7s")
    h.press("enter")
    select(h, "kh kd jo")
    assert h.press("enter") == ["This hand's contract is one set and two runs: no more sets. "
                                "The selection is a set of kings."]
    select(h, "jo", mark=-1)  # unselect the joker
    said = h.press("z")
    assert said == ["2 cards: king of hearts; king of diamonds: not a meld yet, a set needs at least 3 cards. "
                    "Planned: meld 1, set of 7s: 7 of hearts; 7 of clubs; 7 of spades. Still to plan: two runs."]
    assert h.press("space")[0].startswith("Selected. 3 cards")  # the cursor is still on the joker
    select(h, "kh kd", mark=-1)
    before = data(game)
    assert h.press("enter") == [
        "That is not a meld: a meld needs at least two natural cards (2s and jokers are wild). joker."
    ]
    assert data(game) == before


def test_shift_l_lays_down_the_best_lay_down_or_says_how_far_off_it_is() -> None:
    game = two_player("7h 7c 8s 4d 5d 6d jo 9s 10s kd qs 3c")
    h = started(game)
    h.press("d")
    said = h.press("L")
    assert said[0].startswith("Your hand does not meet the contract, one set and two runs: ")
    assert not state(game).melded[0]
    game = two_player(PLANNED)
    h = started(game)
    h.press("d", "L")
    assert state(game).melded[0]


def test_the_contract_key_says_whether_the_hand_meets_it() -> None:
    h = started(two_player(PLANNED))
    said = h.press("C")
    assert said == ["Hand 4 of 9, contract: one set and two runs, laid down all at once. Your hand meets it: "
                    "set of 7s: 7 of hearts; 7 of clubs; 7 of spades, then run of spades, 9 to queen: 9 of spades; "
                    "10 of spades; jack of spades; 2 of clubs, wild, then run of diamonds, 4 to 7: 4 of diamonds; "
                    "5 of diamonds; 6 of diamonds; joker, which leaves 10 points."]
    h = started(two_player("5h 6h 9c kd qs 3c 4d jd 10s 7c 8s ah", hand_number=2))
    said = h.press("C")
    assert said[0].startswith("Hand 2 of 9, contract: one run, laid down all at once. Your hand does not meet it: "
                              "2 cards short. Cards that would help: ")
    assert said[0].endswith(", or a wild.")


# ----------------------------------------------------------------------------- laying off and swapping

DOWN = ((0, "5h 6h 7h 8h"), (1, "9c 9d 9s"))


def test_cards_are_laid_off_on_the_meld_under_the_meld_cursor() -> None:
    game = two_player("9h 4h kd qs", hand_number=2, stock=("3c",), table=DOWN)
    h = started(game)
    h.press("d")
    assert h.press("m") == ["Meld 1 of 2, your run of hearts, 5 to 8: 5 of hearts; 6 of hearts; 7 of hearts; "
                               "8 of hearts."]
    select(h, "9h 4h")
    said = h.press("enter")
    assert said == ["You laid off the 4 of hearts on meld 1, your own run of hearts, 4 to 8.",
                    "You laid off the 9 of hearts on meld 1, your own run of hearts, 4 to 9."]
    before = data(game)
    h.press(card_key(h.table.order.index(cards("qs")[0])))
    assert h.press("enter") == ["The queen of spades does not fit meld 1, your run of hearts, 4 to 9."]
    assert h.press("F") == ["The queen of spades fits no meld on the table."]
    assert data(game) == before


def test_shift_o_lays_off_as_in_every_game_with_lay_offs() -> None:
    """Shift+O lays off in contract rummy as in upcard rummy (Enter still does it here, on the selection)."""
    game = two_player("9h 4h kd qs", hand_number=2, stock=("3c",), table=DOWN)
    h = started(game)
    h.press("d", "m")
    h.press(card_key(h.table.order.index(cards("4h")[0])))
    assert h.press("O") == ["You laid off the 4 of hearts on meld 1, your own run of hearts, 4 to 8."]


def test_laying_off_before_laying_down_is_refused_with_the_reason() -> None:
    game = two_player("9h 4h kd qs 3s 3d 5c 6c 10d jd kc ac", hand_number=2, table=((1, "5h 6h 7h 8h"),))
    h = started(game)
    h.press("d", "m", "1")
    assert h.press("F") == ["The 4 of hearts fits meld 1, Anna's run of hearts, 5 to 8. "
                            "You may lay off once your contract is down."]
    before = data(game)
    said = h.press("O")
    assert len(said) == 1 and "contract" in said[0] and data(game) == before, said


def test_w_swaps_a_natural_for_a_wild_and_the_wild_moves_on() -> None:
    game = two_player("7h kd qs", hand_number=2, stock=("3c",), table=((0, "5h 6h jo 8h"), (1, "9c 9d 9s")))
    h = started(game)
    h.press("d", "m")
    h.press(card_key(h.table.order.index(cards("7h")[0])))
    said = h.press("W")
    assert said[0].startswith("You put the 7 of hearts in place of a joker in meld 1")
    melds = {m.id: m.cards for m in state(game).table}
    assert melds[1] == tuple(cards("5h 6h 7h 8h")) and cards("jo")[0] in melds[2]


def test_w_asks_where_the_wild_goes_when_it_could_go_to_several_melds() -> None:
    table = ((0, "5h 6h jo 8h"), (1, "9c 9d 9s"), (1, "jc qc kc ac"))
    game = two_player("7h kd qs", hand_number=2, stock=("3c",), table=table)
    h = started(game)
    h.press("d", "m")
    h.press(card_key(h.table.order.index(cards("7h")[0])))
    said = h.press("W")
    assert said[0].startswith("Where the wild goes. Up and Down to move")
    assert h.app_.prompt_text() == "swap> "
    h.press("down")
    h.press("enter")
    melds = {m.id: m.cards for m in state(game).table}
    assert melds[1] == tuple(cards("5h 6h 7h 8h")) and cards("jo")[0] in melds[3]


def test_w_says_why_a_swap_cannot_be_made() -> None:
    game = two_player("7h kd qs", hand_number=2, stock=("3c",), table=((0, "5h 6h jo 8h"),))
    h = started(game)
    h.press("d", "m")
    h.press(card_key(h.table.order.index(cards("7h")[0])))
    before = data(game)
    assert h.press("W") == ["The 7 of hearts could take a wild's place in meld 1, but no other meld takes the "
                            "freed wild."]
    h.press(card_key(h.table.order.index(cards("kd")[0])))
    assert h.press("W") == ["The king of diamonds cannot take a wild's place in meld 1, your run of hearts, 5 to 8."]
    assert data(game) == before


# ----------------------------------------------------------------------------- reading, refusing, resuming


def test_reading_the_table_player_by_player_and_meld_by_meld() -> None:
    table = ((0, "5h 6h jo 8h"), (1, "9c 9d 9s"), (1, "jc qc kc ac"))
    h = started(two_player("7h kd qs", hand_number=2, stock=("3c",), table=table))
    said = h.press("tab")
    assert said == ["Anna (dealer): 12 cards; laid down meld 2, set of 9s: 9 of clubs; 9 of spades; 9 of diamonds, "
                    "then meld 3, run of clubs, jack to ace: jack of clubs; queen of clubs; king of clubs; "
                    "ace of clubs. Bought 0 of 3; total 0."]
    assert h.table.meld_id == 2
    assert h.press("m")[0].startswith("Meld 3 of 3, Anna's run of clubs, jack to ace: ")
    assert h.press("m")[0].startswith("Last meld. Meld 3 of 3")
    assert h.press("a") == [
        "Your melds: meld 1, run of hearts, 5 to 8: 5 of hearts; 6 of hearts; joker; 8 of hearts.",
        "Anna's melds: meld 2, set of 9s: 9 of clubs; 9 of spades; 9 of diamonds, then meld 3, run of clubs, jack to "
        "ace: jack of clubs; queen of clubs; king of clubs; ace of clubs.",
    ]
    assert h.press("p") == ["You: 3 cards, down, bought 0; Anna: 12 cards, down, bought 0."]
    assert h.press("s-tab")[0].startswith("You: 3 cards; laid down meld 1")


def test_discarding_before_drawing_is_refused_and_changes_nothing() -> None:
    game = two_player(PLANNED)
    h = started(game)
    before = data(game)
    assert h.press("x") == ["Draw a card first: from the stock or the discard pile."]
    assert data(game) == before


def test_a_resumed_game_asks_its_open_buy_question_again() -> None:
    game = buy_window()
    assert resume_question(game, 0) == ("You have a saved game of Contract Rummy with Anna, Ben and Carla, "
                                        "hand 2 of 9, contract one run. Resume it?")
    saved = state_resaved(game)
    h = ContractHarness(game=saved)
    h.start(resumed=True)
    assert h.transcript[1] == "Resumed Contract Rummy against Anna, Ben and Carla: hand 2 of 9, contract one run."
    assert h.transcript[2].startswith("Your hand: 5 of hearts; 6 of hearts; 8 of hearts; ")
    assert h.transcript[3] == "Buy the 7 of hearts? It costs a penalty card. Y or N."
    h.press("y")
    assert state(saved).buys[0] == 1


def test_the_table_is_the_registered_table_of_the_game() -> None:
    h = started(buy_window())
    assert isinstance(h.app_.table, ContractTable)


def test_the_up_card_key_says_where_the_card_on_offer_came_from() -> None:
    h = started(buy_window())
    assert h.press("u") == ["On offer: the 7 of hearts, turned up at the deal; the discard pile has 1 card.",
                            "Buy the 7 of hearts? It costs a penalty card. Y or N.",
                            "Hint: it brings you one card closer to your contract; you are 1 card short."]


def test_one_computer_turn_per_key_still_waits_for_your_answer() -> None:
    game = buy_window()
    h = started(game, settings=Settings(speech="silent", cues=False, pace="step"))
    assert "Buy the 7 of hearts? It costs a penalty card. Y or N." in h.transcript
    assert h.app_.prompt_text() == "buy? y/n> "
    assert h.press("space")[0].startswith("Selected.")  # Space selects: nobody is waiting for it
    said = h.press("n")
    assert said[-1] == "Ben's turn; Space to go on." and h.app_.prompt_text() == "next> "


def test_the_hint_and_shift_n_which_does_it() -> None:
    game = two_player(PLANNED)
    h = started(game)
    assert h.press("H") == ["Draw from the stock: the discard pile has nothing that helps you. Press D."]
    h.press("d")
    said = h.press("H")
    assert said[0].startswith("Lay down, 3 melds. First: 7 of hearts; 7 of clubs; 7 of spades. Second: ")
    assert said[0].endswith(": that leaves 20 points. Press Shift+L.")
    h.press("N")
    assert state(game).melded[0]
    assert h.press("H")[0].startswith("Discard the king of ")


def test_one_computer_turn_per_key_waits_only_before_real_turns() -> None:
    # A computer player deciding whether to buy is not taking a turn: "Ben's turn; Space to go on."
    # said for that would mislead, so those answers come without a key; every wait is before a turn.
    h = started(buy_window(), settings=Settings(speech="silent", cues=False, pace="step"))
    h.press("n")
    waits = 0
    for _ in range(120):
        session = h.session
        if session.waiting:
            waits += 1
            seat = session.game.seats_to_act()[0]
            assert seat == state(h.game).to_move, "a key is asked for only before a real turn"
            assert h.transcript[-1] == f"{h.game.players[seat]}'s turn; Space to go on."
        h.press(*keys_for_decision(h))
    answers = [e for e in h.game.log if isinstance(e, BuyAnswered) and e.seat != 0]
    assert waits > 5 and answers, "computer players' turns and buy answers both happened"


def test_discarding_a_card_of_a_planned_meld_says_the_meld_is_dropped() -> None:
    h = started(two_player(PLANNED))
    select(h, "7h 7c 7s")
    h.press("enter")
    h.press("d")
    h.press(card_key(h.table.order.index(cards("7h")[0])))
    said = h.press("x")
    assert said[0] == "You discarded the 7 of hearts."
    assert "Planned meld 1, set of 7s, is dropped: you discarded one of its cards." in said
    assert h.table.plan == []


def test_a_buyer_who_loses_the_card_to_a_nearer_player_is_told() -> None:
    from engine.events import Drew
    from engine.rules.contract_rummy import Bought, BuyAnswered, BuyOffered
    from speech.contract_words import ContractNarrator

    card = cards("8d")[0]
    narrator = ContractNarrator(2, ["You", "Anna", "Ben", "Carla"])
    said = [u.text() for u in narrator.narrate([
        BuyOffered(card=card, offered_by=0, next_seat=1, buyers=(2, 3)),
        BuyAnswered(seat=3, wants=True),
        BuyAnswered(seat=2, wants=True),
        Bought(seat=3, card=card, penalty=None, buys=1),
    ])]
    assert "Carla wants to buy the 8 of diamonds." in said
    assert "You want to buy the 8 of diamonds." in said
    assert said[-1] == "Carla, nearer in turn, got the 8 of diamonds: your buy did not happen."
    # Taken by the next player: the same news; nobody asked: nothing more is said.
    taken = [u.text() for u in narrator.narrate([
        BuyOffered(card=card, offered_by=0, next_seat=1, buyers=(2, 3)),
        BuyAnswered(seat=2, wants=True),
        Drew(seat=1, source="discard", card=card),
    ])]
    assert taken[-1] == "Anna, nearer in turn, got the 8 of diamonds: your buy did not happen."
    quiet = [u.text() for u in narrator.narrate([
        BuyOffered(card=card, offered_by=0, next_seat=1, buyers=(2, 3)),
        Bought(seat=3, card=card, penalty=None, buys=1),
    ])]
    assert not any("nearer in turn" in line for line in quiet)
