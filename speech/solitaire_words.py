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

from engine.actions import Action
from engine.cards import Card, Rank
from engine.events import Event, GameStarted
from engine.rules.five_crowns_solitaire import (
    PILES,
    CardPlaced,
    CardTurned,
    PileClosed,
    PileDiscarded,
    PileView,
    Place,
    SolitaireDealt,
    SolitaireEnded,
    SolitaireView,
    StockLow,
    dealt_size,
    pile_wild_rank,
)
from speech.hint_words import advice_parts
from speech.i18n import N_, _, fill, ngettext
from speech.phrases import capital, card_count, cards_parts, hand_words, melds_parts, rank_plural, the_card
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "KEY_GROUPS",
    "KEY_HELP",
    "TITLE",
    "SolitaireNarrator",
    "closing_words",
    "distance_words",
    "ending_words",
    "hint_move_parts",
    "pile_parts",
    "pile_summary",
    "wild_note",
    "wild_rank_words",
]

TITLE = N_("Five Crowns solitaire")

Parts = list[str | Card]


def distance_words(distance: int) -> str:
    """'2 cards from closing', '1 card from closing', 'closed'."""
    if distance == 0:
        return _("closed")
    return ngettext("{n} card from closing", "{n} cards from closing", distance).format(n=distance)


def pile_summary(pile: PileView) -> str:
    """'pile 4: 6 cards, 6s wild, 2 cards from closing' or 'pile 4: closed, 6 cards'."""
    if pile.closed:
        return _("pile {number}: closed, {count}").format(number=pile.number, count=card_count(len(pile.cards)))
    return _("pile {number}: {count}, {ranks} wild, {distance}").format(
        number=pile.number, count=card_count(len(pile.cards)), ranks=rank_plural(pile.wild_rank),
        distance=distance_words(pile.distance))


def pile_parts(pile: PileView) -> Parts:
    """The pile's summary, then its best lay-down: melds by name, then the cards still unmatched."""
    arr = pile.arrangement()
    parts: Parts = [capital(pile_summary(pile)), ". "]
    if arr.melds:
        parts += [*fill(_("Melds: {melds}."), melds=melds_parts(arr.melds, pile.wild_rank)), " "]
    else:
        parts += [_("No melds yet."), " "]
    if arr.deadwood:
        parts += fill(_("Unmatched: {cards}."), cards=cards_parts(list(arr.deadwood), pile.wild_rank))
    else:
        parts.append(_("Everything melds."))
    return parts


def closing_words(books: int, runs: int) -> str:
    """'3 books', '1 book and 2 runs'."""
    book_words = ngettext("{n} book", "{n} books", books).format(n=books)
    run_words = ngettext("{n} run", "{n} runs", runs).format(n=runs)
    if books and runs:
        return _("{books} and {runs}").format(books=book_words, runs=run_words)
    return book_words if books else run_words if runs else _("melds")


def wild_note(card: Card, open_piles: Sequence[int] | None = None) -> str:
    """', wild everywhere' for a joker; ', wild on pile 5' for a 7 while pile 5 is open; else ''."""
    if card.rank is None:
        return _(", wild everywhere")
    pile = int(card.rank) - 2
    if 1 <= pile <= PILES and (open_piles is None or pile in open_piles):
        return _(", wild on pile {number}").format(number=pile)
    return ""


def ending_words(won: bool, piles_closed: int, stock_left: int) -> str:
    if won:
        if stock_left == 0:
            return _("You won! All {piles} piles closed, with the last card.").format(piles=PILES)
        return ngettext("You won! All {piles} piles closed, with {n} card left in the stock.",
                        "You won! All {piles} piles closed, with {n} cards left in the stock.", stock_left).format(
            piles=PILES, n=stock_left)
    return _("The stock is empty: you closed {closed} of {piles} piles. Game over.").format(closed=piles_closed,
                                                                                         piles=PILES)


