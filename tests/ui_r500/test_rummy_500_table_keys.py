"""The Rummy 500 table's own keys on prepared deals, typed through the terminal: T takes the spread
pile down to the pile cursor and melds its deepest card at once, Enter puts a selection down (or says
why not), Shift+O lays off on anyone's meld, and a hinted meld is selected so Enter makes it."""

from __future__ import annotations

from harness import KeyHarness, card_key

from access_game.settings import Settings
from engine.cards import Card
from engine.game import Game
from engine.notation import parse_cards
from engine.rules.rummy_500 import PileMeld, R500State


def cards(text: str) -> list[Card]:
    return parse_cards(text, jokers=False)


def _piles(state: R500State) -> list[list[Card]]:
    return [state.stock, state.discard, *state.hands]


def _deal(hand: str, pile: str = "", *, discard_phase: bool = False, table: list[PileMeld] | None = None) -> KeyHarness:
    """Seat 0 to move with ``hand`` and, bottom first, the discard pile ``pile``: the cards are swapped in
    from wherever the deal put them, so the deck stays whole."""
    game = Game.new("rummy-500", ["You", "Anna"], seed=3, options={"first_dealer": 1})
    state: R500State = game.state
    wanted_hand, wanted_pile = cards(hand), cards(pile)
    for c in (*wanted_hand, *wanted_pile):
        for p in _piles(state):
            if c in p:
                p.remove(c)
    spare = state.hands[0] + state.discard  # cards displaced go to the stock's bottom
    state.stock[:0] = spare
    state.hands[0], state.discard = list(wanted_hand), list(wanted_pile)
    for c in (c for meld in table or [] for c in meld.all_cards):
        next(p for p in _piles(state) if c in p).remove(c)
    state.table = list(table or [])
    state.phase = "discard" if discard_phase else "draw"
    state.to_move = 0
    h = KeyHarness(game, settings=Settings(speech="silent", cues=False), slot="rummy-500", welcome="Rummy 500.")
    h.start()
    return h


def test_t_takes_the_pile_down_to_the_cursor_and_melds_the_deepest_card_at_once() -> None:
    h = _deal("8h 9h 2s 3d", "10h kd js qd")
    assert h.press("down", "down", "down")[-1] == "Pile card 4 of 4: the 10 of hearts."
    said = h.press("t")
    assert said[0] == ("You take 4 cards from the discard pile: 10 of hearts; jack of spades; queen of diamonds; "
                       "king of diamonds.")
    assert said[1] == "You meld run of hearts, 8 to 10: 8 of hearts; 9 of hearts; 10 of hearts."
    assert h.view.discard == () and len(h.view.hand) == 5


def test_t_with_a_card_that_goes_nowhere_is_refused_and_nothing_changes() -> None:
    h = _deal("8h 9h 2s 3d", "10c kd")
    before = h.game.to_data()
    said = h.press("down", "t")
    assert said[-1] == "Use the 10 of clubs, the deepest card you take, in a meld or a lay-off."
    assert h.game.to_data() == before


def test_enter_puts_the_selection_down_or_says_why_not() -> None:
    h = _deal("7c 7d 7s 2h 9d", discard_phase=True)
    order = h.app_.table.order
    said = h.press(card_key(order.index(cards("2h")[0])), "space", card_key(order.index(cards("7c")[0])), "space",
                   card_key(order.index(cards("9d")[0])), "space")
    assert said[-1].endswith("Not a meld.")
    assert h.press("enter")[-1] == ("A set is one rank and a run is one suit in sequence (the ace high or low, not "
                                    "both).")
    h.press("Z")
    for c in cards("7c 7d 7s"):
        h.press(card_key(h.app_.table.order.index(c)), "space")
    assert h.press("enter")[-1] == "You meld set of 7s: 7 of clubs; 7 of spades; 7 of diamonds."


def test_shift_o_lays_off_on_another_players_meld_and_it_scores_for_you() -> None:
    h = _deal("7c 2h 9d", discard_phase=True, table=[PileMeld(1, tuple(cards("4c 5c 6c")))])
    h.press(card_key(h.app_.table.order.index(cards("7c")[0])))
    assert h.press("O")[-1] == "You lay off the 7 of clubs on meld 1."
    assert h.press("a")[-1] == ("Meld 1 of 1, run of clubs, 4 to 7: 4 of clubs; 5 of clubs; 6 of clubs; 7 of clubs. "
                                "Laid down by Anna. Laid off by you: the 7 of clubs.")


def test_a_hinted_meld_is_selected_so_enter_makes_it() -> None:
    h = _deal("8h 8c 8d 2s 5h", discard_phase=True)
    hint = h.press("H")
    assert any(line.startswith("Meld set of 8s") and line.endswith("Press Enter.") for line in hint), hint
    assert h.press("enter")[-1] == "You meld set of 8s: 8 of hearts; 8 of clubs; 8 of diamonds."
