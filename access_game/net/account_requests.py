"""The table server's side of accounts (protocol 3, docs/protocol.md "Accounts"): ``register``,
``sign_in``, ``sign_out``, ``leaderboard`` and ``record``, the seats an account holds, and the rating of
each finished game.

Kept out of access_game.net.server so that the server only calls in at a few clear places: a hello
under a name an account holds, these messages, a ``rejoin`` without a token, and a game that ends. What
is kept and how is the :class:`~access_game.net.account_desk.AccountDesk`'s business.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

from access_game.net import lobby_messages
from access_game.net import protocol as p
from access_game.net.accounts import PlayerRecord, Standing
from access_game.net.connections import Connection
from access_game.net.outbox import FinishedGame, game_key
from access_game.net.ratings import Rating
from access_game.net.tables import Table, new_token, token_digest
from engine.events import GameEnded
from engine.names import same_name
from speech.name_shapes import reads_as_sentence

if TYPE_CHECKING:
    from access_game.net.account_desk import AccountDesk
    from access_game.net.lobby import LobbyService

__all__ = ["account_request", "account_seat", "finished", "guest_name", "leaderboard_message", "new_name",
           "rated_message", "record_message", "recover", "shown", "start_recording"]

log = logging.getLogger("access_game.net.accounts")


class TableServer(Protocol):
    """What these requests use of the table server (access_game.net.server.TableServer), named here so
    that the server imports this module and not the other way round."""

    accounts: AccountDesk | None
    rated: dict[str, set[int]]
    lobby: LobbyService
    tables: dict[str, Table]

    def _send(self, conn: Connection, message: dict[str, Any]) -> None: ...

    def _post(self, conn: Connection, text: str) -> None: ...

    def _spawn(self, coro: Any) -> None: ...

    def _to_lobby(self, message: dict[str, Any]) -> None: ...


def new_name(server: TableServer, name: str, admin_key: str | None) -> None:
    """A name someone chooses (a guest's hello, a new account): refused when it reads as the program's
    own sentences (``bad_name``), or as an administrator's name without that administrator's key
    (``name_taken``). The accounts and bans are the callers' to ask: they differ for a guest and for an
    account being made."""
    if reads_as_sentence(name):
        raise p.ProtocolError(p.ErrorCode.BAD_NAME, "that name reads as the program's own words: choose another")
    if server.lobby.reserved(name, admin_key):
        raise p.ProtocolError(p.ErrorCode.NAME_TAKEN, "that name is a server administrator's")


async def guest_name(server: TableServer, name: str, admin_key: str | None) -> None:
    """A guest's hello: refused as :func:`new_name` says, and when an account holds that name or reads
    as it (the guest is refused, and may sign in); a name that is an account's with a number after it
    reads as the same person (engine.names)."""
    new_name(server, name, admin_key)
    if server.accounts is not None and await server.accounts.held(name):
        raise p.ProtocolError(p.ErrorCode.NAME_TAKEN, "an account holds that name: sign in with its password")


async def account_request(server: TableServer, conn: Connection, message: p.ClientMessage) -> bool:
    """Handle an account's message (True), or leave the message to the server (False)."""
    if isinstance(message, p.Register | p.SignIn):
        await _sign_in(server, conn, message)
    elif conn.name is None:
        return False
    elif isinstance(message, p.SignOut):
        if conn.account is None or conn.session is None:
            raise p.ProtocolError(p.ErrorCode.NOT_SIGNED_IN, "this connection is not signed in")
        await _desk(server).sign_out(conn.session)
        server._send(conn, {"type": "signed_out"})
        server._spawn(conn.close_after_sent(1000, "signed out"))
    elif isinstance(message, p.Leaderboard):
        server._send(conn, leaderboard_message(message.game, await _desk(server).leaderboard(message.game)))
    elif isinstance(message, p.Record):
        name = message.name or conn.account
        if name is None:
            raise p.ProtocolError(p.ErrorCode.NOT_SIGNED_IN, "sign in to hear your own record")
        record = await _desk(server).record(name)
        if record is None:
            raise p.ProtocolError(p.ErrorCode.NO_ACCOUNT, "no account has that name")
        server._send(conn, record_message(record))
    else:
        return False
    return True


def _desk(server: TableServer) -> Any:
    if server.accounts is None:
        raise p.ProtocolError(p.ErrorCode.NO_ACCOUNTS, "this server keeps no accounts")
    return server.accounts


async def _sign_in(server: TableServer, conn: Connection, message: p.Register | p.SignIn) -> None:
    desk = _desk(server)
    if conn.name is None and not message.first:
        raise p.ProtocolError(p.ErrorCode.HELLO_FIRST, "say hello first, or sign in with the protocol's version")
    if conn.account is not None:
        raise p.ProtocolError(p.ErrorCode.BAD_MESSAGE, "this connection is signed in already")
    if conn.code is not None or conn.watching is not None:
        raise p.ProtocolError(p.ErrorCode.ALREADY_SEATED, "sign in before taking a seat or watching a table")
    if server.lobby.banned(message.name, conn.address):
        server._send(conn, p.error_message(p.ErrorCode.BANNED, "banned from this server"))
        server._spawn(conn.close_after_sent(p.CLOSE_POLICY, "banned"))
        return
    if isinstance(message, p.Register):
        _name_free(server, conn, message.name)
        new_name(server, message.name, message.admin_key)
        signed = await desk.register(message.name, message.password, conn.address)
    else:
        signed = await desk.sign_in(message.name, conn.address, password=message.password, session=message.session)
    name = signed.account.name
    if server.lobby.banned(name, conn.address):  # (the account's own spelling)
        raise p.ProtocolError(p.ErrorCode.BANNED, "banned from this server")
    old = conn.name
    conn.name, conn.account, conn.session = name, name, signed.session
    conn.admin = server.lobby.is_admin(name, message.admin_key)
    if old is None:
        server._send(conn, p.welcome_message())
    elif old != name and server.lobby.depart(old, conn):
        server._to_lobby(lobby_messages.presence(old, online=False))
    if old != name and server.lobby.arrive(name, conn):
        server._to_lobby(lobby_messages.presence(name, online=True))
    seats = [{"code": table.code, "seat": seat, "game": table.game_name, "started": table.started}
             for table in server.tables.values() if not table.over and (seat := account_seat(table, name)) is not None]
    server._send(conn, p.signed_in_message(name=name, session=signed.session, seats=seats, new=signed.new))


def _name_free(server: TableServer, conn: Connection, name: str) -> None:
    """A name someone else uses now (online, or seated at a table under it) cannot be registered: only
    the guest who uses it may make it theirs."""
    mine = conn.name is not None and same_name(conn.name, name)
    others = [c for c in server.lobby.connections_of(name) if c is not conn]
    seated = any(s.human and s.name is not None and same_name(s.name, name)
                 for table in server.tables.values() for s in table.seats)
    if others or (seated and not mine):
        raise p.ProtocolError(p.ErrorCode.NAME_TAKEN, "someone uses that name now")


def account_seat(table: Table, account: str | None) -> int | None:
    """The seat an account holds at a table (a person's seat taken while signed in to it), or None. A
    guest's seat under the same name is not the account's: whoever registers a name later must not
    inherit a seat someone else took as a guest."""
    if account is None:
        return None
    for seat, s in enumerate(table.seats):
        if s.human and s.account == account:
            return seat
    return None


def take_back(table: Table, seat: int) -> str:
    """The account's seat is taken back from another device: a new token (the old one stops working)."""
    token = new_token()
    table.seats[seat].digest = token_digest(token)
    return token


def finished(server: TableServer, table: Table) -> None:
    """A game that has just ended, before anyone is told: into the desk's outbox (on disk when this
    returns), from where it is kept in the record and its account holders rated as soon as the database
    takes it (access_game.net.account_desk). Counted as recorded only once in the outbox: a disk that
    refuses it is said in the log, and the next change of the table tries again."""
    game = table.game
    if server.accounts is None or game is None or not game.over:
        return
    rated = server.rated.setdefault(table.code, set())
    if table.game_number in rated:
        return
    ended = next((e for e in reversed(game.log) if isinstance(e, GameEnded)), None)
    if ended is None or len(table.seats) < 2:
        rated.add(table.game_number)
        return
    try:
        server.accounts.keep_game(_kept(table, ended))
    except OSError as exc:
        log.error("table %s: the finished game could not be put in the outbox: %s", table.code, exc)
        return
    rated.add(table.game_number)
    start_recording(server)


def recover(server: TableServer, ended_tables: list[tuple[Table, float]]) -> None:
    """Tables found over at a start (each with when its files were last written): a game whose end was
    written to its table's journal may have been lost before it reached the outbox (the process killed
    between the two). Each one not waiting in the outbox is held there again, and written unless the
    database holds its key already: never lost, never kept twice. It is held in memory only (the next
    start finds it again the same way) and not counted as in the outbox, so the table's next change, or
    everyone leaving it, puts it on disk before the table may close."""
    if server.accounts is None:
        return
    waiting = {(f.code, f.game_number) for f in server.accounts.outbox.pending()}
    for table, written in ended_tables:
        game = table.game
        ended = None if game is None else next((e for e in reversed(game.log) if isinstance(e, GameEnded)), None)
        if ended is None or len(table.seats) < 2 or (table.code, table.game_number) in waiting:
            server.rated.setdefault(table.code, set()).add(table.game_number)
        else:
            server.accounts.outbox.hold(_kept(table, ended, finished=written))


def _kept(table: Table, ended: GameEnded, finished: float | None = None) -> FinishedGame:
    """What the record keeps of a table's game that has just ended (or ended at ``finished``)."""
    computers = [None if s.human else (s.level or "normal") for s in table.seats]
    return FinishedGame.new(table.game_name, table.code, table.game_number, [s.name for s in table.seats],
                            [s.account if s.human else None for s in table.seats], computers, ended.winners,
                            ended.totals, key=game_key(table.code, table.game_number, table.seed), finished=finished)


def start_recording(server: TableServer) -> None:
    """Let the desk write its outbox to the database (games left by an earlier run too), each account
    holder told their new rating once their game is stored."""
    if server.accounts is None:
        return

    def told(kept: FinishedGame, ratings: dict[str, tuple[Rating, Rating]]) -> None:
        for name, (before, after) in ratings.items():
            log.info("table %s: %s rated %d at %s", kept.code, name, shown(after.shown), kept.game)
            message = p.encode(rated_message(kept.game, before, after))
            for conn in server.lobby.connections_of(name):
                if conn.account == name:  # (an account's connections: the table's and the lobby's)
                    server._post(conn, message)

    server.accounts.start_recording(told)


def shown(rating: float) -> int:
    """A rating as players see it: OpenSkill's ordinal (mu less three sigma) times 100, rounded: 0 for a
    newcomer, a few thousand for a strong player."""
    return round(rating * 100)


def rated_message(game: str, before: Rating, after: Rating) -> dict[str, Any]:
    """Sent to an account holder's connections when a game of theirs has been rated: the rating after
    it, how much it moved, and the games rated at that game."""
    return {"type": "rated", "game": game, "rating": shown(after.shown),
            "change": shown(after.shown) - shown(before.shown), "games": after.games}


def leaderboard_message(game: str, standings: list[Standing]) -> dict[str, Any]:
    """The best rated players of a game: place, name, rating shown, games and wins."""
    return {"type": "leaderboard", "game": game,
            "entries": [{"place": s.place, "name": s.name, "rating": shown(s.rating.shown),
                         "games": s.rating.games, "wins": s.rating.wins} for s in standings]}


def record_message(record: PlayerRecord) -> dict[str, Any]:
    """An account's ratings by game and its last games, the newest first."""
    return {"type": "record", "name": record.name,
            "ratings": [{"game": game, "rating": shown(r.shown), "games": r.games, "wins": r.wins}
                        for game, r in record.ratings],
            "games": [{"game": g.game, "finished": round(g.finished), "place": g.place, "players": list(g.players),
                       "won": g.won, "rating": None if g.rating is None else shown(g.rating)}
                      for g in record.games]}
