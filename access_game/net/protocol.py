"""The network protocol, version 4: JSON messages over WebSocket, one object per text frame.

This module is shared by the server and the client: the limits, the client messages as frozen values
(parsed and checked here, so the server never reads a field it has not validated), the server
messages as builders, and the decoding of an ``update`` back into engine values for a client.
docs/protocol.md describes every message with an example; keep the two together.

The server's words in ``error`` messages are for logs and people debugging a client: a client says
an error to its player by its ``code`` (see docs/protocol.md), in the player's language. Refusals, the
``why_not`` of an update and errors with values cross as a reason's key and values
(engine.reason_data), which the receiver words in its player's language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

from access_game.net import PROTOCOL_VERSION
from access_game.net.limits import MAX_CHAT_CHARS, RATE_BURST, RATE_PER_SECOND, TokenBucket
from engine.actions import Action, action_to_data
from engine.codec import GameCodec, codec_of
from engine.events import Event, event_to_data
from engine.names import MAX_NAME_CHARS, read_name
from engine.reason_data import reason_from_data, reason_to_data
from engine.reasons import Reason
from engine.views_data import view_to_data

__all__ = [
    "CODE_ALPHABET",
    "CODE_GROUP",
    "CODE_LENGTH",
    "HISTORY_CHANNELS",
    "LEGACY_CODE_LENGTH",
    "MAX_CHAT_CHARS",
    "MAX_FRAME_BYTES",
    "MAX_NAME_CHARS",
    "PRIVATE_VIEW_FIELDS",
    "PROTOCOL_VERSION",
    "RATE_BURST",
    "RATE_PER_SECOND",
    "Act",
    "Again",
    "Ban",
    "Broadcast",
    "Chat",
    "ClientMessage",
    "Close",
    "Create",
    "ErrorCode",
    "Games",
    "HandOver",
    "Hello",
    "History",
    "Join",
    "Leaderboard",
    "Leave",
    "Mute",
    "ProtocolError",
    "Record",
    "Register",
    "Rejoin",
    "Remove",
    "Say",
    "SignIn",
    "SignOut",
    "StandIn",
    "Tables",
    "Tell",
    "TokenBucket",
    "Update",
    "Watch",
    "Who",
    "action_kinds",
    "chat_message",
    "client_to_data",
    "decode_server",
    "encode",
    "error_message",
    "game_codec",
    "game_names",
    "left_message",
    "parse_client",
    "public_view",
    "read_action",
    "read_code",
    "redirect_message",
    "refused_message",
    "seated_message",
    "show_code",
    "table_message",
    "update_from_data",
    "update_message",
    "watch_update_message",
    "watching_message",
    "welcome_message",
]

#: The largest client frame the server reads (its ``max_size``); a bigger one closes the connection (1009).
MAX_FRAME_BYTES = 16 * 1024
MAX_SEATS = 14
#: Table codes: characters read aloud without doubt (no 0/O, 1/I/L, 5/S, 2/Z, 8/B), nine of them: with
#: 25**9 codes, guessing one in use at the joins an address may make takes years (docs/protocol.md).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 9
#: The length of the codes of tables made by protocol 1, which a server still holds and serves.
LEGACY_CODE_LENGTH = 6
#: Characters said and shown together: 'K7Q-AMX-3F9'.
CODE_GROUP = 3
#: Close codes the server uses besides the normal 1000.
CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009

def game_names() -> tuple[str, ...]:
    """The games a table may play: the game catalog's, in its order."""
    from access_game.catalog import games

    return tuple(entry.name for entry in games())


def game_codec(game: str) -> GameCodec | None:
    """How ``game``'s moves, events and views travel, from the ruleset its catalog entry names (never
    from whichever rules modules this process happens to have imported); None for a game the catalog
    does not hold."""
    from access_game.catalog import UnknownGame
    from access_game.catalog import game as catalog_game

    try:
        entry = catalog_game(game)
    except UnknownGame:
        return None
    if entry.name != game:
        return None
    return codec_of(entry.rules())


