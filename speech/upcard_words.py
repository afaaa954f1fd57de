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

from engine.actions import Action
from engine.cards import Card, Rank
from engine.events import Event, seen_by
from engine.rules.upcard_rummy import (
    HandOpened,
    LaidOff,
    LayOff,
    Meld,
    Melded,
    PlayerWentOut,
    TakeDiscards,
    TookDiscards,
    UpcardHandEnded,
)
from speech.draw_discard_words import hand_over_words
from speech.hint_words import advice_parts, melds_advice
from speech.i18n import N_, _, fill, ngettext, pgettext
from speech.narrator import Narrator
from speech.phrases import (
    GAME_OVER,
    capital,
    capital_parts,
    card_count,
    cards_parts,
    is_feminine,
    is_neuter,
    join_words,
    melds_parts,
    rank_plural,
    the_card,
)
from speech.phrases import (
    points as point_count,
)
from speech.refusal_words import reason_text
from speech.results import Names
from speech.table_words import DISCARD_PILE_EMPTY
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "BOTTOM_CARD",
    "KEY_GROUPS",
    "KEY_HELP",
    "TOP_CARD",
    "UpcardNarrator",
    "hint_move_parts",
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
        return _("All tied at {total}.").format(total=best)
    who = capital(join_words([names.name(s) for s in lead]))
    if len(lead) == 1 and lead[0] != names.listener:
        return _("{name} leads with {total}.").format(name=who, total=best)
    if lead == [names.listener]:
        return _("You lead with {total}.").format(total=best)
    return _("{names} lead with {total}.").format(names=who, total=best)


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
            ups += fill(_("{name} {card}, {count}"), name=names.name(seat), card=self._card(ev.up_cards[seat]),
                        count=card_count(ev.hand_sizes[seat]))
        wild = rank_plural(ev.wild_rank)
        if self._brief:
            said = fill(_("Hand {number}, {ranks} wild. Up cards: {up_cards}. Discard pile: {card}."),
                        number=ev.hand_number, ranks=wild, up_cards=ups, card=self._card(ev.turned_up, article=False))
            return [utter(*said, kind=Kind.RESULTS)]
        parts: Parts = self._said(
            ev.dealer,
            N_("Hand {number}. You deal; your up card makes {ranks} wild. Up cards: {up_cards}. "
               "The discard pile starts with {card}."),
            N_("Hand {number}. {name} deals; {name}'s up card makes {ranks} wild. Up cards: {up_cards}. "
               "The discard pile starts with {card}."),
            number=ev.hand_number, ranks=wild, up_cards=ups, card=self._card(ev.turned_up))
        if self.verbosity == Verbosity.DETAILED:
            parts += [" ", *self._said(ev.first_player, N_("You play first."), N_("{name} plays first.")), " ",
                      _("The game ends after a hand in which someone reaches {target}.").format(target=ev.target)]
        return [utter(*parts, kind=Kind.RESULTS)]

    # ----------------------------------------------------------------- a turn
    def _took(self, ev: TookDiscards) -> list[Utterance]:
        n = len(ev.cards)
        del self.discard_pile[max(len(self.discard_pile) - n, 0) :]
        self.sizes[ev.seat] = self.sizes.get(ev.seat, 0) + n
        target = ev.cards[0]
        cards = cards_parts(ev.cards, self.wild_rank)
        if self._brief:
            said = fill(_("{name}: took {n} back to {card}: {cards}."), name=self.names.subject(ev.seat), n=n,
                        card=self._card(target, article=False), cards=cards)
            return [utter(*said, kind=self._kind(ev.seat))]
        if n == 1:
            parts = self._said(ev.seat, N_("You took the top card of the discard pile, back to {card}: {cards}."),
                               N_("{name} took the top card of the discard pile, back to {card}: {cards}."),
                               card=self._card(target), cards=cards)
        else:
            parts = self._said(ev.seat, N_("You took {count} from the discard pile, back to {card}: {cards}."),
                               N_("{name} took {count} from the discard pile, back to {card}: {cards}."),
                               count=card_count(n), card=self._card(target), cards=cards)
        return [utter(*parts, kind=self._kind(ev.seat))]

    def _meld_name(self, index: int) -> str:
        rank = self.meld_ranks[index] if 0 <= index < len(self.meld_ranks) else None
        if rank is None:
            return _("meld {number}").format(number=index + 1)
        return _("meld {number}, {ranks}").format(number=index + 1, ranks=rank_plural(rank))

    def _melded(self, ev: Melded) -> list[Utterance]:
        rank = next((c.rank for c in ev.cards if c.rank is not None and c.rank != self.wild_rank), None)
        while len(self.owners) <= ev.index:
            self.owners.append(ev.seat)
            self.meld_ranks.append(rank or Rank.ACE)
        self.owners[ev.index] = ev.seat
        if rank is not None:
            self.meld_ranks[ev.index] = rank
        self.sizes[ev.seat] = max(self.sizes.get(ev.seat, 0) - len(ev.cards), 0)
        plural = rank_plural(rank) if rank is not None else _("wilds")
        cards = cards_parts(ev.cards, self.wild_rank)
        values = {"ranks": plural, "number": ev.index + 1, "cards": cards}
        if self._brief:
            said = fill(_("{name}: meld {number}, {ranks}: {cards}."), name=self.names.subject(ev.seat), **values)
            return [utter(*said, kind=self._kind(ev.seat))]
        if ev.first:
            parts = self._said(ev.seat, N_("You melded for the first time: {ranks}, meld {number}: {cards}."),
                               N_("{name} melded for the first time: {ranks}, meld {number}: {cards}."), **values)
        else:
            parts = self._said(ev.seat, N_("You melded: {ranks}, meld {number}: {cards}."),
                               N_("{name} melded: {ranks}, meld {number}: {cards}."), **values)
        if self.verbosity == Verbosity.DETAILED and ev.first and self._mine(ev.seat):
            parts += [" ", _("From your next turn you may lay off and dig into the discard pile.")]
        parts += self._size_note(ev.seat)
        return [utter(*parts, kind=self._kind(ev.seat))]

    def _laid_off(self, ev: LaidOff) -> list[Utterance]:
        self.sizes[ev.seat] = max(self.sizes.get(ev.seat, 0) - 1, 0)
        name = self._meld_name(ev.index)
        if self._brief:
            said = fill(_("{name}: {card} on {meld}."), name=self.names.subject(ev.seat),
                        card=self._card(ev.card, article=False), meld=name)
            return [utter(*said, kind=self._kind(ev.seat))]
        # A wild card ends in ", wild"; a comma after it keeps "wild" from running into "on".
        card = self._card(ev.card, mid=True)
        if ev.owner == ev.seat:
            parts = self._said(ev.seat, N_("You laid off {card} on your own {meld}."),
                               N_("{name} laid off {card} on their own {meld}."), card=card, meld=name)
        elif ev.owner == self.listener:
            parts = self._said(ev.seat, N_("You laid off {card} on your {meld}."),
                               N_("{name} laid off {card} on your {meld}."), card=card, meld=name)
        else:
            parts = self._said(ev.seat, N_("You laid off {card} on {owner}'s {meld}."),
                               N_("{name} laid off {card} on {owner}'s {meld}."), card=card, meld=name,
                               owner=self.names.name(ev.owner))
        return [utter(*parts, *self._size_note(ev.seat), kind=self._kind(ev.seat))]

    def _player_went_out(self, ev: PlayerWentOut) -> list[Utterance]:
        self.sizes[ev.seat] = 0
        went = self._said(ev.seat, N_("You went out."), N_("{name} went out."))
        if not ev.last_turns:
            rest = [" ", _("Everyone else has melded: no last turns.")] if not self._brief else []
        else:
            turns = capital(join_words([self.names.name(s) for s in ev.last_turns]))
            if tuple(ev.last_turns) == (self.listener,):
                rest = [" ", _("You have one last turn.")]
            elif len(ev.last_turns) == 1:
                rest = [" ", _("{name} has one last turn.").format(name=turns)]
            else:
                rest = [" ", _("{names} have one last turn.").format(names=turns)]
        return [utter(*went, *rest, kind=self._kind(ev.seat))]

    # ----------------------------------------------------------------- results
    def _upcard_hand_ended(self, ev: UpcardHandEnded) -> list[Utterance]:
        names = self.names
        seats = range(len(ev.points))
        head = hand_over_words(names, ev.hand_number, ev.went_out)
        if self._brief:
            points = ", ".join(_("{name} {total}").format(name=names.name(s), total=ev.points[s]) for s in seats)
            totals = ", ".join(_("{name} {total}").format(name=names.name(s), total=ev.totals[s]) for s in seats)
            return [utter(_("{head} Points: {points}. Totals: {totals}.").format(head=head, points=points,
                                                                                 totals=totals), kind=Kind.RESULTS)]
        lines = [utter(head, kind=Kind.RESULTS)]
        for s in seats:
            score = _("{plus} on the table, {minus} in hand: {points}. Total {total}.").format(
                plus=ev.plus[s], minus=ev.minus[s], points=point_count(ev.points[s]), total=ev.totals[s])
            if self.verbosity == Verbosity.DETAILED:
                parts = fill(_("{name}: on the table: {on_table}. In hand: {in_hand}. {score}"),
                             name=names.subject(s), on_table=cards_parts(ev.on_table[s], self.wild_rank),
                             in_hand=cards_parts(ev.in_hand[s], self.wild_rank), score=score)
            else:
                parts = fill(_("{name}: {score}"), name=names.subject(s), score=score)
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

