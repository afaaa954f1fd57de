"""The upcard rummy table key by key, on tables set up card by card: what each key says, what it does,
and that a refused key changes nothing."""

from __future__ import annotations

import json

from upcard_driver import UpcardHarness, cs, set_table

from access_game.ui.hand_model import FREE, SELECTED
from access_game.ui.registry import CommandRegistry
from access_game.ui.upcard_table import UpcardTable
from engine.game import Game
from engine.rules.upcard_rummy import HandOpened, UpcardState
from speech.phrases import card_words


def started(game: Game) -> UpcardHarness:
    h = UpcardHarness(game)
    h.start()
    return h


def snapshot(h: UpcardHarness) -> str:
    return json.dumps(h.game.to_data(), sort_keys=True)


def state(h: UpcardHarness) -> UpcardState:
    s = h.game.state
    assert isinstance(s, UpcardState)
    return s


OTHERS = ("3c 4c 6c 7c", "8c 8d 10c jc")


# ----------------------------------------------------------------------------- the table in the app


def test_the_table_builds_without_key_clashes_and_every_command_is_in_help_and_menu() -> None:
    h = started(Game.new("upcard-rummy", ["You", "Anna", "Ben", "Carla"], seed=2))
    registry: CommandRegistry = h.app_.registry
    table = h.table
    assert isinstance(table, UpcardTable)
    mine = {c.name for c in table.commands()}
    in_menu = {c.name for c in registry.menu_items()}
    assert mine <= in_menu
    help_lines = h.press("f1", "f1")
    assert help_lines[0].startswith("Help for Upcard Rummy: ")
    for title in ("Playing your turn:", "The discard pile:", "Melds on the table:", "Your hand:", "The table:"):
        assert title in help_lines
    for c in table.commands():
        assert f"{c.keys_text}: {c.description}" in help_lines


def test_the_menu_runs_a_table_command_by_name() -> None:
    h = started(set_table(["9h 9s 5c kd 3h", *OTHERS], discard="4d 8s"))
    said = h.press("escape")
    assert said[0].startswith("Action menu.")
    labels = []
    for _ in range(60):
        said = h.press("down")
        labels.append(said[0])
        if said[0].startswith("Read the whole discard pile"):
            break
    assert h.press("enter")[-1] == "2 cards; from the top: 8 of spades; 4 of diamonds."


def test_prompt_follows_the_turn() -> None:
    h = started(set_table(["9h 9s 5c kd 3h", *OTHERS], stock_top="3d"))
    assert h.app_.prompt_text() == "draw> "
    h.press("d")
    assert h.app_.prompt_text() == "meld or discard> "
    h.press("3", "space", "4", "space", "6", "space", "enter")
    assert h.app_.prompt_text() == "discard> "


# ----------------------------------------------------------------------------- selecting and melding


def test_space_builds_a_selection_and_says_at_once_whether_it_is_a_meld() -> None:
    h = started(set_table(["9h 9s 5c kd 3h", *OTHERS], phase="discard"))
    assert h.press("h") == ["5 cards: card 1: the 3 of hearts; card 2: the 9 of hearts; card 3: the 9 of spades; "
                            "card 4: the king of diamonds; card 5: the 5 of clubs, wild."]
    h.press("2")
    # One sentence for the card and the count, one for the verdict: the cards themselves are Z's.
    assert h.press("space") == ["Selected the 9 of hearts: 1 selected. Not a meld: a meld needs at least 3 cards."]
    h.press("3", "space", "5")
    assert h.press("space") == [
        "Selected the 5 of clubs, wild: 3 selected. A meld of 9s, worth 120: Enter lays it down."
    ]
    h.press("4")
    assert h.press("space")[0].endswith("Not a meld: a meld is cards of one rank only (no runs).")
    assert h.press("space")[0].startswith("Unselected the king of diamonds: 3 selected. A meld of 9s")
    assert h.press("z")[0].startswith("3 selected: 9 of hearts; 9 of spades; 5 of clubs, wild. ")
    assert h.press("right") == ["5 of clubs, wild, 5 of 5, selected"]
    assert h.press("z")[0].endswith("A meld of 9s, worth 120: Enter lays it down.")
    assert h.press("enter") == [
        "You melded for the first time: 9s, meld 1: 9 of hearts; 9 of spades; 5 of clubs, wild."
    ]
    assert h.table.order == list(cs("3h kd")) and h.table.marks == [FREE, FREE]
    # Nothing more after a first meld: the engine's reason, and nothing changes.
    before = snapshot(h)
    h.press("1", "space")
    assert h.press("enter") == ["Your first meld is your only meld this turn; lay down more from your next turn."]
    assert snapshot(h) == before
    assert h.press("Z") == ["Selection cleared."]
    assert h.press("z") == ["Nothing selected."]


