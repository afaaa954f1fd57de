"""The Gin Rummy table: the hand (HandTable), the up card offered at the start of a hand, knocking,
the best melds key, the hint and the status keys. What is said is in speech.gin_words.

Keys are the key plan's: D draws, T takes the discard (or the offered up card), Y and N take or pass
the offered up card, X discards the current card, O knocks with it (its discard goes face down).
"""

from __future__ import annotations

from collections.abc import Sequence

from access_game.session_api import TableSession
from access_game.ui.hand_table import HandTable
from access_game.ui.registry import Command, command
from access_game.ui.table import Host
from engine.actions import Discard, Draw
from engine.arrange_gin import arrange_gin
from engine.cards import Card
from engine.events import Drew, Event, HandStarted
from engine.game import Game
from engine.rules.gin_rummy import GinView, Knock, PassUpcard
from speech import gin_words as gw
from speech import table_words as tw
from speech.phrases import cards_parts
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


class GinTable(HandTable):
    game_name = "gin-rummy"
    title = "Gin Rummy"

    def __init__(self, session: TableSession, host: Host) -> None:
        super().__init__(session, host)
        self.sync()

    def sync(self, arrived: Card | None = None) -> None:
        """Bring the shown order up to date with the hand; the cursor follows a card that arrived."""
        self.sync_hand(self.view.hand, arrived)

    @property
    def view(self) -> GinView:
        v: GinView = self.session.view()
        return v

    @property
    def names(self) -> Names:
        return Names(self.session.players, self.session.human_seat)

    # ----------------------------------------------------------------- the table protocol
    def prompt(self) -> str:
        return gw.prompt_words(self.view.phase, self.view.my_turn)

    def asks_yes_no(self) -> bool:
        """The first up card is offered to this player: yes takes it (the app lets the language's letters
        answer it)."""
        return self.view.phase == "offer" and self.view.my_turn

    def groups(self) -> list[tuple[str, str]]:
        return []  # its keys are all in the shared groups

    def reset(self) -> None:
        self.hand.reset()
        self.sync()

    def opening(self, resumed: bool) -> None:
        if resumed:
            v = self.view
            self.say(gw.resumed_words(self.names, v.hand_number, v.totals), kind=Kind.SYSTEM, urgent=False)
            if v.hand:
                self.say(*tw.your_hand_parts(self.order, None), kind=Kind.MY_TURN, urgent=False)

    def on_events(self, events: Sequence[Event]) -> None:
        seat = self.session.human_seat
        arrived: Card | None = None
        for ev in events:
            if isinstance(ev, HandStarted):
                self.hand.reset()
            elif isinstance(ev, Drew) and ev.seat == seat:
                arrived = ev.card
        self.sync(arrived)
        if arrived is not None and self.session.settings.hints:
            state, card = knock_problem(self.view)
            if state in ("gin", "knock") and card is not None:
                self.say(*gw.knock_card_words(card), kind=Kind.MY_TURN, urgent=False)

    # ----------------------------------------------------------------- commands
    def commands(self) -> list[Command]:
        k = gw.KEY_HELP
        return [
            command("draw", k["draw"], self.draw),
            command("take", k["take"], self.take),
            command("yes", k["yes"], self.take),
            command("no", k["no"], self.pass_up_card),
            command("discard", k["discard"], self.discard),
            command("go-out", k["go-out"], self.knock),
            command("hint", k["hint"], self.hint),
            command("play-hint", k["play-hint"], self.play_hint),
            command("best-melds", k["best-melds"], self.best_melds),
            *self.hand_commands(),
            command("read-discards", k["read-discards"], self.read_discards),
            command("up-card", k["up-card"], self.up_card),
            command("scores", k["scores"], self.scores),
            command("scores-long", k["scores-long"], self.scores_long),
            command("info", k["info"], self.info),
        ]

    @property
    def seat(self) -> int:
        return self.session.human_seat

    def draw(self, key: str = "") -> None:
        self.session.act(Draw(self.seat, "stock"))

    def take(self, key: str = "") -> None:
        self.session.act(Draw(self.seat, "discard"))

    def pass_up_card(self, key: str = "") -> None:
        self.session.act(PassUpcard(self.seat))

    def discard(self, key: str = "") -> None:
        self._with_card(Discard)

    def _with_card(self, move: type[Discard] | type[Knock]) -> None:
        card = self._current()
        if self.session.refused_now(move) or card is None:
            return
        self.session.act(move(self.seat, card))

    def knock(self, key: str = "") -> None:
        """O: knock with the current card; with eleven cards all melded, big gin (no discard)."""
        v = self.view
        if v.my_turn and v.phase == "discard" and not arrange_gin(v.hand).points:
            self.session.act(Knock(self.seat, None))
            return
        self._with_card(Knock)

    def best_melds(self, key: str = "") -> None:
        v = self.view
        if not v.hand:
            self.say(tw.HAND_EMPTY)
            return
        arr = arrange_gin(v.hand)
        state, best = knock_problem(v)
        # To discard: the card about to go is no deadwood of the hand that knocks, so the least a discard
        # leaves is said too.
        after = None if best is None else arrange_gin([c for c in v.hand if c != best]).points
        self.say(*gw.best_melds_parts(arr.melds, arr.deadwood, arr.points, state, after), kind=Kind.MY_TURN)

    def hint(self, key: str = "") -> None:
        """H: the one recommendation, its key, and the cursor on its card (access_game.ui.hints)."""
        self.hinter.ask()

    def play_hint(self, key: str = "") -> None:
        action = self.hinter.follow()
        if action is not None:
            self.session.act(action)

    # ----- the table
    def read_discards(self, key: str = "") -> None:
        pile = self.view.discard
        if not pile:
            self.say(tw.DISCARD_PILE_EMPTY)
            return
        self.say(*cards_parts(list(reversed(pile)), None))

    def up_card(self, key: str = "") -> None:
        v = self.view
        self.say(*tw.up_card_parts(v.discard_top, None, len(v.discard)))

    def scores(self, key: str = "") -> None:
        v = self.view
        self.say(gw.scores_words(self.names, v.totals, v.target), kind=Kind.RESULTS)

    def scores_long(self, key: str = "") -> None:
        v = self.view
        names = self.names
        for h in range(max((len(s) for s in v.scores), default=0)):
            points = ", ".join(f"{names.name(s)} {v.scores[s][h]}" for s in range(len(v.players)))
            self.say(gw.hand_points_words(h + 1, points), kind=Kind.RESULTS)
        self.scores()

    def info(self, key: str = "") -> None:
        v = self.view
        turn = None if v.phase == "over" else v.to_move
        self.say(gw.info_words(self.names, v.hand_number, v.dealer, v.stock_size, turn))
