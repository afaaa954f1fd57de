"""A yes/no question before a game exists (resume the saved game? start a new one?).

The same one-line pattern as the game: the question is printed (and spoken) as a whole line, the
prompt line waits for Y or N, Escape means no. Any other key says the question again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from access_game.ui.answers import letters, yes_no_prompt
from access_game.ui.printer import LinePrinter
from speech.i18n import _

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

__all__ = ["ask_yes_no"]


def ask_yes_no(question: str, say: Callable[[str], None], printer: LinePrinter, *,
               input: Input | None = None, output: Output | None = None) -> bool | None:
    """Ask and wait for the language's yes or no letter, or Y or N (Escape is no); None when the player
    leaves with Ctrl+C."""
    say(_("{question} Y or N.").format(question=_(question)))
    printer.flush()
    # The terminal interface is loaded after the question is out (see access_game.ui.printer).
    from prompt_toolkit.application import Application
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.layout import Layout
    from prompt_toolkit.layout.containers import Window
    from prompt_toolkit.layout.controls import FormattedTextControl

    kb = KeyBindings()

    def answer(value: bool | None) -> Callable[[KeyPressEvent], None]:
        def handle(event: KeyPressEvent) -> None:
            event.app.exit(result=value)

        return handle

    # The language's letters and the English ones, small or capital (no game key is live here).
    yes, no = letters()
    for key in dict.fromkeys(("y", "Y", yes.lower(), yes)):
        kb.add(key)(answer(True))
    for key in dict.fromkeys(("n", "N", no.lower(), no, "escape")):
        kb.add(key)(answer(False))
    kb.add("c-c")(answer(None))

    @kb.add(Keys.Any)
    def _other(event: KeyPressEvent) -> None:
        say(_("{question} Press Y for yes or N for no.").format(question=_(question)))
        printer.flush()

    app: Application[bool | None] = Application(
        layout=Layout(Window(FormattedTextControl([("", yes_no_prompt() + ">"), ("[SetCursorPosition]", " ")],
                                                  focusable=True), height=1)),
        key_bindings=kb,
        full_screen=False,
        erase_when_done=True,
        input=input,
        output=output if output is not None else printer.output,
    )
    app.ttimeoutlen = 0.05
    app.timeoutlen = 0.1
    printer.app = app
    try:
        return app.run()
    finally:
        printer.app = None
