"""Rummy 500 read again from docs/rummy-500.md: the deal, melds (the ace high or low, never round the
corner), taking the pile from any depth with its deepest card used at once, the end of a hand (a player
with no card left, or an empty stock at the start of a turn), its score for each player, the dealer,
the end of the game. See oracle_base for what an oracle is.

The numbers are the document's, written here once more on purpose (not imported from the rules): the
ace 15, tens and faces 10, 2 to 9 their number; 13 cards each for two players, 7 for three or four.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from oracle_base import Disagreement, Oracle, agree, check_draw, events_of

from engine.actions import Action, Discard, Draw
from engine.cards import Card
from engine.events import Event
from engine.game import Game
from engine.rules.rummy_500 import LayOff, Meld, TakePile

SUITS, RANKS = "cdhs", range(1, 14)

Plain = tuple[int, str]  # (rank 1..13, suit code)


def plain(card: Card) -> Plain:
    assert card.rank is not None and card.suit is not None, "Rummy 500 has no jokers"
    return int(card.rank), str(card.suit.value)


def value(card: Plain) -> int:
    return 15 if card[0] == 1 else min(card[0], 10)


def points(cards: Sequence[Card]) -> int:
    return sum(value(plain(c)) for c in cards)


def is_meld(cards: Sequence[Plain]) -> bool:
    """Three or four of a rank, or three or more of a suit in sequence, the ace low (A-2-3) or high
    (Q-K-A), not both."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len({r for r, _ in cards}) == 1:
        return len(cards) <= 4
    if len({s for _, s in cards}) != 1:
        return False
    for ace in (1, 14):
        ranks = sorted(ace if r == 1 else r for r, _ in cards)
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return True
    return False


def melds_with(card: Plain, pool: set[Plain]) -> bool:
    """Whether ``card`` makes a meld with cards of ``pool``: three of its rank, or a run through it."""
    if sum(1 for c in pool if c[0] == card[0]) >= 3:
        return True
    suit = {14 if r == 1 else r for r, s in pool if s == card[1]} | {r for r, s in pool if s == card[1]}
    for at in ({14, 1} if card[0] == 1 else {card[0]}):
        for low in range(at - 2, at + 1):
            if all(v in suit for v in range(low, low + 3)):
                return True
    return False


@dataclass
class Before:
    hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    table: list[tuple[Card, ...]]


@dataclass
class Follow:
    target: int = 500
    max_hands: int = 60
    totals: list[int] = field(default_factory=list)
    hand: int = 1
    dealer: int = 0
    #: Per seat, the cards put on the table this hand (melds made and cards laid off).
    tabled: list[list[Card]] = field(default_factory=list)


