"""Every hint agrees with its key, in every game of the catalog.

Whole games are played by the hint alone (tests/hints/hint_play.py): at each of the player's turns the
player asks the hint, presses exactly the keys it names, through prompt_toolkit pipe input into the
running app, and the move the game records must be the hint's move. Then, in a real terminal, the
installed program from a fresh settings folder: the hint (Shift+H) is printed once, names its key, and
that key makes the move it named (the card it named discarded or placed, the pile it named placed on).

The figures (whole games, hints, mismatches per game) are printed; scripts/hint_agreement.py prints them
for more games.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

import pexpect
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hint_play import HINT_GAMES, Tally, play_by_hints
from pty_play import quit_game, spawn

#: Seeds of the whole games each test plays (a varied number of players, by the seed).
SEEDS = (1, 2, 3)


@cache
def _played(name: str) -> Tally:
    """The figures of the whole games of ``name`` played by the hint (played once for both tests)."""
    entry = next(e for e in HINT_GAMES if e.name == name)
    total = Tally(name)
    for seed in SEEDS:
        total.add(play_by_hints(entry, seed))
    return total


@pytest.mark.parametrize("name", [e.name for e in HINT_GAMES])
def test_whole_games_played_by_the_hint_make_every_move_the_hint_named(name: str) -> None:
    total = _played(name)
    print(total.line())
    assert total.games == len(SEEDS) and total.hints > 50, total.line()
    assert not total.mismatches, "\n".join(total.mismatches[:10])


def test_the_hint_players_moves_cover_every_kind_of_move_a_hint_names() -> None:
    """The games above follow hints of every kind each game's keys make (so 0 mismatches means something):
    buying, laying down, laying off in contract rummy; selecting and putting down, taking back in upcard
    rummy; knocking, passing and taking the up card in Gin Rummy; placing in solitaire."""
    kinds = {entry.name: set(_played(entry.name).kinds) for entry in HINT_GAMES}
    assert {"draw", "take", "discard", "go_out"} <= kinds["five-crowns"]
    assert {"draw", "place", "discard"} <= kinds["solitaire"]
    assert {"contract_buy", "contract_pass_buy", "contract_lay_down", "contract_lay_off", "take"} <= kinds[
        "contract-rummy"]
    assert {"upcard_meld", "upcard_lay_off", "upcard_take_discards"} <= kinds["upcard-rummy"]
    assert {"gin_knock", "gin_pass", "take", "discard"} <= kinds["gin-rummy"]


# ----- in a real terminal

#: How the hint names a key, and the key a terminal sends for it.
_KEYS = {"Enter": "\r", "D": "d", "T": "t", "X": "x", "O": "o", "Y": "y", "N": "n", "Shift+O": "O",
         "Shift+W": "W", "Shift+L": "L", "Shift+N": "N"}
_HINT = re.compile(r"(?m)^([^\r\n]*?)[Pp]ress ((?:Shift\+)?\w+)\.\r*$")
#: The prompt, at the end of what was printed (its words change: 'draw>', 'place 9 of spades on pile 1>').
_PROMPT = r"[^\n]*> ?$"
#: A hint naming the card its move puts down: a discard, a card placed, a card played (Crazy Eights; an
#: eight with the suit it names).
_NAMED = re.compile(r"^(Discard|Place|Play|You can go out: discard) (the [^:,.]+?|a joker)( on pile \d+)?"
                    r"(?: and name \w+)?[:.]")


def _game_args(name: str) -> list[str]:
    players = [] if name == "solitaire" else ["--players", "2"]
    return ["play", "--game", name, *players, "--seed", "5", "--speech", "screen-reader"]


@pytest.mark.parametrize("name", [e.name for e in HINT_GAMES])
def test_in_a_terminal_the_hint_is_printed_once_and_its_key_makes_the_move_it_names(name: str,
                                                                                    tmp_path: Path) -> None:
    child = spawn(tmp_path, *_game_args(name), timeout=30)
    child.expect(_PROMPT)
    heard = str(child.before)  # since the last move: a hint said unasked is part of what H answers
    checked = False
    for _ in range(12):  # follow hints until one names a card (a discard, a card placed) and it is checked
        child.send("H")
        child.expect(_PROMPT)
        heard += str(child.before)
        hints = _HINT.findall(heard)
        assert len(hints) == 1, f"not one hint line since the last move: {heard!r}"
        advice, key = hints[0][0].strip(), hints[0][1]
        assert heard.count(advice) == 1, f"the hint was printed twice: {heard!r}"
        assert key in _KEYS, f"the hint names a key no move has: {key!r} ({advice!r})"
        # A meld of several cards is selected first: the whole games above select them by keys; here
        # Shift+N (do the hint) moves on to a hint of one key.
        child.send("N" if "Select them" in advice else _KEYS[key])
        child.expect(_PROMPT)
        heard = str(child.before)
        named = _NAMED.match(advice)
        if named is None:
            continue
        card, pile = named.group(2), named.group(3)
        move = next((line for line in heard.splitlines() if line.startswith("You ")), "")
        assert card in move, f"the hint said {advice!r}; {key} made: {heard!r}"
        if pile:
            assert pile.replace(" on ", "on ") in move, f"the hint said {advice!r}; {key} made: {heard!r}"
        checked = True
        if name != "solitaire" or advice.startswith("Discard"):
            break
    assert checked, "no hint named a card within 12 hints"
    try:
        quit_game(child)
    except pexpect.ExceptionPexpect:
        child.terminate(force=True)
