"""Braille for the card games: cells, the card code, BRF files, true-size label sheets and charts.

What the rest of the program needs is here at the top:

- ``card_unicode(card)`` / ``card_brf(card)`` / ``card_cells(card)`` — one card ('⠂⠴⠓', '10H');
- ``hand_unicode(cards)`` / ``hand_brf(cards)`` — a whole hand on one line, a blank cell between cards;
- ``parse_unicode_card(text)`` / ``parse_brf_card(text)`` / ``parse_braille_card(text)`` and the
  ``*_hand`` versions — read what a braille keyboard typed; errors are :class:`BrailleCardError`
  (a ``CardNotationError``, so a ``ValueError``) naming the cell that is not part of the code;
- ``card_words(card)`` — '10 of hearts', for print beside braille.

All take ``ten_as_x=True`` to write 10 as x. This package imports only the engine's value types and
the language catalog (:mod:`speech.i18n`): the words printed on sheets are in the game's language,
French ones in French braille (:mod:`braille.text`, liblouis), while the card code is the same in
every language.
"""

from braille.cards import (
    BrailleCardError,
    card_brf,
    card_cells,
    card_dots,
    card_from_cells,
    card_unicode,
    hand_brf,
    hand_cells,
    hand_unicode,
    parse_braille_card,
    parse_braille_hand,
    parse_brf_card,
    parse_brf_hand,
    parse_unicode_card,
    parse_unicode_hand,
)
from braille.cells import (
    BLANK,
    Cell,
    Cells,
    cells_from_brf,
    cells_from_dots,
    cells_from_unicode,
    cells_to_brf,
    cells_to_dots,
    cells_to_unicode,
)
from braille.words import card_words

__all__ = [
    "BLANK",
    "BrailleCardError",
    "Cell",
    "Cells",
    "card_brf",
    "card_cells",
    "card_dots",
    "card_from_cells",
    "card_unicode",
    "card_words",
    "cells_from_brf",
    "cells_from_dots",
    "cells_from_unicode",
    "cells_to_brf",
    "cells_to_dots",
    "cells_to_unicode",
    "hand_brf",
    "hand_cells",
    "hand_unicode",
    "parse_braille_card",
    "parse_braille_hand",
    "parse_brf_card",
    "parse_brf_hand",
    "parse_unicode_card",
    "parse_unicode_hand",
]
