"""Contract rummy in words: contracts, melds, the buy window, lay-downs, lay-offs and swaps.

Said from one listener's seat, like the rest of speech: "You may buy the 7 of hearts" to a seat that
may buy, "Bob bought the 7 of hearts and a penalty card" to the others; the penalty card is named only
to its buyer (the event reaching anyone else no longer holds it). Melds are named by what they are and
by their number on the table ("meld 3, Anna's run of hearts, 5 to 8"), because that number is how a
player points at a meld to lay off on it.

:func:`contract_utterances` words one event, or returns None for an event that is not contract
rummy's own, so a narrator can try it before its generic sentence. :func:`action_parts` words a move
for menus and confirmations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from engine.actions import Action, Discard, Draw
from engine.arrange_contract import Contract, is_wild, meld_kind, ordered_meld, run_value
from engine.cards import Card, Rank
from engine.events import Discarded, Drew, Event
from engine.rules.contract_rummy import (
    MAX_BUYS,
    MAX_RESHUFFLES,
    Bought,
    Buy,
    BuyAnswered,
    BuyOffered,
    ContractLaidDown,
    ContractLaidOff,
    ContractStated,
    ContractSwapped,
    ContractView,
    ContractWentOut,
    HandStopped,
    LayDown,
    LayOff,
    NobodyBought,
    PassBuy,
    Swap,
    TableMeld,
)
from speech.i18n import _
from speech.narrator import Narrator
from speech.phrases import (
    GAME_OVER,
    MELD_SEPARATOR,
    capital,
    capital_parts,
    card_count,
    card_words,
    cards_parts,
    join_words,
    points,
    the_card,
)
from speech.results import Names
from speech.table_words import SELECTED_MARK
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "FIRST_MELD",
    "GO_TO_MELD",
    "KEY_GROUPS",
    "KEY_HELP",
    "LAST_MELD",
    "WHERE_THE_WILD_GOES",
    "ContractNarrator",
    "action_parts",
    "action_words",
    "contract_utterances",
    "contract_words",
    "meld_name",
    "melds_parts",
]

Parts = list[str | Card]
_WILD = Rank.TWO
_NUMBERS = ("no", "one", "two", "three", "four", "five")
_RANK_WORDS = {14: "ace"}


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def contract_words(contract: Contract) -> str:
    """'one set', 'two runs', 'one set and two runs', 'two sets and one run'."""
    parts = []
    if contract.sets:
        parts.append(f"{_number(contract.sets)} set{'s' if contract.sets != 1 else ''}")
    if contract.runs:
        parts.append(f"{_number(contract.runs)} run{'s' if contract.runs != 1 else ''}")
    return " and ".join(parts) or "nothing"


def _value_word(value: int) -> str:
    return _RANK_WORDS.get(value) or Rank(value).word


def meld_name(cards: Sequence[Card]) -> str:
    """'set of 7s', 'run of hearts, 5 to 8', 'run of spades, jack to ace'."""
    kind = meld_kind(cards)
    naturals = [c for c in cards if not is_wild(c)]
    if kind == "set" and naturals[0].rank is not None:
        return f"set of {naturals[0].rank.plural}"
    if kind == "run" and naturals[0].suit is not None:
        ordered = ordered_meld(cards)
        place, natural = next((i, c) for i, c in enumerate(ordered) if not is_wild(c))
        assert natural.rank is not None
        lo = run_value(natural.rank) - place
        hi = lo + len(ordered) - 1
        return f"run of {naturals[0].suit.word}, {_value_word(lo)} to {_value_word(hi)}"
    return "meld"


def _meld_parts(cards: Sequence[Card]) -> Parts:
    # Every wild is marked, inside a named meld too: a listener counts the cards and hears which stand in.
    return [f"{meld_name(cards)}: ", *cards_parts(ordered_meld(cards), Rank.TWO)]


def melds_parts(melds: Sequence[Sequence[Card]], ids: Sequence[int] | None = None) -> Parts:
    """'meld 1, set of 7s: 7 of hearts; 7 of clubs; joker, then meld 2, run of ...'."""
    if not melds:
        return ["no melds"]
    parts: Parts = []
    for i, meld in enumerate(melds):
        if i:
            parts.append(MELD_SEPARATOR)
        if ids is not None:
            parts.append(f"meld {ids[i]}, ")
        parts += _meld_parts(meld)
    return parts


def _card(card: Card, verbosity: Verbosity) -> Parts:
    article: Parts = [] if verbosity == Verbosity.BRIEF else ["a " if card.is_joker else "the "]
    return article + cards_parts([card], _WILD)


def _then(parts: Parts, words: str) -> Parts:
    """``parts`` followed by ``words``, with a comma after a wild mark: "the 2 of hearts, wild, on meld
    1", never "wild on meld 1", which sounds as though the meld were wild."""
    comma = "," if parts and parts[-1] == ", wild" and not words.startswith((",", ".", ":", ";")) else ""
    return [*parts, comma + words]


