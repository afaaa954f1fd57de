"""docs/fr/touches.md is the games' registries written out in French by the same generator as
docs/keys.md: the same keys and commands, the words from the French catalog."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from access_game.ui.key_plan import PLAN
from access_game.ui.keys import keys_label
from access_game.ui.keys_doc import KEYS_DOCS, game_titles, keys_registry, render_keys_doc
from speech.i18n import in_language, set_language

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = ".venv/bin/python -m access_game.ui.keys_doc --lang fr"


@pytest.fixture(scope="module")
def french_doc() -> str:
    set_language("fr")
    try:
        return render_keys_doc()
    finally:
        set_language("en")


def test_docs_fr_touches_md_is_what_the_generator_writes(french_doc: str) -> None:
    on_disk = (ROOT / KEYS_DOCS["fr"]).read_text(encoding="utf-8")
    assert on_disk == french_doc, f"docs/fr/touches.md is out of date: run {REGENERATE}"


def test_the_generator_writes_the_french_document_from_the_command_line(tmp_path: Path, french_doc: str) -> None:
    out = tmp_path / "touches.md"
    done = subprocess.run([sys.executable, "-m", "access_game.ui.keys_doc", "--lang", "fr", str(out)],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    assert str(out) in done.stdout
    assert out.read_text(encoding="utf-8") == french_doc
    bad = subprocess.run([sys.executable, "-m", "access_game.ui.keys_doc", "--lang", "xx", str(out)], cwd=ROOT,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--lang" in bad.stderr


def test_every_planned_key_and_every_command_is_in_the_french_document(french_doc: str) -> None:
    """Each key by its French name ('Maj+H', 'Espace ou Entrée'), as the document and F1 say it."""
    rows = french_doc.splitlines()
    with in_language("fr"):
        for plan in PLAN:
            label = keys_label(plan.keys)
            assert any(line.startswith(f"| {label} | {plan.name} |") for line in rows), plan.name
        for name, _title in game_titles():
            for c in keys_registry(name):
                assert any(line.startswith(f"| {c.keys_text} | {c.name} |") for line in rows), (name, c.name)
    assert any(line.startswith("| Maj+H |") for line in rows) and not any("Shift+" in line for line in rows)


def test_the_french_document_is_in_french_and_the_english_one_in_english(french_doc: str) -> None:
    assert french_doc.startswith("# Touches : tous les jeux au terminal\n")
    assert "| Touches | Commande | Coup |" in french_doc
    assert "| draw | oui |" in french_doc and "| draw | yes |" not in french_doc
    english = render_keys_doc()  # the language is English again after the fixture
    assert english == (ROOT / KEYS_DOCS["en"]).read_text(encoding="utf-8")
    assert "| Keys | Command | Move |" in english
