"""Five Crowns solitaire in words: piles, moves, closings and the end, at each verbosity.

A pile is named the way a player looks for it: its number, its size, its wild rank and how far it is
from closing ("pile 4: 6 cards, 6s wild, 2 cards from closing"), so choosing where a card goes never
needs the whole table read out. Cards stay Card values inside messages (braille displays show them
as cells); a turned-up card is called wild only where it is: "wild on pile 5", or a joker "wild
everywhere", because each pile has its own wild rank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.cards import Card, Rank
from engine.events import Event, GameStarted
from engine.rules.five_crowns_solitaire import (
    PILES,
    CardPlaced,
    CardTurned,
    PileClosed,
    PileDiscarded,
    PileView,
    Placement,
    SolitaireDealt,
    SolitaireEnded,
    SolitaireView,
    StockLow,
    dealt_size,
    pile_wild_rank,
)
from speech.phrases import card_count, cards_parts, count, hand_words, melds_parts
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "KEY_GROUPS",
    "KEY_HELP",
    "TITLE",
    "SolitaireNarrator",
    "closing_words",
    "distance_words",
    "ending_words",
    "hint_parts",
    "pile_parts",
    "pile_summary",
    "wild_note",
    "wild_rank_words",
]

TITLE = "Five Crowns solitaire"

Parts = list[str | Card]



def distance_words(distance: int) -> str:
    """'2 cards from closing', '1 card from closing', 'closed'."""
    return "closed" if distance == 0 else f"{card_count(distance)} from closing"


def pile_summary(pile: PileView) -> str:
    """'pile 4: 6 cards, 6s wild, 2 cards from closing' or 'pile 4: closed, 6 cards'."""
    if pile.closed:
        return f"pile {pile.number}: closed, {card_count(len(pile.cards))}"
    return (
        f"pile {pile.number}: {card_count(len(pile.cards))}, {pile.wild_rank.plural} wild, "
        f"{distance_words(pile.distance)}"
    )


def pile_parts(pile: PileView) -> Parts:
    """The pile's summary, then its best lay-down: melds by name, then the cards still unmatched."""
    arr = pile.arrangement()
    parts: Parts = [pile_summary(pile)[:1].upper() + pile_summary(pile)[1:], ". "]
    if arr.melds:
        parts += ["Melds: ", *melds_parts(arr.melds, pile.wild_rank), ". "]
    else:
        parts.append("No melds yet. ")
    if arr.deadwood:
        parts += ["Unmatched: ", *cards_parts(list(arr.deadwood), pile.wild_rank), "."]
    else:
        parts.append("Everything melds.")
    return parts


def closing_words(books: int, runs: int) -> str:
    """'3 books', '1 book and 2 runs'."""
    words = [count(n, w) for n, w in ((books, "book"), (runs, "run")) if n]
    return " and ".join(words) or "melds"


def wild_note(card: Card, open_piles: Sequence[int] | None = None) -> str:
    """', wild everywhere' for a joker; ', wild on pile 5' for a 7 while pile 5 is open; else ''."""
    if card.rank is None:
        return ", wild everywhere"
    pile = int(card.rank) - 2
    if 1 <= pile <= PILES and (open_piles is None or pile in open_piles):
        return f", wild on pile {pile}"
    return ""


def ending_words(won: bool, piles_closed: int, stock_left: int) -> str:
    if won:
        left = "with the last card" if stock_left == 0 else f"with {card_count(stock_left)} left in the stock"
        return f"You won! All {PILES} piles closed, {left}."
    return f"The stock is empty: you closed {piles_closed} of {PILES} piles. Game over."


def hint_parts(hint: Placement, *, placing: bool) -> Parts:
    """'Hint: pile 4, then discard the 9 of clubs: 2 cards from closing, was 3.' (or the discard alone)."""
    wild = pile_wild_rank(hint.pile)
    where: Parts = [f"pile {hint.pile}, then discard "] if placing else ["discard "]
    card: Parts = ["a " if hint.discard.is_joker else "the ", *cards_parts([hint.discard], wild)]
    if hint.closes:
        return ["Hint: ", *where, *card, f": that closes pile {hint.pile}."]
    if hint.gain <= 0:
        if placing:
            return ["Hint: this card helps no pile; put it on ", f"pile {hint.pile} and discard it again."]
        return ["Hint: ", *where, *card, f": pile {hint.pile} stays {distance_words(hint.before)}."]
    return ["Hint: ", *where, *card, f": {distance_words(hint.after)}, was {hint.before}."]