NO_LAST_TURN = N_("You have melded, so you get no last turn.")
LAST_TURN_TIP = N_("Last turn: draw, lay down one meld of exactly three cards if you can, then discard.")
NOTHING_SELECTED = N_("Nothing selected.")
SELECT_FIRST = N_("Select cards with Space first, then Enter puts them down.")
NO_MELDS_TO_LAY_OFF_ON = N_("There are no melds on the table yet.")
NO_PAIR_IN_PILE = N_("No card in the discard pile matches a natural pair in your hand.")
PILE_GO_TO = N_("Go to which card of the discard pile, counting from the top?")
TO_A_TARGET = N_(" Shift+Down moves to a card you could take back to.")


def the(card: Card, wild: Rank) -> list[str | Card]:
    return the_card(card, wild)


def _totals_list(names: Names, totals: Sequence[int]) -> str:
    return ", ".join(_("{name} {total}").format(name=names.name(s), total=t) for s, t in enumerate(totals))


def totals_words(names: Names, totals: Sequence[int], target: int) -> str:
    """'Totals: you 455, Anna 455, Ben 10. You and Anna lead with 455, 45 short of the target.'"""
    listed = _totals_list(names, totals)
    lead = upcard_leaders_words(names, totals)
    best = max(totals, default=0)
    if lead and best < target:
        lead = _("{leaders} {short} short of the target.").format(leaders=lead.removesuffix(".") + ",",
                                                                  short=target - best)
    text = _("Totals: {totals}.").format(totals=listed)
    return f"{text} {lead}" if lead else text


