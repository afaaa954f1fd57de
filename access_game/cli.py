"""The ``access-game`` command: one parser, one small module per subcommand.

Each module in :mod:`access_game.commands` exposes ``register(subparsers)``, which adds its parser
and sets ``func`` to a callable taking the parsed arguments and returning the exit status. Bad
arguments exit 2 with one line, in the player's language, naming the problem and the command whose
``--help`` lists the options (argparse finds most; commands raise :class:`UsageError` for checks argparse
cannot make; both are said by :func:`error_line`), so a script or a player learns what was wrong and
nothing is written. argparse's own usage block (8 to 13 lines) is not printed first: a screen reader
reads it all before the one line that matters.

A command line that names its command builds the parser of that command alone, so `access-game hand`
imports the hand checker and not the game tables, the rules of every game or the print libraries; a
player checking a real deck runs it many times (``python -m access_game.bench.startup``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from access_game import __version__
from access_game.commands._common import LANG_OPTION, add_lang_option
from access_game.commands._common import UsageError as UsageError  # the error main reports, for commands to raise
from speech.i18n import LANGUAGES, _, command_line_words, set_language

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

COMMAND_MODULES = ("play", "solitaire", "learn", "hand", "braille_cmd", "labels", "chart", "practice", "kit",
                   "simulate", "bench_anchor", "keys", "serve", "bench_server", "host", "join", "online")


def _module_of(command: str) -> str | None:
    """The module of a command named on the command line ('braille' is braille_cmd); None: no such command."""
    return {m.removesuffix("_cmd").replace("_", "-"): m for m in COMMAND_MODULES}.get(command)


def error_line(command: str, problem: str) -> str:
    """A wrong option or value, on one line: what is wrong and the command that lists the options."""
    return _("{command}: error: {problem}. {command} --help lists the options.").format(
        command=command, problem=problem.strip().rstrip("."))


class _Parser(argparse.ArgumentParser):
    """argparse's parser, except that help or the version that cannot be written is an error: argparse
    drops it and goes on, so ``access-game --help >/dev/full`` would end with success having shown
    nothing; and that a bad argument is one line (:func:`error_line`), not the usage block first. The
    subcommands' parsers are of this class too (argparse makes them so). A value given where a number goes
    is read by :func:`_whole_number` or :func:`_number`, which say what is wrong in the player's words."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("type", int, _whole_number)
        self.register("type", float, _number)

    def error(self, message: str) -> NoReturn:
        """Every bad argument argparse finds, for every command: one line, exit 2."""
        self.exit(2, error_line(self.prog, message) + "\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if not message:
            return
        if file is None or file is sys.stderr:  # usage and errors: the exit status (2) says it all the same
            with contextlib.suppress(OSError):
                sys.stderr.write(message)
            return
        file.write(message)


def _whole_number(text: str) -> int:
    from speech.option_values import not_a_number

    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_a_number(text, whole=True)) from None


def _number(text: str) -> float:
    from speech.option_values import not_a_number

    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_a_number(text, whole=False)) from None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or (``only``: a module of COMMAND_MODULES) the parser with that command alone."""
    parser = _top_parser()
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES if only is None else (only,):
        module = importlib.import_module(f"access_game.commands.{name}")
        module.register(sub)
    return _placeholders_in_language(parser)


def _placeholders_in_language(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Every value placeholder the help and the errors show (``SEED``, ``-o FILE``, ``CARD``) in the
    player's language (speech.option_values.METAVARS), for the parser and its commands: the commands
    name them in English, once."""
    from speech.option_values import metavar_word

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in dict.fromkeys(action.choices.values()):
                _placeholders_in_language(command)
        if action.nargs == 0 or (action.choices is not None and action.metavar is None):
            continue
        shown = action.metavar if action.metavar is not None else (
            action.dest.upper() if action.option_strings else action.dest)
        if isinstance(shown, str):
            action.metavar = metavar_word(shown)
    return parser


def list_parser() -> argparse.ArgumentParser:
    """The parser of a command line that names no command (``--help``, ``--version``, a typing slip): every
    command with its summary (access_game.commands.summaries), none of them imported, so ``access-game
    --help`` starts nearly as fast as Python itself (``python -m access_game.bench.startup -- --help``)."""
    from access_game.commands.summaries import SUMMARIES

    parser = _top_parser()
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in SUMMARIES.items():
        sub.add_parser(name, help=summary())
    return _placeholders_in_language(parser)


def _top_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="access-game",
        description=_("Card games for blind players: spoken, in braille, by keyboard. "
                      "With no command, resumes your saved game or starts Five Crowns."),
    )
    parser.add_argument("--version", action="version", version=f"access-game {__version__}",
                        help=_("show the version and exit"))
    add_lang_option(parser, default=None)
    return parser


