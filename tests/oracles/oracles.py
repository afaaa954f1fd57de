"""Each game's scoring oracle by its registry name (see oracle_base): what the release fuzzer checks
every move against."""

from __future__ import annotations

from collections.abc import Callable

from oracle_base import Oracle
from oracle_five_crowns import FiveCrownsOracle, SolitaireOracle
from oracle_gin import GinOracle
from oracle_rummy import ContractOracle, UpcardOracle
from oracle_rummy_500 import Rummy500Oracle

__all__ = ["ORACLES", "oracle_for"]

ORACLES: dict[str, Callable[[], Oracle]] = {
    "five-crowns": FiveCrownsOracle,
    "solitaire": SolitaireOracle,
    "contract-rummy": ContractOracle,
    "upcard-rummy": UpcardOracle,
    "gin-rummy": GinOracle,
    "rummy-500": Rummy500Oracle,
}


def oracle_for(game: str) -> Oracle:
    """A fresh oracle for one game of ``game`` (a game without one gets the plain base: no checks)."""
    return ORACLES.get(game, Oracle)()