def _the_card(card: Card, wild: Rank | None) -> Parts:
    return the_card(card, wild)


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
            return [utter(_("{game}.").format(game=_(TITLE)), kind=Kind.RESULTS)]
        text = _("New game of {game}: close all {piles} piles before the stock runs out.").format(
            game=_(TITLE), piles=PILES)
        return [utter(text, kind=Kind.RESULTS)]

    def _dealt(self, ev: SolitaireDealt) -> list[Utterance]:
        if self.brief:
            return [utter(_("{piles} piles dealt, stock {n}.").format(piles=PILES, n=ev.stock_size),
                          kind=Kind.RESULTS)]
        text = ngettext(
            "{piles} piles dealt face up, {low} to {high} cards; each pile's size is its wild rank, and jokers are "
            "wild everywhere. {n} card in the stock.",
            "{piles} piles dealt face up, {low} to {high} cards; each pile's size is its wild rank, and jokers are "
            "wild everywhere. {n} cards in the stock.", ev.stock_size).format(
            piles=PILES, low=dealt_size(1), high=dealt_size(PILES), n=ev.stock_size)
        return [utter(text, kind=Kind.RESULTS)]

    def _turned(self, ev: CardTurned) -> list[Utterance]:
        note = wild_note(ev.card, self.open_piles)
        n = ev.stock_left
        if self.brief:
            return [utter(*fill(_("{card}{wild}, {n} left."), card=ev.card, wild=note, n=n), kind=Kind.MY_TURN)]
        if n == 0:
            template = _("You turn up {card}{wild}; that was the last card.")
        else:
            template = ngettext("You turn up {card}{wild}; {n} left in the stock.",
                                "You turn up {card}{wild}; {n} left in the stock.", n)
        return [utter(*fill(template, card=the_card(ev.card), wild=note, n=n), kind=Kind.MY_TURN)]

    def _placed(self, ev: CardPlaced) -> list[Utterance]:
        if self.brief:
            return [utter(_("On pile {number}.").format(number=ev.pile), kind=Kind.MY_TURN)]
        wild = pile_wild_rank(ev.pile)
        said = fill(_("You put {card} on pile {number}; now discard one of its cards."),
                    card=_the_card(ev.card, wild), number=ev.pile)
        return [utter(*said, kind=Kind.MY_TURN)]

    def _discarded(self, ev: PileDiscarded) -> list[Utterance]:
        wild = pile_wild_rank(ev.pile)
        if self.brief:
            return [utter(*fill(_("Discarded {card}."), card=cards_parts([ev.card], wild)), kind=Kind.MY_TURN)]
        template = _("You discard {card} again; pile {number} is as it was.") if ev.was_placed else \
            _("You discard {card} from pile {number}.")
        return [utter(*fill(template, card=_the_card(ev.card, wild), number=ev.pile), kind=Kind.MY_TURN)]

    def _closed(self, ev: PileClosed) -> list[Utterance]:
        if ev.pile in self.open_piles:
            self.open_piles.remove(ev.pile)
        closing = closing_words(ev.books, ev.runs)
        if self.brief:
            return [utter(_("Pile {number} closed: {closing}.").format(number=ev.pile, closing=closing),
                          kind=Kind.RESULTS)]
        togo = PILES - ev.piles_closed
        if togo:
            tail = _("{closed} of {piles} closed, {left} to go.").format(closed=ev.piles_closed, piles=PILES,
                                                                         left=togo)
        else:
            tail = _("{closed} of {piles} closed.").format(closed=ev.piles_closed, piles=PILES)
        if self.verbosity == Verbosity.DETAILED:
            said = fill(_("Pile {number} closed: {closing}, {melds}. {tail}"), number=ev.pile, closing=closing,
                        melds=melds_parts(ev.melds, pile_wild_rank(ev.pile)), tail=tail)
        else:
            said = fill(_("Pile {number} closed: {closing}. {tail}"), number=ev.pile, closing=closing, tail=tail)
        return [utter(*said, kind=Kind.RESULTS)]

    def _stock_low(self, ev: StockLow) -> list[Utterance]:
        if self.brief:
            return [utter(_("Stock {n}.").format(n=ev.left), kind=Kind.RESULTS)]
        return [utter(ngettext("Only {n} card left in the stock.", "Only {n} cards left in the stock.",
                               ev.left).format(n=ev.left), kind=Kind.RESULTS)]

    def _ended(self, ev: SolitaireEnded) -> list[Utterance]:
        return [utter(ending_words(ev.won, ev.piles_closed, ev.stock_left), kind=Kind.RESULTS)]