def test_a_first_meld_of_four_is_explained_before_and_refused_after_enter() -> None:
    h = started(set_table(["9h 9s 9d 5c kd", *OTHERS], phase="discard"))
    h.press("1", "space", "2", "space", "3", "space", "5")
    said = h.press("space")
    assert said[0].endswith("A meld of 9s, worth 130, but your first meld of a hand is exactly three cards.")
    before = snapshot(h)
    assert h.press("enter") == ["Your first meld of the hand is exactly three cards."]
    assert snapshot(h) == before
    assert h.table.marks.count(SELECTED) == 4


def test_a_meld_that_is_no_meld_is_refused_with_the_reason() -> None:
    h = started(set_table(["9h 9s 5c kd 3h", *OTHERS], phase="discard"))
    h.press("1", "space", "2", "space", "3", "space")
    before = snapshot(h)
    assert h.press("enter") == ["A meld is cards of one rank only (no runs)."]
    assert snapshot(h) == before
    h.press("Z")
    assert h.press("enter") == ["Select cards with Space first, then Enter puts them down."]


def test_two_equal_cards_are_two_cards_and_the_selected_one_goes_down() -> None:
    h = started(set_table(["8s 8s 8h 5c kd", *OTHERS], melded=[True, False, False], melds=[(0, "ah as 5s")],
                          phase="discard"))
    # Rank order: 8 of hearts, 8 of spades, 8 of spades, king, wild.
    h.press("1", "space", "3", "space", "5", "space")
    assert h.table.marks == [SELECTED, FREE, SELECTED, FREE, SELECTED]
    assert h.press("2") == ["8 of spades, 2 of 5"] and h.press("3") == ["8 of spades, 3 of 5, selected"]
    h.press("enter")
    assert h.table.order == list(cs("8s kd")) and h.table.marks == [FREE, FREE]


# ----------------------------------------------------------------------------- laying off

MELDED = {"melded": [True, True, True], "melds": [(1, "9h 9s 5s"), (2, "ah as 5h")], "phase": "discard"}


def test_o_lays_off_a_natural_on_the_meld_of_its_rank_and_a_wild_on_the_current_meld() -> None:
    h = started(set_table(["9c ac 5d 3h kd", *OTHERS], **MELDED))  # type: ignore[arg-type]
    assert h.press("h") == ["5 cards: card 1: the ace of clubs; card 2: the 3 of hearts; card 3: the 9 of clubs; "
                             "card 4: the king of diamonds; card 5: the 5 of diamonds, wild."]
    h.press("3")
    assert h.press("O") == ["You laid off the 9 of clubs on Anna's meld 1, 9s."]
    assert h.press("M") == ["Meld 2 of 2, aces, Ben's: ace of hearts; ace of spades; 5 of hearts, wild."]
    h.press("end")
    assert h.press("O") == ["You laid off the 5 of diamonds, wild, on Ben's meld 2, aces."]
    h.press("3")
    before = snapshot(h)
    assert h.press("O") == ["The king of diamonds fits no meld on the table: there is no meld of kings."]
    assert snapshot(h) == before
    h.press("1")
    assert h.press("space")[0].endswith("Not a meld, but it fits meld 2, aces: Enter or Shift+O lays off.")
    assert h.press("enter") == ["You laid off the ace of clubs on Ben's meld 2, aces."]
    assert [(s, c.code) for s, c in state(h).table[1].layoffs] == [(0, "5d"), (0, "ac")]
    assert h.press("m") == [
        "Meld 1 of 2, 9s, Anna's: 9 of hearts; 9 of spades; 5 of spades, wild. Laid off: 9 of clubs by you."
    ]


def test_laying_off_before_a_first_meld_is_refused_with_the_reason() -> None:
    h = started(set_table(["9c ac 5d 3h kd", *OTHERS], melds=[(1, "9h 9s 5s")], phase="discard"))
    h.press("3")
    before = snapshot(h)
    assert h.press("O") == ["You may lay off only after your first meld, from your next turn."]
    assert h.press("space")[0].endswith(
        "Not a meld, but it fits meld 1, 9s; you may lay off from the turn after your first meld."
    )
    assert snapshot(h) == before


def test_going_out_is_hinted_after_the_draw_and_done_by_keys() -> None:
    h = started(set_table(["9c 3h", *OTHERS], melded=[True, True, False], melds=[(1, "9h 9s 5s")],
                          stock_top="9d"))
    assert h.press("d") == [
        "You drew the 9 of diamonds.",
        "You can go out this turn: put down everything but the 3 of hearts, then discard it.",
    ]
    # A step of the going out just announced (it keeps the 3 of hearts too), its key named, the cursor on it.
    assert h.press("H") == ["Lay off the 9 of clubs on meld 1. Worth 10 points. Press Shift+O.", "9 of clubs, 2 of 3"]
    h.press("2", "space", "3", "space")
    assert h.press("enter") == [
        "You laid off the 9 of clubs on Anna's meld 1, 9s.",
        "You laid off the 9 of diamonds on Anna's meld 1, 9s.",
    ]
    assert h.press("1") == ["3 of hearts, 1 of 1"]
    said = h.press("x")
    assert said[:2] == ["You discarded the 3 of hearts.", "You went out. Ben has one last turn."]
    assert "Hand 1 over. You went out." in said


