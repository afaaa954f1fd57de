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
from typing import Any

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
from speech.hint_words import advice_parts, melds_advice
from speech.i18n import N_, _, current, fill, ngettext, npgettext, pgettext
from speech.narrator import Narrator
from speech.phrases import (
    GAME_OVER,
    MELD_SEPARATOR,
    capital,
    capital_parts,
    card_count,
    card_words,
    cards_parts,
    is_feminine,
    is_neuter,
    join_words,
    points,
    rank_plural,
    rank_word,
    the_card,
)
from speech.refusal_words import reason_text
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
    "hint_move_parts",
    "meld_name",
    "melds_parts",
]

Parts = list[str | Card]
_WILD = Rank.TWO
_NUMBERS = ("no", "one", "two", "three", "four", "five")
#: Contracts in words, each whole: (sets, runs) to its words (a contract has at most three melds).
_CONTRACTS: dict[tuple[int, int], str] = {
    (0, 0): N_("nothing"),
    (1, 0): N_("one set"), (2, 0): N_("two sets"), (3, 0): N_("three sets"),
    (0, 1): N_("one run"), (0, 2): N_("two runs"), (0, 3): N_("three runs"),
    (1, 1): N_("one set and one run"), (2, 1): N_("two sets and one run"), (1, 2): N_("one set and two runs"),
}
#: Runs in words by suit: the suit's own words, since a language may say "de cœur" or "d'étoiles".
_RUNS = {
    "stars": N_("run of stars, {low} to {high}"),
    "hearts": N_("run of hearts, {low} to {high}"),
    "diamonds": N_("run of diamonds, {low} to {high}"),
    "clubs": N_("run of clubs, {low} to {high}"),
    "spades": N_("run of spades, {low} to {high}"),
}


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def contract_words(contract: Contract) -> str:
    """'one set', 'two runs', 'one set and two runs', 'two sets and one run'."""
    words = _CONTRACTS.get((contract.sets, contract.runs))
    if words is not None:
        return _(words)
    sets = ngettext("{n} set", "{n} sets", contract.sets).format(n=_number(contract.sets))
    runs = ngettext("{n} run", "{n} runs", contract.runs).format(n=_number(contract.runs))
    return _("{sets} and {runs}").format(sets=sets, runs=runs)


def _value_word(value: int) -> str:
    """A run's end in words: aces rank high (14) as well as low in contract rummy."""
    return rank_word(Rank.ACE if value == 14 else Rank(value))


def meld_name(cards: Sequence[Card]) -> str:
    """'set of 7s', 'run of hearts, 5 to 8', 'run of spades, jack to ace'."""
    kind = meld_kind(cards)
    naturals = [c for c in cards if not is_wild(c)]
    if kind == "set" and naturals[0].rank is not None:
        return _("set of {ranks}").format(ranks=rank_plural(naturals[0].rank))
    if kind == "run" and naturals[0].suit is not None:
        ordered = ordered_meld(cards)
        place, natural = next((i, c) for i, c in enumerate(ordered) if not is_wild(c))
        assert natural.rank is not None
        lo = run_value(natural.rank) - place
        hi = lo + len(ordered) - 1
        return _(_RUNS[naturals[0].suit.word]).format(low=_value_word(lo), high=_value_word(hi))
    return _("meld")


def _meld_parts(cards: Sequence[Card]) -> Parts:
    # Every wild is marked, inside a named meld too: a listener counts the cards and hears which stand in.
    return list(fill(_("{meld}: {cards}"), meld=meld_name(cards), cards=cards_parts(ordered_meld(cards), Rank.TWO)))


def melds_parts(melds: Sequence[Sequence[Card]], ids: Sequence[int] | None = None) -> Parts:
    """'meld 1, set of 7s: 7 of hearts; 7 of clubs; joker, then meld 2, run of ...'."""
    if not melds:
        return [_("no melds")]
    parts: Parts = []
    for i, meld in enumerate(melds):
        if i:
            parts.append(_(MELD_SEPARATOR))
        if ids is not None:
            parts += fill(_("meld {number}, {meld}"), number=ids[i], meld=_meld_parts(meld))
        else:
            parts += _meld_parts(meld)
    return parts


def _card(card: Card, verbosity: Verbosity, *, mid: bool = False) -> Parts:
    """'the 9 of hearts', '9 of hearts' (brief); ``mid``: words follow, so a wild's mark ends in a comma
    ("the 2 of hearts, wild, on meld 1", never "wild on meld 1", which sounds as though the meld were wild).
    Brief drops the article only where the language can (Language.brief_keeps_article): French and
    Spanish keep it ("Personne n'a acheté l'as de pique")."""
    if verbosity != Verbosity.BRIEF or current().brief_keeps_article:
        return the_card(card, _WILD, mid=mid)
    wild = mid and is_wild(card) and not card.is_joker
    return [*cards_parts([card], _WILD), *([","] if wild else [])]


