"""What a web seat's hosted terminal prints, collected for the browser instead of a screen.

The same parts as a terminal in screen-reader mode (access_game.ui.terminal_output): a line printer,
the announcer made from the settings, and the sound cues; but the printer writes to no terminal, its
lines are taken away to be sent as ``lines``, and the cues are recorded by name to be sent as
``cues`` (the page plays them, when the player wants sounds). No voice, no braille display, no
settings file: the browser keeps the player's choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from access_game.settings import WIDTH_RANGE, Settings
from access_game.ui.terminal_output import apply_settings

if TYPE_CHECKING:
    from access_game.web.messages import Setup

__all__ = ["CueRecorder", "SeatOutputs", "web_settings", "with_setup"]


def web_settings(*, lang: str, verbosity: str = "normal", cards: str = "words", sounds: bool = True) -> Settings:
    """A web seat's settings: the terminal's defaults in screen-reader mode, with the player's
    language, verbosity, cards and sounds. Lines are as wide as the terminal allows: the browser folds
    them itself, so a message is never cut into sentences for a narrow screen."""
    return Settings(speech="screen-reader", language=lang, verbosity=verbosity, cards=cards, cues=sounds,
                    width=WIDTH_RANGE[1])


def with_setup(settings: Settings, setup: Setup) -> Settings:
    """``settings`` with the page's choices (``start`` or ``settings``) over them."""
    changes: dict[str, Any] = {}
    if setup.lang is not None:
        changes["language"] = setup.lang
    if setup.verbosity is not None:
        changes["verbosity"] = setup.verbosity
    if setup.cards is not None:
        changes["cards"] = setup.cards
    if setup.sounds is not None:
        changes["cues"] = setup.sounds
    if setup.wild_sign is not None:
        changes["wild_sign"] = setup.wild_sign
    return settings.replace(**changes)


class CueRecorder:
    """The session's cue player (access_game.session.CuePlayer): each cue's name, kept for the page."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.panning = False
        self.heard: list[str] = []

    def play_all(self, cues: Sequence[tuple[str, float]], *, at_once: bool = False) -> None:
        if self.enabled:
            self.heard.extend(name for name, _pan in cues)

    def hold(self) -> None:
        """Nothing is held: the page plays each cue as it arrives."""

    def release(self) -> None:
        """See :meth:`hold`."""

    def take(self) -> list[str]:
        heard, self.heard = self.heard, []
        return heard


class SeatOutputs:
    """The printer, announcer and cues of one hosted terminal, and the settings they follow now."""

    def __init__(self, settings: Settings) -> None:
        from access_game.web.loading import load_the_terminal

        load_the_terminal()  # (under its lock: another thread may be loading the terminal this moment)
        from prompt_toolkit.output import DummyOutput

        from access_game.ui.printer import LinePrinter
        from access_game.ui.speech_link import make_announcer, start_output

        self.settings = settings
        self.out = DummyOutput()
        self.printer = LinePrinter(self.out)
        started = start_output(settings)  # screen-reader mode: lines only, as a terminal's
        self.announcer = make_announcer(settings, self.printer, started.backend, started.fallbacks)
        self.cues = CueRecorder(settings.cues)

    def say(self, text: str) -> None:
        """One line outside a game's turn, as the terminal's outputs say it (TerminalOutput.say)."""
        from speech.utterance import Kind

        self.announcer.new_batch()
        self.announcer.announce(text, Kind.SYSTEM)
        self.printer.flush()

    def on_settings(self, new: Settings) -> None:
        """A settings change (the page's, or F2 at the hosted table): heard at once, as at a terminal;
        kept by the browser, not in a file."""
        apply_settings(self.announcer, self.settings, new, own_backend=False)
        self.cues.enabled = new.cues
        self.settings = new

    def take_lines(self) -> list[str]:
        """The lines printed since the last call, in order."""
        self.printer.flush()
        lines = list(self.printer.printed)
        self.printer.printed.clear()
        return lines

    def close(self) -> None:
        self.announcer.close()