def _whose_meld(names: Names, owner: int, seat: int, cards: Sequence[Card]) -> str:
    """'their own set of 7s', 'Bob's run of hearts, 5 to 8', 'your set of 7s'."""
    own = "your own" if seat == names.listener else "their own"
    return f"{own if owner == seat else names.possessive(owner)} {meld_name(cards)}"


def _kind(names: Names, seat: int) -> Kind:
    return Kind.MY_TURN if seat == names.listener else Kind.OTHERS


def contract_utterances(event: Event, names: Names, verbosity: Verbosity = Verbosity.NORMAL) -> list[Utterance] | None:
    """``event`` told to ``names.listener``; None when it is not one of contract rummy's own events."""
    brief = verbosity == Verbosity.BRIEF
    me = names.listener
    if isinstance(event, ContractStated):
        c = Contract(event.sets, event.runs)
        text = (
            f"Contract: {contract_words(c)}."
            if brief
            else (f"Hand {event.hand_number} contract: {contract_words(c)}, laid down all at once.")
        )
        return [utter(text, kind=Kind.RESULTS)]
    if isinstance(event, BuyOffered):
        return _buy_offered(event, names, verbosity)
    if isinstance(event, BuyAnswered):
        return _buy_answered(event, names, verbosity)
    if isinstance(event, Bought):
        who = names.subject(event.seat)
        if event.seat == me and event.penalty is not None:
            parts: Parts = [
                f"{who} bought ",
                *_card(event.card, verbosity),
                "; penalty card ",
                *_card(event.penalty, verbosity),
            ]
        else:
            parts = _then([f"{who} bought ", *_card(event.card, verbosity)], " and a penalty card")
        if not brief:
            parts = _then(parts, f" (buy {event.buys} of {MAX_BUYS})")
        return [utter(*parts, ".", kind=_kind(names, event.seat))]
    if isinstance(event, NobodyBought):
        if event.next_seat == me:
            return [
                utter(
                    "Nobody bought ",
                    *_card(event.card, verbosity),
                    ": draw from the stock.",
                    kind=Kind.MY_TURN,
                    urgent=True,
                )
            ]
        if verbosity != Verbosity.DETAILED:
            return []  # after nearly every discard: news only to whoever must now draw, or on request
        return [utter("Nobody bought ", *_card(event.card, verbosity), ".", kind=Kind.OTHERS)]
    if isinstance(event, ContractLaidDown):
        who = names.subject(event.seat)
        ids = None if brief else event.meld_ids
        return [utter(f"{who} laid down ", *melds_parts(event.melds, ids), ".", kind=_kind(names, event.seat))]
    if isinstance(event, ContractLaidOff):
        who = names.subject(event.seat)
        parts = _then([f"{who} laid off ", *_card(event.card, verbosity)], " on ")
        if brief:
            parts.append(f"meld {event.meld_id}")
        else:
            parts.append(f"meld {event.meld_id}, {_whose_meld(names, event.owner, event.seat, event.meld)}")
        return [utter(*parts, ".", kind=_kind(names, event.seat))]
    if isinstance(event, ContractSwapped):
        who = names.subject(event.seat)
        parts = _then([f"{who} put ", *_card(event.card, verbosity)], " in place of ")
        parts += _card(event.wild, verbosity)
        if brief:
            parts = _then(parts, f" in meld {event.meld_id} and moved it to meld {event.to_meld_id}")
        else:
            where = _whose_meld(names, event.owner, event.seat, event.meld)
            to = _whose_meld(names, event.to_owner, event.seat, event.to_meld)
            parts = _then(parts, f" in meld {event.meld_id}, {where}, and played it on meld {event.to_meld_id}, {to}")
        return [utter(*parts, ".", kind=_kind(names, event.seat))]
    if isinstance(event, HandStopped):
        return [utter(hand_stopped_words(event), kind=Kind.RESULTS)]
    if isinstance(event, ContractWentOut):
        who = names.subject(event.seat)
        if event.discard is None:
            return [utter(f"{who} went out without discarding.", kind=Kind.RESULTS)]
        return [utter(f"{who} went out, discarding ", *_card(event.discard, verbosity), ".", kind=Kind.RESULTS)]
    return None