def _whose_meld(names: Names, owner: int, seat: int, cards: Sequence[Card]) -> str:
    """'their own set of 7s', 'Bob's run of hearts, 5 to 8', 'your set of 7s'."""
    meld = meld_name(cards)
    if owner == seat:
        return (_("your own {meld}") if seat == names.listener else _("their own {meld}")).format(meld=meld)
    if owner == names.listener:
        return _("your {meld}").format(meld=meld)
    return _("{name}'s {meld}").format(name=names.name(owner), meld=meld)


def _kind(names: Names, seat: int) -> Kind:
    return Kind.MY_TURN if seat == names.listener else Kind.OTHERS


def _said(names: Names, seat: int, mine: str, theirs: str, **values: object) -> Parts:
    """``mine`` to the seat it is about, else ``theirs`` with the player's name (both whole sentences)."""
    if seat == names.listener:
        return list(fill(_(mine), **values))
    return list(fill(_(theirs), name=names.subject(seat), **values))


def contract_utterances(event: Event, names: Names, verbosity: Verbosity = Verbosity.NORMAL) -> list[Utterance] | None:
    """``event`` told to ``names.listener``; None when it is not one of contract rummy's own events."""
    brief = verbosity == Verbosity.BRIEF
    me = names.listener
    if isinstance(event, ContractStated):
        c = Contract(event.sets, event.runs)
        text = (
            _("Contract: {contract}.").format(contract=contract_words(c))
            if brief
            else _("Hand {number} contract: {contract}, laid down all at once.").format(
                number=event.hand_number, contract=contract_words(c))
        )
        return [utter(text, kind=Kind.RESULTS)]
    if isinstance(event, BuyOffered):
        return _buy_offered(event, names, verbosity)
    if isinstance(event, BuyAnswered):
        return _buy_answered(event, names, verbosity)
    if isinstance(event, Bought):
        values: dict[str, object] = {"buys": event.buys, "most": MAX_BUYS}
        if event.seat == me and event.penalty is not None:
            values.update(card=_card(event.card, verbosity), penalty=_card(event.penalty, verbosity, mid=not brief))
            parts = list(fill(_("You bought {card}; penalty card {penalty}.") if brief
                              else _("You bought {card}; penalty card {penalty} (buy {buys} of {most})."), **values))
        else:
            values["card"] = _card(event.card, verbosity, mid=True)
            if brief:
                parts = _said(names, event.seat, N_("You bought {card} and a penalty card."),
                              N_("{name} bought {card} and a penalty card."), **values)
            else:
                parts = _said(names, event.seat, N_("You bought {card} and a penalty card (buy {buys} of {most})."),
                              N_("{name} bought {card} and a penalty card (buy {buys} of {most})."), **values)
        return [utter(*parts, kind=_kind(names, event.seat))]
    if isinstance(event, NobodyBought):
        if event.next_seat == me:
            said = fill(_("Nobody bought {card}: draw from the stock."), card=_card(event.card, verbosity))
            return [utter(*said, kind=Kind.MY_TURN)]
        if verbosity != Verbosity.DETAILED:
            return []  # after nearly every discard: news only to whoever must now draw, or on request
        return [utter(*fill(_("Nobody bought {card}."), card=_card(event.card, verbosity)), kind=Kind.OTHERS)]
    if isinstance(event, ContractLaidDown):
        ids = None if brief else event.meld_ids
        parts = _said(names, event.seat, N_("You laid down {melds}."), N_("{name} laid down {melds}."),
                      melds=melds_parts(event.melds, ids))
        return [utter(*parts, kind=_kind(names, event.seat))]
    if isinstance(event, ContractLaidOff):
        card = _card(event.card, verbosity, mid=True)
        if brief:
            parts = _said(names, event.seat, N_("You laid off {card} on meld {number}."),
                          N_("{name} laid off {card} on meld {number}."), card=card, number=event.meld_id)
        else:
            parts = _said(names, event.seat, N_("You laid off {card} on meld {number}, {meld}."),
                          N_("{name} laid off {card} on meld {number}, {meld}."), card=card, number=event.meld_id,
                          meld=_whose_meld(names, event.owner, event.seat, event.meld))
        return [utter(*parts, kind=_kind(names, event.seat))]
    if isinstance(event, ContractSwapped):
        values = {"card": _card(event.card, verbosity, mid=True), "wild": _card(event.wild, verbosity, mid=True),
                  "number": event.meld_id, "to": event.to_meld_id}
        if brief:
            parts = _said(names, event.seat, N_("You put {card} in place of {wild} in meld {number} and moved it to "
                                                "meld {to}."),
                          N_("{name} put {card} in place of {wild} in meld {number} and moved it to meld {to}."),
                          **values)
        else:
            values["meld"] = _whose_meld(names, event.owner, event.seat, event.meld)
            values["to_meld"] = _whose_meld(names, event.to_owner, event.seat, event.to_meld)
            parts = _said(names, event.seat, N_("You put {card} in place of {wild} in meld {number}, {meld}, and "
                                                "played it on meld {to}, {to_meld}."),
                          N_("{name} put {card} in place of {wild} in meld {number}, {meld}, and played it on meld "
                             "{to}, {to_meld}."), **values)
        return [utter(*parts, kind=_kind(names, event.seat))]
    if isinstance(event, HandStopped):
        return [utter(hand_stopped_words(event), kind=Kind.RESULTS)]
    if isinstance(event, ContractWentOut):
        if event.discard is None:
            parts = _said(names, event.seat, N_("You went out without discarding."),
                          N_("{name} went out without discarding."))
        else:
            parts = _said(names, event.seat, N_("You went out, discarding {card}."),
                          N_("{name} went out, discarding {card}."), card=_card(event.discard, verbosity))
        return [utter(*parts, kind=Kind.RESULTS)]
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
            if is_feminine(event.card):
                offer = pgettext("a feminine card", "Up card {card}: take it or pass.")
            elif is_neuter(event.card):
                offer = pgettext("a neuter card", "Up card {card}: take it or pass.")
            else:
                offer = pgettext("a masculine card", "Up card {card}: take it or pass.")
            return [utter(*fill(offer, card=card), kind=Kind.MY_TURN)]
        others = join_words([names.name(s) for s in event.buyers])
        if is_feminine(event.card):
            template = npgettext("a feminine card",
                                 "The up card is {card}: take it, or pass it to {players}, who may buy it.",
                                 "The up card is {card}: take it, or pass it to {players}, who may buy it.",
                                 len(event.buyers))
        elif is_neuter(event.card):
            template = npgettext("a neuter card",
                                 "The up card is {card}: take it, or pass it to {players}, who may buy it.",
                                 "The up card is {card}: take it, or pass it to {players}, who may buy it.",
                                 len(event.buyers))
        else:
            template = npgettext("a masculine card",
                                 "The up card is {card}: take it, or pass it to {players}, who may buy it.",
                                 "The up card is {card}: take it, or pass it to {players}, who may buy it.",
                                 len(event.buyers))
        said = fill(template, card=card, players=others)
        return [utter(*said, kind=Kind.MY_TURN)]
    if me in event.buyers:
        ahead = event.buyers.index(me)
        parts = list(fill(_("You may buy {card}, with a penalty card: buy or pass."), card=card))
        if verbosity == Verbosity.DETAILED:
            before = [names.name(s) for s in (event.next_seat, *event.buyers[:ahead])]
            first = (_("{name} comes first.") if len(before) == 1 else _("{names} come first.")).format(
                name=capital(join_words(before)), names=capital(join_words(before)))
            parts += [" ", first]
        return [utter(*parts, kind=Kind.MY_TURN)]
    if verbosity == Verbosity.DETAILED:
        who = join_words([names.name(s) for s in event.buyers])
        if is_feminine(event.card):
            template = npgettext("a feminine card", "{card} is on offer: {name} may take it; {players} may buy it.",
                                 "{card} is on offer: {name} may take it; {players} may buy it.", len(event.buyers))
        elif is_neuter(event.card):
            template = npgettext("a neuter card", "{card} is on offer: {name} may take it; {players} may buy it.",
                                 "{card} is on offer: {name} may take it; {players} may buy it.", len(event.buyers))
        else:
            template = npgettext("a masculine card", "{card} is on offer: {name} may take it; {players} may buy it.",
                                 "{card} is on offer: {name} may take it; {players} may buy it.", len(event.buyers))
        said = fill(template, card=_card(event.card, verbosity, mid=True), name=names.name(event.next_seat),
                    players=who)
        return [utter(*said, kind=Kind.OTHERS)]
    return []


