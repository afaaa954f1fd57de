"""Contract rummy and upcard rummy read again from docs/contract-rummy.md and docs/upcard-rummy.md:
the decks, the deal and its dealer, what a meld is, the contract of each hand, each hand's score, the
totals, the end of the game and its winners. See oracle_base for what an oracle is.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from oracle_base import Disagreement, Oracle, agree, check_draw, counted, events_of, moves

from engine.actions import Action, Draw
from engine.cards import Card
from engine.events import Event
from engine.game import Game
from engine.rules.contract_rummy import LayDown, LayOff, Swap
from engine.rules.upcard_rummy import LayOff as UpcardLayOff
from engine.rules.upcard_rummy import Meld, TakeDiscards

SUITS = ("c", "d", "h", "s")


def code(rank: int, suit: str) -> str:
    return f"{'a' if rank == 1 else 'jqk'[rank - 11] if rank > 10 else rank}{suit}"


@dataclass
class Before:
    hands: list[list[Card]]
    stock: list[Card]
    discard: list[Card]
    last_turn: bool


def snapshot(game: Game) -> Before:
    s = game.state
    return Before([list(h) for h in s.hands], list(s.stock), list(s.discard), s.went_out is not None)


def hand_cards(before: Before, action: Any, seat: int) -> Counter[str]:
    """A seat's hand after the move that ended the hand: as it was, less the cards the move put down
    (a discard, a card laid off or swapped in, a contract laid down)."""
    cards = counted(before.hands[seat])
    if action.seat == seat:
        if action.kind == "contract_lay_down":
            cards -= counted([c for m in action.melds for c in m])
        elif action.kind in ("discard", "contract_lay_off", "contract_swap"):
            cards -= counted([action.card])
    return cards


# --------------------------------------------------------------------------- contract rummy
CONTRACTS = ((1, 0), (0, 1), (2, 0), (1, 2), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))  # (sets, runs) by hand
CARDS_DEALT, SET_LEAST, RUN_LEAST, RUN_MOST = 12, 3, 4, 13


def contract_points(card: Card) -> int:
    """3 to 9 face value; 10, jack, queen, king 10; ace 15; a wild (any 2, a joker) 20."""
    if card.rank is None or int(card.rank) == 2:
        return 20
    rank = int(card.rank)
    return 15 if rank == 1 else min(rank, 10)


def contract_meld(cards: Sequence[Card]) -> str | None:
    """'set', 'run' or None: at least two naturals; a set 3+ of a rank; a run 4+ of a suit, ace high."""
    naturals = [c for c in cards if c.rank is not None and int(c.rank) != 2]
    if len(naturals) < 2:
        return None
    if len({c.rank for c in naturals}) == 1:
        return "set" if len(cards) >= SET_LEAST else None
    if len({c.suit for c in naturals}) != 1 or not RUN_LEAST <= len(cards) <= RUN_MOST:
        return None
    values = sorted(14 if int(c.rank) == 1 else int(c.rank) for c in naturals)  # type: ignore[arg-type]
    if len(set(values)) != len(values) or values[-1] - values[0] + 1 > len(cards):
        return None
    return "run"  # the wilds fill the gaps and go on either end: 2 up to the ace holds 13 cards


MOST_BUYS = 3
#: The stock is rebuilt from the discard pile at most this often in a hand.
MOST_REBUILDS = 3


class TotalsFollow(Protocol):
    totals: list[int]


class CardMovesOracle(Oracle):
    """What the two draw-and-meld rummies share: one draw of the seat's own moves per turn, split into
    the ones the rules refuse and the ones they allow, and the running totals kept by the follower."""

    follow: TotalsFollow

    def _card_moves(self, game: Game, seat: int, rng: random.Random) -> tuple[list[Action], list[Action]]:
        raise NotImplementedError

    def wrong_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        self._moves = self._card_moves(game, seat, rng)
        return self._moves[0]

    def right_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        return self._moves[1]

    def turn_needs_stock(self, game: Game) -> bool:
        return True

    def totals(self) -> list[int] | None:
        return self.follow.totals


@dataclass
class ContractFollow:
    totals: list[int] = field(default_factory=list)
    hand: int = 1
    dealer: int = 0
    #: This hand: the seats that have laid down, and each seat's buys.
    down: set[int] = field(default_factory=set)
    buys: Counter[int] = field(default_factory=Counter)


class ContractOracle(CardMovesOracle):
    game = "contract-rummy"
    title = "contract rummy"
    players = (2, 8)
    follow: ContractFollow

    def __init__(self) -> None:
        self.follow = ContractFollow()

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        return {"decks": rng.choice([None, 3] if players > 5 else [None, 2, 3]), "first_dealer": rng.randrange(players)}

    defaults: ClassVar[dict[str, Any]] = {"first_dealer": 0, "decks": None}

    #: Whether the card on the discard pile is one the player to draw passed on and nobody bought.
    left_up = False

    def check_offer(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        """The draws of the player to play: from the stock, and from the discard pile unless the card on
        it is one they passed on and nobody bought (they draw from the stock then)."""
        s = game.state
        if s.phase != "draw" or seat != s.to_move:
            return
        want = (["draw stock"] if s.stock else []) + (["draw discard"] if s.discard and not self.left_up else [])
        agree(sorted(m for m in moves(legal) if m.startswith("draw")), sorted(want), "the draws offered")

    def turn_of(self, game: Game) -> tuple[int, ...]:
        """The seat whose turn last started: buyers answer out of turn, but it is not their turn."""
        turns = events_of(game.log, "turn_started")
        return () if game.over or not turns else (turns[-1].seat,)

    def kinds_now(self, game: Game, seat: int) -> dict[str, bool]:
        """The seat to play: after drawing it discards, lays its contract down once, and only once down
        lays off and swaps; before drawing none of these (a buy window's answers are judged apart)."""
        phase = game.state.phase
        if phase not in ("draw", "discard") or seat != game.state.to_move:
            return {}
        drawn, down = phase == "discard", seat in self.follow.down
        return {"draw": not drawn, "discard": drawn, "contract_lay_down": drawn and not down,
                "contract_lay_off": drawn and down, "contract_swap": drawn and down}

    def _card_moves(self, game: Game, seat: int, rng: random.Random) -> tuple[list[Action], list[Action]]:
        """A card of the hand laid off on a meld of the table (right if the meld stays of its kind), a
        swap for a card that is no wild, or for a wild that is not in the meld, and random cards laid
        down as the contract (wrong unless they are melds of it)."""
        s = game.state
        hand = s.hands[seat]
        wrong: list[Action] = []
        right: list[Action] = []
        if s.phase != "discard" or not hand:
            return wrong, right
        card = rng.choice(hand)
        if seat in self.follow.down and s.table:
            meld = rng.choice(s.table)
            fits = contract_meld([*meld.cards, card]) == contract_meld(meld.cards)
            (right if fits else wrong).append(LayOff(seat, card, meld.id))
            natural = [c for c in meld.cards if c.rank is not None and int(c.rank) != 2]
            if natural:  # a natural is no wild to swap for
                wrong.append(Swap(seat, card, meld.id, natural[0], meld.id))
            wilds = [c for c in [*s.stock, *s.discard, *(c for h in s.hands for c in h)]
                     if (c.rank is None or int(c.rank) == 2) and c not in meld.cards]
            others = [m.id for m in s.table if m.id != meld.id]
            if wilds and others:  # a wild, but not one of that meld's
                wrong.append(Swap(seat, card, meld.id, wilds[0], rng.choice(others)))
        elif seat not in self.follow.down:
            sets, runs = CONTRACTS[self.follow.hand - 1]
            cards = rng.sample(hand, min(len(hand), 3 * sets + 4 * runs))
            melds = [tuple(cards[3 * k:3 * k + 3]) for k in range(sets)]
            melds += [tuple(cards[3 * sets + 4 * k:3 * sets + 4 * k + 4]) for k in range(runs)]
            kinds = Counter(contract_meld(m) for m in melds)
            if (kinds["set"], kinds["run"]) != (sets, runs):
                wrong.append(LayDown(seat, tuple(melds)))
        return wrong, right

    def _decks(self, game: Game) -> int:
        return game.options.get("decks") or (2 if len(game.players) <= 5 else 3)

    def deck(self, game: Game) -> Counter[str]:
        decks = self._decks(game)
        return Counter([code(r, s) for s in SUITS for r in range(1, 14)] * decks + ["jo"] * 2 * decks)

    def places(self, game: Game) -> list[Card]:
        s = game.state
        return [*s.stock, *s.discard, *(c for h in s.hands for c in h), *(c for m in s.table for c in m.cards)]

    def start(self, game: Game) -> None:
        n = len(game.players)
        self.follow = ContractFollow(totals=[0] * n, dealer=game.options.get("first_dealer", 0))
        self._opened(game.log)

    def choose(self, game: Game, rng: random.Random) -> bool:
        """A third of the games begin as if the stock had been rebuilt as often as it may be and drawn
        down to a few cards (the rest under the discard pile's top card): the hand must then end as it
        stands when the stock runs out, a last resort random play reaches once in hours."""
        if rng.random() >= 1 / 3:
            return False
        s = game.state
        s.reshuffles = MOST_REBUILDS
        keep = rng.randint(1, 2 * len(game.players))
        s.stock, s.discard = s.stock[-keep:], s.stock[:-keep] + s.discard
        return True

    def _opened(self, events: Sequence[Event]) -> None:
        f = self.follow
        f.down, f.buys = set(), Counter()
        started = events_of(events, "hand_started")[0]
        agree((started.hand_number, started.dealer, started.cards_dealt), (f.hand, f.dealer, CARDS_DEALT), "the deal")
        stated = events_of(events, "contract_stated")
        agree((stated[0].sets, stated[0].runs) if stated else None, CONTRACTS[f.hand - 1], "the hand's contract")
        self._window(events, started.dealer, up_card=True)

    def _window(self, events: Sequence[Event], offered_by: int, *, up_card: bool) -> None:
        """The buy window after a discard (or the up card): every seat after the next player in turn order
        that did not discard the card (the dealer may buy the up card), is not down and has bought fewer
        than 3 times this hand; no window when there is nobody."""
        f = self.follow
        turns = events_of(events, "turn_started")
        if not turns:
            return  # the hand ended instead
        nxt, n = turns[-1].seat, len(f.totals)
        want = [s for s in ((nxt + i) % n for i in range(1, n))
                if (up_card or s != offered_by) and s not in f.down and f.buys[s] < MOST_BUYS]
        offered = events_of(events, "contract_buy_offered")
        agree(list(offered[-1].buyers) if offered else [], want, f"who may buy ({'up card' if up_card else 'discard'})")

    def snapshot(self, game: Game) -> Before:
        return snapshot(game)

    def check_move(self, before: Before, action: Action, events: Sequence[Event], game: Game) -> None:
        f = self.follow
        if not any(e.ends_hand for e in events):
            check_draw(action, events, before.stock, before.discard, game)
        self._buys(before, events, game)
        if action.kind == "draw" or events_of(events, "turn_started"):
            self.left_up = False
        if events_of(events, "contract_nobody_bought"):
            self.left_up = True
        for laid in events_of(events, "contract_laid_down"):
            f.down.add(laid.seat)
            if not events_of(events, "hand_ended"):  # melds are numbered 1, 2, 3... as they are laid down
                ids = [m.id for m in game.state.table][-len(laid.melds):]
                agree(list(laid.meld_ids), ids, "the numbers of the melds laid down")
            kinds = Counter(contract_meld(m) for m in laid.melds)
            agree((kinds["set"], kinds["run"], kinds[None]), (*CONTRACTS[f.hand - 1], 0),
                  f"the melds laid down for the contract of hand {f.hand}: {[[c.code for c in m] for m in laid.melds]}")
        if not events_of(events, "hand_ended"):
            if action.kind == "discard":
                agree([e.seat for e in events_of(events, "turn_started")], [game.state.to_move],
                      "the turn started after a discard")
                self._window(events, action.seat, up_card=False)
            if not game.over:
                for meld in game.state.table:
                    if contract_meld(meld.cards) is None:
                        raise Disagreement(f"{[c.code for c in meld.cards]} on the table is not a meld")
                # Melds are numbered 1, 2, 3... in the order they were laid down.
                agree([m.id for m in game.state.table], list(range(1, len(game.state.table) + 1)), "the melds' numbers")
            return
        ended = events_of(events, "hand_ended")[0]
        self.judged += 1
        n = len(f.totals)
        f.down = set()
        left = [hand_cards(before, action, s) + self._bought(events, s) for s in range(n)]
        out = [s for s in range(n) if not left[s]]
        agree(ended.went_out, out[0] if out else None, "who went out")
        for r in ended.results:
            agree(counted(r.deadwood), left[r.seat], f"seat {r.seat}'s cards left")
            points = sum(contract_points(c) for c in r.deadwood)
            f.totals[r.seat] += points
            agree((r.points, r.total), (points, f.totals[r.seat]), f"seat {r.seat}'s points and total")
        if f.hand < len(CONTRACTS):
            f.hand += 1
            f.dealer = (f.dealer + 1) % n
            self._opened(events)
            return
        over = events_of(events, "game_ended")
        low = min(f.totals)
        agree((list(over[0].winners), list(over[0].totals)) if over else None,
              ([s for s in range(n) if f.totals[s] == low], f.totals), "the winners")



    @staticmethod
    def _bought(events: Sequence[Event], seat: int) -> Counter[str]:
        """The cards ``seat`` bought in the move that ended the hand (the card and its penalty card): a buy
        closes the window, and the next turn may find nothing left to draw."""
        return counted([c for b in events_of(events, "contract_bought") if b.seat == seat
                        for c in (b.card, b.penalty) if c is not None])

    def _buys(self, before: Before, events: Sequence[Event], game: Game) -> None:
        """A buy: only by a seat not yet down with fewer than 3 buys this hand; the penalty card is the top
        of the stock, and only the buyer learns it."""
        f = self.follow
        for bought in events_of(events, "contract_bought"):
            seat = bought.seat
            if seat in f.down:
                raise Disagreement(f"seat {seat} bought after laying down")
            f.buys[seat] += 1
            agree((bought.buys, f.buys[seat] <= MOST_BUYS), (f.buys[seat], True), f"seat {seat}'s buys this hand")
            agree(bought.penalty, before.stock[-1], "the penalty card")
            for other in range(len(game.players)):
                told = [e for e in game.seat_log(other)[-len(events):] if e.kind == "contract_bought"]
                agree(told[-1].penalty if told else None, bought.penalty if other == seat else None,
                      f"the penalty card as seat {other} is told it")


# --------------------------------------------------------------------------- upcard rummy
HAND_SIZES = {1: 14, 13: 13, 12: 12, 11: 11}


def upcard_value(card: Card, wild: int) -> int:
    """Ace 100, any wild 100, 8 to king 10, 3 to 7 5."""
    assert card.rank is not None
    rank = int(card.rank)
    return 100 if rank in (1, wild) else 10 if rank >= 8 else 5


@dataclass
class UpcardFollow:
    totals: list[int] = field(default_factory=list)
    hand: int = 1
    dealer: int = 0
    wild: int = 0
    target: int = 3000
    max_hands: int = 60
    tabled: list[Counter[str]] = field(default_factory=list)
    #: Seats that melded on an earlier turn of this hand (they may dig; they get no last turn).
    melded: set[int] = field(default_factory=set)


class UpcardOracle(CardMovesOracle):
    game = "upcard-rummy"
    title = "upcard rummy"
    players = (2, 6)
    follow: UpcardFollow

    def __init__(self) -> None:
        self.follow = UpcardFollow()

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        return {"target": rng.choice([1, 100, 300, 1000, 3000, rng.randint(1, 5000)]),
                "first_dealer": rng.randrange(players), "max_reshuffles": rng.choice([0, 1, 2, 5]),
                "max_hands": rng.choice([1, 2, 3, 10, 60])}

    defaults: ClassVar[dict[str, Any]] = {"target": 3000, "first_dealer": 0, "max_reshuffles": 5, "max_hands": 60}

    def kinds_now(self, game: Game, seat: int) -> dict[str, bool]:
        """Draw (or dig, once melded on an earlier turn, from a pile with cards), then meld, lay off and
        discard; the turn of a first meld allows no other meld or lay-off."""
        s, f = game.state, self.follow
        drawn = s.phase == "discard"
        earlier = seat in f.melded
        first_now = bool(f.tabled[seat]) and not earlier
        return {"draw": not drawn, "upcard_take_discards": not drawn and earlier and bool(s.discard),
                "upcard_meld": drawn and not first_now, "upcard_lay_off": drawn and earlier, "discard": drawn}

    def check_offer(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        """The melds and digs offered are a sample (the rules accept any valid one), but every rank the
        seat may meld now, and every depth of the discard pile it may dig to, is offered, each at least
        with three cards (the least it may meld): a player choosing from the moves offered misses no
        meld and no dig it could make, nor the one that keeps most cards in hand."""
        s, f = game.state, self.follow
        hand = s.hands[seat]
        wilds = sum(int(c.rank) == f.wild for c in hand)  # type: ignore[arg-type]
        pairs = Counter(c.rank for c in hand if int(c.rank) != f.wild)  # type: ignore[arg-type]
        if self.kinds_now(game, seat).get("upcard_meld") and len(hand) > 3:
            want = sorted(int(r) for r, n in pairs.items() if n >= 2 and n + wilds >= 3)  # type: ignore[arg-type]
            offered = {int(c.rank) for a in legal if isinstance(a, Meld) for c in a.cards  # type: ignore[arg-type]
                       if int(c.rank) != f.wild}  # type: ignore[arg-type]
            agree(sorted(offered), want, "the ranks offered to meld")
            threes = {int(c.rank) for a in legal if isinstance(a, Meld) and len(a.cards) == 3  # type: ignore[arg-type]
                      for c in a.cards if int(c.rank) != f.wild}  # type: ignore[arg-type]
            agree(sorted(threes), want, "the ranks offered to meld in three cards")
        if self.kinds_now(game, seat).get("upcard_take_discards"):
            pile = s.discard
            want = [k for k in range(1, len(pile) + 1) if int(pile[-k].rank) != f.wild  # type: ignore[arg-type]
                    and pairs[pile[-k].rank] >= 2 and len(hand) + k - 3 >= 1]
            agree(sorted({a.count for a in legal if isinstance(a, TakeDiscards)}), want, "the digs offered")
            agree(sorted({a.count for a in legal if isinstance(a, TakeDiscards) and len(a.meld) == 3}), want,
                  "the digs offered with a meld of three cards")

    def _card_moves(self, game: Game, seat: int, rng: random.Random) -> tuple[list[Action], list[Action]]:
        """A dig to a card drawn at random (right with a natural pair of its rank in hand and a card left
        to discard), three cards of the hand melded, a card laid off on a meld of the table, a draw from
        the discard pile (digs are the only way to it)."""
        s, f = game.state, self.follow
        hand = list(s.hands[seat])
        wrong: list[Action] = []
        right: list[Action] = []
        if s.phase == "draw":
            wrong.append(Draw(seat, "discard"))
            if seat in f.melded and s.discard:
                # Half the time back to the nearest card the seat holds a natural pair of (else anywhere,
                # the whole pile too), its meld all the naturals of that rank held and, half the time,
                # every wild held: the digs that leave no card to discard come from these.
                paired = [k for k in range(1, len(s.discard) + 1) if int(s.discard[-k].rank) != f.wild  # type: ignore[arg-type]
                          and sum(c.rank == s.discard[-k].rank for c in hand) >= 2]
                count = paired[0] if paired and rng.random() < 0.5 else rng.randrange(1, len(s.discard) + 1)
                target = s.discard[-count]
                pair = [c for c in hand if c.rank == target.rank]
                wilds = [c for c in hand if int(c.rank) == f.wild] if rng.random() < 0.5 else []  # type: ignore[arg-type]
                meld = (target, *pair, *wilds) if len(pair) >= 2 else (target, *pair, *wilds)[:3]
                left = Counter(hand) + Counter(s.discard[-count:]) - Counter(meld)
                good = int(target.rank) != f.wild and len(pair) >= 2 and sum(left.values()) > 0  # type: ignore[arg-type]
                (right if good else wrong).append(TakeDiscards(seat, count, meld))
            return wrong, right
        if len(hand) >= 3:
            cards = tuple(rng.sample(hand, 3))
            first_now = bool(f.tabled[seat]) and seat not in f.melded
            if not self._meld(cards) or len(hand) == 3:
                wrong.append(Meld(seat, cards))
            elif not first_now:
                right.append(Meld(seat, cards))
        if seat in f.melded and s.table:
            held = Counter(hand)
            others = [c for h in s.hands for c in h if not held[c]]
            if others:  # a card the seat does not hold
                wrong.append(UpcardLayOff(seat, rng.choice(others), rng.randrange(len(s.table))))
            card = rng.choice(hand)
            index = rng.randrange(len(s.table))
            ranks = {c.rank for c in s.table[index].all_cards if int(c.rank) != f.wild}  # type: ignore[arg-type]
            fits = int(card.rank) == f.wild or card.rank in ranks  # type: ignore[arg-type]
            (right if fits and len(hand) > 1 else wrong).append(UpcardLayOff(seat, card, index))
        return wrong, right

    def deck(self, game: Game) -> Counter[str]:
        return Counter([code(r, s) for s in SUITS for r in range(1, 14) if r != 2] * 2)

    def places(self, game: Game) -> list[Card]:
        s = game.state
        return [*s.stock, *s.discard, *(c for h in s.hands for c in h), *(c for m in s.table for c in m.all_cards)]

    def start(self, game: Game) -> None:
        o = {"target": 3000, "first_dealer": 0, "max_hands": 60, **game.options}
        n = len(game.players)
        self.follow = UpcardFollow(totals=[0] * n, dealer=o["first_dealer"], target=o["target"],
                                   max_hands=o["max_hands"])
        self._opened(game.log)

    def _opened(self, events: Sequence[Event]) -> None:
        f = self.follow
        opened = events_of(events, "upcard_hand_started")[0]
        up = opened.up_cards
        f.wild = int(up[f.dealer].rank)
        f.tabled = [Counter() for _ in f.totals]
        f.melded = set()
        agree((opened.hand_number, opened.dealer, int(opened.wild_rank), opened.target),
              (f.hand, f.dealer, f.wild, f.target), "the deal")
        agree(list(opened.hand_sizes), [HAND_SIZES.get(int(c.rank), int(c.rank)) for c in up], "the hands' sizes")

    def snapshot(self, game: Game) -> Before:
        return snapshot(game)

    def _meld(self, cards: Sequence[Card]) -> bool:
        naturals = [c for c in cards if int(c.rank) != self.follow.wild]  # type: ignore[arg-type]
        return len(cards) >= 3 and len(naturals) >= 2 and len({c.rank for c in naturals}) == 1

    def _dig(self, before: Before, action: Any, events: Sequence[Event]) -> None:
        """A dig: by a seat that melded on an earlier turn, back to a natural of a rank it holds a natural
        pair of; it takes that card and every card above it, and melds that card at once."""
        f = self.follow
        seat, count = action.seat, action.count
        if seat not in f.melded:
            raise Disagreement(f"seat {seat} dug into the discard pile before melding")
        taken = before.discard[-count:]
        deepest = taken[0]
        pair = [c for c in before.hands[seat] if c.rank == deepest.rank]
        if int(deepest.rank) == f.wild or len(pair) < 2:  # type: ignore[arg-type]
            raise Disagreement(f"seat {seat} dug back to {deepest.code} holding {[c.code for c in pair]}")
        took = events_of(events, "upcard_took_discards")
        agree([c.code for c in took[0].cards] if took else None, [c.code for c in taken], "the cards dug")
        melds = events_of(events, "upcard_melded")
        if not melds or deepest not in melds[0].cards:
            raise Disagreement(f"the card dug back to, {deepest.code}, was not melded at once")

    def check_move(self, before: Before, action: Action, events: Sequence[Event], game: Game) -> None:
        f = self.follow
        if not any(e.ends_hand for e in events):
            check_draw(action, events, before.stock, before.discard, game)
        if action.kind == "upcard_take_discards":
            self._dig(before, action, events)
            if not any(e.ends_hand for e in events):  # a dig is the turn's draw: the seat plays on, then discards
                agree((game.seats_to_act(), game.why_not_now(action.seat, "draw") is None,
                       game.why_not_now(action.seat, "discard")), ((action.seat,), False, None), "the turn after a dig")
        # A discard that empties a hand before the last turns goes out; then every seat that has not
        # melded on an earlier turn has one last turn, in turn order.
        emptied = action.kind == "discard" and not hand_cards(before, action, action.seat) and not before.last_turn
        went_out = events_of(events, "upcard_went_out")
        agree(bool(went_out), emptied, "going out by the last card's discard")
        for out in went_out:
            n = len(f.totals)
            after = [(out.seat + i) % n for i in range(1, n)]
            agree(list(out.last_turns), [s for s in after if s not in f.melded], "the last turns after going out")
        for melded in events_of(events, "upcard_melded"):
            if not self._meld(melded.cards) or (melded.first and len(melded.cards) != 3):
                raise Disagreement(f"{[c.code for c in melded.cards]} melded (first: {melded.first}) is not a meld")
            if not events_of(events, "upcard_hand_ended"):  # the meld's number is where it lies on the table
                table = game.state.table
                agree(list(table[melded.index].cards) if 0 <= melded.index < len(table) else None,
                      list(melded.cards), f"meld {melded.index} told laid down")
            f.tabled[melded.seat] += counted(melded.cards)
        for off in events_of(events, "upcard_laid_off"):
            meld = game.state.table[off.index].cards if not events_of(events, "upcard_hand_ended") else None
            if meld is not None and not self._meld([*meld, off.card]):
                raise Disagreement(f"{off.card.code} laid off on {[c.code for c in meld]}")
            f.tabled[off.seat] += counted([off.card])
        ended = events_of(events, "upcard_hand_ended")
        if action.kind == "discard" and not ended and not went_out and not before.last_turn:
            agree(game.seats_to_act(), ((action.seat + 1) % len(f.totals),), "the next to play")
        if action.kind == "discard" and f.tabled[action.seat]:
            f.melded.add(action.seat)  # from its next turn on
        if not ended:
            return
        e = ended[0]
        self.judged += 1
        n = len(f.totals)
        for s in range(n):
            held = hand_cards(before, action, s)
            agree((counted(e.on_table[s]), counted(e.in_hand[s])), (f.tabled[s], held), f"seat {s}'s cards")
            plus = sum(upcard_value(c, f.wild) for c in e.on_table[s])
            minus = sum(upcard_value(c, f.wild) for c in e.in_hand[s])
            f.totals[s] += plus - minus
            agree((e.plus[s], e.minus[s], e.points[s]), (plus, minus, plus - minus), f"seat {s}'s points")
        agree(list(e.totals), f.totals, "the totals")
        over = max(f.totals) >= f.target or f.hand >= f.max_hands
        ended_game = events_of(events, "game_ended")
        agree(bool(ended_game), over, f"the game over after hand {f.hand}")
        if over:
            best = max(f.totals)
            agree(list(ended_game[0].winners), [s for s in range(n) if f.totals[s] == best], "the winners")
            return
        f.hand += 1
        f.dealer = (f.dealer + 1) % n
        self._opened(events)
