"""A tie after eleven hands, broken by a play-off (tie_break 'playoff'), played and heard through keys."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from five_crowns_hands import cards, give
from ui_driver import Harness, keys_for_decision

from access_game.settings import Settings
from engine.bots import make_agent
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsState
from engine.rules.five_crowns import FiveCrownsView as View

OPTIONS = {"tie_break": "playoff"}


def last_hand_heading_for_a_tie() -> tuple[Game, int]:
    """Ten hands played by computer players, then hand 11 at the player's first turn, with the totals
    made level and hands that both meld once played: the player goes out on the 9 of clubs, Anna keeps
    a hand that melds whole, and both score 0, so the game ends in a tie."""
    game = Game.new("five-crowns", ["You", "Anna"], seed=3, options=OPTIONS)
    agent = make_agent("five-crowns", "normal", seed=0)
    state = game.state
    assert isinstance(state, FiveCrownsState)
    while not (state.hand_number == 11 and game.seats_to_act() == (0,) and game.view(0).phase == "draw"):
        seat = game.seats_to_act()[0]
        game.apply(agent.choose(game.view(seat), game.legal_actions(seat)))
    assert state.went_out is None
    state.scores = [[5] * 10, [5] * 10]
    give(state, 0, "5h 5s 5d 6h 6s 6d 7h 7s 7d 8h 8s 8d 9h")
    give(state, 1, "10h 10s 10d 6c 6st 6c 7c 7st 7c 8c 8st 8c kh")
    state.stock.extend(cards("jd 9c"))  # drawn from the end: the 9 of clubs for you, then the jack for Anna
    return game, 0


def test_a_tie_after_hand_11_is_broken_by_a_playoff_heard_through_keys() -> None:
    game, seat = last_hand_heading_for_a_tie()
    h = Harness(game=game, players=list(game.players), human_seat=seat,
                settings=Settings(speech="silent", cues=False))
    app = h.start(resumed=True)
    assert "Resumed Five Crowns against Anna: hand 11 of 11, 13 cards, kings wild." in h.transcript
    said = h.press("d")
    assert said[0] == "You drew the 9 of clubs."
    said = h.press("o")  # the cursor is on the card just drawn: go out discarding it
    assert any(line.startswith("You went out") for line in said), said
    text = "\n".join(said)
    assert "Hand 11 of 11 over." in text
    assert "All tied at 50." in text
    assert "Play-off hand. 6 cards each, 6s are wild." in text
    view: View = app.session.view()
    assert view.hand_number > view.hands_total and view.cards_dealt == 6 and len(view.hand) == 6
    assert app.table.prompt() in ("draw", "wait")
    # Info and the resume question say it is the play-off, not "hand 12 of 11".
    h.press("i")
    assert h.transcript[-2].startswith("Play-off hand, 6 cards dealt, 6s wild")
    from access_game.ui.table import table_entry

    assert "a play-off hand" in table_entry("five-crowns").resume_question(app.session.game, seat)

    for _ in range(400):
        if app.session.over:
            break
        for key in keys_for_decision(app):
            h.press(key)
    assert app.session.over
    end = [line for line in h.transcript if line.startswith("Game over.")]
    assert len(end) == 1
    winners = app.session.view().winners
    assert len(winners) == 1
    winner = "You win" if winners[0] == seat else "Anna wins"
    assert end[0].startswith(f"Game over. {winner} ")
    assert "tie for the win" not in end[0]
    who = "you" if winners[0] == seat else "Anna"
    broken = rf"The tie was broken by (1 play-off hand|\d+ play-off hands): {who} won\."
    assert any(re.fullmatch(broken, line) for line in h.transcript)
    assert h.transcript[-1] == "Play again? Y or N; A for another game."
