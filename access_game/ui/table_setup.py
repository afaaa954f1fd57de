"""A table set up by keys: a sequence of one-line questions, answered with the keys of every menu.

Game, number of players, names, the computer players' level (all alike, or seat by seat) and the rule
options the catalog offers for that game (read from the catalog entry, never listed here), then one
line with the whole table: Enter starts it. Up and Down choose (Home and End go to the ends, a letter to
the next answer starting with it), Enter accepts, Escape goes back one question; a name is typed, and
Enter alone keeps the one said. Each question, value and summary is one whole line for a screen reader
and a braille display.

Help never answers: F1, or any key that does nothing at a question, says the keys and the question again
with the answer the cursor is on (and a name typed so far) kept, so the next Enter accepts what the player
chose, not what the question started on. The cursor is placed from the table only when a question is
come to; a question left with Escape keeps where its cursor was (and what was typed) for when the player
comes back to it.

The setup is a :class:`access_game.ui.modes.Mode`: the game's app opens it (Escape menu "new table",
"another game" at the end) and :func:`run_table_setup` runs it on its own before a game exists (the
first start). Either way it ends with ``on_done(plan)`` or, Escape at the first question, ``on_cancel``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from access_game.table_plan import COMPUTER_NAMES, TablePlan, default_plan, most_players
from speech import setup_words as sw
from speech.i18n import N_, _

__all__ = ["TableSetup", "run_table_setup"]

Say = Callable[[str], None]


#: The first question's answer that is no game: "Play online" (a server's lobby).
_ONLINE = ""


@dataclass(frozen=True, slots=True)
class _Question:
    """One question: its words, the values it offers with their words, and how a value is kept."""

    key: str
    text: str
    values: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    #: A name typed (seat number), instead of a choice.
    typed_seat: int | None = None


class TableSetup:
    """The questions of a table, from ``start`` (the table remembered, or the default one)."""

    #: Kept in English (marked for the catalog), said in the language of now where the prompt is drawn.
    prompt = N_("table")

    def __init__(self, start: TablePlan, say: Say, *, on_done: Callable[[TablePlan], None],
                 on_cancel: Callable[[], None] | None = None, on_online: Callable[[], None] | None = None) -> None:
        self.say = say
        self.on_done = on_done
        self.on_cancel = on_cancel
        #: Where "Play online" leads, offered after the games of the first question (None: not offered).
        self.on_online = on_online
        self.closed = False
        self.pending: Callable[[], None] | None = None
        self.plans: dict[str, TablePlan] = {start.game: start}
        self.plan = start
        #: Seat by seat levels asked, names typed: the answers of the two 'how' questions.
        self.each_level = len(set(start.levels)) > 1
        self.type_names = False
        self.step = 0
        self.at = 0
        self.typed = ""
        #: Where the cursor was (or what was typed) at a question left with Escape, by question key.
        self.left_at: dict[str, Any] = {}
        #: Closed by Ctrl+C: the player wants to leave, not just to go back.
        self.interrupted = False

    # ----------------------------------------------------------------- the questions
    def questions(self) -> list[_Question]:
        from access_game.catalog import game as catalog_game
        from access_game.ui.table import table_entries
        from speech.option_words import option_label, option_value

        plan = self.plan
        entry = catalog_game(plan.game)
        entries = table_entries()
        names, titles = tuple(e.name for e in entries), tuple(_(e.title) for e in entries)
        if self.on_online is not None:  # a server's lobby, after the games: Enter there leaves for it
            names, titles = (*names, _ONLINE), (*titles, _(sw.PLAY_ONLINE))
        out = [_Question("game", sw.question_game, names, titles)]
        low, top = entry.player_range[0], most_players(plan.game)
        if top > low:
            counts = tuple(range(low, top + 1))
            out.append(_Question("players", sw.question_players, counts, tuple(sw.players_words(n) for n in counts)))
        keep = _(sw.KEEP_NAMES).format(names=", ".join(plan.names))
        out.append(_Question("names", sw.question_names, (False, True), (keep, _(sw.TYPE_NAMES))))
        if self.type_names:
            out += [_Question(f"name-{seat}", sw.seat_name_question(seat, plan.players), typed_seat=seat)
                    for seat in range(plan.players)]
        if plan.levels:
            levels = entry.levels
            out.append(_Question("level", sw.question_level, (*levels, "each"),
                                 (*(sw.level_word(lv) for lv in levels), _(sw.EACH_SEAT))))
            if self.each_level:
                out += [_Question(f"level-{seat}", sw.question_seat_level(plan.names[seat]), levels,
                                  tuple(sw.level_word(lv) for lv in levels)) for seat in range(1, plan.players)]
        for opt in entry.setting_options():
            assert opt.setting is not None
            values = opt.setting_values()
            out.append(_Question(f"option-{opt.name}", option_label(opt.setting), values,
                                 tuple(option_value(opt.setting, v) for v in values)))
        out.append(_Question("start", ""))
        return out

    def _current(self, q: _Question) -> Any:
        plan = self.plan
        if q.key == "game":
            return plan.game
        if q.key == "players":
            return plan.players
        if q.key == "names":
            return self.type_names
        if q.key == "level":
            return "each" if self.each_level else (plan.levels[0] if plan.levels else "normal")
        if q.key.startswith("level-"):
            return plan.levels[int(q.key[6:]) - 1]
        if q.key.startswith("option-"):
            name = q.key[7:]
            return plan.options.get(name, q.values[0])
        return None

    def _set(self, q: _Question, value: Any) -> None:
        plan = self.plan
        if q.key == "game":
            if value != plan.game:
                self.left_at.clear()  # another game's questions: other answers
                self.plans[plan.game] = plan
                self.plan = self.plans.get(value) or _with_you(
                    default_plan(value, plan.levels[0] if plan.levels else "normal"), plan.names[0])
                self.each_level = len(set(self.plan.levels)) > 1
        elif q.key == "players":
            self.plan = _resized(plan, value)
        elif q.key == "names":
            self.type_names = bool(value)
        elif q.key == "level":
            self.each_level = value == "each"
            if not self.each_level:
                self.plan = replace(plan, levels=(value,) * len(plan.levels))
        elif q.key.startswith("level-"):
            seat = int(q.key[6:])
            levels = list(plan.levels)
            levels[seat - 1] = value
            self.plan = replace(plan, levels=tuple(levels))
        elif q.key.startswith("option-"):
            options = dict(plan.options)
            options[q.key[7:]] = value
            self.plan = replace(plan, options=options)

    # ----------------------------------------------------------------- speaking
    def opening(self, *, keys: bool = True) -> str:
        """The first question (after the keys that answer it, unless ``keys`` is False: said already)."""
        if keys:
            self.say(_(sw.CHOICE_KEYS))
        self._come_to()
        return self._ask()

    def _come_to(self) -> None:
        """The cursor of the question come to: where it was left with Escape, else the table's answer."""
        q = self.questions()[self.step]
        left = self.left_at.pop(q.key, None)
        if q.typed_seat is not None:
            self.typed = left if isinstance(left, str) else ""
            return
        current = left if left in q.values else self._current(q)
        self.at = q.values.index(current) if current in q.values else 0

    def _ask(self) -> str:
        """The question as it stands: the answer under the cursor, never the one it started on."""
        q = self.questions()[self.step]
        if q.key == "start":
            return self._summary()
        if q.typed_seat is not None:
            return sw.name_line(q.text, self.plan.names[q.typed_seat])
        return sw.choice_line(q.text, q.labels[self.at], self.at, len(q.values))

    def _summary(self) -> str:
        from access_game.catalog import game as catalog_game
        from speech.option_words import option_label, option_value

        plan = self.plan
        entry = catalog_game(plan.game)
        rules = [f"{option_label(opt.setting)}: {option_value(opt.setting, plan.options[opt.name])}"
                 for opt in entry.setting_options() if opt.setting is not None and opt.name in plan.options]
        return sw.summary_line(_(entry.title), plan.names, plan.levels, rules)

    # ----------------------------------------------------------------- keys
    def handle(self, key: str) -> None:
        questions = self.questions()
        q = questions[self.step]
        if key == "escape":
            self._back()
        elif key == "c-c":
            self.interrupted = True
            self._cancel()
        elif q.typed_seat is not None:
            self._type(q, key)
        elif key == "enter":
            if q.key == "start":
                plan = self.plan
                self.closed = True
                self.pending = lambda: self.on_done(plan)
                return
            if q.key == "game" and q.values[self.at] == _ONLINE and self.on_online is not None:
                self.closed = True
                self.pending = self.on_online
                return
            self._set(q, q.values[self.at])
            self._forward()
        elif q.key == "start":
            self.say(self._summary())
        elif key in ("up", "down", "home", "end") or (len(key) == 1 and key.isalnum()):
            self._move(q, key)
        else:
            self.say(_(sw.CHOICE_KEYS))
            self.say(self._ask())

    def _move(self, q: _Question, key: str) -> None:
        n = len(q.values)
        if key == "down":
            self.at = (self.at + 1) % n
        elif key == "up":
            self.at = (self.at - 1) % n
        elif key == "home":
            self.at = 0
        elif key == "end":
            self.at = n - 1
        else:
            # A letter or digit: the next answer that starts with it, round the list.
            starts = [i for i in range(n) if q.labels[i].casefold().startswith(key.casefold())]
            later = [i for i in starts if i > self.at] or starts
            if not later:
                self.say(_("No answer starts with {key}. {keys}").format(key=key, keys=_(sw.CHOICE_KEYS)))
                return
            self.at = later[0]
        self.say(sw.moved_line(q.labels[self.at], self.at, n))

    def _type(self, q: _Question, key: str) -> None:
        assert q.typed_seat is not None
        char = " " if key == "space" else key if len(key) == 1 and key.isprintable() else ""
        if char:
            self.typed += char
        elif key in ("backspace", "c-h"):
            self.typed = self.typed[:-1]
        elif key == "enter":
            name = self.typed.strip() or self.plan.names[q.typed_seat]
            problem = _name_problem(name, self.plan.names, q.typed_seat)
            if problem:
                self.typed = ""
                self.say(sw.name_refused(name, problem))
                return
            names = list(self.plan.names)
            names[q.typed_seat] = name
            self.plan = replace(self.plan, names=tuple(names))
            self._forward()
        else:
            self.say(sw.name_line(q.text, self.plan.names[q.typed_seat]))

    def _forward(self) -> None:
        self.step = min(self.step + 1, len(self.questions()) - 1)
        self._come_to()
        self.say(self._ask())

    def _back(self) -> None:
        if self.step == 0:
            self._cancel()
            return
        q = self.questions()[self.step]
        if q.typed_seat is not None:
            self.left_at[q.key] = self.typed
        elif q.values:
            self.left_at[q.key] = q.values[self.at]
        self.step -= 1
        self._come_to()
        self.say(self._ask())

    def _cancel(self) -> None:
        self.closed = True
        self.say(_(sw.CANCELLED))
        self.pending = self.on_cancel


