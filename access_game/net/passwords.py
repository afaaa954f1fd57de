"""Passwords of accounts: hashed with scrypt (memory-hard, in Python's standard library).

Each hash carries its own random salt and the parameters it was made with, so that the parameters can
be raised later without making the old hashes unreadable (a hash made with weaker ones is checked with
them and made again on the next sign-in). A password is compared in constant time, and is never
logged, stored or sent back: only :class:`PasswordHash`'s text is kept.

``python -m access_game.bench.passwords`` prints what one hash costs on this machine (median and p99).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

__all__ = ["MAX_PASSWORD_CHARS", "MIN_PASSWORD_CHARS", "SCRYPT_N", "SCRYPT_P", "SCRYPT_R", "PasswordHash",
           "hash_password", "password_problem", "verify_password"]

#: scrypt's cost (N, a power of two), block size (r) and parallelism (p): 128 * N * r bytes of memory a
#: hash, 32 MiB with these, about 0.1 s of one core (docs/public-server.md).
SCRYPT_N = 2**15
SCRYPT_R = 8
SCRYPT_P = 1
#: Bytes of salt and of the derived key.
SALT_BYTES = 16
KEY_BYTES = 32
#: The shortest and longest password an account may have (characters).
MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_CHARS = 200
#: The most memory a hash may ask for (a hash text read from a database is never trusted further).
MAX_MEMORY = 256 * 1024 * 1024
SCHEME = "scrypt"


def password_problem(password: str) -> str | None:
    """Why a password cannot be an account's (too short, too long), or None."""
    if len(password) < MIN_PASSWORD_CHARS:
        return f"a password is at least {MIN_PASSWORD_CHARS} characters"
    if len(password) > MAX_PASSWORD_CHARS:
        return f"a password is at most {MAX_PASSWORD_CHARS} characters"
    return None


@dataclass(frozen=True, slots=True)
class PasswordHash:
    """A stored password: the scheme, scrypt's parameters, the salt and the derived key."""

    n: int
    r: int
    p: int
    salt: bytes
    key: bytes

    def text(self) -> str:
        """As it is kept: ``scrypt$N$r$p$salt$key`` (salt and key in base64)."""
        return "$".join((SCHEME, str(self.n), str(self.r), str(self.p), _b64(self.salt), _b64(self.key)))

    @classmethod
    def read(cls, text: str) -> PasswordHash:
        """ValueError when the text is not a hash this module made."""
        parts = text.split("$")
        if len(parts) != 6 or parts[0] != SCHEME:
            raise ValueError("not an scrypt password hash")
        n, r, p = (int(x) for x in parts[1:4])
        if n < 2 or n & (n - 1) or r < 1 or p < 1 or 128 * n * r * p > MAX_MEMORY:
            raise ValueError("scrypt parameters out of range")
        return cls(n, r, p, base64.b64decode(parts[4], validate=True), base64.b64decode(parts[5], validate=True))

    @property
    def current(self) -> bool:
        """Made with this module's parameters now (otherwise it is made again at the next sign-in)."""
        return (self.n, self.r, self.p) == (SCRYPT_N, SCRYPT_R, SCRYPT_P)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _derive(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=2 * 128 * n * r * p + 1024 * 1024,
                          dklen=KEY_BYTES)


def hash_password(password: str, *, n: int = SCRYPT_N, r: int = SCRYPT_R, p: int = SCRYPT_P) -> PasswordHash:
    """A new hash of ``password`` with a new random salt."""
    salt = secrets.token_bytes(SALT_BYTES)
    return PasswordHash(n, r, p, salt, _derive(password, salt, n, r, p))


def verify_password(password: str, stored: PasswordHash) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (compared in constant time)."""
    return hmac.compare_digest(_derive(password, stored.salt, stored.n, stored.r, stored.p), stored.key)
