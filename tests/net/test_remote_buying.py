"""Questions out of turn at a network table (contract rummy buying), with the real server: the buy
question reaches the seat between its key presses, asked by the same contract table as local play;
it is never timed; the player who waits is told whom the table waits for; Y/N answer it by key."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import LiveServer
from keyed_host import keyed_host

from engine.bots import make_agent

CONTRACT = {"type": "create", "game": "contract-rummy", "seats": 4, "computers": 2, "level": "easy", "options": {}}


def test_the_buy_question_reaches_the_seat_out_of_turn_and_waits_for_its_answer(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "tables") as server:
        ann, ben = keyed_host(server.url, CONTRACT)
        try:
            deadline, moves = time.monotonic() + 60, 0
            while ann.app_.prompt_text() != "buy? y/n> ":
                assert time.monotonic() < deadline and not ann.session.over, (ann.spoken[-4:], ben.said[-4:])
                ann.session.pump(timeout=0.01)
                ben.session.pump()
                if ann.app_.prompt_text() == "take? y/n> ":
                    ann.press("n")  # the up card passed on: others may buy it
                elif ann.session.my_turn:
                    ann.press("N")  # Ann plays by keys: the hint's move
                s = ben.session
                if s.my_turn:
                    s.act(make_agent("contract-rummy", "easy", seed=moves).choose(s.view(), s.legal_actions()))
                    moves += 1
            assert any(line.startswith("Buy ") for line in ann.spoken[-3:]), ann.spoken[-3:]
            # The dealer may buy the card turned up at the deal: then Ben, whose turn it is, first passes
            # on it himself (taking it would close the question), and only then waits for Ann.
            deadline = time.monotonic() + 20
            while "Waiting for Ann." not in ben.said:
                assert time.monotonic() < deadline, ben.said[-4:]
                ben.session.pump(timeout=0.05)
                passes = [a for a in ben.session.legal_actions() if type(a).__name__ == "PassBuy"]
                if ben.session.my_turn and passes:
                    ben.session.act(passes[0])
            time.sleep(0.5)  # nothing is timed: the question is still open
            ann.session.pump()
            assert ann.app_.prompt_text() == "buy? y/n> "
            assert 0 in ann.session.seats_to_act()
            ann.press("n")
            assert ann.app_.prompt_text() != "buy? y/n> "
        finally:
            ann.session.close()
            ben.close()