def _buy_answered(event: BuyAnswered, names: Names, verbosity: Verbosity) -> list[Utterance]:
    if event.wants:
        return [utter(*_said(names, event.seat, N_("You want to buy it."), N_("{name} wants to buy it.")),
                      kind=_kind(names, event.seat))]
    if verbosity == Verbosity.DETAILED:
        return [utter(*_said(names, event.seat, N_("You pass."), N_("{name} passes.")), kind=_kind(names, event.seat))]
    return []


def _meld_ref(meld_id: int, table: Iterable[TableMeld], names: Names, seat: int) -> str:
    for m in table:
        if m.id == meld_id:
            return _("meld {number}, {meld}").format(number=meld_id, meld=_whose_meld(names, m.owner, seat, m.cards))
    return _("meld {number}").format(number=meld_id)


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
        return [_("Buy the up card, with a penalty card")]
    if isinstance(action, PassBuy):
        return [_("Pass")]
    if isinstance(action, Draw):
        return [_("Take the up card") if action.source == "discard" else _("Draw from the stock")]
    if isinstance(action, Discard):
        return list(fill(_("Discard {card}"), card=cards_parts([action.card], _WILD)))
    if isinstance(action, LayDown):
        return list(fill(_("Lay down {melds}"), melds=melds_parts(action.melds)))
    if isinstance(action, LayOff):
        return list(fill(_("Lay off {card} on {meld}"), card=_card(action.card, Verbosity.BRIEF, mid=True),
                         meld=_meld_ref(action.meld_id, melds, names, action.seat)))
    if isinstance(action, Swap):
        # Both melds named as they will stand, as the swap's announcement names them: the run the natural
        # goes into is '4 to 7' once the 4 is in, not the '5 to 8' the wild made it before.
        after = _after_swap(action, melds)
        where = _meld_ref(action.meld_id, after, names, action.seat)
        to = _meld_ref(action.to_meld_id, after, names, action.seat)
        return list(fill(_("Put {card} in place of {wild} in {meld}, and the wild on {to}"),
                         card=cards_parts([action.card], None), wild=_card(action.wild, Verbosity.BRIEF, mid=True),
                         meld=where, to=to))
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

    def meld_words(self, melds: Sequence[Sequence[Card]]) -> Parts:
        """Contract rummy's sets and runs (aces high), not Five Crowns books and runs."""
        return melds_parts(melds)

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
WILD_WORDS = N_("2s and jokers are wild, in every hand.")
NOTHING_SELECTED = N_("Nothing selected.")
NOTHING_PLANNED = N_("Nothing is selected or planned.")
PLAN_CLEARED = N_("Selection and planned melds cleared.")
PLAN_MAKES_CONTRACT = N_("The plan makes the contract: Enter lays it down.")
PLAN_KEPT = N_("Your planned melds are kept: Enter lays them down when you may.")
SELECT_FIRST = N_("Nothing selected: Space selects the current card. Select a meld's cards, then Enter.")
CHOOSE_MELD = N_("Choose a meld first: M and Shift+M move through the melds on the table.")
CHOOSE_SWAP_MELD = N_("Choose a meld first: M and Shift+M move to the meld with the wild.")
SWAP_ONE = N_("Select one natural card to swap, or none to swap the current card.")
SWAP_NATURAL_ONLY = N_("Only a natural card can take a wild's place.")
NO_MELDS_YET = N_("No melds on the table yet.")
CAN_LAY_DOWN = N_("You can lay down your contract: Shift+L lays down the best, or select each meld with Space "
                  "and confirm it with Enter.")