def resume_question(names: Names, players: Sequence[str], seat: int, hand: int, totals: Sequence[int],
                    target: int) -> str:
    others = join_words([p for s, p in enumerate(players) if s != seat])
    return _("You have a saved game of Upcard Rummy with {players}, hand {number}, totals {totals}, "
             "target {target}. Resume it?").format(players=others, number=hand, totals=_totals_list(names, totals),
                                                   target=target)


def resumed_words(names: Names, players: Sequence[str], seat: int, hand: int, wild: Rank, totals: Sequence[int],
                  target: int) -> str:
    others = join_words([p for s, p in enumerate(players) if s != seat])
    head = _("Resumed Upcard Rummy against {players}: hand {number}, {ranks} wild, target {target}.").format(
        players=others, number=hand, ranks=rank_plural(wild), target=target)
    return f"{head} {totals_words(names, totals, target)}"


def take_back_tip(n: int) -> str:
    if n == 1:
        return _("You could take the discard pile back to 1 card: Shift+K says what it would cost, "
                 "Shift+Down moves to it.")
    return _("You could take the discard pile back to any of {n} cards: Shift+K says what each would cost, "
             "Shift+Down moves to them.").format(n=n)


def go_out_tip(card: Card, wild: Rank) -> list[str | Card]:
    if is_feminine(card):
        tip = pgettext("a feminine card", "You can go out this turn: put down everything but {card}, then discard it.")
    elif is_neuter(card):
        tip = pgettext("a neuter card", "You can go out this turn: put down everything but {card}, then discard it.")
    else:
        tip = pgettext("a masculine card", "You can go out this turn: put down everything but {card}, then discard it.")
    return list(fill(tip, card=the(card, wild)))


