"""The Gin Rummy table's own keys, pressed as a player would: N passes the up card, O knocks with the
current card (refused with the reason when the deadwood is too high), the hint names the key of the
move it advises, Alt+M says the melds, the deadwood and whether a knock is open."""

from __future__ import annotations

from access_game.settings import Settings
from engine.game import Game
from engine.notation import parse_cards
from engine.rules.gin_rummy import GinState
from tests.harness import KeyHarness


def _table(seed: int = 2) -> KeyHarness:
    game = Game.new("gin-rummy", ["You", "Anna"], seed=seed, options={"first_dealer": 1})
    h = KeyHarness(game, settings=Settings(speech="silent", cues=False, hints=False))
    h.start()
    return h


def test_n_passes_the_up_card_and_the_dealer_is_offered_it() -> None:
    h = _table()
    # Seed 2: Anna, the dealer, passes it too, so you draw from the stock (taking it is refused).
    assert h.press("n") == ["You pass the up card.", "Anna passes the up card.", "Your turn."]
    assert h.press("t")[-1] == "You both passed the up card: draw from the stock."
    assert h.press("d")[-1].startswith("You drew the ")


def test_the_hint_names_the_key_of_a_pass_or_a_knock() -> None:
    h = _table()
    hint = h.press("H")[-1]
    assert hint.endswith(("Press N.", "Press T.")), hint
    state: GinState = h.game.state
    # Stack a knock: you to discard, holding A-2-3 of hearts, three 7s, 9-10-J of spades, the 4 of
    # diamonds and the king of clubs (knock by throwing the king: 4 points left).
    hand = parse_cards("ah 2h 3h 7c 7d 7s 9s 10s js 4d kc")
    others = [c for c in state.hands[0] + state.hands[1] + state.stock + state.discard if c not in hand]
    state.hands = [hand, others[:10]]
    state.discard, state.stock = others[10:11], others[11:]
    state.phase, state.to_move, state.taken, state.stock_only = "discard", 0, None, False
    h.app_.table.sync()
    hint = next(line for line in h.press("H") if line.startswith("Knock"))  # then the cursor on the card
    assert hint.startswith("Knock, discarding the king of clubs face down") and hint.endswith("Press O."), hint
    melds = h.press("alt-m")[-1]
    # The hand's deadwood still holds the king about to go: what the knock counts is said apart.
    assert ("Deadwood: 4 of diamonds; king of clubs, 14 points. After your discard, at best 4 points of deadwood. "
            "You can knock.") in melds, melds
    h.press("1")  # the ace of hearts: without it the 2 and 3 of hearts are loose, 19 points
    refused = h.press("o")[-1]
    assert refused.startswith("You may knock with 10 points of deadwood or less; you would have"), refused
    h.press("N")  # do what the hint says: knock with the king
    assert any(line == "You knock with 4 points." for line in h.spoken)