def hand_stopped_words(event: HandStopped) -> str:
    """Why a hand ended with nobody out, said before its scores."""
    if event.reason == "nobody_can_go_out":
        return _(
            "Nobody can go out: every player is down and no card left off the table fits a meld on it. "
            "Hand {number} ends here."
        ).format(number=event.hand_number)
    return _("The stock is spent after {reshuffles} reshuffles and nobody went out. Hand {number} ends here.").format(
        reshuffles=MAX_RESHUFFLES, number=event.hand_number
    )


def _buy_offered(event: BuyOffered, names: Names, verbosity: Verbosity) -> list[Utterance]:
    me = names.listener
    card = _card(event.card, verbosity)
    if me == event.next_seat:
        if verbosity == Verbosity.BRIEF:
            return [utter("Up card ", *card, ": take it or pass.", kind=Kind.MY_TURN, urgent=True)]
        others = join_words([names.name(s) for s in event.buyers])
        return [
            utter(
                "The up card is ",
                *card,
                f": take it, or pass it to {others}, who may buy it.",
                kind=Kind.MY_TURN,
                urgent=True,
            )
        ]
    if me in event.buyers:
        ahead = event.buyers.index(me)
        parts: Parts = ["You may buy ", *card, ", with a penalty card: buy or pass."]
        if verbosity == Verbosity.DETAILED:
            before = [names.name(s) for s in (event.next_seat, *event.buyers[:ahead])]
            parts.append(f" {join_words(before)} {'comes' if len(before) == 1 else 'come'} first.")
        return [utter(*parts, kind=Kind.MY_TURN, urgent=True)]
    if verbosity == Verbosity.DETAILED:
        who = join_words([names.name(s) for s in event.buyers])
        parts = _then(card, f" is on offer: {names.name(event.next_seat)} may take it; {who} may buy it.")
        return [utter(*parts, kind=Kind.OTHERS)]
    return []


def _buy_answered(event: BuyAnswered, names: Names, verbosity: Verbosity) -> list[Utterance]:
    who = names.subject(event.seat)
    if event.wants:
        verb = "want" if event.seat == names.listener else "wants"
        return [utter(f"{who} {verb} to buy it.", kind=_kind(names, event.seat))]
    if verbosity == Verbosity.DETAILED:
        verb = "pass" if event.seat == names.listener else "passes"
        return [utter(f"{who} {verb}.", kind=_kind(names, event.seat))]
    return []


def _meld_ref(meld_id: int, table: Iterable[TableMeld], names: Names, seat: int) -> str:
    for m in table:
        if m.id == meld_id:
            return f"meld {meld_id}, {_whose_meld(names, m.owner, seat, m.cards)}"
    return f"meld {meld_id}"


def _after_swap(action: Swap, melds: Sequence[TableMeld]) -> tuple[TableMeld, ...]:
    """The table once ``action`` is made (unchanged where the swap does not fit it)."""
    out: list[TableMeld] = []
    for m in melds:
        cards = list(m.cards)
        if m.id == action.meld_id and action.wild in cards:
            cards.remove(action.wild)
            cards.append(action.card)
        elif m.id == action.to_meld_id:
            cards.append(action.wild)
        if meld_kind(cards) != m.kind:
            cards = list(m.cards)
        out.append(TableMeld(id=m.id, owner=m.owner, kind=m.kind, cards=ordered_meld(cards)))
    return tuple(out)


