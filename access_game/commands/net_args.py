"""Arguments ``host``, ``join`` and ``online`` share: the server address, the player's name, signing in,
speech and cards. The commands use them as ``net_args.add_server(p)`` and so on: one list, named where used."""

from __future__ import annotations

import argparse
from urllib.parse import urlsplit

from access_game.commands._common import UsageError, add_output_options, check_name
from access_game.settings import Settings
from engine.names import MAX_NAME_CHARS
from speech.i18n import _

__all__ = ["MAX_NAME", "add_common", "add_server", "add_sign_in", "check_name", "check_server", "signed_in_password",
           "terminal_settings"]

#: The longest name the server takes (docs/protocol.md).
MAX_NAME = MAX_NAME_CHARS


def add_server(p: argparse.ArgumentParser) -> None:
    """``--server``, the table server every network command needs (checked by ``check_server``)."""
    p.add_argument("--server", required=True, metavar="URL", help=_("the table server: ws://HOST:PORT or wss://HOST"))


def add_sign_in(p: argparse._ActionsContainer) -> None:
    """``--sign-in``, as ``host``, ``join`` and ``online`` take it (``online`` in a group with ``--register``)."""
    p.add_argument("--sign-in", action="store_true",
                   help=_("sign in with the account of that name (the password is asked, not shown)"))


def signed_in_password(args: argparse.Namespace, name: str) -> tuple[bool, str | None]:
    """Whether to go on, and the password to sign in with: asked on one line showing nothing when
    ``--sign-in`` was given (not going on when the player gave none), None without it."""
    if not args.sign_in:
        return True, None
    from access_game.online.lobby_terminal import ask_password

    password = ask_password(name, new=False)
    return password is not None, password


def add_common(p: argparse.ArgumentParser) -> None:
    add_output_options(p, braille=False)


def check_server(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise UsageError(_("--server: {url!r} is not a server address such as ws://127.0.0.1:8765").format(url=url))
    try:
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError:
        raise UsageError(_("--server: {url!r} has a bad port").format(url=url)) from None


def terminal_settings(args: argparse.Namespace) -> Settings:
    """The settings as `play` takes them: saved, with this run's output flags over them. What could not
    be used in the settings file is said here, once, before the server is reached."""
    from access_game.settings import settings_with_flags

    settings, note = settings_with_flags(args)
    if note:
        print(note, flush=True)
    return settings
