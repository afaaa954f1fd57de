"""The guided first hand's guide: a layer over the game's real table that says each step and lets only
its key through.

The lesson is the real game at the real table (the same keys, the same speech and braille); the guide
only adds lines and holds back keys. After each key (and after the opening) it asks for the hint now
(access_game.ui.hints.current_hint, the one the hint key gives) and says a step: which key makes that
move, what the key does (the help's own sentence), then the hint itself, which says why, said and
aimed by the table's own Hinter (its ``aim`` puts the cursors where the hint's key acts). So the step's
move, key and cursor are the hint's, and the lesson and the hint cannot disagree. A move that takes
several keys (cards selected, then put down) is made by the hint's own key, Shift+N. Any other key is
answered by a gentle line naming the step's key, and changes nothing; help, the menu, repeat, the
history and quitting still work.

The lesson ends when the first hand is scored (or, for a game whose deal is long, after the lesson's
number of moves): the scoring is explained, and a real game is offered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from access_game.catalog import GameEntry, Lesson, resolve
from access_game.ui.hints import Hint, current_hint
from access_game.ui.key_plan import PLAN, planned
from access_game.ui.keys import key_label
from access_game.ui.modes import Confirm
from engine.actions import Action, Draw
from engine.events import Event
from speech import lesson_words as lw
from speech.i18n import N_, _
from speech.utterance import Kind

__all__ = ["ALWAYS", "LessonGuide", "Step", "lesson_keys", "move_name"]

#: Commands whose keys work at every step: help, the menu, the hint (which names the step's move and
#: leaves the cursor where the step wants it), hearing things again, leaving.
ALWAYS = frozenset({"help", "menu", "hint", "repeat", "history-older", "history-newer", "history-oldest",
                    "history-newest", "quit"})

#: Moves one key makes, once the table's ``aim`` has put the cursors where the hint's key acts (the key
#: is the hint's own). Every other move (cards to select first) is made with the hint's key, Shift+N.
_ONE_KEY = frozenset({"draw", "take", "discard", "go_out", "contract_lay_down", "contract_buy", "contract_pass_buy",
                      "place", "gin_knock", "gin_pass"})

#: The keys a lesson sentence may name, by the name in its braces and the key plan's command.
_SENTENCE_KEYS = {"draw": "draw", "take": "take", "discard": "discard", "go_out": "go-out", "put_down": "put-down",
                  "select": "select", "yes": "yes", "no": "no", "hint": "hint", "play_hint": "play-hint",
                  "record": "record", "lay_down": "lay-down-best", "lay_off": "lay-off"}


def label(command: str) -> str:
    """The first key of a key plan command, as the help names it ('X', 'Shift+N')."""
    return key_label(planned(command).keys[0])


def lesson_keys() -> dict[str, str]:
    """The keys lesson sentences name, from the key plan, in the player's language."""
    return {name: label(command) for name, command in _SENTENCE_KEYS.items()}


def keys_labelled(text: str) -> frozenset[str]:
    """Every key name of the plan that the help calls ``text`` ('X' is x; 'Shift+N' is N)."""
    return frozenset(k for c in PLAN for k in c.keys if key_label(k) == text)


@dataclass(frozen=True, slots=True)
class Step:
    """What the guide waits for: the keys that take the step, and how it names them."""

    number: int
    keys: frozenset[str]
    label: str
    #: The move the step makes (None: the pile cursor moved, or the computer players let go on).
    kind: str | None


