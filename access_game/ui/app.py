"""The one-line prompt_toolkit application: a prompt at the bottom, every message printed above it.

Not full screen: the alternate screen would hide everything from scrollback and screen readers read
redrawn screens badly. The layout is a single line holding a short prompt ('draw> ', 'menu> ') with
the cursor at its end; lines are printed above it whole, once per key press. Keys reach the open
modal state (menu, question) first, otherwise the command registry.
"""

from __future__ import annotations

import random
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

from access_game.session import Session
from access_game.settings import Settings
from access_game.ui.core_commands import core_commands
from access_game.ui.keys import binding_keys, key_label
from access_game.ui.modes import Confirm, Mode
from access_game.ui.printer import LinePrinter
from access_game.ui.registry import CommandRegistry
from access_game.ui.table import Table, make_table
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
    """Runs a :class:`Session` at the terminal through its game's table."""

    def __init__(
        self,
        session: Session,
        printer: LinePrinter,
        *,
        input: Input | None = None,
        output: Output | None = None,
        table_factory: Callable[[Session, Any], Table] = make_table,
        welcome: str | None = None,
    ) -> None:
        self.session = session
        self.printer = printer
        self.modes: list[Mode] = []
        self.quitting = False
        self.asked_again = False
        self.welcome = welcome
        #: Called with each key name before it is handled (transcripts, macros).
        self.key_listeners: list[Callable[[str], None]] = []
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

    # ----------------------------------------------------------------- the Host protocol
    def open(self, mode: Mode) -> None:
        self.modes.append(mode)
        self.say_line(mode.opening())

    def say_line(self, text: str) -> None:
        self.session.say(text, kind=Kind.INFO, urgent=True)

    # ----------------------------------------------------------------- prompt line
    def prompt_text(self) -> str:
        if self.modes:
            return f"{self.modes[-1].prompt}> "
        if self.session.waiting:
            return "next> "
        return f"{self.table.prompt()}> "

    def _prompt_fragments(self) -> StyleAndTextTuples:
        # The cursor sits on the space after '>', where typing would go (a position past the last
        # character would put it back at the start of the line).
        text = self.prompt_text()
        return [("", text[:-1]), ("[SetCursorPosition]", text[-1:])]

    # ----------------------------------------------------------------- keys
    def _bindings(self) -> KeyBindings:
        kb = KeyBindings()
        names = list(dict.fromkeys([*self.registry.keys, *MODE_KEYS]))
        for name in names:
            kb.add(*binding_keys(name))(self._handler(name))
        kb.add("c-c")(lambda event: self.quit_now("Interrupted."))
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
        command = self.registry.for_key(key)
        if command is None:
            self.say_line(f"{key_label(key)} does nothing here. F1 for help, Escape for the menu.")
            return
        command.handler(key)

    def run_command(self, name: str) -> None:
        """Run a command by name, as the Escape menu does."""
        self.registry.get(name).handler("")

    def _after_key(self) -> None:
        if self.session.over and not self.asked_again and not self.modes and not self.quitting:
            self.asked_again = True
            self.open(Confirm("Play again?", self.say_line, on_yes=self.play_again,
                              on_no=lambda: self.quit_now("Thank you for playing."), prompt="play again y/n"))

    def change_settings(self, settings: Settings) -> None:
        """Settings take effect at once (and are kept by the session's owner)."""
        was_step = self.session.settings.pace == "step"
        self.session.change_settings(settings)
        if was_step and settings.pace == "all" and self.session.bots_to_move:
            self.session.advance()

    # ----------------------------------------------------------------- game flow
    def play_again(self) -> None:
        self.asked_again = False
        self.session.new_game(random.randrange(2**31))
        self.table.reset()

    def quit_now(self, message: str = "") -> None:
        """Leave at once; the game was saved after the last action, so nothing is lost."""
        self.quitting = True
        if message:
            self.session.say(message, kind=Kind.SYSTEM, urgent=True)
        if self.session.saves is not None and not self.session.over:
            self.session.say("Your game is saved; run access-game again to go on.", kind=Kind.SYSTEM)
        self.printer.flush()
        if self.application.is_running and not self.application.future.done():  # type: ignore[union-attr]
            self.application.exit(result=0)

    def start(self, *, resumed: bool) -> None:
        """What happens before the first key: the deal is narrated (or the resume summary said)."""
        if self.welcome:
            self.session.say(self.welcome, kind=Kind.SYSTEM)
        if resumed:
            self.table.opening(resumed=True)
            self.session.resume()
        else:
            self.session.start()
            self.table.opening(resumed=False)
        self._after_key()

    def run(self, *, resumed: bool = False) -> int:
        def pre_run() -> None:
            self.start(resumed=resumed)
            self.printer.flush()

        result = self.application.run(pre_run=pre_run)
        return int(result or 0)

    async def run_async(self, *, resumed: bool = False) -> int:
        def pre_run() -> None:
            self.start(resumed=resumed)
            self.printer.flush()

        result = await self.application.run_async(pre_run=pre_run)
        return int(result or 0)
