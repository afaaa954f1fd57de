"""The catalogs as the tests read them: the committed template and French catalog, and a fresh extraction."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from script_loader import load_script

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "speech" / "locale"
POT = LOCALE / "access_game.pot"
FR_PO = LOCALE / "fr" / "LC_MESSAGES" / "access_game.po"
FR_MO = LOCALE / "fr" / "LC_MESSAGES" / "access_game.mo"
RUN = "run .venv/bin/python scripts/update_catalogs.py and translate the new sentences"

_BRACES = re.compile(r"\{(\w*)[^{}]*\}")
_PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]")


def update_script() -> ModuleType:
    """scripts/update_catalogs.py, imported by path (scripts/ is not a package)."""
    return load_script("update_catalogs")


def read(path: Path, locale: str | None = None) -> Catalog:
    with open(path, "rb") as src:
        return read_po(src, locale=locale)


Key = tuple[str | None, str | tuple[str, ...]]


def messages(catalog: Catalog) -> dict[Key, Message]:
    """The catalog's messages by (context, id) (a plural message's id is its two forms), the header left out."""
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalog if m.id}


def placeholders(text: str) -> list[str]:
    """The ``{name}`` and ``%(name)s`` placeholders of a sentence, sorted (each counted)."""
    found = [m.group(1) for m in _BRACES.finditer(text.replace("{{", "").replace("}}", ""))]
    found += [f"%({m.group(1)})" if m.group(1) else m.group(0) for m in _PERCENT.finditer(text) if m.group(0) != "%%"]
    return sorted(found)
