"""Every game that can be played over the network, met as its players meet it: the installed
``access-game serve`` as its own process, ``host`` and ``join`` each in a real pseudo-terminal with its
own user data folder, keys typed, and the lines each terminal prints (the screen-reader speech prints
what it says) read back.

The games come from the catalog (each with a table and room for more than one player), so a game
added there is tested here at once; a ``join`` process imports no rules by itself, and only a real
process shows a game it cannot read. What each game's turn is made of is declared once per game in
its catalog entry (``GameEntry.turn``), by command name: the key typed is the one the game's own key
table gives that command (the keys F1 and docs/keys.md list), and every step says what both terminals
must print after it.

The tables are for two with the host dealing (the host's "first dealer" setting, as a player would
set it in F2), so the joiner plays first. The moments checked:

1. both terminals reach the deal and each plays a whole turn that the other hears;
2. the host quits in the middle of a turn, and the command the terminal printed for taking the seat
   back, typed as printed from the same data folder, sits them down where they stood (the card they
   drew still in hand, the turn still theirs to end); the other hears them come back, and the game
   goes on;
3. a second terminal takes the joiner's seat up with the token kept in the same data folder (the first
   is told and closes), quits, and a third still takes the seat back: the token was not forgotten;
4. leaving before the deal, with Q or Ctrl+C, gives the seat up: the next person to join sits there,
   and the one who left has no seat left to take back.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import pexpect
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terminal_support import spawn, words

from access_game.catalog import GameEntry, Turn, games

#: Every game a table on a server can deal (the rule ``access-game host --game`` applies).
NETWORK_GAMES = [e for e in games() if e.table is not None and e.player_range[1] > 1]


# --------------------------------------------------------------------------- what a turn is, per game


@dataclass(frozen=True, slots=True)
class Step:
    """One key typed at one terminal, then what each terminal prints, in order (regular expressions).

    ``by`` is whose terminal the key is typed at: the player whose turn it is ('mover') or the other.
    ``command`` is a command name of the game's key table (None: nothing typed, only output awaited).
    In the patterns, ``{mover}`` and ``{other}`` stand for the two players' names. A named group
    ``card`` in the mover's patterns records the card the step put in the mover's hand.
    """

    by: Literal["mover", "other"]
    command: str | None
    mover: tuple[str, ...] = ()
    other: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Recipe:
    """How a turn is played in one game, at a table of two where the host deals."""

    #: From the deal until the first player may draw (in contract rummy the up card is on offer first).
    opening: tuple[Step, ...]
    #: Drawing from the stock: the mover hears the card, the other that a card was drawn.
    draw: Step
    #: Ending the turn with the current card; the other hears it and that it is their turn.
    discard: Step
    #: The prompt once the card is drawn and the turn is still to be ended.
    mid_turn: str


def draw_then_end(mid_turn: str, opening: tuple[Step, ...], turn: Turn) -> Recipe:
    """A game whose turn is a draw from the stock, then the move that ends it (melding, which may come
    between, is left out: a turn without it is a whole turn in every game here): a discard in the
    rummies, a pass in Crazy Eights (``Turn.end``, and what is then heard, ``Turn.end_said``)."""
    mine, theirs = (re.escape(words).replace(re.escape("{mover}"), "{mover}") for words in turn.end_said)
    return Recipe(
        opening=opening,
        draw=Step("mover", "draw", mover=(r"You drew (?:the |a |an )?(?P<card>[^.\r\n]+)\.", mid_turn),
                  other=(r"{mover} drew from the stock\.",)),
        discard=Step("mover", turn.end, mover=(mine, r"wait>"),
                     other=(theirs, r"Your turn\.", draw_prompt(turn))),
        mid_turn=mid_turn,
    )


def draw_prompt(turn: Turn) -> str:
    """The pattern of the prompt of a turn that begins with a draw: the catalog's ('draw' in the rummies,
    a last turn's too; 'play or draw' in Crazy Eights)."""
    words = turn.opening[-1].first_prompt
    return r"(?:last turn, )?draw>" if words == "draw" else re.escape(words) + ">"


#: Contract rummy's opening questions: the up card offered to the first player, and to the dealer to buy.
CONTRACT_OFFER = r"Take (?:the |a |an )?[^?]+\? Y or N; D passes it"
CONTRACT_BUY = r"Buy (?:the |a |an )?[^?]+\? It costs a penalty card\."


@cache
def _keys(game: str) -> dict[str, str]:
    """Each command's key in ``game``, from the key table the game itself builds (F1, docs/keys.md)."""
    from access_game.ui.keys import binding_keys
    from access_game.ui.keys_doc import key_rows

    keys: dict[str, str] = {}
    for row in key_rows(game):
        sequence = binding_keys(row.key)
        if len(sequence) == 1 and len(sequence[0]) == 1:  # a key a terminal sends as one character
            keys.setdefault(row.command, sequence[0])
    return keys


