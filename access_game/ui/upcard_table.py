"""The upcard rummy table: a hand you select melds from, the fanned discard pile you can walk and dig
into, the melds on the table one by one, and the running totals against the target.

Three cursors, each with its own keys, because a blind player cannot glance across the table:
the hand (Left and Right, digits), the discard pile (Up toward the top, Down deeper, Shift+Down to the
next card you could take back to) and the melds (M and Shift+M). Melds and lay-offs are built the same way as in the
other tables: Space toggles the current card in or out of the selection and says at once whether the
selection is a meld, Enter puts it down. Every card said stays a Card value in the message, so the
announcer can show it in braille.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from access_game.session import Session
from access_game.ui.hand_model import FREE, SELECTED, less
from access_game.ui.hand_table import HandTable
from access_game.ui.modes import NumberEntry
from access_game.ui.registry import Command, command
from access_game.ui.table import Host
from engine.actions import Action, Discard, Draw
from engine.arrange_upcard import arrange_upcard, cards_value, fits_meld, is_wild, meld_problem, meld_rank
from engine.bots import make_agent
from engine.bots.upcard_rummy import plan_plays
from engine.cards import Card, Rank
from engine.events import Discarded, Drew, Event, TurnStarted
from engine.game import Game
from engine.rules.upcard_rummy import (
    HandOpened,
    LayOff,
    Meld,
    PlayerWentOut,
    TableMeld,
    TakeDiscards,
    TookDiscards,
    UpcardView,
    hand_size_for,
)
from speech.phrases import GAME_OVER, capital, card_count, cards_parts, join_words
from speech.results import Names
from speech.upcard_words import upcard_leaders_words
from speech.utterance import Kind

__all__ = [
    "HINT_LEVEL",
    "DigOption",
    "UpcardTable",
    "dig_meld",
    "dig_options",
    "go_out_discard",
    "resume_question",
]

Parts = list[str | Card]

#: The computer player whose next step the hint names: the strongest, since a hint should be good advice.
HINT_LEVEL = "hard"
#: Hand positions 11 to 19 (a dealt ace is 14 cards, 15 once drawn, more after digging).
HIGH_KEYS = tuple(f"alt-{n}" for n in range(1, 10))





# --------------------------------------------------------------------------- digging into the pile
@dataclass(frozen=True, slots=True)
class DigOption:
    """What taking the pile back to one card would do: the meld made at once and the rest kept."""

    #: How many cards from the top are taken; the deepest of them is the card taken back to.
    depth: int
    taken: tuple[Card, ...]
    meld: tuple[Card, ...]
    #: The cards the hand gains from the pile, which count against you unless put down.
    kept: tuple[Card, ...]
    gain: int
    cost: int
    #: How many kept cards fit a meld on the table (the new one included), so could go down at once.
    fits: int

    @property
    def target(self) -> Card:
        return self.taken[0]


def dig_meld(hand: Sequence[Card], taken: Sequence[Card], wild: Rank, extra: Sequence[Card] = ()) -> tuple[Card, ...]:
    """The meld a dig back to ``taken[0]`` makes: that card, every natural of its rank held or taken,
    and the wilds in ``extra`` (the player's selection). Everything melded scores and everything held
    counts against you, so more is better, but one card must be left to discard: extras are dropped
    from the end (wilds, then taken naturals, then held naturals beyond the pair) until one is."""
    target = taken[0]
    mine = [c for c in hand if c.rank == target.rank]
    more = [c for c in taken[1:] if c.rank == target.rank]
    wilds = [c for c in extra if is_wild(c, wild) and c in hand]
    meld = [target, *mine, *more, *wilds]
    room = len(hand) + len(taken)
    while len(meld) >= room and len(meld) > 3:
        meld.pop()
    return tuple(meld)


def dig_options(view: UpcardView, extra: Sequence[Card] = ()) -> list[DigOption]:
    """Every card of the pile ``view``'s player could take back to with the natural pairs held (top
    first), whether or not they may dig yet; the caller says when they may."""
    wild = view.wild_rank
    pile = view.discard
    held = Counter(c.rank for c in view.hand if not is_wild(c, wild))
    table_ranks = {m.rank for m in view.table}
    out: list[DigOption] = []
    for depth in range(1, len(pile) + 1):
        target = pile[-depth]
        if is_wild(target, wild) or target.rank is None or held[target.rank] < 2:
            continue
        taken = tuple(pile[-depth:])
        meld = dig_meld(view.hand, taken, wild, extra)
        # What the hand gains: all it will hold, less what it held (a wild taken can replace an equal
        # wild melded from the hand; either way the hand ends the same).
        kept = tuple(sorted(less(less([*view.hand, *taken], meld), view.hand), key=Card.rank_key))
        ranks = table_ranks | {target.rank}
        fits = sum(1 for c in kept if is_wild(c, wild) or c.rank in ranks)
        out.append(DigOption(depth, taken, meld, kept, cards_value(meld, wild), cards_value(kept, wild), fits))
    return out


def go_out_discard(view: UpcardView) -> Card | None:
    """The card to discard to go out this turn (everything else put down), or None if you cannot.

    A player who melded on an earlier turn may put down any melds and lay-offs; one who has not may
    lay down only one meld of exactly three cards, so goes out only from four cards.
    """
    if not view.my_turn or view.phase != "discard" or view.first_meld_now:
        return None
    hand = list(view.hand)
    wild = view.wild_rank
    if not view.melded[view.seat]:
        if len(hand) != 4:
            return None
        for three in combinations(range(4), 3):
            if meld_problem([hand[i] for i in three], wild) is None:
                return next(hand[i] for i in range(4) if i not in three)
        return None
    ranks = [m.rank for m in view.table]
    plan = plan_plays(hand, wild, ranks)
    if len(plan.left) == 1:
        return plan.left[0]
    if plan.left:
        return None
    for card in sorted(dict.fromkeys(hand), key=lambda c: (cards_value([c], wild), c.rank_key())):
        rest = list(hand)
        rest.remove(card)
        if not plan_plays(rest, wild, ranks).left:
            return card
    return None


def _rank_order(wild: Rank) -> Callable[[Card], tuple[bool, tuple[int, int]]]:
    """Sort by rank with the wilds last, so natural pairs sit together and wilds are easy to find."""

    def key(card: Card) -> tuple[bool, tuple[int, int]]:
        return (is_wild(card, wild), card.rank_key())

    return key


class UpcardTable(HandTable):
    game_name = "upcard-rummy"
    title = "Upcard Rummy"

    #: 'rank' (wilds last) or 'suit'.
    sort = "rank"

    def __init__(self, session: Session, host: Host) -> None:
        super().__init__(session, host)
        #: The pile cursor, counted from the bottom so it stays on its card as discards land on top;
        #: None follows the top card.
        self.pile_index: int | None = None
        #: The meld cursor: an index into the table's melds, None before the player moves it.
        self.meld_index: int | None = None
        self.sync()

    # ----------------------------------------------------------------- plumbing
    @property
    def view(self) -> UpcardView:
        v: UpcardView = self.session.view()
        return v

    @property
    def names(self) -> Names:
        return Names(self.session.players, self.session.human_seat)

    def _card(self, card: Card) -> Parts:
        return cards_parts([card], self.view.wild_rank)

    def _the(self, card: Card) -> Parts:
        return ["the ", *self._card(card)]

    def _list(self, cards: Sequence[Card]) -> Parts:
        return cards_parts(cards, self.view.wild_rank)

    @property
    def wild_rank(self) -> Rank:
        return self.view.wild_rank

    def sort_key(self, how: str | None) -> Callable[[Card], Any]:
        return Card.sort_key if how == "suit" else _rank_order(self.view.wild_rank)

    def sort_words(self, how: str) -> str:
        return "rank, wilds last" if how == "rank" else how

    def sync(self, arrived: Card | None = None) -> None:
        """Bring the hand up to date, keeping selection marks on cards still held; the cursor follows a
        card that just arrived (drawn or dug). Cards leave the hand because they were put down, and what
        is put down is what was selected: of two equal cards, the selected one is the one gone."""
        self.sync_hand(self.view.hand, arrived)

    def _selected(self) -> list[Card]:
        return self.hand.selected()

    # ----------------------------------------------------------------- the table protocol
    def groups(self) -> list[tuple[str, str]]:
        return [("pile", "The discard pile"), ("melds", "Melds on the table")]

    def reset(self) -> None:
        self.hand.reset()
        self.pile_index = self.meld_index = None
        self.sync()

    def prompt(self) -> str:
        v = self.view
        if v.phase == "over":
            return "game over"
        if not v.my_turn:
            return "wait"
        step = "draw" if v.phase == "draw" else "discard" if v.first_meld_now else "meld or discard"
        return ("last turn, " if v.last_turn else "") + step

    def opening(self, resumed: bool) -> None:
        if not resumed:
            return
        v = self.view
        others = join_words([p for s, p in enumerate(v.players) if s != v.seat])
        self.say(
            f"Resumed Upcard Rummy against {others}: hand {v.hand_number}, {v.wild_rank.plural} wild, "
            f"target {v.target}. {self._totals_words()}",
            kind=Kind.SYSTEM,
            urgent=False,
        )
        if self.order:
            self.say("Your hand: ", *self._list(self.order), ".", kind=Kind.MY_TURN, urgent=False)
        self._whose_turn(urgent=False)

    def on_events(self, events: Sequence[Event]) -> None:
        seat = self.session.human_seat
        arrived: Card | None = None
        for ev in events:
            if isinstance(ev, HandOpened):
                self.hand.reset()
                self.pile_index = self.meld_index = None
            elif isinstance(ev, TurnStarted) and ev.seat == seat:
                self.pile_index = None
                self.clear_marks()
            elif isinstance(ev, Drew) and ev.seat == seat and ev.card is not None:
                arrived = ev.card
            elif isinstance(ev, TookDiscards):
                self.pile_index = None
                if ev.seat == seat:
                    arrived = ev.cards[-1] if len(ev.cards) > 1 else None
            elif isinstance(ev, Discarded) and ev.seat == seat:
                arrived = None
                self.clear_marks()
        self.sync(arrived)
        if self.pile_index is not None and self.pile_index >= len(self.view.discard):
            self.pile_index = None
        if not self.session.settings.hints:
            return
        v = self.view
        for ev in events:
            if isinstance(ev, Drew | TookDiscards) and ev.seat == seat and v.my_turn and v.phase == "discard":
                self._go_out_hint()
            elif isinstance(ev, TurnStarted) and ev.seat == seat and v.my_turn and v.phase == "draw":
                self._turn_hint(ev.last_turn)
            elif isinstance(ev, PlayerWentOut) and ev.seat != seat and v.melded[seat]:
                self.say("You have melded, so you get no last turn.", kind=Kind.MY_TURN, urgent=False)

    def _turn_hint(self, last_turn: bool) -> None:
        v = self.view
        if last_turn:
            self.say("Last turn: draw, lay down one meld of exactly three cards if you can, then discard.",
                     kind=Kind.MY_TURN, urgent=False)
        elif v.melded[v.seat] and (n := len(dig_options(v))):
            which = "1 card: Shift+K says what it would cost, Shift+Down moves to it" if n == 1 else (
                f"any of {n} cards: Shift+K says what each would cost, Shift+Down moves to them")
            self.say(f"You could take the discard pile back to {which}.", kind=Kind.MY_TURN, urgent=False)

    def _go_out_hint(self) -> None:
        card = go_out_discard(self.view)
        if card is not None:
            self.say("You can go out this turn: put down everything but ", *self._the(card), ", then discard it.",
                     kind=Kind.MY_TURN, urgent=False)

    def _whose_turn(self, *, urgent: bool = True) -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER, urgent=urgent)
        elif v.my_turn:
            last = "your last turn" if v.last_turn else "your turn"
            self.say(f"It is {last}: {self.prompt().removeprefix('last turn, ')}.", kind=Kind.MY_TURN, urgent=urgent)
        else:
            self.say(f"It is {v.players[v.to_move]}'s turn.", urgent=urgent)

    # ----------------------------------------------------------------- commands
    def commands(self) -> list[Command]:
        s = self.session
        not_waiting = lambda: not s.waiting  # noqa: E731
        return [
            command("draw", "Draw the top card of the stock.", self.draw_stock),
            command("take", "Take the discard pile back to the card under the pile cursor and meld it with your "
                    "natural pair of its rank (selected wilds join the meld).", self.take_back),
            command("discard", "Discard the current card: your turn ends (with your last card, you go out).",
                    self.discard),
            command("put-down", "Put down the selected cards: a new meld if they make one, otherwise laid off on "
                    "melds that take them.", self.put_down, when=not_waiting),
            command("lay-off", "Lay off the selected cards, or the current card, on the current meld if it fits, "
                    "otherwise on a meld that takes it.", self.lay_off),
            command("play-hint", "Do what the hint says (one step).", self.play_hint),
            command("hint", "Hint: the next step a strong player would take, and how to do it.", self.hint),
            command("select", "Select or unselect the current card, and hear the selection and whether it is a "
                    "meld.", self.select, when=not_waiting),
            command("read-selection", "Read the selection and whether it is a meld.", self.read_selection),
            command("clear-selection", "Clear the selection.", self.clear_selection),
            *self.hand_commands(go_to="Go to a card of your hand by its number (type it, then Enter).",
                                read_hand="Read your whole hand in order, with the cards selected.",
                                read_by_rank="Read your hand grouped by rank: your pairs and wilds.",
                                sort_rank="Sort your hand by rank, wilds last, and say the new order."),
            command("read-discards", "Read the whole discard pile, from the top.", self.read_pile),
            command("pile-up", "Move the pile cursor one card toward the top.", self.pile_up),
            command("pile-down", "Move the pile cursor one card deeper.", self.pile_down),
            command("next-take-back", "Move the pile cursor to the next card, deeper, that you could take back to.",
                    self.next_target),
            command("previous-take-back", "Move the pile cursor to the previous card, nearer the top, that you "
                    "could take back to.", self.previous_target),
            command("pile-go-to", "Go to a card of the discard pile by its place from the top (type it, then "
                    "Enter).", self.pile_go_to),
            command("take-back-options", "Every card you could take back to, with the meld it makes and what the "
                    "cards above it would cost you.", self.take_back_options),
            command("read-table", "Every meld on the table, one line each, with its lay-offs.", self.all_melds),
            command("players-melds", "Each player's melds and lay-offs, and what they are worth to them.",
                    self.players_melds),
            command("next-meld", "Move to the next meld on the table and read it.", self.next_meld),
            command("previous-meld", "Move to the previous meld on the table and read it.", self.previous_meld),
            command("up-card", "The top card of the discard pile.", self.top_card),
            command("wild", "The wild rank, and everyone's up card and hand size at the deal.", self.wild),
            command("scores", "Running totals against the target, and who leads.", self.scores),
            command("scores-long", "Scores hand by hand, with the totals.", self.scores_long),
            command("info", "Hand number, dealer, stock and pile sizes, whether you have melded, whose turn.",
                    self.info),
            command("players", "Each opponent's cards in hand, melded or not, points on the table and last discard.",
                    self.players),
        ]

    # ----- playing
    @property
    def seat(self) -> int:
        return self.session.human_seat

    def draw_stock(self, key: str = "") -> None:
        self.session.act(Draw(self.seat, "stock"))

    def _pile_depth(self) -> int:
        """The pile cursor as a place from the top (1: the top card); 0 when the pile is empty."""
        pile = self.view.discard
        if not pile:
            return 0
        if self.pile_index is None or self.pile_index >= len(pile):
            return 1
        return len(pile) - self.pile_index

    def take_back(self, key: str = "") -> None:
        v = self.view
        depth = self._pile_depth()
        if v.my_turn and v.phase == "draw" and v.melded[v.seat] and depth:
            target = v.discard[-depth]
            where = " Shift+Down moves to a card you could take back to." if dig_options(v) else ""
            if is_wild(target, v.wild_rank):
                self.say("The pile cursor is on ", *self._the(target), ": you can take back only to a natural "
                         f"card matching a pair you hold.{where}", kind=Kind.SYSTEM)
                return
            if sum(1 for c in v.hand if c.rank == target.rank) < 2:
                assert target.rank is not None
                self.say(f"You hold no natural pair of {target.rank.plural} to take back to ", *self._the(target),
                         f", {depth} from the top.{where}", kind=Kind.SYSTEM)
                return
            meld = dig_meld(v.hand, v.discard[-depth:], v.wild_rank, self._selected())
            self.session.act(TakeDiscards(self.seat, depth, meld))
            return
        # Not the moment (not your turn, drawn already, not melded yet, an empty pile): the rules say why.
        self.session.refused_now(TakeDiscards)

    def select(self, key: str = "") -> None:
        if not self.order:
            self.say("You hold no cards.")
            return
        self.marks[self.pos] = FREE if self.marks[self.pos] == SELECTED else SELECTED
        card = self.order[self.pos]
        verb = "Selected the " if self.marks[self.pos] == SELECTED else "Unselected the "
        self.say(verb, *self._card(card), ". ", *self._selection_parts())

    def read_selection(self, key: str = "") -> None:
        self.say(*self._selection_parts())

    def clear_selection(self, key: str = "") -> None:
        had = len(self._selected())
        self.clear_marks()
        self.say("Selection cleared." if had else "Nothing was selected.")

    def _selection_parts(self) -> Parts:
        cards = self._selected()
        if not cards:
            return ["Nothing selected."]
        return [f"{len(cards)} selected: ", *self._list(cards), ". ", *self._verdict(cards)]

    def _verdict(self, cards: Sequence[Card]) -> Parts:
        """Whether the selection can go down now, and as what; the reason when it cannot."""
        v = self.view
        wild = v.wild_rank
        now = v.my_turn and v.phase == "discard"
        problem = meld_problem(cards, wild)
        if problem is None:
            rank = meld_rank(cards, wild)
            assert rank is not None
            words = f"A meld of {rank.plural}, worth {cards_value(cards, wild)}"
            if not now:
                return [words + "."]
            if v.first_meld_now:
                return [words + ", but you made your first meld this turn: discard now."]
            if not v.melded[v.seat] and len(cards) != 3:
                return [words + ", but your first meld of a hand is exactly three cards."]
            if len(cards) >= len(v.hand):
                return [words + ", but keep a card to discard."]
            return [words + ": Enter lays it down."]
        homes = [self._meld_for(c) for c in cards]
        if v.table and all(h is not None for h in homes):
            where = self._meld_name(homes[0]) if len(set(homes)) == 1 and homes[0] is not None else "melds"
            fit = f"Not a meld, but {'it fits' if len(cards) == 1 else 'they fit'} {where}"
            if now and v.may_lay_off:
                return [fit + ": Enter or Shift+O lays off."]
            if v.melded[v.seat] and not v.first_meld_now:
                return [fit + "."]
            return [fit + "; you may lay off from the turn after your first meld."]
        return [f"Not a meld: {problem}."]

    def put_down(self, key: str = "") -> None:
        cards = self._selected()
        if not cards:
            self.say("Select cards with Space first, then Enter puts them down.", kind=Kind.SYSTEM)
            return
        v = self.view
        fit = bool(v.table) and all(self._meld_for(c) is not None for c in cards)
        if meld_problem(cards, v.wild_rank) is None or not fit:
            self.session.act(Meld(self.seat, tuple(cards)))  # refused with the reason when it is no meld
            return
        self._lay_off_cards(cards)

    def lay_off(self, key: str = "") -> None:
        current = self._current()
        if current is None:
            self.say("You hold no cards.")
            return
        self._lay_off_cards(self._selected() or [current])

    def _lay_off_cards(self, cards: Sequence[Card]) -> None:
        v = self.view
        if self.session.refused_now(LayOff):
            return
        if not v.table:
            self.say("There are no melds on the table yet.", kind=Kind.SYSTEM)
            return
        for card in cards:
            home = self._meld_for(card)
            if home is None:
                assert card.rank is not None
                self.say("The ", *self._card(card), f" fits no meld on the table: there is no meld of "
                         f"{card.rank.plural}.", kind=Kind.SYSTEM)
                return
            if not self.session.act(LayOff(self.seat, card, home)):
                return
            self.meld_index = home

    def _meld_for(self, card: Card) -> int | None:
        """The meld a card is laid off on: the current meld if it takes it, else the first that does."""
        v = self.view
        table = v.table
        at = self.meld_index
        if at is not None and at < len(table) and fits_meld(card, table[at].rank, v.wild_rank):
            return at
        return next((i for i, m in enumerate(table) if fits_meld(card, m.rank, v.wild_rank)), None)

    def discard(self, key: str = "") -> None:
        card = self._current()
        if card is None:
            self.say("You hold no cards.")
            return
        self.session.act(Discard(self.seat, card))

    # ----- the hint
    def _hint_action(self) -> Action | None:
        v = self.view
        if not v.my_turn:
            return None
        game = self.session.game
        agent = make_agent(self.game_name, HINT_LEVEL, seed=len(game.actions))
        return agent.choose(v, game.legal_actions(self.seat))

    def hint(self, key: str = "") -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        action = self._hint_action()
        if action is None:
            arr = arrange_upcard(v.hand, v.wild_rank)
            parts: Parts = [f"It is {v.players[v.to_move]}'s turn. Your hand now: "]
            if arr.melds:
                melds = [c for m in arr.melds for c in m]
                parts += [f"{card_count(len(melds))} would meld, worth {arr.melded_value}; "]
            parts.append(f"{card_count(len(arr.deadwood))} would not, {arr.deadwood_value} against you.")
            self.say(*parts, kind=Kind.MY_TURN)
            return
        self.say("Hint: ", *self._action_parts(action), kind=Kind.MY_TURN)

    def _action_parts(self, action: Action) -> Parts:
        v = self.view
        if isinstance(action, Draw):
            why = ""
            if v.melded[v.seat] and dig_options(v):
                why = " (taking the pile back is not worth it now)"
            return [f"draw from the stock{why}: D."]
        if isinstance(action, TakeDiscards):
            target = v.discard[-action.count]
            return [f"take {card_count(action.count)} back to ", *self._the(target), ", melding ",
                    *self._list(action.meld), ": move to it with Shift+Down, then T."]
        if isinstance(action, Meld):
            return ["meld ", *self._list(action.cards), ": select them with Space, then Enter."]
        if isinstance(action, LayOff):
            return ["lay off ", *self._the(action.card), f" on {self._meld_name(action.meld)}: "
                    "select it, then Shift+O."]
        if isinstance(action, Discard):
            out = " and go out" if len(v.hand) == 1 else ""
            return ["discard ", *self._the(action.card), f"{out}: move to it, then X."]
        return [f"{action.kind}."]

    def play_hint(self, key: str = "") -> None:
        action = self._hint_action()
        if action is None:
            self.hint()
            return
        if isinstance(action, LayOff):
            self.meld_index = action.meld
        self.session.act(action)

    # ----- the discard pile
    def read_pile(self, key: str = "") -> None:
        pile = self.view.discard
        if not pile:
            self.say("The discard pile is empty.")
            return
        self.say(f"{card_count(len(pile))}; from the top: ", *self._list(list(reversed(pile))), ".")

    def _pile_note(self, depth: int) -> str:
        """Whether the card at ``depth`` could be taken back to by you, and what it takes."""
        v = self.view
        option = next((o for o in dig_options(v) if o.depth == depth), None)
        if option is None:
            return ""
        if not v.melded[v.seat] or (v.first_meld_now and v.my_turn):
            return " You hold a pair of its rank: you could take back to it from the turn after your first meld."
        return f" You could take back to it: {card_count(depth)}, melding {card_count(len(option.meld))}."

    def _announce_pile(self, edge: str = "") -> None:
        v = self.view
        depth = self._pile_depth()
        if not depth:
            self.say("The discard pile is empty.")
            return
        card = v.discard[-depth]
        self.say(edge, *self._card(card), f", {depth} of {len(v.discard)} from the top.", self._pile_note(depth))

    def _pile_to(self, depth: int, edge: str = "") -> None:
        pile = self.view.discard
        if not pile:
            self.say("The discard pile is empty.")
            return
        if not 1 <= depth <= len(pile):
            self.say(f"The discard pile has {card_count(len(pile))}; there is no card {depth} from the top.")
            return
        self.pile_index = len(pile) - depth
        self._announce_pile(edge)

    def pile_up(self, key: str = "") -> None:
        depth = self._pile_depth()
        if depth <= 1:
            self._announce_pile("Top card. " if depth else "")
            return
        self._pile_to(depth - 1)

    def pile_down(self, key: str = "") -> None:
        depth = self._pile_depth()
        if depth and depth == len(self.view.discard):
            self._announce_pile("Bottom card. ")
            return
        self._pile_to(depth + 1)

    def _targets(self) -> list[int]:
        return [o.depth for o in dig_options(self.view)]

    def next_target(self, key: str = "") -> None:
        self._target_step(1)

    def previous_target(self, key: str = "") -> None:
        self._target_step(-1)

    def _target_step(self, step: int) -> None:
        targets = self._targets()
        if not targets:
            self.say("No card in the discard pile matches a natural pair in your hand.")
            return
        depth = self._pile_depth()
        ahead = [d for d in targets if (d - depth) * step > 0]
        if not ahead:
            which = "deeper" if step > 0 else "nearer the top"
            self._announce_pile(f"No card {which} that you could take back to. Still on the ")
            return
        self._pile_to(min(ahead) if step > 0 else max(ahead))

    def pile_go_to(self, key: str = "") -> None:
        self.host.open(NumberEntry("Go to which card of the discard pile, counting from the top?",
                                   self.host.say_line, on_number=self._pile_to, prompt="pile place"))

    def take_back_options(self, key: str = "") -> None:
        v = self.view
        options = dig_options(v, self._selected())
        if not options:
            self.say("No card in the discard pile matches a natural pair in your hand.")
            return
        if not v.melded[v.seat] or (v.my_turn and v.first_meld_now):
            when = " from the turn after your first meld"
        elif v.my_turn and v.phase == "draw":
            when = " now, instead of drawing"
        else:
            when = " at the start of your turn"
        self.say(f"You could take back to {card_count(len(options))}{when}:")
        for o in options:
            parts: Parts = [*self._card(o.target), f", {card_count(o.depth)} from the top. You meld ",
                            *self._list(o.meld), f": {o.gain} on the table."]
            if o.kept:
                more = "1 more card comes" if len(o.kept) == 1 else f"{len(o.kept)} more cards come"
                fits = "" if not o.fits else "; 1 of them fits a meld" if o.fits == 1 else (
                    f"; {o.fits} of them fit a meld")
                parts += [f" {more} into your hand, {o.cost} against you unless put down{fits}: ",
                          *self._list(o.kept), "."]
            else:
                parts.append(" Nothing else is taken.")
            self.say(*parts)

    # ----- melds on the table
    def _meld_name(self, index: int) -> str:
        v = self.view
        m = v.table[index]
        return f"meld {index + 1}, {m.rank.plural}"

    def _meld_parts(self, index: int, *, of: bool = False) -> Parts:
        """'Meld 2, aces, Anna's: ...' with its lay-offs; ``of`` says where it stands ('Meld 2 of 5')."""
        v = self.view
        m = v.table[index]
        names = self.names
        owner = "yours" if m.owner == v.seat else f"{names.name(m.owner)}'s"
        number = f"{index + 1} of {len(v.table)}" if of else f"{index + 1}"
        parts: Parts = [f"Meld {number}, {m.rank.plural}, {owner}: ", *self._list(m.cards)]
        if m.layoffs:
            parts.append(". Laid off: ")
            for i, (seat, card) in enumerate(m.layoffs):
                if i:
                    parts.append("; ")
                parts += [*self._card(card), f" by {names.name(seat)}"]
        parts.append(".")
        return parts

    def all_melds(self, key: str = "") -> None:
        table = self.view.table
        if not table:
            self.say("No melds on the table yet.")
            return
        self.say(f"{len(table)} meld{'s' if len(table) != 1 else ''} on the table.")
        for i in range(len(table)):
            self.say(*self._meld_parts(i))

    def players_melds(self, key: str = "") -> None:
        v = self.view
        names = self.names
        for seat in range(len(v.players)):
            self.say(*self._player_table_parts(seat, v.table, names))

    def _player_table_parts(self, seat: int, table: Sequence[TableMeld], names: Names) -> Parts:
        v = self.view
        parts: Parts = [f"{names.subject(seat)}: "]
        pieces: list[Parts] = []
        for i, m in enumerate(table):
            if m.owner == seat:
                pieces.append([f"meld {i + 1}, {m.rank.plural}: ", *self._list(m.cards)])
        for i, m in enumerate(table):
            mine = [c for s, c in m.layoffs if s == seat]
            if mine:
                pieces.append([f"laid off on meld {i + 1}: ", *self._list(mine)])
        if not pieces:
            return [*parts, "nothing on the table yet."]
        for i, piece in enumerate(pieces):
            if i:
                parts.append("; ")
            parts += piece
        value = cards_value([c for m in table for c in m.cards_of(seat)], v.wild_rank)
        return [*parts, f". {value} on the table."]

    def next_meld(self, key: str = "") -> None:
        self._meld_step(1)

    def previous_meld(self, key: str = "") -> None:
        self._meld_step(-1)

    def _meld_step(self, step: int) -> None:
        n = len(self.view.table)
        if not n:
            self.say("No melds on the table yet.")
            return
        if self.meld_index is None or self.meld_index >= n:
            self.meld_index = 0 if step > 0 else n - 1
        else:
            self.meld_index = (self.meld_index + step) % n
        self.say(*self._meld_parts(self.meld_index, of=True))

    # ----- the table
    def top_card(self, key: str = "") -> None:
        v = self.view
        if v.discard_top is None:
            self.say("The discard pile is empty.")
            return
        self.say("The top card is ", *self._the(v.discard_top), f"; the discard pile has {card_count(len(v.discard))}.")

    def _deal_log(self) -> HandOpened | None:
        return next((ev for ev in reversed(self.view.log) if isinstance(ev, HandOpened)), None)

    def wild(self, key: str = "") -> None:
        v = self.view
        names = self.names
        dealer = "your" if v.dealer == v.seat else f"the dealer {v.players[v.dealer]}'s"
        parts: Parts = [f"{capital(v.wild_rank.plural)} are wild: {dealer} up card. At the deal: "]
        n = len(v.players)
        for i in range(n):
            seat = (v.dealer + 1 + i) % n
            if i:
                parts.append("; ")
            size = self._dealt_size(seat)
            parts += [f"{names.name(seat)} ", *self._the(v.up_cards[seat]), f", {card_count(size)}"]
        self.say(*parts, ".")

    def _dealt_size(self, seat: int) -> int:
        opened = self._deal_log()
        if opened is not None:
            return opened.hand_sizes[seat]
        return hand_size_for(self.view.up_cards[seat])

    def _totals_words(self) -> str:
        """'Totals: you 455, Anna 455, Ben 10. You and Anna lead with 455, 45 short of the target.'"""
        v = self.view
        names = self.names
        totals = ", ".join(f"{names.name(s)} {t}" for s, t in enumerate(v.totals))
        lead = upcard_leaders_words(names, v.totals).removesuffix(".")
        best = max(v.totals, default=0)
        if lead and best < v.target:
            lead += f", {v.target - best} short of the target"
        return f"Totals: {totals}." + (f" {lead}." if lead else "")

    def scores(self, key: str = "") -> None:
        self.say(f"Target {self.view.target}. {self._totals_words()}", kind=Kind.RESULTS)

    def scores_long(self, key: str = "") -> None:
        v = self.view
        names = self.names
        played = max((len(s) for s in v.scores), default=0)
        if not played:
            self.say(f"No hand has been scored yet. Target {v.target}.", kind=Kind.RESULTS)
            return
        for h in range(played):
            points = ", ".join(f"{names.name(s)} {v.scores[s][h]}" for s in range(len(v.players)))
            self.say(f"Hand {h + 1}: {points}.", kind=Kind.RESULTS)
        self.scores()

    def info(self, key: str = "") -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        dealer = "you" if v.dealer == v.seat else v.players[v.dealer]
        if v.melded[v.seat] and not (v.first_meld_now and v.my_turn):
            melded = "You have melded: you may lay off and take the pile back."
        elif v.melded[v.seat]:
            melded = "You melded this turn: discard now."
        else:
            melded = "You have not melded yet: your first meld is exactly three cards."
        self.say(f"Hand {v.hand_number}, {v.wild_rank.plural} wild, {dealer} dealt. Stock {card_count(v.stock_size)}, "
                 f"discard pile {card_count(len(v.discard))}, {_melds_count(len(v.table))}. {melded}")
        self._whose_turn()

    def players(self, key: str = "") -> None:
        v = self.view
        last: dict[int, Card] = {}
        opened = False
        for ev in reversed(v.log):
            if isinstance(ev, HandOpened):
                opened = True
                break
            if isinstance(ev, Discarded) and ev.seat not in last:
                last[ev.seat] = ev.card
        parts: Parts = []
        for seat in range(len(v.players)):
            if seat == v.seat:
                continue
            if parts:
                parts.append("; ")
            status = "melded" if v.melded[seat] else "not melded"
            value = cards_value([c for m in v.table for c in m.cards_of(seat)], v.wild_rank)
            parts.append(f"{v.players[seat]}: {card_count(v.hand_sizes[seat])}, {status}, {value} on the table")
            if seat in last:
                parts += [", last discarded ", *self._the(last[seat])]
            elif opened:
                parts.append(", no discard yet")
        self.say(*parts, ".")


def _melds_count(n: int) -> str:
    return "no melds on the table" if n == 0 else "1 meld on the table" if n == 1 else f"{n} melds on the table"


def resume_question(game: Game, seat: int) -> str:
    """Asked before a saved game is resumed: who is at the table, which hand, and the totals."""
    view: UpcardView = game.view(seat)
    names = Names(view.players, seat)
    others = join_words([p for s, p in enumerate(view.players) if s != seat])
    totals = ", ".join(f"{names.name(s)} {t}" for s, t in enumerate(view.totals))
    return (f"You have a saved game of Upcard Rummy with {others}, hand {view.hand_number}, "
            f"totals {totals}, target {view.target}. Resume it?")