def action_kinds(game: str) -> tuple[str, ...]:
    """The move kinds of ``game`` as its rules declare them, for the ``why_not`` of an update (one entry
    per kind); empty for a game the catalog does not hold."""
    codec = game_codec(game)
    return () if codec is None else tuple(codec.actions)


def read_code(text: str) -> str | None:
    """A table code as typed or said: small letters, spaces and dashes allowed ('k7q-amx 3f9'); None when
    it is not a code (a wrong length, a character no code has)."""
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) not in (CODE_LENGTH, LEGACY_CODE_LENGTH) or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def show_code(code: str) -> str:
    """A code in threes, as it is said and shown to people: 'K7Q-AMX-3F9'."""
    return "-".join(code[i:i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


class ErrorCode:
    """The ``code`` of every error the server sends (docs/protocol.md says when each is sent)."""

    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    HELLO_FIRST = "hello_first"
    PROTOCOL = "protocol_version"
    TOO_FAST = "too_fast"
    TOO_BIG = "too_big"
    NO_TABLE = "no_table"
    TOO_MANY = "too_many"
    NOT_AWAY = "not_away"
    NOT_SAVED = "not_saved"
    BAD_TOKEN = "bad_token"
    ALREADY_SEATED = "already_seated"
    NOT_SEATED = "not_seated"
    NOT_HOST = "not_host"
    NOT_STARTED = "not_started"
    NOT_OVER = "not_over"
    WRONG_SEAT = "wrong_seat"
    BAD_GAME = "bad_game"
    BAD_ACTION = "bad_action"
    HANDED_OVER = "handed_over"
    REPLACED = "replaced"
    SERVER = "server_error"
    #: Version 3: the lobby, spectators and moderation.
    NO_ONE = "no_one"
    NOT_WATCHABLE = "not_watchable"
    NOT_ADMIN = "not_admin"
    BANNED = "banned"
    REMOVED = "removed"
    NOT_HERE = "not_here"
    CLOSED = "closed"
    #: Version 3, accounts: a name an account holds (or someone else uses now), a wrong password or
    #: session, too many password tries, a password too short or too long, an account's request from a
    #: connection not signed in, and a server that keeps no accounts.
    NAME_TAKEN = "name_taken"
    WRONG_PASSWORD = "wrong_password"
    TOO_MANY_TRIES = "too_many_tries"
    WEAK_PASSWORD = "weak_password"
    NOT_SIGNED_IN = "not_signed_in"
    NO_ACCOUNTS = "no_accounts"
    NO_ACCOUNT = "no_account"
    #: A server of several processes (``serve --redis``) that cannot look the table up just now (Redis
    #: failed): nothing is said of the seat or the table; the client asks again, keeping its token.
    UNAVAILABLE = "unavailable"
    #: A name that reads as one of the program's own sentences (speech.name_shapes).
    BAD_NAME = "bad_name"


class ProtocolError(Exception):
    """A client message refused: ``code`` for programs, the message for people reading logs, and the
    ``ref`` of the move it refuses, if any."""

    def __init__(self, code: str, message: str, ref: int | None = None, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref
        #: Seconds after which the same request may be granted (``too_many_tries``), when the server knows.
        self.retry_after = retry_after


# --------------------------------------------------------------------------- client messages


class _Message:
    """What every client message is: a frozen value with its name on the wire (its JSON ``type``), which
    :func:`client_message` gives it once, where the message is declared."""

    __slots__ = ()
    type: ClassVar[str]


_M = TypeVar("_M", bound=_Message)


@dataclass_transform(frozen_default=True)
def client_message(kind: str) -> Callable[[type[_M]], type[_M]]:
    """Declare a client message called ``kind`` on the wire: a frozen, slotted dataclass."""

    def declare(cls: type[_M]) -> type[_M]:
        made = dataclass(frozen=True, slots=True)(cls)
        made.type = kind
        return made

    return declare


@client_message("hello")
class Hello(_Message):
    name: str
    protocol: int = PROTOCOL_VERSION
    #: Version 3: the key an administrator named in the server's administrators' file gives, when the
    #: file sets one for that name.
    admin_key: str | None = None


@client_message("register")
class Register(_Message):
    """Version 3, accounts: make an account of ``name`` with ``password`` and sign in with it. Said
    first (with ``protocol``: it says hello too) or after a guest's hello."""

    name: str
    password: str = field(repr=False)
    protocol: int = PROTOCOL_VERSION
    admin_key: str | None = field(default=None, repr=False)
    first: bool = False


@client_message("sign_in")
class SignIn(_Message):
    """Version 3, accounts: sign in as ``name`` with its password, or with the ``session`` an earlier
    sign-in gave (a client's next connections: the password is asked once). Said first or after hello."""

    name: str
    password: str | None = field(default=None, repr=False)
    session: str | None = field(default=None, repr=False)
    protocol: int = PROTOCOL_VERSION
    admin_key: str | None = field(default=None, repr=False)
    first: bool = False


@client_message("sign_out")
class SignOut(_Message):
    """Version 3, accounts: end this client's session (its key no longer signs in); the server closes
    the connection after answering."""


@client_message("leaderboard")
class Leaderboard(_Message):
    """Version 3, accounts: the best rated players of a game."""

    game: str


@client_message("record")
class Record(_Message):
    """Version 3, accounts: an account's ratings and last games (None: the connection's own)."""

    name: str | None = None


@client_message("create")
class Create(_Message):
    game: str
    seats: int
    computers: int = 0
    level: str = "normal"
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Version 3: listed in the lobby (otherwise joined by its code only), and open to spectators.
    public: bool = False
    watchable: bool = True


@client_message("join")
class Join(_Message):
    code: str


@client_message("rejoin")
class Rejoin(_Message):
    code: str
    #: None (version 3): the seat of the account this connection signed in as.
    token: str | None
    #: Events of this seat's log the client already has; the server sends the rest.
    seen: int = 0
    #: The game at the table those events belong to (1 the first; None: the one being played). A
    #: client that was away while the host dealt again has none of the new game's events.
    game_number: int | None = None


@client_message("act")
class Act(_Message):
    """A move, as data: the server reads it with the codec of the table's game (a kind of another game,
    or no move at all, is refused as ``bad_action`` there)."""

    ref: int
    action: Mapping[str, Any]


@client_message("chat")
class Chat(_Message):
    text: str


@client_message("hand_over")
class HandOver(_Message):
    seat: int
    level: str = "normal"


@client_message("stand_in")
class StandIn(_Message):
    """A present person's vote that a computer player play an absent person's seat until they are back."""

    seat: int
    level: str = "normal"


@client_message("again")
class Again(_Message):
    """The host, once the game is over: the same seats play a new game (a new shuffle)."""


@client_message("leave")
class Leave(_Message):
    """Leave the table: while the game is played the seat stays the player's (``rejoin`` takes it back);
    before the deal and once the game is over it is given up."""


@client_message("games")
class Games(_Message):
    """Version 3: the games a table may play, with their seat ranges, levels and rule options."""


@client_message("tables")
class Tables(_Message):
    """Version 3: the open public tables and those that may be watched; ``watch`` keeps the list coming
    (each change pushed) until the connection takes a seat, watches a table or sends ``watch`` false."""

    watch: bool = False


@client_message("watch")
class Watch(_Message):
    """Version 3: watch a table as a spectator (only what every seat may see)."""

    code: str


@client_message("who")
class Who(_Message):
    """Version 3: who is online now."""


@client_message("say")
class Say(_Message):
    """Version 3: a line to the server-wide chat."""

    text: str


@client_message("tell")
class Tell(_Message):
    """Version 3: a private message to someone online."""

    to: str
    text: str


@client_message("history")
class History(_Message):
    """Version 3: the last lines kept of a channel: ``lobby`` (the server-wide chat), ``private`` (with
    the name ``with_``), or ``table`` (the chat at the connection's table)."""

    channel: str
    with_: str | None = None


@client_message("mute")
class Mute(_Message):
    """Version 3: stop (``on`` true) or start again hearing a name's chat, for this connection only."""

    name: str
    on: bool = True


@client_message("remove")
class Remove(_Message):
    """Version 3, the host: a present player is removed from the table (the seat as if they left)."""

    seat: int
    level: str = "normal"


@client_message("ban")
class Ban(_Message):
    """Version 3, an administrator: ban a name (``address`` true: the addresses it connects from too)."""

    name: str
    address: bool = False
    on: bool = True


@client_message("close")
class Close(_Message):
    """Version 3, an administrator: close a table (its players and spectators are told, its files go)."""

    code: str


@client_message("broadcast")
class Broadcast(_Message):
    """Version 3, an administrator: a message to everyone connected."""

    text: str


ClientMessage = (Hello | Create | Join | Rejoin | Act | Chat | HandOver | StandIn | Again | Leave | Games | Tables
                 | Watch | Who | Say | Tell | History | Mute | Remove | Ban | Close | Broadcast | Register | SignIn
                 | SignOut | Leaderboard | Record)

#: Channels whose history a client may ask for.
HISTORY_CHANNELS = ("lobby", "private", "table")


def client_to_data(message: ClientMessage) -> dict[str, Any]:
    """A client message as the JSON object sent (the client side's half of :func:`parse_client`)."""
    if isinstance(message, Act):
        return {"type": "act", "ref": message.ref, "action": dict(message.action)}
    if isinstance(message, Create):
        made: dict[str, Any] = {"type": "create", "game": message.game, "seats": message.seats,
                                "computers": message.computers, "level": message.level,
                                "options": dict(message.options)}
        if message.public:
            made["public"] = True
        if not message.watchable:
            made["watchable"] = False
        return made
    if isinstance(message, Register | SignIn):
        out: dict[str, Any] = {"type": message.type, "name": message.name}
        if message.first:
            out["protocol"] = message.protocol
        for key in ("password", "session", "admin_key"):
            if getattr(message, key, None) is not None:
                out[key] = getattr(message, key)
        return out
    if isinstance(message, History):
        return {"type": "history", "channel": message.channel, **({"with": message.with_} if message.with_ else {})}
    return {"type": message.type, **{f.name: getattr(message, f.name) for f in fields(message)}}


def _whole(data: Mapping[str, Any], name: str, low: int, high: int, default: int | None = None) -> int:
    value = data.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{name} must be a whole number from {low} to {high}")
    return value


def _text(data: Mapping[str, Any], name: str, longest: int, default: str | None = None) -> str:
    value = data.get(name, default)
    if not isinstance(value, str):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{name} must be text")
    value = value.strip()
    if not value or len(value) > longest:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{name} must be 1 to {longest} characters")
    if any(not ch.isprintable() for ch in value):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{name} must hold no control characters")
    return value


def _code(data: Mapping[str, Any]) -> str:
    code = read_code(_text(data, "code", 2 * CODE_LENGTH))
    if code is None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"code must be {CODE_LENGTH} characters of {CODE_ALPHABET}")
    return code


def _only(data: Mapping[str, Any], *names: str) -> None:
    extra = set(data) - {"type", *names}
    if extra:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"unknown field(s): {', '.join(sorted(extra))[:80]}")


def _flag(data: Mapping[str, Any], name: str, default: bool) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{name} must be true or false")
    return value


def _name(data: Mapping[str, Any], field_name: str) -> str:
    name = read_name(data.get(field_name))
    if name is None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{field_name} must be 1 to {MAX_NAME_CHARS} characters, none "
                            "of them a control character")
    return name


