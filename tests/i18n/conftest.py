"""Every test here leaves the game speaking English, whatever language it chose."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from speech.i18n import set_language


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")