class Rummy500Oracle(Oracle):
    game = "rummy-500"
    title = "Rummy 500"
    players = (2, 4)
    defaults: ClassVar[dict[str, Any]] = {"target": 500, "first_dealer": 0, "max_hands": 60}

    def __init__(self) -> None:
        self.follow = Follow()

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        return {"target": rng.choice([1, 50, 150, 500, rng.randint(1, 1000)]),
                "first_dealer": rng.randrange(players), "max_hands": rng.choice([1, 2, 3, 10, 60])}

    def kinds_now(self, game: Game, seat: int) -> dict[str, bool]:
        s = game.state
        drawn = s.phase == "discard"
        return {"draw": not drawn, "five_hundred_take_pile": not drawn and bool(s.discard),
                "five_hundred_meld": drawn, "five_hundred_lay_off": drawn and bool(s.table), "discard": drawn}

    def check_offer(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        """Every depth of the pile whose deepest card can go down at once is offered, and only those."""
        s = game.state
        if s.phase != "draw":
            return
        hand = {plain(c) for c in s.hands[seat]}
        table = [{plain(c) for c in m.all_cards} for m in s.table]
        want = []
        for k in range(1, len(s.discard) + 1):
            deepest = plain(s.discard[-k])
            pool = hand | {plain(c) for c in s.discard[-k:]}
            if melds_with(deepest, pool) or any(is_meld([*m, deepest]) for m in table):
                want.append(k)
        agree(sorted(a.count for a in legal if isinstance(a, TakePile)), want, "the depths offered")

    def _card_moves(self, game: Game, seat: int, rng: random.Random) -> tuple[list[Action], list[Action]]:
        """A take whose meld lacks the deepest card, a draw from the discard pile, three cards of the hand
        melded (right when they are a meld), a card laid off on a meld (right when it fits)."""
        s = game.state
        hand = list(s.hands[seat])
        wrong: list[Action] = []
        right: list[Action] = []
        if s.phase == "draw":
            wrong.append(Draw(seat, "discard"))
            if s.discard and len(hand) >= 2:
                count = rng.randrange(1, len(s.discard) + 1)
                deepest = s.discard[-count]
                others = [c for c in s.discard[-count:] if c != deepest] + hand
                wrong.append(TakePile(seat, count, tuple(rng.sample(others, min(3, len(others))))))
            return wrong, right
        if len(hand) >= 3:
            three = tuple(rng.sample(hand, 3))
            (right if is_meld([plain(c) for c in three]) else wrong).append(Meld(seat, three))
        if s.table:
            card = rng.choice(hand)
            index = rng.randrange(len(s.table))
            fits = is_meld([plain(c) for c in (*s.table[index].all_cards, card)])
            (right if fits else wrong).append(LayOff(seat, card, index))
        return wrong, right

    def wrong_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        self._moves = self._card_moves(game, seat, rng)
        return self._moves[0]

    def right_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        return self._moves[1]

    def turn_needs_stock(self, game: Game) -> bool:
        return True

    def totals(self) -> list[int] | None:
        return self.follow.totals

    def deck(self, game: Game) -> Counter[str]:
        return Counter(f"{'a' if r == 1 else 'j' if r == 11 else 'q' if r == 12 else 'k' if r == 13 else r}{s}"
                       for s in SUITS for r in RANKS)

    def places(self, game: Game) -> list[Card]:
        s = game.state
        return [*s.stock, *s.discard, *(c for h in s.hands for c in h), *(c for m in s.table for c in m.all_cards)]

    def start(self, game: Game) -> None:
        o = {**self.defaults, **game.options}
        n = len(game.players)
        self.follow = Follow(target=o["target"], max_hands=o["max_hands"], totals=[0] * n, dealer=o["first_dealer"],
                             tabled=[[] for _ in range(n)])
        self._dealt(game, events_of(game.log, "hand_started")[0])

    def _dealt(self, game: Game, started: Any) -> None:
        n = len(game.players)
        agree(started.dealer, self.follow.dealer, "the dealer")
        agree(sorted(len(h) for h in game.state.hands), [13 if n == 2 else 7] * n, "the cards dealt")
        agree(len(game.state.discard), 1, "the up card")
        agree(game.seats_to_act(), ((self.follow.dealer + 1) % n,), "the first to play")

    def snapshot(self, game: Game) -> Before:
        s = game.state
        return Before([list(h) for h in s.hands], list(s.stock), list(s.discard), [m.all_cards for m in s.table])

    def check_move(self, before: Before, action: Action, events: Sequence[Event], game: Game) -> None:
        f = self.follow
        seat = action.seat
        check_draw(action, events, before.stock, before.discard, game)
        hand = list(before.hands[seat])
        for ev in events_of(events, "drew"):
            hand.append(ev.card)
        took = events_of(events, "five_hundred_took_pile")
        if isinstance(action, TakePile):
            agree(list(took[0].cards) if took else None, before.discard[-action.count:], "the cards taken")
            hand += before.discard[-action.count:]
            deepest = before.discard[-action.count]
            used = [c for e in events_of(events, "five_hundred_melded") for c in e.cards]
            used += [e.card for e in events_of(events, "five_hundred_laid_off")]
            if deepest not in used:
                raise Disagreement(f"the deepest card taken, {deepest}, was not used at once")
        for ev in events_of(events, "five_hundred_melded"):
            if not is_meld([plain(c) for c in ev.cards]):
                raise Disagreement(f"{ev.cards} went down as a meld")
            f.tabled[ev.seat] += ev.cards
            for c in ev.cards:
                hand.remove(c)
        for ev in events_of(events, "five_hundred_laid_off"):
            meld = before.table[ev.index] if ev.index < len(before.table) else ()
            if meld and not is_meld([plain(c) for c in (*meld, ev.card)]):
                raise Disagreement(f"{ev.card} was laid off on {meld}, which it does not fit")
            f.tabled[ev.seat].append(ev.card)
            hand.remove(ev.card)
        if isinstance(action, Discard):
            hand.remove(action.card)
        ended = events_of(events, "five_hundred_hand_ended")
        emptied = not hand
        out_of_stock = isinstance(action, Discard) and not before.stock and not emptied
        agree(bool(ended), emptied or out_of_stock, f"the hand's end after {action.kind}")
        if not ended:
            return
        self.judged += 1
        hands = [hand if s == seat else before.hands[s] for s in range(len(f.totals))]
        agree(ended[0].went_out, seat if emptied else None, "who went out")
        scores = [points(f.tabled[s]) - points(hands[s]) for s in range(len(f.totals))]
        agree(list(ended[0].points), scores, "the hand's points")
        f.totals = [t + p for t, p in zip(f.totals, scores, strict=True)]
        agree(list(ended[0].totals), f.totals, "the totals after the hand")
        finished = max(f.totals) >= f.target or f.hand >= f.max_hands
        over = events_of(events, "game_ended")
        agree(bool(over), finished, f"the game over after hand {f.hand} (totals {f.totals}, target {f.target})")
        if finished:
            best = max(f.totals)
            agree(list(over[0].winners), [s for s, t in enumerate(f.totals) if t == best], "the winners")
            return
        f.hand += 1
        f.dealer = (f.dealer + 1) % len(f.totals)
        f.tabled = [[] for _ in f.totals]
        self._dealt(game, events_of(events, "hand_started")[0])
