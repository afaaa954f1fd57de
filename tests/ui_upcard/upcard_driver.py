"""Test support: upcard rummy at the terminal driven by keys, with what was said recorded.

``UpcardHarness`` builds the real parts a player meets (session, upcard table, app, announcer,
narrator) with a recording backend in place of a voice. ``keys_for_step`` is a player's move expressed
only as key presses read off the table: a normal computer player decides, and the keys do it the way
a person would (card number, Space to select, Enter to meld; M to the meld, Shift+O to lay off;
Shift+Down through the discard pile, T to take it back; card number, X to discard). The golden game is a whole seeded
game to a low target played that way; regenerate it, and the keys section of docs/upcard-rummy.md,
on purpose with

    .venv/bin/python tests/ui_upcard/upcard_driver.py
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT, ROOT / "tests", ROOT / "tests" / "upcard"):  # run as a script to regenerate the golden file
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from golden_driver import GoldenDriver  # noqa: E402
from harness import KeyHarness, card_key, check_golden, golden_keys, raw  # noqa: E402, F401  (for the tests)
from upcard_tables import cs, make_table  # noqa: E402, F401  (cs for the tests)

from access_game.catalog import game as catalog_game  # noqa: E402
from access_game.settings import Settings  # noqa: E402
from access_game.ui.upcard_table import HIGH_KEYS, UpcardTable, dig_options  # noqa: E402
from engine.actions import Action, Discard, Draw  # noqa: E402
from engine.bots import make_agent  # noqa: E402
from engine.cards import Card, Rank  # noqa: E402
from engine.events import CardsDealt, Event, GameStarted, TurnStarted  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules.upcard_rummy import (  # noqa: E402
    HandOpened,
    LayOff,
    Meld,
    Melded,
    TakeDiscards,
    UpcardState,
    UpcardView,
)

PLAYERS = ("You", "Anna", "Ben", "Carla")
WELCOME = "Upcard Rummy. F1 for help."

class UpcardHarness(KeyHarness):
    def __init__(
        self,
        game: Game | None = None,
        *,
        seed: int = 1,
        players: Sequence[str] = PLAYERS,
        target: int = 3000,
        settings: Settings | None = None,
        save_dir: Path | None = None,
        level: str = "normal",
    ) -> None:
        game = game or Game.new("upcard-rummy", list(players), seed=seed, options={"target": target})
        super().__init__(game, settings=settings, save_dir=save_dir, slot="upcard-rummy", level=level,
                         welcome=WELCOME)

    @property
    def table(self) -> UpcardTable:
        table = self.app_.table
        assert isinstance(table, UpcardTable)
        return table

    @property
    def view(self) -> UpcardView:
        v = self.session.view()
        assert isinstance(v, UpcardView)
        return v


def set_table(
    hands: Sequence[str],
    *,
    discard: str = "4d",
    wild: Rank = Rank.FIVE,
    melds: Sequence[tuple[int, str]] = (),
    melded: Sequence[bool] | None = None,
    stock_top: str = "",
    phase: str = "draw",
    to_move: int = 0,
    target: int = 3000,
    players: Sequence[str] = ("You", "Anna", "Ben"),
) -> Game:
    """A real game whose hands, discard pile (bottom first), melds (owner, cards) and stock top (drawn
    first last) are the ones named; the stock holds the rest, so the table keeps the whole deck.

    The log is rewritten to match (a deal of these hands, each meld laid down, the turn begun), so the
    narrator names the wild rank and the melds as it would have in a game that got here by itself.
    """
    n = len(hands)
    game = make_table(hands, discard=discard, stock_top=stock_top, wild=wild, melded=melded, table=melds,
                      to_move=to_move, phase=phase, target=target, players=players[:n])
    state = game.state
    assert isinstance(state, UpcardState)
    events: list[Event] = [
        GameStarted(game="upcard-rummy", players=tuple(game.players)),
        HandOpened(hand_number=1, dealer=state.dealer, up_cards=tuple(state.up_cards),
                   hand_sizes=tuple(len(h) for h in state.hands), wild_rank=wild, turned_up=state.discard[0],
                   first_player=to_move, target=target),
        *(CardsDealt(seat=s, cards=tuple(state.hands[s])) for s in range(n)),
        *(Melded(seat=m.owner, index=i, cards=m.cards, first=True) for i, m in enumerate(state.table)),
        TurnStarted(seat=to_move),
    ]
    game.log.clear()
    game._seat_logs = [[] for _ in game.players]
    game._record(events)
    return game


# ----------------------------------------------------------------------------- a player's keys




def _keys_to_card(table: UpcardTable, card: Card, *, unmarked: bool = True) -> list[str]:
    at = [i for i, c in enumerate(table.order) if c == card and not (unmarked and table.marks[i])]
    index = at[0]
    if index >= 10 + len(HIGH_KEYS):
        return ["j", *str(index + 1), "enter"]
    return [] if table.pos == index else [card_key(index)]


def decide(h: UpcardHarness) -> Action:
    """What the player does now: what the hint says (the same computer player, seeded the same way)."""
    v = h.view
    agent = make_agent("upcard-rummy", catalog_game("upcard-rummy").hint_level, seed=len(h.game.actions))
    return agent.choose(v, h.game.legal_actions(0))


#: A planned key press: a key name, or ('to', card) / ('select', card), resolved when it is pressed.
Step = str | tuple[str, Card]


def keys_for_action(h: UpcardHarness, action: Action) -> list[Step]:
    """The keys that do ``action`` through the table, pressed one at a time (the table changes)."""
    table = h.table
    if isinstance(action, Draw):
        return ["d"]
    if isinstance(action, TakeDiscards):
        targets = [o.depth for o in dig_options(h.view)]
        depth = table._pile_depth()
        keys: list[Step] = ["s-down"] * sum(1 for d in targets if depth < d <= action.count)
        wilds = [c for c in action.meld if c.rank == h.view.wild_rank and c in h.view.hand]
        return [*keys, *(("select", c) for c in wilds), "t"]
    if isinstance(action, Meld):
        return [*(("select", c) for c in action.cards), "enter"]
    if isinstance(action, LayOff):
        if table._meld_for(action.card) == action.meld:
            return [("to", action.card), "O"]
        n = len(h.view.table)
        at = table.meld_index
        steps = action.meld + 1 if at is None or at >= n else (action.meld - at) % n
        return [*(["m"] * steps), ("to", action.card), "O"]
    if isinstance(action, Discard):
        return [("to", action.card), "x"]
    raise AssertionError(f"no keys for {action}")


def do_keys(h: UpcardHarness, plan: Sequence[Step]) -> None:
    """Press the planned keys; ('select', card) and ('to', card) are resolved against the hand as it is
    at that moment (a card's number changes as the hand changes)."""
    for step in plan:
        if isinstance(step, tuple):
            what, card = step
            for k in _keys_to_card(h.table, card):
                h.press(k)
            if what == "select":
                h.press("space")
        else:
            h.press(step)


def play_whole_game(h: UpcardHarness) -> None:
    """A whole game by keys. Each of the player's turns starts with the hint; each hand, the player
    also asks for the wild rank and the up cards, the totals, the discard pile once it has grown, and
    the melds once they may lay off; whenever they could take the pile back, what each dig would cost."""
    h.start()
    h.press("t")  # taking the pile back before melding: refused, with the reason
    hand_seen = pile_read = melds_read = -1
    for _ in range(3000):
        if h.app_.quitting:
            return
        if h.session.over:
            h.press("n")
            continue
        if h.session.waiting:
            h.press("space")
            continue
        assert h.session.my_turn, "the game is waiting for nobody"
        v = h.view
        if v.phase == "draw":
            if v.hand_number != hand_seen:
                hand_seen = v.hand_number
                h.press("w", "s")
            h.press("H")
            if v.melded[0] and dig_options(v):
                h.press("K")
            elif len(v.discard) > 3 and pile_read != v.hand_number:
                pile_read = v.hand_number
                h.press("k")
        elif v.may_lay_off and v.table and melds_read != v.hand_number:
            melds_read = v.hand_number
            h.press("a")
        do_keys(h, keys_for_action(h, decide(h)))
    raise AssertionError("the game did not end")


# ----------------------------------------------------------------------------- the golden game


@dataclass(frozen=True)
class GoldenGame:
    name: str
    seed: int
    target: int
    players: tuple[str, ...] = PLAYERS
    verbosity: str = "normal"

    def settings(self) -> Settings:
        return Settings(speech="silent", cues=False, verbosity=self.verbosity)

    def header(self) -> list[str]:
        return [
            f"# Golden transcript {self.name}: Upcard Rummy, seed {self.seed}, target {self.target}, "
            f"players {', '.join(self.players)}, computer players normal, verbosity {self.verbosity}.",
            "# The player presses Shift+H (the hint) at each turn, then does what it says by keys.",
            "# Lines '> key' are key presses; every other line is what the player was told, in order.",
            "# Regenerate on purpose: .venv/bin/python tests/ui_upcard/upcard_driver.py",
        ]

    def harness(self) -> UpcardHarness:
        return UpcardHarness(seed=self.seed, players=self.players, target=self.target, settings=self.settings())


GOLDEN_GAMES = (GoldenGame("upcard_seed225_target500", 225, 500),)

#: The catalog game whose golden transcripts this module writes (scripts/regen_golden.py finds it by this).
GOLDEN_GAME = "upcard-rummy"
DRIVER = GoldenDriver(Path(__file__).resolve(), ROOT / "docs" / "upcard-rummy.md", GOLDEN_GAMES, play_whole_game,
                      lambda: UpcardHarness(seed=1))
main = DRIVER.main

if __name__ == "__main__":
    raise SystemExit(main())