def _options(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > 16:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "options must be a set of at most 16 named values")
    for k, v in value.items():
        if not isinstance(k, str) or len(k) > 40 or not (v is None or isinstance(v, bool | int | str)):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "options are names with a word, a number, true/false or null")
    return dict(value)


def _action(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise ProtocolError(ErrorCode.BAD_ACTION, "action must be an object with a kind")
    return value


def read_action(codec: GameCodec, data: Mapping[str, Any]) -> Action:
    """An ``act``'s move read as a move of the table's game; ``bad_action`` when it is not one."""
    try:
        return codec.action_from_data(data)
    except (Exception, RecursionError) as exc:  # whatever a client made up: refused, never a crash
        raise ProtocolError(ErrorCode.BAD_ACTION, f"not an action: {exc}"[:200]) from None


#: A JSON escape of a UTF-16 surrogate: the only way a frame (UTF-8, read as text) brings one in.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _whole_text(data: Any) -> bool:
    """Whether every text in ``data`` (keys too, at any depth) is Unicode that UTF-8 can carry: a lone
    surrogate that JSON's escapes let in would fail later in whatever encodes it (a password's hash,
    the log, a file), so it is refused here, with the frame."""
    waiting = [data]
    while waiting:
        value = waiting.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(value, dict):
            waiting.extend(value.keys())
            waiting.extend(value.values())
        elif isinstance(value, list):
            waiting.extend(value)
    return True


def parse_client(frame: str | bytes) -> ClientMessage:
    """The client message a frame holds; :class:`ProtocolError` says what is wrong with it."""
    if isinstance(frame, bytes):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "frames are text (JSON), not binary")
    if len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise ProtocolError(ErrorCode.TOO_BIG, f"a frame is at most {MAX_FRAME_BYTES} bytes")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorCode.BAD_JSON, "the frame is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "a message is a JSON object")
    if _SURROGATE_ESCAPE.search(frame) and not _whole_text(data):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "the frame holds text that is not Unicode (a lone surrogate)")
    kind = data.get("type")
    if kind == "hello":
        version = data.get("protocol")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "protocol must be a whole number")
        if version != PROTOCOL_VERSION:  # an older client: told to update, whatever else it sent
            return Hello(name="?", protocol=version)
        _only(data, "protocol", "name", "admin_key")
        key = None if data.get("admin_key") is None else _text(data, "admin_key", 200)
        name = read_name(data.get("name"))
        if name is None:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"name must be 1 to {MAX_NAME_CHARS} characters, none of them a "
                                "control character")
        return Hello(name=name, protocol=version, admin_key=key)
    if kind in ("register", "sign_in"):
        return _parse_account(kind, data)
    if kind == "create":
        _only(data, "game", "seats", "computers", "level", "options", "public", "watchable")
        game = data.get("game")
        if not isinstance(game, str) or not action_kinds(game):
            raise ProtocolError(ErrorCode.BAD_GAME, f"game must be one of {', '.join(game_names())}")
        seats = _whole(data, "seats", 1, MAX_SEATS)
        return Create(game=game, seats=seats, computers=_whole(data, "computers", 0, seats - 1, 0),
                      level=_text(data, "level", 10, "normal"), options=_options(data.get("options", {})),
                      public=_flag(data, "public", False), watchable=_flag(data, "watchable", True))
    if kind == "join":
        _only(data, "code")
        return Join(code=_code(data))
    if kind == "rejoin":
        _only(data, "code", "token", "seen", "game_number")
        number = None if data.get("game_number") is None else _whole(data, "game_number", 1, 10**9)
        # Version 3: without a token, an account signed in takes back its own seat at the table.
        token = None if data.get("token") is None else _text(data, "token", 100)
        return Rejoin(code=_code(data), token=token,
                      seen=_whole(data, "seen", 0, 10**9, 0), game_number=number)
    if kind == "act":
        _only(data, "ref", "action")
        return Act(ref=_whole(data, "ref", 0, 2**53), action=_action(data.get("action")))
    if kind == "chat":
        _only(data, "text")
        return Chat(text=_text(data, "text", MAX_CHAT_CHARS))
    if kind == "hand_over":
        _only(data, "seat", "level")
        return HandOver(seat=_whole(data, "seat", 0, MAX_SEATS - 1), level=_text(data, "level", 10, "normal"))
    if kind == "stand_in":
        _only(data, "seat", "level")
        return StandIn(seat=_whole(data, "seat", 0, MAX_SEATS - 1), level=_text(data, "level", 10, "normal"))
    if kind == "again":
        _only(data)
        return Again()
    if kind == "leave":
        _only(data)
        return Leave()
    return _parse_lobby(kind, data)


