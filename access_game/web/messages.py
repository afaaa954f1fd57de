"""The messages of the ``/web`` channel between a browser and the server (docs/web.md, the contract
with the pages): read and checked here before anything acts on them, so a bad frame is answered with
``error`` and changes nothing.

Browser to server: ``start`` (the player's language, verbosity, cards, name, sounds, wild sign), then one of
``play``, ``join``, ``watch``, ``lobby``, ``sign_in``, ``register``, ``resume``; then ``key``, ``command``, ``text`` and
``settings`` as often as the player likes. Server to browser: ``lines``, ``cues``, ``prompt``,
``state``, ``seated`` and ``error``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from access_game.net.limits import MAX_CHAT_CHARS
from access_game.net.passwords import MAX_PASSWORD_CHARS
from access_game.net.protocol import MAX_FRAME_BYTES, MAX_SEATS, read_code
from access_game.settings import CARD_DISPLAYS, VERBOSITIES
from engine.names import read_name
from speech.i18n import LANGUAGES

__all__ = ["BAD_MESSAGE", "KEY_LIMIT", "TOO_BIG", "Command", "Join", "Key", "Lobby", "Play", "Resume", "Setup",
           "SignIn", "Start", "Text", "Watch", "WebMessage", "WebRefusal", "encode", "parse"]

#: The error codes of the channel's own refusals (the game's refusals keep the game protocol's codes).
BAD_MESSAGE = "bad_message"
TOO_BIG = "too_big"
#: The longest key name a browser may send ("pagedown", "alt-9", "s-tab": a handful of characters).
KEY_LIMIT = 16
#: The longest web token (a table code and a seat's token).
TOKEN_LIMIT = 120


class WebRefusal(Exception):
    """A frame that cannot be taken: its error code (the words are the player's, made by the channel)."""

    def __init__(self, code: str = BAD_MESSAGE) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Setup:
    """The player's choices: each None when not given (a ``settings`` message changes only what it names)."""

    lang: str | None = None
    verbosity: str | None = None
    cards: str | None = None
    sounds: bool | None = None
    #: The wild sign ⠸ before each wild card of the hand's braille cells (the terminal's --wild-sign).
    wild_sign: bool | None = None


@dataclass(frozen=True, slots=True)
class Start:
    setup: Setup
    name: str


@dataclass(frozen=True, slots=True)
class Play:
    game: str
    computers: int


@dataclass(frozen=True, slots=True)
class Join:
    code: str


@dataclass(frozen=True, slots=True)
class Watch:
    code: str


@dataclass(frozen=True, slots=True)
class Lobby:
    pass


@dataclass(frozen=True, slots=True)
class SignIn:
    """The lobby, signed in to an account (``new``: the account made first, ``register``). The password
    is handed to the hosted lobby's connection, which forgets it once signed in; never shown (repr)."""

    name: str
    password: str = field(repr=False)
    new: bool = False


@dataclass(frozen=True, slots=True)
class Resume:
    code: str
    token: str


@dataclass(frozen=True, slots=True)
class Key:
    key: str


@dataclass(frozen=True, slots=True)
class Command:
    name: str


@dataclass(frozen=True, slots=True)
class Text:
    text: str


WebMessage = Start | Play | Join | Watch | Lobby | SignIn | Resume | Key | Command | Text | Setup

#: The fields each message may have (besides ``type``): anything else is refused.
_FIELDS: dict[str, frozenset[str]] = {
    "start": frozenset({"lang", "verbosity", "cards", "name", "sounds", "wild_sign"}),
    "play": frozenset({"game", "computers"}),
    "join": frozenset({"code"}),
    "watch": frozenset({"code"}),
    "lobby": frozenset(),
    "sign_in": frozenset({"name", "password"}),
    "register": frozenset({"name", "password"}),
    "resume": frozenset({"token"}),
    "key": frozenset({"key"}),
    "command": frozenset({"name"}),
    "text": frozenset({"text"}),
    "settings": frozenset({"lang", "verbosity", "cards", "sounds", "wild_sign"}),
}


def parse(frame: str | bytes) -> WebMessage:
    """The message a browser's frame holds; WebRefusal when it is none (too big, not JSON, not one of
    the channel's messages, a value out of range)."""
    if isinstance(frame, bytes):
        raise WebRefusal()
    if len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise WebRefusal(TOO_BIG)
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise WebRefusal() from None
    if not isinstance(data, dict):
        raise WebRefusal()
    kind = data.get("type")
    allowed = _FIELDS.get(kind) if isinstance(kind, str) else None
    if allowed is None or not set(data) - {"type"} <= allowed:
        raise WebRefusal()
    if kind == "start":
        name = read_name(data.get("name", ""))
        if name is None:
            raise WebRefusal()
        return Start(_setup(data), name)
    if kind == "settings":
        return _setup(data)
    if kind == "play":
        game, computers = data.get("game"), data.get("computers", 1)
        if not isinstance(game, str) or not _whole(computers, 0, MAX_SEATS - 1):
            raise WebRefusal()
        return Play(game, computers)
    if kind in ("join", "watch"):
        code = data.get("code")
        read = read_code(code) if isinstance(code, str) and len(code) <= 40 else None
        if read is None:
            raise WebRefusal()
        return Join(read) if kind == "join" else Watch(read)
    if kind == "lobby":
        return Lobby()
    if kind in ("sign_in", "register"):
        name, password = read_name(data.get("name", "")), data.get("password")
        if name is None or not isinstance(password, str) or not password or len(password) > MAX_PASSWORD_CHARS:
            raise WebRefusal()
        return SignIn(name, password, new=kind == "register")
    if kind == "resume":
        token = data.get("token")
        if not isinstance(token, str) or len(token) > TOKEN_LIMIT:
            raise WebRefusal()
        code, _colon, secret = token.partition(":")
        read = read_code(code)
        if read is None or not secret or not secret.isprintable():
            raise WebRefusal()
        return Resume(read, secret)
    if kind == "key":
        return Key(_text(data.get("key"), KEY_LIMIT))
    if kind == "command":
        return Command(_text(data.get("name"), 40))
    return Text(_text(data.get("text"), MAX_CHAT_CHARS))


def web_token(code: str, token: str) -> str:
    """What the browser keeps to take its seat back: the table's code and the seat's token, in one."""
    return f"{code}:{token}"


def _setup(data: dict[str, Any]) -> Setup:
    lang, verbosity, cards, sounds, wild_sign = (data.get(k) for k in ("lang", "verbosity", "cards", "sounds",
                                                                       "wild_sign"))
    if lang is not None and (not isinstance(lang, str) or lang.lower() not in LANGUAGES):
        raise WebRefusal()
    if verbosity is not None and verbosity not in VERBOSITIES:
        raise WebRefusal()
    if cards is not None and cards not in CARD_DISPLAYS:
        raise WebRefusal()
    if any(flag is not None and not isinstance(flag, bool) for flag in (sounds, wild_sign)):
        raise WebRefusal()
    return Setup(lang.lower() if isinstance(lang, str) else None, verbosity, cards, sounds, wild_sign)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _text(value: Any, limit: int) -> str:
    if not isinstance(value, str) or not value or len(value) > limit or not value.isprintable():
        raise WebRefusal()
    return value


def encode(kind: str, **fields: Any) -> str:
    """A frame for the browser."""
    return json.dumps({"type": kind, **fields}, ensure_ascii=False, separators=(",", ":"))