# ----------------------------------------------------------------------------- the fanned discard pile

DIG = {"melded": [True, False, False], "melds": [(0, "ah as 5s")], "discard": "3c 7d qh 8s jd 5h"}


def test_the_pile_is_read_from_the_top_and_walked_with_positions() -> None:
    h = started(set_table(["7h 7s 9c kd 5c", *OTHERS], **DIG))  # type: ignore[arg-type]
    assert h.press("k") == [
        "6 cards; from the top: 5 of hearts, wild; jack of diamonds; 8 of spades; queen of hearts; "
        "7 of diamonds; 3 of clubs."
    ]
    assert h.press("up") == ["Top card. 5 of hearts, wild, 1 of 6 from the top."]
    assert h.press("down") == ["jack of diamonds, 2 of 6 from the top."]
    assert h.press("s-down") == [
        "7 of diamonds, 5 of 6 from the top. You could take back to it: 5 cards, melding 3 cards."
    ]
    assert h.press("s-down")[0].startswith("No card deeper that you could take back to. Still on the 7 of diamonds")
    assert h.press("down") == ["3 of clubs, 6 of 6 from the top."]
    assert h.press("down") == ["Bottom card. 3 of clubs, 6 of 6 from the top."]
    h.press("J", "3")
    assert h.press("enter") == ["8 of spades, 3 of 6 from the top."]
    h.press("J", "9")
    assert h.press("enter") == ["The discard pile has 6 cards; there is no card 9 from the top."]
    assert h.press("u") == ["The top card is the 5 of hearts, wild; the discard pile has 6 cards."]


def test_shift_k_says_what_each_take_back_would_meld_and_cost() -> None:
    h = started(set_table(["7h 7s 9c kd 5c", *OTHERS], **DIG))  # type: ignore[arg-type]
    assert h.press("K") == [
        "You could take back to 1 card now, instead of drawing:",
        "7 of diamonds, 5 cards from the top. You meld 7 of diamonds; 7 of hearts; 7 of spades: 15 on the table. "
        "4 more cards come into your hand, 130 against you unless put down; 1 of them fits a meld: "
        "5 of hearts, wild; 8 of spades; jack of diamonds; queen of hearts.",
    ]


def test_t_takes_back_to_the_cursor_and_melds_with_the_pair_and_selected_wilds() -> None:
    h = started(set_table(["7h 7s 9c kd 5c", *OTHERS], **DIG))  # type: ignore[arg-type]
    before = snapshot(h)
    assert h.press("t")[0].startswith(
        "The pile cursor is on the 5 of hearts, wild: you can take back only to a natural card"
    )
    h.press("down")
    assert h.press("t") == [
        "You hold no natural pair of jacks to take back to the jack of diamonds, 2 from the top. "
        "Shift+Down moves to a card you could take back to."
    ]
    assert snapshot(h) == before
    h.press("end", "space", "s-down")
    assert h.press("t") == [
        "You took 5 cards from the discard pile, back to the 7 of diamonds: 7 of diamonds; queen of hearts; "
        "8 of spades; jack of diamonds; 5 of hearts, wild.",
        "You melded: 7s, meld 2: 7 of diamonds; 7 of hearts; 7 of spades; 5 of clubs, wild.",
    ]
    s = state(h)
    assert [c.code for c in s.discard] == ["3c"]
    assert sorted(c.code for c in s.hands[0]) == sorted(["9c", "kd", "qh", "8s", "jd", "5h"])
    assert h.table.marks == [FREE] * 6


def test_taking_back_before_melding_is_refused_and_the_pile_says_when_it_will_be_open() -> None:
    h = started(set_table(["7h 7s 9c kd 5c", *OTHERS], discard="3c 7d qh 8s jd"))
    assert h.press("s-down") == [
        "7 of diamonds, 4 of 5 from the top. You hold a pair of its rank: you could take back to it from the "
        "turn after your first meld."
    ]
    before = snapshot(h)
    assert h.press("t") == ["You may take from the discard pile only after you have melded, on a later turn."]
    assert snapshot(h) == before
    assert h.press("K")[0] == "You could take back to 1 card from the turn after your first meld:"