def action_parts(action: Action, table: Iterable[TableMeld] = (), names: Names | None = None) -> Parts:
    """A move as a menu line: 'Buy the up card', 'Lay off the 9 of hearts on meld 2, Bob's run of ...'."""
    names = names or Names((), action.seat)
    melds = tuple(table)
    if isinstance(action, Buy):
        return ["Buy the up card, with a penalty card"]
    if isinstance(action, PassBuy):
        return ["Pass"]
    if isinstance(action, Draw):
        return ["Take the up card" if action.source == "discard" else "Draw from the stock"]
    if isinstance(action, Discard):
        return ["Discard ", *cards_parts([action.card], _WILD)]
    if isinstance(action, LayDown):
        return ["Lay down ", *melds_parts(action.melds)]
    if isinstance(action, LayOff):
        return _then(
            ["Lay off ", *cards_parts([action.card], _WILD)],
            f" on {_meld_ref(action.meld_id, melds, names, action.seat)}",
        )
    if isinstance(action, Swap):
        # Both melds named as they will stand, as the swap's announcement names them: the run the natural
        # goes into is '4 to 7' once the 4 is in, not the '5 to 8' the wild made it before.
        after = _after_swap(action, melds)
        where = _meld_ref(action.meld_id, after, names, action.seat)
        to = _meld_ref(action.to_meld_id, after, names, action.seat)
        put: Parts = ["Put ", *cards_parts([action.card], None), " in place of ", *cards_parts([action.wild], _WILD)]
        return _then(put, f" in {where}, and the wild on {to}")
    return [action.kind.replace("_", " ")]


def action_words(action: Action, table: Iterable[TableMeld] = (), names: Names | None = None) -> str:
    return "".join(p if isinstance(p, str) else card_words(p) for p in action_parts(action, table, names))


class ContractNarrator(Narrator):
    """The general narrator (deals, draws, discards, turns, results) taught contract rummy's own events.

    ``interface_asks``: the interface asks a buyer its own question ("Buy the 8 of hearts? ..."), so
    the offer is not also said to a seat that may buy; the terminal table does this.
    """

    def __init__(
        self,
        listener: int,
        players: Sequence[str],
        verbosity: Verbosity = Verbosity.NORMAL,
        *,
        interface_asks: bool = False,
    ) -> None:
        super().__init__(listener, players, verbosity)
        self.interface_asks = interface_asks
        #: The discard just said, as (seat, card). A final discard is said once, by the discard's own
        #: sentence; going out is said by the hand's results that come with it ("Hand 2 of 9 over. Ben
        #: went out."), so the going out itself adds nothing more.
        self._just_discarded: tuple[int, Card] | None = None
        #: The card on offer in this buy round, and whether the listener asked to buy it.
        self._offer: Card | None = None
        self._asked = False

    def _one(self, ev: Event) -> list[Utterance]:
        just, self._just_discarded = self._just_discarded, None
        if isinstance(ev, Discarded):
            self._just_discarded = (ev.seat, ev.card)
        elif isinstance(ev, ContractWentOut) and ev.discard is not None and just == (ev.seat, ev.discard):
            out = self.flush()
            self._follow(ev)
            return out
        try:
            lines = contract_utterances(ev, self.names, self.verbosity)
        except Exception:
            lines = None  # the general narrator words it, generically at worst: narration never raises
        if lines is None:
            return super()._one(ev) + self._buy_lines(ev, [])
        out = self.flush()
        self._follow(ev)
        lines = self._buy_lines(ev, lines)
        if self.interface_asks and isinstance(ev, BuyOffered) and self.listener in ev.buyers:
            return out
        return out + lines

    def _buy_lines(self, ev: Event, lines: list[Utterance]) -> list[Utterance]:
        """The buy round's answers name the card, and a buyer who lost it to a nearer player is told."""
        if isinstance(ev, BuyOffered):
            self._offer, self._asked = ev.card, False
        elif isinstance(ev, BuyAnswered) and ev.wants and self._offer is not None:
            you = ev.seat == self.listener
            self._asked = self._asked or you
            parts = buy_wish_parts(self.names.subject(ev.seat), you, self._offer, self.verbosity)
            return [utter(*parts, kind=_kind(self.names, ev.seat))]
        elif isinstance(ev, Bought | Drew) and self._offer is not None:
            took = isinstance(ev, Bought) or (isinstance(ev, Drew) and ev.source == "discard")
            if took and self._asked and ev.seat != self.listener:
                lines = [*lines, utter(*nearer_got_it(self.names.subject(ev.seat), self._offer, self.verbosity),
                                       kind=Kind.MY_TURN)]
            self._offer, self._asked = None, False
        elif isinstance(ev, NobodyBought):
            self._offer, self._asked = None, False
        return lines

    def _follow(self, ev: Event) -> None:
        """Keep the hand sizes and the discard pile the general sentences use."""
        if isinstance(ev, Bought):
            if self.discard_pile:
                self.discard_pile.pop()
            self.sizes[ev.seat] = self.sizes.get(ev.seat, 0) + 2
        elif isinstance(ev, ContractLaidDown):
            self.sizes[ev.seat] = max(0, self.sizes.get(ev.seat, 0) - sum(len(m) for m in ev.melds))
        elif isinstance(ev, ContractLaidOff | ContractSwapped):
            self.sizes[ev.seat] = max(0, self.sizes.get(ev.seat, 0) - 1)
        elif isinstance(ev, ContractWentOut):
            self.sizes[ev.seat] = 0


