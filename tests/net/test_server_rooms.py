"""The table server is one class by role (access_game.net.rooms): every seam the shared state names
(what one room asks of another, a stub there) is a room's own method in the server, so none is left
to raise at run time, and the shared server's overrides still reach the rooms' methods."""

from __future__ import annotations

import inspect

from access_game.net.rooms.state import ServerState
from access_game.net.server import TableServer
from access_game.net.shared_server import SharedTables


def _seams() -> list[str]:
    return [name for name, value in vars(ServerState).items()
            if inspect.isfunction(value) and "raise NotImplementedError" in inspect.getsource(value)]


def test_every_seam_is_a_room_s_method() -> None:
    seams = _seams()
    assert len(seams) > 10  # the stubs were found
    for server in (TableServer, SharedTables):
        for name in seams:
            owner = next(c for c in server.__mro__ if name in vars(c))
            assert owner is not ServerState, f"{server.__name__}.{name} is only the shared state's stub"


def test_each_room_is_its_own_class_under_the_server() -> None:
    rooms = [c for c in TableServer.__mro__ if c.__module__.startswith("access_game.net.rooms.")]
    assert len(rooms) == 7 and rooms[-1] is ServerState
    assert all(issubclass(room, ServerState) for room in rooms)