def _prompt(words: str) -> tuple[str, ...]:
    """The pattern of a prompt the catalog names ('' : not checked)."""
    return (re.escape(words) + ">",) if words else ()


def _recipe(entry: GameEntry) -> Recipe:
    """The game's turn as the catalog declares it (GameEntry.turn): its opening keys and the prompts
    each terminal then shows, and the prompt in the middle of a turn."""
    turn = entry.turn
    assert turn is not None, f"{entry.title} can be played over the network: declare its turn in the catalog"
    opening = tuple(Step("mover" if s.by == "first" else "other", s.command, mover=_prompt(s.first_prompt),
                         other=_prompt(s.dealer_prompt)) for s in turn.opening)
    mid_turn = "(?:" + "|".join(re.escape(p) for p in turn.mid_turn) + ")>"
    return draw_then_end(mid_turn, opening, turn)


# --------------------------------------------------------------------------- terminals


@contextlib.contextmanager
def in_home(home: Path) -> Iterator[None]:
    """This process reads and writes the user data of the player whose folder is ``home``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ACCESS_GAME_HOME", str(home))
        yield


class Terminal:
    """One player's terminal: a running ``host`` or ``join``, with everything it printed kept."""

    def __init__(self, name: str, home: Path, args: list[str], keys: dict[str, str]) -> None:
        self.name = name
        self.home = home
        #: The game's keys by command name.
        self.keys = keys
        self.transcript = io.StringIO()
        self.child = spawn(home, *args)
        self.child.logfile_read = self.transcript

    def expect(self, pattern: str) -> dict[str, str]:
        """Wait for ``pattern`` (a regular expression); the named groups it matched."""
        self.child.expect(pattern)
        match = self.child.match
        return {k: v for k, v in match.groupdict().items() if v is not None}

    def press(self, command: str) -> None:
        """The key of ``command`` in this terminal's game."""
        assert command in self.keys, f"the game has no key for {command!r}"
        self.child.send(self.keys[command])

    def ends(self) -> None:
        """The program ends by itself, with exit status 0 and no traceback."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0, (self.child.exitstatus, self.transcript.getvalue()[-600:])
        assert "Traceback" not in self.transcript.getvalue()

    def quits(self) -> None:
        """Quit (Q), and yes to the question."""
        self.press("quit")
        self.expect(r"quit y/n>")
        self.child.send("y")


class Table:
    """The players' terminals at one table on the served server, each with its own user data folder."""

    def __init__(self, url: str, root: Path, entry: GameEntry) -> None:
        self.url = url
        self.root = root
        self.entry = entry
        self.code = ""
        self.terminals: list[Terminal] = []

    def host(self, name: str, seats: int) -> Terminal:
        """``host`` a table of ``seats`` people and no computer players. The host's settings say they deal
        the first hand (F2, "first dealer: you"), so the player after them, the first to join, plays first."""
        from access_game.settings import Settings, save_settings

        assert any(opt.name == "first_dealer" for opt in self.entry.options), \
            f"{self.entry.title}: these tables need a first dealer to choose, to know who plays first"
        home = self.root / name.lower()
        settings = Settings().with_rule(self.entry.name, "first_dealer", "you")
        for option, value in self.entry.turn.options if self.entry.turn is not None else ():
            settings = settings.with_rule(self.entry.name, option, value)
        with in_home(home):
            save_settings(settings)
        terminal = self._open(name, home, ["host", "--server", self.url, "--game", self.entry.name, "--seats",
                                           str(seats), "--computers", "0", "--name", name])
        found = terminal.expect(r"Table code: (?P<code>[A-Z0-9]{3}-[A-Z0-9]{3}-[A-Z0-9]{3})")
        self.code = found["code"]
        self.sits(terminal, 1)
        terminal.expect(r"waiting>")
        return terminal

    def join(self, name: str) -> Terminal:
        """``join --server URL CODE --name NAME`` from the player's own data folder."""
        return self._open(name, self.root / name.lower(), ["join", "--server", self.url, self.code, "--name", name])

    def run(self, name: str, command: str) -> Terminal:
        """The command a terminal printed (``access-game join ...``), typed as printed, from ``name``'s
        data folder."""
        program, *args = shlex.split(command)
        assert program == "access-game", command
        return self._open(name, self.root / name.lower(), args)

    def _open(self, name: str, home: Path, args: list[str]) -> Terminal:
        terminal = Terminal(name, home, args, _keys(self.entry.name))
        self.terminals.append(terminal)
        return terminal

    def sits(self, terminal: Terminal, seat: int) -> None:
        """The terminal says where its player sits (seats counted from 1, as said)."""
        terminal.expect(words(f"{terminal.name}, you sit in seat {seat} at {self.entry.title} table {self.code}."))

    def close(self) -> None:
        for terminal in self.terminals:
            if terminal.child.isalive():
                terminal.child.terminate(force=True)