# ----------------------------------------------------------------------------- the table's sentences
# The contract rummy table decides what is true; every sentence it says is one of these.

WILD = Rank.TWO
WILD_WORDS = "2s and jokers are wild, in every hand."
NOTHING_SELECTED = "Nothing selected."
NOTHING_PLANNED = "Nothing is selected or planned."
PLAN_CLEARED = "Selection and planned melds cleared."
PLAN_MAKES_CONTRACT = "The plan makes the contract: Enter lays it down."
PLAN_KEPT = "Your planned melds are kept: Enter lays them down when you may."
SELECT_FIRST = "Nothing selected: Space selects the current card. Select a meld's cards, then Enter."
CHOOSE_MELD = "Choose a meld first: M and Shift+M move through the melds on the table."
CHOOSE_SWAP_MELD = "Choose a meld first: M and Shift+M move to the meld with the wild."
SWAP_ONE = "Select one natural card to swap, or none to swap the current card."
SWAP_NATURAL_ONLY = "Only a natural card can take a wild's place."
NO_MELDS_YET = "No melds on the table yet."
CAN_LAY_DOWN = ("You can lay down your contract: Shift+L lays down the best, or select each meld with Space and "
                "confirm it with Enter.")
BUY_QUESTIONS_ON = "Buy questions on: you are asked whenever you could buy a discard."
BUY_QUESTIONS_OFF = "Buy questions off: you pass on every discard you could buy, without being asked."
DOWN_ALREADY = "You are down: lay off and swap until you go out."


def the(card: Card, *, mid: bool = False) -> Parts:
    """'the 9 of clubs', 'a joker', 'the 2 of clubs, wild,' (``mid``: words follow)."""
    return the_card(card, WILD, mid=mid)


def resume_question(view: ContractView) -> str:
    others = join_words([p for s, p in enumerate(view.players) if s != view.seat])
    return (f"You have a saved game of Contract Rummy with {others}, hand {view.hand_number} of {view.hands_total}, "
            f"contract {contract_words(view.contract)}. Resume it?")


def resumed_words(view: ContractView) -> str:
    others = join_words([p for s, p in enumerate(view.players) if s != view.seat])
    return (f"Resumed Contract Rummy against {others}: hand {view.hand_number} of {view.hands_total}, "
            f"contract {contract_words(view.contract)}.")


def take_question(card: Card) -> Parts:
    return ["Take ", *the(card), "? Y or N; D passes it and draws from the stock."]


def buy_question(card: Card) -> Parts:
    return ["Buy ", *the(card), "? It costs a penalty card. Y or N."]


def offer_hint(*, melded: bool, fits: bool, short: int, helps: bool) -> str:
    if melded:
        return "Hint: it plays straight onto the table." if fits else "Hint: it does not fit a meld on the table."
    if short == 0:
        return "Hint: your hand meets your contract already."
    closer = "brings you one card closer to" if helps else "does not bring you closer to"
    return f"Hint: it {closer} your contract; you are {card_count(short)} short."


def your_draw(top: Card | None) -> Parts:
    parts: Parts = ["Your draw: D for the stock"]
    if top is not None:
        parts += [", or T for the up card, ", *the(top)]
    return [*parts, "."]


def can_lay_off(card: Card, meld_id: int) -> Parts:
    return ["You can lay off ", *the(card, mid=True), f" on meld {meld_id}."]


def whose_turn_words(view: ContractView) -> str:
    if view.phase == "over":
        return GAME_OVER
    if view.to_move != view.seat:
        return f"It is {view.players[view.to_move]}'s turn."
    if view.phase == "buy":
        return "It is your turn: the others are deciding whether to buy the up card."
    if view.phase == "draw":
        return "It is your turn: draw."
    doing = "lay off, swap or discard" if view.melded[view.seat] else "lay down or discard"
    return f"It is your turn: {doing}."