def _the(card: Card) -> str:
    return "a " if card.is_joker else "the "


class SolitaireNarrator:
    """Tells the solitaire log to its one player; the session's narrator for this game.

    It remembers which piles are still open, so a turned-up card is called wild only where that
    still matters.
    """

    def __init__(self, verbosity: Verbosity = Verbosity.NORMAL) -> None:
        self.verbosity = Verbosity(verbosity)
        self.open_piles: list[int] = list(range(1, PILES + 1))
        self._handlers: dict[type[Event], Callable[[Any], list[Utterance]]] = {
            GameStarted: self._started,
            SolitaireDealt: self._dealt,
            CardTurned: self._turned,
            CardPlaced: self._placed,
            PileDiscarded: self._discarded,
            PileClosed: self._closed,
            StockLow: self._stock_low,
            SolitaireEnded: self._ended,
        }

    @property
    def brief(self) -> bool:
        return self.verbosity == Verbosity.BRIEF

    def flush(self) -> list[Utterance]:
        return []  # nothing is ever held back: there are no other players

    def narrate(self, events: Sequence[Event]) -> list[Utterance]:
        out: list[Utterance] = []
        for ev in events:
            handler = self._handlers.get(type(ev))
            if handler is None:
                name = str(getattr(ev, "kind", type(ev).__name__)).replace("_", " ")
                out.append(utter(f"{name[:1].upper()}{name[1:]}.", kind=Kind.SYSTEM))
            else:
                out += handler(ev)
        return out

    def cues_for(self, events: Sequence[Event]) -> list[str]:
        """The sound cues of these events, from the fixed set every game shares: a card turned up
        sounds like a draw (a joker, wild everywhere, also like a wild: every other card is wild on one
        pile, and a cue on nearly every card would tell nothing), a discard like a discard, a pile
        closing like going out, and the end of the game, won or lost, like the end of a hand. Placing a
        card has no sound: the discard that always follows it has one.
        """
        out: list[str] = []
        for ev in events:
            if isinstance(ev, CardTurned):
                out.append("draw")
                if ev.card.is_joker:
                    out.append("wild")
            elif isinstance(ev, PileDiscarded):
                out.append("discard")
            elif isinstance(ev, PileClosed):
                out.append("go_out")
            elif isinstance(ev, SolitaireEnded):
                out.append("hand_end")
        return out

    def _started(self, ev: GameStarted) -> list[Utterance]:
        self.open_piles = list(range(1, PILES + 1))
        if self.brief:
            return [utter(f"{TITLE}.", kind=Kind.RESULTS)]
        text = f"New game of {TITLE}: close all {PILES} piles before the stock runs out."
        return [utter(text, kind=Kind.RESULTS)]

    def _dealt(self, ev: SolitaireDealt) -> list[Utterance]:
        if self.brief:
            return [utter(f"{PILES} piles dealt, stock {ev.stock_size}.", kind=Kind.RESULTS)]
        text = (
            f"{PILES} piles dealt face up, {dealt_size(1)} to {dealt_size(PILES)} cards; "
            "each pile's size is its wild rank, and jokers are wild everywhere. "
            f"{card_count(ev.stock_size)} in the stock."
        )
        return [utter(text, kind=Kind.RESULTS)]

    def _turned(self, ev: CardTurned) -> list[Utterance]:
        note = wild_note(ev.card, self.open_piles)
        if self.brief:
            return [utter(ev.card, note, f", {ev.stock_left} left.", kind=Kind.MY_TURN)]
        left = "that was the last card" if ev.stock_left == 0 else f"{ev.stock_left} left in the stock"
        return [utter("You turn up ", _the(ev.card), ev.card, f"{note}; {left}.", kind=Kind.MY_TURN)]

    def _placed(self, ev: CardPlaced) -> list[Utterance]:
        if self.brief:
            return [utter(f"On pile {ev.pile}.", kind=Kind.MY_TURN)]
        wild = pile_wild_rank(ev.pile)
        return [
            utter(
                "You put ",
                _the(ev.card),
                *cards_parts([ev.card], wild),
                f" on pile {ev.pile}; now discard one of its cards.",
                kind=Kind.MY_TURN,
            )
        ]

    def _discarded(self, ev: PileDiscarded) -> list[Utterance]:
        card = cards_parts([ev.card], pile_wild_rank(ev.pile))
        if self.brief:
            return [utter("Discarded ", *card, ".", kind=Kind.MY_TURN)]
        tail = f" again; pile {ev.pile} is as it was." if ev.was_placed else f" from pile {ev.pile}."
        return [utter("You discard ", _the(ev.card), *card, tail, kind=Kind.MY_TURN)]

    def _closed(self, ev: PileClosed) -> list[Utterance]:
        if ev.pile in self.open_piles:
            self.open_piles.remove(ev.pile)
        head = f"Pile {ev.pile} closed: {closing_words(ev.books, ev.runs)}"
        if self.brief:
            return [utter(f"{head}.", kind=Kind.RESULTS, urgent=True)]
        parts: Parts = [head]
        if self.verbosity == Verbosity.DETAILED:
            parts += [", ", *melds_parts(ev.melds, pile_wild_rank(ev.pile))]
        togo = PILES - ev.piles_closed
        parts.append(f". {ev.piles_closed} of {PILES} closed" + (f", {togo} to go." if togo else "."))
        return [utter(*parts, kind=Kind.RESULTS, urgent=True)]

    def _stock_low(self, ev: StockLow) -> list[Utterance]:
        if self.brief:
            return [utter(f"Stock {ev.left}.", kind=Kind.RESULTS)]
        return [utter(f"Only {card_count(ev.left)} left in the stock.", kind=Kind.RESULTS)]

    def _ended(self, ev: SolitaireEnded) -> list[Utterance]:
        return [utter(ending_words(ev.won, ev.piles_closed, ev.stock_left), kind=Kind.RESULTS, urgent=True)]