def whose_turn_words(over: bool, mine: bool, last_turn: bool, step: str, player: str) -> str:
    if over:
        return _(GAME_OVER)
    if mine:
        text = _("It is your last turn: {step}.") if last_turn else _("It is your turn: {step}.")
        return text.format(step=_(step))
    return _("It is {name}'s turn.").format(name=player)


#: The steps of a turn, as whose_turn_words says them.
TURN_STEPS = (N_("draw"), N_("meld or discard"), N_("discard"))


def _tip(tip: bool) -> str:
    return _(TO_A_TARGET) if tip else ""


def not_natural_target(card: Card, wild: Rank, tip: bool) -> list[str | Card]:
    return [*fill(_("The pile cursor is on {card}: you can take back only to a natural card matching a pair "
                    "you hold."), card=the(card, wild)), _tip(tip)]


def no_pair_for(card: Card, wild: Rank, depth: int, tip: bool) -> list[str | Card]:
    assert card.rank is not None
    return [*fill(_("You hold no natural pair of {ranks} to take back to {card}, {depth} from the top."),
                  ranks=rank_plural(card.rank), card=the(card, wild), depth=depth), _tip(tip)]


def selected_parts(selected: bool, card: Card, wild: Rank, count: int) -> list[str | Card]:
    """What Space says of the card it toggled and how many are selected now, in one sentence (the
    cards themselves are on Z): 'Selected the 8 of spades: 2 selected.'"""
    if selected:
        template = ngettext("Selected the {card}: {n} selected. ", "Selected the {card}: {n} selected. ", count)
    else:
        template = ngettext("Unselected the {card}: {n} selected. ", "Unselected the {card}: {n} selected. ", count)
    return list(fill(template, card=cards_parts([card], wild), n=count))


def selection_cleared(had: bool) -> str:
    return _("Selection cleared.") if had else _("Nothing was selected.")


def selection_parts(cards: Sequence[Card], wild: Rank, verdict: str) -> list[str | Card]:
    if not cards:
        return [_(NOTHING_SELECTED)]
    n = len(cards)
    said = fill(ngettext("{n} selected: {cards}. ", "{n} selected: {cards}. ", n), n=n, cards=cards_parts(cards, wild))
    return [*said, verdict]


def meld_verdict(rank: Rank, value: int, but: str) -> str:
    """'A meld of 9s, worth 120: Enter lays it down.' or '..., but <why not now>.'"""
    values = {"ranks": rank_plural(rank), "value": value}
    if but == "later":
        return _("A meld of {ranks}, worth {value}.").format(**values)
    if but == "first-meld-now":
        return _("A meld of {ranks}, worth {value}, but you made your first meld this turn: discard now.").format(
            **values)
    if but == "first-meld-three":
        return _("A meld of {ranks}, worth {value}, but your first meld of a hand is exactly three cards.").format(
            **values)
    if but == "keep-one":
        return _("A meld of {ranks}, worth {value}, but keep a card to discard.").format(**values)
    return _("A meld of {ranks}, worth {value}: Enter lays it down.").format(**values)