BUY_QUESTIONS_ON = N_("Buy questions on: you are asked whenever you could buy a discard.")
BUY_QUESTIONS_OFF = N_("Buy questions off: you pass on every discard you could buy, without being asked.")
DOWN_ALREADY = N_("You are down: lay off and swap until you go out.")


def the(card: Card, *, mid: bool = False) -> Parts:
    """'the 9 of clubs', 'a joker', 'the 2 of clubs, wild,' (``mid``: words follow)."""
    return the_card(card, WILD, mid=mid)


def _others(view: ContractView) -> str:
    return join_words([p for s, p in enumerate(view.players) if s != view.seat])


def resume_question(view: ContractView) -> str:
    return _("You have a saved game of Contract Rummy with {players}, hand {number} of {total}, contract "
             "{contract}. Resume it?").format(players=_others(view), number=view.hand_number, total=view.hands_total,
                                              contract=contract_words(view.contract))


def resumed_words(view: ContractView) -> str:
    return _("Resumed Contract Rummy against {players}: hand {number} of {total}, contract {contract}.").format(
        players=_others(view), number=view.hand_number, total=view.hands_total, contract=contract_words(view.contract))


def take_question(card: Card) -> Parts:
    return list(fill(_("Take {card}? Y or N; D passes it and draws from the stock."), card=the(card)))


def buy_question(card: Card) -> Parts:
    return list(fill(_("Buy {card}? It costs a penalty card. Y or N."), card=the(card)))


def offer_hint(*, melded: bool, fits: bool, short: int, helps: bool) -> str:
    if melded:
        return _("Hint: it plays straight onto the table.") if fits else _("Hint: it does not fit a meld on the table.")
    if short == 0:
        return _("Hint: your hand meets your contract already.")
    if helps:
        text = ngettext("Hint: it brings you one card closer to your contract; you are {n} card short.",
                        "Hint: it brings you one card closer to your contract; you are {n} cards short.", short)
    else:
        text = ngettext("Hint: it does not bring you closer to your contract; you are {n} card short.",
                        "Hint: it does not bring you closer to your contract; you are {n} cards short.", short)
    return text.format(n=short)