def wild_rank_words(rank: Rank) -> str:
    """'6s and jokers are wild'."""
    return f"{rank.plural} and jokers are wild"


# ----------------------------------------------------------------------------- the table's sentences

DRAW_STEP = "Press D to turn up the next card; Shift+P lists the open piles."
ALL_CLOSED = "Every pile is closed."
GO_TO_PILE = "Go to pile number?"
NOTHING_DISCARDED = "Nothing has been discarded yet."


def where_words(view: SolitaireView) -> str:
    """'3 of 11 piles closed, 12 cards in the stock'."""
    return f"{view.piles_closed} of {PILES} piles closed, {card_count(view.stock_size)} in the stock"


def resume_question(seed: int, view: SolitaireView) -> str:
    return f"You have a saved game of {TITLE}, deal {seed}: {where_words(view)}. Resume it?"


def resumed_words(view: SolitaireView) -> str:
    return f"Resumed {TITLE}: {where_words(view)}."


def turned_parts(card: Card, open_piles: Sequence[int]) -> list[str | Card]:
    """'the 7 of hearts, wild on pile 5', 'a joker, wild everywhere'."""
    return ["a " if card.is_joker else "the ", card, wild_note(card, open_piles)]


def place_step_parts(card: Card, open_piles: Sequence[int], pile: int) -> list[str | Card]:
    """Which pile is current is said before Enter places the card: placing cannot be taken back."""
    return ["Place ", *turned_parts(card, open_piles), f": you are on pile {pile}; choose a pile, then Enter."]


def discard_step(placed: int | None) -> str:
    return f"Discard a card from pile {placed}: Left and Right, then X."


def wrong_pile_words(pile: int, placed: int, key: str) -> str:
    return (f"You are on pile {pile}; the discard comes from pile {placed}, where you placed the card. "
            f"Press {key} to go there.")


def record_not_kept(reason: str) -> str:
    return f"Your record could not be kept: {reason}."


def draw_hint_words(nearest: PileView | None) -> str:
    near = f" Nearest to closing: {pile_summary(nearest)}." if nearest else ""
    return f"Turn up a card: press D.{near}"


def no_turned_card(drawing: bool) -> str:
    return "No card is waiting to be placed." + (" Press D to turn one up." if drawing else "")


