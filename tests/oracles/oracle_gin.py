"""Gin Rummy read again from docs/gin-rummy.md: melds, deadwood, knocking, lay-offs, the hand's score,
the dealer, the end of the game and its bonuses. See oracle_base for what an oracle is.

The numbers are the document's, written here once more on purpose (not imported from the rules):
ace 1, 2 to 10 their number, jack, queen and king 10; knock with 10 or less; gin 25, big gin 31,
undercut 25; a line bonus of 25 a hand won; a game bonus of 100, 200 for a shutout.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar

from oracle_base import Disagreement, Oracle, agree, check_draw, events_of, moves

from engine.actions import Action, Discard, Draw
from engine.cards import Card
from engine.events import Event
from engine.game import Game
from engine.rules.gin_rummy import Knock

KNOCK_AT_MOST = 10
GIN, BIG_GIN, UNDERCUT = 25, 31, 25
LINE, GAME, SHUTOUT = 25, 100, 200
STOCK_ENDS_AT = 2
SUITS, RANKS = "cdhs", range(1, 14)

Plain = tuple[int, str]  # (rank 1..13, suit code)


def plain(card: Card) -> Plain:
    assert card.rank is not None and card.suit is not None, "Gin Rummy has no jokers"
    return int(card.rank), str(card.suit.value)


def value(card: Plain) -> int:
    return min(card[0], 10)


def is_meld(cards: Sequence[Plain]) -> bool:
    """Three or four of a rank, or three or more of a suit in sequence, ace low."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len({r for r, _ in cards}) == 1:
        return len(cards) <= 4
    ranks = sorted(r for r, _ in cards)
    return len({s for _, s in cards}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def melds_in(cards: frozenset[Plain]) -> list[frozenset[Plain]]:
    """Every meld the cards hold, each once."""
    out: set[frozenset[Plain]] = set()
    for rank in RANKS:
        same = [c for c in cards if c[0] == rank]
        if len(same) >= 3:
            out.add(frozenset(same))
        if len(same) == 4:
            out.update(frozenset(same) - {c} for c in same)
    for suit in SUITS:
        for low in RANKS:
            run = []
            for rank in range(low, 14):
                if (rank, suit) not in cards:
                    break
                run.append((rank, suit))
                if len(run) >= 3:
                    out.add(frozenset(run))
    return list(out)


@lru_cache(maxsize=200_000)
def least_deadwood(cards: frozenset[Plain]) -> int:
    """The least deadwood count of any melding of ``cards``: every way tried."""
    if not cards:
        return 0
    first = min(cards)
    best = value(first) + least_deadwood(cards - {first})
    for meld in melds_in(cards):
        if first in meld:
            best = min(best, least_deadwood(cards - meld))
    return best


def fits(card: Plain, meld: frozenset[Plain]) -> bool:
    return is_meld([*meld, card])


def after_lay_offs(cards: frozenset[Plain], on: Sequence[frozenset[Plain]]) -> int:
    """The least count the defender's ``cards`` leave after laying off on the knocker's melds: every
    order and every meld a card fits tried (a 7 that fits a set of 7s and a run 8-9-10 goes on the run
    when a 6 is waiting for it)."""
    return _lay_offs(cards, tuple(sorted(on, key=sorted)))


@lru_cache(maxsize=200_000)
def _lay_offs(left: frozenset[Plain], table: tuple[frozenset[Plain], ...]) -> int:
    best = sum(value(c) for c in left)
    for card in left:
        for k, meld in enumerate(table):
            if fits(card, meld):
                grown = (*table[:k], meld | {card}, *table[k + 1:])
                best = min(best, _lay_offs(left - {card}, grown))
    return best


def defender_count(cards: frozenset[Plain], knocker_melds: Sequence[frozenset[Plain]]) -> int:
    """The defender's least count: any melds of their own, then the lay-offs the rest allows."""
    best = after_lay_offs(cards, knocker_melds)

    def walk(rest: frozenset[Plain], start: int, melds: list[frozenset[Plain]]) -> None:
        nonlocal best
        for k in range(start, len(melds)):
            if melds[k] <= rest:
                left = rest - melds[k]
                best = min(best, after_lay_offs(left, knocker_melds))
                walk(left, k + 1, melds)

    walk(cards, 0, sorted(melds_in(cards), key=sorted))
    return best


@dataclass
class Before:
    hands: list[frozenset[Plain]]
    stock: int
    taken: Card | None
    dealer: int
    phase: str
    stock_cards: list[Card]
    discard: list[Card]


@dataclass
class Follow:
    """What the oracle keeps of the game so far: its own totals, hands won, the target and limit."""

    target: int = 100
    max_hands: int = 60
    points: list[int] = field(default_factory=lambda: [0, 0])
    won: list[int] = field(default_factory=lambda: [0, 0])
    hands: int = 1
    dealer: int = 0


class GinOracle(Oracle):
    game = "gin-rummy"
    title = "Gin Rummy"
    kept_at_end = True  # the last hand's cards stay as they lay: a knock's discard lost shows there

    defaults: ClassVar[dict[str, Any]] = {"target": 100, "first_dealer": 0, "max_hands": 60}

    def __init__(self) -> None:
        self.follow = Follow()

    def choose(self, game: Game, rng: random.Random) -> bool:
        """Half the games are dealt a chosen hand: the first to play holds three books and an ace
        (gin but for one point), the cards swapped with wherever they lay. So hands of one point of
        deadwood, big gin and knocks on the first turns come in seconds, not once in minutes."""
        if rng.random() < 0.5:
            return False
        s = game.state
        seat = game.seats_to_act()[0]
        hand = s.hands[seat]
        places = [s.stock, s.discard, *s.hands]
        ranks = rng.sample(range(2, 14), 3)
        wanted = [c for r in ranks for c in rng.sample([c for p in places for c in p if int(c.rank) == r], 3)]  # type: ignore[arg-type]
        wanted.append(rng.choice([c for p in places for c in p if int(c.rank) == 1]))  # type: ignore[arg-type]
        spare = [c for c in hand if c not in wanted]
        for card in wanted:
            if card in hand:
                continue
            place = next(p for p in places if card in p)
            out = spare.pop()
            place[place.index(card)] = out
            hand[hand.index(out)] = card
        return True

    def kinds_now(self, game: Game, seat: int) -> dict[str, bool]:
        phase = game.state.phase
        drawn = phase == "discard"
        return {"gin_pass": phase == "offer", "draw": not drawn, "discard": drawn, "gin_knock": drawn}

    def wrong_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """A knock without a discard with deadwood, a knock leaving more than 10, the card just taken
        thrown back, the stock passed by for the discard pile once both passed the up card, the stock
        drawn while the first up card is offered."""
        s = game.state
        if s.phase == "offer":
            return [Draw(seat, "stock")]
        if s.phase == "draw":
            return [Draw(seat, "discard")] if s.stock_only else []
        hand = [plain(c) for c in s.hands[seat]]
        out: list[Action] = []
        if least_deadwood(frozenset(hand)):
            out.append(Knock(seat, None))
        card = rng.choice(s.hands[seat])
        if card == s.taken or least_deadwood(frozenset(hand) - {plain(card)}) > KNOCK_AT_MOST:
            out.append(Knock(seat, card))
        if s.taken is not None:
            out.append(Discard(seat, s.taken))
        return out

    def turn_needs_stock(self, game: Game) -> bool:
        return True

    def totals(self) -> list[int] | None:
        return self.follow.points

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        return {"target": rng.choice([1, 10, 30, 50, 100, rng.randint(1, 250)]),
                "first_dealer": rng.randrange(players), "max_hands": rng.choice([1, 2, 3, 5, 10, 60])}

    def deck(self, game: Game) -> Counter[str]:
        return Counter(f"{'a' if r == 1 else 'j' if r == 11 else 'q' if r == 12 else 'k' if r == 13 else r}{s}"
                       for s in SUITS for r in RANKS)

    def places(self, game: Game) -> list[Card]:
        s = game.state
        return [*s.stock, *s.discard, *(c for h in s.hands for c in h)]

    def start(self, game: Game) -> None:
        opts = {"target": 100, "first_dealer": 0, "max_hands": 60, **game.options}
        self.follow = Follow(target=opts["target"], max_hands=opts["max_hands"], dealer=opts["first_dealer"])
        started = events_of(game.log, "hand_started")
        agree(started[0].dealer, opts["first_dealer"], "the first dealer")
        agree(sorted(len(h) for h in game.state.hands), [10, 10], "the cards dealt")
        agree(len(game.state.discard), 1, "the up card")

    def snapshot(self, game: Game) -> Before:
        s = game.state
        return Before([frozenset(plain(c) for c in h) for h in s.hands], len(s.stock), s.taken, s.dealer, s.phase,
                      list(s.stock), list(s.discard))

    def check_offer(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        s = game.state
        if s.phase == "offer":  # the first up card: take it or pass; a discard or knock is refused saying so
            agree(moves(legal), ["draw discard", "gin_pass"], "the moves offered for the up card")
            for kind in ("discard", "gin_knock"):
                reason = game.why_not_now(seat, kind) or ""
                if "up card" not in reason:
                    raise Disagreement(f"a {kind} while the up card is offered is refused with {reason!r}")
            return
        if s.phase == "draw":  # after both passed, the stock only
            want = ["draw stock"] + ([] if s.stock_only else ["draw discard"])
            agree(moves(legal), sorted(want), "the draws offered")
            return
        hand = [plain(c) for c in s.hands[seat]]
        taken = None if s.taken is None else plain(s.taken)
        want = {c for c in hand if c != taken and least_deadwood(frozenset(hand) - {c}) <= KNOCK_AT_MOST}
        offered = {plain(a.card) for a in legal if a.kind == "gin_knock" and a.card is not None}
        agree(sorted(offered), sorted(want), "the knocks offered")
        agree(any(a.kind == "gin_knock" and a.card is None for a in legal), least_deadwood(frozenset(hand)) == 0,
              "big gin offered")
        agree(sorted(plain(a.card) for a in legal if isinstance(a, Discard)), sorted(c for c in hand if c != taken),
              "the discards offered")

    def check_move(self, before: Before, action: Action, events: Sequence[Event], game: Game) -> None:
        ended = events_of(events, "gin_hand_ended")
        check_draw(action, events, before.stock_cards, before.discard, game)
        if action.kind == "gin_pass":  # the non-dealer passes to the dealer; the dealer to the non-dealer's draw
            nxt = 1 - action.seat
            agree((game.seats_to_act(), game.state.phase),
                  ((nxt,), "offer" if action.seat != before.dealer else "draw"), "the turn after a pass")
        if isinstance(action, Discard) and not ended:
            agree((game.seats_to_act(), game.state.phase, game.state.discard[-1]),
                  ((1 - action.seat,), "draw", action.card), "the turn after a discard")
        if action.kind == "gin_knock":
            if not ended:
                raise Disagreement("a knock did not end the hand")
            self._knock(before, action, ended[0])
        elif isinstance(action, Discard):
            if before.stock <= STOCK_ENDS_AT:
                if not ended:
                    raise Disagreement(f"the stock is down to {before.stock} and the hand goes on")
                self._drawn(before, ended[0])
            elif ended:
                raise Disagreement(f"the hand ended after a discard with {before.stock} cards in the stock")
        elif ended:
            raise Disagreement(f"the hand ended on {action.kind}")
        if not ended:
            return
        self.judged += 1
        f = self.follow
        agree(list(ended[0].totals), f.points, "the totals after the hand")
        finished = max(f.points) >= f.target or f.hands >= f.max_hands
        scored = events_of(events, "gin_game_scored")
        agree(bool(scored), finished, f"the game over after hand {f.hands} (totals {f.points}, target {f.target})")
        if finished:
            self._game_end(scored[0], events_of(events, "game_ended"))
            return
        f.hands += 1
        started = events_of(events, "hand_started")
        agree(started[0].dealer if started else None, f.dealer, "the next dealer")

    def _drawn(self, before: Before, ended: Any) -> None:
        agree((ended.outcome, ended.winner, ended.points), ("draw", None, 0), "a hand the stock ended")

    def _knock(self, before: Before, action: Any, ended: Any) -> None:
        knocker, defender = action.seat, 1 - action.seat
        mine = before.hands[knocker] - ({plain(action.card)} if action.card is not None else set())
        count = least_deadwood(mine)
        if count > KNOCK_AT_MOST:
            raise Disagreement(f"a knock with {count} points of deadwood was allowed")
        if action.card is None and count:
            raise Disagreement("a knock without a discard with deadwood left")
        agree(ended.counts[knocker], count, "the knocker's deadwood")
        melds = [frozenset(plain(c) for c in m) for m in ended.melds[knocker]]
        shown = [plain(c) for m in ended.melds[knocker] for c in m] + [plain(c) for c in ended.deadwood[knocker]]
        agree(sorted(shown), sorted(mine), "the knocker's cards shown (each once, in a meld or in the deadwood)")
        agree(sum(value(plain(c)) for c in ended.deadwood[knocker]), count, "the knocker's deadwood shown")
        melded = frozenset().union(*melds)
        if not all(is_meld(sorted(m)) for m in melds) or sum(value(c) for c in mine - melded) != count:
            raise Disagreement(f"the knocker's melds {ended.melds[knocker]} are not a best melding")
        theirs = before.hands[defender]
        if count == 0:
            big = action.card is None
            outcome, winner = ("big_gin" if big else "gin"), knocker
            bonus = BIG_GIN if big else GIN
            points = least_deadwood(theirs) + bonus
            agree(ended.counts[defender], least_deadwood(theirs), "the defender's deadwood against gin")
        else:
            left = defender_count(theirs, melds)
            agree(ended.counts[defender], left, "the defender's deadwood after lay-offs")
            if left <= count:
                outcome, winner, bonus, points = "undercut", defender, UNDERCUT, count - left + UNDERCUT
            else:
                outcome, winner, bonus, points = "knock", knocker, 0, left - count
        agree((ended.outcome, ended.knocker, ended.winner, ended.points, ended.bonus),
              (outcome, knocker, winner, points, bonus), "the hand's result")
        f = self.follow
        f.points[winner] += points
        f.won[winner] += 1
        f.dealer = 1 - winner  # the loser of the hand deals the next

    def _game_end(self, scored: Any, ended: list[Any]) -> None:
        f = self.follow
        reached = [s for s in (0, 1) if f.points[s] >= f.target]
        first = reached[0] if len(reached) == 1 else None
        game_bonus = 0 if first is None else SHUTOUT if f.won[1 - first] == 0 else GAME
        final = [f.points[s] + LINE * f.won[s] + (game_bonus if s == first else 0) for s in (0, 1)]
        agree((list(scored.hands_won), list(scored.line_bonus), scored.first, scored.game_bonus, list(scored.totals)),
              (f.won, [LINE * w for w in f.won], first, game_bonus, final), "the game's bonuses")
        best = max(final)
        agree((list(ended[0].winners), list(ended[0].totals)) if ended else None,
              ([s for s in (0, 1) if final[s] == best], final), "the winners")
