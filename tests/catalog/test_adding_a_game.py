"""docs/adding-a-game.md's checklist, held for every game in the catalog: each item of the list is a check
here by the same name, and each check runs for each game, so a game added with an item missing fails
by the item's name, and an item added to the document without its check (or a check without its item)
fails too.

The checks read only the catalog and the files; what each item means is in the document.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from access_game.catalog import GameEntry, games
from speech.i18n import LANGUAGES, _, in_language

ROOT = Path(__file__).resolve().parents[2]
#: Where a rules page's rules end (docs/adding-a-game.md): the rule book tells everything above it.
END_OF_RULES = "<!-- end of the rules:"
CHECKLIST = ROOT / "docs" / "adding-a-game.md"
#: Modules every game shares: they name no game's rules (a game's part comes through the catalog).
SHARED = ("speech/narrator.py", "access_game/ui/hand_table.py", "access_game/ui/draw_discard_table.py",
          "access_game/ui/table.py", "speech/draw_discard_words.py", "speech/table_words.py")

Problem = str | None


def _module_file(path: str) -> Path | None:
    """The file of an import path's module ('access_game.ui.gin_table:GinTable')."""
    spec = importlib.util.find_spec(path.partition(":")[0])
    return None if spec is None or spec.origin is None else Path(spec.origin)


def _rules_module(entry: GameEntry) -> str | None:
    """The module of the game's ruleset, as the registry finds it (None: the registry has none)."""
    try:
        return type(entry.rules()).__module__
    except (KeyError, ValueError, LookupError):
        return None


def _rules(entry: GameEntry) -> Problem:
    module = _rules_module(entry)
    if module is None or not module.startswith("engine.rules."):
        return f"no ruleset {entry.ruleset!r} in engine/rules/"
    path = _module_file(module)
    return None if path is not None and "RULESET" in path.read_text(encoding="utf-8") else f"{module} names no RULESET"


def _players(entry: GameEntry) -> Problem:
    if entry.player_range[1] == 1 and not entry.levels:
        return None  # a game played alone has no computer players
    return None if entry.levels else "no computer players registered"


def _words(entry: GameEntry) -> Problem:
    """The game's narrator and title, and its title and options' help translated in every language."""
    narrator = _module_file(entry.narrator)
    if narrator is None:
        return f"no module for the narrator {entry.narrator}"
    wanted = [entry.title, *(o.help for o in entry.options), *([entry.deck_note] if entry.deck_note else [])]
    for lang in LANGUAGES[1:]:
        po = ROOT / "speech" / "locale" / lang / "LC_MESSAGES" / "access_game.po"
        with po.open("rb") as src:
            catalog = read_po(src, locale=lang)
        for msgid in wanted:
            message = catalog.get(msgid)
            if message is None or not message.string or message.fuzzy:
                return f"{msgid!r} is not translated in {po.relative_to(ROOT)}"
    return None


def _table(entry: GameEntry) -> Problem:
    if entry.table is None:
        return "no table"
    path = _module_file(entry.table)
    return None if path is not None and path.parent == ROOT / "access_game" / "ui" else f"no module {entry.table}"


def _catalog(entry: GameEntry) -> Problem:
    """The entry's paths all lead somewhere (they are imported only when first used, so a typo waits)."""
    for path in (entry.narrator, entry.resume, entry.hand_checker, entry.hint_words, entry.rule_book):
        if path is not None and _module_file(path) is None:
            return f"no module for {path}"
    return None


def _rules_page(entry: GameEntry) -> Problem:
    page = ROOT / "docs" / f"{entry.name}.md"
    if not page.exists():
        return f"no {page.relative_to(ROOT)}"
    return None if END_OF_RULES in page.read_text(encoding="utf-8") else "the rules page has no end of the rules mark"


def _keys_documents(entry: GameEntry) -> Problem:
    """The game's column in the keys document of every language (written by scripts/regen_golden.py)."""
    from access_game.ui.keys_doc import keys_doc_path

    for lang in LANGUAGES:
        with in_language(lang):
            title = _(entry.title)
            doc = ROOT / keys_doc_path(lang)
        if title not in doc.read_text(encoding="utf-8"):
            return f"{doc.relative_to(ROOT)} has no column for {title}"
    return None