#: The longest password a client may send (characters; access_game.net.passwords holds an account's
#: own limits), and the longest session key.
MAX_PASSWORD_FIELD = 1000
MAX_SESSION_CHARS = 100


def _parse_account(kind: str, data: Mapping[str, Any]) -> Register | SignIn:
    """``register`` and ``sign_in``: said first (with ``protocol``, as hello is) or after hello. The
    password is never part of an error's words."""
    _only(data, "protocol", "name", "password", "session", "admin_key")
    first = "protocol" in data
    version = data.get("protocol", PROTOCOL_VERSION)
    if not isinstance(version, int) or isinstance(version, bool):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "protocol must be a whole number")
    if version != PROTOCOL_VERSION:
        raise ProtocolError(ErrorCode.PROTOCOL, f"this server speaks protocol {PROTOCOL_VERSION}, not {version}: "
                            "update access-game to play here")
    name = _name(data, "name")
    key = None if data.get("admin_key") is None else _text(data, "admin_key", 200)
    password = data.get("password")
    if password is not None and (not isinstance(password, str) or not 0 < len(password) <= MAX_PASSWORD_FIELD):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"password must be text of 1 to {MAX_PASSWORD_FIELD} characters")
    if kind == "register":
        if password is None or "session" in data:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "register takes a name and a password")
        return Register(name=name, password=password, protocol=version, admin_key=key, first=first)
    session = None if data.get("session") is None else _text(data, "session", MAX_SESSION_CHARS)
    if (password is None) == (session is None):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "sign_in takes a password or a session, one of them")
    return SignIn(name=name, password=password, session=session, protocol=version, admin_key=key, first=first)