# ----- the hint's advice
def advice_take(card: Card) -> Parts:
    return ["Take ", *the(card), ": it helps you. Y or T takes it."]


def advice_pass_first(card: Card) -> Parts:
    return ["Pass on ", *the(card), ": it does not help you. N passes, D passes and draws from the stock."]


def advice_buy(card: Card) -> Parts:
    return ["Buy ", *the(card), ": it brings you closer to your contract. Y buys."]


def advice_pass(card: Card) -> Parts:
    return ["Pass on ", *the(card), ": N passes."]


def advice_wait(name: str | None) -> str:
    if name is not None:
        return f"Nothing to do now: it is {name}'s turn."
    return "Nothing to do now: the others are deciding whether to buy the up card."


def advice_take_up_card(card: Card) -> Parts:
    return ["Take the up card, ", *the(card), ": it helps you. T takes it."]


ADVICE_DRAW = "Draw from the stock: D."


def advice_lay_down(melds: Sequence[Sequence[Card]], left: int) -> Parts:
    return ["Lay down ", *melds_parts(melds), f": that leaves {points(left)}. Shift+L lays it down."]


def advice_discard_short(card: Card, short: int) -> Parts:
    return ["Discard ", *the(card), f": you stay {card_count(short)} short of your contract."]


def advice_lay_off(card: Card, where: str) -> Parts:
    return ["Lay off ", *the(card, mid=True), f" on {where}."]


def advice_discard_last(card: Card, last: bool) -> Parts:
    return ["Discard ", *the(card), f"{' and go out' if last else ''}: nothing more fits the table."]


# ----- selecting and planning
def selection_parts(picked: Sequence[Card], verdict: str) -> Parts:
    """'3 cards: 7 of hearts; 7 of clubs; joker: a set of 7s.'"""
    if not picked:
        return [NOTHING_SELECTED]
    return [f"{card_count(len(picked))}: ", *cards_parts(picked, WILD), verdict]


def fit_verdict(fit: bool, one: bool, where: str) -> str:
    verb = ("it fits" if one else "they fit") if fit else ("it does not fit" if one else "not all fit")
    return f": {verb} {where}."


def meld_verdict(picked: Sequence[Card], fault: str) -> str:
    if meld_kind(picked) is not None:
        return f": a {meld_name(picked)}."
    return "." if len(picked) == 1 else f": not a meld yet, {fault}."


def plan_taken_apart(mark: int, meld: Sequence[Card]) -> str:
    return f"Planned meld {mark}, {meld_name(meld)}, taken apart; its cards are free again."


def still_to_plan(left: Contract) -> str:
    return PLAN_MAKES_CONTRACT if not left.melds else f"Still to plan: {contract_words(left)}."


def not_a_meld(fault: str, picked: Sequence[Card]) -> Parts:
    return [f"That is not a meld: {fault}. ", *cards_parts(picked, WILD), "."]


def no_room_in_contract(contract: Contract, kind: str, picked: Sequence[Card]) -> str:
    more = "no" if getattr(contract, kind + "s") == 0 else "no more"
    return (f"This hand's contract is {contract_words(contract)}: {more} {kind}s. "
            f"The selection is a {meld_name(picked)}.")


def planned_meld(number: int, picked: Sequence[Card]) -> str:
    return f"Planned meld {number}, {meld_name(picked)}. "


def contract_not_met(contract: Contract, short: int) -> str:
    return (f"Your hand does not meet the contract, {contract_words(contract)}: {card_count(short)} short. "
            "Shift+C says which cards would help.")


def does_not_fit(card: Card, where: str, elsewhere: Sequence[str]) -> Parts:
    also = f" It fits {'; '.join(elsewhere)}." if elsewhere else ""
    return [*capital_parts(the(card, mid=True)), f" does not fit {where}.{also}"]


def these_do_not_fit(none: bool, where: str, left: Sequence[Card]) -> Parts:
    head = "None of the selected cards fits" if none else "These do not fit"
    return [f"{head} {where}: ", *cards_parts(left, WILD), "."]


def no_wild_in(where: str) -> str:
    return f"There is no wild in {where}."


