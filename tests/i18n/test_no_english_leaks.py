"""No English in a game played in another language: whole games and every command-line tool, for real.

Each game of the catalog is played whole in a real pseudo-terminal (``access-game --lang LANG play``, a
dumb terminal, lines for a screen reader) with a tour of what a player meets besides the moves: F1's
list of keys, the Escape menu walked item by item, the F2 settings walked and each one changed and put
back (speech, news on the prompt and language left alone: another voice, another prompt line or
another language is not this test's), a key that
does nothing and a move refused. The moves are the hint's (Shift+N), Space when computer players wait,
N to every yes-or-no question, so the game ends by itself; options that end a game soon keep it short.

Every command-line tool is checked in the language by tests/i18n/test_command_line_corpus.py (the
corpus of tests/i18n/leak_corpus.py): each command's help, its output, every option's refusal.

Every line collected must hold no English (tests/i18n/english_lines.py decides by rule: an English word
list, and any catalog sentence left verbatim in English), player names, card codes, options and
command names aside. The languages are speech.i18n.LANGUAGES after English, so a new language is
checked as soon as it exists. Figures: ``.venv/bin/python tests/i18n/leak_corpus.py``.

One test per language runs its whole games at once, each game a process of its own driven from a
thread (a game mostly waits: for its computer players, for its prompt), so the check costs about the
time of its longest game rather than the sum of them. The words the driver waits for are worded in the
language before the threads start: the language is the process's, and one thread
going back to English must not change what another waits for.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect
import pytest
from leak_corpus import finder

from access_game.catalog import games
from access_game.ui.answers import yes_no_prompt
from access_game.ui.keys import key_label
from speech.i18n import LANGUAGES, _, in_language, pgettext

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import spawn, terminal_env

OTHER_LANGUAGES = LANGUAGES[1:]
#: Options that end a game soon (a game not named here is played with its defaults).
SHORT = {"upcard-rummy": ["--target", "500"]}
KEYS = {"f1": "\x1bOP", "f2": "\x1bOQ", "escape": "\x1b", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}
#: The settings menu's items before the rule options: speech, rate, verbosity, cards, cues, pace, hints,
#: buy questions, level, news on the prompt, language. Speech, news on the prompt (the prompt line is
#: what the driver waits for) and language are walked, not changed.
SETTINGS_BEFORE_RULES = 11
UNCHANGED_SETTINGS = {0, 9, 10}
#: Keys tried in turn while a prompt stays (the hint's move first; a placing or a discard may take two).
UNSTICK = ("N", " ", "d", "x", "\r")
_PROMPT = re.compile(r"\n([^\n]*)> ?$")


class Player:
    """One game at the terminal, driven key by key; every line it printed is kept."""

    def __init__(self, lang: str, game: str, home: Path) -> None:
        args = ["--lang", lang, "play", "--game", game, "--seed", "3", "--speech", "screen-reader", "--braille",
                "off", "--new", *SHORT.get(game, [])]
        if games_by_name()[game].player_range[1] > 1:
            args += ["--players", "2"]
        self.child: Any = spawn(home, *args, env=terminal_env(home, drop=("LC_", "LANG")), timeout=60)
        self.text: list[str] = []
        self.prompt = ""

    def wait(self) -> str:
        """What the game printed up to its next prompt; the prompt (without '>') is kept in ``prompt``."""
        self.child.expect(_PROMPT)
        said = str(self.child.before + self.child.after)
        self.text.append(said)
        self.prompt = self.child.match.group(1).strip()
        return said

    def press(self, *keys: str) -> str:
        said = ""
        for key in keys:
            self.child.send(KEYS.get(key, key))
            said += self.wait()
        return said

    def finish(self) -> None:
        self.child.expect(pexpect.EOF)
        self.text.append(str(self.child.before))
        self.child.close()

    def lines(self) -> list[str]:
        return [line.strip() for line in "".join(self.text).replace("\r", "").split("\n") if line.strip()]


def games_by_name() -> dict[str, Any]:
    return {entry.name: entry for entry in games()}


def unbound_key(game: str) -> str:
    """A capital letter no command of ``game`` uses (nor a question's Y and N): pressing it is refused."""
    from access_game.ui.keys_doc import keys_registry

    bound = {key for command in keys_registry(game) for key in command.keys}
    return next(c for c in "ZQWVXKBFPMJLGHTURIOESCADNY" if c not in bound and c not in "YN")


def tour(player: Player, game: str) -> None:
    """F1, the Escape menu item by item, every setting changed and put back, a key that does nothing and
    a move refused."""
    rule_options = len(games_by_name()[game].setting_options())
    player.press("f1", "escape", *["down"] * 40, "escape")
    player.press("f2")
    for item in range(1, SETTINGS_BEFORE_RULES + rule_options):
        player.press("down")
        if item not in UNCHANGED_SETTINGS:
            player.press("right", "left")
    player.press("escape", unbound_key(game), "x")


@dataclass(frozen=True)
class Prompts:
    """The prompts the driver acts on, in the language of the game (worded before any thread starts)."""

    next: str
    draw: str
    play_again: str
    #: The end of a yes/no question's prompt: the language's letters ('o/n' in French).
    yes_no: str
    #: Per game, the prompt of a turn where the player may draw, as its catalog entry declares it
    #: (``GameEntry.turn``): 'draw' in the rummies, 'play or draw' in Crazy Eights.
    turns: Mapping[str, str] = field(default_factory=dict)


def prompts_in(lang: str) -> Prompts:
    with in_language(lang):
        turns = {e.name: pgettext("prompt", e.turn.opening[-1].first_prompt) for e in games() if e.turn is not None}
        return Prompts(pgettext("prompt", "next"), pgettext("prompt", "draw"), _("play again y/n"), yes_no_prompt(),
                       turns)


def nothing_here(lang: str, game: str) -> str:
    """What the game says to the tour's key that does nothing, in ``lang``."""
    with in_language(lang):
        return _("{key} does nothing here. F1 for help, Escape for the menu.").format(key=key_label(unbound_key(game)))


def play_whole_game(lang: str, game: str, home: Path, prompts: Prompts | None = None) -> list[str]:
    """The lines of a whole game of ``game`` played in ``lang``, with the tour at the first turn."""
    config = home / "config"  # where the game keeps its settings under ACCESS_GAME_HOME
    config.mkdir(parents=True, exist_ok=True)
    # Lines as wide as they go, so no sentence is cut across two lines and every one is checked whole.
    (config / "settings.json").write_text(json.dumps({"width": 400}), encoding="utf-8")
    words = prompts if prompts is not None else prompts_in(lang)
    player = Player(lang, game, home)
    toured = False
    stuck = 0
    draw = words.turns.get(game, words.draw)
    player.wait()
    for _move in range(3000):
        if not toured and player.prompt in (words.draw, draw, words.next):
            tour(player, game)
            toured = True
        if player.prompt == words.play_again:
            player.child.send("n")  # play again? no: the game ends and the program with it
            player.finish()
            break
        if player.prompt.endswith(words.yes_no):
            key = "n"
        elif player.prompt == words.next:
            key = " "
        elif player.prompt in (words.draw, draw):
            key = "d"  # D draws in every game
        else:
            key = UNSTICK[stuck % len(UNSTICK)]
        before = player.prompt
        player.press(key)
        stuck = stuck + 1 if player.prompt == before else 0
    else:
        raise AssertionError(f"{game} did not end: {player.lines()[-5:]}")
    assert toured, f"{game}: the tour never ran"
    return player.lines()


def _english_lines(what: str, lang: str, lines: list[str]) -> str:
    """A report of the lines of ``what`` that hold English ('' when none does)."""
    english = finder(lang).english(lines)
    if not english:
        return ""
    return f"{len(english)} of {len(lines)} lines of {what} in {lang} hold English:\n" + "\n".join(
        f"{v.line}  <- {', '.join(v.words)} {' | '.join(v.sentences[:2])}" for v in english[:20])


#: Games played at once (each its own process).
AT_ONCE = 3


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_whole_games_with_their_tours_have_no_english_line(lang: str, tmp_path: Path) -> None:
    names = [entry.name for entry in games()]
    words = prompts_in(lang)
    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        game_jobs = {name: pool.submit(play_whole_game, lang, name, tmp_path / name, words) for name in names}
        played = {name: job.result() for name, job in game_jobs.items()}
    problems: list[str] = []
    for name, lines in played.items():
        if len(lines) <= 150:
            problems.append(f"{name} in {lang}: only {len(lines)} lines: {lines[-5:]}")
        # The tour was made, in the language: a key that does nothing was answered.
        if nothing_here(lang, name) not in lines:
            problems.append(f"{name} in {lang}: the tour's key that does nothing was not answered")
        problems.append(_english_lines(f"a whole game of {name}", lang, lines))
    assert not any(problems), "\n\n".join(p for p in problems if p)


def test_the_finder_finds_english_and_passes_names_and_codes() -> None:
    """The check can fail: English words, an English catalog sentence and an English key name are found;
    a French line with a player's name, card codes, an option and a command's name is not."""
    find = finder("fr")
    assert find.verdict("Anna's turn; Space to go on.") is not None
    assert find.verdict("rule options (each for the games named):") is not None
    assert find.verdict("Shift+W ne fait rien ici.") is not None
    assert find.verdict("Contract Rummy") is not None
    assert find.verdict("Au tour d'Anna ; Espace pour continuer.") is None
    assert find.verdict("D: draw. Piocher la carte du dessus de la pioche. Joue un coup.") is None
    assert find.verdict("access-game hand --wild 7 9d 7c jo : --game five-crowns") is None
    # A catalog sentence is found as whole words, not inside one: "a list" is English, "una lista" is not.
    spanish = finder("es")
    assert spanish.verdict("the save is damaged: the history is not a list") is not None
    assert spanish.verdict("El menú de acciones: todas las acciones en una lista.") is None
