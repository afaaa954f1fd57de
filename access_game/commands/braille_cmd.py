"""The `braille` subcommand: cards to braille and back, on the command line.

``access-game braille 10h 7st qs jo`` shows each card's cells, BRF, dots and words;
``--from-brf "10H 7/"`` and ``--from-unicode "⠂⠴⠓"`` read braille back into cards.
Each card takes two lines: first the words, its BRF and its dots with each dot number a separate
digit ("dots 3 5 6", which a speech synthesizer says digit by digit, not "three hundred and
fifty-six"), then the cells alone on their own line, for the braille display. A screen reader
speaking the cells says "braille pattern dots ..."; on their own line they are easy to skip.
"""

from __future__ import annotations

import argparse
import json

from access_game.commands._common import UsageError, add_command, add_ten_as_x_option
from access_game.commands.summaries import summary
from braille.cards import card_brf, card_dots, card_unicode, parse_brf_hand, parse_unicode_hand
from braille.words import card_words
from engine.cards import Card
from engine.errors import CardNotationError
from engine.notation import parse_card
from speech.i18n import _
from speech.refusal_words import error_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        sub,
        "braille",
        run,
        summary("braille"),
    )
    parser.add_argument("cards", nargs="*", metavar="CARD", help=_("cards in notation: 10h 7st qs jo"))
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--from-brf", metavar="TEXT", help=_('read cards typed in BRF, e.g. "10H 7/ QS JO"'))
    source.add_argument("--from-unicode", metavar="TEXT", help=_('read cards in Unicode braille, e.g. "⠂⠴⠓ ⠶⠌"'))
    add_ten_as_x_option(parser)
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))


def _record(card: Card, ten_as_x: bool) -> dict[str, object]:
    return {
        "card": card.code,
        "unicode": card_unicode(card, ten_as_x=ten_as_x),
        "brf": card_brf(card, ten_as_x=ten_as_x),
        "dots": card_dots(card, ten_as_x=ten_as_x),
    }


def _lines(card: Card, ten_as_x: bool) -> tuple[str, str]:
    """The spoken line (words, BRF, dots per cell as single digits) and the cells line."""
    dots = ", ".join(" ".join(cell) for cell in card_dots(card, ten_as_x=ten_as_x))
    # The whole line is one sentence of the catalog, so French says "points 2, 3 5 6", not "dots".
    spoken = _("{code}  {words}  BRF {brf}  dots {dots}").format(
        code=card.code, words=card_words(card), brf=card_brf(card, ten_as_x=ten_as_x), dots=dots
    )
    return spoken, card_unicode(card, ten_as_x=ten_as_x)


def run(args: argparse.Namespace) -> int:
    ten_as_x: bool = args.ten_as_x
    reading = args.from_brf is not None or args.from_unicode is not None
    if reading and args.cards:
        raise UsageError(_("give cards, or --from-brf / --from-unicode, not both"))
    if reading:
        try:
            if args.from_brf is not None:
                cards = parse_brf_hand(args.from_brf)
            else:
                cards = parse_unicode_hand(args.from_unicode)
        except CardNotationError as exc:
            raise UsageError(error_text(exc)) from None
        if not cards:
            raise UsageError(_("there is no braille to read"))
        if args.json:
            print(json.dumps([{**_record(c, ten_as_x), "words": card_words(c)} for c in cards], ensure_ascii=False))
        else:
            for card in cards:
                print(f"{card.code}  {card_words(card)}")
        return 0
    if not args.cards:
        raise UsageError(_("name at least one card, like 10h 7st qs jo, or use --from-brf or --from-unicode"))
    try:
        cards = [parse_card(text) for text in args.cards]
    except CardNotationError as exc:
        raise UsageError(error_text(exc)) from None
    if args.json:
        print(json.dumps([_record(c, ten_as_x) for c in cards], ensure_ascii=False))
    else:
        for card in cards:
            for line in _lines(card, ten_as_x):
                print(line)
    return 0
