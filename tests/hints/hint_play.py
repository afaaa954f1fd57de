"""Whole games played by the hint alone, through the real table's keys, every move checked against the hint.

At each of the player's turns (and each answer a game asks of them, such as a buy) the player asks the
hint (H), then presses exactly the key or keys it names: the key its words end with ('Press X.'), or,
for a meld of several cards ('Select them, then press Enter.'), the keys that walk the hand's cursor
to each card named and select it (Left, Right, Space), then that key. The move the game then records
for the player (its history of moves, and the event its log gained) must be the hint's move: any other
move, no move, or a hint whose words do not name its key once is a mismatch.

``play_by_hints`` plays one whole game and counts; tests/hints/test_hint_agreement.py asserts there is
no mismatch in any catalog game, and scripts/hint_agreement.py prints the figures.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT, ROOT / "tests"):  # run from a test, from another test folder, or from scripts/
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from harness import KeyHarness, raw  # noqa: E402
from prompt_toolkit.application import create_app_session  # noqa: E402
from prompt_toolkit.input import create_pipe_input  # noqa: E402

from access_game.catalog import GameEntry, games  # noqa: E402
from access_game.settings import Settings  # noqa: E402
from access_game.ui.hints import Hint, current_hint  # noqa: E402
from access_game.ui.key_plan import planned  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.game import Game  # noqa: E402

__all__ = ["HINT_GAMES", "Tally", "hint_keys", "play_by_hints", "players_for", "same_move"]

#: Every game of the catalog that is played at a table.
HINT_GAMES: tuple[GameEntry, ...] = tuple(e for e in games() if e.table is not None)

#: The players at a table: from the game's fewest up to four, by the seed, so buys and last turns of
#: larger tables are followed too while a whole game stays quick to play.
NAMES = ("You", "Anna", "Ben", "Carla")


def players_for(entry: GameEntry, seed: int) -> list[str]:
    low, high = entry.player_range[0], min(entry.player_range[1], len(NAMES))
    return list(NAMES[: low + seed % (high - low + 1)])


@dataclass
class Tally:
    """One game's figures: whole games played, hints followed, and the mismatches (with what each was)."""

    game: str
    games: int = 0
    hints: int = 0
    mismatches: list[str] = field(default_factory=list)
    #: Each kind of move the hints named, and how often (so a figure shows what it covered).
    kinds: dict[str, int] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.hints += other.hints
        self.mismatches += other.mismatches
        for kind, n in other.kinds.items():
            self.kinds[kind] = self.kinds.get(kind, 0) + n

    def line(self) -> str:
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.kinds.items()))
        return (f"{self.game}: {self.games} whole games, {self.hints} hints, {len(self.mismatches)} mismatches "
                f"({kinds})")


def _normal(value: Any) -> Any:
    """A move's field compared as what it means: the cards of a meld (and the melds of a lay-down) in any order."""
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return tuple(sorted(value, key=Card.sort_key))
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        return tuple(sorted((_normal(v) for v in value), key=lambda meld: [c.sort_key() for c in meld]))
    return value


def same_move(a: Action, b: Action) -> bool:
    """Whether two moves are the same move (its kind, its seat, its cards however ordered)."""
    if type(a) is not type(b):
        return False
    fields = getattr(a, "__dataclass_fields__", {})
    return all(_normal(getattr(a, f)) == _normal(getattr(b, f)) for f in fields)


def hint_keys(table: Any, hint: Hint) -> list[str]:
    """The keys the hint names, as a player presses them: its key, or for a meld of several cards the
    selection cleared, each card selected (the cursor walked to it, Space), then its key."""
    assert hint.command is not None and hint.action is not None
    key = planned(hint.command).keys[0]
    cards = getattr(hint.action, "cards", None)
    if hint.action.kind != "upcard_meld" or not isinstance(cards, tuple):
        return [key]
    keys = ["Z"] if any(table.hand.marks) else []
    pos = table.pos
    taken: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(table.order) if c == card and i not in taken)
        taken.add(index)
        step = index - pos
        keys += ["right"] * step if step > 0 else ["left"] * -step
        keys.append("space")
        pos = index
    return [*keys, key]


def _named_once(said: Sequence[str], hint: Hint) -> str | None:
    """What is wrong with what the player heard since their last move (the hint said unasked, if it was,
    then what H said): the hint's words not said exactly once, or its key not named; None if right."""
    words = [u.text() for u in hint.lines]
    for text in words:
        times = said.count(text)
        if times != 1:
            return f"the hint was said {times} times: {text!r}; heard: {list(said)[-6:]}"
    if hint.key is None or not any(f"press {hint.key}.".lower() in t.lower() for t in words):
        return f"the hint does not name its key {hint.key!r}: {words}"
    return None


