"""Each game played whole in each language besides English (French, Spanish), key by key through
prompt_toolkit pipe input, against its golden transcript in the language's golden folder
(tests/golden/fr/, tests/golden/es/): what a player hears, as a readable diff when it changes.

Regenerate on purpose with scripts/regen_golden.py and review the diff before committing.
"""

from __future__ import annotations

import json
import re

import pytest
from language_golden import LANGUAGE_GAMES, LanguageGame, check_golden

from speech.i18n import language


@pytest.mark.parametrize("game", LANGUAGE_GAMES, ids=lambda g: g.name)
def test_whole_game_in_each_language_matches_its_golden_transcript(game: LanguageGame) -> None:
    check_golden(game.path, game.replayed)
    assert language() == "en", "the language goes back to English after the game"


def must_say(game: LanguageGame) -> list[str]:
    """What the transcript must say at least once (the language's checks.json, beside its golden games):
    the opening, a turn, a draw and a discard told about another player, and the end, so a game that
    stopped early or spoke English fails."""
    checks = json.loads((game.path.parent / "checks.json").read_text(encoding="utf-8"))
    said: list[str] = checks["must_say"][game.base]
    assert said, game.name
    return said


@pytest.mark.parametrize("game", LANGUAGE_GAMES, ids=lambda g: g.name)
def test_transcript_tells_the_whole_game_in_its_language(game: LanguageGame) -> None:
    text = game.path.read_text(encoding="utf-8")
    for words in must_say(game):
        assert words in text, (game.name, words)
    said = [line for line in text.splitlines() if line and not line.startswith(("#", "> "))]
    # The game's own narration has no English left: none of its English sentence openings appear.
    english = re.compile(r"^(You (drew|took|discarded|went out)|\w+ (drew|took|discarded) |It is your turn|Your turn\b|"
                         r"New game of|Hand \d+ of \d+\.)")
    leaked = [line for line in said if english.match(line)]
    assert not leaked, leaked[:5]
