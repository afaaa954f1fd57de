"""The seat tokens kept between runs (so a restarted terminal takes its seat back) and the pauses
between reconnection attempts."""

from __future__ import annotations

import itertools
import stat
from pathlib import Path

from access_game.online.client import SeatToken, TokenStore, backoff_delays


def test_a_seat_is_kept_found_by_server_and_code_and_forgotten(tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "seats.json")
    assert store.get("ws://h:1", "K7QAMX") is None
    store.put(SeatToken("ws://h:1/", "K7QAMX", 2, "secret", "Ben"))
    kept = store.get("ws://h:1", "k7qamx")
    assert kept == SeatToken("ws://h:1", "K7QAMX", 2, "secret", "Ben")
    assert store.get("ws://other:1", "K7QAMX") is None
    assert stat.S_IMODE((tmp_path / "seats.json").stat().st_mode) == 0o600  # a token is a password
    store.forget("ws://h:1", "K7QAMX")
    assert store.get("ws://h:1", "K7QAMX") is None


def test_a_damaged_file_is_kept_aside_and_read_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    path.write_text("{not json", encoding="utf-8")
    store = TokenStore(path)
    assert store.get("ws://h:1", "K7QAMX") is None
    assert not path.exists() and any(p.name.startswith("seats") for p in tmp_path.iterdir())
    store.put(SeatToken("ws://h:1", "K7QAMX", 0, "t", "Ann"))
    assert store.get("ws://h:1", "K7QAMX") is not None


def test_reconnection_pauses_grow_and_stay_short() -> None:
    pauses = list(itertools.islice(backoff_delays(), 8))
    assert pauses[0] <= 0.25 and pauses == sorted(pauses) and max(pauses) == 5.0


def test_a_route_is_private_over_wss_or_on_this_computer_only() -> None:
    from access_game.online.client import private_route

    assert private_route("wss://cards.example.org/play") and private_route("ws://127.0.0.1:8765")
    assert private_route("ws://localhost:8765") and private_route("ws://[::1]:8765")
    assert not private_route("ws://192.168.1.20:8765") and not private_route("ws://cards.example.org")