def your_draw(top: Card | None) -> Parts:
    if top is None:
        return [_("Your draw: D for the stock.")]
    return list(fill(_("Your draw: D for the stock, or T for the up card, {card}."), card=the(top)))


def can_lay_off(card: Card, meld_id: int) -> Parts:
    return list(fill(_("You can lay off {card} on meld {number}."), card=the(card, mid=True), number=meld_id))


def whose_turn_words(view: ContractView) -> str:
    if view.phase == "over":
        return _(GAME_OVER)
    if view.to_move != view.seat:
        return _("It is {name}'s turn.").format(name=view.players[view.to_move])
    if view.phase == "buy":
        return _("It is your turn: the others are deciding whether to buy the up card.")
    if view.phase == "draw":
        return _("It is your turn: draw.")
    if view.melded[view.seat]:
        return _("It is your turn: lay off, swap or discard.")
    return _("It is your turn: lay down or discard.")


# ----- the hint's advice
def advice_take(card: Card) -> Parts:
    return list(fill(_("Take {card}: it helps you. Y or T takes it."), card=the(card)))


def advice_pass_first(card: Card) -> Parts:
    return list(fill(_("Pass on {card}: it does not help you. N passes, D passes and draws from the stock."),
                     card=the(card)))


def advice_buy(card: Card) -> Parts:
    return list(fill(_("Buy {card}: it brings you closer to your contract. Y buys."), card=the(card)))


def advice_pass(card: Card) -> Parts:
    return list(fill(_("Pass on {card}: N passes."), card=the(card)))


def advice_wait(name: str | None) -> str:
    if name is not None:
        return _("Nothing to do now: it is {name}'s turn.").format(name=name)
    return _("Nothing to do now: the others are deciding whether to buy the up card.")


def advice_take_up_card(card: Card) -> Parts:
    return list(fill(_("Take the up card, {card}: it helps you. T takes it."), card=the(card)))


ADVICE_DRAW = N_("Draw from the stock: D.")


def advice_lay_down(melds: Sequence[Sequence[Card]], left: int) -> Parts:
    return list(fill(_("Lay down {melds}: that leaves {points}. Shift+L lays it down."), melds=melds_parts(melds),
                     points=points(left)))


def advice_discard_short(card: Card, short: int) -> Parts:
    return list(fill(ngettext("Discard {card}: you stay {n} card short of your contract.",
                              "Discard {card}: you stay {n} cards short of your contract.", short),
                     card=the(card), n=short))


def advice_lay_off(card: Card, where: str) -> Parts:
    return list(fill(_("Lay off {card} on {meld}."), card=the(card, mid=True), meld=where))


def advice_discard_last(card: Card, last: bool) -> Parts:
    template = _("Discard {card} and go out: nothing more fits the table.") if last else \
        _("Discard {card}: nothing more fits the table.")
    return list(fill(template, card=the(card)))


# ----- selecting and planning
def selection_parts(picked: Sequence[Card], verdict: str) -> Parts:
    """'3 cards: 7 of hearts; 7 of clubs; joker: a set of 7s.'"""
    if not picked:
        return [_(NOTHING_SELECTED)]
    # One sentence with its verdict, so a language that lacks one part says the whole of it in English.
    return list(fill(_("{count}: {cards}{verdict}"), count=card_count(len(picked)), cards=cards_parts(picked, WILD),
                     verdict=verdict))


def fit_verdict(fit: bool, one: bool, where: str) -> str:
    if fit:
        text = _(": it fits {meld}.") if one else _(": they fit {meld}.")
    else:
        text = _(": it does not fit {meld}.") if one else _(": not all fit {meld}.")
    return text.format(meld=where)


def meld_verdict(picked: Sequence[Card], fault: str) -> str:
    if meld_kind(picked) is not None:
        return _(": a {meld}.").format(meld=meld_name(picked))
    return "." if len(picked) == 1 else _(": not a meld yet, {fault}.").format(fault=reason_text(fault))


def plan_taken_apart(mark: int, meld: Sequence[Card]) -> str:
    return _("Planned meld {number}, {meld}, taken apart; its cards are free again.").format(number=mark,
                                                                                          meld=meld_name(meld))


def still_to_plan(left: Contract) -> str:
    if not left.melds:
        return _(PLAN_MAKES_CONTRACT)
    return _("Still to plan: {contract}.").format(contract=contract_words(left))


def not_a_meld(fault: str, picked: Sequence[Card]) -> Parts:
    return list(fill(_("That is not a meld: {fault}. {cards}."), fault=reason_text(fault),
                     cards=cards_parts(picked, WILD)))


