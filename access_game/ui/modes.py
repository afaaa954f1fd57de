"""Modal keyboard states above the normal game keys: list menus, yes/no questions, number entry.

Each mode sees a key before the game does and says what it did, so the player always hears where
they are ("Draw from the stock, D, 1 of 24"). Modes know nothing of prompt_toolkit: they receive key
names and speak through the ``say`` function they are given, which keeps them easy to test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from access_game.ui.answers import answer
from speech.i18n import N_, _

__all__ = ["MENU_HINT", "Confirm", "LetterQuestion", "ListMenu", "MenuItem", "Mode", "NumberEntry"]

#: What a list menu says how to use, unless it says its own. Titles, questions and hints given to a
#: mode are said through ``_``: a constant marked ``N_`` is translated when said.
MENU_HINT = N_("Up and Down to move, Enter to choose, Escape to close.")

Say = Callable[[str], None]


class Mode(Protocol):
    #: Shown on the prompt line while the mode is open.
    prompt: str
    #: Set when the mode has finished; the app then removes it.
    closed: bool

    def opening(self) -> str:
        """What to say when the mode opens."""
        ...

    def handle(self, key: str) -> None:
        ...


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One line of a list menu. ``label`` is called each time, so a setting can show its new value."""

    label: Callable[[], str]
    run: Callable[[], None] | None = None
    #: For settings: change the value one step (+1 or -1); Enter and Space step forward.
    adjust: Callable[[int], None] | None = None


class ListMenu:
    """A list moved through with Up/Down (Home/End), Enter runs the item, Escape closes."""

    def __init__(self, title: str, items: list[MenuItem], say: Say, *, prompt: str = N_("menu"),
                 on_close: Callable[[], None] | None = None, hint: str = "") -> None:
        if not items:
            raise ValueError("a menu needs at least one item")
        self.title = title
        self.items = items
        self.say = say
        self.prompt = prompt
        self.closed = False
        self.index = 0
        self.on_close = on_close
        self.hint = hint or MENU_HINT
        #: The action to run once the menu has closed (so its messages come after "menu closed").
        self.pending: Callable[[], None] | None = None

    def _where(self) -> str:
        return _("{item}, {n} of {total}").format(item=self.items[self.index].label(), n=self.index + 1,
                                                  total=len(self.items))

    def opening(self) -> str:
        return _("{menu}. {hint} {item}").format(menu=_(self.title), hint=_(self.hint), item=self._where())

    def close(self) -> None:
        self.closed = True
        if self.on_close is not None:
            self.on_close()

    def handle(self, key: str) -> None:
        n = len(self.items)
        item = self.items[self.index]
        if key in ("down", "tab", "j"):
            self.index = (self.index + 1) % n
            self.say(self._where())
        elif key in ("up", "s-tab", "k"):
            self.index = (self.index - 1) % n
            self.say(self._where())
        elif key in ("home", "pageup"):
            self.index = 0
            self.say(self._where())
        elif key in ("end", "pagedown"):
            self.index = n - 1
            self.say(self._where())
        elif key in ("left", "right") and item.adjust is not None:
            item.adjust(1 if key == "right" else -1)
            self.say(item.label())
        elif key in ("enter", "space"):
            if item.adjust is not None:
                item.adjust(1)
                self.say(item.label())
            elif item.run is not None:
                self.pending = item.run
                self.close()
        elif key in ("escape", "q"):
            self.say(_("{menu} closed.").format(menu=_(self.title)))
            self.close()
        else:
            # The menu's own title, as it is written: "the {menu}" would need the title's gender and a
            # lower-cased title ("Dans le menu des réglages" but "Dans la liste").
            self.say(_("{menu}: {hint}").format(menu=_(self.title), hint=_(self.hint)))


class Confirm:
    """A yes/no question: the language's letters or Y and N (access_game.ui.answers; Escape is no), and
    perhaps a few more answers, each a letter
    (``also``: key, words for it, action), such as 'A for another game'. Any other key, a capital
    letter too, repeats the question with its answers."""

    def __init__(self, question: str, say: Say, *, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None,
                 prompt: str = N_("y/n"), also: tuple[tuple[str, str, Callable[[], None]], ...] = ()) -> None:
        self.question = question
        self.say = say
        self.on_yes = on_yes
        self.on_no = on_no
        self.prompt = prompt
        self.also = also
        self.closed = False
        self.pending: Callable[[], None] | None = None

    def _more(self) -> str:
        return "".join(f"; {_(words)}" for _key, words, _action in self.also)

    def opening(self) -> str:
        return _("{question} Y or N{more}.").format(question=_(self.question), more=self._more())

    def handle(self, key: str) -> None:
        # Only the answer keys answer: Shift+N does the hint and Shift+Y nothing, so a player stepping
        # through the game with Shift+N never answers a question by it (a capital asks again).
        said = answer(key)
        if said is True:
            self.closed = True
            self.pending = self.on_yes
        elif said is False or key == "escape":
            self.closed = True
            self.pending = self.on_no
        else:
            for letter, _words, action in self.also:
                if key == letter:
                    self.closed = True
                    self.pending = action
                    return
            self.say(_("{question} Press Y for yes or N for no{more}.").format(question=_(self.question),
                                                                                more=self._more()))


class LetterQuestion:
    """A question answered by one of a few letters (a game's choice, such as the suit named on a crazy
    eight): ``answers`` maps each key to what it does; Escape closes it with nothing done, and any other
    key says the question again. The question is said as it is given (already in the player's language,
    with its answers in it). ``labels`` names each answer in words, by its key, for a screen that shows
    the answers as buttons (the web table's, where a phone has no keys to press)."""

    def __init__(self, question: str, say: Say, *, answers: dict[str, Callable[[], None]],
                 labels: dict[str, str] | None = None, prompt: str = N_("answer")) -> None:
        self.question = question
        self.say = say
        self.answers = answers
        self.labels = dict(labels or {})
        self.prompt = prompt
        self.closed = False
        self.pending: Callable[[], None] | None = None

    def opening(self) -> str:
        return self.question

    def handle(self, key: str) -> None:
        action = self.answers.get(key)
        if action is not None:
            self.closed = True
            self.pending = action
        elif key == "escape":
            self.closed = True
            self.say(_("Cancelled."))
        else:
            self.say(self.question)


class NumberEntry:
    """Type a number, Enter to accept, Escape to cancel, Backspace to erase a digit."""

    def __init__(self, question: str, say: Say, *, on_number: Callable[[int], None],
                 prompt: str = N_("number")) -> None:
        self.question = question
        self.say = say
        self.on_number = on_number
        self.prompt = prompt
        self.closed = False
        self.digits = ""
        self.pending: Callable[[], None] | None = None

    def opening(self) -> str:
        return _("{question} Type the number, then Enter.").format(question=_(self.question))

    def handle(self, key: str) -> None:
        if len(key) == 1 and key.isdigit():
            self.digits += key
            self.say(key)
        elif key in ("backspace", "c-h") and self.digits:
            self.digits = self.digits[:-1]
            self.say(_("erased, {digits}").format(digits=self.digits) if self.digits else _("erased, nothing"))
        elif key == "enter":
            self.closed = True
            if self.digits:
                value = int(self.digits)
                self.pending = lambda: self.on_number(value)
            else:
                self.say(_("Cancelled."))
        elif key == "escape":
            self.closed = True
            self.say(_("Cancelled."))
        else:
            self.say(_("{question} Digits, then Enter; Escape cancels.").format(question=_(self.question)))
