"""A table on the server: its seats (people and computer players), the seat tokens and the game.

This is the table's logic without any network: who sits where, when the game starts, applying a
seat's action, letting computer players move, handing a seat to a computer. The server wraps it with
connections; tests and the store use it directly. Tokens are kept only as their SHA-256, so the
table directory on disk cannot be used to take anyone's seat.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, replace
from typing import Any

from access_game.net.protocol import CODE_ALPHABET, CODE_LENGTH, action_kinds, game_codec
from access_game.session import bot_seed
from engine.actions import Action
from engine.bots import agent_levels, make_agent
from engine.codec import GameCodec
from engine.errors import SaveFormatError
from engine.events import Event
from engine.game import Game
from engine.names import name_key
from engine.reasons import Reason
from engine.state_data import flag_value, whole_value

__all__ = ["TABLE_FORMAT", "Decision", "Mark", "Seat", "Table", "TableError", "new_code", "new_seed", "new_token",
           "token_digest"]

TABLE_FORMAT = "access-game-table"
TABLE_VERSION = 1
#: Names for computer players, as at the terminal (access_game.table_plan has the same list).
COMPUTER_NAMES = ("Anna", "Ben", "Carla", "David", "Emma", "Felix", "Grace", "Hugo", "Iris", "Jonas",
                  "Kate", "Liam", "Maya", "Nora")
#: A computer player's decisions in a row before the table stops to let the rest of the server run.
COMPUTER_BURST = 400
#: Bits of a table's seed.
SEED_BITS = 128


class TableError(Exception):
    """A request the table refuses; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def new_code(taken: set[str] | dict[str, Any]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_seed() -> int:
    """A table's shuffle key: 128 bits from the system's secure source, never sent to any seat. Every
    shuffle is a keyed hash of it (engine.piles.shuffle_source), so a seat that sees its own cards
    cannot search for the seed and learn the others' hands or the stock."""
    return secrets.randbits(SEED_BITS)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(slots=True)
class Seat:
    #: None: a person's seat nobody has taken yet.
    name: str | None
    human: bool
    #: The computer player's level (a computer seat).
    level: str | None = None
    #: SHA-256 of the seat's token (a taken person's seat).
    digest: str | None = None
    #: A person's seat that a computer player of this level plays while they are away (the people at
    #: the table voted for it); the seat stays the person's, and their return ends it.
    stand_in: str | None = None
    #: The account signed in when the seat was taken: the seat follows that account to another device.
    #: None for a guest's seat, which only its token takes back (a later guest or account of the same
    #: name never does).
    account: str | None = None

    @property
    def computer_plays(self) -> bool:
        """A computer player makes this seat's moves: a computer's seat, or a person's stood in for."""
        return not self.human or self.stand_in is not None


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a table stood before a change, to go back to if the change cannot be written to disk."""

    seats: tuple[Seat, ...]
    host: int
    seed: int
    game: Game | None
    game_number: int


@dataclass(frozen=True, slots=True)
class Decision:
    """One computer player's decision, as it is sent to the process that makes it: the game, the
    player's level and seed, and its seat's view and legal moves (no more than the seat may know)."""

    game: str
    level: str
    seed: int
    view: Any
    legal: tuple[Action, ...]

    def decide(self) -> Action:
        return make_agent(self.game, self.level, seed=self.seed).choose(self.view, list(self.legal))


class Table:
    def __init__(self, code: str, game_name: str, seats: list[Seat], *, seed: int, options: dict[str, Any],
                 host: int = 0, game: Game | None = None, game_number: int = 1, public: bool = False,
                 watchable: bool = True) -> None:
        self.code = code
        #: Listed in the lobby (otherwise found by its code only), and open to spectators: chosen by the
        #: host when the table is made, and never changed after.
        self.public = public
        self.watchable = watchable
        self.game_name = game_name
        self.seats = seats
        self.seed = seed
        self.options = options
        self.host = host
        self.game = game
        #: Which game at this table is being played: 1 the first, one more each time the host deals again.
        self.game_number = game_number

    # ----------------------------------------------------------------- making one
    @classmethod
    def create(cls, code: str, game_name: str, *, seats: int, computers: int, level: str,
               options: dict[str, Any], public: bool = False, watchable: bool = True) -> Table:
        """A new table; TableError when the game, the seat count, the level or the options do not fit."""
        if not action_kinds(game_name):
            raise TableError("bad_game", f"unknown game {game_name!r}")
        from access_game.catalog import game

        rules = game(game_name).rules()
        if not rules.min_players <= seats <= rules.max_players:
            raise TableError("bad_game", Reason("{game} is for {low} to {high} players", game=rules.title,
                                                low=rules.min_players, high=rules.max_players))
        if not 0 <= computers < seats:
            raise TableError("bad_game", Reason("computers must leave at least one seat for a person"))
        if computers and level not in agent_levels(game_name):
            raise TableError("bad_game", Reason("{game} has no computer player of the level {level}", game=rules.title,
                                                level=level))
        seed = new_seed()
        humans = seats - computers
        table = cls(code, game_name,
                    [Seat(None, True) for _ in range(humans)] + [Seat(None, False, level) for _ in range(computers)],
                    seed=seed, options=dict(options), public=public, watchable=watchable)
        try:  # the options are checked now, by the rules themselves, not when the last seat is taken
            rules.new_state([f"p{i}" for i in range(seats)], seed=seed, options=options)
        except (ValueError, TypeError) as exc:
            raise TableError("bad_game", f"options: {exc}") from None
        return table

    @property
    def codec(self) -> GameCodec:
        """How the table's game is read from data (its moves from clients, its journal)."""
        codec = game_codec(self.game_name)
        assert codec is not None, self.game_name  # a table is made or loaded for a game of the catalog
        return codec

    # ----------------------------------------------------------------- who sits where
    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.over

    def free_seat(self) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.human and seat.name is None:
                return i
        return None

    def take(self, seat: int, name: str, account: str | None = None) -> str:
        """Seat a person (signed in as ``account``, or a guest); the new token (only its digest is kept)."""
        token = new_token()
        self.seats[seat].name = self._unique(name, seat)
        self.seats[seat].digest = token_digest(token)
        self.seats[seat].account = account
        return token

    def _unique(self, name: str, seat: int) -> str:
        """``name``, or with a number after it when another seat's name reads as it (engine.names.name_key:
        ``Аnn`` with a Cyrillic А beside Ann sits as ``Аnn 2``), so that every seat is heard apart."""
        taken = {name_key(s.name) for i, s in enumerate(self.seats) if i != seat and s.name}
        if name_key(name) not in taken:
            return name
        n = 2
        while name_key(f"{name} {n}") in taken:
            n += 1
        return f"{name} {n}"

    def seat_of(self, token: str) -> int | None:
        digest = token_digest(token)
        for i, seat in enumerate(self.seats):
            if seat.human and seat.digest is not None and secrets.compare_digest(seat.digest, digest):
                return i
        return None

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def levels(self) -> list[str | None]:
        """Each seat's computer player's level (None for a person's seat), so a list of the seats can say
        'computer player' before the deal gives it a name."""
        return [None if s.human else s.level for s in self.seats]

    def stand_ins(self) -> list[int]:
        """The people's seats a computer player plays while they are away."""
        return [i for i, s in enumerate(self.seats) if s.human and s.stand_in is not None]

    def pass_host(self, present: set[int]) -> bool:
        """When the host is not here and someone is, the host's role passes to the person present at the
        lowest seat (it does not pass back): a table never waits for a host who is gone. Whether it
        passed."""
        people = sorted(i for i in present if self.seats[i].human)
        if self.host in present or not people:
            return False
        self.host = people[0]
        return True

    @property
    def levels_offered(self) -> tuple[str, ...]:
        """The computer players' levels the table's game has."""
        return agent_levels(self.game_name)

    def stand_in(self, seat: int, level: str) -> None:
        """A computer player of ``level`` plays a person's seat until they come back (the people at the
        table agreed: the server counts the votes). TableError when it is not a person's seat."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].human or self.seats[seat].name is None:
            raise TableError("wrong_seat", f"seat {seat} is not a person's seat")
        if level not in agent_levels(self.game_name):
            raise TableError("bad_game", f"no {level!r} computer player for this game")
        self.seats[seat].stand_in = level

    def stand_down(self, seat: int) -> bool:
        """The seat's person is back: the computer player standing in stops. Whether one was."""
        s = self.seats[seat]
        if s.stand_in is None:
            return False
        s.stand_in = None
        return True

    def mark(self) -> Mark:
        """Where the table stands now, for :meth:`go_back` (the game's own moves are written to disk
        before they are made, so they never need undoing)."""
        return Mark(tuple(replace(s) for s in self.seats), self.host, self.seed, self.game, self.game_number)

    def go_back(self, mark: Mark) -> None:
        """Undo the seats, the host, a deal or a new game since ``mark``: the change could not be saved."""
        self.seats = [replace(s) for s in mark.seats]
        self.host, self.seed, self.game, self.game_number = mark.host, mark.seed, mark.game, mark.game_number

    def names(self) -> list[str | None]:
        return [s.name for s in self.seats]

    def ready(self) -> bool:
        return self.free_seat() is None

    def start(self) -> None:
        """Deal, once every person's seat is taken; computer players get names nobody else has."""
        taken = {name_key(s.name) for s in self.seats if s.name}
        spare = iter(n for n in COMPUTER_NAMES if name_key(n) not in taken)
        for seat in self.seats:
            if seat.name is None and not seat.human:
                seat.name = next(spare, f"Computer {len(taken)}")
        names = [s.name or "" for s in self.seats]
        self.game = Game.new(self.game_name, names, seed=self.seed, options=self.options)

    def again(self, seed: int | None = None) -> None:
        """The host's new game once this one is over: the same seats, a new shuffle (``seed``, drawn when
        not given). It is dealt at once when every person's seat is taken; a seat given up after the
        game (see :meth:`give_up`) waits, as before the first deal, for someone to join or for the host
        to hand it to a computer player. TableError when the game is not over."""
        if self.game is None or not self.game.over:
            raise TableError("not_over", "a new game at this table starts once this one is over")
        self.seed = new_seed() if seed is None else seed
        self.game_number += 1
        self.game = None
        if self.ready():
            self.start()

    def give_up(self, seat: int) -> bool:
        """A person leaves before the deal or once the game is over: the seat is free for someone else
        (to join before the deal, or should the host deal again). Whether it was given up: while the
        game is played a seat stays its person's, for them to come back to."""
        s = self.seats[seat]
        if not s.human or (self.game is not None and not self.game.over):
            return False
        s.name = s.digest = s.account = None
        return True

    def hand_over(self, seat: int, level: str) -> None:
        """A computer player takes a person's seat (the host's choice, for an absent player)."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].human:
            raise TableError("wrong_seat", f"seat {seat} is not a person's seat")
        if seat == self.host:
            raise TableError("wrong_seat", "the host keeps the host's seat")
        if level not in agent_levels(self.game_name):
            raise TableError("bad_game", f"no {level!r} computer player for this game")
        s = self.seats[seat]
        s.human, s.level, s.digest, s.account = False, level, None, None

    # ----------------------------------------------------------------- play
    def waiting_for(self) -> list[int]:
        """The people the table waits for: free seats before the deal, then the seats to act."""
        if self.game is None:
            return [i for i, s in enumerate(self.seats) if s.human and s.name is None]
        if self.game.over:
            return []
        return [i for i in self.game.seats_to_act() if not self.seats[i].computer_plays]

    def why_not(self, seat: int) -> dict[str, str | None]:
        assert self.game is not None
        return {kind: self.game.why_not_now(seat, kind) for kind in action_kinds(self.game_name)}

    def act(self, action: Action) -> tuple[list[Event], str | None]:
        assert self.game is not None
        return self.game.try_apply(action)

    def next_decision(self) -> Decision | None:
        """What a computer player to act now must decide, in the form a computer player takes it (only
        its own seat's view); None when no computer player is to act."""
        game = self.game
        if game is None or game.over:
            return None
        seat = next((s for s in game.seats_to_act() if self.seats[s].computer_plays), None)
        if seat is None:
            return None
        s = self.seats[seat]
        level = (s.stand_in if s.human else s.level) or "normal"
        return Decision(self.game_name, level, bot_seed(game.seed, seat, len(game.actions)), game.view(seat),
                        tuple(game.legal_actions(seat)))

    def computers_move(self, limit: int = COMPUTER_BURST) -> int:
        """Let computer players act, here and now, while one of them is to act: at most ``limit``
        decisions (the server has them decided in other processes: see access_game.net.computers)."""
        moved = 0
        while moved < limit and (decision := self.next_decision()) is not None:
            assert self.game is not None
            self.game.apply(decision.decide())
            moved += 1
        return moved

    def computers_to_move(self) -> bool:
        game = self.game
        return game is not None and not game.over and any(self.seats[s].computer_plays for s in game.seats_to_act())

    # ----------------------------------------------------------------- saving
    def to_data(self, *, with_game: bool = True) -> dict[str, Any]:
        data = {
            "format": TABLE_FORMAT,
            "version": TABLE_VERSION,
            "code": self.code,
            "game_name": self.game_name,
            "seed": self.seed,
            "options": self.options,
            "host": self.host,
            "game_number": self.game_number,
            "public": self.public,
            "watchable": self.watchable,
            "seats": [{"name": s.name, "human": s.human, "level": s.level, "digest": s.digest, "stand_in": s.stand_in,
                       **({"account": s.account} if s.account is not None else {})} for s in self.seats],
        }
        if with_game:
            data["game"] = None if self.game is None else self.game.to_data()
        return data

    @classmethod
    def from_data(cls, data: Any) -> Table:
        """A saved table; SaveFormatError says why the data is not one."""
        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT or data.get("version") != TABLE_VERSION:
            raise SaveFormatError("this is not an access-game table of version 1")
        try:
            seats = [Seat(name=s["name"], human=flag_value("a seat's human", s["human"]), level=s["level"],
                          digest=s["digest"], stand_in=s.get("stand_in"), account=s.get("account"))
                     for s in data["seats"]]
            if not all((s.name is None or isinstance(s.name, str)) for s in seats):
                raise SaveFormatError("a seat's name is not text")
            if not all((s.account is None or isinstance(s.account, str)) for s in seats):
                raise SaveFormatError("a seat's account is not text")
            code, game_name = str(data["code"]), str(data["game_name"])
            if not action_kinds(game_name):
                raise SaveFormatError(f"unknown game {game_name!r}")
            game = None if data["game"] is None else Game.from_data(data["game"])
            if game is not None and len(game.players) != len(seats):
                raise SaveFormatError("the seats do not match the game's players")
            return cls(code, game_name, seats, seed=whole_value("the table's seed", data["seed"]),
                       options=dict(data["options"]), host=whole_value("the host", data["host"]), game=game,
                       game_number=whole_value("the game number", data.get("game_number", 1)),
                       public=flag_value("public", data.get("public", False)),
                       watchable=flag_value("watchable", data.get("watchable", True)))
        except SaveFormatError:
            raise
        except (Exception, RecursionError) as exc:
            raise SaveFormatError(f"the table is damaged ({exc.__class__.__name__}: {exc})") from exc