def no_room_in_contract(contract: Contract, kind: str, picked: Sequence[Card]) -> str:
    values = {"contract": contract_words(contract), "meld": meld_name(picked)}
    none = getattr(contract, kind + "s") == 0
    if kind == "set":
        text = _("This hand's contract is {contract}: no sets. The selection is a {meld}.") if none else \
            _("This hand's contract is {contract}: no more sets. The selection is a {meld}.")
    else:
        text = _("This hand's contract is {contract}: no runs. The selection is a {meld}.") if none else \
            _("This hand's contract is {contract}: no more runs. The selection is a {meld}.")
    return text.format(**values)


def planned_meld(number: int, picked: Sequence[Card]) -> str:
    return _("Planned meld {number}, {meld}.").format(number=number, meld=meld_name(picked)) + " "


def contract_not_met(contract: Contract, short: int) -> str:
    return ngettext("Your hand does not meet the contract, {contract}: {n} card short. Shift+C says which cards "
                    "would help.",
                    "Your hand does not meet the contract, {contract}: {n} cards short. Shift+C says which cards "
                    "would help.", short).format(contract=contract_words(contract), n=short)


def does_not_fit(card: Card, where: str, elsewhere: Sequence[str]) -> Parts:
    card_parts = capital_parts(the(card, mid=True))
    if elsewhere:
        return list(fill(_("{card} does not fit {meld}. It fits {melds}."), card=card_parts, meld=where,
                         melds="; ".join(elsewhere)))
    return list(fill(_("{card} does not fit {meld}."), card=card_parts, meld=where))


def these_do_not_fit(none: bool, where: str, left: Sequence[Card]) -> Parts:
    template = _("None of the selected cards fits {meld}: {cards}.") if none else _("These do not fit {meld}: {cards}.")
    return list(fill(template, meld=where, cards=cards_parts(left, WILD)))


def no_wild_in(where: str) -> str:
    return _("There is no wild in {meld}.").format(meld=where)


def swap_nowhere_for_wild(card: Card, meld_id: int) -> Parts:
    return list(fill(_("{card} could take a wild's place in meld {number}, but no other meld takes the freed wild."),
                     card=capital_parts(the(card, mid=True)), number=meld_id))


def cannot_swap_into(card: Card, where: str) -> Parts:
    return list(fill(_("{card} cannot take a wild's place in {meld}."), card=capital_parts(the(card, mid=True)),
                     meld=where))


# ----- the melds and the players
def owned_meld(names: Names, owner: int, cards: Sequence[Card]) -> str:
    """'your run of hearts, 5 to 8', "Anna's set of 7s": the owner and the meld in one phrase, as each
    language orders them ('la série de 7 d'Anna')."""
    if owner == names.listener:
        return _("your {meld}").format(meld=meld_name(cards))
    return _("{name}'s {meld}").format(name=names.name(owner), meld=meld_name(cards))


def meld_at_parts(meld_id: int, total: int, owned: str, cards: Sequence[Card]) -> Parts:
    """'Meld 2 of 5, your set of 7s: ...'; ``owned`` from :func:`owned_meld`."""
    return list(fill(_("Meld {number} of {total}, {meld}: {cards}."), number=meld_id, total=total,
                     meld=owned, cards=cards_parts(ordered_meld(cards), WILD)))


def no_such_meld(number: int, total: int) -> str:
    if total:
        return _("There is no meld {number}: the table has melds 1 to {total}.").format(number=number, total=total)
    return _("There is no meld {number}: the table has no melds yet.").format(number=number)


def player_melds_parts(names: Names, owner: int, melds: Sequence[Sequence[Card]], ids: Sequence[int]) -> Parts:
    if owner == names.listener:
        return list(fill(_("Your melds: {melds}."), melds=melds_parts(melds, ids)))
    return list(fill(_("{name}'s melds: {melds}."), name=names.name(owner), melds=melds_parts(melds, ids)))


def player_parts(who: str, dealer: bool, held: int, melds: Sequence[Sequence[Card]] | None, ids: Sequence[int],
                 bought: int, max_buys: int, total: int) -> Parts:
    """'Anna (dealer): 12 cards; laid down meld 2, ... Bought 0 of 3; total 0.'"""
    name = _("{name} (dealer)").format(name=who) if dealer else who
    values = {"name": name, "count": card_count(held), "bought": bought, "most": max_buys, "total": total}
    if melds is None:
        return list(fill(_("{name}: {count}; not down yet. Bought {bought} of {most}; total {total}."), **values))
    return list(fill(_("{name}: {count}; laid down {melds}. Bought {bought} of {most}; total {total}."),
                     melds=melds_parts(melds, ids), **values))


