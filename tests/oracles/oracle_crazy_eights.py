"""Crazy Eights read again from docs/crazy-eights.md: the deal (one deck to five players, two for six or
seven; seven cards each for two, five for more; no eight turned up), a card played matching the top card
or the suit named on an eight, an eight naming its suit, drawing until a playable card comes or up to the
draw limit, passing only once no more drawing is allowed, a hand's end (a player with no card left, or
every player passing in turn without drawing), its penalty points, the dealer, the end of the game (the
lowest total wins, ties sharing). See oracle_base for what an oracle is.

The numbers are the document's, written here once more on purpose (not imported from the rules): an
eight 50, king, queen, jack and ten 10, an ace 1, the others their number.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from oracle_base import Disagreement, Oracle, agree, events_of

from engine.actions import Action, Discard, Draw
from engine.cards import Card
from engine.events import Event
from engine.game import Game
from engine.rules.crazy_eights import PassTurn, PlayEight

SUITS, RANKS = "cdhs", range(1, 14)


def rank_of(card: Card) -> int:
    assert card.rank is not None, "Crazy Eights has no jokers"
    return int(card.rank)


def suit_of(card: Card) -> str:
    assert card.suit is not None, "Crazy Eights has no jokers"
    return str(card.suit.value)


def penalty(cards: Sequence[Card]) -> int:
    return sum(50 if rank_of(c) == 8 else 10 if rank_of(c) >= 10 else rank_of(c) for c in cards)


def follows(card: Card, top: Card, named: str | None) -> bool:
    """Whether ``card`` may go on ``top``: an eight always; else the suit named on an eight, or the top
    card's suit or rank."""
    if rank_of(card) == 8:
        return True
    if named is not None:
        return suit_of(card) == named
    return suit_of(card) == suit_of(top) or rank_of(card) == rank_of(top)


@dataclass
class Before:
    hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    named: str | None
    drawn: int


@dataclass
class Follow:
    target: int = 100
    draw_limit: int = 0
    max_hands: int = 60
    totals: list[int] = field(default_factory=list)
    hand: int = 1
    dealer: int = 0
    #: Turns in a row ended by a pass with nothing drawn.
    passes: int = 0


