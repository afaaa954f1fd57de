"""Each game played whole in French, key by key through prompt_toolkit pipe input, against its golden
transcript in tests/golden/fr/: what a French player hears, as a readable diff when it changes.

Regenerate on purpose with scripts/regen_golden.py and review the diff before committing.
"""

from __future__ import annotations

import re

import pytest
from french_golden import FRENCH_GAMES, FrenchGame, check_golden

from speech.i18n import language


@pytest.mark.parametrize("game", FRENCH_GAMES, ids=lambda g: g.name)
def test_whole_game_in_french_matches_its_golden_transcript(game: FrenchGame) -> None:
    check_golden(game.path, game.replayed)
    assert language() == "en", "the language goes back to English after a French game"


#: What each French transcript must say at least once, by game: the opening, a turn, a draw and a
#: discard told about another player, and the end (so a game that stopped early or spoke English fails).
MUST_SAY = {
    "five_crowns_seed11_fr": ("Nouvelle partie de Five Crowns", "Manche 11 sur 11", "À vous.", "Vous piochez",
                              "Vous défaussez", "pioche et défausse", "sort :", "Partie terminée."),
    "solitaire_won_seed191_fr": ("Nouvelle partie de Five Crowns en solitaire", "Vous retournez", "sur le tas",
                               "Tas 1 fermé", "Vous avez gagné !"),
    "contract_rummy_seed4_fr": ("Nouvelle partie de Rami à contrats", "Contrat de la manche 1", "Acheter ",
                                "achète", "ajoute", "Vous posez", "Partie terminée."),
    "upcard_seed225_target500_fr": ("Manche 1.", "Cartes visibles :", "La défausse commence par", "pose",
                                   "Partie terminée."),
}


@pytest.mark.parametrize("game", FRENCH_GAMES, ids=lambda g: g.name)
def test_french_transcript_tells_the_whole_game_in_french(game: FrenchGame) -> None:
    text = game.path.read_text(encoding="utf-8")
    for words in MUST_SAY[game.name]:
        assert words in text, (game.name, words)
    said = [line for line in text.splitlines() if line and not line.startswith(("#", "> "))]
    # The game's own narration has no English left: none of its English sentence openings appear.
    english = re.compile(r"^(You (drew|took|discarded|went out)|\w+ (drew|took|discarded) |It is your turn|Your turn\b|"
                         r"New game of|Hand \d+ of \d+\.)")
    leaked = [line for line in said if english.match(line)]
    assert not leaked, leaked[:5]
