"""Imports run one way: no cycles in any package of ours (the application's included), no command
importing another command, and the rules import no computer players.

Read from the source (every import, those inside functions too), so a lazy import that closes a
cycle is caught as well as a top-level one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports."""
    modules = {_module_name(p): p for p in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
            else:
                continue
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


@pytest.mark.parametrize("package", ["engine", "speech", "braille", "access_game"])
def test_no_import_cycles(package: str) -> None:
    assert cycles(import_graph(package)) == []


def test_no_command_imports_another_and_nothing_outside_the_commands_imports_one() -> None:
    """A command module is a leaf: what two commands share lives in a module named for it (game_choice,
    terminal_game, settings, commands/sheet_options...), and only the command line finds the commands,
    by name (cli.COMMAND_MODULES), so nothing outside the commands depends on one (a helper of the
    commands package, such as a game's addition to the hand checker, may use a command's helpers)."""
    from access_game.cli import COMMAND_MODULES

    commands = {f"access_game.commands.{name}" for name in COMMAND_MODULES}
    graph = import_graph("access_game")
    assert commands <= set(graph)  # the list names real modules, so the checks below have something to check
    assert {m: sorted(graph[m] & commands) for m in commands if graph[m] & commands} == {}
    outside = {m: t & commands for m, t in graph.items() if not m.startswith("access_game.commands.")}
    assert {m: sorted(t) for m, t in outside.items() if t} == {}


#: Packages side by side, each with the packages it must not import: the terminal interface and the
#: network, and above both the packages that join them: the network client, a seat at a server's table and
#: the lobby (online), and the web table (web), which neither imports. The serve command hands the web
#: table's channel to the server (access_game.net.server.WebService).
ABOVE_BOTH = ("access_game.online", "access_game.web")
SIDE_BY_SIDE = {"access_game.ui": ("access_game.net", *ABOVE_BOTH),
                "access_game.net": ("access_game.ui", *ABOVE_BOTH)}


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def crossings(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a package SIDE_BY_SIDE forbids, as 'module -> target'."""
    return sorted(f"{module} -> {target}" for module, targets in graph.items()
                  for below, above in SIDE_BY_SIDE.items() if _within(module, below)
                  for target in targets if any(_within(target, a) for a in above))


def test_the_interface_and_the_network_import_each_other_not() -> None:
    """access_game.ui and access_game.net import neither each other nor access_game.online or
    access_game.web (every import, those inside functions and under TYPE_CHECKING too); access_game.online
    imports both."""
    graph = import_graph("access_game")
    assert crossings(graph) == []
    online = set().union(*(t for m, t in graph.items() if _within(m, "access_game.online")))
    assert any(t.startswith("access_game.ui.") for t in online)
    assert any(t.startswith("access_game.net.") for t in online)


def test_the_crossing_check_sees_a_crossing() -> None:
    graph = {"access_game.ui.lobby": {"access_game.net.protocol", "access_game.ui.app"},
             "access_game.net.server": {"access_game.online.client", "access_game.net.tables"},
             "access_game.online.client": {"access_game.ui.app", "access_game.net.protocol"}}
    assert crossings(graph) == ["access_game.net.server -> access_game.online.client",
                                "access_game.ui.lobby -> access_game.net.protocol"]


def test_the_rules_import_no_computer_players() -> None:
    graph = import_graph("engine")
    for module, targets in graph.items():
        if module.startswith("engine.rules"):
            assert not {t for t in targets if t.startswith("engine.bots")}, module


def test_no_rules_module_imports_the_registry() -> None:
    """The rules sit below the registry: they import the checks, the kernel and the protocol (to be held to
    it by the type checker, which imports no rules), and are found by the registry's discovery."""
    graph = import_graph("engine")
    assert not graph["engine.ruleset"] & {m for m in graph if m.startswith("engine.rules")}
    for module, targets in graph.items():
        if module.startswith("engine.rules") or module == "engine.draw_discard":
            assert "engine.registry" not in targets, module
    assert "engine.rules.five_crowns" not in graph["engine.registry"]  # found by discovery, not imported
    assert {"engine.draw_discard", "engine.checks", "engine.ruleset"} <= graph["engine.rules.contract_rummy"]


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_registries_refuse_a_second_registration_of_a_name() -> None:
    from engine.bots import register_agent
    from engine.bots.five_crowns import NormalFiveCrowns
    from engine.registry import get_ruleset, register_ruleset
    from engine.rules.five_crowns import FiveCrowns

    get_ruleset("five-crowns")
    with pytest.raises(ValueError, match="already registered"):
        register_ruleset("five-crowns", FiveCrowns)
    with pytest.raises(ValueError, match="already registered"):
        register_agent("five-crowns", "normal", NormalFiveCrowns)
    with pytest.raises(ValueError, match="already registered as 'five-crowns'"):
        register_ruleset("five-crowns-again", FiveCrowns)  # one game under two names


def test_a_game_whose_kinds_clash_is_refused_when_registered() -> None:
    from engine.actions import Discard
    from engine.registry import register_ruleset, ruleset_names
    from engine.rules.five_crowns import FiveCrowns

    class Clashing(FiveCrowns):
        moves = (*FiveCrowns.moves, type("Other", (Discard,), {}))  # a second class called 'discard'

    with pytest.raises(ValueError, match="two moves are called 'discard'"):
        register_ruleset("clashing", Clashing)
    assert "clashing" not in ruleset_names()
