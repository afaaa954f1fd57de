"""Upcard rummy in words: the deal with everyone's up card, digs into the pile, melds, lay-offs, going
out and the plus-and-minus results.

The narrator here is the general one (draws, discards, turns and the end of the game are worded the
same in every game) taught the events only upcard rummy has. Melds are numbered as the table numbers
them, "meld 2", because that is how a player names the meld to lay off on. In upcard rummy the highest
total leads, so the leader line is this module's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.cards import Card, Rank
from engine.events import Event, seen_by
from engine.rules.upcard_rummy import (
    HandOpened,
    LaidOff,
    Melded,
    PlayerWentOut,
    TookDiscards,
    UpcardHandEnded,
)
from speech.narrator import Narrator
from speech.phrases import GAME_OVER, capital, card_count, cards_parts, count, join_words
from speech.results import Names
from speech.table_words import DISCARD_PILE_EMPTY
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "BOTTOM_CARD",
    "KEY_GROUPS",
    "KEY_HELP",
    "TOP_CARD",
    "UpcardNarrator",
    "hint_other",
    "upcard_leaders_words",
    "upcard_transcript",
]

Parts = list[str | Card]





def upcard_leaders_words(names: Names, totals: Sequence[int]) -> str:
    """'Anna leads with 1040.' / 'You and Bob lead with 300.' Highest total leads in upcard rummy."""
    if len(totals) < 2:
        return ""
    best = max(totals)
    lead = [s for s, t in enumerate(totals) if t == best]
    if len(lead) == len(totals):
        return f"All tied at {best}."
    who = join_words([names.name(s) for s in lead])
    verb = "leads" if len(lead) == 1 and lead[0] != names.listener else "lead"
    return f"{capital(who)} {verb} with {best}."


class UpcardNarrator(Narrator):
    """Tells an upcard rummy log to one listener."""

    def __init__(self, listener: int, players: Sequence[str], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(listener, players, verbosity)
        self.owners: list[int] = []
        self.meld_ranks: list[Rank] = []
        extra: dict[type[Event], Callable[[Any], list[Utterance]]] = {
            HandOpened: self._opened,
            TookDiscards: self._took,
            Melded: self._melded,
            LaidOff: self._laid_off,
            PlayerWentOut: self._player_went_out,
            UpcardHandEnded: self._upcard_hand_ended,
        }
        self._handlers.update(extra)

    @property
    def _brief(self) -> bool:
        return self.verbosity == Verbosity.BRIEF

    # ----------------------------------------------------------------- the deal
    def _opened(self, ev: HandOpened) -> list[Utterance]:
        self.wild_rank = ev.wild_rank
        self.hand_number = ev.hand_number
        self.hands_total = None
        self.sizes = dict(enumerate(ev.hand_sizes))
        self.discard_pile = [ev.turned_up]
        self.owners, self.meld_ranks = [], []
        names = self.names
        order = [(ev.dealer + 1 + i) % len(ev.up_cards) for i in range(len(ev.up_cards))]
        ups: Parts = []
        for i, seat in enumerate(order):
            if i:
                ups.append("; ")
            ups += [f"{names.name(seat)} ", *self._card(ev.up_cards[seat]), f", {card_count(ev.hand_sizes[seat])}"]
        if self._brief:
            return [
                utter(
                    f"Hand {ev.hand_number}, {ev.wild_rank.plural} wild. Up cards: ",
                    *ups,
                    ". Discard pile: ",
                    *self._card(ev.turned_up, article=False),
                    ".",
                    kind=Kind.RESULTS,
                )
            ]
        deals = f"{names.subject(ev.dealer)} {names.verb(ev.dealer, 'deals', 'deal')}"
        parts: Parts = [
            f"Hand {ev.hand_number}. {deals}; {names.possessive(ev.dealer)} up card makes "
            f"{ev.wild_rank.plural} wild. Up cards: ",
            *ups,
            ". The discard pile starts with ",
            *self._card(ev.turned_up),
            ".",
        ]
        if self.verbosity == Verbosity.DETAILED:
            first = ev.first_player
            parts.append(
                f" {names.subject(first)} {names.verb(first, 'plays', 'play')} first. "
                f"The game ends after a hand in which someone reaches {ev.target}."
            )
        return [utter(*parts, kind=Kind.RESULTS)]

    # ----------------------------------------------------------------- a turn
    def _took(self, ev: TookDiscards) -> list[Utterance]:
        n = len(ev.cards)
        del self.discard_pile[max(len(self.discard_pile) - n, 0) :]
        self.sizes[ev.seat] = self.sizes.get(ev.seat, 0) + n
        who = self.names.subject(ev.seat)
        target = ev.cards[0]
        if self._brief:
            return [
                utter(
                    f"{who}: took {n} back to ",
                    *self._card(target, article=False),
                    ": ",
                    *cards_parts(ev.cards, self.wild_rank),
                    ".",
                    kind=self._kind(ev.seat),
                )
            ]
        took = "took the top card of the discard pile" if n == 1 else f"took {card_count(n)} from the discard pile"
        return [
            utter(
                f"{who} {took}, back to ",
                *self._card(target),
                ": ",
                *cards_parts(ev.cards, self.wild_rank),
                ".",
                kind=self._kind(ev.seat),
            )
        ]

    def _meld_name(self, index: int) -> str:
        rank = self.meld_ranks[index] if 0 <= index < len(self.meld_ranks) else None
        return f"meld {index + 1}" + (f", {rank.plural}" if rank is not None else "")

    def _melded(self, ev: Melded) -> list[Utterance]:
        rank = next((c.rank for c in ev.cards if c.rank is not None and c.rank != self.wild_rank), None)
        while len(self.owners) <= ev.index:
            self.owners.append(ev.seat)
            self.meld_ranks.append(rank or Rank.ACE)
        self.owners[ev.index] = ev.seat
        if rank is not None:
            self.meld_ranks[ev.index] = rank
        self.sizes[ev.seat] = max(self.sizes.get(ev.seat, 0) - len(ev.cards), 0)
        who = self.names.subject(ev.seat)
        plural = rank.plural if rank is not None else "wilds"
        if self._brief:
            return [
                utter(
                    f"{who}: meld {ev.index + 1}, {plural}: ",
                    *cards_parts(ev.cards, self.wild_rank),
                    ".",
                    kind=self._kind(ev.seat),
                )
            ]
        how = "melded for the first time" if ev.first else "melded"
        parts: Parts = [f"{who} {how}: {plural}, meld {ev.index + 1}: ", *cards_parts(ev.cards, self.wild_rank), "."]
        if self.verbosity == Verbosity.DETAILED and ev.first and self._mine(ev.seat):
            parts.append(" From your next turn you may lay off and dig into the discard pile.")
        parts.append(self._size_note(ev.seat))
        return [utter(*parts, kind=self._kind(ev.seat))]

    def _laid_off(self, ev: LaidOff) -> list[Utterance]:
        self.sizes[ev.seat] = max(self.sizes.get(ev.seat, 0) - 1, 0)
        who = self.names.subject(ev.seat)
        name = self._meld_name(ev.index)
        if self._brief:
            return [utter(f"{who}: ", *self._card(ev.card, article=False), f" on {name}.", kind=self._kind(ev.seat))]
        if ev.owner == ev.seat:
            whose = "your own" if self._mine(ev.seat) else "their own"
        else:
            whose = self.names.possessive(ev.owner)
        # A wild card ends in ", wild"; a comma after it keeps "wild" from running into "on".
        comma = "," if ev.card.rank == self.wild_rank else ""
        return [
            utter(
                f"{who} laid off ",
                *self._card(ev.card),
                f"{comma} on {whose} {name}.",
                self._size_note(ev.seat),
                kind=self._kind(ev.seat),
            )
        ]

    def _player_went_out(self, ev: PlayerWentOut) -> list[Utterance]:
        self.sizes[ev.seat] = 0
        who = self.names.subject(ev.seat)
        went = f"{who} went out."
        if not ev.last_turns:
            rest = " Everyone else has melded: no last turns." if not self._brief else ""
        else:
            turns = join_words([self.names.name(s) for s in ev.last_turns])
            verb = "has" if len(ev.last_turns) == 1 and ev.last_turns[0] != self.listener else "have"
            rest = f" {capital(turns)} {verb} one last turn."
        return [utter(went + rest, kind=self._kind(ev.seat), urgent=self.listener in ev.last_turns)]

    # ----------------------------------------------------------------- results
    def _upcard_hand_ended(self, ev: UpcardHandEnded) -> list[Utterance]:
        names = self.names
        seats = range(len(ev.points))
        how = f"{names.subject(ev.went_out)} went out." if ev.went_out is not None else "The stock ran out."
        head = f"Hand {ev.hand_number} over. {how}"
        if self._brief:
            points = ", ".join(f"{names.name(s)} {ev.points[s]}" for s in seats)
            totals = ", ".join(f"{names.name(s)} {ev.totals[s]}" for s in seats)
            return [utter(f"{head} Points: {points}. Totals: {totals}.", kind=Kind.RESULTS)]
        lines = [utter(head, kind=Kind.RESULTS)]
        for s in seats:
            parts: Parts = [f"{names.subject(s)}: "]
            if self.verbosity == Verbosity.DETAILED:
                parts += ["on the table: ", *cards_parts(ev.on_table[s], self.wild_rank), ". "]
                parts += ["In hand: ", *cards_parts(ev.in_hand[s], self.wild_rank), ". "]
            parts.append(
                f"{ev.plus[s]} on the table, {ev.minus[s]} in hand: {count(ev.points[s], 'point')}. "
                f"Total {ev.totals[s]}."
            )
            lines.append(utter(*parts, kind=Kind.RESULTS))
        lead = "" if self.game_ending else upcard_leaders_words(names, ev.totals)
        if lead:
            lines.append(utter(lead, kind=Kind.RESULTS))
        return lines


def upcard_transcript(
    log: Sequence[Event], players: Sequence[str], listener: int, verbosity: Verbosity = Verbosity.NORMAL
) -> list[str]:
    """A whole game as ``listener`` would hear it, one line per message (for golden transcripts)."""
    narrator = UpcardNarrator(listener, players, verbosity)
    said = narrator.narrate(seen_by(log, listener)) + narrator.flush()
    return [u.text() for u in said]


# ----------------------------------------------------------------------------- the table's sentences
# The upcard rummy table decides what is true; every sentence it says is one of these.

NO_LAST_TURN = "You have melded, so you get no last turn."
LAST_TURN_TIP = "Last turn: draw, lay down one meld of exactly three cards if you can, then discard."
NOTHING_SELECTED = "Nothing selected."
SELECT_FIRST = "Select cards with Space first, then Enter puts them down."
NO_MELDS_TO_LAY_OFF_ON = "There are no melds on the table yet."
NO_PAIR_IN_PILE = "No card in the discard pile matches a natural pair in your hand."
PILE_GO_TO = "Go to which card of the discard pile, counting from the top?"
TO_A_TARGET = " Shift+Down moves to a card you could take back to."


def the(card: Card, wild: Rank) -> list[str | Card]:
    return ["the ", *cards_parts([card], wild)]


def totals_words(names: Names, totals: Sequence[int], target: int) -> str:
    """'Totals: you 455, Anna 455, Ben 10. You and Anna lead with 455, 45 short of the target.'"""
    listed = ", ".join(f"{names.name(s)} {t}" for s, t in enumerate(totals))
    lead = upcard_leaders_words(names, totals).removesuffix(".")
    best = max(totals, default=0)
    if lead and best < target:
        lead += f", {target - best} short of the target"
    return f"Totals: {listed}." + (f" {lead}." if lead else "")


def resume_question(names: Names, players: Sequence[str], seat: int, hand: int, totals: Sequence[int],
                    target: int) -> str:
    others = join_words([p for s, p in enumerate(players) if s != seat])
    listed = ", ".join(f"{names.name(s)} {t}" for s, t in enumerate(totals))
    return (f"You have a saved game of Upcard Rummy with {others}, hand {hand}, "
            f"totals {listed}, target {target}. Resume it?")


def resumed_words(names: Names, players: Sequence[str], seat: int, hand: int, wild: Rank, totals: Sequence[int],
                  target: int) -> str:
    others = join_words([p for s, p in enumerate(players) if s != seat])
    return (f"Resumed Upcard Rummy against {others}: hand {hand}, {wild.plural} wild, target {target}. "
            f"{totals_words(names, totals, target)}")


def take_back_tip(n: int) -> str:
    which = "1 card: Shift+K says what it would cost, Shift+Down moves to it" if n == 1 else (
        f"any of {n} cards: Shift+K says what each would cost, Shift+Down moves to them")
    return f"You could take the discard pile back to {which}."


def go_out_tip(card: Card, wild: Rank) -> list[str | Card]:
    return ["You can go out this turn: put down everything but ", *the(card, wild), ", then discard it."]


def whose_turn_words(over: bool, mine: bool, last_turn: bool, step: str, player: str) -> str:
    if over:
        return GAME_OVER
    if mine:
        return f"It is {'your last turn' if last_turn else 'your turn'}: {step}."
    return f"It is {player}'s turn."


def not_natural_target(card: Card, wild: Rank, tip: bool) -> list[str | Card]:
    return ["The pile cursor is on ", *the(card, wild), ": you can take back only to a natural card matching a pair "
            f"you hold.{TO_A_TARGET if tip else ''}"]


def no_pair_for(card: Card, wild: Rank, depth: int, tip: bool) -> list[str | Card]:
    assert card.rank is not None
    return [f"You hold no natural pair of {card.rank.plural} to take back to ", *the(card, wild),
            f", {depth} from the top.{TO_A_TARGET if tip else ''}"]


def selected_parts(selected: bool, card: Card, wild: Rank) -> list[str | Card]:
    return ["Selected the " if selected else "Unselected the ", *cards_parts([card], wild), ". "]


def selection_cleared(had: bool) -> str:
    return "Selection cleared." if had else "Nothing was selected."


def selection_parts(cards: Sequence[Card], wild: Rank, verdict: str) -> list[str | Card]:
    if not cards:
        return [NOTHING_SELECTED]
    return [f"{len(cards)} selected: ", *cards_parts(cards, wild), ". ", verdict]


def meld_verdict(rank: Rank, value: int, but: str) -> str:
    """'A meld of 9s, worth 120: Enter lays it down.' or '..., but <why not now>.'"""
    words = f"A meld of {rank.plural}, worth {value}"
    if but == "later":
        return words + "."
    if but == "first-meld-now":
        return words + ", but you made your first meld this turn: discard now."
    if but == "first-meld-three":
        return words + ", but your first meld of a hand is exactly three cards."
    if but == "keep-one":
        return words + ", but keep a card to discard."
    return words + ": Enter lays it down."


def fit_verdict(one: bool, where: str, when: str) -> str:
    fit = f"Not a meld, but {'it fits' if one else 'they fit'} {where}"
    if when == "now":
        return fit + ": Enter or Shift+O lays off."
    if when == "melded":
        return fit + "."
    return fit + "; you may lay off from the turn after your first meld."


def not_a_meld(problem: str) -> str:
    return f"Not a meld: {problem}."


def fits_no_meld(card: Card, wild: Rank) -> list[str | Card]:
    assert card.rank is not None
    return ["The ", *cards_parts([card], wild), f" fits no meld on the table: there is no meld of {card.rank.plural}."]


def waiting_hand_parts(player: str, melded: int, melded_value: int, deadwood: int, against: int) -> list[str | Card]:
    parts: list[str | Card] = [f"It is {player}'s turn. Your hand now: "]
    if melded:
        parts.append(f"{card_count(melded)} would meld, worth {melded_value}; ")
    return [*parts, f"{card_count(deadwood)} would not, {against} against you."]


def hint_draw(dig_not_worth_it: bool) -> list[str | Card]:
    why = " (taking the pile back is not worth it now)" if dig_not_worth_it else ""
    return [f"Hint: draw from the stock{why}: D."]


def hint_take_back(count_: int, target: Card, meld: Sequence[Card], wild: Rank) -> list[str | Card]:
    return [f"Hint: take {card_count(count_)} back to ", *the(target, wild), ", melding ", *cards_parts(meld, wild),
            ": move to it with Shift+Down, then T."]


def hint_meld(cards: Sequence[Card], wild: Rank) -> list[str | Card]:
    return ["Hint: meld ", *cards_parts(cards, wild), ": select them with Space, then Enter."]


def hint_lay_off(card: Card, wild: Rank, where: str) -> list[str | Card]:
    return ["Hint: lay off ", *the(card, wild), f" on {where}: select it, then Shift+O."]


def hint_discard(card: Card, wild: Rank, last: bool) -> list[str | Card]:
    return ["Hint: discard ", *the(card, wild), f"{' and go out' if last else ''}: move to it, then X."]


def pile_parts(pile: Sequence[Card], wild: Rank) -> list[str | Card]:
    """The whole discard pile, from the top."""
    if not pile:
        return [DISCARD_PILE_EMPTY]
    return [f"{card_count(len(pile))}; from the top: ", *cards_parts(list(reversed(pile)), wild), "."]


def pile_note(depth: int, melds: int, later: bool) -> str:
    if later:
        return " You hold a pair of its rank: you could take back to it from the turn after your first meld."
    return f" You could take back to it: {card_count(depth)}, melding {card_count(melds)}."


def pile_card_parts(edge: str, card: Card, wild: Rank, depth: int, size: int, note: str) -> list[str | Card]:
    return [edge, *cards_parts([card], wild), f", {depth} of {size} from the top.", note]


def no_pile_place(size: int, depth: int) -> str:
    return f"The discard pile has {card_count(size)}; there is no card {depth} from the top."


def no_target_beyond(deeper: bool) -> str:
    return f"No card {'deeper' if deeper else 'nearer the top'} that you could take back to. Still on the "


def take_back_head(n: int, when: str) -> str:
    words = {"later": " from the turn after your first meld", "now": " now, instead of drawing",
             "turn": " at the start of your turn"}[when]
    return f"You could take back to {card_count(n)}{words}:"


def take_back_option_parts(target: Card, depth: int, meld: Sequence[Card], gain: int, kept: Sequence[Card],
                           cost: int, fits: int, wild: Rank) -> list[str | Card]:
    parts: list[str | Card] = [*cards_parts([target], wild), f", {card_count(depth)} from the top. You meld ",
                               *cards_parts(meld, wild), f": {gain} on the table."]
    if not kept:
        return [*parts, " Nothing else is taken."]
    more = "1 more card comes" if len(kept) == 1 else f"{len(kept)} more cards come"
    fit = "" if not fits else "; 1 of them fits a meld" if fits == 1 else f"; {fits} of them fit a meld"
    return [*parts, f" {more} into your hand, {cost} against you unless put down{fit}: ", *cards_parts(kept, wild), "."]


def meld_name(number: int, rank: Rank) -> str:
    return f"meld {number}, {rank.plural}"


def meld_parts(number: str, rank: Rank, owner: str, cards: Sequence[Card], layoffs: Sequence[tuple[str, Card]],
               wild: Rank) -> list[str | Card]:
    """'Meld 2, aces, Anna's: ...; laid off: ace of diamonds by Anna.'"""
    parts: list[str | Card] = [f"Meld {number}, {rank.plural}, {owner}: ", *cards_parts(cards, wild)]
    if layoffs:
        parts.append(". Laid off: ")
        for i, (who, card) in enumerate(layoffs):
            if i:
                parts.append("; ")
            parts += [*cards_parts([card], wild), f" by {who}"]
    return [*parts, "."]


