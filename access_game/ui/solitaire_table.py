"""The Five Crowns solitaire table: eleven piles, a pile cursor and a card cursor, every question answerable.

The player moves between piles (number keys, Up and Down over the open ones) and hears each as
"pile 4: 6 cards, 6s wild, 2 cards from closing"; Left and Right walk the cards of that pile. Enter
places the turned-up card on the pile under the cursor (the prompt names that pile, so nobody places
blind) and X discards the card under the card cursor, which lands on the card just placed, so
"Enter, X" sends an unhelpful card straight back out. Nothing is hidden in this game, so every pile
can be read at any time, and the hint names the placement that brings a pile closest to closing.
"""

from __future__ import annotations

from collections.abc import Sequence

from access_game.records import RecordBook
from access_game.session_api import TableSession
from access_game.ui.braille_link import hand_cells
from access_game.ui.hints import Hint, Hinter
from access_game.ui.modes import NumberEntry
from access_game.ui.registry import Command, named_commands
from access_game.ui.table import Host
from engine.actions import Action, Discard, Draw
from engine.cards import Card, Rank
from engine.events import Event
from engine.game import Game
from engine.rules.five_crowns_solitaire import (
    PILES,
    CardPlaced,
    CardTurned,
    PileView,
    Place,
    SolitaireEnded,
    SolitaireView,
)
from speech import solitaire_words as sw
from speech import table_words as tw
from speech.i18n import N_, pgettext
from speech.phrases import GAME_OVER, card_words
from speech.solitaire_words import (
    TITLE,
    pile_parts,
)
from speech.utterance import Kind

__all__ = ["PILE_KEYS", "SolitaireTable", "resume_question"]

Parts = list[str | Card]

#: Keys that choose a pile: 1 to 9, 0 for pile 10, Alt+1 for pile 11 (as cards 11+ in Five Crowns).
PILE_KEYS = {**{str(n): n for n in range(1, 10)}, "0": 10, "alt-1": 11}


#: The game's keys (command, method), in help's order.
_GAME_COMMANDS = (
    ("draw", "draw"),
    ("put-down", "place"),
    ("discard", "discard"),
    ("play-hint", "play_hint"),
    ("hint", "hint"),
    ("up-card", "turned_card"),
    ("pile-down", "next_pile"),
    ("pile-up", "previous_pile"),
    ("jump", "jump"),
    ("jump-high", "jump"),
    ("go-to", "go_to"),
    ("pile-go-to", "pile_go_to"),
    ("previous-card", "previous_card"),
    ("next-card", "next_card"),
    ("first-card", "first_card"),
    ("last-card", "last_card"),
    ("read-hand", "read_pile"),
    ("read-by-suit", "read_by_suit"),
    ("read-by-rank", "read_by_rank"),
    ("best-melds", "pile_melds"),
    ("braille-hand", "braille_pile"),
    ("open-piles", "open_piles"),
    ("read-table", "all_piles"),
    ("scores", "stock"),
    ("wild", "wild"),
    ("read-discards", "discards"),
    ("info", "info"),
    ("record", "record"),
)


