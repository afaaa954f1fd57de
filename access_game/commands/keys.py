"""The `keys` subcommand: the key plan, as every game's table really binds it.

Printed from the registries the games build (the same lists F1 and Escape show), so a player, a
teacher or a script sees exactly what each key does, in the player's language; ``--json`` gives
``{"game": G, "keys": [{"key": "x", "command": "discard", "commits": true, "group": "play"}]}``.
"""

from __future__ import annotations

import argparse
import json
import sys

from access_game.commands._common import UsageError, add_command
from access_game.commands.summaries import summary
from speech.i18n import _

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "keys", run, summary("keys"))
    p.add_argument("--game", type=str.casefold, help=_("one game (default: every game)"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of lines"))


def run(args: argparse.Namespace) -> int:
    from access_game.ui.keys import key_label
    from access_game.ui.keys_doc import KEYS_SOURCE, game_titles, key_rows, keys_registry

    titles = dict(game_titles())
    if args.game is not None and args.game not in titles:
        raise UsageError(_("--game is one of {games}, not {game!r}").format(games=", ".join(titles), game=args.game))
    chosen = [args.game] if args.game is not None else list(titles)
    if args.json:
        docs = [{"game": g, "keys": [r.as_json() for r in key_rows(g)]} for g in chosen]
        json.dump(docs[0] if args.game is not None else docs, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(_(KEYS_SOURCE))
    for g in chosen:
        print(f"{_(titles[g])} ({g}):")
        for c in keys_registry(g):
            move = " " + _("Makes a move.") if c.commits else ""
            # The command's identifier (the JSON's "command") is no word of the player's language: the
            # line says the keys and what they do, as F1 does.
            print(_("{keys}: {description}{move}").format(
                keys=", ".join(key_label(k) for k in c.keys), description=_(c.description), move=move))
    return 0
