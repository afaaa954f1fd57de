"""The Five Crowns table: the hand and the turn (shared: HandTable, DrawDiscardTable), going out, the hint, and the
answers to the status keys. What is said is in speech.five_crowns_words; this module decides what is
true and which move to make.

The hand is kept in the player's own order (sorted by suit unless they sort by rank), with a cursor
that lands on a drawn card, so "draw, listen, X" discards what was just drawn. Every card said
stays a Card value in the message, so the announcer can show it in braille when the player asks.
"""

from __future__ import annotations

from collections.abc import Sequence

from access_game.ui.draw_discard_table import DrawDiscardTable
from access_game.ui.hints import unprompted
from engine.actions import GoOut
from engine.arrange_five_crowns import arrange, discard_options
from engine.arrangement import Arrangement
from engine.cards import Card, Rank
from engine.events import Discarded, Event, GameEnded, HandStarted, TurnStarted, WentOut
from engine.five_crowns_melds import card_points
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsView
from speech import draw_discard_words as ddw
from speech import five_crowns_words as words
from speech.phrases import Parts
from speech.utterance import Kind

__all__ = ["FiveCrownsTable", "resume_question"]


def resume_question(game: Game, seat: int) -> str:
    """Asked before a saved game is resumed: who is at the table and which hand it is."""
    view: FiveCrownsView = game.view(seat)
    return words.resume_question(view)


