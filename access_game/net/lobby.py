"""The server's lobby: who is online, the server-wide chat, private messages, mutes, administrators,
bans and the moderation log.

Kept apart from the tables (access_game.net.server) behind one small interface (``arrive``, ``depart``,
``online``, ``say``, ``tell``, ``history``, ``ban``/``banned``, ``is_admin``, ``record``), so that what
comes next replaces only this object: accounts (names kept with a password) change ``is_admin`` and
who a name is; a lobby shared by several server processes keeps presence, histories and bans in a
shared store behind the same methods. Today everything lives in this process, the histories are
bounded and in memory, and the bans and the moderation log are files in the data folder.

Names are compared as they read (engine.names.name_key): a ban of ``Spam`` bans ``Spаm`` (a Cyrillic а)
and ``SPAM`` too, and ``Spam2`` (a number after a banned name reads as the same person). An
administrator is known by name, with a key when the administrators' file gives one (docs/online.md):
then nobody without the key may take that name or one that reads as it; an administrator without a
key is known by the exact spelling, and a lookalike of it is nobody's.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import time
from collections import OrderedDict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from access_game.datafiles import DamagedFile, read_json, read_text, set_aside
from access_game.settings import atomic_write_text
from engine.names import name_base, name_key, read_name
from speech.i18n import _

__all__ = ["ADMINS_FILE", "BANS_FILE", "HISTORY_LINES", "MODERATION_LOG", "Line", "Lobby", "LobbyService",
           "read_admins"]

log = logging.getLogger("access_game.net.lobby")

#: Lines of each chat channel kept for ``history`` (the server-wide chat, each pair's private
#: messages, each table's chat).
HISTORY_LINES = 100
#: Pairs of people whose private messages are kept (the least recently used pair is forgotten first).
PRIVATE_PAIRS = 10_000
#: Files in the data folder: the administrators (one name a line, optionally a key after a space), the
#: bans in force, and the log of every act of moderation (one JSON object a line).
ADMINS_FILE = "admins.txt"
BANS_FILE = "bans.json"
MODERATION_LOG = "moderation.log"


@dataclass(frozen=True, slots=True)
class Line:
    """One chat line as kept for history: who said it, to whom (private) and when (seconds since 1970)."""

    name: str
    text: str
    at: float
    to: str | None = None

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "text": self.text, "at": round(self.at, 3)}
        if self.to is not None:
            data["to"] = self.to
        return data


def read_admins(path: Path) -> dict[str, str | None]:
    """The administrators a file names: each line a name, or a name, a tab and a key the administrator's
    client must give (``hello``'s ``admin_key``). Blank lines and lines starting with # are skipped.
    OSError or ValueError (a line that is not a name) says why the file cannot be used."""
    try:  # the guarded reader: a FIFO or /dev/zero named as the file must not stop the server's start
        text = read_text(path)
    except DamagedFile as exc:
        if isinstance(exc.__cause__, NotADirectoryError):  # no data folder (a file in its way): no file
            raise exc.__cause__ from None
        raise ValueError(str(exc)) from None
    admins: dict[str, str | None] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name_part, _tab, key = line.partition("\t")
        name = read_name(name_part)
        if name is None:
            raise ValueError(f"{path}, line {number}: not a name")
        admins[name] = key.strip() or None
    return admins


class LobbyService(Protocol):
    """What the table server asks of a lobby: the seam where accounts (names kept with a password) and a
    lobby shared by several server processes (presence, histories and bans in a shared store) come in.
    :class:`Lobby` is the one kept in this process."""

    #: Lines of each channel kept for ``history`` (the server keeps each table's chat as long).
    history_lines: int

    def arrive(self, name: str, conn: Any) -> bool: ...

    def depart(self, name: str, conn: Any) -> bool: ...

    def online(self) -> list[str]: ...

    def connections_of(self, name: str) -> list[Any]: ...

    def everyone(self) -> Iterable[Any]: ...

    def say(self, name: str, text: str) -> Line: ...

    def tell(self, sender: str, to: str, text: str) -> Line: ...

    def history(self, channel: str, name: str, with_: str | None = None) -> list[Line]: ...

    def is_admin(self, name: str, key: str | None) -> bool: ...

    def reserved(self, name: str, key: str | None) -> bool: ...

    def banned(self, name: str | None = None, address: str | None = None) -> bool: ...

    def ban(self, name: str, addresses: Iterable[str] = (), *, on: bool = True) -> None: ...

    def record(self, by: str, act: str, **fields: Any) -> None: ...


class Lobby:
    """Presence, chat beyond the tables, bans and moderation for one server process.

    ``folder`` is the data folder (None: nothing is written, as in tests of the protocol alone);
    ``admins`` maps each administrator's name to the key they must give, or None."""

    def __init__(self, folder: Path | None = None, admins: Mapping[str, str | None] | None = None,
                 history_lines: int = HISTORY_LINES) -> None:
        self.folder = folder
        self.admins = dict(admins or {})
        self.history_lines = history_lines
        #: Everyone connected who said hello, by name: their connections (one name may have several).
        self.present: dict[str, set[Any]] = {}
        self.lobby_lines: deque[Line] = deque(maxlen=history_lines)
        self.private_lines: OrderedDict[tuple[str, str], deque[Line]] = OrderedDict()
        self.banned_names: set[str] = set()
        #: Banned addresses, each with the name it was banned with (letting the name back lets them back).
        self.banned_addresses: dict[str, str] = {}
        #: What could not be used at the start (a damaged bans file), one sentence each, for ``serve`` to say.
        self.problems: list[str] = []
        #: False when a damaged bans file could not be moved aside: it is then never written over.
        self._may_write_bans = True
        self._load_bans()

    # ----------------------------------------------------------------- presence
    def arrive(self, name: str, conn: Any) -> bool:
        """A connection said hello under ``name``; True when the name was not online before."""
        conns = self.present.setdefault(name, set())
        first = not conns
        conns.add(conn)
        return first

    def depart(self, name: str, conn: Any) -> bool:
        """A connection went; True when its name is no longer online."""
        conns = self.present.get(name)
        if conns is None:
            return False
        conns.discard(conn)
        if conns:
            return False
        del self.present[name]
        return True

    def online(self) -> list[str]:
        return sorted(self.present, key=str.casefold)

    def connections_of(self, name: str) -> list[Any]:
        return list(self.present.get(name, ()))

    def everyone(self) -> Iterable[Any]:
        for conns in list(self.present.values()):
            yield from list(conns)

    # ----------------------------------------------------------------- chat
    def say(self, name: str, text: str) -> Line:
        """A line of the server-wide chat, kept for history."""
        line = Line(name, text, time.time())
        self.lobby_lines.append(line)
        return line

    def tell(self, sender: str, to: str, text: str) -> Line:
        """A private message, kept for both of them."""
        line = Line(sender, text, time.time(), to=to)
        self.keep_private(line)
        return line

    def keep_private(self, line: Line) -> None:
        """Keep a private message (``line.to`` set) in the history of its two people."""
        assert line.to is not None
        key = _pair(line.name, line.to)
        lines = self.private_lines.get(key)
        if lines is None:
            lines = self.private_lines[key] = deque(maxlen=self.history_lines)
            while len(self.private_lines) > PRIVATE_PAIRS:
                self.private_lines.popitem(last=False)
        else:
            self.private_lines.move_to_end(key)
        lines.append(line)

    def history(self, channel: str, name: str, with_: str | None = None) -> list[Line]:
        """The lines kept of the server-wide chat, or of ``name``'s private messages with ``with_``."""
        if channel == "lobby":
            return list(self.lobby_lines)
        if channel == "private" and with_ is not None:
            return list(self.private_lines.get(_pair(name, with_), ()))
        return []

    # ----------------------------------------------------------------- administrators and bans
    def is_admin(self, name: str, key: str | None) -> bool:
        """Whether ``name`` with ``key`` is an administrator: by the name's key and the administrator's key,
        or, for an administrator the file gives no key, by the exact spelling."""
        for admin, wanted in self.admins.items():
            if wanted is None:
                if name == admin:
                    return True
            elif name_key(name) == name_key(admin) and key is not None \
                    and hmac.compare_digest(wanted.encode(), key.encode()):
                return True
        return False

    def reserved(self, name: str, key: str | None) -> bool:
        """Whether ``name`` reads as an administrator's (a number after it too) and is not theirs to take
        with ``key``: an administrator's name is theirs only with their key (or, without one, spelled as
        the file spells it)."""
        base = name_base(name)
        return any(base in (name_key(admin), name_base(admin)) for admin in self.admins) \
            and not self.is_admin(name, key)

    def banned(self, name: str | None = None, address: str | None = None) -> bool:
        return (name is not None and not self.banned_names.isdisjoint((name_key(name), name_base(name)))) or (
            address is not None and address in self.banned_addresses)

    def ban(self, name: str, addresses: Iterable[str] = (), *, on: bool = True) -> None:
        """Ban (or, ``on`` false, let back) a name and the addresses given; kept in the bans file. The name
        is kept by its key, so every spelling that reads as it is banned with it."""
        folded = name_key(name)
        if on:
            self.banned_names.add(folded)
            self.banned_addresses.update(dict.fromkeys(addresses, folded))
        else:
            self.banned_names.discard(folded)
            for address in [a for a, who in self.banned_addresses.items() if who == folded]:
                del self.banned_addresses[address]
        self._save_bans()

    def record(self, by: str, act: str, **fields: Any) -> None:
        """Write one act of moderation to the log: one JSON line, flushed at once."""
        entry = {"at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "by": by, "act": act, **fields}
        log.info("moderation: %s", entry)
        if self.folder is None:
            return
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(self.folder / MODERATION_LOG,
                         os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
            try:
                os.write(fd, (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8"))
            finally:
                os.close(fd)
        except OSError as exc:
            log.error("the moderation log could not be written: %s", exc)

    def _load_bans(self) -> None:
        """The bans in force, read through the guarded reader (access_game.datafiles): a bans file that is
        a FIFO, a device, nested too deep, damaged or not a list of bans never stops or hangs the start.
        It is kept aside as it was and said in :attr:`problems` (nobody is banned until the bans are
        given again, and the operator is told so), never passed over in silence."""
        if self.folder is None:
            return
        path = self.folder / BANS_FILE
        try:
            data = read_json(path)
            names, addresses = data["names"], data["addresses"]
            if not isinstance(names, list) or not isinstance(addresses, dict) or not all(
                    isinstance(n, str) for n in [*names, *addresses, *addresses.values()]):
                raise DamagedFile(_("it does not hold a list of banned names and addresses"))
        except FileNotFoundError:
            return
        except (DamagedFile, KeyError, TypeError) as exc:
            reason = str(exc) if isinstance(exc, DamagedFile) else _("it does not hold a list of banned names "
                                                                     "and addresses")
            kept = set_aside(path)
            self._may_write_bans = kept is not None
            where = (_("as {path}").format(path=kept) if kept is not None
                     else _("where it is (it cannot be moved), and not written over"))
            problem = _("the bans file {path} cannot be used: {reason}; kept {where}; nobody is banned until the "
                        "bans are given again").format(path=path, reason=reason, where=where)
            self.problems.append(problem)  # said by serve at the start (once: not logged as well)
            return
        self.banned_names = {name_key(n) for n in names}
        self.banned_addresses = {a: name_key(n) for a, n in addresses.items()}

    def _save_bans(self) -> None:
        if self.folder is None:
            return
        path = self.folder / BANS_FILE
        if not self._may_write_bans:
            log.error("the bans were not written: %s is a damaged file that could not be moved aside", path)
            return
        addresses = dict(sorted(self.banned_addresses.items()))
        text = json.dumps({"names": sorted(self.banned_names), "addresses": addresses})
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            atomic_write_text(path, text, mode=0o600)  # never through a link; the folder fsynced too
        except OSError as exc:
            log.error("the bans could not be written to %s: %s", path, exc.strerror or exc)


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)