def melds_on_table(n: int) -> str:
    return f"{count(n, 'meld')} on the table."


def top_card_parts(card: Card | None, wild: Rank, size: int) -> list[str | Card]:
    if card is None:
        return [DISCARD_PILE_EMPTY]
    return ["The top card is ", *the(card, wild), f"; the discard pile has {card_count(size)}."]


def scores_words(target: int, totals: str) -> str:
    return f"Target {target}. {totals}"


def no_scores_yet(target: int) -> str:
    return f"No hand has been scored yet. Target {target}."


def hand_scores(number: int, points: str) -> str:
    return f"Hand {number}: {points}."


def melded_status(melded: bool, this_turn: bool) -> str:
    if melded and not this_turn:
        return "You have melded: you may lay off and take the pile back."
    if melded:
        return "You melded this turn: discard now."
    return "You have not melded yet: your first meld is exactly three cards."


def melds_count(n: int) -> str:
    return "no melds on the table" if n == 0 else f"{count(n, 'meld')} on the table"


def info_words(hand: int, wild: Rank, dealer: str, stock: int, pile: int, melds: int, status: str) -> str:
    return (f"Hand {hand}, {wild.plural} wild, {dealer} dealt. Stock {card_count(stock)}, "
            f"discard pile {card_count(pile)}, {melds_count(melds)}. {status}")


