"""Rummy 500 in words: cards taken from the spread discard pile, melds and lay-offs (each scoring for
the player who puts it down), going out, the hand's count for and against each player, and the
table's own sentences (the pile cursor, the melds, the scores against the target).

The narrator is the general one (deal, draws, discards, turns, the end of the game) taught the events
only Rummy 500 has. Its melds are sets and runs with the ace high or low, so they are named here by
those rules ('run of hearts, queen to ace'), never by another game's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.actions import Action
from engine.arrange_rummy_500 import card_value as _value
from engine.arrange_rummy_500 import run_order
from engine.cards import Card, Suit
from engine.events import Event
from engine.rules.rummy_500 import LaidOff, LayOff, Meld, Melded, R500HandEnded, R500WentOut, TakePile, TookPile
from speech.draw_discard_words import hand_over_words
from speech.hint_words import advice_parts
from speech.i18n import N_, _, fill
from speech.lesson_words import LessonWords
from speech.narrator import Narrator
from speech.phrases import MELD_SEPARATOR, card_count, cards_parts, join_words, rank_plural, rank_word, the_card
from speech.phrases import points as point_count
from speech.results import Names
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "KEY_HELP",
    "LESSON",
    "Rummy500Narrator",
    "hint_move_parts",
    "meld_name",
    "melds_parts",
    "resume_question",
]

Parts = list[str | Card]

_RUN_OF = {Suit.HEARTS: N_("run of hearts, {low} to {high}"), Suit.CLUBS: N_("run of clubs, {low} to {high}"),
           Suit.SPADES: N_("run of spades, {low} to {high}"), Suit.DIAMONDS: N_("run of diamonds, {low} to {high}")}


def in_order(meld: Sequence[Card]) -> list[Card]:
    """A meld's cards as they lie: a run low to high (its ace where it stands), a set by suit."""
    return run_order(meld) or sorted(meld, key=Card.sort_key)


def meld_name(meld: Sequence[Card]) -> str:
    """'set of 7s', 'run of hearts, queen to ace'."""
    run = run_order(meld)
    if run is None or run[0].suit is None or run[0].rank is None or run[-1].rank is None:
        rank = meld[0].rank if meld else None
        return _("set of {ranks}").format(ranks=rank_plural(rank)) if rank is not None else _("meld")
    return _(_RUN_OF[run[0].suit]).format(low=rank_word(run[0].rank), high=rank_word(run[-1].rank))


def melds_parts(melds: Sequence[Sequence[Card]]) -> Parts:
    """'set of 7s: ...; then run of hearts, 3 to 5: ...'."""
    if not melds:
        return [_("no melds")]
    parts: Parts = []
    for meld in melds:
        said = fill(_("{meld}: {cards}"), meld=meld_name(meld), cards=cards_parts(in_order(meld), None))
        parts += [_(MELD_SEPARATOR), *said] if parts else said
    return parts


def _cards(cards: Sequence[Card]) -> Parts:
    return cards_parts(sorted(cards, key=Card.rank_key), None) if cards else [_("no cards")]


def totals_words(names: Names, totals: Sequence[int]) -> str:
    """'Totals: Anna 45, you 20.'"""
    table = ", ".join(_("{name} {total}").format(name=names.name(s), total=t) for s, t in enumerate(totals))
    return _("Totals: {totals}.").format(totals=table)