class SolitaireTable:
    game_name = "solitaire"
    title = TITLE

    def __init__(self, session: TableSession, host: Host, *, records: RecordBook | None = None) -> None:
        self.session = session
        self.host = host
        self.records = records if records is not None else RecordBook()
        self.pile = 1
        self.pos = 0
        #: H, Shift+N and the hints said unasked: one recommendation, aimed by ``aim`` (access_game.ui.hints).
        self.hinter = Hinter(self)
        self.reset()

    # ----------------------------------------------------------------- plumbing
    @property
    def view(self) -> SolitaireView:
        v: SolitaireView = self.session.view()
        return v

    @property
    def current(self) -> PileView:
        return self.view.pile(self.pile)

    @property
    def wild_rank(self) -> Rank:
        """The current pile's wild rank: the cards the wild sign marks on a linked display, as under B."""
        return self.current.wild_rank

    def say(self, *parts: str | Card, kind: Kind = Kind.INFO, urgent: bool = True) -> None:
        self.session.say(*parts, kind=kind, urgent=urgent)

    def _cards(self, pile: PileView | None = None) -> list[Card]:
        """A pile's cards in reading order: by suit, then rank, jokers last."""
        return sorted((pile or self.current).cards, key=Card.sort_key)

    def _first_open(self) -> int:
        open_piles = [p.number for p in self.view.open_piles]
        return open_piles[0] if open_piles else 1

    # ----------------------------------------------------------------- the table protocol
    def groups(self) -> list[tuple[str, str]]:
        return list(sw.KEY_GROUPS)

    def after_news(self) -> None:
        """A game alone: nobody else's answers to wait for."""

    def reset(self) -> None:
        """Cursors for a fresh deal, or for a resumed one: on the card just placed if a discard is owed."""
        v = self.view
        self.pile = v.placed or self._first_open()
        self.pos = 0
        if v.placed is not None:
            self._cursor_on(self.current.cards[-1])

    def undone(self, move: Action) -> None:
        """A move taken back: the cursors as for a resumed deal (on the card placed, when a discard is
        owed; on the card discarded, when that discard was taken back), and the step said again."""
        self.reset()
        card = getattr(move, "card", None)
        if isinstance(card, Card) and card in self.current.cards:
            self._cursor_on(card)
        self._step_words(urgent=False)

    def _cursor_on(self, card: Card) -> None:
        cards = self._cards()
        self.pos = len(cards) - 1 - cards[::-1].index(card)

    def prompt(self) -> str:
        v = self.view
        if v.phase == "over":
            return pgettext("prompt", "game over")
        if v.phase == "draw":
            return pgettext("prompt", "draw")
        if v.phase == "place":
            # In words, not card codes ('place 7 of hearts on pile 4'): read aloud, a code is noise.
            if v.drawn:
                return pgettext("prompt", "place {card} on pile {pile}").format(card=card_words(v.drawn),
                                                                                pile=self.pile)
            return pgettext("prompt", "place on pile {pile}").format(pile=self.pile)
        return pgettext("prompt", "discard from pile {pile}").format(pile=v.placed)

    def opening(self, resumed: bool) -> None:
        v = self.view
        if resumed:
            self.say(sw.resumed_words(v), kind=Kind.SYSTEM, urgent=False)
        self._step_words(urgent=False)

    def record_problem(self) -> None:
        """Say once that the records file could not be used (it was kept aside)."""
        if self.records.problem:
            self.say(self.records.problem, kind=Kind.SYSTEM, urgent=False)
            self.records.problem = None

    def _step_words(self, *, urgent: bool = True) -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER, urgent=urgent)
        elif v.phase == "draw":
            self.say(sw.DRAW_STEP, kind=Kind.MY_TURN, urgent=urgent)
        elif v.phase == "place" and v.drawn is not None:
            open_numbers = [p.number for p in v.open_piles]
            self.say(*sw.place_step_parts(v.drawn, open_numbers, self.pile), kind=Kind.MY_TURN, urgent=urgent)
        else:
            self.say(sw.discard_step(v.placed), kind=Kind.MY_TURN, urgent=urgent)

    def on_events(self, events: Sequence[Event]) -> None:
        offer = False
        for ev in events:
            if isinstance(ev, CardTurned):
                offer = self.view.phase == "place"
            elif isinstance(ev, CardPlaced):
                self.pile = ev.pile
                self._cursor_on(ev.card)
                offer = True
            elif isinstance(ev, SolitaireEnded):
                self._count_result(ev)
                offer = False
        self.pos = max(0, min(self.pos, len(self.current.cards) - 1))
        if offer and self.session.settings.hints:
            # The hint itself, said unasked, its cursors set: the same recommendation H gives.
            self.hinter.offer()

    def _count_result(self, ev: SolitaireEnded) -> None:
        player = self.session.players[self.session.human_seat]
        try:
            record = self.records.add_result(
                self.game_name, player, won=ev.won, piles_closed=ev.piles_closed, stock_left=ev.stock_left,
                undos=self.session.undos,
            )
        except OSError as exc:
            self.say(sw.record_not_kept(str(exc.strerror or exc)), kind=Kind.SYSTEM, urgent=False)
            return
        self.record_problem()
        self.say(record.words(player), kind=Kind.RESULTS, urgent=False)

    # ----------------------------------------------------------------- commands
    def commands(self) -> list[Command]:
        return named_commands(self, sw.KEY_HELP, _GAME_COMMANDS)

    # ----- playing
    def draw(self, key: str = "") -> None:
        self.session.act(Draw(self.session.human_seat, "stock"))

    def place(self, key: str = "") -> None:
        self.session.act(Place(self.session.human_seat, self.pile))

    def discard(self, key: str = "") -> None:
        v = self.view
        if v.phase == "discard" and v.placed is not None and self.pile != v.placed:
            self.say(sw.wrong_pile_words(self.pile, v.placed, _pile_key(v.placed)), kind=Kind.SYSTEM)
            return
        if self.session.refused_now(Discard):
            return
        self.session.act(Discard(self.session.human_seat, self._cards()[self.pos]))

    def hint(self, key: str = "") -> None:
        """H: the one recommendation, its key, the pile and card cursors on it (access_game.ui.hints)."""
        if self.view.phase == "over":
            self.say(GAME_OVER)
        else:
            self.hinter.ask()

    def aim(self, hint: Hint, *, say: bool = True) -> None:
        """The pile cursor on the pile the hint places on (Enter places there), or the card cursor on the
        card it discards (X discards it); said when ``say``."""
        action = hint.action
        if isinstance(action, Place):
            self.pile = action.pile
            if say:
                self._announce_pile()
        elif isinstance(action, Discard) and self.view.placed is not None:
            self.pile = self.view.placed
            self._cursor_on(action.card)
            if say:
                self._announce_card()

    def play_hint(self, key: str = "") -> None:
        if self.view.phase == "over":
            self.hint()
            return
        action = self.hinter.follow()
        if action is not None:
            self.session.act(action)

    def turned_card(self, key: str = "") -> None:
        v = self.view
        if v.drawn is None:
            self.say(sw.no_turned_card(v.phase == "draw"))
            return
        self.say(*sw.turned_card_parts(v.drawn, [p.number for p in v.open_piles]), kind=Kind.MY_TURN)

    # ----- moving between piles
    def _announce_pile(self) -> None:
        self.say(sw.pile_heading(self.current))

    def _move_to_pile(self, number: int) -> None:
        if not 1 <= number <= PILES:
            self.say(sw.no_such_pile(number))
            return
        self.pile = number
        self.pos = 0
        self._announce_pile()

    def _step_pile(self, step: int) -> None:
        numbers = [p.number for p in self.view.open_piles]
        if not numbers:
            self.say(sw.ALL_CLOSED)
            return
        later = [n for n in numbers if (n - self.pile) * step > 0]
        if not later:
            edge = "last" if step > 0 else "first"
            self.say(*sw.edge_pile_parts(edge, self.current))
            return
        self._move_to_pile(min(later) if step > 0 else max(later))

    def next_pile(self, key: str = "") -> None:
        self._step_pile(1)

    def previous_pile(self, key: str = "") -> None:
        self._step_pile(-1)

    def jump(self, key: str = "") -> None:
        if key in PILE_KEYS:
            self._move_to_pile(PILE_KEYS[key])
        elif key.startswith("alt-") and key[4:].isdigit():
            self._move_to_pile(10 + int(key[4:]))
        else:
            self.pile_go_to()

    def pile_go_to(self, key: str = "") -> None:
        """Shift+J: a pile by its number, as Shift+J reaches a place in the pile in every game with one."""
        self.host.open(
            NumberEntry(sw.GO_TO_PILE, self.host.say_line, on_number=self._move_to_pile, prompt=N_("pile number"))
        )

    def go_to(self, key: str = "") -> None:
        """J: a card of the current pile by its number (3), its name ("queen of hearts") or its code (qh,
        10st, jo), as J reaches a card of the hand in every other game."""
        from access_game.ui.card_finder import CARD_TEXT_LIMIT
        from access_game.ui.text_entry import TextEntry
        from speech.i18n import N_, _

        self.host.open(TextEntry(tw.go_to_card(self._parse_card), self.host.say_line, on_text=self._go_to_text,
                                 cancelled=_(tw.GO_TO_CANCELLED), prompt=N_("card"), limit=CARD_TEXT_LIMIT))

    def _parse_card(self, text: str) -> Card:
        """The game's own card notation, which also says which cards it has."""
        from access_game.catalog import game as catalog_game

        return catalog_game(self.session.ruleset_name).rules().parse_card(text)

    def _go_to_text(self, text: str) -> None:
        from access_game.ui.card_finder import typed_place

        found = typed_place(text, self._cards(), self.pos, self._parse_card)
        if found.index is not None:
            self._move_card(found.index)
        elif found.refused:
            self.say(tw.card_refused(found.refused), kind=Kind.SYSTEM)
        elif found.card is None:
            self.say(tw.not_a_card(text.strip(), self._parse_card), kind=Kind.SYSTEM)
        else:
            self.say(*tw.card_not_held(found.card, self.current.wild_rank), kind=Kind.SYSTEM)

    # ----- cards of the current pile
    def _announce_card(self) -> None:
        cards = self._cards()
        self.say(*tw.card_at_parts(cards[self.pos], self.current.wild_rank, self.pos, len(cards)))

    def _move_card(self, index: int, edge: str = "") -> None:
        cards = self._cards()
        self.pos = max(0, min(index, len(cards) - 1))
        if edge:
            self.say(*tw.card_at_parts(cards[self.pos], self.current.wild_rank, self.pos, len(cards), edge=edge))
            return
        self._announce_card()

    def previous_card(self, key: str = "") -> None:
        self._move_card(self.pos - 1, tw.FIRST_CARD if self.pos == 0 else "")

    def next_card(self, key: str = "") -> None:
        self._move_card(self.pos + 1, tw.LAST_CARD if self.pos >= len(self.current.cards) - 1 else "")

    def first_card(self, key: str = "") -> None:
        self._move_card(0)

    def last_card(self, key: str = "") -> None:
        self._move_card(len(self.current.cards) - 1)

    def read_pile(self, key: str = "") -> None:
        self.say(*sw.pile_cards_parts(self.current, self._cards()))

    def pile_melds(self, key: str = "") -> None:
        self.say(*pile_parts(self.current))

    def read_by_rank(self, key: str = "") -> None:
        self.say(sw.pile_grouped_words(self.current, self._cards(), "rank"))

    def read_by_suit(self, key: str = "") -> None:
        self.say(sw.pile_grouped_words(self.current, self._cards(), "suit"))

    def braille_pile(self, key: str = "") -> None:
        # Cells for the eyes and fingers only: a screen reader reading them aloud says nonsense.
        settings = self.session.settings
        self.session.show_only(hand_cells(self._cards(), ten_as_x=settings.ten_as_x,
                                          wild=self.current.wild_rank if settings.wild_sign else None))

    # ----- the table
    def open_piles(self, key: str = "") -> None:
        v = self.view
        self.say(sw.open_piles_words(v.open_piles, v.piles_closed))

    def all_piles(self, key: str = "") -> None:
        for pile in self.view.piles:
            self.say(*(sw.closed_pile_parts(pile) if pile.closed else sw.pile_cards_parts(pile, self._cards(pile))))

    def stock(self, key: str = "") -> None:
        v = self.view
        self.say(sw.stock_words(v.stock_size, len(v.dead)))

    def wild(self, key: str = "") -> None:
        self.say(sw.pile_wild_words(self.current))

    def discards(self, key: str = "") -> None:
        self.say(*sw.discards_parts(self.view.dead))

    def info(self, key: str = "") -> None:
        seed = self.session.game_seed
        assert seed is not None, "solitaire is a game for one, played at this terminal only"
        self.say(sw.info_words(seed, self.view))
        self._step_words()

    def record(self, key: str = "") -> None:
        player = self.session.players[self.session.human_seat]
        record = self.records.get(self.game_name, player)  # reads the file: a problem is known only after
        self.record_problem()
        self.say(record.words(player), kind=Kind.RESULTS)


def resume_question(game: Game, seat: int) -> str:
    """Asked before a saved deal is resumed: how far it has got (there is nobody else at the table)."""
    view: SolitaireView = game.view(seat)
    return sw.resume_question(game.seed, view)


def _pile_key(pile: int) -> str:
    return "Alt+1" if pile == 11 else str(pile % 10)