def _golden(entry: GameEntry) -> Problem:
    """A module under tests/ declaring GOLDEN_GAME = the game, and the transcripts beside it."""
    sys.path.insert(0, str(ROOT / "tests"))
    from script_loader import load_script

    regen = load_script("regen_golden")
    for folder, module in regen.golden_drivers():
        path = ROOT / folder / f"{module}.py"
        if regen.golden_game_of(path) == entry.name:
            # Beside the driver, or (the first game's) in tests/golden under the game's name.
            found = [*(path.parent / "golden").glob("*.txt"),
                     *(ROOT / "tests" / "golden").glob(f"{entry.name.replace('-', '_')}_*.txt")]
            return None if found else f"{path.relative_to(ROOT)} has no transcripts written"
    return "no golden driver declares GOLDEN_GAME = " + repr(entry.name)


def _rule_book(entry: GameEntry) -> Problem:
    return None if entry.rule_book is not None else "no braille rule book (rule_book)"


def _lesson(entry: GameEntry) -> Problem:
    return None if entry.lesson is not None and entry.lesson.words else "no lesson (access-game learn)"


def _network_turn(entry: GameEntry) -> Problem:
    if entry.player_range[1] == 1:
        return None if entry.turn is None else "a game played alone declares a turn at a table of two"
    if entry.turn is None:
        return "no turn declared (GameEntry.turn): the network test cannot play it"
    return None if entry.turn.opening and entry.turn.mid_turn else "an empty turn"


def _shared_code(entry: GameEntry) -> Problem:
    """No shared module imports this game's rules, its words or its table."""
    own = {m for m in [_rules_module(entry)] if m is not None}
    own |= {p.partition(":")[0] for p in (entry.table or "", entry.narrator) if p}
    own -= {"speech.narrator"}  # the shared narrator is the game's own when it has no other
    for name in SHARED:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in own:
                return f"{name} imports {node.module}"
            if isinstance(node, ast.Import) and any(a.name in own for a in node.names):
                return f"{name} imports {entry.name}'s modules"
    return None


CHECKS: dict[str, Callable[[GameEntry], Problem]] = {
    "rules": _rules,
    "computer-players": _players,
    "words": _words,
    "table": _table,
    "catalog-entry": _catalog,
    "rules-page": _rules_page,
    "keys-documents": _keys_documents,
    "golden": _golden,
    "rule-book": _rule_book,
    "lesson": _lesson,
    "network-turn": _network_turn,
    "shared-code": _shared_code,
}


def _checklist() -> list[str]:
    """The items of the document's checklist, by name: lines '- [ ] `name`: ...'."""
    return re.findall(r"^- \[ \] `([a-z-]+)`", CHECKLIST.read_text(encoding="utf-8"), re.MULTILINE)


def test_the_document_lists_each_check_once_and_nothing_else() -> None:
    items = _checklist()
    assert len(items) == len(set(items)), "an item listed twice"
    assert items == list(CHECKS), f"docs/adding-a-game.md lists {items}, the test checks {list(CHECKS)}"
    assert "fifth game" not in CHECKLIST.read_text(encoding="utf-8")


@pytest.mark.parametrize("check", list(CHECKS))
@pytest.mark.parametrize("entry", games(), ids=lambda e: e.name)
def test_every_game_has_every_item_of_the_checklist(entry: GameEntry, check: str) -> None:
    problem = CHECKS[check](entry)
    assert problem is None, f"{entry.name}, {check} (docs/adding-a-game.md): {problem}"


def test_a_check_can_fail() -> None:
    """A game whose entry leaves items out is caught, item by item."""
    import dataclasses

    entry = next(e for e in games() if e.player_range[1] > 1)
    broken = dataclasses.replace(entry, name="no-such-game", title="No Such Game", ruleset_name=entry.ruleset,
                                 turn=None, rule_book=None, lesson=None)
    for check in ("rules-page", "keys-documents", "golden", "rule-book", "lesson", "network-turn", "words"):
        assert CHECKS[check](broken) is not None, check