@pytest.fixture(params=NETWORK_GAMES, ids=[e.name for e in NETWORK_GAMES])
def table(request: pytest.FixtureRequest, served: str, tmp_path: Path) -> Iterator[Table]:
    """A table of ``request.param`` on the served server; what every terminal printed is shown when the
    test fails."""
    at = Table(served, tmp_path, request.param)
    try:
        yield at
    finally:
        at.close()
        for terminal in at.terminals:
            print(f"----- {terminal.name}, data folder {terminal.home.name}:\n{terminal.transcript.getvalue()}")


def play(table: Table, step: Step, mover: Terminal, other: Terminal) -> dict[str, str]:
    """Type the step's key at its terminal and read what both terminals print; the groups matched."""
    if step.command is not None:
        (mover if step.by == "mover" else other).press(step.command)
    found: dict[str, str] = {}
    for terminal, patterns in ((mover, step.mover), (other, step.other)):
        for pattern in patterns:
            pattern = pattern.replace("{mover}", re.escape(mover.name)).replace("{other}", re.escape(other.name))
            found.update(terminal.expect(pattern))
    return found


def dealt(table: Table, recipe: Recipe) -> tuple[Terminal, Terminal]:
    """Ann hosts a table for two and Ben joins it; both hear the deal, and Ben, who plays first, is left
    where he may draw."""
    ann = table.host("Ann", seats=2)
    ben = table.join("Ben")
    table.sits(ben, 2)
    ann.expect(r"Ben joined the table\.")
    for terminal in (ann, ben):
        terminal.expect(r"Everyone is here: the game begins\.")
        terminal.expect(r"Your cards: ")
    for step in recipe.opening:
        play(table, step, ben, ann)
    return ann, ben


def kept(table: Table, terminal: Terminal) -> str:
    """The terminal quits mid-game: it prints the command that takes the kept seat back, and ends. The
    command, as printed (the announcer may have wrapped it)."""
    terminal.quits()
    found = terminal.expect(words("Your seat is kept:") + r"\s+(?P<command>access-game\s.+?)\s+"
                            + words("takes it back."))
    terminal.ends()
    command = " ".join(found["command"].split())
    assert command.startswith(f"access-game join --server {table.url} {table.code}"), command
    return command


def holds(terminal: Terminal, card: str) -> None:
    """A terminal sitting down again says the hand, with ``card`` in it (its words, less ', wild')."""
    terminal.expect(r"Your hand: [^>]*?" + words(card.split(",")[0]))


def seat_kept_at(table: Table, terminal: Terminal) -> bool:
    """Whether the terminal's data folder still holds a seat at the table (network-seats.json)."""
    from access_game.net.protocol import read_code
    from access_game.online.client import TokenStore

    code = read_code(table.code)
    assert code is not None
    with in_home(terminal.home):
        return TokenStore().get(table.url, code) is not None


def test_both_reach_the_deal_and_each_plays_a_turn_the_other_hears(table: Table) -> None:
    recipe = _recipe(table.entry)
    ann, ben = dealt(table, recipe)
    for mover, other in ((ben, ann), (ann, ben)):
        play(table, recipe.draw, mover, other)
        play(table, recipe.discard, mover, other)
    kept(table, ann)
    ben.expect(r"Ann is away\.")
    kept(table, ben)


def test_the_host_closes_the_terminal_mid_turn_and_sits_down_again_where_they_stood(table: Table) -> None:
    recipe = _recipe(table.entry)
    ann, ben = dealt(table, recipe)
    play(table, recipe.draw, ben, ann)
    play(table, recipe.discard, ben, ann)
    drawn = play(table, recipe.draw, ann, ben)["card"]
    command = kept(table, ann)
    ben.expect(r"Ann is away\.")
    back = table.run("Ann", command)  # as printed, from the same data folder, where the seat's token is
    table.sits(back, 1)
    holds(back, drawn)
    back.expect(recipe.mid_turn)
    # Straight back into the game: no lobby (its keys would go nowhere), and nobody "joins".
    assert "While the seats fill" not in back.transcript.getvalue() and "waiting>" not in back.transcript.getvalue()
    assert "joined the table" not in back.transcript.getvalue()
    ben.expect(r"Ann is back\.")
    play(table, recipe.discard, back, ben)  # the turn Ann left half played
    play(table, recipe.draw, ben, back)
    play(table, recipe.discard, ben, back)
    kept(table, back)
    kept(table, ben)


