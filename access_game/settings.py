"""The player's settings: kept in the platform's config directory as JSON, written atomically.

A settings file that cannot be read must never stop a blind player from starting the game, so a bad
file gives the defaults and a one-line note, and the damaged file is kept aside under a new name for
the player (see access_game.datafiles). ``ACCESS_GAME_HOME`` moves
settings and saves under one folder, which is how tests and portable installs keep them apart.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from access_game.folders import FILE_MODE, replace_file
from speech.i18n import LANGUAGES, _, default_language

__all__ = [
    "BRAILLE_LINKS",
    "BRAILLE_WORDS",
    "CARD_DISPLAYS",
    "LANGUAGE_CHOICES",
    "PACES",
    "PITCH_RANGE",
    "SPEECH_CHOICES",
    "SPEECH_MODES",
    "VERBOSITIES",
    "VOICE_CHOICES",
    "VOLUME_RANGE",
    "Settings",
    "atomic_write_text",
    "config_dir",
    "data_dir",
    "line_width",
    "load_settings",
    "resolve_language",
    "save_settings",
    "settings_path",
    "settings_with_flags",
    "stored_language",
    "stored_ten_as_x",
]

HOME_ENV = "ACCESS_GAME_HOME"
APP_NAME = "access-game"

SPEECH_CHOICES = ("screen-reader", "self-voicing", "espeak-ng", "pyttsx3", "silent")
#: The speech modes a command line offers (--speech): the settings' choices less the named engines.
SPEECH_MODES = ("screen-reader", "self-voicing", "silent")
VERBOSITIES = ("brief", "normal", "detailed")
CARD_DISPLAYS = ("words", "braille", "both")
PACES = ("all", "step")
#: How the game reaches a braille display directly: through BrlAPI, when a BrlAPI server answers
#: (auto), or not at all (off: the screen reader shows the printed lines).
BRAILLE_LINKS = ("auto", "brlapi", "off")
#: How words are written on a braille display: as the reader's BRLTTY contraction table says (auto),
#: contracted (grade 2), uncontracted (grade 1) or computer braille (braille.reader_grade).
BRAILLE_WORDS = ("auto", "contracted", "uncontracted", "computer")
#: The language sentences are said in: 'auto' follows the system's locale (English when it names a
#: language the game does not speak).
LANGUAGE_CHOICES = ("auto", *LANGUAGES)
WIDTH_RANGE = (20, 400)
#: The computer players' levels a setting may name (the engine's: engine.bots.base.LEVELS). A game
#: without an expert plays its strongest level instead (access_game.table_plan.offered_level).
LEVELS = ("easy", "normal", "hard", "expert")
RATE_RANGE = (80, 450)
#: The game's own voice: the language's voice as it is ("default"), or one of espeak-ng's variants of
#: it (male 1 to 4, female 1 to 4, croak, whisper), which every espeak-ng has.
VOICE_CHOICES = ("default", "m1", "m2", "m3", "m4", "f1", "f2", "f3", "f4", "croak", "whisper")
#: espeak-ng's pitch, 0 (lowest) to 99; 50 is its own.
PITCH_RANGE = (0, 99)
#: Loudness of the game's own voice in percent of its normal (espeak-ng -a 100; pyttsx3 tops at 100).
VOLUME_RANGE = (10, 200)


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything the player can change from the settings menu (F2)."""

    #: How the game reaches the player: printed lines for a screen reader, or its own voice.
    speech: str = "screen-reader"
    #: Words per minute for the game's own voice.
    rate: int = 200
    #: Which voice the game's own voice speaks in (VOICE_CHOICES), its pitch and its volume in percent.
    voice: str = "default"
    pitch: int = 50
    volume: int = 100
    verbosity: str = "normal"
    #: How cards appear on printed lines: words, braille cells, or both.
    cards: str = "words"
    cues: bool = True
    #: Each player's sound cues heard from their place at the table, left to right (speech.cues.seat_pan);
    #: off: every cue from the centre.
    cue_panning: bool = True
    #: Computer players' turns: 'all' at once, or 'step': one per key press.
    pace: str = "all"
    #: Say when you can go out, and which discard leaves the fewest points on a last turn.
    hints: bool = True
    #: Hints from the game's expert player (where it has one: engine.bots.agent_levels) instead of hard:
    #: stronger advice that takes a moment longer to give. Off: hard's, which every game has.
    expert_hints: bool = False
    #: H says each card's place in the hand before it ('1: king of clubs; 2: ...'), so a card is
    #: reached by its number without counting. On for a new player; off shortens the line.
    positions: bool = True
    #: Computer players' level for new games.
    level: str = "normal"
    #: Contract rummy: ask whether to buy a discard (off: never asked, never buys).
    buy_questions: bool = True
    #: A program that plays WAV audio from its standard input, for the game's own voice ("": the
    #: sound server's player, or espeak-ng's own output).
    audio_player: str = ""
    #: The braille display link (BrlAPI on Linux): auto, brlapi or off.
    braille: str = "auto"
    #: The words on a braille display: auto (the grade of BRLTTY's contraction table, else contracted),
    #: contracted, uncontracted or computer braille. Cards are in the card code whatever this says.
    braille_words: str = "auto"
    #: The card code writes 10 as x (one cell) instead of ⠂⠴: on the display, under B and with
    #: ``--cards braille``, and the default of the sheets' ``--ten-as-x``. One setting, so a reader's
    #: labels and game never disagree.
    ten_as_x: bool = False
    #: The wild sign ⠸ before each wild card of the hand in braille (B): an addition to the card code.
    wild_sign: bool = False
    #: Longest printed line: a longer message is printed as its sentences, one a line. 0 (the default):
    #: the terminal's width when the game starts; else 20 to 400 (80 is two windows of a 40-cell display).
    width: int = 0
    #: Keep the newest message on the prompt line until the next key, for a display that follows the cursor.
    news_on_prompt: bool = False
    #: The language of every sentence, help and menu: auto (the system's), en or fr. Keys stay the same.
    language: str = "auto"
    #: Rule options chosen per game for its next new game ({"five-crowns": {"tie_break": "playoff"}});
    #: the catalog's option names and values. Options not named here keep the rules' defaults.
    rules: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The table set up by keys (access_game.table_plan): the game last chosen ("": none yet), and per
    #: game its players' names (yours first) and the computer players' levels, seat by seat.
    last_game: str = ""
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: "Play online" from the game's menu: the server's address and the player's name there, used last
    #: ("": none yet), offered again the next time.
    online_server: str = ""
    online_name: str = ""
    #: The guided first hand was offered at the first start (asked once: access_game.lesson).
    lesson_offered: bool = False

    def __post_init__(self) -> None:
        _check("speech", self.speech, SPEECH_CHOICES)
        _check("verbosity", self.verbosity, VERBOSITIES)
        _check("cards", self.cards, CARD_DISPLAYS)
        _check("pace", self.pace, PACES)
        _check("level", self.level, LEVELS)
        _check("braille", self.braille, BRAILLE_LINKS)
        _check("braille_words", self.braille_words, BRAILLE_WORDS)
        _check("language", self.language, LANGUAGE_CHOICES)
        _check("voice", self.voice, VOICE_CHOICES)
        for name, value, (lo, hi) in (("pitch", self.pitch, PITCH_RANGE), ("volume", self.volume, VOLUME_RANGE)):
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"{name} is a number from {lo} to {hi}")
        if not isinstance(self.audio_player, str):
            raise ValueError("the audio player is a command line")
        if not isinstance(self.online_server, str) or not isinstance(self.online_name, str):
            raise ValueError("the online server and name are text")
        if not isinstance(self.width, int) or not (self.width == 0 or WIDTH_RANGE[0] <= self.width <= WIDTH_RANGE[1]):
            raise ValueError(f"width is a number of characters from {WIDTH_RANGE[0]} to {WIDTH_RANGE[1]}, or 0 "
                             "for the terminal's")
        if not isinstance(self.rate, int) or not RATE_RANGE[0] <= self.rate <= RATE_RANGE[1]:
            raise ValueError(f"rate is a number of words per minute from {RATE_RANGE[0]} to {RATE_RANGE[1]}")
        if not all(isinstance(v, bool) for v in (self.cues, self.cue_panning, self.hints, self.expert_hints,
                                                 self.positions,
                                                 self.buy_questions, self.news_on_prompt, self.ten_as_x,
                                                 self.wild_sign, self.lesson_offered)):
            raise ValueError("cues, cue panning, hints, expert hints, positions, buy questions, news on the prompt, "
                             "ten as x, wild sign and lesson offered are true or false")
        problems = rule_problems(self.rules)
        if problems:
            raise ValueError(f"rule option {problems[0]} cannot be used")
        from access_game.table_plan import table_problem

        problem = table_problem(self.last_game, self.tables, LEVELS)
        if problem:
            raise ValueError(problem)

    def rule_options(self, game: str) -> dict[str, Any]:
        """The options chosen in settings for ``game``'s next new game."""
        return dict(self.rules.get(game, {}))

    def with_rule(self, game: str, option: str, value: Any) -> Settings:
        """These settings with ``option`` of ``game`` set; the other games' choices are kept."""
        rules = {name: dict(chosen) for name, chosen in self.rules.items()}
        rules.setdefault(game, {})[option] = value
        return self.replace(rules=rules)

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)

    def to_data(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """Read what is valid, keep defaults for the rest: one bad value must not lose the others."""
        return cls.read(data)[0]

    @classmethod
    def read(cls, data: Any) -> tuple[Settings, list[str], list[str]]:
        """The settings ``data`` holds; each setting that could not be used ('width 5', 'colour: no such
        setting') and each rule option that could not be used. Their defaults hold; nothing is lost
        from the file, which :func:`save_settings` changes only where the player changes a setting."""
        if not isinstance(data, dict):
            raise ValueError("the settings file does not hold a set of named settings")
        out = cls()
        dropped: list[str] = []
        rules: list[str] = []
        names = {f.name for f in dataclasses.fields(cls)}
        dropped += [_("{name}: no such setting").format(name=_shown(name)) for name in data if name not in names]
        for f in dataclasses.fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "rules":
                rules = rule_problems(value)
                value = _usable_rules(value)
            try:
                out = out.replace(**{f.name: value})
            except (ValueError, TypeError):
                dropped.append(f"{f.name} {_shown(value)}")
        return out, dropped, rules


def line_width(width: int) -> int:
    """The longest printed line: ``width``, or for 0 the terminal's columns now (80 when it cannot be
    told), within WIDTH_RANGE."""
    if width:
        return width
    import shutil

    columns = shutil.get_terminal_size((80, 24)).columns
    return max(WIDTH_RANGE[0], min(WIDTH_RANGE[1], columns))


def _shown(value: Any) -> str:
    """A value as the player wrote it in the file, cut short: what to look for there."""
    try:
        text = json.dumps(value)  # escapes control characters and anything a terminal cannot show
    except (ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


def rule_problems(rules: Any) -> list[str]:
    """Each game, option or value in ``rules`` that the catalog does not offer in settings, named."""
    from access_game.catalog import UnknownGame, game
    from speech.option_words import option_name

    if not isinstance(rules, Mapping):
        return [_("rules: not a set of games")]
    problems: list[str] = []
    for name, chosen in rules.items():
        try:
            entry = game(str(name))
        except UnknownGame:
            problems.append(_("{name}: no such game").format(name=repr(name)))
            continue
        if not isinstance(chosen, Mapping):
            problems.append(_("{title}: not a set of options").format(title=entry.spoken_title))
            continue
        offered = {opt.name: opt for opt in entry.setting_options()}
        for option, value in chosen.items():
            opt = offered.get(option)
            if opt is None:
                problems.append(_("{title} {option}: no such option").format(title=entry.spoken_title,
                                                                              option=repr(option)))
            elif not opt.allows(value):
                problems.append(f"{entry.spoken_title} {option_name(opt.setting or opt.name)} {json.dumps(value)}")
    return problems


def _usable_rules(rules: Any) -> dict[str, dict[str, Any]]:
    """What ``rules`` holds that can be used: the rest is left out, so its defaults hold."""
    from access_game.catalog import UnknownGame, game

    out: dict[str, dict[str, Any]] = {}
    if not isinstance(rules, Mapping):
        return out
    for name, chosen in rules.items():
        try:
            entry = game(str(name))
        except UnknownGame:
            continue
        if not isinstance(chosen, Mapping):
            continue
        offered = {opt.name: opt for opt in entry.setting_options()}
        kept = {k: v for k, v in chosen.items() if k in offered and offered[k].allows(v)}
        if kept:
            out[entry.name] = kept
    return out


def _check(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"{name} is one of {', '.join(choices)}")


def _home() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else None


def config_dir() -> Path:
    home = _home()
    if home is not None:
        return home / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    home = _home()
    if home is not None:
        return home / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def atomic_write_text(path: Path, text: str, mode: int = FILE_MODE) -> None:
    """Write ``text`` (UTF-8) through a new temporary file, fsync, rename, fsync the folder: a crash leaves
    the old file or the new one (access_game.folders.replace_file: never through a symbolic link, and
    a failed folder fsync is a failed write). ``mode``: the file's permissions, its owner's only unless
    said otherwise (a save holds the seed and every hidden card). OSError when the write fails (a full
    disk, a folder that cannot be written, a link in the way); no temporary file is left behind."""
    replace_file(path, text.encode("utf-8"), mode)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults with a sentence saying why the file could not be used.

    Never raises: a damaged file is moved aside unchanged (``settings.damaged-STAMP.json``) so the
    player can look at it, and the game starts with the defaults. A file that holds a setting that
    cannot be used (``"width": 5``) is not damaged: each such setting is named in the sentence, its
    default is used, and the file stays as the player wrote it.
    """
    from access_game.datafiles import DamagedFile, read_json, set_aside
    from speech import file_words

    path = path or settings_path()
    try:
        settings, dropped, rules = Settings.read(read_json(path))
    except FileNotFoundError:
        return Settings(), None
    except (DamagedFile, Exception, RecursionError) as exc:
        why = str(exc) if isinstance(exc, DamagedFile) else file_words.not_named_settings()
        return Settings(), file_words.damaged_settings(path, why, set_aside(path))
    notes = []
    if dropped:
        notes.append(file_words.unusable_settings(path, dropped))
    if rules:
        from speech.option_words import unusable_rule_options

        notes.append(unusable_rule_options(str(path), rules))
    return settings, " ".join(notes) or None


def resolve_language(choice: str, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak for a setting's ``choice``: itself, or for 'auto' the system's."""
    return default_language(environ) if choice == "auto" else choice


def stored_language(path: Path | None = None) -> str:
    """The language setting of the settings file, read quietly before anything is said ('auto' when the
    file is missing or cannot be used: :func:`load_settings` reports and keeps a damaged file later).
    Read through the same guard as every other file: a FIFO or a device here must not stop the start."""
    from access_game.datafiles import DamagedFile, read_json

    try:
        data = read_json(path or settings_path())
    except (OSError, DamagedFile):
        return "auto"
    value = data.get("language") if isinstance(data, dict) else None
    return value if isinstance(value, str) and value in LANGUAGE_CHOICES else "auto"


def stored_ten_as_x(path: Path | None = None) -> bool:
    """The card code's ten-as-x setting of the settings file, read quietly: the default of the sheets'
    ``--ten-as-x`` (False when the file is missing or cannot be used)."""
    from access_game.datafiles import DamagedFile, read_json

    try:
        data = read_json(path or settings_path())
    except (OSError, DamagedFile):
        return False
    value = data.get("ten_as_x") if isinstance(data, dict) else None
    return value if isinstance(value, bool) else False


def save_settings(settings: Settings, path: Path | None = None, *, before: Settings | None = None) -> None:
    """Keep ``settings`` in the file. With ``before`` (the settings the change was made from), only what
    changed is written into the file as it is on disk: every other line the player wrote stays, a
    setting that could not be used included, until they change that setting themselves."""
    path = path or settings_path()
    data = settings.to_data()
    if before is not None:
        from access_game.datafiles import DamagedFile, read_json, set_aside
        from speech.file_words import not_named_settings

        try:
            on_disk = read_json(path)
        except FileNotFoundError:
            on_disk = {}
        except DamagedFile as exc:
            on_disk, why = None, str(exc)
        else:
            why = not_named_settings()
        if isinstance(on_disk, dict):
            data = _changed(on_disk, before.to_data(), data)
        elif set_aside(path) is None:  # damaged since the start: kept aside as at the start, never written over
            raise OSError(why)
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def _changed(on_disk: dict[str, Any], old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """``on_disk`` with what differs between ``old`` and ``new`` put in, named setting by named setting
    (a rule option alone, inside its game); all else in it untouched."""
    out = dict(on_disk)
    for key in old.keys() - new.keys():
        out.pop(key, None)
    for key, value in new.items():
        if key in old and old[key] == value:
            continue
        if isinstance(value, Mapping) and isinstance(old.get(key), Mapping) and isinstance(out.get(key), dict):
            out[key] = _changed(out[key], old[key], value)
        else:
            out[key] = value
    return out


def settings_with_flags(args: Any) -> tuple[Settings, str | None]:
    """The saved settings with this run's output flags over them (--speech, --cards, --braille,
    --braille-words, --ten-as-x, --wild-sign, --audio-player, where the command has them), and the note
    about a damaged settings file."""
    settings, settings_note = load_settings()
    overrides: dict[str, Any] = {}
    if getattr(args, "speech", None):
        overrides["speech"] = args.speech
    if getattr(args, "cards", None):
        overrides["cards"] = args.cards
    if getattr(args, "braille", None):
        overrides["braille"] = args.braille
    if getattr(args, "braille_words", None):
        overrides["braille_words"] = args.braille_words
    for flag in ("ten_as_x", "wild_sign"):
        if getattr(args, flag, None) is not None:
            overrides[flag] = getattr(args, flag)
    if getattr(args, "audio_player", None) is not None:
        overrides["audio_player"] = args.audio_player.strip()
    return settings.replace(**overrides), settings_note
