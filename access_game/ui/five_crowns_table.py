"""The Five Crowns table: the player's hand with a cursor, and every question a player asks at a table.

The hand is kept in the player's own order (sorted by suit unless they sort by rank), with a cursor
that lands on a drawn card, so "draw, listen, X" discards what was just drawn. Every card said
stays a Card value in the message, so the announcer can show it in braille when the player asks.
"""

from __future__ import annotations

from collections.abc import Sequence

from access_game.session import Session
from access_game.ui.hand_table import HandTable
from access_game.ui.hints import hint_lines
from access_game.ui.registry import Command, command
from access_game.ui.table import Host
from engine.actions import Discard, Draw, GoOut
from engine.arrange import Arrangement, arrange, discard_options
from engine.cards import Card, Rank
from engine.events import Discarded, Drew, Event, GameEnded, HandStarted, TurnStarted, WentOut
from engine.game import Game
from engine.melds import card_points
from engine.rules.five_crowns import FiveCrownsView
from speech.phrases import GAME_OVER, card_count, cards_parts, join_words, melds_parts, points
from speech.results import scores_words
from speech.utterance import Kind

__all__ = ["FiveCrownsTable", "resume_question"]

Parts = list[str | Card]




def hand_words_of(view: FiveCrownsView) -> str:
    """'hand 3 of 11', or 'a play-off hand' once the eleven are played and a tie is being broken."""
    if view.hand_number > view.hands_total:
        return "a play-off hand"
    return f"hand {view.hand_number} of {view.hands_total}"


def resume_question(game: Game, seat: int) -> str:
    """Asked before a saved game is resumed: who is at the table and which hand it is."""
    view: FiveCrownsView = game.view(seat)
    others = join_words([p for s, p in enumerate(view.players) if s != seat])
    return f"You have a saved game of Five Crowns with {others}, {hand_words_of(view)}. Resume it?"


