"""Help as a menu of sections: F1 names the sections, Up and Down step through them, Enter reads one.

A help that prints every key at once (50 to 81 lines) is heard as one long dump a player cannot find
their way back into; sections of five to ten keys are. F1 again (or ?) inside the help reads every
section, the old whole list. Any other key closes the help and does its own work at once, so a
player who has found the key they wanted just presses it. The help lists the commands of the Escape
menu, section by section, and counts them as the menu does (the key that opens the menu itself is
named in the help's first line), so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from access_game.ui.registry import Command
from speech import table_words as tw
from speech.i18n import _

__all__ = ["HelpMenu", "help_sections"]

#: The keys that move in the help or close it; any other closes it and does its own work.
_MOVE = {"down": 1, "tab": 1, "up": -1, "s-tab": -1}
_READ_ALL = ("f1", "?")


def help_sections(grouped: Sequence[tuple[str, list[Command]]]) -> list[tuple[str, list[Command]]]:
    """The registry's groups as the Escape menu has them: only the commands the menu lists."""
    sections = [(title, [c for c in members if c.in_menu]) for title, members in grouped]
    return [(title, members) for title, members in sections if members]


def command_line(command: Command) -> str:
    return _("{keys}: {description}").format(keys=command.keys_text, description=_(command.description))


class HelpMenu:
    """The help's sections, then "every command"; ``read`` says lines (each its own message) and
    ``dispatch`` runs a key as if no help were open."""

    prompt = "help"

    def __init__(self, game_title: str, sections: list[tuple[str, list[Command]]], say: Callable[[str], None],
                 read: Callable[[list[str]], None], dispatch: Callable[[str], None]) -> None:
        if not sections:
            raise ValueError("a help needs at least one section")
        self.game_title = game_title
        self.sections = sections
        self.say = say
        self.read = read
        self.dispatch = dispatch
        self.closed = False
        self.pending: Callable[[], None] | None = None
        self.index = 0

    @property
    def count(self) -> int:
        """Commands listed: the Escape menu's count."""
        return sum(len(members) for _title, members in self.sections)

    def _label(self, index: int) -> str:
        if index == len(self.sections):
            return _(tw.HELP_EVERY_COMMAND)
        title, members = self.sections[index]
        return tw.help_section_entry(_(title), len(members))

    def _where(self) -> str:
        return _("{item}, {n} of {total}").format(item=self._label(self.index), n=self.index + 1,
                                                  total=len(self.sections) + 1)

    def opening(self) -> str:
        return _("{intro} {hint} {item}").format(
            intro=tw.help_intro_words(self.game_title, self.count, len(self.sections)), hint=_(tw.HELP_HINT),
            item=self._where())

    def every_line(self) -> list[str]:
        lines: list[str] = []
        for title, members in self.sections:
            lines.append(_("{group}:").format(group=_(title)))
            lines.extend(command_line(c) for c in members)
        return lines

    def handle(self, key: str) -> None:
        n = len(self.sections) + 1
        if key in _MOVE:
            self.index = (self.index + _MOVE[key]) % n
            self.say(self._where())
        elif key in ("home", "pageup", "end", "pagedown"):
            self.index = 0 if key in ("home", "pageup") else n - 1
            self.say(self._where())
        elif key in ("enter", "space"):
            if self.index == len(self.sections):
                self.read(self.every_line())
            else:
                title, members = self.sections[self.index]
                self.read([_("{group}:").format(group=_(title)), *(command_line(c) for c in members)])
        elif key in _READ_ALL:
            self.read(self.every_line())
        elif key == "escape":
            self.say(_(tw.HELP_CLOSED))
            self.closed = True
        else:  # the key the player came for: the help closes and the key does its work
            self.closed = True
            self.pending = lambda: self.dispatch(key)