def players_line(rows: Sequence[tuple[str, int, bool, int]]) -> str:
    """'You: 3 cards, down, bought 0; Anna: 12 cards, not down, bought 1.'"""
    return "; ".join((_("{name}: {count}, down, bought {bought}") if down
                      else _("{name}: {count}, not down, bought {bought}")).format(
        name=who, count=card_count(held), bought=bought) for who, held, down, bought in rows) + "."


def on_offer_parts(card: Card, whence: str, pile: int) -> Parts:
    return list(fill(_("On offer: {card}, {whence}; the discard pile has {count}."), card=the(card), whence=whence,
                     count=card_count(pile)))


def offer_whence(dealt: bool, by: str) -> str:
    return _("turned up at the deal") if dealt else _("discarded by {name}").format(name=by)


def up_card_parts(card: Card | None, pile: int, passed: bool) -> Parts:
    if card is None:
        return [_("The discard pile is empty.")]
    parts = list(fill(_("The up card is {card}; the discard pile has {count}."), card=the(card),
                      count=card_count(pile)))
    return [*parts, " ", _("You passed on it: draw from the stock.")] if passed else parts


def contract_head(view: ContractView) -> str:
    return _("Hand {number} of {total}, contract: {contract}, laid down all at once.").format(
        number=view.hand_number, total=view.hands_total, contract=contract_words(view.contract)) + " "


def contract_met(melds: Sequence[Sequence[Card]], left: int) -> Parts:
    return list(fill(_("Your hand meets it: {melds}, which leaves {points}."), melds=melds_parts(melds),
                     points=points(left)))


def contract_short(short: int, naturals: Sequence[Card], more: int, any_natural: bool, wild: bool) -> Parts:
    head = ngettext("Your hand does not meet it: {n} card short.", "Your hand does not meet it: {n} cards short.",
                    short).format(n=short)
    named: Parts = [] if any_natural else cards_parts(naturals, WILD) if naturals else []
    if any_natural:
        helpers = list(fill(_("any natural card, or a wild") if wild else _("any natural card")))
    elif named and more:
        helpers = list(fill(_("{cards} and {n} more, or a wild") if wild else _("{cards} and {n} more"),
                            cards=named, n=more))
    elif named:
        helpers = list(fill(_("{cards}, or a wild") if wild else "{cards}", cards=named))
    elif more:
        helpers = list(fill(_(" and {n} more, or a wild") if wild else _(" and {n} more"), n=more))
    elif wild:
        helpers = [_("a wild")]
    else:
        return [head]
    return [head, " ", *fill(_("Cards that would help: {cards}."), cards=helpers)]


def fits_nowhere(card: Card) -> Parts:
    return list(fill(_("{card} fits no meld on the table."), card=capital_parts(the(card, mid=True))))


def fits_parts(card: Card, where: Sequence[str], down: bool) -> Parts:
    values = {"card": capital_parts(the(card, mid=True)), "melds": "; ".join(where)}
    if down:
        return list(fill(_("{card} fits {melds}."), **values))
    return list(fill(_("{card} fits {melds}. You may lay off once your contract is down."), **values))


def info_words(view: ContractView, dealer: str) -> str:
    if view.phase == "over":
        return _(GAME_OVER)
    return _("Hand {number} of {total}, contract {contract}; {dealer} dealt. Stock {stock}, discard pile {pile}. "
             "Your buys this hand: {buys} of {most}.").format(
        number=view.hand_number, total=view.hands_total, contract=contract_words(view.contract), dealer=dealer,
        stock=card_count(view.stock_size), pile=card_count(view.discard_size), buys=view.buys[view.seat],
        most=view.max_buys)


def mark_words(mark: int) -> str:
    """A card's mark as H and the cursor say it: ', selected' (mark -1) or ', planned meld 2'."""
    if mark < 0:
        return _(SELECTED_MARK)
    return _(", planned meld {number}").format(number=mark) if mark > 0 else ""


def selected_word(selected: bool) -> str:
    return _("Selected. ") if selected else _("Unselected. ")


def meld_words(meld_id: int, owned: str | None = None) -> str:
    """'meld 3, Anna's run of hearts, 5 to 8' (just 'meld 3' when the meld is gone); ``owned`` from
    :func:`owned_meld`."""
    if owned is None:
        return _("meld {number}").format(number=meld_id)
    return _("meld {number}, {meld}").format(number=meld_id, meld=owned)


def plan_dropped(number: int, meld: Sequence[Card]) -> str:
    return _("Planned meld {number}, {meld}, is dropped: you discarded one of its cards.").format(
        number=number, meld=meld_name(meld))


def buy_wish_parts(who: str, you: bool, card: Card, verbosity: Verbosity) -> Parts:
    """'Ben wants to buy the 7 of hearts.' (the card named: several may be on offer in one round)."""
    if you:
        return list(fill(_("You want to buy {card}."), card=_card(card, verbosity)))
    return list(fill(_("{name} wants to buy {card}."), name=who, card=_card(card, verbosity)))


