"""``access-game hand``: the hand checker for people playing with a real braille deck, every game.

Type the cards of a hand as the card code (``9d 7c jd 3st jo``), or in braille (Unicode cells, or
computer braille such as ``7/`` and ``xh``), and hear the best lay-down and the
points left. The game is one of the catalog's games with a checker (``--game``, Five Crowns by
default); each game's checker below reads the game's own options (``--wild``, ``--contract``), and
all share the card reading: the game's ranks and suits, and no more copies of a card than the largest
table of that game holds. The words are in :mod:`speech.hand_check_words`, one style for every game.

``--json`` prints the answer for a script instead:
Five Crowns ``{"melds", "deadwood", "points", "go_out", "discard"}``; contract rummy ``{"meets",
"melds", "deadwood", "points"}``; upcard rummy ``{"melds", "deadwood", "points"}`` (cards as codes).
The exit status is 0 whatever the verdict: the answer is the output; bad input exits 2.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from access_game.commands._common import UsageError, add_command
from access_game.commands.summaries import summary
from braille.input import codes_from_braille
from engine.cards import FIVE_CROWNS_RANKS, NO_TWOS_RANKS, Card, Rank
from engine.errors import CardNotationError
from engine.notation import describe_ranks, parse_rank
from speech.i18n import N_, _
from speech.refusal_words import error_text

__all__ = ["CardRules", "check_contract", "check_five_crowns", "check_upcard", "print_answer", "read_cards",
           "read_wild", "register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from access_game.catalog import games

    names = [e.name for e in games() if e.hand_checker is not None]
    p = add_command(sub, "hand", run, summary("hand"))
    p.add_argument("--game", default=names[0], type=str.casefold, choices=names, metavar="GAME",
                   help=_("the game's rules: {names} (default {value})").format(names=', '.join(names), value=names[0]))
    p.add_argument("--wild", help=_("the wild rank: Five Crowns 3..10, j, q, k or 11, 12, 13 (the number of cards "
                   "dealt); upcard rummy the up card's rank, a, 3..10, j, q, k or 11 to 14"))
    p.add_argument("--contract", type=int, help=_("contract rummy: the contract number, 1..9"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of words"))
    p.add_argument("cards", nargs="+", metavar="CARD", help=_("the cards, e.g. 9d 7c jd 3st jo"))


def run(args: argparse.Namespace) -> int:
    from access_game.catalog import game, resolve

    try:  # cards typed in braille (⠶⠌, or 7/ from a computer braille keyboard) become card codes
        args.cards = codes_from_braille(args.cards)
    except CardNotationError as exc:
        raise UsageError(error_text(exc)) from None
    checker = game(args.game).hand_checker
    assert checker is not None  # argparse allows only games with a checker
    return int(resolve(checker)(args, args.cards))


# --------------------------------------------------------------------------- reading the input
@dataclass(frozen=True, slots=True)
class CardRules:
    """How a game's cards are typed and how many of each there can be."""

    title: str
    parse: Callable[[str], Card]
    #: Every card of the largest table of the game: no hand holds more copies of a card than this.
    deck: Callable[[], list[Card]]
    #: The same deck in words, for the refusal: 'two Five Crowns sets'.
    deck_words: str
    max_cards: int | None
    example: str


def read_cards(cards_text: Sequence[str], rules: CardRules) -> list[Card]:
    """The cards typed (spaces or commas between them), checked against the game; UsageError says why not."""
    if any(not text.strip() for text in cards_text):
        raise UsageError(_("an empty card was given: type each card as its code, like {example}").format(
            example=rules.example))
    words = [w for text in cards_text for w in text.replace(",", " ").split()]
    if not words:
        raise UsageError(_("give the cards of the hand, like: {example}").format(example=rules.example))
    try:
        cards = [rules.parse(w) for w in words]
    except CardNotationError as exc:
        raise UsageError(error_text(exc)) from None
    if rules.max_cards is not None and len(cards) > rules.max_cards:
        raise UsageError(_("a {title} hand holds at most {max_cards} cards, not {count}").format(title=_(rules.title),
            max_cards=rules.max_cards, count=len(cards)))
    held = Counter(rules.deck())
    for card, n in Counter(cards).items():
        if n > held[card]:
            raise UsageError(_("{n} of {code} is more than {deck_words} hold ({value})").format(n=n, code=card.code,
                deck_words=_(rules.deck_words), value=held[card]))
    return cards


