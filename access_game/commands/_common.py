"""Helpers shared by the subcommands."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from speech.i18n import LANGUAGES, _
from speech.option_values import choices_text, metavar, read_value

#: The option every command takes, after its name as well as before it.
LANG_OPTION = "--lang"



class UsageError(Exception):
    """A bad argument found after parsing; reported in one line with the command's --help, exit status 2
    (access_game.cli.error_line)."""


class Choice:
    """An argparse type for an option with a fixed list of values: the value typed in the player's
    language or in English (speech.option_values), kept in English."""

    def __init__(self, values: tuple[str, ...]) -> None:
        self.values = values
        self.__name__ = "choice"  # argparse names a type by it in its own messages

    def __call__(self, text: str) -> str:
        value = read_value(text, self.values)
        if value is None:
            raise argparse.ArgumentTypeError(choices_text(self.values, text))
        return value


def choice(values: tuple[str, ...]) -> dict[str, Any]:
    """The ``add_argument`` keywords of an option taking one of ``values``: read by :class:`Choice`,
    shown in ``--help`` in the player's language."""
    return {"type": Choice(values), "metavar": metavar(values)}


def add_lang_option(parser: argparse.ArgumentParser, *, default: Any = argparse.SUPPRESS) -> None:
    """``--lang fr|en``: the language of every sentence, help and menu for this run (the settings'
    language, or the system's, when not given)."""
    parser.add_argument(LANG_OPTION, choices=LANGUAGES, type=str.casefold, default=default, metavar="|".join(LANGUAGES),
                        help=_("language of every sentence, help and menu: {choices} (default: the settings', "
                               "else the system's)").format(choices=", ".join(LANGUAGES)))


def add_output_options(parser: argparse.ArgumentParser, *, braille: bool = True) -> None:
    """``--speech``, ``--cards``, ``--ten-as-x``, ``--wild-sign`` and (``braille``) ``--braille`` and
    ``--braille-words``: how this run reaches the player, the same options with the same words in every
    command that opens a table."""
    from access_game.settings import BRAILLE_LINKS, BRAILLE_WORDS, CARD_DISPLAYS, SPEECH_MODES

    parser.add_argument("--speech", **choice(SPEECH_MODES),
                        help=_("screen-reader: print lines for your screen reader; self-voicing: the game speaks; "
                               "silent"))
    parser.add_argument("--cards", **choice(CARD_DISPLAYS),
                        help=_("cards on printed lines: words, braille cells, or both"))
    parser.add_argument("--ten-as-x", action=argparse.BooleanOptionalAction, default=None,
                        help=_("write 10 as x (one cell) instead of 1 0 (default: the ten-as-x setting)"))
    parser.add_argument("--wild-sign", action=argparse.BooleanOptionalAction, default=None,
                        help=_("put the wild sign (dots 4-5-6) before each wild card of the hand in braille, an "
                               "addition to the card code (default: the wild sign setting)"))
    if braille:
        parser.add_argument("--braille", **choice(BRAILLE_LINKS),
                            help=_("the braille display link: brlapi (BRLTTY's BrlAPI), auto (the default: BrlAPI "
                                   "when a BrlAPI server answers) or off"))
        parser.add_argument("--braille-words", choices=BRAILLE_WORDS, type=str.casefold,
                            help=_("the braille of the display's words: auto (the grade of BRLTTY's contraction "
                                   "table; uncontracted when it has none), contracted, uncontracted or computer"))


def add_ten_as_x_option(parser: argparse.ArgumentParser) -> None:
    """``--ten-as-x`` / ``--no-ten-as-x``: how the card code writes 10. The default is the settings'
    ten-as-x (F2 in the game), so the game, the display and the sheets a reader makes agree."""
    from access_game.settings import stored_ten_as_x

    parser.add_argument("--ten-as-x", action=argparse.BooleanOptionalAction, default=stored_ten_as_x(),
                        help=_("write 10 as x (one cell) instead of 1 0 (default: the ten-as-x setting)"))


def add_command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    func: Callable[[argparse.Namespace], int],
    help_text: str,
    **kwargs: Any,
) -> argparse.ArgumentParser:
    """Add a subcommand whose parser remembers itself, so UsageError can print the right usage; it takes
    ``--lang`` like every command. ``help_text`` is already in the chosen language."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=help_text, **kwargs)
    parser.set_defaults(func=func, parser=parser)
    add_lang_option(parser)
    return parser


def check_name(name: str, option: str = "--name") -> str:
    """A player's name given on the command line, checked by the one rule for every name
    (engine.names, which the network and saves use too); UsageError names the option otherwise."""
    from engine.names import MAX_NAME_CHARS, read_name

    checked = read_name(name)
    if checked is None:
        raise UsageError(_("{option}: a name is 1 to {most} printable characters").format(option=option,
                                                                                     most=MAX_NAME_CHARS))
    return checked