def swap_nowhere_for_wild(card: Card, meld_id: int) -> Parts:
    return [*capital_parts(the(card, mid=True)), f" could take a wild's place in meld {meld_id}, "
            "but no other meld takes the freed wild."]


def cannot_swap_into(card: Card, where: str) -> Parts:
    return [*capital_parts(the(card, mid=True)), " cannot take a wild's place in ", where, "."]


# ----- the melds and the players
def meld_at_parts(meld_id: int, total: int, owner: str, cards: Sequence[Card]) -> Parts:
    return [f"Meld {meld_id} of {total}, {owner} {meld_name(cards)}: ", *cards_parts(ordered_meld(cards), WILD), "."]


def no_such_meld(number: int, total: int) -> str:
    have = f"melds 1 to {total}" if total else "no melds yet"
    return f"There is no meld {number}: the table has {have}."


def player_melds_parts(owner: str, melds: Sequence[Sequence[Card]], ids: Sequence[int]) -> Parts:
    return [f"{capital(owner)} melds: ", *melds_parts(melds, ids), "."]


def player_parts(who: str, dealer: bool, held: int, melds: Sequence[Sequence[Card]] | None, ids: Sequence[int],
                 bought: int, max_buys: int, total: int) -> Parts:
    """'Anna (dealer): 12 cards; laid down meld 2, ... Bought 0 of 3; total 0.'"""
    parts: Parts = [f"{who}{' (dealer)' if dealer else ''}: {card_count(held)}"]
    parts += ["; laid down ", *melds_parts(melds, ids)] if melds is not None else ["; not down yet"]
    return [*parts, f". Bought {bought} of {max_buys}; total {total}."]


def players_line(rows: Sequence[tuple[str, int, bool, int]]) -> str:
    """'You: 3 cards, down, bought 0; Anna: 12 cards, not down, bought 1.'"""
    return "; ".join(f"{who}: {card_count(held)}, {'down' if down else 'not down'}, bought {bought}"
                     for who, held, down, bought in rows) + "."


def on_offer_parts(card: Card, whence: str, pile: int) -> Parts:
    return ["On offer: ", *the(card), f", {whence}; the discard pile has {card_count(pile)}."]


def offer_whence(dealt: bool, by: str) -> str:
    return "turned up at the deal" if dealt else f"discarded by {by}"


def up_card_parts(card: Card | None, pile: int, passed: bool) -> Parts:
    if card is None:
        return ["The discard pile is empty."]
    left = " You passed on it: draw from the stock." if passed else ""
    return ["The up card is ", *the(card), f"; the discard pile has {card_count(pile)}.", left]


def contract_head(view: ContractView) -> str:
    return (f"Hand {view.hand_number} of {view.hands_total}, contract: {contract_words(view.contract)}, "
            "laid down all at once. ")


def contract_met(melds: Sequence[Sequence[Card]], left: int) -> Parts:
    return ["Your hand meets it: ", *melds_parts(melds), f", which leaves {points(left)}."]


def contract_short(short: int, naturals: Sequence[Card], more: int, any_natural: bool, wild: bool) -> Parts:
    parts: Parts = [f"Your hand does not meet it: {card_count(short)} short."]
    helpers: Parts = []
    if any_natural:
        helpers.append("any natural card")
    else:
        helpers += cards_parts(naturals, WILD) if naturals else []
        if more:
            helpers.append(f" and {more} more")
    if wild:
        helpers.append((", or " if helpers else "") + "a wild")
    return [*parts, " Cards that would help: ", *helpers, "."] if helpers else parts


def fits_nowhere(card: Card) -> Parts:
    return [*capital_parts(the(card, mid=True)), " fits no meld on the table."]


def fits_parts(card: Card, where: Sequence[str], down: bool) -> Parts:
    after = "" if down else " You may lay off once your contract is down."
    return [*capital_parts(the(card, mid=True)), f" fits {'; '.join(where)}.{after}"]


def info_words(view: ContractView, dealer: str) -> str:
    if view.phase == "over":
        return GAME_OVER
    return (f"Hand {view.hand_number} of {view.hands_total}, contract {contract_words(view.contract)}; "
            f"{dealer} dealt. Stock {card_count(view.stock_size)}, discard pile {card_count(view.discard_size)}. "
            f"Your buys this hand: {view.buys[view.seat]} of {view.max_buys}.")


