"""Player-facing sentences live in speech/, not in the tables: a key's description and anything a table
says are looked up there. Checked on the source, so a sentence typed into a table fails here at once."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "access_game" / "ui"
TABLES = ("five_crowns_table", "solitaire_table", "contract_table", "upcard_table", "hand_table", "core_commands")


def _is_words(node: ast.expr) -> bool:
    """A string literal with a letter in it (an f-string counts); bare punctuation such as "." does not."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(ch.isalpha() for ch in node.value)
    return isinstance(node, ast.JoinedStr)


def _is_say(func: ast.expr) -> bool:
    # self.say(...), session.say(...) and self.session.say(...)
    if not (isinstance(func, ast.Attribute) and func.attr == "say"):
        return False
    owner = func.value
    return (isinstance(owner, ast.Name) and owner.id in ("self", "session")) or (
        isinstance(owner, ast.Attribute) and owner.attr == "session")


def offences(source: str) -> list[str]:
    """Each place in ``source`` where a key description or a said sentence is a literal."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id == "command":
            description = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "description"), None)
            if description is not None and _is_words(description):
                found.append(f"line {node.lineno}: command description is a literal")
        elif _is_say(node.func) and any(_is_words(a) for a in node.args):
            found.append(f"line {node.lineno}: say() with a literal")
    return sorted(found, key=lambda line: int(line.split()[1].rstrip(":")))


@pytest.mark.parametrize("table", TABLES)
def test_table_holds_no_sentences(table: str) -> None:
    assert offences((UI / f"{table}.py").read_text(encoding="utf-8")) == []


def test_the_check_finds_literals() -> None:
    source = '''
def commands(self):
    return [command("draw", "Draw the top card of the stock.", self.draw),
            command("take", words.KEY_HELP["take"], self.take)]
def go(self, session, n):
    self.say("Going on.")
    session.say(f"Verbosity {n}.", kind=1)
    self.session.say("Nobody is waiting to play.")
    self.say(*parts, ".")
'''
    assert offences(source) == [
        "line 3: command description is a literal",
        "line 6: say() with a literal",
        "line 7: say() with a literal",
        "line 8: say() with a literal",
    ]
