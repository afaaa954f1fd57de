"""One game after another at the terminal: the resume question, the save slot held, the table run on
the printer, voice, braille display and sound cues, and 'another game' started in the same terminal.
What `play` and `solitaire` run once their arguments are read.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
from collections.abc import Callable
from typing import Any

from access_game.game_choice import GameChoice, choice_from_plan, new_choice
from access_game.settings import Settings
from access_game.table_plan import TablePlan
from speech import save_words
from speech.i18n import N_, _

__all__ = ["HELP_LINE", "play_in_terminal"]

#: The first line of every game (after its title): English, marked for the catalog; say it through ``_()``.
HELP_LINE = N_("F1 lists the keys; Escape opens a menu of every action.")


def play_in_terminal(choice: GameChoice, settings: Settings, *, settings_note: str | None = None,
                     force_new: bool = False, input: Any = None, output: Any = None,
                     backend: Any = None, saves: Any = None, cues: Any = "auto",
                     on_app: Callable[[Any], None] | None = None, any_saved: bool = False,
                     set_up: bool = False) -> int:
    """Everything from the first line to the last; tests call it with pipe input and their own backend.

    One game after another in the same terminal: when a game ends and the player picks another game,
    that game starts here (its own save slot, its resume question), with the same voice and settings.
    """
    # A one-line interface never needs to know where the cursor is; asking the terminal (CPR) only
    # produces a warning where nothing answers.
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    from access_game.catalog import game as catalog_game
    from access_game.remembered_tables import remember
    from access_game.saves import SaveStore
    from access_game.ui.terminal_output import TerminalOutput

    outputs = TerminalOutput(settings, output=output, backend=backend, cues=cues)
    if settings_note:
        outputs.say(settings_note)
    outputs.say_notes()
    store = saves if saves is not None else SaveStore(slot=catalog_game(choice.game).save_slot)

    def linked(app: Any) -> None:
        outputs.link(app)
        if on_app is not None:
            on_app(app)

    # The caller's output, or None: the printer makes the terminal's own when the first prompt needs it.
    terminal = _Terminal(outputs.printer, output, input, outputs.say, linked, outputs.on_settings,
                         outputs.announcer, outputs.cues)
    try:
        while True:
            app = terminal.play(choice, outputs.settings, store, force_new=force_new, any_saved=any_saved,
                                set_up=set_up)
            set_up = False
            terminal.release()
            if app is None:
                return 1 if terminal.failed else 0
            online = getattr(app, "next_online", None)
            if online is not None:
                # "Play online" from the menu: the game is saved; the voice, display and cues are let go
                # for the lobby's own (access_game.online.lobby_terminal), and started again when it is left,
                # where the saved game is offered (its resume question).
                terminal.release()
                outputs.close()
                try:
                    visit_lobby(online, outputs.settings, input=input, output=output)
                finally:
                    outputs = TerminalOutput(outputs.settings, output=output, backend=backend, cues=cues)
                terminal = _Terminal(outputs.printer, output, input, outputs.say, linked, outputs.on_settings,
                                     outputs.announcer, outputs.cues)
                force_new = any_saved = False
                continue
            plan = getattr(app, "next_plan", None)
            if plan is not None:
                # A table set up by keys (Escape menu, or 'another game'): kept for next time, and dealt
                # new in its game's slot; a game in progress there is kept aside, never lost.
                outputs.on_settings(remember(outputs.settings, plan))
                choice = choice_from_plan(plan, outputs.settings)
                store = store.sibling(catalog_game(choice.game).save_slot)
                force_new, any_saved = True, False
                continue
            if app.status != 0 or app.next_game is None or app.hung_up:
                return int(app.status)
            # 'Another game': its own save slot in the same folder, and the resume question if one is kept.
            player = app.session.players[app.session.human_seat]
            choice = new_choice(app.next_game, player, outputs.settings.level, outputs.settings)
            store = store.sibling(catalog_game(choice.game).save_slot)
            force_new = any_saved = False
    finally:
        terminal.release()
        outputs.close()


def visit_lobby(online: Any, settings: Settings, *, input: Any = None, output: Any = None) -> int:
    """The lobby ``online`` (an access_game.ui.online_entry.OnlineRequest) asks for, as ``access-game online``
    opens it, until the player leaves it; its exit status (a server that does not answer is said there)."""
    from access_game.online.lobby_terminal import ADMIN_KEY_VARIABLE, ask_password, lobby_loop

    # A name an account holds: its password is asked on one line, as `online --sign-in` asks it.
    return lobby_loop(online.server, online.name, settings, admin_key=os.environ.get(ADMIN_KEY_VARIABLE) or None,
                      input=input, output=output,
                      ask=None if input is not None else lambda who: ask_password(who, new=False))


class _Terminal:
    """One game at a time on the same printer, voice and sound cues."""

    def __init__(self, printer: Any, out: Any, input: Any, say: Callable[[str], None],
                 on_app: Callable[[Any], None] | None, on_settings: Callable[[Settings], None],
                 announcer: Any, cues: Any) -> None:
        self.printer = printer
        self.out = out
        self.input = input
        self.say = say
        self.on_app = on_app
        self.on_settings = on_settings
        self.announcer = announcer
        self.cues = cues
        #: Save slots this copy holds (see SaveStore.acquire).
        self.held: list[Any] = []
        #: No slot could be held anywhere: the game did not start.
        self.failed = False

    def ask(self, question: str) -> bool | None:
        from access_game.ui.ask import ask_yes_no

        return ask_yes_no(question, self.say, self.printer, input=self.input, output=self.out)

    def claim(self, store: Any) -> Any:
        """The slot held for this game: ``store``, or when another running copy holds it and the player
        agrees, the first free slot after it; None: leave.

        A slot that cannot be locked at all is never shared (two copies would each say "saved" while
        one overwrites the other): the game goes to the same slot in a folder where it can be locked,
        always the same one, so the next start finds it there, and the player is told why and where.
        """
        from access_game.saves import lockable_elsewhere

        unlockable: OSError | None = None
        for place in itertools.chain((store,), lockable_elsewhere(store)):
            try:
                if place.acquire():
                    held = place
                elif (held := self._another_slot(place)) is None:
                    return None
            except OSError as exc:
                unlockable = unlockable or exc
                continue
            if unlockable is not None:
                self.say(save_words.cannot_lock(_reason(unlockable), held.path))
            elif held is not place:
                self.say(save_words.other_slot(held.path))
            return held
        assert unlockable is not None
        self.say(save_words.nowhere_to_lock(_reason(unlockable)))
        self.failed = True
        return None

    def _another_slot(self, store: Any) -> Any:
        """When another running copy holds ``store`` and the player agrees, the first free slot after it."""
        self.say(save_words.in_use(store.path))
        if not self.ask(save_words.in_use_question()):
            return None
        for n in range(2, 100):
            other = store.sibling(f"{store.slot}-{n}")
            with contextlib.suppress(OSError):  # a slot that cannot be locked is not free
                if other.acquire():
                    return other
        return None

    def set_up_table(self, choice: GameChoice, settings: Settings) -> TablePlan | None:
        """The table set up by keys from ``choice``'s game, kept in settings; None when the player left
        with Ctrl+C. Escape at the first question keeps the usual table (and keeps it, so the questions
        are not asked at every start)."""
        from access_game.remembered_tables import remember, remembered_plan
        from access_game.ui.table_setup import run_table_setup
        from speech.setup_words import CHOICE_KEYS

        # The keys that answer the questions are the first line, said before the games' rules are loaded.
        self.say(_(CHOICE_KEYS))

        start = remembered_plan(settings, choice.game)
        left: list[bool] = []
        plan = run_table_setup(start, self.say, self.printer, input=self.input, output=self.out, on_quit=left.append,
                               keys_said=True)
        if left:
            return None
        plan = plan or start
        self.on_settings(remember(settings, plan))
        return plan

    def offer_lesson(self, game: str, settings: Settings) -> Settings | None:
        """The very first start: whether to take the guided first hand (access_game.lesson) is asked once,
        the answer kept in the settings, and the lesson played if it is taken. The settings to go on
        with (to the real game the lesson offers, or the table set-up); None: leave."""
        from access_game.catalog import game as catalog_game
        from access_game.game_choice import DEFAULT_GAME
        from access_game.lesson import play_lesson
        from speech import lesson_words as lw

        lesson_of = game if catalog_game(game).lesson is not None else DEFAULT_GAME
        answer = self.ask(lw.first_start_question(catalog_game(lesson_of).spoken_title))
        if answer is None:  # Ctrl+C: leave, nothing kept
            return None
        latest = [settings.replace(lesson_offered=True)]
        self.on_settings(latest[0])
        if not answer:
            self.say(_(lw.LATER))
            return latest[0]

        def kept(new: Settings) -> None:  # F2 during the lesson: the game after it follows the change
            latest[0] = new
            self.on_settings(new)

        end = play_lesson(lesson_of, latest[0], announcer=self.announcer, printer=self.printer, cues=self.cues,
                          on_settings=kept, on_app=self.on_app, input=self.input, output=self.out)
        return latest[0] if end.play_real else None

    def release(self) -> None:
        """Let other copies have the slots this one held (the operating system would, at exit)."""
        for store in self.held:
            store.release()
        self.held.clear()

    def set_aside(self, store: Any) -> None:
        kept = store.set_aside("replaced")
        if kept is not None:
            self.say(save_words.saved_game_kept(kept))

    def saved_game(self, store: Any, *, force_new: bool, any_saved: bool) -> tuple[Any, Any] | None:
        """(the saved session to resume or None for a new game, the store it is kept in); None: leave."""
        from access_game.catalog import games

        if force_new:
            if store.exists():
                self.set_aside(store)
            return None, store
        loaded = store.load()
        if loaded.problem:
            self.say(loaded.problem)
            if not self.ask(save_words.START_NEW_QUESTION):
                return None
            return None, store
        if loaded.session is not None and not _has_table(loaded.session):
            kept = store.set_aside("no-table")
            title = _(loaded.session.game.ruleset.title)
            self.say(_("The saved game is {title}, which cannot be played here yet. It was kept as {kept}.").format(
                title=title, kept=kept) if kept else
                _("The saved game is {title}, which cannot be played here yet.").format(title=title))
        elif loaded.session is not None:
            answer = self.ask(_resume_question(loaded.session))
            if answer is None:  # Ctrl+C: leave, with the save untouched
                return None
            if answer:
                return loaded.session, store
            self.set_aside(store)
            return None, store
        if not any_saved:
            return None, store
        # The catalog's games with a table (not the tables themselves: nothing is loaded before the
        # first line that the first line does not need); a save found is checked by _has_table.
        for entry in (e for e in games() if e.table is not None):
            other = store.sibling(entry.save_slot)
            if entry.save_slot == store.slot or not other.exists() or not _hold(other):
                continue  # another copy plays it now (or it cannot be locked): not this copy's to offer
            found = other.load()
            answer = None
            if found.problem:
                self.say(found.problem)
            elif found.session is not None and _has_table(found.session):
                answer = self.ask(_resume_question(found.session))
                if answer is None:
                    other.release()
                    return None
                if answer:
                    return found.session, other  # held already, from here on
            other.release()
            if answer is False:
                break  # declined: that game stays saved in its own slot; the new game uses this one
        return None, store

    def play(self, choice: GameChoice, settings: Settings, store: Any, *, force_new: bool,
             any_saved: bool, set_up: bool = False) -> Any:
        """Run one game to its end; the app (for its status and the next game), or None if the player left."""
        from access_game.catalog import game as catalog_game
        from access_game.remembered_tables import remember

        claimed = self.claim(store)
        found = None if claimed is None else self.saved_game(claimed, force_new=force_new, any_saved=any_saved)
        if found is None:
            if claimed is not None:
                claimed.release()
            self.printer.flush()
            return None
        resumed, store = found
        if store is not claimed:  # resuming a game from another slot, held already: this one is let go
            claimed.release()
        self.held.append(store)
        if resumed is None and set_up:
            # The first start: the guided first hand is offered once, then the table is set up by keys
            # before anything is dealt, and kept.
            offered = settings if settings.lesson_offered else self.offer_lesson(choice.game, settings)
            if offered is None:
                store.release()
                self.held.remove(store)
                self.printer.flush()
                return None
            settings = offered
            plan = self.set_up_table(choice, settings)
            if plan is None:
                store.release()
                self.held.remove(store)
                self.printer.flush()
                return None
            settings = remember(settings, plan)
            if plan.game != choice.game:
                store.release()
                self.held.remove(store)
                return self.play(choice_from_plan(plan, settings), settings,
                                 store.sibling(catalog_game(plan.game).save_slot), force_new=False, any_saved=False)
            choice = choice_from_plan(plan, settings, choice.seed)
        from access_game.crash_log import error_text, write_crash_log
        from access_game.std_streams import readers_gone

        if resumed is None:
            # A new game's first line is said before the table and the terminal interface are loaded: the
            # player hears at once that the game has started (the table's opening follows it).
            entry = catalog_game(choice.game)
            try:
                self.say(_("{title}. {help}").format(title=entry.spoken_title, help=_(HELP_LINE)))
            except Exception as exc:  # the line could not be written (a full disk): one line, as below
                if isinstance(exc, BrokenPipeError) and readers_gone():
                    raise
                log = write_crash_log(exc)
                print(save_words.crashed(error_text(exc), entry.command, saved=store.exists(), kept=None, log=log),
                      file=sys.stderr)
                self.failed = True
                return None
        from access_game.remembered_tables import remembered_plan
        from access_game.session import Session
        from access_game.ui.app import GameApp
        from access_game.ui.speech_link import make_narrator
        from engine.game import Game

        if resumed is None and not choice.players:  # the table remembered, its seats filled now
            choice = choice_from_plan(remembered_plan(settings, choice.game), settings, choice.seed)
        if resumed is not None:
            game, seat, level, levels = resumed.game, resumed.human_seat, resumed.level, resumed.levels
            undos = resumed.undos
        else:
            game = Game.new(choice.game, choice.players, seed=choice.seed, options=choice.options)
            seat, level, levels, undos = 0, choice.level, choice.levels, 0
        session = Session(
            game,
            human_seat=seat,
            level=level,
            announcer=self.announcer,
            narrator=make_narrator(seat, game.players, settings, game=game.ruleset.name),
            settings=settings,
            saves=store,
            cues=self.cues,
            on_settings=self.on_settings,
            levels=levels,
            undos=undos,
        )
        moves_at_start = len(game.actions)
        welcome = _(HELP_LINE) if resumed is not None else None  # a new game's was said above
        app = GameApp(session, self.printer, input=self.input, output=self.out, welcome=welcome)
        if self.on_app is not None:
            self.on_app(app)
        try:
            app.status = app.run(resumed=resumed is not None)
        except Exception as exc:
            if isinstance(exc, BrokenPipeError) and readers_gone():
                raise  # the reader of the game's lines has gone: the game is saved, and the command ends quietly
            # The game was saved after the last action; say so in one line rather than a traceback, and
            # keep the details where a helper can find them.
            log = write_crash_log(exc)
            self.printer.flush()
            command = catalog_game(game.ruleset.name).command
            # A save that crashes as it resumes would crash at every start: it is kept aside instead.
            as_resumed = resumed is not None and session.game is game and len(game.actions) == moves_at_start
            kept = store.set_aside("crashed") if as_resumed else None
            saved = session.save_problem is None and store.exists()
            print(save_words.crashed(error_text(exc), command, saved=saved, kept=kept, log=log), file=sys.stderr)
            app.status = 1
        return app


def _hold(store: Any) -> bool:
    """Whether this copy now holds ``store`` (False: another copy does, or it cannot be locked)."""
    try:
        return bool(store.acquire())
    except OSError:
        return False


def _reason(exc: OSError) -> str:
    """The system's words for why a file could not be made, with the file it names."""
    where = exc.filename if exc.filename is not None else ""
    return f"{exc.strerror or exc}: {where}" if where else str(exc.strerror or exc)


def _has_table(saved: Any) -> bool:
    from access_game.ui.table import table_names

    return bool(saved.game.ruleset.name in table_names())


def _resume_question(saved: Any) -> str:
    from access_game.catalog import game as catalog_game

    game = saved.game
    return catalog_game(game.ruleset.name).resume_question(game, saved.human_seat)
