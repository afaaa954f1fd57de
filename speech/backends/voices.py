"""Which voice speaks the language the game is in, for each engine that has voices of its own.

A player who plays in French must hear French phonemes: an English voice reading "dame de cœur"
says "dame" as the English word. So when no voice was asked for by name, every self-voicing backend
takes the voice of the current language (:func:`speech.i18n.language`), asked again for each line,
so a language changed in the settings is heard from the next line on. A voice named by the player
always wins: they may prefer a Belgian or Swiss French voice, or an mbrola one.

English keeps each engine's own default voice, as before languages existed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from speech.i18n import language
from speech.languages import all_languages, describe

__all__ = ["ESPEAK_VOICES", "espeak_text", "espeak_voice", "language_names", "matches_language", "pick_language_voice"]

#: espeak-ng's voice for each language (its description's); None keeps espeak-ng's default (English).
ESPEAK_VOICES: dict[str, str | None] = {lang.code: lang.espeak_voice for lang in all_languages()}


def espeak_voice(lang: str | None = None) -> str | None:
    """The espeak-ng voice for ``lang`` (the current language when None); None for the default."""
    return ESPEAK_VOICES.get(lang or language())


def espeak_text(text: str, voice: str | None) -> str:
    """``text`` as espeak-ng's ``voice`` must be given it: when it is the current language's own voice,
    the words that voice would read by another language's rules respelled ("joker" → "jokère" in
    French); a voice the player named gets the text as it is."""
    from speech.i18n import current

    lang = current()
    return lang.for_espeak(text) if voice is not None and voice == lang.espeak_voice else text


def language_names(lang: str) -> tuple[str, ...]:
    """Words that name ``lang`` in a voice's name, on systems that give no language code (SAPI5 names
    such as "Microsoft Hortense Desktop - French"; macOS "Thomas (fr_FR)" has a code)."""
    try:
        return describe(lang).voice_names
    except KeyError:
        return ()


def _codes(languages: Iterable[Any]) -> list[str]:
    """pyttsx3 gives languages as str ('fr-fr') or, from espeak, bytes with a priority byte first."""
    out: list[str] = []
    for item in languages:
        if isinstance(item, bytes):
            item = item[1:].decode("ascii", "replace") if item[:1] and item[0] < 32 else item.decode("ascii", "replace")
        out.append(str(item).strip().lower().replace("_", "-"))
    return out


def matches_language(voice: Any, lang: str) -> int:
    """How well a pyttsx3 voice fits ``lang``: 3 for the language's own code ('fr', 'fr-fr'), 2 for a
    regional variant ('fr-be'), 1 when only its name says so, 0 when it does not speak it."""
    codes = _codes(getattr(voice, "languages", None) or [])
    if any(code in (lang, f"{lang}-{lang}") for code in codes):
        return 3
    if any(code.startswith(f"{lang}-") for code in codes):
        return 2
    name = f"{getattr(voice, 'name', '')} {getattr(voice, 'id', '')}".lower()
    if any(word in name for word in language_names(lang)):
        return 1
    return 0


def pick_language_voice(voices: Iterable[Any], lang: str) -> str | None:
    """The id of the voice that fits ``lang`` best (the first of equals), or None when none speaks it."""
    best: tuple[int, str] | None = None
    for voice in voices:
        score = matches_language(voice, lang)
        if score and (best is None or score > best[0]):
            best = (score, str(voice.id))
    return best[1] if best else None
