"""Braille for the card games: cells, the card code, BRF files, true-size label sheets and charts.

What the rest of the program needs is in :mod:`braille.cards` and :mod:`braille.words`, imported from
there (this package loads none of its modules itself, so that one module, the display link's, costs
only what it uses):

- ``card_unicode(card)`` / ``card_brf(card)`` / ``card_cells(card)`` — one card ('⠂⠴⠓', '10H');
- ``hand_unicode(cards)`` / ``hand_brf(cards)`` — a whole hand on one line, a blank cell between cards;
- ``parse_unicode_card(text)`` / ``parse_brf_card(text)`` / ``parse_braille_card(text)`` and the
  ``*_hand`` versions — read what a braille keyboard typed; errors are :class:`BrailleCardError`
  (a ``CardNotationError``, so a ``ValueError``) naming the cell that is not part of the code;
- ``card_words(card)`` (:mod:`braille.words`) — '10 of hearts', for print beside braille.

All take ``ten_as_x=True`` to write 10 as x. This package imports only the engine's value types and
the language catalog (:mod:`speech.i18n`): the words printed on sheets are in the game's language,
French ones in French braille (:mod:`braille.text`, liblouis), while the card code is the same in
every language.
"""