def _aimed(table: Any, hint: Hint) -> str | None:
    """What is wrong with where H left the cursors: the hand's (or the pile's cards') cursor not on the
    card the hint names, solitaire's pile cursor not on the pile it names; None if right."""
    pile = getattr(hint.action, "pile", None)
    if isinstance(pile, int) and getattr(table, "pile", pile) != pile:
        return f"the pile cursor is on pile {table.pile}, the hint names pile {pile}"
    if hint.card is None:
        return None
    if hasattr(table, "order"):
        current = table._current()
    else:  # solitaire: the card cursor walks the current pile's cards
        cards = table._cards()
        current = cards[table.pos] if cards else None
    return None if current == hint.card else f"the cursor is on {current}, the hint names {hint.card}"


def _table(entry: GameEntry, seed: int) -> KeyHarness:
    """A fresh game of ``entry`` at its table, settings as a new player's (hints on), silent."""
    game = Game.new(entry.ruleset, players_for(entry, seed), seed=seed)
    return KeyHarness(game, settings=Settings(speech="silent", cues=False))


def _follow(h: KeyHarness, app: Any, tally: Tally, seed: int, limit: int) -> Iterator[list[str]]:
    """The player who follows the hint: the keys to press next, each batch yielded once the last is done;
    each move checked against its hint into ``tally``."""
    session, game = h.session, h.game
    heard = 0  # where what the player heard since their last keys starts
    for _ in range(limit):
        if app.quitting:
            return
        if session.over:
            yield ["n"]  # another game? no
            continue
        if getattr(session, "waiting", False):
            yield ["space"]
            continue
        if not session.my_turn:
            tally.mismatches.append(f"seed {seed}: the game waits for nobody")
            return
        hint = current_hint(session)
        table = app.table
        moves = len(game.actions)
        since = len(h.spoken)
        yield ["H"]
        said = h.spoken[heard:]
        tally.hints += 1
        where = f"seed {seed}, move {moves}"
        if hint.action is None or hint.command is None:
            words = [u.text() for u in hint.lines]
            tally.mismatches.append(f"{where}: no move or no key on the player's turn: {words}")
            return
        kind = "take" if getattr(hint.action, "source", None) == "discard" else hint.action.kind
        tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
        wrong = _named_once(said, hint)
        if wrong is not None:
            tally.mismatches.append(f"{where}: {wrong}")
        aimed = _aimed(table, hint)
        if aimed is not None:
            tally.mismatches.append(f"{where}: {aimed}")
        log = len(game.log)
        heard = len(h.spoken)  # what the move's keys bring (a hint said unasked with it) is heard from here
        yield hint_keys(table, hint)
        mine = [a for a in game.actions[moves:] if a.seat == session.human_seat]
        if not mine or not same_move(mine[0], hint.action):
            tally.mismatches.append(f"{where}: the hint said {hint.action}, the keys made "
                                    f"{mine[0] if mine else 'no move'}; said: {h.spoken[since:][-4:]}")
            if not mine:
                return  # nothing moved: following the same hint again would go round for ever
        elif len(game.log) == log:
            tally.mismatches.append(f"{where}: {hint.action} left nothing in the event log")
    tally.mismatches.append(f"seed {seed}: the game did not end in {limit} steps")


def play_by_hints(entry: GameEntry, seed: int, *, limit: int = 20000) -> Tally:
    """One whole game of ``entry`` in which the player follows every hint: its keys typed as a terminal
    sends them, through prompt_toolkit pipe input into the running app (its key bindings, its prompt),
    each batch once the last has been handled; the figures."""
    tally = Tally(entry.name, games=1)
    h = _table(entry, seed)

    async def drive(inp: Any) -> None:
        app = h.app(inp)
        running = asyncio.ensure_future(app.run_async())
        while not app.application.is_running and not running.done():
            await asyncio.sleep(0.001)
        for keys in _follow(h, app, tally, seed, limit):
            pressed = len(h.keys_pressed)
            inp.send_text(raw(keys))
            while len(h.keys_pressed) < pressed + len(keys) and not running.done():
                await asyncio.sleep(0.001)
            await asyncio.sleep(0)  # the last key's handler has run: a key is handled whole at once
            if running.done():
                break
        if not running.done() and not app.quitting:
            tally.mismatches.append(f"seed {seed}: the app did not end with the game")
            app.application.exit(result=0)
        await asyncio.wait_for(running, timeout=30)

    with create_pipe_input() as inp, create_app_session(input=inp, output=h.output):
        asyncio.run(drive(inp))
    return tally
