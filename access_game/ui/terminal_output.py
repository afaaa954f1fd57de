"""Everything one terminal run says and shows, set up once for local and network play alike.

``play`` and ``host``/``join`` open the same outputs in the same order: the printed lines, the voice
(with its fallbacks), the sound cues and a braille display, and they must react to an F2 change the
same way (save it, switch the card display or the voice at once). Writing that twice let the two drift;
here it is written once and both commands hold a ``TerminalOutput``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from access_game.settings import Settings, line_width, save_settings
from speech import save_words
from speech.utterance import Kind

__all__ = ["TerminalOutput", "apply_settings", "in_game_thread", "link_display"]


class TerminalOutput:
    """The printer, announcer, cues and display link of one run, and the settings they follow now.

    ``backend`` and ``cues`` are given by tests (a recording backend, no sound); otherwise they are
    started from the settings, and a voice change in F2 starts a new voice.
    """

    def __init__(self, settings: Settings, *, output: Any = None, backend: Any = None, cues: Any = "auto") -> None:
        from access_game.ui.display_start import start_display_link
        from access_game.ui.printer import LinePrinter, terminal_output
        from access_game.ui.speech_link import StartedOutput, make_announcer, make_cues, start_output

        self.settings = settings
        # The terminal's own output is made when the first prompt needs it: the lines before it are
        # printed without loading the terminal interface (access_game.ui.printer).
        self.printer = LinePrinter(output) if output is not None else LinePrinter(later=terminal_output)
        self._own_backend = backend is None
        started = StartedOutput(backend, ()) if backend is not None else start_output(settings)
        self.announcer = make_announcer(settings, self.printer, started.backend, started.fallbacks)
        self.announcer.set_comeback(started.comeback, speaking=started.speaking)
        self.cues = make_cues(settings) if cues == "auto" else cues
        if self.cues is not None and hasattr(self.cues, "wav_path"):
            self.announcer.cues = self.cues  # "your turn" heard in its place in the voice's queue
        self.display_link, display_note = start_display_link(settings.braille, self.announcer,
                                                             words=settings.braille_words, ten_as_x=settings.ten_as_x,
                                                             wild_sign=settings.wild_sign)
        #: What starting the outputs found worth saying (no voice, no display), said by ``say_notes``.
        self.notes = tuple(note for note in (started.note, display_note) if note)
        #: The notes about the outputs said so far this run: each is said once (stepping F2's speech or
        #: voice items through their values must not print the five-line no-audio warning each time).
        self.notes_said: set[str] = set()

    @property
    def out(self) -> Any:
        """The terminal interface's output (loading it if no prompt has yet)."""
        return self.printer.output

    def say(self, text: str, kind: Kind = Kind.SYSTEM) -> None:
        """One line outside a game's turn: it answers a key or reports once, so it is never a repeat."""
        self.announcer.new_batch()
        self.announcer.announce(text, kind)
        self.printer.flush()

    def say_notes(self) -> None:
        for note in self.notes:
            if note not in self.notes_said:
                self.notes_said.add(note)
                self.say(note)

    def on_settings(self, new: Settings) -> None:
        """F2 changed the settings: keep them, and make the change heard at once. Only what changed is
        written: the rest of the file stays as the player left it (this run's --speech or --cards
        included, which are not kept)."""
        try:
            save_settings(new, before=self.settings)
        except OSError as exc:
            self.say(save_words.settings_not_kept(str(exc.strerror or exc)))
        apply_settings(self.announcer, self.settings, new, own_backend=self._own_backend, said=self.notes_said)
        if self.display_link is not None:
            self.display_link.set_style(new.braille_words, new.ten_as_x, new.wild_sign)
        self.settings = new

    def link(self, app: Any) -> None:
        """Let the braille display's keys act at ``app``'s table, when there is a display, and let a voice
        that stops or comes back be said at once, in the game's own thread."""
        self.announcer.post = in_game_thread(app, between_games=False)
        if self.display_link is not None:
            link_display(self.display_link, app)
        if self.cues is not None and hasattr(self.cues, "prepare"):
            self.cues.prepare()  # the table is up, its first line out: the cues made ready off the key path

    def close(self) -> None:
        if self.display_link is not None:
            self.display_link.close()
        try:
            self.printer.flush()  # may fail (the reader of the output gone): the voice is stopped all the same
        finally:
            self.announcer.close()
            if self.cues is not None and hasattr(self.cues, "close"):
                self.cues.close()


def apply_settings(announcer: Any, old: Settings, new: Settings, *, own_backend: bool,
                   said: set[str] | None = None) -> None:
    """Make a settings change heard at once: card display, and a new voice if speech or the voice's
    rate, voice, pitch or volume changed."""
    if hasattr(announcer, "card_display"):
        announcer.card_display = new.cards
    if getattr(announcer, "braille_fn", None) is not None and old.ten_as_x != new.ten_as_x:
        from access_game.ui.speech_link import braille_fn

        announcer.braille_fn = braille_fn(new)
    if hasattr(announcer, "width"):
        announcer.width = line_width(new.width)
    from access_game.ui.speech_link import voice_changed

    if own_backend and voice_changed(old, new):
        from access_game.ui.speech_link import start_output

        started = start_output(new)
        started.give_to(announcer)
        if started.note and (said is None or started.note not in said):  # each note once a run
            if said is not None:
                said.add(started.note)
            announcer.announce(started.note, Kind.SYSTEM)


def in_game_thread(app: Any, *, between_games: bool) -> Callable[[Callable[[], None]], None]:
    """A way to run a function in the game's own thread, as a key press is: on ``app``'s event loop,
    then printing what it said. Between games (no loop running) it runs at once when ``between_games``,
    else not at all (whoever posted deals with it at the next message)."""

    def post(fn: Callable[[], None]) -> None:
        loop = app.application.loop
        if loop is None or not app.application.is_running:
            if between_games:
                fn()  # nothing else is running
            return

        def run() -> None:
            fn()
            app.printer.flush()
            app.application.invalidate()

        loop.call_soon_threadsafe(run)

    return post


def link_display(link: Any, app: Any) -> None:
    """The display's keys act in the game's own thread, like key presses, a routing key over a card
    of the hand moves to that card (the table's own 'go to card'), and the wild sign marks the cards of
    the table's wild rank."""
    post = in_game_thread(app, between_games=True)

    def on_card(card: Any) -> None:
        order = getattr(app.table, "order", None)
        move = getattr(app.table, "_move_to", None)
        if not order or card not in order or not callable(move):
            return
        app.session.announcer.new_batch()
        app.session.announcer.silence()
        move(order.index(card))

    link.post = post
    link.on_card = on_card
    link.wild_rank = lambda: getattr(app.table, "wild_rank", None)