def test_a_second_terminal_takes_the_seat_up_and_a_third_still_takes_it_back(table: Table) -> None:
    recipe = _recipe(table.entry)
    ann, ben = dealt(table, recipe)
    second = table.join("Ben")  # Ben's own data folder, while his first terminal is still at the table
    table.sits(second, 2)
    assert table.entry.turn is not None
    second.expect(draw_prompt(table.entry.turn))  # where Ben stood: his turn, to draw
    ben.expect(words("Your seat was taken up from another terminal."))
    ben.ends()
    assert seat_kept_at(table, ben)  # the token the first terminal shares is still good: it stays
    drawn = play(table, recipe.draw, second, ann)["card"]
    kept(table, second)
    ann.expect(r"Ben is away\.")
    third = table.join("Ben")
    table.sits(third, 2)
    holds(third, drawn)
    third.expect(recipe.mid_turn)
    ann.expect(r"Ben is back\.")
    play(table, recipe.discard, third, ann)
    play(table, recipe.draw, ann, third)
    play(table, recipe.discard, ann, third)
    kept(table, third)
    kept(table, ann)


#: Games with a table of three, which can wait for a third player (a table of two deals as the second sits).
THREE_SEAT_GAMES = [e for e in NETWORK_GAMES if e.player_range[1] >= 3]


def _left_before_the_deal(table: Table, leaver: Terminal, other: Terminal) -> None:
    """``leaver``, who has just asked to leave a table of three still filling, is told so and its process
    ends with nothing kept to come back with; ``other`` hears it and waits with one seat taken."""
    leaver.expect(words("You left the table before the game began."))
    leaver.ends()
    assert not seat_kept_at(table, leaver)
    other.expect(rf"{leaver.name} left the table")
    other.expect(words("Waiting for players to join: 1 of 3 seats taken."))


@pytest.mark.parametrize("table", THREE_SEAT_GAMES, ids=[e.name for e in THREE_SEAT_GAMES], indirect=True)
def test_leaving_before_the_deal_gives_the_seat_up(table: Table) -> None:
    """Q (asked first) or Ctrl+C while the seats fill: the seat is free for the next person to join, and
    nothing is kept to take it back with; the host may leave too."""
    ann = table.host("Ann", seats=3)
    ben = table.join("Ben")
    table.sits(ben, 2)
    ben.expect(r"waiting>")
    ann.expect(r"Ben joined the table\.")
    ann.expect(words("Waiting for players to join: 2 of 3 seats taken."))
    ben.quits()
    _left_before_the_deal(table, ben, ann)
    cleo = table.join("Cleo")
    table.sits(cleo, 2)  # the seat Ben gave up
    cleo.expect(r"waiting>")
    ann.expect(r"Cleo joined the table\.")
    ann.child.sendcontrol("c")  # the host leaves as well
    _left_before_the_deal(table, ann, cleo)
    ben = table.join("Ben")
    table.sits(ben, 1)  # the host's seat, given up, is the first free one
    ann = table.join("Ann")
    table.sits(ann, 3)
    for terminal in (ben, cleo, ann):
        terminal.expect(r"Everyone is here: the game begins\.")
        terminal.expect(r"Your cards: ")
    for terminal in (ben, cleo, ann):
        kept(table, terminal)


def test_d_passes_on_the_up_card_and_draws_once_nobody_buys(served: str, tmp_path: Path) -> None:
    """Contract rummy's D at the first question of a hand: pass on the up card and draw from the stock once
    the others have answered, as it does at one terminal; at a network table their answers come from
    their own terminals, between this player's key presses, and the draw follows without another key."""
    from access_game.catalog import game

    table = Table(served, tmp_path, game("contract-rummy"))
    try:
        ann = table.host("Ann", seats=2)
        ben = table.join("Ben")
        table.sits(ben, 2)
        ben.expect(CONTRACT_OFFER)
        ben.expect(r"take\? y/n>")
        ann.expect(CONTRACT_BUY)
        ann.expect(r"buy\? y/n>")
        ben.press("draw")
        ben.expect(r"Waiting for Ann\.")
        ann.press("no")
        ben.expect(r"Nobody bought [^:]+: draw from the stock\.")
        ben.expect(r"You drew (?:the |a |an )?[^.\r\n]+\.")  # no key pressed in between
        ben.expect(r"play>")
        ann.expect(r"Ben drew from the stock\.")
    finally:
        table.close()
        for terminal in table.terminals:
            print(f"----- {terminal.name}:\n{terminal.transcript.getvalue()}")
