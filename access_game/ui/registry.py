"""The one command registry: every action the player can take, with its keys and its description.

The help key, the Escape menu and docs/keys.md are all generated from it, so a key that is listed
always exists and every action is reachable without remembering its key. Keys come from the one key
plan (access_game.ui.key_plan) through :func:`command`, so a key means the same in every game. A key
may be shared only by commands that say when they apply (Space selects on your turn and moves the
computer players on when they are waiting); otherwise a second use of a key is refused when the
registry is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from access_game.ui.key_plan import planned
from access_game.ui.keys import binding_keys, keys_label
from speech.i18n import N_, _

__all__ = ["GROUPS", "Command", "CommandRegistry", "KeyConflict", "command", "named_commands"]

#: Help and menu order, with the titles a table may change (solitaire's 'hand' is the current pile).
GROUPS: tuple[tuple[str, str], ...] = (
    ("play", N_("Playing your turn")),
    ("selection", N_("Selecting cards")),
    ("hand", N_("Your hand")),
    ("pile", N_("The discard pile")),
    ("melds", N_("Melds on the table")),
    ("table", N_("The table")),
    ("speech", N_("Messages and speech")),
    ("game", N_("Game, settings and help")),
)


class KeyConflict(ValueError):
    """Two commands claim one key and nothing says which applies when."""


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    keys: tuple[str, ...]
    description: str
    #: Called with the key name pressed ('' when chosen from the Escape menu).
    handler: Callable[[str], None]
    group: str = "game"
    #: When the command applies, for keys shared between commands; None: always.
    when: Callable[[], bool] | None = None
    #: Listed in the Escape menu (the menu itself and the help for menus are not).
    in_menu: bool = True
    #: The command makes a move in the game (see access_game.ui.key_plan).
    commits: bool = False

    @property
    def keys_text(self) -> str:
        return keys_label(self.keys)

    def applies(self) -> bool:
        return self.when is None or self.when()


def command(
    name: str,
    description: str,
    handler: Callable[[str], None],
    *,
    when: Callable[[], bool] | None = None,
    in_menu: bool = True,
) -> Command:
    """A command of the key plan: its keys, group and whether it commits come from the plan; the
    table says what it does in its game and how."""
    p = planned(name)
    return Command(name, p.keys, description, handler, p.group, when, in_menu, p.commits)


def named_commands(owner: object, descriptions: Mapping[str, str], names: Sequence[tuple[str, str]], *,
                   when: Mapping[str, Callable[[], bool]] | None = None) -> list[Command]:
    """A table's commands from (command, method) pairs, in order: each key's words from the game's
    ``descriptions``, its handler ``owner``'s method of that name, and a condition where ``when`` gives
    one. A table lists what its keys do as data, so the tables cannot drift apart in how they build them."""
    conditions = when or {}
    return [command(name, descriptions[name], getattr(owner, method), when=conditions.get(name))
            for name, method in names]


class CommandRegistry:
    def __init__(self, commands: Iterable[Command] = ()) -> None:
        self._commands: list[Command] = []
        self._by_key: dict[str, list[Command]] = {}
        self._groups: dict[str, str] = dict(GROUPS)
        self._added = 0
        for c in commands:
            self.add(c)

    def add_group(self, group: str, title: str) -> None:
        """A table's title for a group ('hand' is 'The cards of the current pile' in solitaire), or a
        group of its own, listed right after 'Playing your turn'."""
        if group in self._groups:
            self._groups[group] = title
            return
        items = list(self._groups.items())
        at = 1 + self._added
        self._groups = dict([*items[:at], (group, title), *items[at:]])
        self._added += 1

    def add(self, command: Command) -> None:
        if any(c.name == command.name for c in self._commands):
            raise KeyConflict(f"two commands are named {command.name!r}")
        if command.group not in self._groups:
            raise ValueError(f"command {command.name!r} is in unknown group {command.group!r}")
        for key in command.keys:
            binding_keys(key)  # refuses keys a screen reader owns
            others = self._by_key.get(key, [])
            if others and (command.when is None or any(o.when is None for o in others)):
                names = ", ".join(o.name for o in others)
                raise KeyConflict(f"key {key!r} of {command.name!r} is already used by {names}")
        self._commands.append(command)
        for key in command.keys:
            self._by_key.setdefault(key, []).append(command)

    def __iter__(self) -> Iterator[Command]:
        return iter(self._commands)

    def __len__(self) -> int:
        return len(self._commands)

    def get(self, name: str) -> Command:
        for c in self._commands:
            if c.name == name:
                return c
        raise KeyError(name)

    @property
    def keys(self) -> list[str]:
        return list(self._by_key)

    def for_key(self, key: str) -> Command | None:
        """The command a key runs now: the first that applies, else the first (which explains why not)."""
        candidates = self._by_key.get(key, [])
        for c in candidates:
            if c.applies():
                return c
        return candidates[0] if candidates else None

    def grouped(self) -> list[tuple[str, list[Command]]]:
        out = []
        for group, title in self._groups.items():
            members = [c for c in self._commands if c.group == group]
            if members:
                out.append((title, members))
        return out

    def menu_items(self) -> list[Command]:
        return [c for _title, members in self.grouped() for c in members if c.in_menu]

    def help_lines(self) -> list[str]:
        """One line per command, grouped: what the help key prints."""
        lines: list[str] = []
        for title, members in self.grouped():  # titles and descriptions are marked N_: said in the language
            lines.append(_("{group}:").format(group=_(title)))
            lines.extend(_("{keys}: {description}").format(keys=c.keys_text, description=_(c.description))
                         for c in members)
        return lines

    def markdown(self, title: str, intro: str = "") -> str:
        """docs/keys.md: a table per group."""
        out = [f"# {title}", ""]
        if intro:
            out += [intro, ""]
        for group_title, members in self.grouped():
            out += [f"## {group_title}", "", "| Keys | What it does |", "| --- | --- |"]
            out += [f"| {c.keys_text.replace('|', '&#124;')} | {c.description} |" for c in members]
            out.append("")
        return "\n".join(out).rstrip() + "\n"