def wild_rank_words(rank: Rank) -> str:
    """'6s and jokers are wild'."""
    return _("{ranks} and jokers are wild").format(ranks=rank_plural(rank))


# ----------------------------------------------------------------------------- the table's sentences

DRAW_STEP = N_("Press D to turn up the next card; Shift+P lists the open piles.")
ALL_CLOSED = N_("Every pile is closed.")
GO_TO_PILE = N_("Go to pile number?")
NOTHING_DISCARDED = N_("Nothing has been discarded yet.")


def where_words(view: SolitaireView) -> str:
    """'3 of 11 piles closed, 12 cards in the stock'."""
    return ngettext("{closed} of {piles} piles closed, {n} card in the stock",
                    "{closed} of {piles} piles closed, {n} cards in the stock", view.stock_size).format(
        closed=view.piles_closed, piles=PILES, n=view.stock_size)


def resume_question(seed: int, view: SolitaireView) -> str:
    return _("You have a saved game of {game}, deal {seed}: {where}. Resume it?").format(
        game=_(TITLE), seed=seed, where=where_words(view))


def resumed_words(view: SolitaireView) -> str:
    return _("Resumed {game}: {where}.").format(game=_(TITLE), where=where_words(view))


def turned_parts(card: Card, open_piles: Sequence[int]) -> list[str | Card]:
    """'the 7 of hearts, wild on pile 5', 'a joker, wild everywhere'."""
    return [*the_card(card), wild_note(card, open_piles)]


def place_step_parts(card: Card, open_piles: Sequence[int], pile: int) -> list[str | Card]:
    """Which pile is current is said before Enter places the card: placing cannot be taken back."""
    return list(fill(_("Place {card}: you are on pile {number}; choose a pile, then Enter."),
                     card=turned_parts(card, open_piles), number=pile))


def discard_step(placed: int | None) -> str:
    return _("Discard a card from pile {number}: Left and Right, then X.").format(number=placed)


def wrong_pile_words(pile: int, placed: int, key: str) -> str:
    return _("You are on pile {number}; the discard comes from pile {placed}, where you placed the card. "
             "Press {key} to go there.").format(number=pile, placed=placed, key=key)


def record_not_kept(reason: str) -> str:
    return _("Your record could not be kept: {reason}.").format(reason=reason)


def no_turned_card(drawing: bool) -> str:
    if drawing:
        return _("No card is waiting to be placed. Press D to turn one up.")
    return _("No card is waiting to be placed.")


def turned_card_parts(card: Card, open_piles: Sequence[int]) -> list[str | Card]:
    return list(fill(_("The turned-up card is {card}."), card=turned_parts(card, open_piles)))


def pile_heading(pile: PileView) -> str:
    return capital(pile_summary(pile)) + "."


def no_such_pile(number: int) -> str:
    return _("There is no pile {number}: the piles are 1 to {piles}.").format(number=number, piles=PILES)


def edge_pile_parts(edge: str, pile: PileView) -> list[str | Card]:
    text = _("That is the first open pile.") if edge == "first" else _("That is the last open pile.")
    return [text, " ", pile_summary(pile) + "."]


def pile_cards_parts(pile: PileView, cards: Sequence[Card]) -> list[str | Card]:
    state = _("closed") if pile.closed else distance_words(pile.distance)
    return list(fill(_("Pile {number}, {state}: {cards}."), number=pile.number, state=state,
                     cards=cards_parts(cards, pile.wild_rank)))


def closed_pile_parts(pile: PileView) -> list[str | Card]:
    return list(fill(_("Pile {number}, closed: {melds}."), number=pile.number,
                     melds=melds_parts(pile.arrangement().melds, pile.wild_rank)))


def pile_grouped_words(pile: PileView, cards: Sequence[Card], group: str) -> str:
    return _("Pile {number}: {cards}.").format(number=pile.number,
                                               cards=hand_words(cards, pile.wild_rank, group=group))