def _parse_lobby(kind: Any, data: Mapping[str, Any]) -> ClientMessage:
    """The messages version 3 added: the lobby, spectators, chat beyond the table, moderation."""
    if kind == "games":
        _only(data)
        return Games()
    if kind == "tables":
        _only(data, "watch")
        return Tables(watch=_flag(data, "watch", False))
    if kind == "watch":
        _only(data, "code")
        return Watch(code=_code(data))
    if kind == "who":
        _only(data)
        return Who()
    if kind == "say":
        _only(data, "text")
        return Say(text=_text(data, "text", MAX_CHAT_CHARS))
    if kind == "tell":
        _only(data, "to", "text")
        return Tell(to=_name(data, "to"), text=_text(data, "text", MAX_CHAT_CHARS))
    if kind == "history":
        _only(data, "channel", "with")
        channel = data.get("channel")
        if channel not in HISTORY_CHANNELS:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"channel must be one of {', '.join(HISTORY_CHANNELS)}")
        with_ = _name(data, "with") if channel == "private" else None
        if channel != "private" and "with" in data:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "only the private channel takes 'with'")
        return History(channel=str(channel), with_=with_)
    if kind == "mute":
        _only(data, "name", "on")
        return Mute(name=_name(data, "name"), on=_flag(data, "on", True))
    if kind == "remove":
        _only(data, "seat", "level")
        return Remove(seat=_whole(data, "seat", 0, MAX_SEATS - 1), level=_text(data, "level", 10, "normal"))
    if kind == "ban":
        _only(data, "name", "address", "on")
        return Ban(name=_name(data, "name"), address=_flag(data, "address", False), on=_flag(data, "on", True))
    if kind == "close":
        _only(data, "code")
        return Close(code=_code(data))
    if kind == "broadcast":
        _only(data, "text")
        return Broadcast(text=_text(data, "text", MAX_CHAT_CHARS))
    if kind == "sign_out":
        _only(data)
        return SignOut()
    if kind == "leaderboard":
        _only(data, "game")
        game = data.get("game")
        if not isinstance(game, str) or not action_kinds(game):
            raise ProtocolError(ErrorCode.BAD_GAME, f"game must be one of {', '.join(game_names())}")
        return Leaderboard(game=game)
    if kind == "record":
        _only(data, "name")
        return Record(name=None if data.get("name") is None else _name(data, "name"))
    raise ProtocolError(ErrorCode.BAD_MESSAGE, f"unknown message type {str(kind)[:40]!r}")


