"""Five Crowns and Five Crowns solitaire read again from docs/five-crowns.md and docs/solitaire.md: the
wilds, books and runs, the fewest points a hand can be left with, going out, the last turns, each
hand's score, the deal and the wild rank of each hand, the winners and the tie play-off; in solitaire,
when a pile closes and when the game is won or lost. See oracle_base for what an oracle is.

The least points of a hand is an exhaustive search written from the rules, not the engine's
arranger: every natural card is deadwood, or in a book with other naturals of its rank, or the lowest
natural of a run of its suit; each such group needs some wilds (a book of fewer than three cards, a
run's gaps and its length up to three), and the wilds left over go onto any book, onto a run while it
is shorter than eleven cards, or make a book of their own if there are three or more (a wild-rank card
stands for its own rank, so only a meld of jokers alone needs melds of wilds to count); any still left
over count against the hand, the cheapest first.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar

from oracle_base import Disagreement, Oracle, agree, check_draw, counted, events_of, moves

from engine.actions import Action, Discard, Draw, GoOut
from engine.cards import Card
from engine.events import Event
from engine.game import Game
from engine.rules.five_crowns_solitaire import Place

HANDS, PLAYOFF_CARDS, PLAYOFF_WILD = 11, 6, 6
MAX_RESHUFFLES = 3  # this project's limit on rebuilding a hand's stock, after which a hand ends when it runs out
LOW_STOCK = (10, 5)  # solitaire says the stock is low as it falls to these
WILD_POINTS, JOKER_POINTS = 20, 50
LONGEST_RUN = 11  # 3 up to king
SUITS = ("st", "h", "c", "s", "d")
RANKS = range(3, 14)

Plain = tuple[str, int]  # (suit, rank); jokers are counted apart


def split(cards: Sequence[Card], wild: int) -> tuple[tuple[Plain, ...], int, int]:
    """The naturals (sorted by suit then rank), the wilds of the rank, the jokers."""
    naturals, rank_wilds, jokers = [], 0, 0
    for c in cards:
        if c.rank is None or c.suit is None:
            jokers += 1
        elif int(c.rank) == wild:
            rank_wilds += 1
        else:
            naturals.append((str(c.suit.value), int(c.rank)))
    return tuple(sorted(naturals, key=lambda p: (SUITS.index(p[0]), p[1]))), rank_wilds, jokers


def card_points(card: Card, wild: int) -> int:
    if card.rank is None:
        return JOKER_POINTS
    return WILD_POINTS if int(card.rank) == wild else int(card.rank)


def least_points(cards: Sequence[Card], wild: int, all_wild: bool) -> int:
    """The fewest points ``cards`` can be left with when laid down in books and runs."""
    naturals, rank_wilds, jokers = split(cards, wild)
    wilds = rank_wilds + jokers
    best: int | None = None
    for (needed, room), dead in _groups(naturals, wilds).items():
        left = wilds - needed
        # Left-over wilds make a book of their own if they may: any wild-rank card among them stands for
        # its own rank (jokers go into the other melds first), so only a meld of jokers needs the option.
        own_book = left >= 3 and (all_wild or rank_wilds > 0)
        if left and not (left <= room or own_book):
            over = left - room
            cheap = min(over, rank_wilds)
            dead += cheap * WILD_POINTS + (over - cheap) * JOKER_POINTS
        best = dead if best is None else min(best, dead)
    assert best is not None
    return best


@lru_cache(maxsize=100_000)
def _groups(naturals: tuple[Plain, ...], wilds: int) -> dict[tuple[int, int], int]:
    """For the naturals left: (wilds needed, room for more wilds, at most ``wilds``) -> least deadwood."""
    if not naturals:
        return {(0, 0): 0}
    first, rest = naturals[0], naturals[1:]
    out: dict[tuple[int, int], int] = {}

    def add(group: Sequence[int], needed: int, room: int, dead: int) -> None:
        left = tuple(n for k, n in enumerate(rest) if k not in group)
        for (need, space), d in _groups(left, wilds).items():
            key = (need + needed, min(wilds, space + room))
            if key[0] <= wilds and d + dead < out.get(key, 10**9):
                out[key] = d + dead

    add((), 0, 0, first[1])  # deadwood
    same = [k for k, n in enumerate(rest) if n[1] == first[1]]
    for mask in range(1 << len(same)):  # a book: any of the other cards of its rank
        chosen = [same[b] for b in range(len(same)) if mask >> b & 1]
        add(chosen, max(0, 3 - 1 - len(chosen)), wilds, 0)
    higher: dict[int, int] = {}
    for k, n in enumerate(rest):  # a run: first is its lowest natural; one card of each higher rank
        if n[0] == first[0] and n[1] > first[1]:
            higher.setdefault(n[1], k)
    ranks = sorted(higher)
    for mask in range(1 << len(ranks)):
        chosen = [ranks[b] for b in range(len(ranks)) if mask >> b & 1]
        span = (chosen[-1] if chosen else first[1]) - first[1] + 1
        length = max(span, 3)
        add([higher[r] for r in chosen], length - 1 - len(chosen), LONGEST_RUN - length, 0)
    return out


def is_meld(cards: Sequence[Card], wild: int, all_wild: bool) -> bool:
    """A book or a run of three or more, any number of wilds (of wilds only: only if they count)."""
    naturals, rank_wilds, jokers = split(cards, wild)
    wilds = rank_wilds + jokers
    if len(cards) < 3:
        return False
    if not naturals:
        return all_wild or rank_wilds > 0  # wild-rank cards are a book of their own rank
    if len({r for _, r in naturals}) == 1:
        return True
    ranks = sorted(r for _, r in naturals)
    if len({s for s, _ in naturals}) != 1 or len(set(ranks)) != len(ranks) or len(cards) > LONGEST_RUN:
        return False
    return ranks[-1] - ranks[0] + 1 - len(ranks) <= wilds


@dataclass
class Before:
    hands: list[list[Card]]
    laid: dict[int, list[Card]]
    wild: int
    stock: list[Card]
    discard: list[Card]
    went_out: int | None


@dataclass
class Follow:
    totals: list[int] = field(default_factory=list)
    hand: int = 1
    dealer: int = 0
    seats: list[int] = field(default_factory=list)
    all_wild: bool = True
    tie_break: str = "share"


class FiveCrownsOracle(Oracle):
    game = "five-crowns"
    title = "Five Crowns"
    players = (2, 14)

    defaults: ClassVar[dict[str, Any]] = {"tie_break": "share", "all_wild_melds": True, "sets": None, "first_dealer": 0}

    def __init__(self) -> None:
        self.follow = Follow()
        #: Whether this game was begun at its last hand with totals chosen to tie (see :meth:`choose`).
        self.tying = False

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        return {"tie_break": rng.choice(["share", "playoff"]), "all_wild_melds": rng.random() < 0.5,
                "sets": rng.choice([None, 2] if players > 7 else [None, 1, 2]), "first_dealer": rng.randrange(players)}

    def choose(self, game: Game, rng: random.Random) -> bool:
        """Half the games begin at the last hand, after ten hands' scores chosen here, and their last move
        is preceded by totals chosen so that two, three or all seats tie for the lowest: the tie and its
        play-off, rare at the end of eleven random hands, are judged in every such game. Two in three
        begin as if the stock had been rebuilt three times already and drawn down to a few cards (the
        rest under the discard pile's top card), so the hand ends as it stands when the stock runs out.
        Such a game is a position of its own, not one its seed replays (see release_fuzz.round_trip)."""
        if rng.random() < 0.5:
            return False
        s = game.state
        s.scores = [[rng.randrange(0, 30) for _ in range(HANDS - 1)] for _ in game.players]
        game._record(game.ruleset.deal(s, HANDS))  # the engine deals the last hand, as it would have
        if rng.random() < 2 / 3:  # most as if the stock were rebuilt as often as it may be, and nearly drawn
            s.reshuffles = MAX_RESHUFFLES
            keep = rng.randint(1, 2 * len(game.players))
            s.stock, s.discard = s.stock[-keep:], s.stock[:-keep] + s.discard
        f = self.follow
        f.totals = [sum(x) for x in s.scores]
        f.hand = HANDS
        f.dealer = self._next_dealer()
        self._opened(events_of(game.log, "hand_started")[-1], game)
        self.tying = True
        return True

    def steer(self, game: Game, action: Action, rng: random.Random) -> None:
        """Before the last hand's last move: the earlier scores raised so that the totals tie."""
        s, f = game.state, self.follow
        if not self.tying or f.hand != HANDS or action.kind not in ("discard", "go_out"):
            return
        if not ((s.went_out is not None and not s.last_turns) or not s.stock):
            return
        trial = copy.deepcopy(game)
        ended = events_of(trial.apply(action), "hand_ended")
        if not ended:
            return
        totals = {r.seat: r.total for r in ended[0].results}
        seats = sorted(totals)
        tied = rng.sample(seats, rng.choice([n for n in (2, 3, len(seats)) if n <= len(seats)]))
        low = max(totals[t] for t in tied)
        for seat in seats:
            want = low if seat in tied else max(totals[seat], low + 1 + rng.randrange(5))
            s.scores[seat][0] += want - totals[seat]
            f.totals[seat] += want - totals[seat]

    def kinds_now(self, game: Game, seat: int) -> dict[str, bool]:
        s = game.state
        drawn = s.phase == "discard"
        return {"draw": not drawn, "discard": drawn, "go_out": drawn and s.went_out is None}

    def wrong_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        s = game.state
        if s.phase == "draw":
            return [Draw(seat, "stock")] if not s.stock else []
        card = rng.choice(s.hands[seat])
        rest = list(s.hands[seat])
        rest.remove(card)
        melds = least_points(rest, int(s.wild_rank), self.follow.all_wild) == 0
        return [GoOut(seat, card)] if s.went_out is None and not melds else []

    def right_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        s = game.state
        if s.phase == "draw":
            return [Draw(seat, "discard")] if s.discard else []
        return [Discard(seat, rng.choice(s.hands[seat]))]

    def turn_needs_stock(self, game: Game) -> bool:
        return True

    def totals(self) -> list[int] | None:
        return self.follow.totals

    def deck(self, game: Game) -> Counter[str]:
        players = len(game.players)
        sets = game.options.get("sets") or (1 if players <= 7 else 2)
        one = [f"{r if r <= 10 else 'jqk'[r - 11]}{s}" for s in SUITS for r in RANKS] + ["jo"] * 3
        return Counter(one * 2 * sets)

    def places(self, game: Game) -> list[Card]:
        s = game.state
        laid = [c for a in s.laid_down.values() for c in [*(x for m in a.melds for x in m), *a.deadwood]]
        return [*s.stock, *s.discard, *(c for h in s.hands for c in h), *laid]

    def start(self, game: Game) -> None:
        o = {"tie_break": "share", "all_wild_melds": True, "first_dealer": 0, **game.options}
        n = len(game.players)
        self.follow = Follow(totals=[0] * n, dealer=o["first_dealer"], seats=list(range(n)),
                             all_wild=o["all_wild_melds"], tie_break=o["tie_break"])
        self._opened(events_of(game.log, "hand_started")[0], game)

    def _opened(self, started: Any, game: Game) -> None:
        f = self.follow
        playoff = f.hand > HANDS
        dealt = PLAYOFF_CARDS if playoff else f.hand + 2
        agree((started.hand_number, started.dealer, started.cards_dealt, int(started.wild_rank)),
              (f.hand, f.dealer, dealt, PLAYOFF_WILD if playoff else dealt), "the deal")
        agree(sorted(s for s in f.seats if len(game.state.hands[s]) == dealt), f.seats, "the hands dealt")

    def snapshot(self, game: Game) -> Before:
        s = game.state
        laid = {seat: [c for m in a.melds for c in m] + list(a.deadwood) for seat, a in s.laid_down.items()}
        return Before([list(h) for h in s.hands], laid, int(s.wild_rank), list(s.stock), list(s.discard), s.went_out)

    def check_offer(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        s = game.state
        if s.phase == "draw":
            want = (["draw stock"] if s.stock else []) + (["draw discard"] if s.discard else [])
            agree(moves(legal), sorted(want), "the draws offered")
            return
        hand, wild = s.hands[seat], int(s.wild_rank)
        agree(sorted(a.card.code for a in legal if a.kind == "discard"), sorted({c.code for c in hand}),
              "the discards offered")
        if s.went_out is not None:
            agree([a for a in legal if a.kind == "go_out"], [], "going out offered on a last turn")
            return
        want = set()
        for card in set(hand):
            rest = list(hand)
            rest.remove(card)
            if least_points(rest, wild, self.follow.all_wild) == 0:
                want.add(card.code)
        agree(sorted(a.discard.code for a in legal if a.kind == "go_out"), sorted(want), "the ways to go out offered")

    def _kept(self, before: Before, action: Any, seat: int) -> list[Card]:
        if seat in before.laid:
            return before.laid[seat]
        cards = list(before.hands[seat])
        if action.seat == seat and action.kind in ("discard", "go_out"):
            cards.remove(action.card if action.kind == "discard" else action.discard)
        return cards

    def check_move(self, before: Before, action: Action, events: Sequence[Event], game: Game) -> None:
        f = self.follow
        check_draw(action, events, before.stock, before.discard, game)
        if action.kind in ("discard", "go_out") and not events_of(events, "hand_ended"):
            # Play goes left; after someone went out, each other seat has one last turn, then the hand ends.
            went_out = action.seat if action.kind == "go_out" else before.went_out
            nxt = f.seats[(f.seats.index(action.seat) + 1) % len(f.seats)]
            if nxt == went_out:
                raise Disagreement("every seat had its last turn and the hand goes on")
            agree(game.seats_to_act(), (nxt,), "the next to play")
            agree(game.state.went_out, went_out, "who went out")
        if action.kind == "go_out":
            kept = list(before.hands[action.seat])
            kept.remove(action.discard)  # type: ignore[attr-defined]
            if least_points(kept, before.wild, f.all_wild):
                raise Disagreement(f"went out with {[c.code for c in kept]} ({before.wild}s wild), which do not meld")
        for laid in events_of(events, "laid_down"):
            self._laid(laid.melds, laid.deadwood, laid.points, self._kept(before, action, laid.seat), before.wild)
        ended = events_of(events, "hand_ended")
        if not ended:
            return
        self.judged += 1
        went_out = ended[0].went_out
        playoff = f.hand > HANDS
        agree(sorted(r.seat for r in ended[0].results), f.seats, "the seats scored")
        points = {}
        for r in ended[0].results:
            kept = self._kept(before, action, r.seat)
            points[r.seat] = self._laid(r.melds, r.deadwood, r.points, kept, before.wild)
            if r.seat == went_out:
                agree(points[r.seat], 0, "the points of the player who went out")
            if not playoff:
                f.totals[r.seat] += points[r.seat]
            agree(r.total, points[r.seat] if playoff else f.totals[r.seat], f"seat {r.seat}'s total")
        if f.hand < HANDS:
            f.hand += 1
            f.dealer = self._next_dealer()
            self._opened(self._dealt(events, "next hand" if f.hand <= HANDS else "play-off hand"), game)
            return
        scores = points if playoff else {s: f.totals[s] for s in f.seats}
        low = min(scores.values())
        tied = [s for s in f.seats if scores[s] == low]
        if len(tied) > 1 and f.tie_break == "playoff":
            f.hand += 1
            f.dealer = self._next_dealer(tied)
            f.seats = tied
            self._opened(self._dealt(events, "next hand" if f.hand <= HANDS else "play-off hand"), game)
            return
        over = events_of(events, "game_ended")
        agree(list(over[0].winners) if over else None, tied, "the winners")
        agree(list(over[0].totals), f.totals, "the final totals")

    @staticmethod
    def _dealt(events: Sequence[Event], what: str) -> Any:
        started = events_of(events, "hand_started")
        if not started:
            raise Disagreement(f"the {what} was not dealt")
        return started[0]

    def _next_dealer(self, seats: list[int] | None = None) -> int:
        """The deal passes left, among the seats still playing. When the dealer is not among them (a play-off
        the dealer is out of), the document names nobody; this project has the last of them deal, so the
        first of them plays first."""
        seats = seats or self.follow.seats
        d = self.follow.dealer
        if d not in seats:
            return seats[-1]
        later = [s for s in seats if s > d]
        return later[0] if later else seats[0]

    def _laid(self, melds: Any, deadwood: Any, points: int, kept: list[Card], wild: int) -> int:
        all_wild = self.follow.all_wild
        agree(counted([c for m in melds for c in m] + list(deadwood)), counted(kept), "the cards laid down")
        for m in melds:
            if not is_meld(m, wild, all_wild):
                raise Disagreement(f"{[c.code for c in m]} is not a meld with {wild}s wild")
        least = least_points(kept, wild, all_wild)
        agree(points, least, f"the points left by {[c.code for c in kept]} ({wild}s wild)")
        agree(sum(card_points(c, wild) for c in deadwood), least, "the deadwood's points")
        return least


class SolitaireOracle(Oracle):
    game = "solitaire"
    title = "Five Crowns solitaire"
    players = (1, 1)
    placed: Card | None = None

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        return {"all_wild_melds": rng.random() < 0.5}

    defaults: ClassVar[dict[str, Any]] = {"all_wild_melds": True}
    ended_by = "solitaire_ended"
    turns_told = False  # one player: no turns to tell

    def kinds_now(self, game: Game, seat: int) -> dict[str, bool]:
        phase = game.state.phase
        return {"draw": phase == "draw", "place": phase == "place", "discard": phase == "discard"}

    def wrong_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """A draw from the dead discards, a card placed on a closed pile, a discard from another pile."""
        s = game.state
        if s.phase == "draw":
            return [Draw(seat, "discard")]
        if s.phase == "place":
            closed = [n for n in range(1, 12) if s.closed[n - 1]]
            return [Place(seat, rng.choice(closed))] if closed else []
        others = [c for n, p in enumerate(s.piles, 1) if n != s.placed for c in p if c not in s.piles[s.placed - 1]]
        return [Discard(seat, rng.choice(others))] if others else []

    def check_seen(self, game: Game) -> None:
        """The one seat is shown the whole table as it lies."""
        s, view = game.state, game.view(0)
        agree(([list(p.cards) for p in view.piles], [p.closed for p in view.piles]), (s.piles, s.closed),
              "the piles shown")
        agree((view.stock_size, list(view.dead), view.drawn, view.placed, view.phase),
              (len(s.stock), s.dead, s.drawn, s.placed, s.phase), "the table shown")

    def deck(self, game: Game) -> Counter[str]:
        return FiveCrownsOracle().deck(game)

    def places(self, game: Game) -> list[Card]:
        s = game.state
        return [*(c for p in s.piles for c in p), *s.stock, *s.dead, *([s.drawn] if s.drawn is not None else [])]

    def start(self, game: Game) -> None:
        s = game.state
        agree([len(p) for p in s.piles], [n + 2 for n in range(1, 12)], "the piles dealt")
        self._closing(game, [False] * 11)

    def snapshot(self, game: Game) -> tuple[list[bool], Card | None]:
        return list(game.state.closed), game.state.drawn

    def check_offer(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        s = game.state
        if s.phase == "draw":
            want = ["draw stock"]
        elif s.phase == "place":  # any open pile
            want = [f"place {n}" for n in range(1, 12) if not s.closed[n - 1]]
        else:  # a card of the pile just placed on
            want = sorted({f"discard {c.code}" for c in s.piles[s.placed - 1]})
        agree(moves(legal), sorted(want), f"the moves offered ({s.phase})")

    def check_move(self, before_and_drawn: tuple[list[bool], Card | None], action: Action, events: Sequence[Event],
                   game: Game) -> None:
        s = game.state
        before, drawn = before_and_drawn
        self._closing(game, before)
        if action.kind == "place":
            self.placed = drawn
        for thrown in events_of(events, "pile_discarded"):
            agree(thrown.was_placed, thrown.card == self.placed, "whether the card thrown is the one placed")
        if action.kind == "draw":
            low = [e.left for e in events_of(events, "stock_low")]
            agree(low, [len(s.stock)] if len(s.stock) in LOW_STOCK else [], "the stock said low")
        closed = events_of(events, "pile_closed")
        agree(sorted(e.pile for e in closed), [n for n in range(1, 12) if s.closed[n - 1] and not before[n - 1]],
              "the piles said closed")
        agree([e.piles_closed for e in closed], list(range(sum(before) + 1, sum(before) + 1 + len(closed))),
              "the count of piles closed")
        for end in events_of(events, "solitaire_ended"):
            agree((end.won, end.piles_closed, end.stock_left), (all(s.closed), sum(s.closed), len(s.stock)),
                  "the record of the game")

    def _closing(self, game: Game, before: list[bool]) -> None:
        s = game.state
        all_wild = game.options.get("all_wild_melds", True)
        for n, (cards, closed) in enumerate(zip(s.piles, s.closed, strict=True), 1):
            if before[n - 1]:
                agree(closed, True, f"pile {n} closed before")
                continue
            if s.placed == n and len(cards) != n + 2:
                continue  # a discard is owed: the pile is judged once it holds its dealt count again
            agree(closed, least_points(cards, n + 2, all_wild) == 0, f"pile {n} ({[c.code for c in cards]}) closed")
        done = all(s.closed) or (not s.stock and s.drawn is None and s.placed is None)
        agree(game.over, done, "the game over")
        if done:
            self.judged += 1
            agree(s.won, all(s.closed), "the game won")
