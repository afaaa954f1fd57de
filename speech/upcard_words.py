"""Upcard rummy in words: the deal with everyone's up card, digs into the pile, melds, lay-offs, going
out and the plus-and-minus results.

The narrator here is the general one (draws, discards, turns and the end of the game are worded the
same in every game) taught the events only upcard rummy has. Melds are numbered as the table numbers
them, "meld 2", because that is how a player names the meld to lay off on. In upcard rummy the highest
total leads, so the leader line is this module's own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
from speech.phrases import capital, card_count, cards_parts, count, join_words
from speech.results import Names
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = ["UpcardNarrator", "upcard_leaders_words", "upcard_transcript"]

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
