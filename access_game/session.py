"""A game in play at the terminal: the player's seat acts through keys, the others through agents.

Everything that happens goes one way: an action is applied by the engine, the events it returns are
redacted for the player's seat, turned into words by the narrator and handed to the announcer, and
the game is saved. Computer players act through exactly the same path as the player. The session
knows nothing about keys or prompt_toolkit, so tests drive it directly as well as through the UI.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from access_game.saves import SaveStore
from access_game.settings import VERBOSITIES, Settings
from engine.actions import Action
from engine.bots import make_agent
from engine.cards import Card
from engine.events import Event, seen_by
from engine.game import Game
from speech import save_words
from speech.i18n import _, elide
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = ["Announcing", "Narrating", "Session", "SessionVoice", "bot_seed"]

EventListener = Callable[[Sequence[Event]], None]


class Announcing(Protocol):
    """The part of speech.announcer.Announcer the session uses."""

    def announce(self, u: Utterance | str, kind: Kind = ..., *, urgent: bool = ...) -> bool: ...

    def new_batch(self) -> None: ...


class Narrating(Protocol):
    """The part of speech.words.Narrator the session uses."""

    verbosity: Verbosity

    def narrate(self, events: Sequence[Event]) -> list[Utterance]: ...

    def flush(self) -> list[Utterance]: ...


class CuePlayer(Protocol):
    enabled: bool
    panning: bool

    def play_all(self, cues: Sequence[tuple[str, float]], *, at_once: bool = ...) -> Any: ...

    def hold(self) -> None: ...

    def release(self) -> Any: ...


def bot_seed(game_seed: int, seat: int, actions_so_far: int) -> int:
    """The seed of one computer player's decision: the game's seed, the seat, and how many actions the
    game has had. A running random source would be lost with the process, so a resumed game would
    go on differently from the same game never interrupted; a seed made from the game itself is the
    same whenever the decision is made."""
    return random.Random(f"access-game/bot/{game_seed}/{seat}/{actions_so_far}").randrange(2**31)


class SessionVoice:
    """Speaking, sound cues and settings, the same for a game at this terminal and a seat at a network
    table: messages go to the announcer, braille-only lines to the printer and display, cues follow the
    narrator's events, and a settings change is heard at once."""

    announcer: Announcing
    narrator: Narrating
    settings: Settings
    cues: CuePlayer | None
    on_settings: Callable[[Settings], None] | None
    human_seat: int

    def view(self) -> Any:
        raise NotImplementedError

    @property
    def players(self) -> list[str]:
        """The names at the table, seat by seat (how many seats the cues are spread over)."""
        raise NotImplementedError

    def say(self, *parts: str | Any, kind: Kind = Kind.INFO, urgent: bool = False) -> None:
        self.announcer.announce(utter(*parts, kind=kind, urgent=urgent), kind, urgent=urgent)

    def say_all(self, utterances: Sequence[Utterance]) -> None:
        for u in utterances:
            self.announcer.announce(u, u.kind, urgent=u.urgent)

    def refuse(self, reason: str) -> None:
        """Say why a move is refused, in the player's language (a rules' Reason is worded from its code)."""
        from speech.refusal_words import refusal_words

        self.say(refusal_words(reason), kind=Kind.SYSTEM, urgent=True)

    def show_only(self, line: str) -> None:
        """A line for the eyes and fingers only (braille cells): printed, sent to a braille display,
        never spoken and not kept in history."""
        printer = getattr(self.announcer, "printer", None)
        if printer is not None:
            printer(line)
        backend = getattr(self.announcer, "backend", None)
        if backend is not None and not backend.speaks:
            with contextlib.suppress(Exception):
                backend.braille(line)

    def cue(self, name: str, seat: int | None = None) -> None:
        """Play a cue, heard from ``seat``'s place at the table (None: from the centre)."""
        self._play_cues([(name, seat)])

    def _play_cues(self, cues: Sequence[tuple[str, int | None]], *, at_once: bool = False) -> None:
        """Play cues one after another, each from its seat's place (speech.cues.seat_pan); ``at_once``
        (the answer to the player's key) without waiting for cues still playing."""
        if self.cues is None or not self.settings.cues or not cues:
            return
        with contextlib.suppress(Exception):  # a missing sound must never stop the game
            from speech.cues import seat_pan

            players = len(self.players)
            self.cues.play_all([(name, 0.0 if seat is None else seat_pan(seat, players, self.human_seat))
                                for name, seat in cues], at_once=at_once)

    def _cues(self, events: Sequence[Event], said: Sequence[Utterance] = (), *, at_once: bool = False) -> None:
        """Play the events' cues, each from its seat, but for those a message said carries: the
        announcer plays those in the message's place (the "your turn" tone after the moves before it,
        not over them)."""
        if self.cues is None or not self.settings.cues:
            return
        carried = {u.cue for u in said if u.cue} if getattr(self.announcer, "cues", None) is not None else set()
        # A game with events of its own (solitaire) has a narrator that knows their sounds too.
        own = getattr(self.narrator, "cues_for", None)
        if callable(own):
            names: Sequence[Any] = own(events)
        else:
            from speech.event_cues import cues_for

            names = cues_for(events, self.human_seat, getattr(self.view(), "wild_rank", None))
        heard: list[tuple[str, int | None]] = []
        for named in names:
            name, seat = (named, None) if isinstance(named, str) else named  # a name, or a speech.cues.Cue
            if name in carried:
                carried.discard(name)
                continue
            heard.append((name, seat))
        self._play_cues(heard, at_once=at_once)

    def change_settings(self, settings: Settings) -> None:
        if settings.language != self.settings.language:  # chosen in F2: said in it from the next sentence
            from access_game.settings import resolve_language
            from speech.i18n import set_language

            set_language(resolve_language(settings.language))
        self.settings = settings
        self.narrator.verbosity = Verbosity(VERBOSITIES.index(settings.verbosity))
        if self.cues is not None:
            self.cues.enabled = settings.cues
            self.cues.panning = settings.cue_panning
        if self.on_settings is not None:
            self.on_settings(settings)


