"""A yardstick from outside the project: our Gin Rummy player against OpenSpiel's simple gin rummy bot.

Our own levels only measure each other. OpenSpiel (``pip install 'access-game[anchors]'``) ships a
simple rule-based gin player that published agents are measured against, so a figure against it says
how strong a level is in terms others use. It is never needed to play.

**Our engine is the referee.** Each hand is dealt and scored by :mod:`engine.rules.gin_rummy`; the bot
sees the same hand through an OpenSpiel state that mirrors it card for card: its deal chance nodes are
given the cards our engine dealt (OpenSpiel's player 0 is our non-dealer, who is offered the up card
first), each stock draw is given the card our stock gave, and each move of either player is played into
it. The bot's move, read from that state, is translated back into our move. OpenSpiel scores one hand
and has no big gin; our engine scores the game (to 100, with line and game bonuses). Where the rules
differ the bot is held to ours: it may throw back the up card it has just taken (even to knock), which
our rules forbid, and then throws instead the card that leaves it least deadwood, knocking with it if
our rules let it (counted in the report, and the bot's plan is dropped); it never lays
off, which does not matter, since our showdown lays off the defender's cards for it.

Seats are rotated as in ``access-game simulate``: game ``i`` is dealt from seed ``S + i // 2``, our
player sitting first in even games and second in odd ones. The bot is deterministic, so the games
replay exactly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.actions import Action, Discard, Draw
from engine.arrange_gin import arrange_gin
from engine.bots import make_agent
from engine.cards import Card, Rank, Suit
from engine.events import Event, GameEnded, HandStarted
from engine.game import Game
from engine.rules.gin_rummy import GinHandEnded, Knock, PassUpcard

__all__ = ["AnchorReport", "BotLike", "Mirror", "os_card", "our_card", "play_anchor_game", "run_anchor"]

GAME = "gin-rummy"
#: OpenSpiel's suit order in its card numbers (spades, clubs, diamonds, hearts: 13 cards each, ace low).
OS_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
#: OpenSpiel's gin rummy move numbers beyond the 52 cards.
DRAW_UPCARD = 52
DRAW_STOCK = 53
PASS = 54
KNOCK = 55
MAX_ACTIONS = 20_000


def os_card(card: Card) -> int:
    """Our card as OpenSpiel numbers it."""
    assert card.rank is not None and card.suit is not None
    return OS_SUITS.index(card.suit) * 13 + int(card.rank) - 1


def our_card(number: int) -> Card:
    """OpenSpiel's card number as our card."""
    return Card(Rank(number % 13 + 1), OS_SUITS[number // 13])


class BotLike(Protocol):
    """What the mirror asks of a player of OpenSpiel's (``pyspiel.Bot``): a move for the state, and to
    forget the last hand (the simple bot keeps its planned knock and melds)."""

    def step(self, state: Any) -> int: ...

    def restart(self) -> None: ...


class Mirror:
    """One hand of OpenSpiel's gin rummy kept in step with our engine's hand, card for card."""

    def __init__(self, pyspiel: Any, nondealer: Sequence[Card], dealer: Sequence[Card], upcard: Card) -> None:
        self.state = pyspiel.load_game("gin_rummy").new_initial_state()
        # OpenSpiel deals player 0's ten cards, then player 1's, then turns the up card.
        for card in (*nondealer, *dealer, upcard):
            self._chance(card)

    def _chance(self, card: Card) -> None:
        if not self.state.is_chance_node():
            raise RuntimeError(f"OpenSpiel expected a move, not the dealt card {card}")
        self._apply(os_card(card))

    def _apply(self, number: int) -> None:
        if number not in self.state.legal_actions():
            raise RuntimeError(f"OpenSpiel refuses move {number} ({self.state.action_to_string(number)}) in\n"
                               f"{self.state}")
        self.state.apply_action(number)

    def play(self, action: Action, drawn: Card | None) -> None:
        """Play our engine's ``action`` into the mirror; ``drawn``: the card a stock draw gave."""
        if isinstance(action, PassUpcard):
            self._apply(PASS)
        elif isinstance(action, Draw):
            self._apply(DRAW_UPCARD if action.source == "discard" else DRAW_STOCK)
            if action.source != "discard":
                assert drawn is not None
                self._chance(drawn)
        elif isinstance(action, Knock):
            if action.card is not None:  # big gin has no OpenSpiel move: the hand ends in our engine anyway
                self._apply(KNOCK)
                self._apply(os_card(action.card))
        elif isinstance(action, Discard):
            self._apply(os_card(action.card))
        else:
            raise RuntimeError(f"no OpenSpiel move for {action}")

    def check(self, hands: Sequence[Sequence[Card]], discard: Sequence[Card], stock: int) -> None:
        """Raise unless the mirror holds what our engine holds: each hand (by OpenSpiel's player), the up
        card and the stock's size. Checked after every move, so a mirror out of step stops the run."""
        theirs = [sorted((our_card(n) for n in hand), key=Card.sort_key) for hand in self.state.hands()]
        ours = [sorted(hand, key=Card.sort_key) for hand in hands]
        upcard = self.state.upcard()
        top = discard[-1] if discard else None
        if theirs != ours or (upcard is not None and our_card(upcard) != top) or self.state.stock_size() != stock:
            raise RuntimeError(f"OpenSpiel's hand is out of step with ours: {theirs} against {ours}, up card "
                               f"{upcard} against {top}, stock {self.state.stock_size()} against {stock}")

    def bot_move(self, bot: BotLike, seat: int, hand: Sequence[Card], legal: Sequence[Action]) -> tuple[Action, bool]:
        """The bot's move as our move, and whether it was replaced (a throw our rules forbid); ``hand``:
        the bot's cards. A knock is two OpenSpiel moves (knock, then the card laid face down): both are
        asked for here."""
        number = bot.step(self.state)
        if number == KNOCK:
            card_number = bot.step(_after(self.state, KNOCK))
            wanted: Action = Knock(seat, our_card(card_number))
        elif number in (DRAW_UPCARD, DRAW_STOCK):
            wanted = Draw(seat, "discard" if number == DRAW_UPCARD else "stock")
        elif number == PASS:
            wanted = PassUpcard(seat)
        elif 0 <= number < 52:
            wanted = Discard(seat, our_card(number))
        else:
            raise RuntimeError(f"the bot chose {number} ({self.state.action_to_string(number)}), which has no move "
                               "of ours")
        if wanted in legal:
            return wanted, False
        return _least_deadwood_throw(wanted, hand, legal), True


def _after(state: Any, number: int) -> Any:
    child = state.clone()
    child.apply_action(number)
    return child


def _least_deadwood_throw(wanted: Action, hand: Sequence[Card], legal: Sequence[Action]) -> Action:
    """Our rules' nearest move to one they forbid (the up card just taken, thrown back): of the same kind
    (a throw, or a knock), the one leaving least deadwood, then the first in hand order."""
    same = [a for a in legal if type(a) is type(wanted)] or [a for a in legal if isinstance(a, Discard)]
    if not same:
        raise RuntimeError(f"the bot's move {wanted} has no counterpart among {legal}")

    def left(action: Action) -> int:
        card = getattr(action, "card", None)
        kept = list(hand)
        if card is not None:
            kept.remove(card)
        return arrange_gin(kept).points

    return min(same, key=left)


@dataclass(slots=True)
class GameTally:
    """One game, from our player's side."""

    won: float
    our_points: int
    bot_points: int
    hands_won: int
    hands_lost: int
    hands_drawn: int
    replaced: int
    outcomes: dict[str, int] = field(default_factory=dict)
    decision_seconds: list[float] = field(default_factory=list)


def play_anchor_game(pyspiel: Any, bot_factory: Callable[[int], BotLike], level: str, seed: int,
                     index: int) -> GameTally:
    """Game ``index`` of a run: our ``level`` against the bot, our engine refereeing."""
    deal_seed, ours = seed + index // 2, index % 2
    theirs = 1 - ours
    names = ["", ""]
    names[ours], names[theirs] = level, "OpenSpiel"
    g = Game.new(GAME, names, seed=deal_seed)
    agent = make_agent(GAME, level, random.Random(f"anchor/{seed}/{index}").getrandbits(32))
    bots = {0: bot_factory(0), 1: bot_factory(1)}
    tally = GameTally(0.0, 0, 0, 0, 0, 0, 0)
    mirror: Mirror | None = None
    events: Sequence[Event] = g.log
    actions = 0
    while not g.over:
        if any(isinstance(e, HandStarted) for e in events):
            state = g.state
            nondealer = (state.dealer + 1) % 2
            mirror = Mirror(pyspiel, state.hands[nondealer], state.hands[state.dealer], state.discard[-1])
            os_player = {nondealer: 0, state.dealer: 1}
            for bot in bots.values():
                bot.restart()
            order = (nondealer, state.dealer)
            mirror.check([state.hands[s] for s in order], state.discard, len(state.stock))
        assert mirror is not None
        seat = g.seats_to_act()[0]
        legal = g.legal_actions(seat)
        if seat == ours:
            start = time.perf_counter()
            action = agent.choose(g.view(seat), legal)
            tally.decision_seconds.append(time.perf_counter() - start)
        else:
            bot = bots[os_player[seat]]
            action, replaced = mirror.bot_move(bot, seat, g.state.hands[seat], legal)
            if replaced:
                # Its plan (a knock's melds) was made for the move it did not make: it plans afresh.
                bot.restart()
                tally.replaced += 1
        before = set(g.state.hands[seat])
        events = g.apply(action)
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"game {index} did not end after {MAX_ACTIONS} actions")
        ended = next((e for e in events if isinstance(e, GinHandEnded)), None)
        if ended is not None:
            key = "draw" if ended.winner is None else f"{'won' if ended.winner == ours else 'lost'} {ended.outcome}"
            tally.outcomes[key] = tally.outcomes.get(key, 0) + 1
            if ended.winner is None:
                tally.hands_drawn += 1
            elif ended.winner == ours:
                tally.hands_won += 1
            else:
                tally.hands_lost += 1
            mirror = None
            continue
        drawn = None
        if isinstance(action, Draw) and action.source == "stock":
            drawn = next(iter(set(g.state.hands[seat]) - before))
        mirror.play(action, drawn)
        mirror.check([g.state.hands[s] for s in order], g.state.discard, len(g.state.stock))
    game_ended = next(e for e in reversed(g.log) if isinstance(e, GameEnded))
    tally.our_points, tally.bot_points = game_ended.totals[ours], game_ended.totals[theirs]
    if ours in game_ended.winners:
        tally.won = 1.0 / len(game_ended.winners)
    return tally


@dataclass(frozen=True, slots=True)
class AnchorReport:
    level: str
    games: int
    seed: int
    wins: float
    game_ci95: tuple[float, float]
    mean_points: float
    bot_mean_points: float
    hands_won: int
    hands_lost: int
    hands_drawn: int
    hand_ci95: tuple[float, float]
    replaced: int
    outcomes: dict[str, int]
    decision_ms_mean: float
    seconds: float
    game: str = GAME

    @property
    def game_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def hand_share(self) -> float:
        decided = self.hands_won + self.hands_lost
        return self.hands_won / decided if decided else 0.0

    def to_data(self) -> dict[str, Any]:
        return {"game": GAME, "level": self.level, "games": self.games, "seed": self.seed,
                "wins": self.wins, "game_share": round(self.game_share, 6),
                "game_ci95": [round(x, 6) for x in self.game_ci95],
                "mean_points": round(self.mean_points, 3), "bot_mean_points": round(self.bot_mean_points, 3),
                "hands_won": self.hands_won, "hands_lost": self.hands_lost, "hands_drawn": self.hands_drawn,
                "hand_share": round(self.hand_share, 6), "hand_ci95": [round(x, 6) for x in self.hand_ci95],
                "bot_throws_replaced": self.replaced, "outcomes": dict(sorted(self.outcomes.items())),
                "decision_ms_mean": round(self.decision_ms_mean, 3), "seconds": round(self.seconds, 3)}


def run_anchor(level: str, games: int, seed: int, *, bot_factory: Callable[[int], BotLike] | None = None,
               pyspiel: Any = None) -> AnchorReport:
    """Play ``games`` seat-rotated games of our ``level`` against OpenSpiel's simple bot."""
    from access_game.simulate import wilson_interval

    if pyspiel is None:
        import pyspiel as os_module  # the optional extra: the command says how to install it

        pyspiel = os_module
    if bot_factory is None:
        params = pyspiel.load_game("gin_rummy").get_parameters()

        def bot_factory(player: int) -> BotLike:
            bot: BotLike = pyspiel.make_simple_gin_rummy_bot(params, player)
            return bot

    start = time.perf_counter()
    tallies = [play_anchor_game(pyspiel, bot_factory, level, seed, i) for i in range(games)]
    seconds = time.perf_counter() - start
    wins = sum(t.won for t in tallies)
    won, lost = sum(t.hands_won for t in tallies), sum(t.hands_lost for t in tallies)
    outcomes: dict[str, int] = {}
    for t in tallies:
        for k, v in t.outcomes.items():
            outcomes[k] = outcomes.get(k, 0) + v
    times = [s for t in tallies for s in t.decision_seconds]
    return AnchorReport(
        level=level, games=games, seed=seed, wins=wins, game_ci95=wilson_interval(wins / games, games),
        mean_points=sum(t.our_points for t in tallies) / games,
        bot_mean_points=sum(t.bot_points for t in tallies) / games,
        hands_won=won, hands_lost=lost, hands_drawn=sum(t.hands_drawn for t in tallies),
        hand_ci95=wilson_interval(won / (won + lost), won + lost) if won + lost else (0.0, 1.0),
        replaced=sum(t.replaced for t in tallies), outcomes=outcomes,
        decision_ms_mean=1000 * sum(times) / len(times) if times else 0.0, seconds=seconds)