def test_no_pair_no_take_back() -> None:
    h = started(set_table(["7h 8s 9c kd 5c", *OTHERS], **DIG))  # type: ignore[arg-type]
    assert h.press("s-down") == ["No card in the discard pile matches a natural pair in your hand."]
    assert h.press("K") == ["No card in the discard pile matches a natural pair in your hand."]


def test_a_turn_start_hint_says_when_the_pile_can_be_taken_back() -> None:
    h = started(set_table(["7h 7s 9c kd 5c", "3c 4c 6c 7c", "8c 8d 10c jc"], to_move=2, **DIG))  # type: ignore[arg-type]
    assert ("You could take the discard pile back to 1 card: Shift+K says what it would cost, Shift+Down moves "
            "to it.") in h.transcript


# ----------------------------------------------------------------------------- reading the table


def test_melds_by_meld_and_by_player() -> None:
    h = started(set_table(["9c ac 5d 3h kd", *OTHERS], **MELDED))  # type: ignore[arg-type]
    h.press("3", "O")
    assert h.press("a") == [
        "2 melds on the table.",
        "Meld 1, 9s, Anna's: 9 of hearts; 9 of spades; 5 of spades, wild. Laid off: 9 of clubs by you.",
        "Meld 2, aces, Ben's: ace of hearts; ace of spades; 5 of hearts, wild.",
    ]
    assert h.press("A") == [
        "You: laid off on meld 1: 9 of clubs. 10 on the table.",
        "Anna: meld 1, 9s: 9 of hearts; 9 of spades; 5 of spades, wild. 120 on the table.",
        "Ben: meld 2, aces: ace of hearts; ace of spades; 5 of hearts, wild. 300 on the table.",
    ]
    assert h.press("p") == [
        "Anna: 4 cards, melded, 120 on the table, no discard yet; Ben: 4 cards, melded, 300 on the table, "
        "no discard yet."
    ]


def test_wild_up_cards_scores_and_info_on_a_real_deal() -> None:
    game = Game.new("upcard-rummy", ["You", "Anna", "Ben"], seed=5, options={"target": 800})
    h = started(game)
    v = h.view
    opened = next(e for e in game.log if isinstance(e, HandOpened))
    said = h.press("w")[0]
    assert said.startswith(f"{v.wild_rank.plural.capitalize()} are wild: ")
    for seat, name in enumerate(("you", "Anna", "Ben")):
        up = card_words(opened.up_cards[seat], v.wild_rank)
        assert f"{name} the {up}, {opened.hand_sizes[seat]} cards" in said
    assert h.press("s") == ["Target 800. Totals: you 0, Anna 0, Ben 0. All tied at 0, 800 short of the target."]
    assert h.press("S") == ["No hand has been scored yet. Target 800."]
    info = h.press("i")
    assert info[0].startswith(f"Hand 1, {v.wild_rank.plural} wild, ")
    assert "You have not melded yet: your first meld is exactly three cards." in info[0]


def test_scores_hand_by_hand_after_a_hand() -> None:
    h = started(set_table(["9c 3h", *OTHERS], melded=[True, True, False], melds=[(1, "9h 9s 5s")],
                          stock_top="9d"))
    h.press("d", "2", "space", "3", "space", "enter", "1", "x")
    said = h.press("S")
    assert said[0] == "Hand 1: you 20, Anna 100, Ben -40."
    assert said[1] == "Target 3000. Totals: you 20, Anna 100, Ben -40. Anna leads with 100, 2900 short of the target."


# ----------------------------------------------------------------------------- hint, resume


def test_the_hint_names_a_step_and_shift_n_takes_it() -> None:
    h = started(Game.new("upcard-rummy", ["You", "Anna", "Ben"], seed=5))
    if not h.session.my_turn:
        raise AssertionError("seed 5 gives the player the first turn of a 3-player game")
    assert h.press("H") == ["Draw from the stock: the discard pile has nothing that helps you. Press D."]
    before = len(h.game.actions)
    said = h.press("N")
    assert said[0].startswith("You drew the ")
    assert len(h.game.actions) == before + 1


def test_resuming_says_where_the_game_stands(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from access_game.saves import SaveStore
    from access_game.ui.upcard_table import resume_question

    h = UpcardHarness(Game.new("upcard-rummy", ["You", "Anna", "Ben"], seed=5), save_dir=tmp_path)
    h.start()
    h.press("d")
    loaded = SaveStore(tmp_path, slot="upcard-rummy").load()
    assert loaded.session is not None
    game = loaded.session.game
    assert resume_question(game, 0).startswith("You have a saved game of Upcard Rummy with Anna and Ben, hand 1, ")
    h2 = UpcardHarness(game)
    h2.start(resumed=True)
    said = h2.transcript
    assert said[1].startswith("Resumed Upcard Rummy against Anna and Ben: hand 1, ")
    assert said[2].startswith("Your hand: ") and said[-1] == "It is your turn: meld or discard."
