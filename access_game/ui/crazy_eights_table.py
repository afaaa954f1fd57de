"""The Crazy Eights table, over the shared draw–discard table: cards played onto the pile with the key
that discards in every rummy (X), an eight's suit asked in one line before the eight leaves the hand,
a pass (N) once no more drawing is allowed, the top card with the suit named on it, and the totals
against the target. What is said is in speech.crazy_eights_words.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from access_game.ui.draw_discard_table import DrawDiscardTable
from access_game.ui.modes import LetterQuestion
from engine.actions import Discard
from engine.cards import Card, Rank
from engine.game import Game
from engine.rules.crazy_eights import CrazyEightsView, PassTurn, PlayEight
from speech import crazy_eights_words as cw
from speech.phrases import Parts, card_words
from speech.results import Names
from speech.utterance import Kind

__all__ = ["CrazyEightsTable", "resume_question"]


def resume_question(game: Game, seat: int) -> str:
    seen: CrazyEightsView = game.view(seat)
    return cw.resume_words(Names(seen.players, seat), seen.hand_number, seen.totals)


class CrazyEightsTable(DrawDiscardTable[CrazyEightsView]):
    """Crazy Eights' own part of a draw–discard table."""

    game_name = "crazy-eights"
    title = "Crazy Eights"
    KEY_HELP = cw.KEY_HELP
    GAME_KEYS = ("draw", "discard", "no", "hint", "play-hint", "best-melds")
    TABLE_KEYS = ("up-card", "scores", "scores-long", "info")
    METHODS = MappingProxyType({"no": "pass_turn"})

    def prompt(self) -> str:
        v = self.view
        return cw.prompt_words(v.phase == "over", v.my_turn, v.may_draw)

    def resumed_words(self) -> str:
        v = self.view
        return cw.resumed_words(self.names, v.hand_number, v.totals)

    # ----------------------------------------------------------------- commands
    def discard(self, key: str = "") -> None:
        """X: play the current card onto the pile; an eight asks its suit first (Escape keeps it)."""
        card = self._current()
        if self.session.refused_now(Discard) or card is None:
            return
        if card.rank != Rank.EIGHT:
            self._act(Discard(self.seat, card))
            return
        answers = {key: self._play_eight(card, code) for key, code in cw.suit_keys().items()}
        words = "".join(p if isinstance(p, str) else card_words(p) for p in cw.suit_question_parts(card))
        self.host.open(LetterQuestion(words, self.host.say_line, answers=answers, labels=cw.suit_labels(),
                                      prompt=cw.SUIT_PROMPT))

    def _play_eight(self, card: Card, suit: str) -> Callable[[], None]:
        def play() -> None:
            self._act(PlayEight(self.seat, card, suit))

        return play

    def pass_turn(self, key: str = "") -> None:
        """N: pass, when no more drawing is allowed (the rules say why not otherwise)."""
        self._act(PassTurn(self.seat))

    def best_melds_parts(self) -> Parts:
        """Alt+M: what the hand makes now, in a game without melds: the cards that play on the top card,
        and the penalty the hand holds."""
        v = self.view
        return cw.hand_now_parts([c for c in self.order if v.playable(c)], v.discard_top, list(v.hand))

    # ----- the table
    def up_card(self, key: str = "") -> None:
        v = self.view
        self.say(*cw.top_card_parts(v.discard_top, v.suit, v.stock_size))

    def scores(self, key: str = "") -> None:
        v = self.view
        self.say(cw.scores_words(self.names, v.totals, v.target), kind=Kind.RESULTS)

    def scores_long(self, key: str = "") -> None:
        self.say_hand_points()
        self.scores()

    def info(self, key: str = "") -> None:
        v = self.view
        turn = None if v.phase == "over" else v.to_move
        self.say(cw.info_words(self.names, v.hand_number, v.dealer, v.stock_size, v.hand_sizes, turn))