def _resized(plan: TablePlan, n: int) -> TablePlan:
    """``plan`` with ``n`` players: seats kept in order, new ones named from the computer players' names
    not taken, at the level of the last computer seat."""
    names = list(plan.names[:n])
    taken = {x.casefold() for x in names}
    for name in COMPUTER_NAMES:
        if len(names) >= n:
            break
        if name.casefold() not in taken:
            names.append(name)
    level = plan.levels[-1] if plan.levels else "normal"
    levels = (*plan.levels[: n - 1], *(level,) * max(0, n - 1 - len(plan.levels)))
    return replace(plan, names=tuple(names), levels=levels)


def _with_you(plan: TablePlan, you: str) -> TablePlan:
    """``plan`` with the player's own name in the first seat (a computer player of that name moves over)."""
    if you == plan.names[0]:
        return plan
    others = [n for n in plan.names[1:] if n.casefold() != you.casefold()]
    spare = [n for n in COMPUTER_NAMES if n.casefold() not in {x.casefold() for x in (you, *others)}]
    names = (you, *others, *spare)[: plan.players]
    return replace(plan, names=names)


def _name_problem(name: str, names: Sequence[str], seat: int) -> str:
    from engine.names import read_name

    if read_name(name) != name:
        return _(sw.NAME_RULE)
    if any(other.casefold() == name.casefold() for i, other in enumerate(names) if i != seat):
        return _(sw.NAME_TAKEN)
    return ""


