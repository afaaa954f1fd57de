"""The terminal's modules, loaded once for the hosted seats.

The server imports none of the terminal (the table application, the tables, the narrators) until a
browser comes. Then a warm-up thread and the first seats' threads would all import it at once, and
Python's import of a package whose modules import one another, done by two threads at the same
moment, can hand one of them a module still half made ("cannot import name ... from partially
initialized module"). So the loading is done by one thread under a lock; every seat thread asks for it
first and waits until it is done.
"""

from __future__ import annotations

import contextlib
import importlib
import threading

__all__ = ["load_the_terminal"]

#: The modules a hosted seat runs (the games' own tables and narrators come from the catalog below).
_MODULES = ("access_game.online.remote_session", "access_game.ui.app", "access_game.online.lobby_app",
            "access_game.ui.waiting_table", "access_game.ui.speech_link", "access_game.session", "access_game.web.seat",
            "access_game.web.state")

_lock = threading.Lock()
_loaded = False


def load_the_terminal() -> None:
    """Import what a hosted terminal needs, once; a second caller waits for the first to finish."""
    global _loaded
    with _lock:
        if _loaded:
            return
        for module in _MODULES:
            importlib.import_module(module)
        from access_game.catalog import games, resolve
        from speech.utterance import Verbosity

        for entry in games():
            with contextlib.suppress(Exception):  # (a game that cannot load is said when a browser asks for it)
                entry.make_narrator(0, ["a", "b"], Verbosity.NORMAL)
                if entry.table is not None:
                    resolve(entry.table)
        _loaded = True