class LessonGuide:
    """The guide over one app's table (access_game.ui.app.GameApp) for ``entry``'s lesson."""

    def __init__(self, app: Any, entry: GameEntry) -> None:
        assert entry.lesson is not None
        self.app = app
        self.session = app.session
        self.entry = entry
        self.lesson: Lesson = entry.lesson
        self.words: lw.LessonWords = resolve(self.lesson.words)
        self.keys = lesson_keys()
        self.step: Step | None = None
        #: Steps said so far (each one waited for its key).
        self.steps = 0
        #: The game's move count when the step was said.
        self._said_at = -1
        #: The learner's moves made so far.
        self.moves = 0
        #: The lesson sentences said so far (each is said once).
        self.told: set[str | None] = set()
        self.hand_over = False
        self.finished = False
        #: The learner said yes to a real game: the launcher starts one once the app ends.
        self.play_real = False
        #: Called with each step as it is said (tests and figures count them).
        self.step_listeners: list[Callable[[Step], None]] = []
        app.key_gate = self.gate
        app.after_key_listeners.append(self.after_key)
        self.session.listeners.append(self.on_events)

    # ----------------------------------------------------------------- the app's hooks
    def opening(self) -> None:
        """The welcome and the game's aim, said before the table's opening."""
        self.session.say(lw.intro(self.entry.spoken_title), kind=Kind.SYSTEM)
        self.session.say(_(self.words.aim), kind=Kind.INFO)

    def on_events(self, events: Sequence[Event]) -> None:
        if self.lesson.moves is None and any(ev.kind in self.lesson.ends for ev in events):
            self.hand_over = True

    def gate(self, key: str) -> bool:
        """True (the key is taken, nothing done) for a key the step does not want."""
        step = self.step
        if step is None or self.finished:
            return False
        if key in step.keys:
            self.step = None
            if step.kind is not None:
                self.moves += 1
            return False
        command = self.app.registry.for_key(key)
        if command is not None and command.name in ALWAYS:
            return False
        self.session.say(lw.wrong_key(step.label), kind=Kind.SYSTEM)
        return True

    def after_key(self) -> None:
        if self.finished or self.app.modes or self.app.quitting:
            return
        if self.step is not None and self.session.move_count == self._said_at:
            return  # still waiting for the step's key
        # (A move made another way, from the Escape menu, leaves the step behind: the next one is said.)
        done = self.hand_over or (self.lesson.moves is not None and self.moves >= self.lesson.moves)
        if done or self.session.over:
            self.finish()
            return
        self.next_step()

    # ----------------------------------------------------------------- steps
    def next_step(self) -> None:
        session = self.session
        number = self.steps + 1
        if session.waiting:
            text = label("next")
            self._say_step(Step(number, frozenset(planned("next").keys), text, None),
                           lw.step_line(number, text, "", how="next"), [])
            return
        hint = current_hint(session)
        action = hint.action
        if action is None:
            return  # nothing for the learner to do now (the others' turn): news will follow
        pile = getattr(action, "pile", None)
        table = self.app.table
        if isinstance(pile, int) and getattr(table, "pile", pile) != pile:
            text = _pile_key(pile)
            self._say_step(Step(number, keys_labelled(text), text, None),
                           lw.step_line(number, text, "", how="pile", pile=pile), [])
            return
        move = move_name(action)
        key, how = hint.key or "", "key"
        if hint.key is None or move not in _ONE_KEY:
            key, how = label("play-hint"), "hint"
        command = self.app.registry.for_key(min(keys_labelled(key)))
        what = _(command.description) if command is not None else ""
        first = lw.first_time(self.words, move, self.keys)
        if first in self.told:
            first = None
        self.told.add(first)
        extra = [first] if first else []
        if self.steps == 0:
            extra.append(lw.hint_words(self.keys))
        line = lw.step_line(number, key, what, how=how, move=hint.key or key)
        self._say_step(Step(number, keys_labelled(key), key, move), line, extra, hint=hint)

    def _say_step(self, step: Step, line: str, extra: list[str], hint: Hint | None = None) -> None:
        self.steps += 1
        self.step = step
        self._said_at = self.session.move_count
        self.session.say(line, kind=Kind.MY_TURN)
        for sentence in extra:
            self.session.say(sentence, kind=Kind.INFO)
        if hint is not None:
            # The table's Hinter says the hint and aims its cursors, as unasked hints are: H then adds
            # only where the cursor is, and the step's key acts where the hint said.
            self.app.table.hinter.offer(hint)
        for listener in self.step_listeners:
            listener(step)

    # ----------------------------------------------------------------- the end
    def finish(self) -> None:
        """The scoring explained, then the offer of a real game."""
        self.finished = True
        self.step = None
        self.session.say(lw.over_line(self.steps, cut_short=self.lesson.moves is not None), kind=Kind.SYSTEM)
        for line in lw.scoring_lines(self.words, self.keys):
            self.session.say(line, kind=Kind.INFO)
        self.app.open(Confirm(lw.offer_question(self.entry.spoken_title), self.app.say_line, on_yes=self._real_game,
                              on_no=self._goodbye, prompt=N_("real game y/n")))

    def _real_game(self) -> None:
        self.play_real = True
        self.app.quit_now()

    def _goodbye(self) -> None:
        self.app.quit_now(lw.GOODBYE)


def move_name(action: Action) -> str:
    """The move's kind, a draw from the discard pile being 'take' (its own key, its own lesson)."""
    return "take" if isinstance(action, Draw) and action.source == "discard" else action.kind


def _pile_key(pile: int) -> str:
    """The key that moves a pile cursor to ``pile`` (1 to 9, 0 for 10, Alt+1 on for 11 on), from the plan."""
    if pile <= 10:
        return key_label(planned("jump").keys[pile - 1])
    return key_label(planned("jump-high").keys[pile - 11])
