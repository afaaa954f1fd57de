"""Engine events told to one listener, at one verbosity.

The narrator is fed each seat's redacted log (engine.events.seen_by) in order and keeps just enough
memory to speak well: the wild rank of the hand (so a drawn wild is called wild), hand sizes and the
discard pile (for detailed messages), and another player's draw, held back until their discard
arrives so a whole turn is one line: "Anna took the 9 of clubs and discarded the king of stars".
It never raises: an event it does not know, or one it cannot word, becomes a plain generic sentence.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

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
from speech.phrases import cards_parts, join_words, melds_parts, points
from speech.results import Names, result_utterances
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = ["GAME_TITLES", "Narrator"]

#: Ruleset names as spoken; others are spoken from the name itself ("upcard-rummy" -> "Upcard Rummy").
GAME_TITLES = {
    "five-crowns": "Five Crowns",
    "solitaire": "Five Crowns Solitaire",
    "contract-rummy": "Contract Rummy",
    "upcard-rummy": "Upcard Rummy",
}

Parts = list[str | Card]


def _title(game: str) -> str:
    return GAME_TITLES.get(game, game.replace("-", " ").replace("_", " ").title())



class Narrator:
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
        #: How many events were told by the generic sentence (unknown, or failed to word).
        self.generic_count = 0
        self._handlers: dict[type[Event], Callable[[Event], list[Utterance]]] = {
            GameStarted: self._game_started,  # type: ignore[dict-item]
            HandStarted: self._hand_started,  # type: ignore[dict-item]
            CardsDealt: self._cards_dealt,  # type: ignore[dict-item]
            TurnStarted: self._turn_started,  # type: ignore[dict-item]
            Drew: self._drew,  # type: ignore[dict-item]
            Discarded: self._discarded,  # type: ignore[dict-item]
            StockReshuffled: self._reshuffled,  # type: ignore[dict-item]
            WentOut: self._went_out,  # type: ignore[dict-item]
            LaidDown: self._laid_down,  # type: ignore[dict-item]
            HandEnded: self._hand_ended,  # type: ignore[dict-item]
            GameEnded: self._game_ended,  # type: ignore[dict-item]
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
        handler = self._handlers.get(type(ev))
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

    def _card(self, card: Card, *, article: bool = True) -> Parts:
        """'the 7 of hearts, wild' / 'a joker'; brief drops the article."""
        parts: Parts = []
        if article and self.verbosity > Verbosity.BRIEF:
            parts.append("a " if card.is_joker else "the ")
        return parts + cards_parts([card], self.wild_rank)

    def _size_note(self, seat: int) -> str:
        if self.verbosity < Verbosity.DETAILED or seat not in self.sizes:
            return ""
        n = self.sizes[seat]
        return f" {self.names.subject(seat)} {self.names.verb(seat, 'has', 'have')} {n} card{'s' if n != 1 else ''}."

    # ----------------------------------------------------------------- game and hand
    def _game_started(self, ev: GameStarted) -> list[Utterance]:
        title = _title(ev.game)
        if ev.players:
            self.players = tuple(ev.players)
            self.names = Names(self.players, self.listener)
        who = join_words([self.names.name(s) for s in range(len(self.players))])
        if self.verbosity == Verbosity.BRIEF:
            return [utter(f"{title}: {who}.", kind=Kind.RESULTS)]
        text = f"New game of {title}: {who}."
        if self.verbosity == Verbosity.DETAILED and 0 <= self.listener < len(self.players):
            text += f" You play seat {self.listener + 1} of {len(self.players)}."
        return [utter(text, kind=Kind.RESULTS)]

    def _hand_started(self, ev: HandStarted) -> list[Utterance]:
        self.wild_rank = ev.wild_rank
        self.hand_number = ev.hand_number
        self.hands_total = ev.hands_total or None
        seats = ev.seats or tuple(range(len(self.players)))
        self.sizes = {s: ev.cards_dealt for s in seats}
        self.discard_pile = [ev.up_card] if ev.up_card is not None else []
        playoff = ev.playoff or (bool(ev.hands_total) and ev.hand_number > ev.hands_total)
        if playoff:
            head = "Play-off hand"
        elif ev.hands_total:
            head = f"Hand {ev.hand_number} of {ev.hands_total}"
        else:
            head = f"Hand {ev.hand_number}"
        wild = f"{ev.wild_rank.plural} are wild" if ev.wild_rank is not None else ""
        if self.verbosity == Verbosity.BRIEF:
            parts: Parts = [head, f", {ev.wild_rank.plural} wild" if ev.wild_rank is not None else "", ". "]
            if ev.up_card is not None:
                parts += ["Up card ", *cards_parts([ev.up_card], self.wild_rank), "."]
            else:
                parts.append("No up card.")
            return [utter(*parts, kind=Kind.RESULTS)]
        parts = [f"{head}. {ev.cards_dealt} cards each"]
        parts.append(f", {wild}. " if wild else ". ")
        if playoff and len(seats) < len(self.players):
            parts.append(f"Playing: {join_words([self.names.name(s) for s in seats])}. ")
        parts.append(f"{self.names.subject(ev.dealer)} {self.names.verb(ev.dealer, 'deals', 'deal')}. ")
        if ev.up_card is not None:
            parts += ["The up card is ", *self._card(ev.up_card), "."]
        else:
            parts.append("There is no up card.")
        if self.verbosity == Verbosity.DETAILED:
            first = ev.first_player
            parts.append(f" {self.names.subject(first)} {self.names.verb(first, 'plays', 'play')} first.")
        return [utter(*parts, kind=Kind.RESULTS)]

    def _cards_dealt(self, ev: CardsDealt) -> list[Utterance]:
        if ev.cards is not None:
            self.sizes[ev.seat] = len(ev.cards)
        if not self._mine(ev.seat) or ev.cards is None:
            return []
        cards = sorted(ev.cards, key=self.hand_order)
        head = f"You were dealt {len(cards)} cards: " if self.verbosity == Verbosity.DETAILED else "Your cards: "
        return [utter(head, *cards_parts(cards, self.wild_rank), ".", kind=Kind.MY_TURN)]

    def _turn_started(self, ev: TurnStarted) -> list[Utterance]:
        if self._mine(ev.seat):
            if self.verbosity == Verbosity.BRIEF:
                text = "Your last turn." if ev.last_turn else "Your turn."
                return [utter(text, kind=Kind.MY_TURN, urgent=True)]
            parts: Parts = ["Your turn, last turn." if ev.last_turn else "Your turn."]
            if self.verbosity == Verbosity.DETAILED and self.discard_pile:
                parts += [" The discard pile shows ", *self._card(self.discard_pile[-1]), "."]
            return [utter(*parts, kind=Kind.MY_TURN, urgent=True)]
        if self.verbosity == Verbosity.DETAILED:
            last = ", last turn" if ev.last_turn else ""
            whose = self.names.possessive(ev.seat)
            return [utter(f"{whose[:1].upper()}{whose[1:]} turn{last}.", kind=Kind.OTHERS)]
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

    def _draw_phrase(self, ev: Drew, *, brief: bool) -> Parts:
        """'took the 9 of clubs' / 'drew from the stock' / 'drew the 9 of clubs' (own stock draw)."""
        from_discard = ev.source == "discard"
        verb = "took" if from_discard else "drew"
        if ev.card is None:
            if brief:
                return [verb]
            return [f"{verb} from the {'discard pile' if from_discard else 'stock'}"]
        parts: Parts = [f"{verb} ", *self._card(ev.card, article=not brief)]
        if self.verbosity == Verbosity.DETAILED and self._mine(ev.seat):
            parts.append(f" from the {'discard pile' if from_discard else 'stock'}")
        return parts

    def _and(self, held: Drew) -> str:
        """' and ', after a comma when the card drawn was called wild ('the 5 of clubs, wild, and')."""
        card = held.card
        wild = card is not None and card.rank is not None and card.rank == self.wild_rank
        return ", and " if wild else " and "

    def _draw_alone(self, ev: Drew) -> Utterance:
        kind = self._kind(ev.seat)
        if self.verbosity == Verbosity.BRIEF:
            phrase = self._draw_phrase(ev, brief=True)
            if self._mine(ev.seat):
                first = phrase[0]
                assert isinstance(first, str)
                return utter(first[:1].upper() + first[1:], *phrase[1:], ".", kind=kind)
            return utter(f"{self.names.subject(ev.seat)}: ", *phrase, ".", kind=kind)
        return utter(
            f"{self.names.subject(ev.seat)} ",
            *self._draw_phrase(ev, brief=False),
            ".",
            self._size_note(ev.seat),
            kind=kind,
        )

    def _discarded(self, ev: Discarded) -> list[Utterance]:
        self.sizes[ev.seat] = max(self.sizes.get(ev.seat, 1) - 1, 0)
        self.discard_pile.append(ev.card)
        held, self._held = self._held, None
        kind = self._kind(ev.seat)
        who = self.names.subject(ev.seat)
        if self.verbosity == Verbosity.BRIEF:
            parts: Parts = [] if self._mine(ev.seat) else [f"{who}: "]
            if held is not None:
                parts += [*self._draw_phrase(held, brief=True), ", "]
            verb = "discarded " if parts else "Discarded "
            return [utter(*parts, verb, *self._card(ev.card, article=False), ".", kind=kind)]
        parts = [f"{who} "]
        if held is not None:
            parts += [*self._draw_phrase(held, brief=False), self._and(held)]
        parts += ["discarded ", *self._card(ev.card), ".", self._size_note(ev.seat)]
        return [utter(*parts, kind=kind)]

    def _reshuffled(self, ev: StockReshuffled) -> list[Utterance]:
        self.discard_pile = self.discard_pile[-1:]
        if self.verbosity == Verbosity.BRIEF:
            return [utter("Discards reshuffled into the stock.", kind=Kind.OTHERS)]
        text = "The discard pile was shuffled into a new stock."
        if self.verbosity == Verbosity.DETAILED:
            text += f" The stock has {ev.cards} cards."
        return [utter(text, kind=Kind.OTHERS)]

    def _went_out(self, ev: WentOut) -> list[Utterance]:
        self.sizes[ev.seat] = 0
        self.discard_pile.append(ev.discard)
        held, self._held = self._held, None
        kind = self._kind(ev.seat)
        who = self.names.subject(ev.seat)
        if self.verbosity == Verbosity.BRIEF:
            parts: Parts = [f"{who}: "]
            if held is not None:
                parts += [*self._draw_phrase(held, brief=True), ", "]
            parts += ["went out, discarded ", *self._card(ev.discard, article=False), "."]
            return [utter(*parts, kind=kind)]
        parts = [f"{who} "]
        if held is not None:
            parts += [*self._draw_phrase(held, brief=False), self._and(held)]
        parts += ["went out: ", *melds_parts(ev.melds, self.wild_rank), ", and discarded ", *self._card(ev.discard),
                  "."]
        if self.verbosity == Verbosity.DETAILED:
            parts.append(
                " Everyone else has one last turn."
                if self._mine(ev.seat)
                else " Everyone else, you included, has one last turn."
            )
        return [utter(*parts, kind=kind)]

    def _laid_down(self, ev: LaidDown) -> list[Utterance]:
        self.sizes[ev.seat] = 0
        kind = self._kind(ev.seat)
        who = self.names.subject(ev.seat)
        keeps = self.names.verb(ev.seat, "keeps", "keep")
        if self.verbosity == Verbosity.BRIEF:
            parts: Parts = [f"{who}: {points(ev.points)}"]
            if ev.deadwood:
                parts += [", kept ", *cards_parts(ev.deadwood, self.wild_rank)]
            return [utter(*parts, ".", kind=kind)]
        parts = [f"{who} laid down "]
        parts += melds_parts(ev.melds, self.wild_rank) if ev.melds else ["nothing"]
        if ev.deadwood:
            parts += [f" and {keeps} ", *cards_parts(ev.deadwood, self.wild_rank)]
        parts.append(f": {points(ev.points)}.")
        return [utter(*parts, kind=kind)]

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
        )

    def _game_ended(self, ev: GameEnded) -> list[Utterance]:
        names = self.names
        totals = list(ev.totals)
        winners = list(ev.winners)
        best = totals[winners[0]] if winners and winners[0] < len(totals) else None
        who = join_words([names.name(s) for s in winners])
        who = who[:1].upper() + who[1:]
        if not winners:
            verdict = "Nobody wins."
        elif len(winners) == 1:
            verdict = f"{who} {names.verb(winners[0], 'wins', 'win')}"
            verdict += f" with {points(best)}." if best is not None else "."
        else:
            verdict = f"{who} tie for the win"
            verdict += f" with {points(best)}." if best is not None else "."
        table = ", ".join(f"{names.name(s)} {t}" for s, t in enumerate(totals))
        if self.verbosity == Verbosity.BRIEF:
            return [utter(f"Game over. {verdict} Totals: {table}.", kind=Kind.RESULTS)]
        lines = [utter(f"Game over. {verdict}", kind=Kind.RESULTS), utter(f"Final totals: {table}.", kind=Kind.RESULTS)]
        if self.verbosity == Verbosity.DETAILED and totals:
            order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
            places = ", ".join(f"{i + 1}: {names.name(s)} {totals[s]}" for i, s in enumerate(order))
            lines.append(utter(f"Places: {places}.", kind=Kind.RESULTS))
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
