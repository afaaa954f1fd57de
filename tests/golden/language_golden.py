"""Test support: one whole game of each game, played key by key in each language the game
speaks besides English, kept as a golden transcript in the folder the language's description names
(tests/golden/fr/, tests/golden/es/).

Each game is the first golden game of its own driver (the same seed, players and keys chosen the same
way), played with the language set, so a diff of either shows what a change did to what the player
hears. The Five Crowns game also asks every status key once a hand (hand, wild, info, players, up
card, scores), so their words are heard too. The language is set for the game and put back to English
after it, so nothing else runs in another language. A new language's games come from its description.

    .venv/bin/python scripts/regen_golden.py        (rewrites these with every other golden file)
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT, ROOT / "tests", ROOT / "tests" / "ui", ROOT / "tests" / "solitaire", ROOT / "tests" / "ui_contract",
              ROOT / "tests" / "ui_upcard", ROOT / "tests" / "ui_gin"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import contract_driver  # noqa: E402
import gin_driver  # noqa: E402
import solitaire_driver  # noqa: E402
import ui_driver  # noqa: E402
import upcard_driver  # noqa: E402
from harness import check_golden, golden_keys  # noqa: E402  (for the tests)

from speech.i18n import in_language  # noqa: E402
from speech.languages import Language, all_languages  # noqa: E402

__all__ = ["LANGUAGE_GAMES", "LanguageGame", "check_golden", "games_in", "golden_keys", "main"]


#: The keys the Five Crowns game presses at the start of each hand: every status key.
FIVE_CROWNS_LOOKS = ("h", "w", "i", "p", "u", "s", "S")


def _five_crowns_record(game: Any) -> list[str]:
    h = ui_driver.Harness(seed=game.seed, players=list(game.players), settings=game.settings())
    ui_driver.play_whole_game(h, extra_every_hand=FIVE_CROWNS_LOOKS)
    return [*game.header(), *h.finish()]


def _solitaire_record(deal: Any) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        return list(solitaire_driver.record_golden(deal, Path(tmp) / "records.json"))


def _solitaire_replay(deal: Any, keys: list[str]) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        return list(solitaire_driver.replay_golden(deal, keys, Path(tmp) / "records.json"))


@dataclass(frozen=True)
class LanguageGame:
    """One game's first golden game, in one language."""

    #: The transcript's name without the language ("five_crowns_seed11").
    base: str
    language: Language
    #: The game as its own driver defines it (seed, players, verbosity).
    game: Any
    record: Callable[[Any], list[str]]
    replay: Callable[[Any, list[str]], list[str]]

    @property
    def name(self) -> str:
        return f"{self.base}_{self.language.code}"

    @property
    def path(self) -> Path:
        assert self.language.golden_dir is not None
        return ROOT / self.language.golden_dir / f"{self.name}.txt"

    def _header(self, lines: list[str]) -> list[str]:
        """The driver's header, saying the language; then what was said."""
        head = [line for line in lines if line.startswith("# ")]
        rest = lines[len(head):]
        lang = self.language
        return [*head, f"# Language: {lang.english_name} ({lang.code}).", *rest]

    def recorded(self) -> list[str]:
        with in_language(self.language.code):
            return self._header(self.record(self.game))

    def replayed(self, keys: list[str]) -> list[str]:
        with in_language(self.language.code):
            return self._header(self.replay(self.game, keys))


def games_in(lang: Language) -> tuple[LanguageGame, ...]:
    """Each game's golden game in ``lang``."""
    return (
        LanguageGame("five_crowns_seed11", lang, ui_driver.GOLDEN_GAMES[0], _five_crowns_record,
                     ui_driver.replay_golden),
        LanguageGame("solitaire_won_seed191", lang, solitaire_driver.GOLDEN_DEALS[0], _solitaire_record,
                     _solitaire_replay),
        LanguageGame("contract_rummy_seed4", lang, contract_driver.GOLDEN_GAMES[0], contract_driver.DRIVER.record,
                     contract_driver.DRIVER.replay),
        LanguageGame("upcard_seed225_target500", lang, upcard_driver.GOLDEN_GAMES[0], upcard_driver.DRIVER.record,
                     upcard_driver.DRIVER.replay),
        LanguageGame("gin_seed24_target60", lang, gin_driver.GOLDEN_GAMES[0], gin_driver.DRIVER.record,
                     gin_driver.DRIVER.replay),
    )


#: Every language's golden games (each language whose description names a golden folder).
LANGUAGE_GAMES = tuple(g for lang in all_languages() if lang.golden_dir for g in games_in(lang))


def main(lang: str | None = None) -> int:
    """Rewrite the golden transcripts of ``lang`` (every language's when None; scripts/regen_golden.py
    runs this with the others)."""
    for game in LANGUAGE_GAMES:
        if lang is not None and game.language.code != lang:
            continue
        game.path.parent.mkdir(parents=True, exist_ok=True)
        lines = game.recorded()
        game.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {game.path.relative_to(ROOT)} ({len(lines)} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