class FiveCrownsTable(DrawDiscardTable[FiveCrownsView]):
    """Five Crowns' own part of a draw–discard table: the wild rank of each hand, going out, the last turn."""

    game_name = "five-crowns"
    title = "Five Crowns"
    KEY_HELP = words.KEY_HELP
    GAME_KEYS = ("draw", "take", "discard", "go-out", "hint", "play-hint", "best-melds")
    TABLE_KEYS = ("up-card", "wild", "scores", "scores-long", "info", "players")

    @property
    def wild_rank(self) -> Rank:
        return self.view.wild_rank

    # ----------------------------------------------------------------- the table protocol
    def prompt(self) -> str:
        v = self.view
        return ddw.turn_prompt(over=v.phase == "over", my_turn=v.to_move == v.seat, drawing=v.phase == "draw",
                               last_turn=v.last_turn)

    def resumed_words(self) -> str:
        return words.resumed_words(self.view)

    def whose_turn(self, *, urgent: bool = False) -> None:
        self.say(words.whose_turn_words(self.view), kind=self._turn_kind(), urgent=urgent)

    def arrival(self, ev: Event, arrived: Card | None) -> Card | None:
        if isinstance(ev, Discarded) and ev.seat == self.seat:
            return None
        return super().arrival(ev, arrived)

    def after_events(self, events: Sequence[Event], drawn: Card | None) -> None:
        seat = self.seat
        if self.session.settings.hints and drawn is not None and self.view.phase == "discard" \
                and self.view.to_move == seat:
            self._after_draw_hint()
        for ev in events:
            if isinstance(ev, TurnStarted) and ev.seat == seat and ev.last_turn:
                self.say(words.LAST_TURN_TIP, kind=Kind.MY_TURN, urgent=False)
            elif isinstance(ev, TurnStarted) and ev.seat == seat:
                # With hints on, the player hears unasked when the up card lets the hand go out.
                self.session.say_all(unprompted(self.session))
            elif isinstance(ev, GameEnded):
                self.say_final_scores()
                v = self.view
                played_off = v.hand_number - v.hands_total
                if played_off > 0 and len(v.winners) == 1:
                    # The totals above are tied: say what decided it.
                    who = "you" if v.winners[0] == seat else v.players[v.winners[0]]
                    self.say(words.tie_broken_words(played_off, who), kind=Kind.RESULTS, urgent=False)

    def _after_draw_hint(self) -> None:
        v = self.view
        if v.last_turn:  # the hint itself, the one recommendation, with the cursor on its card
            self.hinter.offer()
            return
        outs = self._go_out_cards(v)
        if outs:
            self.say(*words.go_out_hint(outs, v.wild_rank), kind=Kind.MY_TURN, urgent=False)

    # ----------------------------------------------------------------- analysis
    def _go_out_cards(self, v: FiveCrownsView) -> list[Card]:
        if v.last_turn or v.phase != "discard" or v.to_move != v.seat:
            return []
        opts = discard_options(v.hand, v.wild_rank, all_wild_melds=v.all_wild_melds)
        return [c for c in sorted(opts, key=self.order.index) if opts[c].points == 0]

    def _best_discard(self, v: FiveCrownsView) -> tuple[Card, Arrangement]:
        opts = discard_options(v.hand, v.wild_rank, all_wild_melds=v.all_wild_melds)
        card = min(opts, key=lambda c: (opts[c].points, len(opts[c].deadwood), -card_points(c, v.wild_rank)))
        return card, opts[card]

    # ----------------------------------------------------------------- commands
    def best_melds_parts(self) -> Parts:
        v = self.view
        arr = arrange(list(v.hand), v.wild_rank, all_wild_melds=v.all_wild_melds)
        after: tuple[int, int] | None = None
        if v.to_move == v.seat and v.phase == "discard":
            # One card goes to the discard pile first: what is left to meld is counted without it.
            opts = discard_options(v.hand, v.wild_rank, all_wild_melds=v.all_wild_melds).values()
            after = (min(len(a.deadwood) for a in opts), min(a.points for a in opts))
        return words.best_melds_parts(arr, v.wild_rank, after)

    def go_out(self, key: str = "") -> None:
        v = self.view
        card = self._current()
        if v.to_move != v.seat or v.phase != "discard" or card is None or v.last_turn:
            if not self.session.refused_now(GoOut) and card is not None:
                self.session.act(GoOut(self.session.human_seat, card))  # the last turn: the rules say why not
            return
        outs = self._go_out_cards(v)
        if card in outs:
            self.session.act(GoOut(self.session.human_seat, card))
        elif outs:
            self.say(*words.cannot_go_out_here(card, outs, v.wild_rank), kind=Kind.SYSTEM)
        else:
            rest = list(v.hand)
            rest.remove(card)
            arr = arrange(rest, v.wild_rank, all_wild_melds=v.all_wild_melds)
            self.say(words.cannot_go_out_yet(len(arr.deadwood)), kind=Kind.SYSTEM)

    def waiting_hint(self) -> None:
        """H out of turn: what the hand makes, and what the up card would do for it."""
        v = self.view
        if v.phase == "over" or not v.hand:
            self.say(words.NO_HINT)
            return
        wild = v.wild_rank
        if v.to_move == v.seat and v.phase == "discard":
            card, arr = self._best_discard(v)
            outs = self._go_out_cards(v)
            if outs:
                self.say(*words.go_out_hint(outs, wild, arr), kind=Kind.MY_TURN)
            else:
                self.say(*words.discard_hint(card, arr, wild), kind=Kind.MY_TURN)
            return
        arr = arrange(v.hand, wild, all_wild_melds=v.all_wild_melds)
        best: int | None = None
        top = v.discard_top if v.to_move == v.seat and v.phase == "draw" else None
        if top is not None:
            with_top = discard_options([*v.hand, top], wild, all_wild_melds=v.all_wild_melds)
            best = min(a.points for a in with_top.values())
        self.say(*words.draw_hint(arr, wild, top, best), kind=Kind.MY_TURN)

    # ----- the table
    def pile_size(self) -> int:
        return self.view.discard_size

    def wild(self, key: str = "") -> None:
        self.say(words.wild_words(self.view))

    def info(self, key: str = "") -> None:
        v = self.view
        self.say(words.info_words(v))
        if v.phase != "over":
            self.whose_turn()

    def players(self, key: str = "") -> None:
        v = self.view
        last: dict[int, Card] = {}
        for ev in v.log:
            if isinstance(ev, HandStarted):
                last = {}
            elif isinstance(ev, Discarded):
                last[ev.seat] = ev.card
            elif isinstance(ev, WentOut):
                last[ev.seat] = ev.discard
        self.say(*words.players_parts(v, last))
