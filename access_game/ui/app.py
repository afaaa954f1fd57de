"""The one-line prompt_toolkit application: a prompt at the bottom, every message printed above it.

Not full screen: the alternate screen would hide everything from scrollback and screen readers read
redrawn screens badly. The layout is a single line holding a short prompt ('draw> ', 'menu> ') with
the cursor at its end; lines are printed above it whole, once per key press. Keys reach the open
modal state (menu, question) first, otherwise the command registry.

The opening is printed before the prompt is first drawn, so nothing is ever drawn above it and taken
back. With the "news on the prompt" setting the newest message stays on the prompt line, after the
cursor, until the next key: a braille display that follows the cursor then shows it without review
commands (docs/playing.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout
from prompt_toolkit.layout.containers import Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output

from access_game.session_api import TableSession
from access_game.settings import Settings
from access_game.ui.answers import answer
from access_game.ui.core_commands import core_commands
from access_game.ui.keys import binding_keys, key_label
from access_game.ui.modes import Confirm, ListMenu, MenuItem, Mode
from access_game.ui.printer import LinePrinter
from access_game.ui.registry import CommandRegistry
from access_game.ui.table import Table, make_table, table_entries, table_entry
from speech import net_words as nw
from speech import save_words
from speech.i18n import N_, _, pgettext
from speech.utterance import Kind

__all__ = ["MODE_KEYS", "GameApp"]

#: Keys the modal states need, bound even when no command uses them.
MODE_KEYS = ("up", "down", "left", "right", "home", "end", "pageup", "pagedown", "enter", "space", "escape",
             "tab", "s-tab", "backspace", "y", "n", "Y", "N", "j", "k", "q",
             "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")

#: Seconds: a lone Escape must act at once (the defaults wait 1.5 s for a longer sequence).
TTIMEOUTLEN = 0.05
TIMEOUTLEN = 0.1


class GameApp:
    """Runs a session (local or remote, see access_game.session_api) at the terminal through its game's table."""

    def __init__(
        self,
        session: TableSession,
        printer: LinePrinter,
        *,
        input: Input | None = None,
        output: Output | None = None,
        table_factory: Callable[[TableSession, Any], Table] = make_table,
        welcome: str | None = None,
        until: Callable[[], bool] | None = None,
    ) -> None:
        self.session = session
        #: The app ends by itself once this is true and no question or menu is open (a lobby ends
        #: when the game begins; see ``check_until``).
        self.until = until
        self.printer = printer
        self.modes: list[Mode] = []
        self.quitting = False
        self.asked_again = False
        #: The game chosen from 'another game' at the end: the launcher starts it once this app exits.
        self.next_game: str | None = None
        #: The table set up by keys (Escape menu, 'another game'): the launcher deals it once this app exits.
        self.next_plan: Any = None
        #: The lobby asked for by "Play online" (access_game.ui.online_entry): the launcher opens it.
        self.next_online: Any = None
        #: The terminal went away (SIGHUP): nothing more can be shown, only saved.
        self.hung_up = False
        #: The exit status for the launcher (set when the app has run).
        self.status = 0
        #: Quitting found the game unsaved and asked what to do: a second Ctrl+C leaves without saving.
        self._unsaved_asked = False
        self.welcome = welcome
        #: Called with each key name before it is handled (transcripts, macros).
        self.key_listeners: list[Callable[[str], None]] = []
        #: Sees each key no question or menu takes before the table does, and returns True when it took
        #: the key (a guided first hand lets only its step's key through: access_game.ui.lesson_guide).
        self.key_gate: Callable[[str], bool] | None = None
        #: Called once each key's lines are out, and after the opening (a guide then says the next step).
        self.after_key_listeners: list[Callable[[], None]] = []
        self.table = table_factory(session, self)
        session.listeners.append(self.table.on_events)
        self.registry = CommandRegistry()
        for group, title in self.table.groups():
            self.registry.add_group(group, title)
        for command in [*self.table.commands(), *core_commands(self)]:
            self.registry.add(command)
        self.application: Application[int] = Application(
            layout=Layout(Window(FormattedTextControl(self._prompt_fragments, focusable=True, show_cursor=True),
                                 height=1, dont_extend_height=True)),
            key_bindings=self._bindings(),
            full_screen=False,
            mouse_support=False,
            input=input,
            output=output if output is not None else printer.output,
            erase_when_done=True,
        )
        self.application.ttimeoutlen = TTIMEOUTLEN
        self.application.timeoutlen = TIMEOUTLEN
        printer.app = self.application
        session.put_out = printer.flush  # the player's own move is confirmed first
        #: How many lines had been printed when the last key came (the news is what came after).
        self._news_mark = 0

    # ----------------------------------------------------------------- the Host protocol
    def open(self, mode: Mode) -> None:
        self.modes.append(mode)
        self.say_line(mode.opening())

    def say_line(self, text: str) -> None:
        """A mode's line: in its place after what was said before (a question after the last moves)."""
        self.session.say(text, kind=Kind.INFO)

    # ----------------------------------------------------------------- prompt line
    def prompt_text(self) -> str:
        if self.modes:
            # A text entry (chat) shows what has been typed after its prompt, the cursor after it.
            # The modes keep their prompt in English (marked with N_): said here, in the language of now.
            typed = str(getattr(self.modes[-1], "typed", ""))
            prompt = _(self.modes[-1].prompt)
            return f"{prompt}> {typed} " if typed else f"{prompt}> "
        if self.session.waiting:
            return pgettext("prompt", "next") + "> "
        return f"{self.table.prompt()}> "

    def _prompt_fragments(self) -> StyleAndTextTuples:
        # The cursor sits on the space after '>', where typing would go (a position past the last
        # character would put it back at the start of the line).
        text = self.prompt_text()
        fragments: StyleAndTextTuples = [("", text[:-1]), ("[SetCursorPosition]", text[-1:])]
        news = self.news()
        if news:
            fragments.append(("", news))
        return fragments

    def news(self) -> str:
        """The newest message printed since the last key, when the setting keeps it on the prompt line."""
        announcer = self.session.announcer
        if not getattr(self.session.settings, "news_on_prompt", False):
            return ""
        if getattr(announcer, "printed_count", 0) <= self._news_mark:
            return ""
        return str(getattr(announcer, "last_printed", ""))

    # ----------------------------------------------------------------- keys
    def _bindings(self) -> KeyBindings:
        kb = KeyBindings()
        names = list(dict.fromkeys([*self.registry.keys, *MODE_KEYS]))
        for name in names:
            kb.add(*binding_keys(name))(self._handler(name))
        kb.add("c-c")(lambda event: self.quit_now(N_("Interrupted.")))
        # Ctrl+C that arrives while a line is being printed (the terminal briefly out of raw mode)
        # comes as a signal, not a key: it leaves at once all the same.
        kb.add(Keys.SIGINT)(lambda event: self.quit_now(N_("Interrupted.")))
        kb.add("c-d")(lambda event: self.dispatch("c-d"))
        kb.add(Keys.Any)(self._any)
        return kb

    def _handler(self, name: str) -> Callable[[KeyPressEvent], None]:
        def handle(event: KeyPressEvent) -> None:
            self.dispatch(name)

        return handle

    def _any(self, event: KeyPressEvent) -> None:
        key = event.key_sequence[-1].key
        name = key.value if isinstance(key, Keys) else str(key)
        self.dispatch(name)

    def dispatch(self, key: str) -> None:
        """Everything a key press does, then one write of the new lines."""
        for listener in self.key_listeners:
            listener(key)
        self._news_mark = getattr(self.session.announcer, "printed_count", 0)
        self.session.announcer.new_batch()  # the answer to this key is never a repeat of an earlier one
        silence = getattr(self.session.announcer, "silence", None)
        if callable(silence):
            silence()  # a key press interrupts speech, as players expect
        try:
            self._dispatch(key)
            self._after_key()
        finally:
            self.printer.flush()
            self.application.invalidate()

    def _dispatch(self, key: str) -> None:
        if self.modes:
            mode = self.modes[-1]
            mode.handle(key)
            if mode.closed:
                self.modes.remove(mode)
                pending = getattr(mode, "pending", None)
                if pending is not None:
                    pending()
            return
        key = self._answer_key(key)
        if self.key_gate is not None and self.key_gate(key):
            return
        command = self.registry.for_key(key)
        if command is None:
            self.say_line(_("{key} does nothing here. F1 for help, Escape for the menu.").format(key=key_label(key)))
            return
        command.handler(key)

    def _answer_key(self, key: str) -> str:
        """While the table asks a yes/no question (take or buy the up card), the language's letter is
        that answer's key, Y or N (O in French is "oui" there, not a move nobody can make then)."""
        asks = getattr(self.table, "asks_yes_no", None)
        if callable(asks) and asks():
            said = answer(key)
            if said is not None:
                return "y" if said else "n"
        return key

    def run_command(self, name: str) -> None:
        """Run a command by name, as the Escape menu does."""
        self.registry.get(name).handler("")

    def check_until(self) -> None:
        """End the app by itself when ``until`` says so, unless a question, menu or chat line is open
        (then it ends after that closes, never cutting into what the player is typing)."""
        if self.until is None or self.modes or self.quitting or not self.until():
            return
        self._end()

    def _after_key(self) -> None:
        self.check_until()
        self.table.after_news()
        self.offer_next_game()
        for listener in self.after_key_listeners:
            listener()

    def print_news(self) -> None:
        """News taken between key presses (another seat's move at a network table) printed above the
        prompt as a key's answer is: the table follows it, and the game's end offers the next game."""
        self.printer.flush()
        self.check_until()
        self.table.after_news()
        self.offer_next_game()
        self.printer.flush()
        self.application.invalidate()

    def offer_next_game(self) -> None:
        """Once the game is over, ask what next (once): at this terminal, play again or another game; at
        a network table, the host deals again to the same seats, and everyone else hears that the host
        may. Called after each key and after news from the server (a game can end on another's move)."""
        if not self.session.over or self.asked_again or self.modes or self.quitting:
            return
        self.asked_again = True
        remote = self.session.network
        if remote is None:
            self.open(Confirm(N_("Play again?"), self.say_line, on_yes=self.play_again, on_no=self._thanks,
                              prompt=N_("play again y/n"), also=(("a", N_("A for another game"), self.choose_game),)))
        elif remote.is_host:
            self.open(Confirm(nw.DEAL_AGAIN_QUESTION, self.say_line, on_yes=self.play_again, on_no=self._thanks,
                              prompt=N_("deal again y/n")))
        else:
            self.say_line(_(nw.WAIT_FOR_HOST))

    def _thanks(self) -> None:
        self.quit_now(N_("Thank you for playing."))

    def new_game_dealt(self) -> None:
        """The host dealt again at a network table and the new game's deal has been said."""
        self.asked_again = False
        self.table.reset()

    def set_up_table(self, *, after_game: bool = False) -> None:
        """The table setup questions (access_game.ui.table_setup), from this game's table as remembered;
        Enter at the end deals the new table (this app ends and the launcher starts it), Escape at the
        first question goes back (to the play-again question at the end of a game)."""
        from access_game.remembered_tables import remembered_plan
        from access_game.table_plan import TablePlan
        from access_game.ui.table_setup import TableSetup

        session = self.session
        game = session.ruleset_name
        if game in session.settings.tables:
            start = remembered_plan(session.settings, game)
        else:  # the table on the screen, the player first
            you = session.human_seat
            others = [s for s in range(len(session.players)) if s != you]
            level_of = getattr(session, "level_of", lambda seat: session.level)
            start = TablePlan(game, (session.players[you], *(session.players[s] for s in others)),
                              tuple(level_of(s) for s in others), session.settings.rule_options(game))

        def back() -> None:
            if after_game:
                self.asked_again = False

        self.open(TableSetup(start, self.say_line, on_done=self.start_table, on_cancel=back,
                             on_online=self._play_online))

    def _play_online(self) -> None:
        from access_game.ui.online_entry import ask_online

        ask_online(self)

    def start_table(self, plan: Any) -> None:
        self.next_plan = plan
        self.leave()

    def leave(self) -> None:
        """End this app for what comes next (a table set up, the lobby: ``next_plan``, ``next_online``),
        the game saved and every line out first."""
        self.quitting = True
        if not self.session.over:
            self.session.autosave()
        self.printer.flush()
        self._end()

    def choose_game(self) -> None:
        """Another game: the table setup, its first question the game (the current one first offered);
        Escape there goes back to the play-again question."""
        if self.session.network is None:
            self.set_up_table(after_game=True)
            return
        self._choose_game_menu()

    def _choose_game_menu(self) -> None:
        """The games that have a table (the current one said as '... again'); Escape goes back to the question."""
        current = self.session.ruleset_name
        items = [self._game_item(entry.game_name, _("{game} again").format(game=entry.spoken_title)
                                 if entry.game_name == current else entry.spoken_title)
                 for entry in table_entries()]
        menu = ListMenu(N_("Another game"), items, self.say_line, prompt=N_("game"))
        # Closed without a choice: back to the play-again question (asked again after this key).
        menu.on_close = lambda: setattr(self, "asked_again", menu.pending is not None)
        self.open(menu)

    def _game_item(self, game_name: str, label: str) -> MenuItem:
        return MenuItem(label=lambda: label, run=lambda: self.switch_game(game_name))

    def switch_game(self, game_name: str) -> None:
        """Another kind of game needs another table, keys and save slot: this app ends and the launcher
        starts that game (see access_game.terminal_game); the same game is simply played again."""
        if game_name == self.session.ruleset_name:
            self.play_again()
            return
        self.next_game = game_name
        self.leave()

    def change_settings(self, settings: Settings) -> None:
        """Settings take effect at once (and are kept by the session's owner)."""
        was_step = self.session.settings.pace == "step"
        self.session.change_settings(settings)
        if was_step and settings.pace == "all" and self.session.bots_to_move:
            self.session.advance()

    # ----------------------------------------------------------------- game flow
    def play_again(self) -> None:
        """A new game with the same players. At a network table the server deals it, and the table is
        reset when its deal arrives (:meth:`new_game_dealt`)."""
        if self.session.network is not None:
            self.session.new_game(0)  # the server draws the new game's seed
            return
        self.asked_again = False
        self.session.new_game(random.randrange(2**31))
        self.table.reset()

    def quit_now(self, message: str = "") -> None:
        """Leave at once when the game is saved; when the last save failed, say so and offer to try
        again or to save elsewhere (a second Ctrl+C, or N, leaves without saving)."""
        session = self.session
        if session.saves is not None and not session.over:
            session.autosave()  # the last word: also keeps computer players' moves held back
            if session.save_problem is not None:
                if self._unsaved_asked:  # asked already: this Ctrl+C means leave as it is
                    self._leave(message, saved=False, last=save_words.quit_unsaved())
                else:
                    self._ask_unsaved(message)
                return
        self._leave(message, saved=True)

    def _ask_unsaved(self, message: str) -> None:
        from access_game.saves import SaveStore, fallback_directory

        self._unsaved_asked = True
        session = self.session
        store = session.saves
        assert store is not None and session.save_problem is not None
        folder = fallback_directory(store.directory)

        def again() -> None:
            session.autosave()
            if session.save_problem is None:
                self._leave(message, saved=True)
            else:
                self.say_line(save_words.still_not_saved(session.save_problem))
                self._ask_unsaved(message)

        def elsewhere() -> None:
            assert folder is not None
            other = SaveStore(folder, slot=f"access-game-{store.slot}")
            try:
                session.save_to(other)
            except OSError as exc:
                self.say_line(save_words.not_saved_elsewhere(other.path, str(exc.strerror or exc)))
                self._ask_unsaved(message)
                return
            self._leave(message, saved=False, last=save_words.saved_elsewhere(other.path, store.path, self._command()))

        def without() -> None:
            self._leave(message, saved=False, last=save_words.quit_unsaved())

        also = () if folder is None else (("e", save_words.elsewhere_answer(folder), elsewhere),)
        self.open(Confirm(save_words.not_saved_question(session.save_problem, store.path), self.say_line,
                          on_yes=again, on_no=without, prompt=N_("not saved y/n"), also=also))

    def _leave(self, message: str, *, saved: bool, last: str = "") -> None:
        self.quitting = True
        if message:
            self.session.say(message, kind=Kind.SYSTEM, urgent=True)
        if saved and self.session.saves is not None and not self.session.over:
            last = save_words.saved_goodbye(self._command())
        if last:
            self.session.say(last, kind=Kind.SYSTEM)
        self.printer.flush()
        self._end()

    def _command(self) -> str:
        try:
            return table_entry(self.session.ruleset_name).command
        except ValueError:
            return "access-game"

    def hang_up(self) -> None:
        """The terminal was closed (SIGHUP): keep everything and leave without a word.

        The game is saved after every action already; saving again keeps what the computer players did
        since, in the one case that is held back (they save once they have all moved). Nothing is said
        or printed: there is nobody left to read it, and writing to a closed terminal only fails.
        """
        self.hung_up = True
        self.quitting = True
        self.status = 128 + int(getattr(signal, "SIGHUP", 1))
        self.printer.pending.clear()
        with contextlib.suppress(Exception):
            if not self.session.over:
                self.session.autosave()
        self._end(self.status)

    def _end(self, result: int = 0) -> None:
        """Stop the terminal application if it still runs: a second way out (a key, then a hang-up) does
        nothing more."""
        if self.application.is_running and not self.application.future.done():  # type: ignore[union-attr]
            self.application.exit(result=result)

    def _watch_hangup(self) -> Callable[[], None]:
        """Call hang_up on SIGHUP, from the event loop, so it never cuts into a key being handled (a key's
        action is applied and saved whole, or not at all). Not on Windows, which has no SIGHUP.

        Ctrl+Z is undo. One that arrives while a line is being printed (the terminal briefly out of raw
        mode) comes as SIGTSTP, not as a key: it is handled as the key, never left to stop the game in
        the background, where a player who cannot see the screen would find it silent."""
        sighup = getattr(signal, "SIGHUP", None)
        if sighup is None:
            return lambda: None
        loop = asyncio.get_running_loop()
        watched: list[int] = []
        handlers = ((sighup, self.hang_up), (getattr(signal, "SIGTSTP", None), lambda: self.dispatch("c-z")))
        for signum, handler in handlers:
            if signum is None:
                continue
            try:
                loop.add_signal_handler(signum, handler)
            except (NotImplementedError, RuntimeError, ValueError):  # no signals here (another thread, Windows loop)
                continue
            watched.append(signum)

        def unwatch() -> None:
            for signum in watched:
                loop.remove_signal_handler(signum)

        return unwatch

    def start(self, *, resumed: bool) -> None:
        """What happens before the first key: the deal is narrated (or the resume summary said). The
        welcome is put out first, before the computer players think about their opening moves: the
        player hears the game has started at once."""
        if self.welcome:
            self.session.say(self.welcome, kind=Kind.SYSTEM)
            self.printer.flush()
        if resumed:
            self.table.opening(resumed=True)
            self.session.resume()
        else:
            self.session.start()
            self.table.opening(resumed=False)
        self._after_key()

    def run(self, *, resumed: bool = False) -> int:
        try:
            return asyncio.run(self.run_async(resumed=resumed))
        except KeyboardInterrupt:
            # Ctrl+C before the prompt takes the keys (while the opening is printed) is the same
            # request as Ctrl+C at the prompt: leave, and say whether the game is saved.
            self.quit_now(N_("Interrupted."))
            return 0

    async def wait_async(self) -> int:
        """The prompt and its keys without starting the game: a lobby, until ``until`` is true or the
        player leaves (Ctrl+C, Q). Only the welcome is said first; the game's own opening comes later."""
        if self.welcome:
            self.session.say(self.welcome, kind=Kind.SYSTEM)
        self.printer.flush()
        result = await self.application.run_async()
        return int(result or 0)

    async def run_async(self, *, resumed: bool = False) -> int:
        # The opening is printed before the prompt is drawn for the first time: a prompt drawn and
        # then erased for it is still read out by a screen reader, as a stray "draw>".
        self.start(resumed=resumed)
        self.printer.flush()
        unwatch = self._watch_hangup()
        try:
            result = await self.application.run_async()
        except OSError:
            if not self.hung_up:
                raise
            result = self.status  # the closed terminal refused the last redraw; the game is saved
        finally:
            unwatch()
        if self.hung_up:
            return self.status
        return int(result or 0)