# --------------------------------------------------------------------------- server messages


def encode(message: Mapping[str, Any]) -> str:
    """One frame's text: compact JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def signed_in_message(*, name: str, session: str, seats: Sequence[Mapping[str, Any]], new: bool) -> dict[str, Any]:
    """Version 3: the connection is the account ``name``'s; ``session`` signs in its next connections
    without the password; ``seats`` are the account's seats at the server's tables (each taken back by a
    ``rejoin`` without a token); ``new``: the account was made just now."""
    return {"type": "signed_in", "name": name, "session": session, "seats": [dict(s) for s in seats], "new": new}


def welcome_message() -> dict[str, Any]:
    return {"type": "welcome", "protocol": PROTOCOL_VERSION}


def error_message(code: str, message: str, ref: int | None = None, *,
                  retry_after: int | None = None) -> dict[str, Any]:
    """An error; ``ref`` when it answers a move (``too_fast``, ``not_saved``, ``bad_action``...), and
    ``retry_after`` (whole seconds) when asking again sooner would be refused the same way. A
    ``message`` that is a :class:`Reason` (an error with values: a game's title, a count) also crosses
    as its key and values (``why``), for a client to word in its player's language."""
    error: dict[str, Any] = {"type": "error", "code": code, "message": str(message)}
    if isinstance(message, Reason):
        error["why"] = reason_to_data(message)
    if ref is not None:
        error["ref"] = ref
    if retry_after is not None:
        error["retry_after"] = retry_after
    return error


def seated_message(*, code: str, seat: int, token: str, game: str, seats: int, host: int,
                   name: str) -> dict[str, Any]:
    return {"type": "seated", "code": code, "seat": seat, "token": token, "game": game, "seats": seats,
            "host": host, "name": name}


def table_message(*, code: str, game: str, players: Sequence[str | None], humans: Sequence[int],
                  connected: Sequence[int], host: int, started: bool, over: bool,
                  waiting_for: Sequence[int], game_number: int = 1, levels: Sequence[str | None] = (),
                  stand_ins: Sequence[int] = (), votes: Sequence[Sequence[int]] = ()) -> dict[str, Any]:
    return {"type": "table", "code": code, "game": game, "players": list(players), "humans": list(humans),
            "connected": list(connected), "host": host, "started": started, "over": over,
            "waiting_for": list(waiting_for), "game_number": game_number,
            "levels": list(levels) or [None] * len(players), "stand_ins": list(stand_ins),
            "votes": [list(v) for v in votes]}


def update_message(*, seq: int, events: Sequence[Event], view: Any, to_act: Sequence[int], over: bool,
                   why_not: Mapping[str, str | None], legal: Sequence[Action],
                   game_number: int = 1) -> dict[str, Any]:
    """One seat's update: ``events`` must already be that seat's redacted log entries from ``seq`` of
    game ``game_number`` at the table (a new game's log starts again from 0). ``why_not`` gives each
    move kind's reason as its key and values (null: some move of that kind may be made)."""
    return {"type": "update", "game_number": game_number, "seq": seq, "events": [event_to_data(e) for e in events],
            "view": view_to_data(view), "to_act": list(to_act), "over": over,
            "why_not": {kind: None if why is None else reason_to_data(why) for kind, why in why_not.items()},
            "legal": [action_to_data(a) for a in legal]}


def left_message(kept: bool) -> dict[str, Any]:
    """The answer to ``leave``: whether the seat is still the player's (while the game is played)."""
    return {"type": "left", "kept": kept}


def refused_message(ref: int, reason: str) -> dict[str, Any]:
    """The rules refuse a move: ``why`` is the reason as its key and values, which a client words in its
    player's language; ``reason`` its English words, for logs."""
    return {"type": "refused", "ref": ref, "reason": str(reason), "why": reason_to_data(reason)}


def chat_message(seat: int | None, name: str, text: str) -> dict[str, Any]:
    """A line of the table's chat; ``seat`` None: a spectator's."""
    return {"type": "chat", "seat": seat, "name": name, "text": text}


def watching_message(*, code: str, game: str, seats: int) -> dict[str, Any]:
    """The answer to ``watch``: the connection is a spectator at that table."""
    return {"type": "watching", "code": code, "game": game, "seats": seats}


def watch_update_message(*, seq: int, events: Sequence[Event], public: Mapping[str, Any], to_act: Sequence[int],
                         over: bool, game_number: int = 1) -> dict[str, Any]:
    """A spectator's update: ``events`` redacted for no seat (``engine.events.seen_by(log, None)``) from
    ``seq``, and ``public`` the fields of the view that every seat sees alike."""
    return {"type": "watch_update", "game_number": game_number, "seq": seq,
            "events": [event_to_data(e) for e in events], "public": dict(public), "to_act": list(to_act),
            "over": over}


def redirect_message(*, code: str, url: str, request: str) -> dict[str, Any]:
    """The answer to a ``join``, ``rejoin`` or ``watch`` (``request``) of a table another process of the
    server holds (``serve --redis``): the client connects to ``url``, says hello and asks again there.
    ``message`` says it in words, for a client that does not know this message."""
    return {"type": "redirect", "code": code, "url": url, "request": request,
            "message": f"this table is served at {url}: connect there to {request} it"}


def public_view(views: Sequence[Any]) -> dict[str, Any]:
    """What every seat may see: the fields of the seats' views (engine values) that are the same in all
    of them, as data, without the seat's own fields (its number, hand and log). A field any seat sees
    otherwise than another (a hand, a seat's own flags) is not in it, so a spectator never learns what
    some seat may not."""
    datas = [view_to_data(v) for v in views]
    if not datas:
        return {}
    first = datas[0]
    return {name: value for name, value in first.items()
            if name not in PRIVATE_VIEW_FIELDS and all(d.get(name) == value for d in datas[1:])}


#: View fields that are one seat's own even when a table has a single seat (solitaire: the hand).
PRIVATE_VIEW_FIELDS = frozenset({"seat", "hand", "log"})


def decode_server(frame: str | bytes) -> dict[str, Any]:
    """A server frame as a JSON object with a ``type`` (ValueError otherwise): the client's first step."""
    data = json.loads(frame)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError("a server message is a JSON object with a type")
    return data


@dataclass(frozen=True, slots=True)
class Update:
    """An ``update`` decoded into engine values; ``view`` has the log the client passed in."""

    seq: int
    events: tuple[Event, ...]
    view: Any
    to_act: tuple[int, ...]
    over: bool
    why_not: Mapping[str, str | None]
    legal: tuple[Action, ...]
    #: The game at the table these events belong to (1 the first; each deal again adds one).
    game_number: int = 1


def update_from_data(data: Mapping[str, Any], codec: GameCodec, log: Sequence[Event] = ()) -> Update:
    """Decode an ``update`` of the game ``codec`` reads; ``log`` is the seat's log up to ``seq`` (the
    client's own), to which the update's events are added for the view, and each ``why_not`` is read
    back into the rules' reason. ValueError when the data does not fit."""
    try:
        events = tuple(codec.event_from_data(e) for e in data["events"])
        seq = data["seq"]
        if not isinstance(seq, int) or seq != len(log):
            raise ValueError(f"update from {seq} after {len(log)} events")
        view = codec.view_from_data(data["view"], (*log, *events))
        return Update(seq=seq, events=events, view=view, to_act=tuple(int(s) for s in data["to_act"]),
                      over=bool(data["over"]),
                      why_not={str(k): None if v is None else reason_from_data(v) for k, v in data["why_not"].items()},
                      legal=tuple(codec.action_from_data(a) for a in data["legal"]),
                      game_number=int(data.get("game_number", 1)))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not an update: {exc}") from None