def read_wild(text: str | None, title: str, ranks: Sequence[Rank], numbers: Mapping[int, Rank], why: str) -> Rank:
    """The wild rank from ``--wild``: its code or word, or its number as the rules count it (``numbers``)."""
    if text is None:
        raise UsageError(_("--wild is needed for {title}: {why}").format(title=_(title), why=_(why)))
    word = text.strip()
    by_number = {str(n): rank for n, rank in numbers.items()}  # compared as text: any digits are safe to try
    if word.lstrip("0") in by_number:
        return by_number[word.lstrip("0")]
    try:
        return parse_rank(word, ranks=ranks)
    except CardNotationError:
        also = ", ".join(str(n) for n in numbers)
        raise UsageError(_("--wild {text}: wild ranks in {title} are {describe_ranks} (or {also})").format(text=text,
            title=_(title), describe_ranks=describe_ranks(ranks), also=also)) from None


def _refuse(args: argparse.Namespace, title: str, *options: str) -> None:
    """Options given that do not belong to the game are refused, not silently ignored."""
    for name in options:
        if getattr(args, name, None) is not None:
            raise UsageError(_("--{name} does not apply to {title}").format(name=name, title=_(title)))


def print_answer(args: argparse.Namespace, data: Mapping[str, object], lines: Sequence[str]) -> int:
    """The answer: JSON for a script, else each line as a game prints it (speech.utterance.printed)."""
    from speech.utterance import printed

    print(json.dumps(data) if getattr(args, "json", False) else "\n".join(printed(line) for line in lines))
    return 0


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


# --------------------------------------------------------------------------- Five Crowns
def _five_crowns_rules() -> CardRules:
    from engine.cards import five_crowns_deck
    from engine.five_crowns_melds import parse_five_crowns

    # 8 players and more play with two sets: 4 of each card and 12 jokers.
    return CardRules(N_("Five Crowns"), parse_five_crowns, lambda: five_crowns_deck(2), N_("two Five Crowns sets"), 14,
                     "9d 7c jd 3st jo")


#: Jacks, queens and kings are wild in the hands of 11, 12 and 13 cards: the rules name them by number.
_FIVE_CROWNS_NUMBERS = {11: Rank.JACK, 12: Rank.QUEEN, 13: Rank.KING}


def check_five_crowns(args: argparse.Namespace, cards_text: Sequence[str]) -> int:
    """The best lay-down, and for a hand one card over the deal (the wild rank's number + 1) whether it
    goes out and which card to throw."""
    from engine.arrange_five_crowns import arrange, discard_options
    from engine.five_crowns_melds import card_points, meld_kind
    from speech.hand_check_words import five_crowns_lines

    _refuse(args, N_("Five Crowns"), "contract")
    wild = read_wild(args.wild, N_("Five Crowns"), FIVE_CROWNS_RANKS, _FIVE_CROWNS_NUMBERS,
                     N_("the wild rank, 3..10, j, q or k (or 11, 12, 13)"))
    cards = read_cards(cards_text, _five_crowns_rules())
    go_out = False
    discard: Card | None = None
    if len(cards) == int(wild) + 1:
        options = discard_options(cards, wild)
        discard, best = min(options.items(), key=lambda kv: (kv[1].points, -card_points(kv[0], wild)))
        go_out = best.points == 0
    else:
        best = arrange(cards, wild)
    data = {"melds": [_codes(m) for m in best.melds], "deadwood": _codes(best.deadwood), "points": best.points,
            "go_out": go_out, "discard": discard.code if discard else None}
    melds = [(meld_kind(m, wild) or "meld", m) for m in best.melds]
    return print_answer(args, data, five_crowns_lines(cards, wild, melds, best.deadwood, best.points, discard, go_out))