class Rummy500Narrator(Narrator):
    """Tells a Rummy 500 log to one listener."""

    def __init__(self, listener: int, players: Sequence[str], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(listener, players, verbosity)
        extra: dict[type[Event], Callable[[Any], list[Utterance]]] = {
            TookPile: self._took,
            Melded: self._melded,
            LaidOff: self._laid_off,
            R500WentOut: self._out,
            R500HandEnded: self._counted,
        }
        self._handlers.update(extra)

    def meld_words(self, melds: Sequence[Sequence[Card]]) -> Parts:
        return melds_parts(melds)

    def _took(self, ev: TookPile) -> list[Utterance]:
        parts = self._said(ev.seat, N_("You take {cards} from the discard pile: {list}."),
                           N_("{name} takes {cards} from the discard pile: {list}."),
                           cards=card_count(len(ev.cards)), list=_cards(ev.cards))
        return [utter(*parts, kind=self._kind(ev.seat))]

    def _melded(self, ev: Melded) -> list[Utterance]:
        parts = self._said(ev.seat, N_("You meld {meld}."), N_("{name} melds {meld}."), meld=melds_parts([ev.cards]))
        return [utter(*parts, kind=self._kind(ev.seat))]

    def _laid_off(self, ev: LaidOff) -> list[Utterance]:
        parts = self._said(ev.seat, N_("You lay off {the_card} on meld {meld}."),
                           N_("{name} lays off {the_card} on meld {meld}."), the_card=the_card(ev.card),
                           meld=ev.index + 1)
        return [utter(*parts, kind=self._kind(ev.seat))]

    def _out(self, ev: R500WentOut) -> list[Utterance]:
        return []  # the hand's count says who went out, right after

    def _counted(self, ev: R500HandEnded) -> list[Utterance]:
        names = self.names
        head = hand_over_words(names, ev.hand_number, ev.went_out)
        out = [utter(head, kind=Kind.RESULTS)]
        for seat, points in enumerate(ev.points):
            parts = self._said(seat, N_("You put down {down} and hold {held}: {points} this hand."),
                               N_("{name} puts down {down} and holds {held}: {points} this hand."),
                               down=point_count(sum(_value(c) for c in ev.on_table[seat])),
                               held=point_count(sum(_value(c) for c in ev.in_hand[seat])), points=point_count(points))
            if self.verbosity > Verbosity.BRIEF and ev.in_hand[seat]:
                parts += [" ", *fill(_("Held: {cards}."), cards=_cards(ev.in_hand[seat]))]
            out.append(utter(*parts, kind=Kind.RESULTS))
        out.append(utter(totals_words(names, ev.totals), kind=Kind.RESULTS))
        return out


# --------------------------------------------------------------------------- hints
def hint_move_parts(action: Action, view: Any) -> Parts | None:
    """Rummy 500's own moves as a hint's advice (the catalog's ``hint_words``); None for a shared move."""
    if isinstance(action, Meld):
        return advice_parts(_("Meld {meld}"), meld=melds_parts([action.cards]))
    if isinstance(action, LayOff):
        return advice_parts(_("Lay off {the_card} on meld {meld}"), the_card=the_card(action.card, mid=True),
                            meld=action.meld + 1)
    if isinstance(action, TakePile):
        pile = getattr(view, "discard", ())
        deepest: Parts = the_card(pile[-action.count]) if len(pile) >= action.count else [_("the pile")]
        if action.meld:
            return advice_parts(_("Take {cards} from the discard pile, down to {the_card}, and meld {meld}"),
                                cards=card_count(action.count), the_card=deepest, meld=melds_parts([action.meld]))
        return advice_parts(_("Take {cards} from the discard pile, down to {the_card}, and lay it off on meld {meld}"),
                            cards=card_count(action.count), the_card=deepest, meld=(action.onto or 0) + 1)
    return None


# --------------------------------------------------------------------------- the table
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "take": N_("Take the discard pile down to the card under the pile cursor and use that card at once: in a meld "
               "with the selected cards, or laid off on a meld it fits."),
    "discard": N_("Discard the current card: your turn ends (with your last card, you go out)."),
    "put-down": N_("Put down the selected cards: a new meld if they make one, otherwise laid off on melds that take "
                   "them."),
    "lay-off": N_("Lay off the selected cards, or the current card, on the current meld if it fits, otherwise on a "
                  "meld that takes it."),
    "select": N_("Select or unselect the current card."),
    "read-selection": N_("Read the selection and whether it is a meld."),
    "clear-selection": N_("Clear the selection."),
    "pile-up": N_("Move the pile cursor one card toward the top."),
    "pile-down": N_("Move the pile cursor one card deeper."),
    "read-table": N_("Every meld on the table, one line each, with its lay-offs."),
    "best-melds": N_("What your hand makes now: the best melds and their worth, and the cards that would not "
                     "meld."),
    "scores": N_("Running totals against the target, and who leads."),
    "scores-long": N_("Scores hand by hand, with the totals."),
    "info": N_("Hand number, dealer, stock and pile sizes, whose turn."),
})


def pile_card_parts(card: Card, depth: int, size: int) -> Parts:
    """'Pile card 3 of 7: the 9 of clubs.'"""
    return list(fill(_("Pile card {n} of {size}: {the_card}."), n=depth, size=size, the_card=the_card(card)))


