"""Session keys the server can check without its database: signed with a secret that every server
process sharing the database signs with, so that while the database is away (PostgreSQL restarting, the
network cut) a player signed in before, on any of those processes, still gets in with their key, and
back to their table.

The secret is kept in the database (made once, by the first process that asks: the ``secrets`` table,
access_game.net.accounts.SqlAccountStore.shared_secret) and a copy in each server's folder, its owner's
only (``session-secret``, mode 0600), so that a process started while the database is away still has it.
A process signs no key before it has the database's secret (a key is only given at a sign-in, which needs
the database); keys it signed with an older secret of its own still check.

A key is ``s1.ACCOUNT.ISSUED.NONCE.MAC``: the account's number, when it was given (seconds), a random
part, and an HMAC-SHA256 over them and the account's name as spelled. The database stays the authority
while it answers (a key it does not hold is refused: signed out, or given by another database); the
signature is only asked when it does not. Keys ended while the database was away are remembered here
so that signing out still ends them.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import secrets
import time
from collections import OrderedDict
from pathlib import Path

from access_game.datafiles import DamagedFile, read_bytes
from access_game.settings import atomic_write_text

__all__ = ["SECRET_FILE", "SessionKeys"]

log = logging.getLogger("access_game.net.accounts")

#: The secret's file in the server's folder (its owner's only).
SECRET_FILE = "session-secret"
#: Keys ended this run that are remembered (the oldest forgotten first).
ENDED_REMEMBERED = 100_000


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


class SessionKeys:
    """Makes and checks signed session keys (see the module docstring)."""

    def __init__(self, secret: bytes, seconds: float, path: Path | None = None) -> None:
        self._secret = secret
        #: Secrets signed with before the shared one was known: keys they signed still check.
        self._older: list[bytes] = []
        self.seconds = seconds
        #: The copy of the secret in the server's folder (None: a server kept in memory).
        self.path = path
        self._ended: OrderedDict[str, None] = OrderedDict()

    def candidate(self) -> str:
        """The secret this process offers when the database keeps none yet (its own, as text)."""
        try:
            return self._secret.decode("ascii")
        except UnicodeDecodeError:
            return secrets.token_hex(32)

    def share(self, secret: str) -> None:
        """Sign with ``secret``, the database's, from now on (and keep its copy in the folder)."""
        raw = secret.encode("utf-8")
        if raw == self._secret:
            return
        self._older.append(self._secret)
        self._secret = raw
        if self.path is not None:
            try:
                atomic_write_text(self.path, secret, mode=0o600)
            except OSError as exc:
                log.error("%s cannot be written (%s): a start while the database is away will not have the "
                          "shared secret", self.path, exc)

    @classmethod
    def in_folder(cls, folder: Path | None, seconds: float) -> SessionKeys:
        """The keys of the server whose folder is ``folder``: its secret read, or made (and kept) the
        first time; without a folder, a secret of this run only. A secret that cannot be read or kept is
        said in the log, and this run makes its own (keys given before then are checked by the
        database only)."""
        if folder is None:
            return cls(secrets.token_hex(32).encode("ascii"), seconds)
        path = folder / SECRET_FILE
        try:
            raw = read_bytes(path)
            if raw is not None and len(raw.strip()) >= 32:
                return cls(raw.strip(), seconds, path)
            secret = secrets.token_hex(32)
            atomic_write_text(path, secret, mode=0o600)
            return cls(secret.encode("ascii"), seconds, path)
        except (DamagedFile, OSError) as exc:
            log.error("%s cannot be used (%s): this run signs session keys with a secret of its own", path, exc)
            return cls(secrets.token_hex(32).encode("ascii"), seconds, path)

    def _mac(self, account: int, issued: int, nonce: str, name: str, secret: bytes | None = None) -> str:
        text = f"{account}.{issued}.{nonce}.{name}".encode()
        return _b64(hmac.new(self._secret if secret is None else secret, text, hashlib.sha256).digest()[:18])

    def new(self, account: int, name: str, now: float | None = None) -> str:
        """A new key for the account ``name`` (as spelled): under 80 characters."""
        issued = int(time.time() if now is None else now)
        nonce = _b64(os.urandom(18))
        return f"s1.{account}.{issued}.{nonce}.{self._mac(account, issued, nonce, name)}"

    def check(self, key: str, name: str, now: float | None = None) -> int | None:
        """The account a key signs in as ``name`` (as spelled), or None: not signed by this secret, for
        another name, older than a session lasts, or ended."""
        parts = key.split(".")
        if len(parts) != 5 or parts[0] != "s1" or key in self._ended:
            return None
        _version, account_text, issued_text, nonce, mac = parts
        if not (account_text.isdigit() and issued_text.isdigit()) or len(account_text) > 18 or len(issued_text) > 12:
            return None
        account, issued = int(account_text), int(issued_text)
        if not any(hmac.compare_digest(mac, self._mac(account, issued, nonce, name, secret))
                   for secret in (self._secret, *self._older)):
            return None
        now = time.time() if now is None else now
        if not issued - 60 <= now <= issued + self.seconds:
            return None
        return account

    def ended(self, key: str) -> bool:
        """Whether the key was signed out in this run."""
        return key in self._ended

    def end(self, key: str) -> None:
        """A key signed out: refused from now on, even when only the signature is asked."""
        self._ended[key] = None
        while len(self._ended) > ENDED_REMEMBERED:
            self._ended.popitem(last=False)
