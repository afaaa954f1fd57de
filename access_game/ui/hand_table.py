"""What every table with a hand of cards does the same way: the hand model (order kept, marks, cursor),
moving through the hand, going to a card by number, reading it whole or grouped, the hand in braille,
sorting. One copy, so the games cannot drift apart in how a player's own hand behaves; a table gives
only its wild rank, its sort orders and what a mark means in its game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from access_game.ui.braille_link import hand_cells, show_hand
from access_game.ui.hand_model import SELECTED, HandModel
from access_game.ui.hints import Hinter
from access_game.ui.registry import Command, named_commands
from access_game.ui.text_entry import TextEntry
from engine.cards import Card, Rank
from speech import table_words as tw
from speech.i18n import N_, _
from speech.utterance import Kind

if TYPE_CHECKING:
    from access_game.session_api import TableSession
    from access_game.ui.hints import Hint
    from access_game.ui.table import Host

__all__ = ["HandTable"]


class HandTable:
    """Base for tables with a hand: needs ``session`` and ``host``; may override ``wild_rank`` (the rank
    marked wild when cards are named), ``sort_key(how)``, ``mark_words(mark)`` and ``sort_words(how)``."""

    session: TableSession
    host: Host
    hand: HandModel
    hinter: Hinter
    #: 'suit' or 'rank': the order the hand keeps as cards come and go (None: the player's own).
    sort: str | None = "suit"

    def after_news(self) -> None:
        """Nothing waits on others' answers, unless a game's table says otherwise."""

    def reset(self) -> None:
        """A new game began in the same session: each table clears its own cursors and questions."""
        raise NotImplementedError

    def undone(self, move: Any) -> None:
        """``move`` taken back: the table as for a fresh look at the game (its cursors and questions
        cleared, the hand in its sort order), the cursor on the card the move had put down (a discard,
        a lay-off), back in the hand."""
        self.reset()
        card = getattr(move, "card", None) or getattr(move, "discard", None)
        if card in self.hand.cards:
            self.hand.pos = self.hand.cards.index(card)

    def __init__(self, session: TableSession, host: Host) -> None:
        self.session = session
        self.host = host
        self.hand = HandModel()
        #: H, Shift+N and the hints said unasked: one recommendation, aimed by ``aim`` (access_game.ui.hints).
        self.hinter = Hinter(self)
        # The deal line lists the hand in the order the table shows it, as the key that reads it does.
        narrator = getattr(session, "narrator", None)
        if narrator is not None and hasattr(narrator, "hand_order"):
            narrator.hand_order = self._shown_order

    def aim(self, hint: Hint, *, say: bool = True) -> None:
        """Put the hand's cursor on the card the hint names, so its key acts on that card; a game with more
        cursors (a meld's, the discard pile's) puts those too."""
        self.point_at(hint.card, say=say)

    def _shown_order(self, card: Card) -> Any:
        key = self.sort_key(self.sort) or Card.sort_key
        return key(card)

    # ----- what a table may change
    @property
    def wild_rank(self) -> Rank | None:
        return None

    def sort_key(self, how: str | None) -> Callable[[Card], Any] | None:
        if how == "suit":
            return Card.sort_key
        if how == "rank":
            return Card.rank_key
        return None

    def mark_words(self, mark: int) -> str:
        return tw.SELECTED_MARK if mark == SELECTED else ""

    def sort_words(self, how: str) -> str:
        return how

    # ----- the hand model, as tables and tests read it
    @property
    def order(self) -> list[Card]:
        return self.hand.cards

    @property
    def marks(self) -> list[int]:
        return self.hand.marks

    @marks.setter
    def marks(self, value: list[int]) -> None:
        self.hand.marks = value

    @property
    def pos(self) -> int:
        return self.hand.pos

    @pos.setter
    def pos(self, value: int) -> None:
        self.hand.pos = value

    def _current(self) -> Card | None:
        return self.hand.current

    def sync_hand(self, hand: list[Card] | tuple[Card, ...], arrived: Card | None = None) -> list[Card]:
        return self.hand.sync(hand, self.sort_key(self.sort), arrived)

    def clear_marks(self) -> None:
        self.hand.clear_marks()

    def say(self, *parts: str | Card, kind: Kind = Kind.INFO, urgent: bool = False) -> None:
        """A table's line, in its place after what was said before it: an answer to a key follows the key's
        silence anyway, and a hint or a question after the computer players' moves must not jump them."""
        self.session.say(*parts, kind=kind, urgent=urgent)

    # ----- the command sets every table with a hand shares
    #: The hand keys and the methods that answer them; what each does is said in table_words.KEY_HELP, and a
    #: table changes a description by passing its own words to hand_commands.
    HAND_COMMANDS: tuple[tuple[str, str], ...] = (
        ("previous-card", "previous"),
        ("next-card", "next"),
        ("first-card", "first"),
        ("last-card", "last"),
        ("jump", "jump"),
        ("jump-high", "jump_high"),
        ("go-to", "go_to"),
        ("read-hand", "read_hand"),
        ("read-by-suit", "read_by_suit"),
        ("read-by-rank", "read_by_rank"),
        ("braille-hand", "braille_hand"),
        ("sort-rank", "sort_rank"),
        ("sort-suit", "sort_suit"),
    )

    def hand_commands(self, descriptions: Mapping[str, str] = tw.KEY_HELP) -> list[Command]:
        """The hand's commands (keys from the key plan); a game's own words for a hand key (by command name,
        e.g. its ``KEY_HELP``) replace the shared ones."""
        return named_commands(self, {**tw.KEY_HELP, **descriptions}, self.HAND_COMMANDS)

    def game_commands(self, descriptions: Mapping[str, str], before: Sequence[tuple[str, str]],
                      after: Sequence[tuple[str, str]], *, not_while_waiting: Sequence[str] = ()) -> list[Command]:
        """A game's whole command list, as every table with a hand orders it: the game's keys ``before``,
        the hand's, then ``after``, (command, method) pairs described by ``descriptions``; the commands
        named in ``not_while_waiting`` are not offered while the computer players move."""
        session = self.session
        waiting = {name: (lambda: not session.waiting) for name in not_while_waiting}
        return [*named_commands(self, descriptions, before, when=waiting), *self.hand_commands(descriptions),
                *named_commands(self, descriptions, after, when=waiting)]

    # ----- status keys every game with scores answers the same way
    def scores(self, key: str = "") -> None:
        v: Any = self.session.view()
        self.say(tw.scores_short_words(v.players, v.scores, v.totals, v.seat), kind=Kind.RESULTS)

    def scores_long(self, key: str = "") -> None:
        v: Any = self.session.view()
        self.say(tw.scores_long_words(v.players, v.scores, v.totals, v.seat), kind=Kind.RESULTS)

    # ----- moving
    def _announce_current(self, edge: str = "") -> None:
        card = self._current()
        if card is None:
            self.say(tw.HAND_EMPTY)
            return
        h = self.hand
        self.say(*tw.card_at_parts(card, self.wild_rank, h.pos, len(h.cards), self.mark_words(h.marks[h.pos]), edge))

    def point_at(self, card: Card | None, *, say: bool = True) -> None:
        """Put the cursor on ``card`` and say where it is in the hand (unless ``say`` is false): a hint that
        names a card leaves the cursor on it, so the move's key (X: discard the current card) acts on the
        card the hint named."""
        if card is None or card not in self.order:
            return
        if self._current() != card:  # (two decks: a twin already under the cursor will do)
            self.pos = self.order.index(card)
        if say:
            self._announce_current()

    def _move_to(self, index: int) -> None:
        if not self.order:
            self.say(tw.HAND_EMPTY)
            return
        if not 0 <= index < len(self.order):
            self.say(tw.no_such_card(len(self.order), index + 1))
            return
        self.pos = index
        self._announce_current()

    def previous(self, key: str = "") -> None:
        if self.order and self.pos == 0:
            self._announce_current(tw.FIRST_CARD)
            return
        self._move_to(self.pos - 1)

    def next(self, key: str = "") -> None:
        if self.order and self.pos == len(self.order) - 1:
            self._announce_current(tw.LAST_CARD)
            return
        self._move_to(self.pos + 1)

    def first(self, key: str = "") -> None:
        self._move_to(0)

    def last(self, key: str = "") -> None:
        self._move_to(len(self.order) - 1)

    def jump(self, key: str = "") -> None:
        """Digits 1 to 9 and 0 (card 10); Alt+1 to Alt+9 (cards 11 to 19); from the menu, a number."""
        if key.isdigit():
            self._move_to((int(key) or 10) - 1)
        elif key.startswith("alt-") and key[4:].isdigit():
            self._move_to(10 + int(key[4:]) - 1)
        else:
            self.go_to()

    jump_high = jump

    def go_to(self, key: str = "") -> None:
        """J: a card by its number (3), its name ("queen of hearts", in the player's language) or its code (qh,
        10st, jo): reaching a known card without counting."""
        from access_game.ui.card_finder import CARD_TEXT_LIMIT

        self.host.open(TextEntry(tw.go_to_card(self._parse_card), self.host.say_line, on_text=self._go_to_text,
                                 cancelled=_(tw.GO_TO_CANCELLED), prompt=N_("card"), limit=CARD_TEXT_LIMIT))

    def _parse_card(self, text: str) -> Card:
        """The game's own card notation, which also says which cards it has."""
        from access_game.catalog import game as catalog_game

        return catalog_game(self.session.ruleset_name).rules().parse_card(text)

    def _go_to_text(self, text: str) -> None:
        from access_game.ui.card_finder import typed_place

        found = typed_place(text, self.order, self.pos, self._parse_card)
        if found.index is not None:
            self._move_to(found.index)
        elif found.refused:
            self.say(tw.card_refused(found.refused), kind=Kind.SYSTEM)
        elif found.card is None:
            self.say(tw.not_a_card(text.strip(), self._parse_card), kind=Kind.SYSTEM)
        else:
            self.say(*tw.card_not_held(found.card, self.wild_rank), kind=Kind.SYSTEM)

    # ----- reading
    def read_hand(self, key: str = "") -> None:
        marks = [self.mark_words(m) for m in self.marks]
        self.say(*tw.hand_parts(self.order, self.wild_rank, marks, positions=self.session.settings.positions),
                 kind=Kind.MY_TURN)

    def read_by_suit(self, key: str = "") -> None:
        self.say(tw.grouped_hand_words(self.order, self.wild_rank, "suit"), kind=Kind.MY_TURN)

    def read_by_rank(self, key: str = "") -> None:
        self.say(tw.grouped_hand_words(self.order, self.wild_rank, "rank"), kind=Kind.MY_TURN)

    def braille_hand(self, key: str = "") -> None:
        # Cells go on a line of their own, never spoken: a self-voicing player hears what the line is
        # and reads it on the display; a screen-reader player asked for exactly this line.
        if not self.order:
            self.say(tw.NO_CARDS)
            return
        backend = getattr(self.session.announcer, "backend", None)
        if backend is not None and backend.speaks:
            self.say(tw.braille_hand_words(len(self.order)))
        settings = self.session.settings
        self.session.show_only(hand_cells(self.order, ten_as_x=settings.ten_as_x,
                                          wild=self.wild_rank if settings.wild_sign else None))
        show_hand(self.session.announcer, self.order)  # a linked braille display: routing keys choose

    # ----- sorting
    def _sort_to(self, how: str) -> None:
        self.sort = how
        self.hand.resort(self.sort_key(how))
        self.say(*tw.sorted_parts(self.sort_words(how), self.order, self.wild_rank), kind=Kind.MY_TURN)

    def sort_rank(self, key: str = "") -> None:
        self._sort_to("rank")

    def sort_suit(self, key: str = "") -> None:
        self._sort_to("suit")
