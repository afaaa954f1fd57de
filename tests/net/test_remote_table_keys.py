"""The same Five Crowns table as local play, driven by keys through the shared KeyHarness, against a
seat at a table on the real server: the other player's moves are heard, D and X play, a key out of
turn is refused with the rules' reason, H gives the hint from the seat's own view, / sends a chat
line, Shift+U tells the seats."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from client_support import LiveServer, Seat  # noqa: E402
from harness import KeyHarness  # noqa: E402
from keyed_host import deadline_pump, keyed_host  # noqa: E402

from engine.actions import Discard, Draw  # noqa: E402

TWO = {"type": "create", "game": "five-crowns", "seats": 2, "computers": 0, "options": {}}


def _table(server: LiveServer) -> tuple[KeyHarness, Seat]:
    return keyed_host(server.url, TWO)


def test_the_local_table_plays_a_remote_seat_by_keys(server: LiveServer) -> None:
    h, ben = _table(server)
    try:
        assert "Your cards: " in " ".join(h.spoken)  # the deal, said by the game's own narrator
        assert h.app_.prompt_text() == "wait> "
        said = h.press("x")  # not Ann's turn: the rules' reason, nothing sent
        assert len(said) == 1 and "turn" in said[0].lower(), said
        s = ben.session
        assert s.act(Draw(1, "stock")) and s.act(Discard(1, s.view().hand[0]))
        deadline_pump(h, lambda: h.session.my_turn)
        assert any(line.startswith("Ben drew") for line in h.spoken), h.spoken[-4:]
        assert h.app_.prompt_text() == "draw> "
        hint = h.press("H")
        assert hint and any("D" in line or "T" in line for line in hint), hint
        drew = h.press("d")
        assert drew[0].startswith("You drew "), drew
        assert h.app_.prompt_text() == "discard> "
        h.press("x")
        assert h.app_.prompt_text() == "wait> "
        ben.pump_until(lambda: any(line.startswith("Ann ") and " discarded " in line for line in ben.said))
        assert h.session.view().hand_sizes == ben.session.view().hand_sizes
    finally:
        h.session.close()
        ben.close()


def test_chat_and_the_seats_by_keys(server: LiveServer) -> None:
    h, ben = _table(server)
    try:
        opened = h.press("/")
        assert opened == ["Chat: type a line, Enter sends it to everyone at the table, Escape cancels."]
        h.press("H", "i", "space", "B", "e", "n", "!")
        assert h.app_.prompt_text() == "say> Hi Ben! "
        h.press("backspace", "enter")
        ben.pump_until(lambda: "Ann says: Hi Ben" in ben.said)
        deadline_pump(h, lambda: "Ann says: Hi Ben" in h.spoken)
        assert h.press("/", "escape")[-1] == "Chat cancelled."
        seats = h.press("U")
        assert seats == ["Seat 1, Ann, you.", "Seat 2, Ben, here, the table waits for this player."], seats
        assert h.press("V") == ["Nobody is away: only the seat of a player who is not connected, or a seat still free "
                                "before the deal, can be handed over."]
    finally:
        h.session.close()
        ben.close()


def test_the_people_here_let_a_computer_player_play_for_an_absent_player_by_keys(server: LiveServer) -> None:
    h, ben = _table(server)
    try:
        ben.session.connection.close()  # Ben's terminal goes away; it is Ben's turn
        deadline_pump(h, lambda: "Ben is away." in h.spoken)
        deadline_pump(h, lambda: "Waiting for Ben." in h.spoken)
        opened = h.press("V")
        assert opened[0].startswith("Let a computer player play for a player who is away.") \
            and opened[0].endswith("Ben, 1 of 1"), opened
        h.press("enter")  # Ann is the only person here: her vote is more than half
        deadline_pump(h, lambda: "A computer player plays for Ben until Ben is back." in h.spoken)
        deadline_pump(h, lambda: h.session.my_turn)  # the computer player played Ben's turn
        assert h.press("U")[1] == "Seat 2, Ben, away, a computer player plays for them."
    finally:
        h.session.close()
        ben.close()
