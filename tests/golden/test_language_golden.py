"""Each game played whole in each language besides English (French, Spanish), key by key through
prompt_toolkit pipe input, against its golden transcript in the language's golden folder
(tests/golden/fr/, tests/golden/es/): what a player hears, as a readable diff when it changes.

Regenerate on purpose with scripts/regen_golden.py and review the diff before committing.
"""

from __future__ import annotations

import re

import pytest
from language_golden import LANGUAGE_GAMES, LanguageGame, check_golden

from speech.i18n import language


@pytest.mark.parametrize("game", LANGUAGE_GAMES, ids=lambda g: g.name)
def test_whole_game_in_each_language_matches_its_golden_transcript(game: LanguageGame) -> None:
    check_golden(game.path, game.replayed)
    assert language() == "en", "the language goes back to English after the game"


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
    "five_crowns_seed11_es": ("Nueva partida de Five Crowns", "Mano 11 de 11", "Te toca.", "Robas",
                              "Descartas", "Fin de la partida."),
    "solitaire_won_seed191_es": ("Nueva partida de Five Crowns solitario", "Descubres", "en el montón",
                                 "¡Has ganado!"),
    "contract_rummy_seed4_es": ("Nueva partida de Rummy de contratos", "Contrato de la mano 1", "compra",
                                "Bajas", "Fin de la partida."),
    "upcard_seed225_target500_es": ("Mano 1.", "Cartas descubiertas:", "La pila de descartes empieza con",
                                    "Fin de la partida."),
}


@pytest.mark.parametrize("game", LANGUAGE_GAMES, ids=lambda g: g.name)
def test_transcript_tells_the_whole_game_in_its_language(game: LanguageGame) -> None:
    text = game.path.read_text(encoding="utf-8")
    for words in MUST_SAY[game.name]:
        assert words in text, (game.name, words)
    said = [line for line in text.splitlines() if line and not line.startswith(("#", "> "))]
    # The game's own narration has no English left: none of its English sentence openings appear.
    english = re.compile(r"^(You (drew|took|discarded|went out)|\w+ (drew|took|discarded) |It is your turn|Your turn\b|"
                         r"New game of|Hand \d+ of \d+\.)")
    leaked = [line for line in said if english.match(line)]
    assert not leaked, leaked[:5]
