"""Speech for the interface: the announcer, its backend and the sound cues, made from the settings.

Screen-reader mode prints lines only (the screen reader speaks and brailles them); the other modes
speak themselves. Cards on printed lines follow the card setting in every mode. Before a voice is
started the game checks that its audio can go somewhere (speech.audio_check): with no sound server
and no sound card it says so once and prints for the screen reader instead of talking to nobody. A
voice other than the one wanted is named with the reason, and the wanted voice is tried again until it
is back (speech.voice_return).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from access_game.settings import HOME_ENV, VERBOSITIES, Settings, line_width
from access_game.ui.braille_link import card_cells
from engine.cards import Card

if TYPE_CHECKING:
    from speech.audio_check import AudioOutput
    from speech.backends.base import VoiceStyle

__all__ = [
    "StartedOutput",
    "braille_fn",
    "contract_narrator",
    "make_announcer",
    "make_cues",
    "make_narrator",
    "solitaire_narrator",
    "start_output",
    "voice_changed",
    "voice_style",
]

#: The speech setting's names as the backend factory spells them.
_BACKEND_NAMES = {"self-voicing": "self-voicing", "screen-reader": "screen-reader", "espeak-ng": "espeak-ng",
                  "pyttsx3": "pyttsx3", "silent": "silent"}
#: The settings that ask for the game's own voice.
_VOICES = ("self-voicing", "espeak-ng", "pyttsx3")


@dataclass(frozen=True, slots=True)
class StartedOutput:
    """The output a run starts with: the backend and its fallbacks, a sentence to say once about it (or
    None), and the voice to keep coming back to (``comeback``, a speech.voice_return.VoiceReturn, or
    None), with whether that voice is the one speaking now."""

    backend: Any
    fallbacks: tuple[Any, ...]
    note: str | None = None
    comeback: Any = None
    speaking: bool = True

    def give_to(self, announcer: Any) -> None:
        """Make this the announcer's output (in place of whatever it had)."""
        announcer.set_backend(self.backend)
        announcer.fallbacks = list(self.fallbacks)
        announcer.set_comeback(self.comeback, speaking=self.speaking)


def voice_style(settings: Settings) -> VoiceStyle:
    """How the game's own voice should sound, made once from the settings and given whole to the voice
    chain: rate, volume (the settings' 100 is the engine's normal), and for espeak-ng the pitch (50 its
    normal) and the variant of the language's voice ("default": none). No voice name: the settings'
    "voice" is a variant, and each line is said in the current language's own voice."""
    from speech.backends.base import VoiceStyle

    return VoiceStyle(rate=settings.rate, volume=None if settings.volume == 100 else settings.volume / 100,
                      pitch=None if settings.pitch == 50 else settings.pitch,
                      variant=None if settings.voice == "default" else settings.voice)


def voice_changed(old: Settings, new: Settings) -> bool:
    """Whether a settings change needs a new voice: another speech mode or audio player, or another style
    (rate, voice, pitch, volume)."""
    return (old.speech, old.audio_player) != (new.speech, new.audio_player) or voice_style(old) != voice_style(new)


def start_output(settings: Settings) -> StartedOutput:
    """The output the settings ask for, and what is true about it: a voice that stands in for the one
    wanted, or no voice at all, is said once with the reason."""
    from speech.backends import BackendUnavailable, SilentBackend
    from speech.backends.registry import QUIET, preferred_voice, start_voice
    from speech.output_words import voice_lost, voice_switched
    from speech.voice_return import VoiceReturn

    name = _BACKEND_NAMES[settings.speech]
    player = settings.audio_player or None
    style = voice_style(settings)
    try:
        if name in _VOICES and not (output := _audio_output(player)).found:
            from speech.audio_check import no_audio_notice

            wanted = preferred_voice(name, style=style, audio_player=player)
            started = start_voice("screen-reader")
            return StartedOutput(started.backend, started.fallbacks, no_audio_notice(output),
                                 VoiceReturn(wanted) if wanted is not None else None, speaking=False)
        started = start_voice(name, style=style, audio_player=player)
    except BackendUnavailable:
        return StartedOutput(SilentBackend(), ())
    comeback = VoiceReturn(started.preferred) if started.preferred is not None else None
    why = started.fell_back
    if why is None and name in _VOICES and not started.backend.speaks:  # no voice of the chain started
        why = "; ".join(reason for n, reason in started.problems if n not in QUIET) or None
    note = None
    if why is not None:
        note = (voice_switched(started.name, why) if started.backend.speaks
                else voice_lost(why, coming_back=comeback is not None))
    return StartedOutput(started.backend, started.fallbacks, note, comeback, speaking=started.fell_back is None)


def _audio_output(player: str | None) -> AudioOutput:
    """Where the game's own voice would be heard (speech.audio_check), asked only of a mode that speaks:
    asking loads the socket library, which a screen-reader or silent start has no need of."""
    from speech.audio_check import find_audio_output

    return find_audio_output(player)


def make_announcer(settings: Settings, printer: Callable[[str], None], backend: Any,
                   fallbacks: Sequence[Any] = ()) -> Any:
    """The announcer. A message said twice for one cause within half a second is said once; the app
    and the session start a new batch for every key press and every action, so an answer to a key or
    a new turn's news is never dropped as a repeat (see speech.announcer)."""
    from speech.announcer import Announcer

    return Announcer(backend, printer, card_display=settings.cards, braille_fn=braille_fn(settings),
                     fallbacks=fallbacks, width=line_width(settings.width))


def braille_fn(settings: Settings) -> Callable[[Card], str]:
    """How a card is written in braille on printed lines (``--cards braille``): the card code, 10 as
    the settings' ten-as-x says."""
    return partial(card_cells, ten_as_x=settings.ten_as_x)


def make_narrator(listener: int, players: list[str], settings: Settings, *, game: str) -> Any:
    """The narrator the catalog names for ``game``, at the settings' verbosity."""
    from access_game.catalog import game as catalog_game
    from speech.utterance import Verbosity

    return catalog_game(game).make_narrator(listener, players, Verbosity(VERBOSITIES.index(settings.verbosity)))


def solitaire_narrator(listener: int, players: Sequence[str], verbosity: Any) -> Any:
    """Solitaire has events (and sound cues) of its own, and one player: nobody else to name."""
    from speech.solitaire_words import SolitaireNarrator

    return SolitaireNarrator(verbosity)


def contract_narrator(listener: int, players: Sequence[str], verbosity: Any) -> Any:
    """The terminal table asks the buy question itself, so the narrator does not say the offer too."""
    from speech.contract_words import ContractNarrator

    return ContractNarrator(listener, players, verbosity, interface_asks=True)


def make_cues(settings: Settings) -> Any:
    """Sound cues, or None where the cue module cannot load (the game goes on without sounds)."""
    try:
        from speech.cues import Cues
    except ImportError:
        return None
    home = os.environ.get(HOME_ENV)
    try:
        return Cues(settings.cues, cache_dir=Path(home) / "cache" / "cues" if home else None,
                    panning=settings.cue_panning)
    except Exception:
        return None
