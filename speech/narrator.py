"""Engine events told to one listener, at one verbosity.

The narrator is fed each seat's redacted log (engine.events.seen_by) in order and keeps just enough
memory to speak well: the wild rank of the hand (so a drawn wild is called wild), hand sizes and the
discard pile (for detailed messages), and another player's draw, held back until their discard
arrives so a whole turn is one line: "Anna took the 9 of clubs and discarded the king of stars".
It never raises: an event it does not know, or one it cannot word, becomes a plain generic sentence.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from engine.cards import Card, Rank
from engine.events import (
    CardsDealt,
    Discarded,
    Drew,
    Event,
    GameEnded,
    GameStarted,
    HandEnded,
    HandStarted,
    LaidDown,
    StockReshuffled,
    TurnStarted,
    WentOut,
)
from speech.i18n import N_, _, fill, ngettext
from speech.phrases import cards_parts, join_words, melds_parts, points, rank_plural, the_card
from speech.results import Names, result_utterances
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = ["Narrator"]

Parts = list[str | Card]


def _title(game: str, title: str | None) -> str:
    """The game's title as said: ``title`` (English, from the application's catalog entry) through ``_``;
    without one, the game's name itself ("upcard-rummy" -> "Upcard Rummy"). Speech keeps no list of games."""
    return _(title) if title else game.replace("-", " ").replace("_", " ").title()


#: Another player's draw, as one clause of the sentence that tells their turn, by (source, card named):
#: said alone, followed by their discard, or followed by their going out. Each is a whole sentence in
#: the catalog, so a language puts the verbs and the cards where it needs them.
_THEIR_DRAW: dict[tuple[bool, bool], tuple[str, str, str]] = {
    (True, True): (N_("{name} took {card}."), N_("{name} took {card} and discarded {discard}."),
                   N_("{name} took {card} and went out: {melds}, and discarded {discard}.")),
    (False, True): (N_("{name} drew {card}."), N_("{name} drew {card} and discarded {discard}."),
                    N_("{name} drew {card} and went out: {melds}, and discarded {discard}.")),
    (True, False): (N_("{name} took from the discard pile."),
                    N_("{name} took from the discard pile and discarded {discard}."),
                    N_("{name} took from the discard pile and went out: {melds}, and discarded {discard}.")),
    (False, False): (N_("{name} drew from the stock."), N_("{name} drew from the stock and discarded {discard}."),
                     N_("{name} drew from the stock and went out: {melds}, and discarded {discard}.")),
}
#: The same, brief: (alone, followed by a discard, followed by going out).
_THEIR_DRAW_BRIEF: dict[tuple[bool, bool], tuple[str, str, str]] = {
    (True, True): (N_("{name}: took {card}."), N_("{name}: took {card}, discarded {discard}."),
                   N_("{name}: took {card}, went out, discarded {discard}.")),
    (False, True): (N_("{name}: drew {card}."), N_("{name}: drew {card}, discarded {discard}."),
                    N_("{name}: drew {card}, went out, discarded {discard}.")),
    (True, False): (N_("{name}: took."), N_("{name}: took, discarded {discard}."),
                    N_("{name}: took, went out, discarded {discard}.")),
    (False, False): (N_("{name}: drew."), N_("{name}: drew, discarded {discard}."),
                     N_("{name}: drew, went out, discarded {discard}.")),
}
#: How a card put on the discard pile is told, by whom and at which verbosity: (mine, theirs, mine brief,
#: theirs brief). A game where a card is played onto the pile rather than discarded says so with its own
#: (the narrator's ``pile_words``), so nothing here assumes a rummy's discard.
PileWords = tuple[str, str, str, str]
DISCARD_WORDS: PileWords = (N_("You discarded {card}."), N_("{name} discarded {card}."), N_("Discarded {card}."),
                            N_("{name}: discarded {card}."))

#: The listener's own draw, by (source, detailed): normal and detailed verbosity.
_MY_DRAW: dict[tuple[bool, bool], str] = {
    (True, False): N_("You took {card}."),
    (False, False): N_("You drew {card}."),
    (True, True): N_("You took {card} from the discard pile."),
    (False, True): N_("You drew {card} from the stock."),
}


