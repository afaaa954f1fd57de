"""A script of scripts/ imported by its path, for the tests that call its functions directly.

scripts/ is not a package (each script runs as ``.venv/bin/python scripts/NAME.py``), so a test loads
the file itself. The module is registered under its name in ``sys.modules`` before it runs, as an
import would: its dataclasses and pickled values need to find their module there.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["SCRIPTS", "load_script"]

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def load_script(name: str) -> ModuleType:
    """scripts/``name``.py, run once as the module ``name``."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
