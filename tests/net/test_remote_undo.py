"""Ctrl+Z at a network table: refused in one line, nothing sent, nothing changed. The other people
have heard the move, and only the server holds the game; undo is for a table with no other person."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from client_support import LiveServer  # noqa: E402
from keyed_host import deadline_pump, keyed_host  # noqa: E402

from engine.actions import Discard, Draw  # noqa: E402

TWO = {"type": "create", "game": "five-crowns", "seats": 2, "computers": 0, "options": {}}


def test_ctrl_z_at_a_network_table_is_refused_and_changes_nothing(server: LiveServer) -> None:
    h, ben = keyed_host(server.url, TWO)
    try:
        s = ben.session
        assert s.act(Draw(1, "stock")) and s.act(Discard(1, s.view().hand[0]))
        deadline_pump(h, lambda: h.session.my_turn)
        assert h.press("c-z") == ["No undo at a network table."]  # before any move of Ann's, the same
        h.press("d")
        hand = list(h.session.view().hand)
        moves = len(ben.said)
        assert h.press("c-z") == ["No undo at a network table."]
        assert list(h.session.view().hand) == hand and h.app_.prompt_text() == "discard> "
        assert h.session.undos == 0
        ben.session.pump(timeout=0.3)
        assert not any("Undone" in line for line in ben.said[moves:]), ben.said[moves:]
        # The help says so too: the same key, its words for a network table.
        assert h.app_.registry.get("undo").description == "Undo: there is none at a network table."
    finally:
        h.session.close()
        ben.close()