def fit_verdict(one: bool, where: str | None, when: str) -> str:
    """``where``: the meld the cards fit, or None when they fit several."""
    if when == "now":
        text = _("Not a meld, but it fits {where}: Enter or Shift+O lays off.") if one else \
            _("Not a meld, but they fit {where}: Enter or Shift+O lays off.")
    elif when == "melded":
        text = _("Not a meld, but it fits {where}.") if one else _("Not a meld, but they fit {where}.")
    else:
        text = _("Not a meld, but it fits {where}; you may lay off from the turn after your first meld.") if one \
            else _("Not a meld, but they fit {where}; you may lay off from the turn after your first meld.")
    return text.format(where=where if where is not None else _("melds"))


def not_a_meld(problem: str) -> str:
    """'Not a meld: a meld needs at least 3 cards.': the rules' reason, in the player's language."""
    return _("Not a meld: {problem}.").format(problem=reason_text(problem))


def fits_no_meld(card: Card, wild: Rank) -> list[str | Card]:
    assert card.rank is not None
    return list(fill(_("The {card} fits no meld on the table: there is no meld of {ranks}."),
                     card=cards_parts([card], wild), ranks=rank_plural(card.rank)))


def best_melds_parts(melds: Sequence[Sequence[Card]], loose: Sequence[Card], melded_value: int, against: int,
                     wild: Rank, after: tuple[int, int] | None = None) -> list[str | Card]:
    """What the hand makes now (Alt+M, in every game): its best melds and value, the cards left over and
    what they would count against you. ``after``: the player is to discard, and this is the fewest
    cards left loose and the least against you a discard leaves (the hand's loose cards still hold the
    card about to go)."""
    parts: list[str | Card] = (list(fill(_("Melds: {melds}, worth {value}."), melds=melds_parts(melds, wild),
                                         value=melded_value)) if melds else [_("No melds yet.")])
    if loose:
        parts += [" ", *fill(ngettext("{n} card would not meld, {against} against you: {cards}.",
                                      "{n} cards would not meld, {against} against you: {cards}.", len(loose)),
                             n=len(loose), against=against, cards=cards_parts(list(loose), wild))]
    else:
        parts += [" ", _("Everything melds.")]
    if after is not None:
        left, least = after
        parts += [" ", ngettext("After your discard, at best {n} card would not meld, {against} against you.",
                                "After your discard, at best {n} cards would not meld, {against} against you.",
                                left).format(n=left, against=least) if left
                  else _("After your discard, everything melds.")]
    return parts


def waiting_hand_parts(player: str, melded: int, melded_value: int, deadwood: int, against: int) -> list[str | Card]:
    if melded:
        return [_("It is {name}'s turn. Your hand now: {melded} would meld, worth {value}; {deadwood} would not, "
                  "{against} against you.").format(name=player, melded=card_count(melded), value=melded_value,
                                                   deadwood=card_count(deadwood), against=against)]
    return [_("It is {name}'s turn. Your hand now: {deadwood} would not, {against} against you.").format(
        name=player, deadwood=card_count(deadwood), against=against)]


def pile_parts(pile: Sequence[Card], wild: Rank) -> list[str | Card]:
    """The whole discard pile, from the top."""
    if not pile:
        return [_(DISCARD_PILE_EMPTY)]
    return list(fill(_("{count}; from the top: {cards}."), count=card_count(len(pile)),
                     cards=cards_parts(list(reversed(pile)), wild)))


def pile_note(depth: int, melds: int, later: bool) -> str:
    if later:
        return " " + _("You hold a pair of its rank: you could take back to it from the turn after your first meld.")
    return " " + _("You could take back to it: {depth}, melding {melds}.").format(depth=card_count(depth),
                                                                               melds=card_count(melds))


def pile_card_parts(edge: str, card: Card, wild: Rank, depth: int, size: int, note: str, *,
                    still: bool = False) -> list[str | Card]:
    """The discard pile's card under the cursor: '{card}, 3 of 9 from the top.'; ``still``: the cursor
    did not move ('Still on the 9 of clubs, …', a whole sentence, its article the card's)."""
    if still:
        where = fill(_("Still on {the_card}, {depth} of {size} from the top."), the_card=the_card(card, wild),
                     depth=depth, size=size)
    else:
        where = fill(_("{card}, {depth} of {size} from the top."), card=cards_parts([card], wild), depth=depth,
                     size=size)
    return [_(edge), *where, note]