class Session(SessionVoice):
    def __init__(
        self,
        game: Game,
        *,
        human_seat: int,
        level: str,
        announcer: Announcing,
        narrator: Narrating,
        settings: Settings,
        saves: SaveStore | None = None,
        cues: CuePlayer | None = None,
        on_settings: Callable[[Settings], None] | None = None,
        levels: Sequence[str] = (),
        undos: int = 0,
    ) -> None:
        self.game = game
        #: How many moves the player has taken back in this game (kept in its save and in the records).
        self.undos = undos
        self.human_seat = human_seat
        self.level = level
        #: A level per seat where the table was set up seat by seat ('' for yours); else ``level`` for all.
        self.levels = tuple(levels)
        self.announcer = announcer
        self.narrator = narrator
        self.settings = settings
        self.saves = saves
        self.cues = cues
        self.on_settings = on_settings
        #: The rule options in settings when this game began: those changed since apply to 'play again'.
        self._rules_at_start = settings.rule_options(game.ruleset.name)
        self.listeners: list[EventListener] = []
        self.save_problem: str | None = None
        self._unsaved = False
        #: Puts the lines said so far out at once (the app's printer): the player's own move is confirmed
        #: before any computer player moves and before the save is written.
        self.put_out: Callable[[], None] | None = None

    # ----------------------------------------------------------------- who is who
    @property
    def players(self) -> list[str]:
        return self.game.players

    @property
    def computer_seats(self) -> list[int]:
        """The seats the computer plays (none in a game for one)."""
        return [seat for seat in range(len(self.game.players)) if seat != self.human_seat]

    def agent_for(self, seat: int) -> Any:
        """The computer player for this seat's next decision, seeded from the game so far.

        A fresh agent per decision costs a few milliseconds (agents keep only caches between
        decisions), and buys a resumed game that goes on exactly as the uninterrupted one would have.
        """
        seed = bot_seed(self.game.seed, seat, len(self.game.actions))
        return make_agent(self.game.ruleset.name, self.level_of(seat), seed=seed)

    def level_of(self, seat: int) -> str:
        """The level the computer plays ``seat`` at."""
        return (self.levels[seat] if seat < len(self.levels) else "") or self.level

    @property
    def ruleset_name(self) -> str:
        return self.game.ruleset.name

    @property
    def game_seed(self) -> int | None:
        return self.game.seed

    @property
    def move_count(self) -> int:
        return len(self.game.actions)

    @property
    def network(self) -> None:
        """A game at this terminal has no table talk (see access_game.session_api.TableTalk)."""
        return None

    def view(self) -> Any:
        return self.game.view(self.human_seat)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.human_seat)

    def seats_to_act(self) -> tuple[int, ...]:
        return self.game.seats_to_act()

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def my_turn(self) -> bool:
        return not self.game.over and self.human_seat in self.game.seats_to_act()

    @property
    def bots_to_move(self) -> bool:
        return not self.game.over and not self.my_turn and bool(self.game.seats_to_act())

    @property
    def waiting(self) -> bool:
        """Computer players are waiting for a key press (pace 'step')."""
        return self.settings.pace == "step" and self.bots_to_move

    # ----------------------------------------------------------------- acting
    def refused_now(self, kind: str | type[Action]) -> bool:
        """Whether the player may make no move of ``kind`` at all now; if so the rules' reason is said
        (not your turn, draw first, lay down your contract first) and nothing changes. Tables ask
        this instead of sending the engine a made-up move to hear why it is refused."""
        reason = self.game.why_not_now(self.human_seat, kind)
        if reason is None:
            return False
        self.refuse(reason)
        return True

    def act(self, action: Action) -> bool:
        """The player's action: applied and narrated, its line put out at once (the player hears their own
        move first, however long the computer players then think), then saved, then the computer players
        move."""
        events, reason = self.game.try_apply(action)
        if reason is not None:
            self.refuse(reason)
            return False
        self._after(events, save=False, own=True)
        self.autosave()
        self.advance()
        return True

    def undo(self) -> Action | None:
        """Take back the player's last move and every move after it (the computer players'), say what was
        taken back, and save the game as it now stands: the save never keeps an undone move.

        The game is dealt again from its seed and its history played again without that move
        (``Game.before``), so the stock holds the same cards in the same order: a card drawn again is
        the card drawn before, and undo shows nothing the player had not seen. Computer players are
        seeded from the game so far (:func:`bot_seed`), so after an undo they choose as they did.
        Counted in ``undos``: a game with undos is practice, and its save and records say so. Gives the
        move taken back (None when there was none to take back, the reason said)."""
        from speech import undo_words

        game, you = self.game, self.human_seat
        at = None if game.over else game.last_move_of(you)
        if at is None:
            self.say(_(undo_words.GAME_OVER if game.over else undo_words.NOTHING), kind=Kind.SYSTEM, urgent=True)
            return None
        earlier = game.before(at)
        later = seen_by(game.log[len(earlier.log):], you)
        others = [self.players[seat] for seat in dict.fromkeys(a.seat for a in game.actions[at + 1:]) if seat != you]
        self.game = earlier
        self.undos += 1
        # The narrator reads the game again, silently, as on resuming: what it keeps (the hand's wild
        # rank, the hand sizes, what it holds back) is then that of the game as it now stands.
        self.narrator.flush()
        self.narrator.narrate(seen_by(earlier.log, you))
        self.narrator.flush()
        view = self.view()  # a card let go is the card on offer again
        card = _card_brought(later, you) or getattr(view, "offer", None)
        move = undo_words.move_parts(game.actions[at], card, getattr(view, "wild_rank", None))
        # A turn of the player's, not a game for one nor a question out of turn (the table says those).
        your_turn = len(self.players) > 1 and getattr(earlier.state, "to_move", you) == you
        self.say(*undo_words.undone_parts(move, others, your_turn=your_turn), kind=Kind.MY_TURN)
        self.autosave()
        return game.actions[at]

    @property
    def bot_answers_out_of_turn(self) -> bool:
        """A computer player must answer out of turn (whether to buy the up card).

        Such an answer is not a turn: pace 'step' waits for a key only before real turns, so a
        player is never asked to press Space for "Ben's turn" when Ben is only deciding about a buy.
        """
        if not self.bots_to_move:
            return False
        to_move = getattr(self.game.state, "to_move", None)
        return to_move is not None and self.game.seats_to_act()[0] != to_move

    def advance(self) -> None:
        """Let computer players move: all of them (pace 'all'), or under pace 'step' only their answers
        out of turn, each real turn waiting for a key."""
        with self._cues_held():
            if self.settings.pace == "all":
                while self.bots_to_move:
                    self._bot_action()
            else:
                while self.bot_answers_out_of_turn:
                    self._bot_action()
            if self._unsaved:
                self.autosave()
            self.flush()
        if self.waiting:
            seat = self.game.seats_to_act()[0]
            self.say(elide(_("{name}'s turn; Space to go on.").format(name=self.players[seat])), kind=Kind.OTHERS)

    def step(self) -> bool:
        """One computer player's whole turn (pace 'step'), with the other computer players' buy answers
        that come within it; False when none is waiting."""
        if not self.bots_to_move:
            return False
        seat = self.game.seats_to_act()[0]
        with self._cues_held():
            while self.bots_to_move and (self.game.seats_to_act()[0] == seat or self.bot_answers_out_of_turn):
                self._bot_action()
            self.advance()
        return True

    @contextlib.contextmanager
    def _cues_held(self) -> Iterator[None]:
        """The computer players' cues (and the "your turn" a line brings) held while they move, then
        played one after another as one sound, each from its seat: played action by action they
        would start within milliseconds of each other and overlap (speech.cues.Cues.hold)."""
        cues = self.cues
        if cues is None:
            yield
            return
        cues.hold()
        try:
            yield
        finally:
            with contextlib.suppress(Exception):  # a missing sound must never stop the game
                cues.release()

    def _bot_action(self) -> None:
        seat = self.game.seats_to_act()[0]
        action = self.agent_for(seat).choose(self.game.view(seat), self.game.legal_actions(seat))
        # Computer players' moves are saved together once they have all moved (see advance): a
        # 50 KB write per bot action would make every key press of a late hand feel slow.
        self._after(self.game.apply(action), save=False)

    def _after(self, events: Sequence[Event], *, save: bool = True, own: bool = False) -> None:
        # Each action's news is its own batch: a message repeated within one batch is one thing said
        # twice; the same words from the next action (a new turn's "Your turn.") are news again.
        self.announcer.new_batch()
        mine = seen_by(events, self.human_seat)
        said = self.narrator.narrate(mine)
        self.say_all(said)
        if own and self.put_out is not None:  # the player's own move is out before anything is worked out
            self.put_out()
        self._cues(mine, said, at_once=own)
        for listener in list(self.listeners):
            listener(mine)
        if self.undos and self.game.over:  # a game with undos is practice: said as it ends
            from speech.undo_words import undos_in_game

            self.say(undos_in_game(self.undos), kind=Kind.RESULTS)
        if save:
            self.autosave()
        else:
            self._unsaved = True

    def flush(self) -> None:
        """Say what the narrator was holding back (a computer player's draw waiting for its discard)."""
        self.say_all(self.narrator.flush())

    # ----------------------------------------------------------------- saving
    def autosave(self) -> None:
        self._unsaved = False
        if self.saves is None:
            return
        try:
            if self.game.over:
                self.saves.remove()
            else:
                self.saves.write(self.game, human_seat=self.human_seat, level=self.level, levels=self.levels,
                                 undos=self.undos)
            self.save_problem = None
        except OSError as exc:
            if self.save_problem is None:  # say it once, not after every action
                self.save_problem = save_words.save_failed(str(exc.strerror or exc))
                self.say(self.save_problem, kind=Kind.SYSTEM, urgent=True)

    def save_to(self, store: SaveStore) -> None:
        store.write(self.game, human_seat=self.human_seat, level=self.level, levels=self.levels, undos=self.undos)

    def save_now(self) -> None:
        if self.saves is None:
            self.say(_(save_words.NOT_BEING_SAVED), kind=Kind.SYSTEM)
            return
        if self.game.over:
            self.say(_(save_words.NOTHING_TO_SAVE), kind=Kind.SYSTEM)
            return
        self.autosave()
        if self.save_problem is None:
            self.say(save_words.saved_to(self.saves.path), kind=Kind.SYSTEM)

    # ----------------------------------------------------------------- settings and new games
    def new_game(self, seed: int) -> None:
        """Another game with the same players (after 'play again'): the same rules, except the rule
        options changed in settings (F2) during the game, which apply from this new game."""
        from access_game.catalog import UnknownGame, game

        name = self.game.ruleset.name
        options = dict(self.game.options)
        try:
            entry = game(name)
        except UnknownGame:
            entry = None
        if entry is not None:
            now = self.settings.rule_options(entry.name)
            changed = {k: v for k, v in now.items() if k not in self._rules_at_start or self._rules_at_start[k] != v}
            options.update(entry.rule_options(changed, len(self.game.players), seed))
            self._rules_at_start = now
        self.undos = 0
        try:
            self.game = Game.new(name, self.game.players, seed=seed, options=options)
        except ValueError:  # a choice that does not fit this table (two decks for six): the same rules again
            self.game = Game.new(name, self.game.players, seed=seed, options=self.game.options)
        self.start()

    def start(self) -> None:
        """Narrate the game so far from the player's seat (the deal), then let computer players move."""
        self._after(self.game.log)
        self.advance()

    def resume(self) -> None:
        """A resumed game: nothing is narrated again, computer players whose turn it is move on.

        The narrator still reads the game so far, silently: it keeps what it needs to word what comes
        next (the hand's wild rank, so a wild card drawn after resuming is called wild; the hand number
        and the hand sizes), which it would otherwise never have heard.
        """
        self.narrator.narrate(seen_by(self.game.log, self.human_seat))
        self.narrator.flush()
        self.advance()


def _card_brought(events: Sequence[Event], seat: int) -> Any:
    """The card the player's move brought or put down, as its first event tells it to the player (the
    card drawn, taken, bought or placed), or None. The move's own events come first after it."""
    for ev in events:
        card = getattr(ev, "card", None)
        if isinstance(card, Card) and getattr(ev, "seat", seat) == seat:
            return card
    return None