def _leading_lang(args: list[str]) -> tuple[list[str], list[str]]:
    """The ``--lang X`` options before the command, and the rest."""
    head: list[str] = []
    rest = list(args)
    while rest and (rest[0] == LANG_OPTION or rest[0].startswith(LANG_OPTION + "=")):
        take = 1 if "=" in rest[0] or len(rest) == 1 else 2
        head, rest = head + rest[:take], rest[take:]
    return head, rest


def asked_language(args: Sequence[str]) -> str | None:
    """The language the command line asks for (the last ``--lang``), before anything is parsed, so the
    help and every message are made in it; None when not asked or not one the game speaks."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == LANG_OPTION and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith(LANG_OPTION + "="):
            asked = arg.split("=", 1)[1]
    code = asked.strip().casefold() if asked is not None else None
    return code if code in LANGUAGES else None


def choose_language(args: Sequence[str]) -> str:
    """Set the language of this run before any sentence is made: ``--lang``, else the settings' choice,
    else the system's locale; English the fallback."""
    from access_game.settings import resolve_language, stored_language

    lang = asked_language(args) or resolve_language(stored_language())
    set_language(lang)
    _argparse_speaks(lang)
    return lang


def _argparse_speaks(lang: str) -> None:
    """Point argparse's own words ("usage:", "error:", "invalid choice") at their catalog in ``lang``.
    argparse looks each one up through the gettext functions it imported, as Python's argparse how-to
    describes; they are swapped for the chosen language's, so the usage line and the errors a player
    reads after a typing slip are in the same language as the help."""
    words = command_line_words(lang)
    argparse._ = words.gettext  # type: ignore[attr-defined]
    argparse.ngettext = words.ngettext  # type: ignore[attr-defined]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line's boundary: whatever happens inside a command, the person who ran it gets a
    sentence and the right exit status, never a traceback.

    Bad arguments: one line and 2. Ctrl+C: 130. The reader of the output gone (``access-game keys |
    head``): a quiet end with the status of a program ended by SIGPIPE, as ``cat`` or ``yes`` would.
    Any other error nobody planned for: one line saying so and where its details were kept (the
    crash log), and 1.
    """
    from access_game.std_streams import BROKEN_PIPE_STATUS, drop_output, readers_gone, reopen_closed

    if not reopen_closed():
        _say_error(_("access-game: standard output is closed, so nothing could be shown; run it with standard "
                     "output open (>/dev/null throws the output away)."))
        return 2
    try:
        try:
            status = _main(argv)
        except SystemExit:  # argparse's own ends (--help, --version, bad arguments), once their words are out
            sys.stdout.flush()
            raise
        sys.stdout.flush()  # a write that fails fails here, not unseen as the interpreter exits
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError as exc:
        gone = readers_gone()
        if not gone:
            return _unexpected(exc)
        drop_output(gone)
        return BROKEN_PIPE_STATUS
    except Exception as exc:
        return _unexpected(exc)


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = choose_language(args_list)
    head, rest = _leading_lang(args_list)
    if not rest or (rest[0].startswith("-") and rest[0] not in ("-h", "--help", "--version")):
        rest = ["play", *rest]
        args_list = [*head, *rest]
    module = _module_of(rest[0])
    parser = build_parser(module) if module is not None else list_parser()
    args, extra = parser.parse_known_args(args_list)
    # Arguments no parser took are the command's error (named with its own --help), not the top one's.
    owner: argparse.ArgumentParser = getattr(args, "parser", parser)
    if extra:
        owner.error(command_line_words(lang).gettext("unrecognized arguments: %s") % " ".join(extra))
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        if getattr(args, "notation", None):  # the sheets' --notation: every card they write or read
            from braille.cards import card_notation

            with card_notation(args.notation):
                return int(func(args) or 0)
        return int(func(args) or 0)
    except UsageError as exc:
        _say_error(error_line(owner.prog, str(exc)))
        return 2


def _unexpected(exc: BaseException) -> int:
    """One line for an error nobody planned for, its details in the crash log; exit status 1."""
    from access_game.crash_log import error_text, write_crash_log

    log = write_crash_log(exc)
    details = _(" Details are in {log}.").format(log=log) if log else ""
    _say_error(_("access-game: an unexpected error stopped the command ({error}).{details}").format(
        error=error_text(exc), details=details))
    return 1


def _say_error(line: str) -> None:
    """A line on standard error, if anyone can read it (a closed or broken standard error is let be)."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)