class FiveCrownsTable(HandTable):
    game_name = "five-crowns"
    title = "Five Crowns"

    def __init__(self, session: Session, host: Host) -> None:
        super().__init__(session, host)
        self.sync()

    # ----------------------------------------------------------------- plumbing
    @property
    def view(self) -> FiveCrownsView:
        v: FiveCrownsView = self.session.view()
        return v

    def _card(self, card: Card) -> Parts:
        return cards_parts([card], self.view.wild_rank)

    def _the(self, card: Card) -> Parts:
        """'the 9 of clubs' / 'a joker', as said in a sentence."""
        return ["a " if card.is_joker else "the ", *self._card(card)]

    @property
    def wild_rank(self) -> Rank:
        return self.view.wild_rank

    def sync(self, drawn: Card | None = None) -> None:
        """Bring the shown order up to date with the hand; the cursor follows a drawn card."""
        self.sync_hand(self.view.hand, drawn)

    # ----------------------------------------------------------------- the table protocol
    def groups(self) -> list[tuple[str, str]]:
        return []

    def reset(self) -> None:
        self.hand.reset()
        self.sync()

    def prompt(self) -> str:
        v = self.view
        if v.phase == "over":
            return "game over"
        if v.to_move != v.seat:
            return "wait"
        return ("last turn, " if v.last_turn else "") + ("draw" if v.phase == "draw" else "discard")

    def opening(self, resumed: bool) -> None:
        v = self.view
        if resumed:
            others = join_words([p for s, p in enumerate(v.players) if s != v.seat])
            self.say(
                f"Resumed Five Crowns against {others}: {hand_words_of(v)}, "
                f"{v.cards_dealt} cards, {v.wild_rank.plural} wild.",
                kind=Kind.SYSTEM,
                urgent=False,
            )
            if v.hand:
                self.say("Your hand: ", *cards_parts(self.order, v.wild_rank), ".", kind=Kind.MY_TURN, urgent=False)
            self._whose_turn(urgent=False)

    def on_events(self, events: Sequence[Event]) -> None:
        seat = self.session.human_seat
        drawn: Card | None = None
        for ev in events:
            if isinstance(ev, HandStarted):
                self.hand.reset()
            elif isinstance(ev, Drew) and ev.seat == seat and ev.card is not None:
                drawn = ev.card
            elif isinstance(ev, Discarded) and ev.seat == seat:
                drawn = None
        self.sync(drawn)
        if not self.session.settings.hints:
            pass
        elif drawn is not None and self.view.phase == "discard" and self.view.to_move == seat:
            self._after_draw_hint()
        for ev in events:
            if isinstance(ev, TurnStarted) and ev.seat == seat and ev.last_turn:
                self.say(
                    "Draw, then discard; the best lay-down of the rest is then made for you.",
                    kind=Kind.MY_TURN,
                    urgent=False,
                )
            elif isinstance(ev, GameEnded):
                v = self.view
                self.say(
                    scores_words(v.players, v.scores, v.totals, long=True, listener=seat, totals_too=False),
                    kind=Kind.RESULTS,
                    urgent=False,
                )
                played_off = v.hand_number - v.hands_total
                if played_off > 0 and len(v.winners) == 1:
                    # The totals above are tied: say what decided it.
                    who = "you" if v.winners[0] == seat else v.players[v.winners[0]]
                    hands = "1 play-off hand" if played_off == 1 else f"{played_off} play-off hands"
                    self.say(f"The tie was broken by {hands}: {who} won.", kind=Kind.RESULTS, urgent=False)

    def _after_draw_hint(self) -> None:
        v = self.view
        if v.last_turn:
            card, arr = self._best_discard(v)
            self.say("Hint: discarding ", *self._the(card), f" leaves the fewest points, {arr.points}.",
                     kind=Kind.MY_TURN, urgent=False)
            return
        outs = self._go_out_cards(v)
        if outs:
            self.say("You can go out: move to ", *self._join_cards(outs), " and press O.",
                     kind=Kind.MY_TURN, urgent=False)

    # ----------------------------------------------------------------- analysis helpers
    def _go_out_cards(self, v: FiveCrownsView) -> list[Card]:
        if v.last_turn or v.phase != "discard" or v.to_move != v.seat:
            return []
        opts = discard_options(v.hand, v.wild_rank, all_wild_melds=v.all_wild_melds)
        return [c for c in sorted(opts, key=self.order.index) if opts[c].points == 0]

    def _best_discard(self, v: FiveCrownsView) -> tuple[Card, Arrangement]:
        opts = discard_options(v.hand, v.wild_rank, all_wild_melds=v.all_wild_melds)
        card = min(opts, key=lambda c: (opts[c].points, len(opts[c].deadwood), -card_points(c, v.wild_rank)))
        return card, opts[card]

    def _join_cards(self, cards: Sequence[Card]) -> Parts:
        parts: Parts = []
        wild = self.view.wild_rank
        for i, c in enumerate(cards):
            if i:
                parts.append(" or " if i == len(cards) - 1 else ", ")
            parts += ["a " if c.is_joker else "the ", *cards_parts([c], wild)]
        return parts

    def _whose_turn(self, *, urgent: bool = True) -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER, urgent=urgent)
        elif v.to_move == v.seat:
            last = "your last turn" if v.last_turn else "your turn"
            self.say(f"It is {last}: {'draw' if v.phase == 'draw' else 'discard'}.", kind=Kind.MY_TURN, urgent=urgent)
        else:
            self.say(f"It is {v.players[v.to_move]}'s turn.", urgent=urgent)

    # ----------------------------------------------------------------- commands
    def commands(self) -> list[Command]:
        return [
            command("draw", "Draw the top card of the stock.", self.draw_stock),
            command("take", "Take the top card of the discard pile (the up card).", self.take_discard),
            command("discard", "Discard the current card (refused, with the reason, when you may not).",
                    self.discard),
            command("go-out", "Go out, discarding the current card: your melds are laid down and named.",
                    self.go_out),
            command("hint", "Hint: the best lay-down now, how many cards are left to meld, and the best discard "
                    "or draw.", self.hint),
            command("previous-card", "Move to the previous card in your hand.", self.previous),
            command("next-card", "Move to the next card in your hand.", self.next),
            command("first-card", "Move to the first card.", self.first),
            command("last-card", "Move to the last card.", self.last),
            command("jump", "Move to card 1 to 9; 0 is card 10.", self.jump),
            command("jump-high", "Move to card 11 to 19.", self.jump_high),
            command("go-to", "Go to a card by its number (type it, then Enter).", self.go_to),
            command("read-hand", "Read your whole hand in order.", self.read_hand),
            command("read-by-suit", "Read your hand grouped by suit.", self.read_by_suit),
            command("read-by-rank", "Read your hand grouped by rank.", self.read_by_rank),
            command("braille-hand", "Show your hand as braille cells on one line (card code).", self.braille_hand),
            command("sort-rank", "Sort your hand by rank, and say the new order.", self.sort_rank),
            command("sort-suit", "Sort your hand by suit, and say the new order.", self.sort_suit),
            command("up-card", "The top card of the discard pile.", self.up_card),
            command("wild", "What is wild this hand.", self.wild),
            command("scores", "Scores: each player's total.", self.scores),
            command("scores-long", "Scores hand by hand, with totals and who leads.", self.scores_long),
            command("info", "Hand number, cards dealt, whose turn, stock and discard pile sizes.", self.info),
            command("players", "Each opponent's card count and last discard.", self.players),
        ]

    # ----- playing
    def draw_stock(self, key: str = "") -> None:
        self.session.act(Draw(self.session.human_seat, "stock"))

    def take_discard(self, key: str = "") -> None:
        self.session.act(Draw(self.session.human_seat, "discard"))

    def discard(self, key: str = "") -> None:
        card = self._current()
        if self.session.refused_now(Discard) or card is None:
            return
        self.session.act(Discard(self.session.human_seat, card))

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
            self.say("You cannot go out discarding ", *self._the(card), ": you can go out discarding ",
                     *self._join_cards(outs), ".", kind=Kind.SYSTEM)
        else:
            rest = list(v.hand)
            rest.remove(card)
            arr = arrange(rest, v.wild_rank, all_wild_melds=v.all_wild_melds)
            self.say(f"You cannot go out yet: {card_count(len(arr.deadwood))} would not meld.", kind=Kind.SYSTEM)

    def hint(self, key: str = "") -> None:
        if self.session.my_turn:  # the strongest player's move for your seat, and why
            self.session.say_all(hint_lines(self.session))
            return
        v = self.view
        if v.phase == "over" or not v.hand:
            self.say("No hint: you hold no cards now.")
            return
        wild = v.wild_rank
        if v.to_move == v.seat and v.phase == "discard":
            card, arr = self._best_discard(v)
            outs = self._go_out_cards(v)
            if outs:
                self.say("You can go out: move to ", *self._join_cards(outs), " and press O. Lay-down: ",
                         *melds_parts(arr.melds, wild), ".", kind=Kind.MY_TURN)
                return
            parts: Parts = ["Discard ", *self._the(card), f": that leaves {points(arr.points)}"]
            parts += self._arrangement_parts(arr)
            self.say(*parts, kind=Kind.MY_TURN)
            return
        arr = arrange(v.hand, wild, all_wild_melds=v.all_wild_melds)
        parts = [f"Now {points(arr.points)}"]
        parts += self._arrangement_parts(arr)
        if v.to_move == v.seat and v.phase == "draw" and v.discard_top is not None:
            with_top = discard_options([*v.hand, v.discard_top], wild, all_wild_melds=v.all_wild_melds)
            best = min(a.points for a in with_top.values())
            parts += [" Taking ", *self._the(v.discard_top), f" would leave at best {points(best)}."]
        self.say(*parts, kind=Kind.MY_TURN)

    def _arrangement_parts(self, arr: Arrangement) -> Parts:
        wild = self.view.wild_rank
        parts: Parts = []
        if arr.melds:
            parts += [". Melds: ", *melds_parts(arr.melds, wild)]
        else:
            parts.append(". No melds yet")
        if arr.deadwood:
            n = len(arr.deadwood)
            parts += [f". {card_count(n)} to meld before you can go out: ",
                      *cards_parts(list(arr.deadwood), wild), "."]
        else:
            parts.append(". Everything melds.")
        return parts

    # ----- the table
    def up_card(self, key: str = "") -> None:
        v = self.view
        if v.discard_top is None:
            self.say("The discard pile is empty.")
            return
        self.say("The up card is ", *self._the(v.discard_top), f"; the discard pile has {card_count(v.discard_size)}.")

    def wild(self, key: str = "") -> None:
        v = self.view
        self.say(f"Jokers and {v.wild_rank.plural} are wild: {v.cards_dealt} cards dealt this hand.")

    def scores(self, key: str = "") -> None:
        v = self.view
        self.say("Totals: " + scores_words(v.players, v.scores, v.totals, long=False, listener=v.seat),
                 kind=Kind.RESULTS)

    def scores_long(self, key: str = "") -> None:
        v = self.view
        self.say(scores_words(v.players, v.scores, v.totals, long=True, listener=v.seat), kind=Kind.RESULTS)

    def info(self, key: str = "") -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        hand = f"Hand {v.hand_number} of {v.hands_total}" if v.hand_number <= v.hands_total else "Play-off hand"
        who = "you" if v.dealer == v.seat else v.players[v.dealer]
        self.say(f"{hand}, {v.cards_dealt} cards dealt, {v.wild_rank.plural} wild, {who} dealt. "
                 f"Stock {card_count(v.stock_size)}, discard pile {card_count(v.discard_size)}.")
        self._whose_turn()

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
        parts: Parts = []
        for seat in v.seats:
            if seat == v.seat:
                continue
            if parts:
                parts.append("; ")
            parts.append(f"{v.players[seat]}: ")
            if seat == v.went_out:
                parts.append("went out")
            elif seat in v.laid_down:
                parts.append(f"laid down, {points(v.laid_down[seat].points)}")
            else:
                parts.append(card_count(v.hand_sizes[seat]))
            if seat in last:
                parts += [", last discarded ", *self._the(last[seat])]
            else:
                parts.append(", no discard yet")
        parts.append(".")
        self.say(*parts)
