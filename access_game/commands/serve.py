"""The ``serve`` subcommand: the table server for play over the network.

It binds to 127.0.0.1 unless told otherwise, so a server started to try it out is not open to the
network by accident; ``--host 0.0.0.0`` (or a reverse proxy, see docs/online.md) opens it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import sys
from pathlib import Path

from access_game.commands._common import UsageError, add_command
from access_game.commands.summaries import summary
from access_game.net.limits import Limits
from engine.reasons import shown
from speech.i18n import _

DEFAULT_PORT = 8765
#: The most processes computer players may think in (one per core is the default).
MAX_WORKERS = 64


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:

    parser = add_command(sub, "serve", run, summary("serve"))
    parser.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1: this "
                        "machine only; 0.0.0.0 for every network)"))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=_("port to listen on (default {port}; 0 picks a free one)").format(port=DEFAULT_PORT))
    parser.add_argument("--data", type=Path, metavar="DIR",
                        help=_("directory of the tables, one file each (default: tables/ in the user data folder)"))
    parser.add_argument("--tls-cert", type=Path, metavar="FILE", help=_("certificate chain (PEM) for wss://"))
    parser.add_argument("--tls-key", type=Path, metavar="FILE", help=_("private key (PEM) of the certificate"))
    parser.add_argument("--database", metavar="URL",
                        help=_("where accounts, ratings and the record of games are kept: postgresql://USER@HOST/DB, "
                               "or an SQLite file's path (default: accounts.sqlite3 in the --data folder)"))
    parser.add_argument("--stats", type=Path, metavar="FILE",
                        help=_("when stopping, write the server's time per action (JSON: p50_ms, p99_ms) to FILE"))
    limits = parser.add_argument_group(_("limits per address (0: no limit; docs/online.md)"))
    defaults = Limits()
    limits.add_argument("--connections-per-address", type=_count, default=defaults.connections_per_address,
                        metavar="N", help=_("connections open at once from one address (default {n})").format(
                            n=defaults.connections_per_address))
    limits.add_argument("--tables-per-minute", type=_count, default=int(defaults.tables_per_minute), metavar="N",
                        help=_("tables one address may create a minute (default {n:g})").format(
                            n=defaults.tables_per_minute))
    limits.add_argument("--joins-per-minute", type=_count, default=int(defaults.joins_per_minute), metavar="N",
                        help=_("joins and rejoins one address may ask for a minute (default {n:g})").format(
                            n=defaults.joins_per_minute))
    limits.add_argument("--chats-per-minute", type=_count, default=int(defaults.chats_per_minute), metavar="N",
                        help=_("chat lines (at tables, in the lobby, private) from one address a minute (default "
                               "{n:g})").format(n=defaults.chats_per_minute))
    parser.add_argument("--admins", type=Path, metavar="FILE",
                        help=_("the server's administrators: one name a line, optionally a tab and the key they "
                               "give (default: admins.txt in the --data folder, if there is one)"))
    limits.add_argument("--behind-proxy", action="store_true",
                        help=_("a reverse proxy on this machine forwards the players: their address is the last "
                        "one of X-Forwarded-For"))
    parser.add_argument("--idle-hours", type=_hours, default=defaults.idle_seconds / 3600, metavar="H",
                        help=_("archive a table nobody has been at for H hours (default 24; 0: never)"))
    parser.add_argument("--computer-workers", type=_count, metavar="N",
                        help=_("processes deciding computer players' moves (default: one per core; 0: on the "
                        "server's own loop, which slows every table while they think)"))
    shared = parser.add_argument_group(_("several server processes sharing one lobby (docs/online.md)"))
    shared.add_argument("--redis", metavar="URL", help=_("share the lobby (tables, who is online, chat) with the "
                        "other server processes using this Redis, e.g. redis://127.0.0.1:6379/0"))
    shared.add_argument("--public-url", metavar="URL", help=_("the address players reach this process at, where "
                        "the others send them for its tables (default: the address it listens on)"))
    shared.add_argument("--redis-expiry", type=_seconds, default=None, metavar="SECONDS",
                        help=_("seconds after which the tables of a process that stopped answering leave the "
                               "lobby (default {n:g})").format(n=10))
    parser.add_argument("--origin", action="append", default=[], metavar="URL",
                        help=_("let web pages from this origin connect (repeatable; programs, which send no "
                        "origin, always may)"))


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("a whole number, not {text}").format(text=repr(text))) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("0 or more, not {value}").format(value=value))
    return value


def _hours(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("a number of hours, not {text}").format(text=repr(text))) from None
    if not 0 <= value <= 24 * 365 * 100:
        raise argparse.ArgumentTypeError(_("0 or more hours, not {text}").format(text=text))
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("a number of seconds, not {text}").format(text=repr(text))) from None
    if not 1 <= value <= 3600:
        raise argparse.ArgumentTypeError(_("1 to 3600 seconds, not {text}").format(text=text))
    return value


def check_sharing(args: argparse.Namespace) -> None:
    """``--redis`` and ``--public-url`` make sense, or UsageError: a Redis URL, a ws:// or wss:// public
    URL, and a public URL whenever the address listened on is not one a client can reach."""
    from urllib.parse import urlsplit

    if args.redis is None:
        if args.public_url is not None or args.redis_expiry is not None:
            raise UsageError(_("--public-url and --redis-expiry go with --redis"))
        return
    try:
        redis = urlsplit(args.redis)
        public = urlsplit(args.public_url) if args.public_url is not None else None
        public_port = public.port if public is not None else None
    except ValueError:
        redis, public, public_port = urlsplit(""), urlsplit(""), None
    if redis.scheme not in ("redis", "rediss", "unix") or (redis.scheme != "unix" and not redis.hostname):
        raise UsageError(_("--redis {url}: give a Redis URL, such as redis://127.0.0.1:6379/0").format(
            url=shown(args.redis)))
    if public is not None and (public.scheme not in ("ws", "wss") or not public.hostname or public_port == 0):
        raise UsageError(_("--public-url {url}: give the ws:// or wss:// address players reach this process at, "
                           "such as wss://play2.example.org").format(url=shown(args.public_url)))
    if public is None and args.host in ("0.0.0.0", "::"):
        raise UsageError(_("--redis with --host {host}: give --public-url, the address players reach this process "
                           "at").format(host=args.host))


#: One label of a host name (RFC 1123): letters, digits and hyphens, 1 to 63, no hyphen at either end.
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
#: The longest host name (RFC 1035, without the final dot).
LONGEST_HOST = 253
#: The longest --data path shown in a message (the rest is cut).
SHOWN_PATH = 100


def check_host(text: str) -> str:
    """The address ``--host`` names, or UsageError: an IP address (IPv4 or IPv6) or a host name.

    Checked before anything starts, so a mistyped address is a usage error with the rule, never an
    encoding error from deep in the resolver; and an empty one, which the system would take as
    "every address", is refused: opening a server to the network must be asked for (0.0.0.0 or ::).
    """
    import ipaddress

    with contextlib.suppress(ValueError):
        return str(ipaddress.ip_address(text))
    labels = text.removesuffix(".").split(".")
    if (len(text) <= LONGEST_HOST and text.isascii() and all(_LABEL.match(label) for label in labels)
            and not labels[-1].isdigit()):
        return text
    raise UsageError(_("--host {host}: give an IP address (127.0.0.1 for this machine, 0.0.0.0 or :: for every "
                       "network) or a host name (letters, digits, hyphens and dots; at most 63 characters between "
                       "dots)").format(host=shown(text)))


def _check_database(database: str | None) -> None:
    """``--database`` is a PostgreSQL URL or a file's path; another scheme (mysql://…) is refused with
    the usage, its password never shown."""
    if database is None or "://" not in database or database.startswith(("postgresql://", "postgres://")):
        return
    from access_game.net.database import shown_url

    raise UsageError(_("--database {value}: neither a postgresql:// address nor a file's path").format(
        value=shown(shown_url(database), SHOWN_PATH)))


def check_data(data: Path) -> None:
    """``--data`` names a folder that is or can be made, or UsageError (a path the system refuses to
    even look at, too long or looping, is said so rather than raised from the first table)."""
    path = shown(str(data), SHOWN_PATH)
    try:
        found = data.exists()
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(_("--data {path}: this folder cannot be used: {reason}").format(
            path=path, reason=reason)) from None
    if found and not data.is_dir():
        raise UsageError(_("--data {path}: this is not a folder").format(path=path))


def _admins(path: Path | None, data: Path) -> dict[str, str | None]:
    """The administrators ``--admins`` names, or the data folder's admins.txt; UsageError when the file
    given cannot be read or holds a line that is not a name."""
    from access_game.net.lobby import ADMINS_FILE, read_admins

    given = path is not None
    path = path if path is not None else data / ADMINS_FILE
    try:
        return read_admins(path)
    except (FileNotFoundError, NotADirectoryError):
        if given:
            raise UsageError(_("--admins {path}: no such file").format(path=shown(str(path), SHOWN_PATH))) from None
        return {}  # no data folder yet, or none at all: said once the tables are loaded
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        raise UsageError(_("--admins {path}: this file cannot be used: {reason}").format(
            path=shown(str(path), SHOWN_PATH), reason=exc)) from None


def run(args: argparse.Namespace) -> int:
    args.host = check_host(args.host)
    check_sharing(args)
    if args.computer_workers is not None and args.computer_workers > MAX_WORKERS:
        raise UsageError(_("{option} is {low} to {high}, not {value}").format(
            option="--computer-workers", low=0, high=MAX_WORKERS, value=args.computer_workers))
    if not 0 <= args.port <= 65535:
        raise UsageError(_("{option} is {low} to {high}, not {value}").format(option="--port", low=0, high=65535,
                                                                             value=args.port))
    if (args.tls_cert is None) != (args.tls_key is None):
        raise UsageError(_("--tls-cert and --tls-key go together"))
    tls = None
    if args.tls_cert is not None:
        from access_game.net.serving import tls_context

        try:
            tls = tls_context(args.tls_cert, args.tls_key)
        except (OSError, ValueError) as exc:
            raise UsageError(_("the certificate or key cannot be used: {reason}").format(reason=exc)) from None
    data = args.data
    if data is None:
        from access_game.settings import data_dir

        data = data_dir() / "tables"
    check_data(data)
    _check_database(args.database)
    from access_game.net.log_throttle import install

    install()
    from access_game.net.database import DatabaseError

    # Redis's client is loaded only by a process that shares its lobby.
    sharing_errors: tuple[type[Exception], ...] = ()
    older_fleet: tuple[type[Exception], ...] = ()
    if args.redis is not None:
        from access_game.net.redis_bus import OlderFleet, RedisUnavailable

        sharing_errors, older_fleet = (RedisUnavailable,), (OlderFleet,)
    from access_game.net.serving import DirectoryInUse, DirectoryUnusable, raise_open_file_limit, run_server
    from access_game.web.gateway import WebGateway

    raise_open_file_limit()
    limits = Limits(connections_per_address=args.connections_per_address, tables_per_minute=args.tables_per_minute,
                    joins_per_minute=args.joins_per_minute, chats_per_minute=args.chats_per_minute,
                    idle_seconds=args.idle_hours * 3600)
    admins = _admins(args.admins, data)

    def announce(line: str) -> None:
        print(line, flush=True)

    try:
        from access_game.net.computers import ComputerPlayers

        computers = ComputerPlayers(args.computer_workers) if args.computer_workers is not None else None
        asyncio.run(run_server(args.host, args.port, data, tls, announce, args.stats, limits=limits,
                               origins=args.origin, behind_proxy=args.behind_proxy, computers=computers,
                               admins=admins, database=args.database, redis=args.redis,
                               public_url=args.public_url, redis_expiry=args.redis_expiry, web=WebGateway))
    except DatabaseError as exc:
        print(_("access-game serve: the accounts cannot be kept: {reason}").format(reason=exc), file=sys.stderr)
        return 1
    except older_fleet:
        print(_("access-game serve: the lobby at {url} is shared by processes of an older access-game, which this "
                "version cannot join: stop them all, then start every process with this version (docs/online.md, "
                "\"Upgrading a fleet\")").format(url=args.redis), file=sys.stderr)
        return 1
    except sharing_errors as exc:
        print(_("access-game serve: Redis cannot be reached at {url}: {reason}").format(url=args.redis, reason=exc),
              file=sys.stderr)
        return 1
    except DirectoryInUse:
        print(_("access-game serve: the tables in {folder} are being served by another access-game serve; stop "
                "it first, or give this one another --data folder").format(folder=data), file=sys.stderr)
        return 1
    except DirectoryUnusable as exc:
        print(_("access-game serve: the tables cannot be kept in {folder}: {reason}").format(folder=data, reason=exc),
              file=sys.stderr)
        return 1
    except OSError as exc:
        print(_("access-game serve: cannot listen on {host}:{port}: {reason}").format(
            host=args.host, port=args.port, reason=exc.strerror or exc), file=sys.stderr)
        return 1
    return 0