class Narrator:
    #: How a card put on the discard pile is told (see ``DISCARD_WORDS``), and another player's draw told
    #: with what followed it (see ``_THEIR_DRAW``): a game's narrator sets its own where its game differs.
    pile_words: ClassVar[PileWords] = DISCARD_WORDS
    their_draw: ClassVar[Mapping[tuple[bool, bool], tuple[str, str, str]]] = MappingProxyType(_THEIR_DRAW)
    their_draw_brief: ClassVar[Mapping[tuple[bool, bool], tuple[str, str, str]]] = MappingProxyType(_THEIR_DRAW_BRIEF)

    def __init__(self, listener: int, players: Sequence[str], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        self.listener = listener
        self.players = tuple(players)
        self.verbosity = Verbosity(verbosity)
        self.names = Names(self.players, listener)
        self.wild_rank: Rank | None = None
        self.game_ending = False
        #: The order the listener's hand is shown in; a table sets its own, so the deal line and the
        #: key that reads the hand list the cards in the same order.
        self.hand_order: Callable[[Card], Any] = Card.sort_key
        self.hand_number: int | None = None
        self.hands_total: int | None = None
        self.sizes: dict[int, int] = {}
        self.discard_pile: list[Card] = []
        self._held: Drew | None = None
        #: Seats whose melds and kept cards were told this hand (going out, laying down): the hand's
        #: results do not say them again.
        self._cards_told: set[int] = set()
        #: How many events were told by the generic sentence (unknown, or failed to word).
        self.generic_count = 0
        #: Each event class's handler, which takes that class (hence Any: a dict cannot say so per key).
        #: The game's title, which the application gives from its catalog entry (speech reads no catalog).
        self.game_title: str | None = None
        self._handlers: dict[type[Event], Callable[[Any], list[Utterance]]] = {
            GameStarted: self._game_started,
            HandStarted: self._hand_started,
            CardsDealt: self._cards_dealt,
            TurnStarted: self._turn_started,
            Drew: self._drew,
            Discarded: self._discarded,
            StockReshuffled: self._reshuffled,
            WentOut: self._went_out,
            LaidDown: self._laid_down,
            HandEnded: self._hand_ended,
            GameEnded: self._game_ended,
        }

    # ----------------------------------------------------------------- entry points
    def narrate(self, events: Sequence[Event]) -> list[Utterance]:
        out: list[Utterance] = []
        for i, ev in enumerate(events):
            # A hand that ends the game does not say who leads: the end of the game says who won, once.
            self.game_ending = _game_ends_next(events, i)
            out += self._one(ev)
        return out

    def flush(self) -> list[Utterance]:
        """Release another player's draw held back waiting for their discard."""
        held, self._held = self._held, None
        if held is None:
            return []
        try:
            return [self._draw_alone(held)]
        except Exception:
            return [self._generic(held)]

    @property
    def holding(self) -> bool:
        return self._held is not None

    # ----------------------------------------------------------------- dispatch
    def _one(self, ev: Event) -> list[Utterance]:
        out: list[Utterance] = []
        if self._held is not None and not (
            isinstance(ev, Discarded | WentOut) and getattr(ev, "seat", None) == self._held.seat
        ):
            out += self.flush()
        # A game's own event that extends a shared one (a hand dealt with the game's facts added) is told
        # by the shared one's handler, unless the game's narrator has one of its own.
        handler = next((h for cls in type(ev).__mro__ if (h := self._handlers.get(cls)) is not None), None)
        try:
            out += handler(ev) if handler is not None else [self._generic(ev)]
        except Exception:
            self._held = None
            out.append(self._generic(ev))
        return out

    def _mine(self, seat: int) -> bool:
        return seat == self.listener

    def _kind(self, seat: int) -> Kind:
        return Kind.MY_TURN if self._mine(seat) else Kind.OTHERS

    def _card(self, card: Card, *, article: bool = True, mid: bool = False) -> Parts:
        """'the 7 of hearts, wild' / 'a joker'; brief drops the article. ``mid``: words follow, so a wild's
        ', wild' is closed by a comma ('the 5 of clubs, wild, and discarded')."""
        if article and self.verbosity > Verbosity.BRIEF:
            return the_card(card, self.wild_rank, mid=mid)
        wild = mid and card.rank is not None and card.rank == self.wild_rank
        return [*cards_parts([card], self.wild_rank), *([","] if wild else [])]

    def _said(self, seat: int, mine: str, theirs: str, **values: Any) -> Parts:
        """One sentence about ``seat``: ``mine`` when the listener is that seat, else ``theirs`` with the
        player's name; both are whole sentences in the catalog (the verb agrees with its subject)."""
        if self._mine(seat):
            return list(fill(_(mine), **values))
        return list(fill(_(theirs), name=self.names.subject(seat), **values))

    def _size_note(self, seat: int) -> Parts:
        if self.verbosity < Verbosity.DETAILED or seat not in self.sizes:
            return []
        n = self.sizes[seat]
        if self._mine(seat):
            return [" ", ngettext("You have {n} card.", "You have {n} cards.", n).format(n=n)]
        return [" ", ngettext("{name} has {n} card.", "{name} has {n} cards.", n).format(
            name=self.names.subject(seat), n=n)]

    # ----------------------------------------------------------------- game and hand
    def _game_started(self, ev: GameStarted) -> list[Utterance]:
        title = _title(ev.game, self.game_title)
        if ev.players:
            self.players = tuple(ev.players)
            self.names = Names(self.players, self.listener)
        who = join_words([self.names.name(s) for s in range(len(self.players))])
        if self.verbosity == Verbosity.BRIEF:
            return [utter(_("{game}: {players}.").format(game=title, players=who), kind=Kind.RESULTS)]
        text = _("New game of {game}: {players}.").format(game=title, players=who)
        if self.verbosity == Verbosity.DETAILED and 0 <= self.listener < len(self.players):
            text += " " + _("You play seat {seat} of {seats}.").format(seat=self.listener + 1,
                                                                     seats=len(self.players))
        return [utter(text, kind=Kind.RESULTS)]

    def _hand_started(self, ev: HandStarted) -> list[Utterance]:
        self._cards_told = set()
        self.wild_rank = ev.wild_rank
        self.hand_number = ev.hand_number
        self.hands_total = ev.hands_total or None
        seats = ev.seats or tuple(range(len(self.players)))
        self.sizes = {s: ev.cards_dealt for s in seats}
        self.discard_pile = [ev.up_card] if ev.up_card is not None else []
        playoff = ev.extra_hand()
        if playoff:
            head = _("Play-off hand")
        elif ev.hands_total:
            head = _("Hand {number} of {total}").format(number=ev.hand_number, total=ev.hands_total)
        else:
            head = _("Hand {number}").format(number=ev.hand_number)
        wild = rank_plural(ev.wild_rank) if ev.wild_rank is not None else None
        if self.verbosity == Verbosity.BRIEF:
            parts: Parts = [(_("{hand}, {ranks} wild.") if wild else _("{hand}.")).format(hand=head, ranks=wild), " "]
            if ev.up_card is not None:
                parts += fill(_("Up card {card}."), card=cards_parts([ev.up_card], self.wild_rank))
            else:
                parts.append(_("No up card."))
            return [utter(*parts, kind=Kind.RESULTS)]
        n = ev.cards_dealt
        if wild:
            each = ngettext("{hand}. {n} card each, {ranks} are wild.", "{hand}. {n} cards each, {ranks} are wild.", n)
        else:
            each = ngettext("{hand}. {n} card each.", "{hand}. {n} cards each.", n)
        parts = [each.format(hand=head, n=n, ranks=wild), " "]
        if playoff and len(seats) < len(self.players):
            playing = join_words([self.names.name(s) for s in seats])
            parts += [_("Playing: {players}.").format(players=playing), " "]
        parts += [*self._said(ev.dealer, N_("You deal."), N_("{name} deals.")), " "]
        if ev.up_card is not None:
            parts += fill(_("The up card is {card}."), card=self._card(ev.up_card))
        else:
            parts.append(_("There is no up card."))
        if self.verbosity == Verbosity.DETAILED:
            parts += [" ", *self._said(ev.first_player, N_("You play first."), N_("{name} plays first."))]
        return [utter(*parts, kind=Kind.RESULTS)]

    def _cards_dealt(self, ev: CardsDealt) -> list[Utterance]:
        if ev.cards is not None:
            self.sizes[ev.seat] = len(ev.cards)
        if not self._mine(ev.seat) or ev.cards is None:
            return []
        cards = sorted(ev.cards, key=self.hand_order)
        listed = cards_parts(cards, self.wild_rank)
        if self.verbosity == Verbosity.DETAILED:
            n = len(cards)
            said = fill(ngettext("You were dealt {n} card: {cards}.", "You were dealt {n} cards: {cards}.", n),
                        n=n, cards=listed)
        else:
            said = fill(_("Your cards: {cards}."), cards=listed)
        return [utter(*said, kind=Kind.MY_TURN)]

    def _turn_started(self, ev: TurnStarted) -> list[Utterance]:
        if self._mine(ev.seat):
            if self.verbosity == Verbosity.BRIEF:
                text = _("Your last turn.") if ev.last_turn else _("Your turn.")
                return [utter(text, kind=Kind.MY_TURN, cue="your_turn")]
            parts: Parts = [_("Your turn, last turn.") if ev.last_turn else _("Your turn.")]
            if self.verbosity == Verbosity.DETAILED and self.discard_pile:
                parts += [" ", *fill(_("The discard pile shows {card}."), card=self._card(self.discard_pile[-1]))]
            return [utter(*parts, kind=Kind.MY_TURN, cue="your_turn")]
        if self.verbosity == Verbosity.DETAILED:
            name = self.names.subject(ev.seat)
            text = _("{name}'s turn, last turn.") if ev.last_turn else _("{name}'s turn.")
            return [utter(text.format(name=name), kind=Kind.OTHERS)]
        return []

    # ----------------------------------------------------------------- a turn
    def _drew(self, ev: Drew) -> list[Utterance]:
        self.sizes[ev.seat] = self.sizes.get(ev.seat, 0) + 1
        if ev.source == "discard" and self.discard_pile:
            self.discard_pile.pop()
        if not self._mine(ev.seat):
            self._held = ev
            return []
        return [self._draw_alone(ev)]

    def _turn_parts(self, held: Drew | None, form: int, **values: Any) -> Parts:
        """Another player's draw said with what followed it: ``form`` 0 alone, 1 a discard, 2 going out."""
        assert held is not None
        brief = self.verbosity == Verbosity.BRIEF
        key = (held.source == "discard", held.card is not None)
        template = (self.their_draw_brief if brief else self.their_draw)[key][form]
        card = self._card(held.card, article=not brief, mid=form > 0 and not brief) if held.card is not None else []
        return list(fill(_(template), name=self.names.subject(held.seat), card=card, **values))

    def _draw_alone(self, ev: Drew) -> Utterance:
        kind = self._kind(ev.seat)
        brief = self.verbosity == Verbosity.BRIEF
        from_discard = ev.source == "discard"
        if not self._mine(ev.seat) or ev.card is None:
            if self._mine(ev.seat):  # one's own draw always names the card; said plainly should it not
                said = fill(_("You took from the discard pile.") if from_discard else _("You drew from the stock."))
                return utter(*said, kind=kind)
            return utter(*self._turn_parts(ev, 0), *self._size_note(ev.seat), kind=kind)
        if brief:
            template = _("Took {card}.") if from_discard else _("Drew {card}.")
            return utter(*fill(template, card=self._card(ev.card, article=False)), kind=kind)
        template = _(_MY_DRAW[(from_discard, self.verbosity == Verbosity.DETAILED)])
        return utter(*fill(template, card=self._card(ev.card)), *self._size_note(ev.seat), kind=kind)

    def _discarded(self, ev: Discarded) -> list[Utterance]:
        self.sizes[ev.seat] = max(self.sizes.get(ev.seat, 1) - 1, 0)
        self.discard_pile.append(ev.card)
        held, self._held = self._held, None
        kind = self._kind(ev.seat)
        if self.verbosity == Verbosity.BRIEF:
            card = self._card(ev.card, article=False)
            if held is not None:
                return [utter(*self._turn_parts(held, 1, discard=card), kind=kind)]
            return [utter(*self._said(ev.seat, self.pile_words[2], self.pile_words[3], card=card), kind=kind)]
        card = self._card(ev.card)
        if held is not None:
            parts = self._turn_parts(held, 1, discard=card)
        else:
            parts = self._said(ev.seat, self.pile_words[0], self.pile_words[1], card=card)
        return [utter(*parts, *self._size_note(ev.seat), kind=kind)]

    def _reshuffled(self, ev: StockReshuffled) -> list[Utterance]:
        self.discard_pile = self.discard_pile[-1:]
        if self.verbosity == Verbosity.BRIEF:
            return [utter(_("Discards reshuffled into the stock."), kind=Kind.OTHERS)]
        text = _("The discard pile was shuffled into a new stock.")
        if self.verbosity == Verbosity.DETAILED:
            text += " " + ngettext("The stock has {n} card.", "The stock has {n} cards.", ev.cards).format(n=ev.cards)
        return [utter(text, kind=Kind.OTHERS)]

    def _went_out(self, ev: WentOut) -> list[Utterance]:
        self._cards_told.add(ev.seat)
        self.sizes[ev.seat] = 0
        self.discard_pile.append(ev.discard)
        held, self._held = self._held, None
        kind = self._kind(ev.seat)
        if self.verbosity == Verbosity.BRIEF:
            card = self._card(ev.discard, article=False)
            if held is not None:
                return [utter(*self._turn_parts(held, 2, discard=card), kind=kind)]
            return [utter(*self._said(ev.seat, N_("You: went out, discarded {card}."),
                                      N_("{name}: went out, discarded {card}."), card=card), kind=kind)]
        melds = melds_parts(ev.melds, self.wild_rank)
        card = self._card(ev.discard)
        if held is not None:
            parts = self._turn_parts(held, 2, melds=melds, discard=card)
        else:
            parts = self._said(ev.seat, N_("You went out: {melds}, and discarded {discard}."),
                               N_("{name} went out: {melds}, and discarded {discard}."), melds=melds, discard=card)
        if self.verbosity == Verbosity.DETAILED:
            parts.append(" ")
            parts.append(_("Everyone else has one last turn.") if self._mine(ev.seat)
                         else _("Everyone else, you included, has one last turn."))
        return [utter(*parts, kind=kind)]

    def _laid_down(self, ev: LaidDown) -> list[Utterance]:
        self._cards_told.add(ev.seat)
        self.sizes[ev.seat] = 0
        kind = self._kind(ev.seat)
        score = points(ev.points)
        kept = cards_parts(ev.deadwood, self.wild_rank) if ev.deadwood else []
        if self.verbosity == Verbosity.BRIEF:
            template = _("{name}: {points}, kept {cards}.") if kept else _("{name}: {points}.")
            return [utter(*fill(template, name=self.names.subject(ev.seat), points=score, cards=kept), kind=kind)]
        melds = melds_parts(ev.melds, self.wild_rank) if ev.melds else []
        if melds and kept:
            mine, theirs = N_("You laid down {melds} and keep {cards}: {points}."), \
                N_("{name} laid down {melds} and keeps {cards}: {points}.")
        elif melds:
            mine, theirs = N_("You laid down {melds}: {points}."), N_("{name} laid down {melds}: {points}.")
        elif kept:
            mine, theirs = N_("You laid down nothing and keep {cards}: {points}."), \
                N_("{name} laid down nothing and keeps {cards}: {points}.")
        else:
            mine, theirs = N_("You laid down nothing: {points}."), N_("{name} laid down nothing: {points}.")
        return [utter(*self._said(ev.seat, mine, theirs, melds=melds, cards=kept, points=score), kind=kind)]

    def _hand_ended(self, ev: HandEnded) -> list[Utterance]:
        return result_utterances(
            ev.results,
            self.names,
            hand_number=ev.hand_number,
            hands_total=self.hands_total,
            went_out=ev.went_out,
            wild_rank=self.wild_rank,
            verbosity=self.verbosity,
            leader=not self.game_ending,
            melds_words=self.meld_words,
            told=frozenset(self._cards_told),
        )

    def meld_words(self, melds: Sequence[Sequence[Card]]) -> Parts:
        """Melds in words by the game's own meld rules: Five Crowns books and runs here; a game with
        other melds (contract rummy's ace-high runs) overrides this, so no meld is named by rules that
        are not its game's."""
        return melds_parts(melds, self.wild_rank)

    def _game_ended(self, ev: GameEnded) -> list[Utterance]:
        names = self.names
        totals = list(ev.totals)
        winners = list(ev.winners)
        best = totals[winners[0]] if winners and winners[0] < len(totals) else None
        who = join_words([names.name(s) for s in winners])
        who = who[:1].upper() + who[1:]
        score = points(best) if best is not None else ""
        if not winners:
            verdict = _("Nobody wins.")
        elif len(winners) == 1 and winners[0] == self.listener:
            verdict = (_("You win with {points}.") if best is not None else _("You win.")).format(points=score)
        elif len(winners) == 1:
            verdict = (_("{name} wins with {points}.") if best is not None else _("{name} wins.")).format(
                name=who, points=score)
        else:
            verdict = (_("{names} tie for the win with {points}.") if best is not None
                       else _("{names} tie for the win.")).format(names=who, points=score)
        table = ", ".join(_("{name} {total}").format(name=names.name(s), total=t) for s, t in enumerate(totals))
        if self.verbosity == Verbosity.BRIEF:
            return [utter(_("Game over. {verdict} Totals: {totals}.").format(verdict=verdict, totals=table),
                          kind=Kind.RESULTS)]
        lines = [utter(_("Game over. {verdict}").format(verdict=verdict), kind=Kind.RESULTS),
                 utter(_("Final totals: {totals}.").format(totals=table), kind=Kind.RESULTS)]
        if self.verbosity == Verbosity.DETAILED and totals:
            order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
            places = ", ".join(_("{place}: {name} {total}").format(place=i + 1, name=names.name(s), total=totals[s])
                               for i, s in enumerate(order))
            lines.append(utter(_("Places: {places}.").format(places=places), kind=Kind.RESULTS))
        return lines

    # ----------------------------------------------------------------- anything else
    def _generic(self, ev: Event) -> Utterance:
        """A plain sentence for any event: its kind, whose it is, and its cards and numbers."""
        self.generic_count += 1
        kind_name = str(getattr(ev, "kind", "") or type(ev).__name__).replace("_", " ")
        parts: Parts = []
        seat = getattr(ev, "seat", None)
        if isinstance(seat, int) and not isinstance(seat, bool):
            parts.append(f"{self.names.subject(seat)}: {kind_name}")
        else:
            parts.append(kind_name[:1].upper() + kind_name[1:])
        details: list[Parts] = []
        try:
            fields = dataclasses.fields(ev) if dataclasses.is_dataclass(ev) else ()
        except TypeError:
            fields = ()
        for f in fields:
            if f.name == "seat":
                continue
            value = getattr(ev, f.name, None)
            label = f.name.replace("_", " ")
            if value is None or value == () or value == "":
                continue
            if isinstance(value, Card):
                details.append([f"{label} ", *cards_parts([value], self.wild_rank)])
            elif isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
                details.append([f"{label} ", *cards_parts(value, self.wild_rank)])
            elif isinstance(value, bool):
                if value:
                    details.append([label])
            elif isinstance(value, Rank):
                details.append([f"{label} {value.word}"])
            elif isinstance(value, int | str):
                details.append([f"{label} {value}"])
        kind = self._kind(seat) if isinstance(seat, int) and not isinstance(seat, bool) else Kind.OTHERS
        for i, d in enumerate(details):
            parts.append(": " if i == 0 else ", ")
            parts += d
        parts.append(".")
        return utter(*parts, kind=kind)


def _game_ends_next(events: Sequence[Event], i: int) -> bool:
    """Whether the game ends before another hand starts, after ``events[i]``."""
    for ev in events[i + 1 :]:
        if isinstance(ev, GameEnded):
            return True
        if isinstance(ev, CardsDealt):
            return False
    return False
