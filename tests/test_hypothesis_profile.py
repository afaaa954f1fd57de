"""The suite holds on a busy machine: the Hypothesis profile of tests/conftest.py is the one loaded, and
no test turns a deadline or a speed health check back on (an explicit ``suppress_health_check`` list
replaces the profile's, so any such list would bring back the checks it leaves out)."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import HealthCheck, settings

TESTS = Path(__file__).resolve().parent
#: As registered in tests/conftest.py (not imported from it: every folder's conftest is a module "conftest").
PROFILE = "access-game"
LOAD_BOUND_CHECKS = (HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large)


def test_the_suites_profile_is_loaded_with_no_deadline_and_no_load_bound_health_check() -> None:
    assert settings.get_current_profile_name() == PROFILE
    current = settings()
    assert current.deadline is None
    assert set(LOAD_BOUND_CHECKS) <= set(current.suppress_health_check)
    assert settings.default is not None and settings.default.deadline is None


def test_no_test_sets_a_deadline_or_health_checks_of_its_own() -> None:
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "settings":
                found += [f"{path.relative_to(TESTS)}:{node.lineno} {kw.arg}=" for kw in node.keywords
                          if kw.arg in ("deadline", "suppress_health_check", "parent")]
    found = [f for f in found if not f.startswith("conftest.py")]
    assert not found, "settings that bring back a timing check: " + ", ".join(found)