def meld_line_parts(number: int, total: int, meld: Sequence[Card], owner: str,
                    layoffs: Sequence[tuple[str, Card]]) -> Parts:
    """'Meld 2 of 3, run of clubs, 4 to 7: ... Laid down by Anna. Laid off by you: the 7 of clubs.' (the
    meld as it lies now, then who laid it down and who laid off what)."""
    parts: Parts = list(fill(_("Meld {number} of {total}, {meld}: {cards}."), number=number, total=total,
                             meld=meld_name(meld), cards=cards_parts(in_order(meld), None)))
    parts += [" ", _("Laid down by {name}.").format(name=owner)]
    for name, card in layoffs:
        parts += [" ", *fill(_("Laid off by {name}: {the_card}."), the_card=the_card(card), name=name)]
    return parts


def selection_parts(cards: Sequence[Card], verdict: str) -> Parts:
    """Z: the selected cards and whether they make a meld."""
    if not cards:
        return [_("Nothing selected.")]
    return [*fill(_("Selected: {cards}."), cards=cards_parts(cards, None)), " ", verdict]


def verdict_words(meld: Sequence[Card] | None, fits_meld: int | None) -> str:
    """Whether the selection makes a meld (and which), or fits a meld on the table, or neither."""
    if meld is not None:
        return _("That is a {meld}, {points}.").format(meld=meld_name(meld), points=point_count(_worth(meld)))
    if fits_meld is not None:
        return _("It fits meld {number}.").format(number=fits_meld)
    return _("Not a meld.")


def _worth(cards: Sequence[Card]) -> int:
    return sum(_value(c) for c in cards)


def best_melds_parts(melds: Sequence[Sequence[Card]], left: Sequence[Card]) -> Parts:
    """Alt+M: 'Melds: ..., 45 points. Left: ..., 12 points.'"""
    down = sum(_worth(m) for m in melds)
    return [*fill(_("Melds: {melds}, {points}."), melds=melds_parts(melds), points=point_count(down)), " ",
            *fill(_("Left: {cards}, {points}."), cards=_cards(left), points=point_count(_worth(left)))]


def scores_words(names: Names, totals: Sequence[int], target: int) -> str:
    return _("{totals} The game goes to {target}.").format(totals=totals_words(names, totals), target=target)


def table_state_words(names: Names, hand: int, dealer: int, stock: int, pile: int, melds: int,
                      turn: int | None) -> str:
    """'Hand 2. Anna deals. Stock: 21 cards. Discard pile: 5 cards, 3 melds on the table. Your turn.'"""
    template = (_("Hand {number}. You deal. Stock: {cards}.") if names.is_listener(dealer)
                else _("Hand {number}. {name} deals. Stock: {cards}."))
    words = template.format(number=hand, name=names.subject(dealer), cards=card_count(stock))
    words += " " + _("Discard pile: {cards}; melds on the table: {melds}.").format(cards=card_count(pile), melds=melds)
    if turn is not None:
        words += " " + (_("Your turn.") if names.is_listener(turn) else
                        _("{name}'s turn.").format(name=names.subject(turn)))
    return words


def resume_question(names: Names, hand: int, totals: Sequence[int]) -> str:
    who = join_words([names.name(s) for s in range(len(totals))])
    return _("A game of Rummy 500 is saved: {players}, hand {number}. {totals} Resume it?").format(
        players=who, number=hand, totals=totals_words(names, totals))


def resumed_words(names: Names, hand: int, totals: Sequence[int]) -> str:
    return _("Rummy 500 resumed, hand {number}. {totals}").format(number=hand, totals=totals_words(names, totals))


PILE_EMPTY_HERE = N_("No card there.")

#: The guided first hand (``access-game learn --game rummy-500``).
LESSON = LessonWords(
    aim=N_("Rummy 500: make melds of three or more (sets of a rank, runs of a suit, the ace high or low) and put "
           "them on the table, where they score for you. The whole discard pile is spread: you may take any card "
           "of it with every card above it, if you use that card at once."),
    scoring=(
        N_("The hand ends when a player has no card left, or when the stock is empty."),
        N_("Every card you put down scores for you, every card left in your hand counts against you: aces 15, "
           "tens and faces 10, the others their number."),
        N_("The first to reach 500 ends the game; the highest total wins."),
    ),
    moves={
        "draw": N_("{draw} draws the top card of the stock."),
        "discard": N_("{discard} discards the card under the cursor and ends your turn."),
        "five_hundred_meld": N_("A meld is made by selecting its cards with {select} and putting them down with "
                                "{put_down}; it scores for you."),
        "five_hundred_lay_off": N_("{lay_off} lays off a card on any meld on the table; it scores for you."),
        "five_hundred_take_pile": N_("{take} takes the discard pile down to the card under the pile cursor, which "
                                     "goes down at once in a meld or a lay-off."),
    },
)
