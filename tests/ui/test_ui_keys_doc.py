"""docs/keys.md is the registry written out; the help key prints the same list."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import Harness

from access_game.ui.keys_doc import KEYS_DOC, keys_registry, render_keys_doc
from access_game.ui.registry import Command, CommandRegistry, KeyConflict

ROOT = Path(__file__).resolve().parents[2]


def test_docs_keys_md_is_in_sync_with_the_registry() -> None:
    on_disk = (ROOT / KEYS_DOC).read_text(encoding="utf-8")
    assert on_disk == render_keys_doc(), (
        "docs/keys.md is out of date: run .venv/bin/python -m access_game.ui.keys_doc (or scripts/regen_golden.py)"
    )


def test_every_command_is_in_the_doc_and_the_help() -> None:
    registry = keys_registry()
    doc = render_keys_doc()
    h = Harness(seed=4)
    h.start()
    help_lines = h.press("f1")
    for c in registry:
        assert f"| {c.keys_text} | {c.description} |" in doc
        assert f"{c.keys_text}: {c.description}" in help_lines


def test_a_key_used_twice_without_saying_when_is_refused() -> None:
    reg = CommandRegistry([Command("a", ("x",), "A.", lambda k: None, "play")])
    with pytest.raises(KeyConflict):
        reg.add(Command("b", ("x",), "B.", lambda k: None, "play"))
    with pytest.raises(KeyConflict):
        reg.add(Command("a", ("y",), "Again.", lambda k: None, "play"))
    shared = CommandRegistry([Command("a", ("x",), "A.", lambda k: None, "play", when=lambda: False)])
    shared.add(Command("b", ("x",), "B.", lambda k: None, "play", when=lambda: True))
    cmd = shared.for_key("x")
    assert cmd is not None and cmd.name == "b"