def open_piles_words(piles: Sequence[PileView], closed: int) -> str:
    if not piles:
        return _(ALL_CLOSED)
    listed = "; ".join(_("{number}: {distance}").format(number=p.number, distance=distance_words(p.distance))
                       for p in piles)
    n = len(piles)
    if closed:
        return ngettext("{n} open pile; {closed} closed. {piles}.", "{n} open piles; {closed} closed. {piles}.",
                        n).format(n=n, closed=closed, piles=listed)
    return ngettext("{n} open pile. {piles}.", "{n} open piles. {piles}.", n).format(n=n, piles=listed)


def stock_words(stock: int, dead: int) -> str:
    discarded = ngettext("{n} card discarded", "{n} cards discarded", dead).format(n=dead)
    return _("The stock has {stock}; {discarded}.").format(stock=card_count(stock), discarded=discarded)


def pile_wild_words(pile: PileView) -> str:
    return _("On pile {number}, {ranks} and jokers are wild: it was dealt {count}.").format(
        number=pile.number, ranks=rank_plural(pile.wild_rank), count=card_count(pile.dealt))


def discards_parts(dead: Sequence[Card]) -> list[str | Card]:
    if not dead:
        return [_(NOTHING_DISCARDED)]
    template = ngettext("{n} card discarded: {cards}.", "{n} cards discarded, newest last: {cards}.", len(dead))
    return list(fill(template, n=len(dead), cards=cards_parts(list(dead))))


def info_words(seed: int, view: SolitaireView) -> str:
    return _("{game}, deal {seed}: {where}.").format(game=_(TITLE), seed=seed, where=where_words(view))


#: What each of this game's own keys does, as F1 help and docs/keys.md say it (command name to description).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "draw": N_("Turn up the top card of the stock."),
    "put-down": N_("Place the turned-up card on the current pile."),
    "discard": N_("Discard the current card from the pile you placed on."),
    "play-hint": N_("Do what the hint says: place the card, or discard the hinted card."),
    "hint": N_("Hint: the placement that brings a pile closest to closing, or the best discard."),
    "up-card": N_("The turned-up card waiting to be placed."),
    "pile-down": N_("Move to the next open pile."),
    "pile-up": N_("Move to the previous open pile."),
    "jump": N_("Move to pile 1 to 9; 0 is pile 10."),
    "jump-high": N_("Alt+1 moves to pile 11."),
    "go-to": N_("Go to a card of the current pile by its number, its name or its code (type 3, queen of hearts, or qh, "
               "then Enter)."),
    "pile-go-to": N_("Go to a pile by its number (type it, then Enter)."),
    "previous-card": N_("Move to the previous card of the pile."),
    "next-card": N_("Move to the next card of the pile."),
    "first-card": N_("Move to the pile's first card."),
    "last-card": N_("Move to the pile's last card."),
    "read-hand": N_("Read the current pile's cards."),
    "read-by-suit": N_("Read the current pile grouped by suit."),
    "read-by-rank": N_("Read the current pile grouped by rank."),
    "best-melds": N_("The current pile's best melds and the cards still unmatched."),
    "braille-hand": N_("Show the current pile as braille cells on one line (card code)."),
    "open-piles": N_("List the open piles, each with how far it is from closing."),
    "read-table": N_("Every pile, open and closed, with its cards."),
    "scores": N_("Where you stand: piles closed, cards left in the stock and discarded."),
    "wild": N_("What is wild on the current pile."),
    "read-discards": N_("The cards discarded so far (they are dead)."),
    "info": N_("Piles closed, stock, the deal's seed and what to do now."),
    "record": N_("Your record: games, wins, best result and winning streak."),
})


#: The headings F1 help and docs/keys.md put over this game's own groups of keys (group, heading).
KEY_GROUPS: tuple[tuple[str, str], ...] = (
    ("hand", N_("The current pile's cards")), ("pile", N_("Moving between piles")), ("melds", N_("All the piles")))


def hint_move_parts(action: Action, view: Any) -> Parts | None:
    """Solitaire's own move as a hint's advice (the catalog entry's ``hint_words``): place the card drawn."""
    if not isinstance(action, Place):
        return None
    wild = getattr(view, "wild_rank", None)
    drawn = getattr(view, "drawn", None)
    what: Parts = the_card(drawn, wild, mid=True) if isinstance(drawn, Card) else [_("the card")]
    return advice_parts(_("Place {the_card} on pile {pile}"), the_card=what, pile=action.pile)
