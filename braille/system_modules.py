"""Python modules that come from the system's packages, not from PyPI, reached from a virtual environment.

BrlAPI's binding (python3-brlapi) and liblouis's (python3-louis) are made for the system's Python and
installed in its folder, which a virtual environment does not see. The folder is put on the path for
the one import and taken off again, so nothing else is picked up from it by accident.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["SYSTEM_PACKAGES", "import_system_module"]

#: Where Debian puts the Python modules of its packages.
SYSTEM_PACKAGES = Path("/usr/lib/python3/dist-packages")


def import_system_module(name: str, marker: str) -> ModuleType | None:
    """The module ``name`` from this Python's path, or else from the system folder when a file
    matching ``marker`` is there (e.g. ``brlapi*.so``, ``louis``); None when it is in neither."""
    with contextlib.suppress(ImportError):
        return importlib.import_module(name)
    folder = str(SYSTEM_PACKAGES)
    if not any(SYSTEM_PACKAGES.glob(marker)):
        return None
    added = folder not in sys.path
    if added:
        sys.path.append(folder)
    try:
        return importlib.import_module(name)
    except (ImportError, OSError):  # OSError: the binding is there but its shared library is not
        return None
    finally:
        if added:
            with contextlib.suppress(ValueError):
                sys.path.remove(folder)