def wild_deal_parts(wild: Rank, dealer: str | None, at_deal: Sequence[tuple[str, Card, int]]) -> list[str | Card]:
    """'6s are wild: your up card. At the deal: Anna the king of spades, 13 cards; ...' (``dealer`` None: you)."""
    whose = "your" if dealer is None else f"the dealer {dealer}'s"
    parts: list[str | Card] = [f"{capital(wild.plural)} are wild: {whose} up card. At the deal: "]
    for i, (who, card, size) in enumerate(at_deal):
        if i:
            parts.append("; ")
        parts += [f"{who} ", *the(card, wild), f", {card_count(size)}"]
    return [*parts, "."]


def player_table_parts(who: str, melds: Sequence[tuple[int, Rank, Sequence[Card]]],
                       layoffs: Sequence[tuple[int, Sequence[Card]]], value: int, wild: Rank) -> list[str | Card]:
    """'Anna: meld 1, aces: ...; laid off on meld 2: ... . 300 on the table.'"""
    pieces: list[list[str | Card]] = [[f"meld {n}, {rank.plural}: ", *cards_parts(cards, wild)]
                                      for n, rank, cards in melds]
    pieces += [[f"laid off on meld {n}: ", *cards_parts(cards, wild)] for n, cards in layoffs]
    parts: list[str | Card] = [f"{who}: "]
    if not pieces:
        return [*parts, "nothing on the table yet."]
    for i, piece in enumerate(pieces):
        if i:
            parts.append("; ")
        parts += piece
    return [*parts, f". {value} on the table."]


