"""What is said on the way from a local game to a server's lobby ("Play online" in the game's menu):
the server's address and the player's name asked on the prompt line, and why one cannot be used.

Every sentence goes through :func:`speech.i18n._` with named placeholders, like every words module.
"""

from __future__ import annotations

from speech.i18n import N_, _

__all__ = ["ADDRESS_PROMPT", "CANCELLED", "NAME_PROMPT", "address_opening", "bad_address", "bad_name", "name_opening",
           "opening_lobby"]

#: The prompt while the server's address is typed.
ADDRESS_PROMPT = N_("server address")
#: The prompt while the name on the server is typed.
NAME_PROMPT = N_("your name")
#: Escape (or an empty line) at either question.
CANCELLED = N_("Not playing online: the game goes on.")


def address_opening(remembered: str) -> str:
    """The first question; the address used last time is typed already, to take with Enter."""
    if remembered:
        return _("Play online: the server used last time is typed in, {address}; Enter connects to it, "
                 "Backspace erases it, Escape goes back.").format(address=remembered)
    return _("Play online: type the server's address, such as ws://127.0.0.1:8765, then Enter; Escape goes back.")


def name_opening(remembered: str) -> str:
    if remembered:
        return _("Your name on the server is typed in, {name}; Enter keeps it, Backspace erases it, "
                 "Escape goes back.").format(name=remembered)
    return _("Type your name on the server, then Enter; Escape goes back.")


def bad_address(address: str) -> str:
    return _("{address} is not a server address: it starts with ws:// or wss://, then the server's name "
             "and its port, such as ws://127.0.0.1:8765.").format(address=address)


def bad_name(most: int) -> str:
    return _("A name is 1 to {most} printable characters.").format(most=most)


def opening_lobby(address: str) -> str:
    return _("Your game is saved; opening the lobby of {address}. Leaving the lobby brings you back here."
             ).format(address=address)