def mark_words(mark: int) -> str:
    """A card's mark as H and the cursor say it: ', selected' (mark -1) or ', planned meld 2'."""
    if mark < 0:
        return SELECTED_MARK
    return f", planned meld {mark}" if mark > 0 else ""


def selected_word(selected: bool) -> str:
    return "Selected. " if selected else "Unselected. "


def meld_words(meld_id: int, owner: str | None = None, cards: Sequence[Card] = ()) -> str:
    """'meld 3, Anna's run of hearts, 5 to 8' (just 'meld 3' when the meld is gone)."""
    return f"meld {meld_id}" if owner is None else f"meld {meld_id}, {owner} {meld_name(cards)}"


def plan_dropped(number: int, meld: Sequence[Card]) -> str:
    return f"Planned meld {number}, {meld_name(meld)}, is dropped: you discarded one of its cards."


def buy_wish_parts(who: str, you: bool, card: Card, verbosity: Verbosity) -> Parts:
    """'Ben wants to buy the 7 of hearts.' (the card named: several may be on offer in one round)."""
    return [f"{who} {'want' if you else 'wants'} to buy ", *_card(card, verbosity), "."]


def nearer_got_it(who: str, card: Card, verbosity: Verbosity) -> Parts:
    """Told to a player who asked to buy a card that a player nearer in turn took or bought first."""
    return [f"{who}, nearer in turn, got ", *_card(card, verbosity), ": your buy did not happen."]


#: What each of this game's own keys does, as F1 help and docs/keys.md say it (command name to description).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "draw": "Draw from the stock; when the up card is offered to you first, pass on it and draw once the others have "
            "answered.",
    "take": "Take the up card (the top of the discard pile).",
    "discard": "Discard the current card.",
    "put-down": "Put the selection down: before your contract is down, it becomes a meld of your lay-down, laid down "
                "once the melds make the contract; after, the selected cards (or the current card) are laid off on "
                "the current meld.",
    "swap": "Swap: the selected (or current) natural takes a wild's place in the current meld; the wild moves to "
            "another meld.",
    "lay-down-best": "Lay down the best lay-down of your contract (the fewest points left).",
    "yes": "Yes to the card on offer: buy it (with a penalty card), or take it when you are next.",
    "no": "No to the card on offer: pass on it.",
    "play-hint": "Do what the hint says.",
    "hint": "Hint: what to do now (buy or pass, draw, lay down, lay off, swap or discard).",
    "select": "Select or unselect the current card; the selection is said, and whether it is a set or a run.",
    "read-selection": "Read the selection and the melds planned so far.",
    "clear-selection": "Clear the selection and the planned melds.",
    "contract": "This hand's contract, and whether your hand meets it (or how many cards it is short, and which "
                "would help).",
    "fits": "Where the current card fits: the melds on the table it can go on.",
    "next-meld": "Move to the next meld on the table and read it.",
    "previous-meld": "Move to the previous meld on the table and read it.",
    "go-to-meld": "Go to a meld by its number (type it, then Enter).",
    "read-table": "Read every meld on the table, player by player.",
    "next-player": "Move to the next player: their cards, melds and buys; the meld cursor goes to their first meld.",
    "previous-player": "Move to the previous player.",
    "players": "Every player's card count, whether they are down, and buys this hand.",
    "up-card": "The up card (the top of the discard pile), or the card on offer.",
    "wild": "What is wild: 2s and jokers, in every hand.",
    "info": "Hand number, contract, dealer, whose turn, stock and discard pile sizes.",
    "scores": "Scores: each player's total.",
    "scores-long": "Scores hand by hand, with totals and who leads.",
    "buy-questions": "Buy questions on or off: off, you are never asked and pass on every card you could buy.",
    # the hand keys this game says in its own way (the others are in table_words.KEY_HELP)
    "read-hand": "Read your whole hand in order, with the selected cards.",
})


#: The headings F1 help and docs/keys.md put over this game's own groups of keys (group, heading).
KEY_GROUPS: tuple[tuple[str, str], ...] = (("selection", "Selecting and laying down"),)
GO_TO_MELD = "Go to meld number?"
#: Said before the meld when the meld cursor is already at an end of the table.
LAST_MELD = "Last meld. "
FIRST_MELD = "First meld. "

#: The menu of places a swapped-out wild can go.
WHERE_THE_WILD_GOES = "Where the wild goes"