def nearer_got_it(who: str, card: Card, verbosity: Verbosity) -> Parts:
    """Told to a player who asked to buy a card that a player nearer in turn took or bought first."""
    return list(fill(_("{name}, nearer in turn, got {card}: your buy did not happen."), name=who,
                     card=_card(card, verbosity)))


#: What each of this game's own keys does, as F1 help and docs/keys.md say it (command name to description).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "draw": N_("Draw from the stock; when the up card is offered to you first, pass on it and draw once the others "
               "have answered."),
    "take": N_("Take the up card (the top of the discard pile)."),
    "lay-off": N_("Lay off the selected cards (or the current card) on the current meld, once your contract is "
                  "down."),
    "put-down": N_("Put the selection down: before your contract is down, it becomes a meld of your lay-down, laid "
                   "down once the melds make the contract; after, the selected cards (or the current card) are laid "
                   "off on the current meld."),
    "swap": N_("Swap: the selected (or current) natural takes a wild's place in the current meld; the wild moves to "
               "another meld."),
    "lay-down-best": N_("Lay down the best lay-down of your contract (the fewest points left)."),
    "yes": N_("Yes to the card on offer: buy it (with a penalty card), or take it when you are next."),
    "no": N_("No to the card on offer: pass on it."),
    "best-melds": N_("What your hand makes now: whether it meets this hand's contract, with the best lay-down, "
                     "or how many cards it is short and which would help."),
    "hint": N_("Hint: what to do now (buy or pass, draw, lay down, lay off, swap or discard)."),
    "select": N_("Select or unselect the current card; the selection is said, and whether it is a set or a run."),
    "read-selection": N_("Read the selection and the melds planned so far."),
    "clear-selection": N_("Clear the selection and the planned melds."),
    "contract": N_("This hand's contract, and whether your hand meets it (or how many cards it is short, and which "
                   "would help)."),
    "fits": N_("Where the current card fits: the melds on the table it can go on."),
    "go-to-meld": N_("Go to a meld by its number (type it, then Enter)."),
    "read-table": N_("Read every meld on the table, player by player."),
    "next-player": N_("Move to the next player: their cards, melds and buys; the meld cursor goes to their first "
                      "meld."),
    "previous-player": N_("Move to the previous player."),
    "players": N_("Every player's card count, whether they are down, and buys this hand."),
    "up-card": N_("The up card (the top of the discard pile), or the card on offer."),
    "wild": N_("What is wild: 2s and jokers, in every hand."),
    "info": N_("Hand number, contract, dealer, whose turn, stock and discard pile sizes."),
    "buy-questions": N_("Buy questions on or off: off, you are never asked and pass on every card you could buy."),
    # the hand keys this game says in its own way (the others are in table_words.KEY_HELP)
    "read-hand": N_("Read your whole hand in order, with the selected cards."),
})


#: The headings F1 help and docs/keys.md put over this game's own groups of keys (group, heading).
KEY_GROUPS: tuple[tuple[str, str], ...] = (("selection", N_("Selecting and laying down")),)
GO_TO_MELD = N_("Go to meld number?")
#: Said before the meld when the meld cursor is already at an end of the table.
LAST_MELD = N_("Last meld. ")
FIRST_MELD = N_("First meld. ")

#: The menu of places a swapped-out wild can go.
WHERE_THE_WILD_GOES = N_("Where the wild goes")


def hint_move_parts(action: Action, view: Any) -> Parts | None:
    """Contract rummy's own moves as a hint's advice (the catalog entry's ``hint_words``): lay down,
    lay off, swap, buy or pass; None for a move of the shared kinds."""
    wild = getattr(view, "wild_rank", None)
    if isinstance(action, LayDown):
        return melds_advice("Lay down", action.melds, wild)
    if isinstance(action, LayOff):
        return advice_parts(_("Lay off {the_card} on meld {meld}"), the_card=the_card(action.card, wild, mid=True),
                            meld=action.meld_id)
    if isinstance(action, Swap):
        return advice_parts(_("Swap {the_card} for {the_wild} in meld {meld}, and play the wild on meld {other}"),
                            the_card=the_card(action.card, wild), the_wild=the_card(action.wild, wild, mid=True),
                            meld=action.meld_id, other=action.to_meld_id)
    offer = getattr(view, "offer", None)
    if isinstance(action, Buy):
        return advice_parts(_("Buy {the_card}"), the_card=the_card(offer, wild)) if isinstance(offer, Card) else [
            _("Buy the up card")]
    if isinstance(action, PassBuy):
        return advice_parts(_("Pass on {the_card}"), the_card=the_card(offer, wild)) if isinstance(offer, Card) else [
            _("Pass on the up card")]
    return None