def turned_card_parts(card: Card, open_piles: Sequence[int]) -> list[str | Card]:
    return ["The turned-up card is ", *turned_parts(card, open_piles), "."]


def pile_heading(pile: PileView) -> str:
    text = pile_summary(pile)
    return text[:1].upper() + text[1:] + "."


def no_such_pile(number: int) -> str:
    return f"There is no pile {number}: the piles are 1 to {PILES}."


def edge_pile_parts(edge: str, pile: PileView) -> list[str | Card]:
    return [f"That is the {edge} open pile. ", pile_summary(pile) + "."]


def pile_cards_parts(pile: PileView, cards: Sequence[Card]) -> list[str | Card]:
    head = f"Pile {pile.number}, {'closed' if pile.closed else distance_words(pile.distance)}: "
    return [head, *cards_parts(cards, pile.wild_rank), "."]


def closed_pile_parts(pile: PileView) -> list[str | Card]:
    return [f"Pile {pile.number}, closed: ", *melds_parts(pile.arrangement().melds, pile.wild_rank), "."]


def pile_grouped_words(pile: PileView, cards: Sequence[Card], group: str) -> str:
    return f"Pile {pile.number}: " + hand_words(cards, pile.wild_rank, group=group) + "."


def open_piles_words(piles: Sequence[PileView], closed: int) -> str:
    if not piles:
        return ALL_CLOSED
    closed_words = f"; {closed} closed" if closed else ""
    listed = "; ".join(f"{p.number}: {distance_words(p.distance)}" for p in piles)
    return f"{count(len(piles), 'open pile')}{closed_words}. {listed}."


def stock_words(stock: int, dead: int) -> str:
    return f"The stock has {card_count(stock)}; {card_count(dead)} discarded."


def pile_wild_words(pile: PileView) -> str:
    return (f"On pile {pile.number}, {pile.wild_rank.plural} and jokers are wild: "
            f"it was dealt {card_count(pile.dealt)}.")


def discards_parts(dead: Sequence[Card]) -> list[str | Card]:
    if not dead:
        return [NOTHING_DISCARDED]
    return [f"{card_count(len(dead))} discarded, newest last: ", *cards_parts(list(dead)), "."]


def info_words(seed: int, view: SolitaireView) -> str:
    return f"{TITLE}, deal {seed}: {where_words(view)}."


#: What each of this game's own keys does, as F1 help and docs/keys.md say it (command name to description).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "draw": "Turn up the top card of the stock.",
    "put-down": "Place the turned-up card on the current pile.",
    "discard": "Discard the current card from the pile you placed on.",
    "play-hint": "Do what the hint says: place the card, or discard the hinted card.",
    "hint": "Hint: the placement that brings a pile closest to closing, or the best discard.",
    "up-card": "The turned-up card waiting to be placed.",
    "pile-down": "Move to the next open pile.",
    "pile-up": "Move to the previous open pile.",
    "jump": "Move to pile 1 to 9; 0 is pile 10.",
    "jump-high": "Alt+1 moves to pile 11.",
    "go-to": "Go to a pile by its number (type it, then Enter).",
    "previous-card": "Move to the previous card of the pile.",
    "next-card": "Move to the next card of the pile.",
    "first-card": "Move to the pile's first card.",
    "last-card": "Move to the pile's last card.",
    "read-hand": "Read the current pile's cards.",
    "read-by-suit": "Read the current pile grouped by suit.",
    "read-by-rank": "Read the current pile grouped by rank.",
    "best-melds": "The current pile's best melds and the cards still unmatched.",
    "braille-hand": "Show the current pile as braille cells on one line (card code).",
    "open-piles": "List the open piles, each with how far it is from closing.",
    "read-table": "Every pile, open and closed, with its cards.",
    "scores": "Where you stand: piles closed, cards left in the stock and discarded.",
    "wild": "What is wild on the current pile.",
    "read-discards": "The cards discarded so far (they are dead).",
    "info": "Piles closed, stock, the deal's seed and what to do now.",
    "record": "Your record: games, wins, best result and winning streak.",
})


#: The headings F1 help and docs/keys.md put over this game's own groups of keys (group, heading).
KEY_GROUPS: tuple[tuple[str, str], ...] = (
    ("hand", "The current pile's cards"), ("pile", "Moving between piles"), ("melds", "All the piles"))