def no_pile_place(size: int, depth: int) -> str:
    return _("The discard pile has {count}; there is no card {depth} from the top.").format(
        count=card_count(size), depth=depth)


def no_target_beyond(deeper: bool) -> str:
    if deeper:
        return _("No card deeper that you could take back to.") + " "
    return _("No card nearer the top that you could take back to.") + " "


def take_back_head(n: int, when: str) -> str:
    count_ = card_count(n)
    if when == "later":
        return _("You could take back to {count} from the turn after your first meld:").format(count=count_)
    if when == "now":
        return _("You could take back to {count} now, instead of drawing:").format(count=count_)
    return _("You could take back to {count} at the start of your turn:").format(count=count_)


def take_back_option_parts(target: Card, depth: int, meld: Sequence[Card], gain: int, kept: Sequence[Card],
                           cost: int, fits: int, wild: Rank) -> list[str | Card]:
    parts = list(fill(_("{card}, {depth} from the top. You meld {cards}: {gain} on the table."),
                      card=cards_parts([target], wild), depth=card_count(depth), cards=cards_parts(meld, wild),
                      gain=gain))
    if not kept:
        return [*parts, " ", _("Nothing else is taken.")]
    n = len(kept)
    if not fits:
        more = ngettext("{n} more card comes into your hand, {cost} against you unless put down: {cards}.",
                        "{n} more cards come into your hand, {cost} against you unless put down: {cards}.", n)
    elif fits == 1:
        more = ngettext("{n} more card comes into your hand, {cost} against you unless put down; 1 of them fits a "
                        "meld: {cards}.",
                        "{n} more cards come into your hand, {cost} against you unless put down; 1 of them fits a "
                        "meld: {cards}.", n)
    else:
        more = ngettext("{n} more card comes into your hand, {cost} against you unless put down; {fits} of them fit "
                        "a meld: {cards}.",
                        "{n} more cards come into your hand, {cost} against you unless put down; {fits} of them fit "
                        "a meld: {cards}.", n)
    return [*parts, " ", *fill(more, n=n, cost=cost, fits=fits, cards=cards_parts(kept, wild))]


def meld_name(number: int, rank: Rank) -> str:
    return _("meld {number}, {ranks}").format(number=number, ranks=rank_plural(rank))


def meld_owner(name: str | None) -> str:
    """Whose a meld is, as 'Meld 2, aces, {owner}' says it: 'yours', "Anna's" ('la vôtre', 'posée par
    Anna'); ``name`` None for the listener's own."""
    if name is None:
        return pgettext("a meld's owner", "yours")
    return pgettext("a meld's owner", "{name}'s").format(name=name)


def meld_number(number: int, total: int | None = None) -> str:
    """A meld's number, with how many there are when ``total`` is given: '2', '2 of 5'."""
    return str(number) if total is None else pgettext("a meld's number", "{number} of {total}").format(
        number=number, total=total)


def meld_parts(number: str, rank: Rank, owner: str, cards: Sequence[Card], layoffs: Sequence[tuple[str, Card]],
               wild: Rank) -> list[str | Card]:
    """'Meld 2, aces, Anna's: ...; laid off: ace of diamonds by Anna.'"""
    listed = cards_parts(cards, wild)
    values = {"number": number, "ranks": rank_plural(rank), "owner": owner, "cards": listed}
    if not layoffs:
        return list(fill(_("Meld {number}, {ranks}, {owner}: {cards}."), **values))
    offs: list[str | Card] = []
    for i, (who, card) in enumerate(layoffs):
        if i:
            offs.append("; ")
        offs += fill(_("{card} by {name}"), card=cards_parts([card], wild), name=who)
    return list(fill(_("Meld {number}, {ranks}, {owner}: {cards}. Laid off: {layoffs}."), layoffs=offs, **values))


