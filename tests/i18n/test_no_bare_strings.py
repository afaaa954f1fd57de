"""No player-facing sentence bypasses the catalog: a static check of the code that speaks, prints or helps.

Every sentence a player meets is English in the code, marked with ``_``/``N_``/``ngettext``/``pgettext``
(or a :class:`engine.reasons.Reason`), so each language's catalog can give its own words. A literal with
words handed straight to a place the player reads is English in every language. This test walks the
syntax tree of access_game/, speech/ and braille/ and fails on such a literal (a plain string, an
f-string with words, or a sum or choice of them) in:

- a call that prints, says or writes to the player: ``print``, ``say``, ``say_line``, ``announce``,
  ``sys.stdout.write``/``sys.stderr.write``, ``parser.error``, ``UsageError``, ``ArgumentTypeError``;
- argparse's help and usage: the ``help``, ``description``, ``usage``, ``epilog``, ``title`` and
  ``metavar``-free text arguments, ``add_argument_group``'s title, ``add_command``'s description;
- a prompt: the ``prompt=`` of a menu or question, the ``welcome=`` line, and what a table's
  ``prompt()`` returns.

Words are runs of two or more letters; a literal of codes and punctuation ("> ", "{card}  {words}")
passes. The few literals that are right as they are sit in ALLOWED, each with the reason.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("access_game", "speech", "braille")
_WORD = re.compile(r"[A-Za-z]{2,}")

#: Calls whose text arguments reach the player.
SAYING = {"print", "say", "say_line", "announce", "UsageError", "ArgumentTypeError", "add_argument_group"}
#: Keyword arguments whose text reaches the player (argparse's help, a prompt, a welcome line).
SAYING_KEYWORDS = {"help", "description", "usage", "epilog", "title", "prompt", "welcome", "version"}

#: Modules that are not the player's: developer benchmarks run with ``python -m`` (their figures are
#: for whoever tunes the code, never shown by a command of access-game) and the script that writes
#: the keys document (a developer's tool; the document it writes is in each language).
NOT_PLAYER_FACING = {
    "access_game/bench/arranger.py", "access_game/bench/contract.py", "access_game/bench/startup.py",
    "access_game/bench/own_move.py", "access_game/bench/output.py", "access_game/bench/speech.py",
    "access_game/bench/passwords.py", "access_game/bench/voice_gaps.py", "access_game/bench/last_turns.py",
    "access_game/bench/redis_faults.py", "access_game/bench/power_cut.py", "access_game/bench/slow_links.py",
    "access_game/bench/web_page.py", "access_game/bench/playouts.py", "access_game/bench/expert.py",
    "access_game/ui/keys_doc.py",
}

#: (module, a piece of the literal) -> why it is right as it is.
ALLOWED: dict[tuple[str, str], str] = {
    ("access_game/cli.py", "access-game {__version__}"): "the version line: the program's name and number",
}


def _module(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _wordy(node: ast.AST) -> bool:
    """Whether ``node`` is a literal with words in it (not a call: a call is the catalog's or a function's)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(_WORD.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and isinstance(v.value, str) and _WORD.search(v.value)
                   for v in node.values)
    if isinstance(node, ast.BinOp):
        return _wordy(node.left) or _wordy(node.right)
    if isinstance(node, ast.IfExp):
        return _wordy(node.body) or _wordy(node.orelse)
    return False


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _receiver(func: ast.AST) -> str:
    return ast.unparse(func.value) if isinstance(func, ast.Attribute) else ""


def _allowed(module: str, node: ast.AST) -> bool:
    text = ast.unparse(node)
    return any(m == module and piece in text for m, piece in ALLOWED)


def _said_arguments(node: ast.Call) -> Iterator[ast.AST]:
    name, receiver = _name(node.func), _receiver(node.func)
    writes = name == "write" and receiver in ("sys.stdout", "sys.stderr")
    errs = name == "error" and "log" not in receiver.lower()  # parser.error; a logger's lines are the operator's
    if name in SAYING or writes or errs:
        yield from node.args
    elif name == "add_command" and len(node.args) >= 4:  # add_command(sub, name, run, description)
        yield node.args[3]
    yield from (k.value for k in node.keywords if k.arg in SAYING_KEYWORDS)


def bare_strings(path: Path) -> list[str]:
    """Each player-facing literal of ``path`` that bypasses the catalog, as 'module:line: text'."""
    module = _module(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found += [arg for arg in _said_arguments(node) if _wordy(arg)]
        elif isinstance(node, ast.FunctionDef) and node.name == "prompt":
            found += [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None
                      and _wordy(r.value)]
    found.sort(key=lambda n: getattr(n, "lineno", 0))
    return [f"{module}:{getattr(n, 'lineno', 0)}: {ast.unparse(n)[:90]}" for n in found if not _allowed(module, n)]


def _sources() -> list[Path]:
    return [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py")) if _module(p) not in NOT_PLAYER_FACING]


def test_no_player_facing_literal_bypasses_the_catalog() -> None:
    bare = [line for path in _sources() for line in bare_strings(path)]
    assert not bare, "player-facing text not through the catalog (mark it with _ or N_):\n" + "\n".join(bare)


def test_every_allowed_literal_is_still_in_the_code() -> None:
    """An allow-list entry whose literal is gone would hide the next one written there: it goes too."""
    for module, start in ALLOWED:
        assert start in (ROOT / module).read_text(encoding="utf-8"), (module, start)


def test_the_check_finds_a_bare_sentence(tmp_path: Path) -> None:
    sample = ROOT / "access_game" / "_sample_for_the_check.py"
    sample.write_text('import argparse\n'
                      'def run(parser: argparse.ArgumentParser, say, name: str) -> None:\n'
                      '    print(f"{name} wins the game")\n'
                      '    say(_("Marked sentence."))\n'
                      '    parser.add_argument("--x", help="how many cards")\n'
                      '    print("> ")\n'
                      'class T:\n'
                      '    def prompt(self) -> str:\n'
                      '        return "draw"\n', encoding="utf-8")
    try:
        found = bare_strings(sample)
    finally:
        sample.unlink()
    assert [line.split(": ", 1)[1] for line in found] == ["f'{name} wins the game'", "'how many cards'", "'draw'"]