def run_table_setup(start: TablePlan, say: Say, printer: Any, *, input: Any = None, output: Any = None,
                    on_quit: Callable[[bool], None] | None = None, keys_said: bool = False) -> TablePlan | None:
    """The setup on its own, before a game exists (the first start); the plan, or None when the player
    left the first question with Escape (``on_quit(True)`` too when it was Ctrl+C)."""
    chosen: list[TablePlan] = []
    setup = TableSetup(start, say, on_done=chosen.append)
    say(setup.opening(keys=not keys_said))
    printer.flush()
    # The terminal interface is loaded after the first lines are out (see access_game.ui.printer).
    from prompt_toolkit.application import Application
    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.layout import Layout
    from prompt_toolkit.layout.containers import Window
    from prompt_toolkit.layout.controls import FormattedTextControl

    kb = KeyBindings()
    names = {Keys.ControlM: "enter", Keys.ControlH: "backspace", Keys.Escape: "escape", Keys.ControlC: "c-c",
             Keys.Up: "up", Keys.Down: "down", Keys.Home: "home", Keys.End: "end", Keys.Left: "left",
             Keys.Right: "right", Keys.ControlI: "tab"}

    def prompt() -> StyleAndTextTuples:
        return [("", f"{_(setup.prompt)}> {setup.typed}"), ("[SetCursorPosition]", " ")]

    @kb.add(Keys.Any)
    def _key(event: KeyPressEvent) -> None:
        key = event.key_sequence[-1].key
        name = names.get(key, key.value) if isinstance(key, Keys) else str(key)
        setup.handle("space" if name == " " else name)
        printer.flush()
        if setup.closed:
            if setup.pending is not None:
                setup.pending()
            event.app.exit()

    app: Application[None] = Application(
        layout=Layout(Window(FormattedTextControl(prompt, focusable=True), height=1)),
        key_bindings=kb, full_screen=False, erase_when_done=True, input=input,
        output=output if output is not None else printer.output)
    app.ttimeoutlen = 0.05
    app.timeoutlen = 0.1
    printer.app = app
    try:
        app.run()
    finally:
        printer.app = None
    if setup.interrupted and on_quit is not None:
        on_quit(True)
    return chosen[0] if chosen else None