class CrazyEightsOracle(Oracle):
    game = "crazy-eights"
    title = "Crazy Eights"
    players = (2, 7)
    defaults: ClassVar[dict[str, Any]] = {"target": 100, "draw_limit": 0, "first_dealer": 0, "max_hands": 60}

    def __init__(self) -> None:
        self.follow = Follow()

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        return {"target": rng.choice([1, 30, 100, rng.randint(1, 300)]), "draw_limit": rng.choice([0, 0, 1, 2, 3]),
                "first_dealer": rng.randrange(players), "max_hands": rng.choice([1, 2, 3, 10, 60])}

    # ----------------------------------------------------------------- what may be done
    def _may_draw(self, game: Game, seat: int) -> bool:
        s = game.state
        limit = self.follow.draw_limit
        if limit and s.drawn >= limit:
            return False
        if not limit and s.drawn and follows(s.hands[seat][-1], s.discard[-1], s.suit):
            return False
        return bool(s.stock) or (len(s.discard) > 1 and s.reshuffles < 10)

    def kinds_now(self, game: Game, seat: int) -> dict[str, bool]:
        draw = self._may_draw(game, seat)
        return {"draw": draw, "crazy_pass": not draw, "discard": True, "crazy_eight": True}

    def check_offer(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        """Every card of the hand that may be played is offered (an eight with each suit), and only those."""
        s = game.state
        top, named = s.discard[-1], s.suit
        want = {f"discard {c}" for c in s.hands[seat] if rank_of(c) != 8 and follows(c, top, named)}
        want |= {f"crazy_eight {c} {suit}" for c in s.hands[seat] if rank_of(c) == 8 for suit in SUITS}
        offered = {" ".join([a.kind, str(a.card), *([a.suit] if isinstance(a, PlayEight) else [])])
                   for a in legal if isinstance(a, Discard | PlayEight)}
        agree(sorted(offered), sorted(want), "the cards offered to play")

    def _card_moves(self, game: Game, seat: int, rng: random.Random) -> tuple[list[Action], list[Action]]:
        """A card of the hand played (right when it follows), an eight played without a suit or as a plain
        card, a draw from the discard pile."""
        s = game.state
        hand = list(s.hands[seat])
        wrong: list[Action] = [Draw(seat, "discard")]
        right: list[Action] = []
        card = rng.choice(hand)
        if rank_of(card) == 8:
            wrong += [Discard(seat, card), PlayEight(seat, card, "")]
            right.append(PlayEight(seat, card, rng.choice(SUITS)))
        else:
            (right if follows(card, s.discard[-1], s.suit) else wrong).append(Discard(seat, card))
            wrong.append(PlayEight(seat, card, rng.choice(SUITS)))
        return wrong, right

    def wrong_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        self._moves = self._card_moves(game, seat, rng)
        return self._moves[0]

    def right_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        return self._moves[1]

    def totals(self) -> list[int] | None:
        return self.follow.totals

    def deck(self, game: Game) -> Counter[str]:
        one = Counter(f"{'a' if r == 1 else 'j' if r == 11 else 'q' if r == 12 else 'k' if r == 13 else r}{s}"
                      for s in SUITS for r in RANKS)
        return one + one if len(game.players) >= 6 else one

    def places(self, game: Game) -> list[Card]:
        s = game.state
        return [*s.stock, *s.discard, *(c for h in s.hands for c in h)]

    # ----------------------------------------------------------------- the game followed
    def start(self, game: Game) -> None:
        o = {**self.defaults, **game.options}
        n = len(game.players)
        self.follow = Follow(target=o["target"], draw_limit=o["draw_limit"], max_hands=o["max_hands"],
                             totals=[0] * n, dealer=o["first_dealer"])
        self._dealt(game, events_of(game.log, "hand_started")[0])

    def _dealt(self, game: Game, started: Any) -> None:
        n = len(game.players)
        agree(started.dealer, self.follow.dealer, "the dealer")
        agree(sorted(len(h) for h in game.state.hands), [7 if n == 2 else 5] * n, "the cards dealt")
        agree(len(game.state.discard), 1, "the up card")
        if rank_of(game.state.discard[0]) == 8:
            raise Disagreement("an eight was turned up to start the pile")
        agree(game.seats_to_act(), ((self.follow.dealer + 1) % n,), "the first to play")
        self.follow.passes = 0

    def snapshot(self, game: Game) -> Before:
        s = game.state
        return Before([list(h) for h in s.hands], list(s.stock), list(s.discard), s.suit, s.drawn)

    def check_move(self, before: Before, action: Action, events: Sequence[Event], game: Game) -> None:
        f = self.follow
        seat = action.seat
        n = len(f.totals)
        hand = list(before.hands[seat])
        if isinstance(action, Draw):
            drew = events_of(events, "drew")
            rebuilt = events_of(events, "stock_reshuffled")
            if not before.stock:
                agree(bool(rebuilt), True, "the stock rebuilt from the pile to draw")
                agree(list(game.state.discard), before.discard[-1:], "the pile after the stock was rebuilt")
            else:
                agree(drew[0].card if drew else None, before.stock[-1], "the card drawn from the stock")
            agree(game.seats_to_act(), (seat,), "who acts after a draw")
            f.passes = 0
            return
        if isinstance(action, PassTurn):
            f.passes = 0 if before.drawn else f.passes + 1
            ended = events_of(events, "crazy_hand_ended")
            agree(bool(ended), f.passes >= n, f"the hand's end after {f.passes} passes in a row")
            if ended:
                self._judge(ended[0], None, before.hands, events, game)
            return
        assert isinstance(action, Discard | PlayEight)
        if not follows(action.card, before.discard[-1], before.named):
            raise Disagreement(f"{action.card} was played on {before.discard[-1]} (suit named: {before.named})")
        named = events_of(events, "crazy_suit_named")
        agree([e.suit for e in named], [action.suit] if isinstance(action, PlayEight) else [], "the suit named")
        hand.remove(action.card)
        f.passes = 0
        ended = events_of(events, "crazy_hand_ended")
        agree(bool(ended), not hand, f"the hand's end after {action.kind}")
        if ended:
            hands = [hand if s == seat else before.hands[s] for s in range(n)]
            self._judge(ended[0], seat, hands, events, game)
        else:
            agree(game.state.suit, action.suit if isinstance(action, PlayEight) else None, "the suit in force")

    def _judge(self, ended: Any, out: int | None, hands: list[list[Card]], events: Sequence[Event],
               game: Game) -> None:
        """A hand's end: who went out, each seat's penalty, the totals, the game's end and its winners."""
        f = self.follow
        self.judged += 1
        agree(ended.went_out, out, "who went out")
        left = [penalty(h) for h in hands]
        if out is None:
            scores = [0 if p == min(left) else p for p in left]
        else:
            scores = [0 if s == out else p for s, p in enumerate(left)]
        agree(list(ended.points), scores, "the hand's penalty points")
        f.totals = [t + p for t, p in zip(f.totals, scores, strict=True)]
        agree(list(ended.totals), f.totals, "the totals after the hand")
        finished = max(f.totals) >= f.target or f.hand >= f.max_hands
        over = events_of(events, "game_ended")
        agree(bool(over), finished, f"the game over after hand {f.hand} (totals {f.totals}, target {f.target})")
        if finished:
            best = min(f.totals)
            agree(list(over[0].winners), [s for s, t in enumerate(f.totals) if t == best], "the winners")
            return
        f.hand += 1
        f.dealer = (f.dealer + 1) % len(f.totals)
        self._dealt(game, events_of(events, "hand_started")[0])