def melds_on_table(n: int) -> str:
    return ngettext("{n} meld on the table.", "{n} melds on the table.", n).format(n=n)


def top_card_parts(card: Card | None, wild: Rank, size: int) -> list[str | Card]:
    if card is None:
        return [_(DISCARD_PILE_EMPTY)]
    return list(fill(_("The top card is {card}; the discard pile has {count}."), card=the(card, wild),
                     count=card_count(size)))


def scores_words(target: int, totals: str) -> str:
    return _("Target {target}. {totals}").format(target=target, totals=totals)


def no_scores_yet(target: int) -> str:
    return _("No hand has been scored yet. Target {target}.").format(target=target)


def melded_status(melded: bool, this_turn: bool) -> str:
    if melded and not this_turn:
        return _("You have melded: you may lay off and take the pile back.")
    if melded:
        return _("You melded this turn: discard now.")
    return _("You have not melded yet: your first meld is exactly three cards.")


def melds_count(n: int) -> str:
    if n == 0:
        return _("no melds on the table")
    return ngettext("{n} meld on the table", "{n} melds on the table", n).format(n=n)


def info_words(hand: int, wild: Rank, dealer: str, stock: int, pile: int, melds: int, status: str) -> str:
    return _("Hand {number}, {ranks} wild, {dealer} dealt. Stock {stock}, discard pile {pile}, {melds}. "
             "{status}").format(number=hand, ranks=rank_plural(wild), dealer=dealer, stock=card_count(stock),
                                pile=card_count(pile), melds=melds_count(melds), status=status)


def wild_deal_parts(wild: Rank, dealer: str | None, at_deal: Sequence[tuple[str, Card, int]]) -> list[str | Card]:
    """'6s are wild: your up card. At the deal: Anna the king of spades, 13 cards; ...' (``dealer`` None: you)."""
    listed: list[str | Card] = []
    for i, (who, card, size) in enumerate(at_deal):
        if i:
            listed.append("; ")
        listed += fill(_("{name} {card}, {count}"), name=who, card=the(card, wild), count=card_count(size))
    if dealer is None:
        template = _("{ranks} are wild: your up card. At the deal: {up_cards}.")
    else:
        template = _("{ranks} are wild: the dealer {dealer}'s up card. At the deal: {up_cards}.")
    return capital_parts(fill(template, ranks=rank_plural(wild), dealer=dealer or "", up_cards=listed))


def player_table_parts(who: str, melds: Sequence[tuple[int, Rank, Sequence[Card]]],
                       layoffs: Sequence[tuple[int, Sequence[Card]]], value: int, wild: Rank) -> list[str | Card]:
    """'Anna: meld 1, aces: ...; laid off on meld 2: ... . 300 on the table.'"""
    pieces: list[tuple[str | Card, ...]] = [
        fill(_("meld {number}, {ranks}: {cards}"), number=n, ranks=rank_plural(rank), cards=cards_parts(cards, wild))
        for n, rank, cards in melds]
    pieces += [fill(_("laid off on meld {number}: {cards}"), number=n, cards=cards_parts(cards, wild))
               for n, cards in layoffs]
    if not pieces:
        return [_("{name}: nothing on the table yet.").format(name=who)]
    listed: list[str | Card] = []
    for i, piece in enumerate(pieces):
        if i:
            listed.append("; ")
        listed += piece
    return list(fill(_("{name}: {melds}. {value} on the table."), name=who, melds=listed, value=value))


def opponent_parts(name: str, held: int, melded: bool, value: int, last: Card | None, opened: bool,
                   wild: Rank) -> list[str | Card]:
    values = {"name": name, "count": card_count(held), "value": value}
    if melded:
        head = _("{name}: {count}, melded, {value} on the table").format(**values)
    else:
        head = _("{name}: {count}, not melded, {value} on the table").format(**values)
    if last is not None:
        return list(fill(_("{said}, last discarded {card}"), said=head, card=the(last, wild)))
    if opened:
        return [_("{said}, no discard yet").format(said=head)]
    return [head]