# --------------------------------------------------------------------------- contract rummy
def check_contract(args: argparse.Namespace, cards_text: Sequence[str]) -> int:
    """Does the hand meet contract N, and its lay-down leaving the fewest points (when it does not,
    there is no lay-down and every card counts)."""
    from engine.arrange_contract import CONTRACTS, arrange_contract, cards_short, contract_for_hand
    from engine.cards import standard_deck
    from engine.rules.contract_rummy import parse_contract_card
    from speech.contract_words import contract_words, meld_name
    from speech.hand_check_words import contract_lines

    _refuse(args, N_("contract rummy (2s and jokers are always wild)"), "wild")
    number = getattr(args, "contract", None)
    if number is None:
        raise UsageError(_("say which contract with --contract N (N = 1 to {count})").format(count=len(CONTRACTS)))
    try:
        contract = contract_for_hand(int(number))
    except ValueError as exc:
        raise UsageError(error_text(exc)) from None
    # 12 dealt, two cards for each of 3 buys, and the card just drawn; three decks at the largest table.
    rules = CardRules(N_("contract rummy"), parse_contract_card, lambda: standard_deck(3), N_("three decks"), 19,
                      "7h 7c jo 5s 6s 7s 8s")
    cards = read_cards(cards_text, rules)
    best = arrange_contract(cards, contract)
    data = {"meets": best.meets, "melds": [_codes(m) for m in best.melds], "deadwood": _codes(best.deadwood),
            "points": best.points}
    short = 0 if best.meets else cards_short(cards, contract)
    lines = contract_lines(cards, int(number), contract_words(contract), [(meld_name(m), m) for m in best.melds],
                           best.deadwood, best.points, best.meets, short)
    return print_answer(args, data, lines)


# --------------------------------------------------------------------------- upcard rummy
#: The rules count jacks to aces as 11 to 14 (a hand of 14 cards has aces wild).
_UPCARD_NUMBERS = {11: Rank.JACK, 12: Rank.QUEEN, 13: Rank.KING, 14: Rank.ACE}


def check_upcard(args: argparse.Namespace, cards_text: Sequence[str]) -> int:
    """The melds that score most, given the wild rank (the rank of the dealer's up card): the value
    melded minus the value still held."""
    from engine.arrange_upcard import arrange_upcard, card_value, meld_rank
    from engine.cards import no_twos_deck
    from engine.rules.upcard_rummy import parse_upcard_card
    from speech.hand_check_words import upcard_lines

    _refuse(args, N_("upcard rummy"), "contract")
    wild = read_wild(args.wild, N_("upcard rummy"), NO_TWOS_RANKS, _UPCARD_NUMBERS,
                     N_("the rank of the dealer's up card, a, 3..10, j, q or k (or 11 to 14)"))
    rules = CardRules(N_("upcard rummy"), parse_upcard_card, lambda: no_twos_deck(2), N_("two decks"), None,
                      "9d 9h ks ac")
    cards = read_cards(cards_text, rules)
    best = arrange_upcard(cards, wild)
    data = {"melds": [_codes(m) for m in best.melds], "deadwood": _codes(best.deadwood), "points": best.points}
    melds = []
    for m in best.melds:
        rank = meld_rank(m, wild)
        assert rank is not None
        melds.append((rank, m, sum(card_value(c, wild) for c in m)))
    lines = upcard_lines(cards, wild, melds, best.deadwood, best.melded_value, best.deadwood_value, best.points)
    return print_answer(args, data, lines)
