"""What checking a password costs the server: ``python -m access_game.bench.passwords``.

Times one scrypt hash with the parameters accounts are made with (access_game.net.passwords), 30 times,
and prints the median and the p99 in milliseconds: a sign-in costs one of them in the accounts' worker
thread (never the server's loop), so this is the floor of a sign-in's wait and the CPU a guesser makes
the server spend per try (docs/public-server.md).
"""

from __future__ import annotations

import time

from access_game.bench.figures import timing_line
from access_game.net.passwords import SCRYPT_N, SCRYPT_P, SCRYPT_R, hash_password

__all__ = ["main"]

RUNS = 30


def main() -> None:
    times = []
    for i in range(RUNS):
        began = time.perf_counter()
        hash_password(f"benchmark password {i}")
        times.append((time.perf_counter() - began) * 1000)
    memory = 128 * SCRYPT_N * SCRYPT_R * SCRYPT_P // 2**20
    print(f"scrypt N={SCRYPT_N} r={SCRYPT_R} p={SCRYPT_P} ({memory} MiB a hash): {timing_line(times)}")


if __name__ == "__main__":
    main()