#: What each of this game's own keys does, as F1 help and docs/keys.md say it (command name to description).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "take": N_("Take the discard pile back to the card under the pile cursor and meld it with your natural pair of its "
               "rank (selected wilds join the meld)."),
    "discard": N_("Discard the current card: your turn ends (with your last card, you go out)."),
    "put-down": N_("Put down the selected cards: a new meld if they make one, otherwise laid off on melds that take "
                   "them."),
    "lay-off": N_("Lay off the selected cards, or the current card, on the current meld if it fits, otherwise on a "
                  "meld that takes it."),
    "play-hint": N_("Do what the hint says (one step)."),
    "best-melds": N_("What your hand makes now: the best melds and their worth, and the cards that would not "
                     "meld."),
    "select": N_("Select or unselect the current card, and hear how many are selected and whether they make a "
                 "meld (Z names them)."),
    "read-selection": N_("Read the selection and whether it is a meld."),
    "clear-selection": N_("Clear the selection."),
    "pile-up": N_("Move the pile cursor one card toward the top."),
    "pile-down": N_("Move the pile cursor one card deeper."),
    "next-take-back": N_("Move the pile cursor to the next card, deeper, that you could take back to."),
    "previous-take-back": N_("Move the pile cursor to the previous card, nearer the top, that you could take back to."),
    "pile-go-to": N_("Go to a card of the discard pile by its place from the top (type it, then Enter)."),
    "take-back-options": N_("Every card you could take back to, with the meld it makes and what the cards above it "
                            "would cost you."),
    "read-table": N_("Every meld on the table, one line each, with its lay-offs."),
    "players-melds": N_("Each player's melds and lay-offs, and what they are worth to them."),
    "wild": N_("The wild rank, and everyone's up card and hand size at the deal."),
    "scores": N_("Running totals against the target, and who leads."),
    "scores-long": N_("Scores hand by hand, with the totals."),
    "info": N_("Hand number, dealer, stock and pile sizes, whether you have melded, whose turn."),
    "players": N_("Each opponent's cards in hand, melded or not, points on the table and last discard."),
    # the hand keys this game says in its own way (the others are in table_words.KEY_HELP)
    "go-to": N_("Go to a card of your hand by its number, its name or its code (type 3, queen of hearts, or qh, then "
               "Enter)."),
    "read-hand": N_("Read your whole hand in order, with the cards selected."),
    "read-by-rank": N_("Read your hand grouped by rank: your pairs and wilds."),
    "sort-rank": N_("Sort your hand by rank, wilds last, and say the new order."),
})


#: The headings F1 help and docs/keys.md put over this game's own groups of keys (group, heading).
KEY_GROUPS: tuple[tuple[str, str], ...] = (("pile", N_("The discard pile")), ("melds", N_("Melds on the table")))
#: Said before the card when the pile cursor is already at an end of the discard pile.
TOP_CARD = N_("Top card. ")
BOTTOM_CARD = N_("Bottom card. ")


def hint_move_parts(action: Action, view: Any) -> Parts | None:
    """Upcard rummy's own moves as a hint's advice (the catalog entry's ``hint_words``): meld, lay off,
    take from the discard pile; None for a move of the shared kinds."""
    wild = getattr(view, "wild_rank", None)
    if isinstance(action, Meld):
        return melds_advice("Meld", [action.cards], wild)
    if isinstance(action, LayOff):
        return advice_parts(_("Lay off {the_card} on meld {meld}"), the_card=the_card(action.card, wild, mid=True),
                            meld=action.meld + 1)
    if isinstance(action, TakeDiscards):
        pile = getattr(view, "discard", ())
        target: Parts = the_card(pile[-action.count], wild) if len(pile) >= action.count else [_("the pile")]
        return advice_parts(_("Take {cards} back to {the_card}, melding {meld}"), cards=card_count(action.count),
                            the_card=target, meld=cards_parts(action.meld, wild))
    return None
