"""The Gin Rummy table: the hand and the shared draw–discard keys (DrawDiscardTable), and Gin's own part:
the up card offered at the start of a hand, knocking, the best melds key and the status keys. What is
said is in speech.gin_words.

Keys are the key plan's: D draws, T takes the discard (or the offered up card), Y and N take or pass
the offered up card, X discards the current card, O knocks with it (its discard goes face down).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from access_game.ui.draw_discard_table import DrawDiscardTable
from engine.arrange_gin import arrange_gin
from engine.cards import Card
from engine.events import Event
from engine.game import Game
from engine.rules.gin_rummy import GinView, Knock, PassUpcard
from speech import gin_words as gw
from speech.phrases import Parts
from speech.results import Names
from speech.utterance import Kind

__all__ = ["GinTable", "knock_problem", "resume_question"]


def resume_question(game: Game, seat: int) -> str:
    view: GinView = game.view(seat)
    return gw.resume_words(Names(view.players, seat), view.hand_number, view.totals)


def knock_problem(view: GinView) -> tuple[str, Card | None]:
    """Whether the hand can knock now: 'gin', 'knock' (with the best card to discard), 'no', 'later'."""
    if not view.my_turn or view.phase != "discard":
        return "later", None
    throws = [c for c in view.hand if c != view.taken]
    left = {c: arrange_gin([x for x in view.hand if x != c]).points for c in throws}
    best = min(throws, key=lambda c: (left[c], c.sort_key()))
    if left[best] == 0:
        return "gin", best
    return ("knock" if left[best] <= view.knock_limit else "no"), best


class GinTable(DrawDiscardTable[GinView]):
    """Gin's own part of a draw–discard table: the up card offered, knocking, its scores."""

    game_name = "gin-rummy"
    title = "Gin Rummy"
    KEY_HELP = gw.KEY_HELP
    GAME_KEYS = ("draw", "take", "yes", "no", "discard", "go-out", "hint", "play-hint", "best-melds")
    TABLE_KEYS = ("read-discards", "up-card", "scores", "scores-long", "info")
    METHODS = MappingProxyType({
        "yes": "take_discard",
        "no": "pass_up_card",
        "go-out": "knock",
    })

    # ----------------------------------------------------------------- the table protocol
    def prompt(self) -> str:
        return gw.prompt_words(self.view.phase, self.view.my_turn)

    def asks_yes_no(self) -> bool:
        """The first up card is offered to this player: yes takes it (the app lets the language's letters
        answer it)."""
        return self.view.phase == "offer" and self.view.my_turn

    def resumed_words(self) -> str:
        v = self.view
        return gw.resumed_words(self.names, v.hand_number, v.totals)

    def after_events(self, events: Sequence[Event], arrived: Card | None) -> None:
        if arrived is not None and self.session.settings.hints:
            state, card = knock_problem(self.view)
            if state in ("gin", "knock") and card is not None:
                self.say(*gw.knock_card_words(card), kind=Kind.MY_TURN, urgent=False)

    # ----------------------------------------------------------------- commands
    def pass_up_card(self, key: str = "") -> None:
        self.session.act(PassUpcard(self.seat))

    def knock(self, key: str = "") -> None:
        """O: knock with the current card; with eleven cards all melded, big gin (no discard)."""
        v = self.view
        if v.my_turn and v.phase == "discard" and not arrange_gin(v.hand).points:
            self.session.act(Knock(self.seat, None))
            return
        card = self._current()
        if self.session.refused_now(Knock) or card is None:
            return
        self.session.act(Knock(self.seat, card))

    def best_melds_parts(self) -> Parts:
        v = self.view
        arr = arrange_gin(v.hand)
        state, best = knock_problem(v)
        # To discard: the card about to go is no deadwood of the hand that knocks, so the least a discard
        # leaves is said too.
        after = None if best is None else arrange_gin([c for c in v.hand if c != best]).points
        return gw.best_melds_parts(arr.melds, arr.deadwood, arr.points, state, after)

    def play_hint(self, key: str = "") -> None:
        """Shift+N: the hint's move; with none (out of turn too), the hint says why."""
        action = self.hinter.follow()
        if action is not None:
            self.session.act(action)

    # ----- the table
    def pile(self) -> Sequence[Card]:
        return self.view.discard

    def scores(self, key: str = "") -> None:
        v = self.view
        self.say(gw.scores_words(self.names, v.totals, v.target), kind=Kind.RESULTS)

    def scores_long(self, key: str = "") -> None:
        self.say_hand_points()
        self.scores()

    def info(self, key: str = "") -> None:
        v = self.view
        turn = None if v.phase == "over" else v.to_move
        self.say(gw.info_words(self.names, v.hand_number, v.dealer, v.stock_size, turn))
