"""Test support: contract rummy at the terminal driven by keys, with what was said recorded.

``ContractHarness`` builds the real parts a player meets (session, contract table, app, announcer,
narrator) with a recording backend in place of a voice. ``keys_for_decision`` is the hint turned into
the key presses a player would make: Y or N to a buy question, D or T to draw, the number keys and
Space to select each meld of the lay-down and Enter to confirm it, Shift+M to reach a meld and Enter
to lay a card off on it, a number key and X to discard. ``rigged`` deals chosen cards for tests of a
single situation. The golden game is one whole seeded game played that way; regenerate it (and the
keys section of docs/contract-rummy.md) on purpose with

    .venv/bin/python tests/ui_contract/contract_driver.py
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT, ROOT / "tests", ROOT / "tests" / "contract"):  # run as a script to regenerate the golden file
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from contract_table import cards, place_chosen  # noqa: E402, F401  (cards for the tests)
from golden_driver import GoldenDriver  # noqa: E402
from harness import KeyHarness, check_golden, golden_keys, raw  # noqa: E402, F401  (for the tests)

from access_game.settings import Settings  # noqa: E402
from access_game.ui.contract_table import FREE, ContractTable, card_key  # noqa: E402
from engine.actions import Discard, Draw  # noqa: E402
from engine.cards import Card, Rank  # noqa: E402
from engine.events import CardsDealt, Event, GameStarted, HandStarted  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules.contract_rummy import (  # noqa: E402
    Buy,
    ContractRummy,
    ContractState,
    ContractStated,
    ContractView,
    LayDown,
    LayOff,
    PassBuy,
)

PLAYERS = ("You", "Anna", "Ben", "Carla")
WELCOME = "Contract Rummy. F1 lists the keys; Escape opens a menu of every action."

class ContractHarness(KeyHarness):
    def __init__(
        self,
        seed: int = 1,
        *,
        players: Sequence[str] = PLAYERS,
        settings: Settings | None = None,
        save_dir: Path | None = None,
        game: Game | None = None,
        level: str = "normal",
    ) -> None:
        super().__init__(game or Game.new("contract-rummy", list(players), seed=seed), settings=settings,
                         save_dir=save_dir, slot="contract-rummy", level=level, welcome=WELCOME)

    @property
    def table(self) -> ContractTable:
        table = self.app_.table
        assert isinstance(table, ContractTable)
        return table

    @property
    def view(self) -> ContractView:
        v = self.session.view()
        assert isinstance(v, ContractView)
        return v


# ----------------------------------------------------------------------------- a player made of keys


def _free_index(table: ContractTable, card: Card, taken: set[int]) -> int:
    """Where ``card`` sits in the shown hand, unmarked and not yet chosen for this meld."""
    for i, (c, mark) in enumerate(zip(table.order, table.marks, strict=True)):
        if c == card and mark == FREE and i not in taken:
            return i
    raise AssertionError(f"{card.code} is not free in the hand")


def _meld_keys(meld_id: int) -> list[str]:
    return ["alt-j", *str(meld_id), "enter"]


def keys_for_decision(h: ContractHarness) -> list[str]:
    """The keys a player presses to do what the hint says, read off the table as a player would."""
    session = h.session
    if session.over:
        return ["n"]  # no to 'play again'
    if session.waiting:
        return ["space"]
    if not session.my_turn:
        return []
    table = h.table
    action = table.advice().action
    v = h.view
    if isinstance(action, Buy):
        return ["y"]
    if isinstance(action, PassBuy):
        return ["n"] if v.seat != v.to_move else ["d"]
    if isinstance(action, Draw):
        return ["t"] if action.source == "discard" else ["d"]
    if isinstance(action, LayDown):
        keys: list[str] = []
        taken: set[int] = set()
        for meld in action.melds:
            for card in meld:
                i = _free_index(table, card, taken)
                taken.add(i)
                keys += [card_key(i), "space"]
            keys.append("enter")
        return keys
    if isinstance(action, LayOff):
        keys = [] if table.meld_id == action.meld_id else _meld_keys(action.meld_id)
        return [*keys, card_key(_free_index(table, action.card, set())), "enter"]
    if isinstance(action, Discard):
        return [card_key(_free_index(table, action.card, set())), "x"]
    return ["N"]  # a swap: the hint does it


def play_whole_game(h: ContractHarness, *, limit: int = 6000) -> None:
    """A whole game by keys. At the first question of each hand the player also asks for the contract,
    and at their first turn with melds on the table, reads the table."""
    h.start()
    asked_hand = read_hand = 0
    for _ in range(limit):
        if h.app_.quitting:
            return
        v = h.view
        if not h.session.over and h.session.my_turn:
            if v.hand_number != asked_hand:
                asked_hand = v.hand_number
                h.press("C")
            if v.hand_number != read_hand and v.my_turn and v.phase == "discard" and v.table:
                read_hand = v.hand_number
                h.press("a")
        keys = keys_for_decision(h)
        if not keys:
            raise AssertionError("the game is waiting for nobody")
        h.press(*keys)
    raise AssertionError("the game did not end")


# ----------------------------------------------------------------------------- rigged deals


def rigged(
    players: int = 4,
    *,
    hand_number: int = 1,
    hands: Mapping[int, str] | None = None,
    up: str | None = None,
    stock_top: Sequence[str] = (),
    table: Sequence[tuple[int, str]] = (),
    seed: int = 5,
) -> Game:
    """A game at the start of ``hand_number`` (seat ``hand_number - 1`` deals) whose chosen seats hold
    exactly the given cards, ``up`` turned up and offered, and ``stock_top`` the next stock cards
    (first listed is drawn first). ``table`` puts (owner, meld) on the table as if laid down. Every
    other card stays in the game, so it still holds exactly its decks and saves still load."""
    names = [*PLAYERS, "Dora", "Emil", "Fay", "Gil"][:players]
    base = Game.new("contract-rummy", names, seed=seed)
    rules = base.ruleset
    assert isinstance(rules, ContractRummy)
    state: ContractState = base.state
    state.hand_number = hand_number
    state.dealer = (hand_number - 1) % players
    chosen = place_chosen(rules, state, hands=hands, up=up, stock_top=stock_top, table=table)
    pool = chosen.pool
    for seat in range(players):
        state.hands[seat] = chosen.hands[seat] if seat in chosen.hands else [pool.pop() for _ in range(12)]
    state.discard = chosen.up or [pool.pop()]
    state.stock = pool + list(reversed(chosen.stock_top))
    first = (state.dealer + 1) % players
    events: list[Event] = [
        GameStarted(game="contract-rummy", players=tuple(names)),
        HandStarted(hand_number=hand_number, hands_total=9, dealer=state.dealer, cards_dealt=12, wild_rank=Rank.TWO,
                    up_card=state.discard[-1], first_player=first, seats=tuple(range(players))),
        ContractStated(hand_number=hand_number, sets=state.contract.sets, runs=state.contract.runs),
        *(CardsDealt(seat=s, cards=tuple(state.hands[s])) for s in range(players)),
        *rules.open_turn(state, first, offered_by=state.dealer),
    ]
    game = Game(rules, state, players=names, seed=seed, options=None)
    game._record(events)
    return game


# ----------------------------------------------------------------------------- the golden game


@dataclass(frozen=True)
class GoldenGame:
    name: str
    seed: int
    players: tuple[str, ...] = PLAYERS
    verbosity: str = "normal"

    def settings(self) -> Settings:
        return Settings(speech="silent", cues=False, verbosity=self.verbosity)

    def header(self) -> list[str]:
        return [
            f"# Golden transcript {self.name}: Contract Rummy, seed {self.seed}, players {', '.join(self.players)}, "
            f"level normal, verbosity {self.verbosity}.",
            "# Lines '> key' are key presses; every other line is what the player was told, in order.",
            "# Regenerate on purpose: .venv/bin/python tests/ui_contract/contract_driver.py",
        ]

    def harness(self) -> ContractHarness:
        return ContractHarness(self.seed, players=self.players, settings=self.settings())


GOLDEN_GAMES = (GoldenGame("contract_rummy_seed4", 4),)

#: The catalog game whose golden transcripts this module writes (scripts/regen_golden.py finds it by this).
GOLDEN_GAME = "contract-rummy"
DRIVER = GoldenDriver(Path(__file__).resolve(), ROOT / "docs" / "contract-rummy.md", GOLDEN_GAMES, play_whole_game,
                      lambda: ContractHarness(1))
main = DRIVER.main

if __name__ == "__main__":
    raise SystemExit(main())