def opponent_parts(name: str, held: int, melded: bool, value: int, last: Card | None, opened: bool,
                   wild: Rank) -> list[str | Card]:
    parts: list[str | Card] = [f"{name}: {card_count(held)}, {'melded' if melded else 'not melded'}, "
                               f"{value} on the table"]
    if last is not None:
        parts += [", last discarded ", *the(last, wild)]
    elif opened:
        parts.append(", no discard yet")
    return parts


#: What each of this game's own keys does, as F1 help and docs/keys.md say it (command name to description).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "draw": "Draw the top card of the stock.",
    "take": "Take the discard pile back to the card under the pile cursor and meld it with your natural pair of its "
            "rank (selected wilds join the meld).",
    "discard": "Discard the current card: your turn ends (with your last card, you go out).",
    "put-down": "Put down the selected cards: a new meld if they make one, otherwise laid off on melds that take them.",
    "lay-off": "Lay off the selected cards, or the current card, on the current meld if it fits, otherwise on a meld "
               "that takes it.",
    "play-hint": "Do what the hint says (one step).",
    "hint": "Hint: the next step a strong player would take, and how to do it.",
    "select": "Select or unselect the current card, and hear the selection and whether it is a meld.",
    "read-selection": "Read the selection and whether it is a meld.",
    "clear-selection": "Clear the selection.",
    "read-discards": "Read the whole discard pile, from the top.",
    "pile-up": "Move the pile cursor one card toward the top.",
    "pile-down": "Move the pile cursor one card deeper.",
    "next-take-back": "Move the pile cursor to the next card, deeper, that you could take back to.",
    "previous-take-back": "Move the pile cursor to the previous card, nearer the top, that you could take back to.",
    "pile-go-to": "Go to a card of the discard pile by its place from the top (type it, then Enter).",
    "take-back-options": "Every card you could take back to, with the meld it makes and what the cards above it "
                         "would cost you.",
    "read-table": "Every meld on the table, one line each, with its lay-offs.",
    "players-melds": "Each player's melds and lay-offs, and what they are worth to them.",
    "next-meld": "Move to the next meld on the table and read it.",
    "previous-meld": "Move to the previous meld on the table and read it.",
    "up-card": "The top card of the discard pile.",
    "wild": "The wild rank, and everyone's up card and hand size at the deal.",
    "scores": "Running totals against the target, and who leads.",
    "scores-long": "Scores hand by hand, with the totals.",
    "info": "Hand number, dealer, stock and pile sizes, whether you have melded, whose turn.",
    "players": "Each opponent's cards in hand, melded or not, points on the table and last discard.",
    # the hand keys this game says in its own way (the others are in table_words.KEY_HELP)
    "go-to": "Go to a card of your hand by its number (type it, then Enter).",
    "read-hand": "Read your whole hand in order, with the cards selected.",
    "read-by-rank": "Read your hand grouped by rank: your pairs and wilds.",
    "sort-rank": "Sort your hand by rank, wilds last, and say the new order.",
})


#: The headings F1 help and docs/keys.md put over this game's own groups of keys (group, heading).
KEY_GROUPS: tuple[tuple[str, str], ...] = (("pile", "The discard pile"), ("melds", "Melds on the table"))
#: Said before the card when the pile cursor is already at an end of the discard pile.
TOP_CARD = "Top card. "
BOTTOM_CARD = "Bottom card. "


def hint_other(kind: str) -> Parts:
    """The hint for a move no sentence of its own names (the engine's kind of action)."""
    return [f"Hint: {kind}."]
