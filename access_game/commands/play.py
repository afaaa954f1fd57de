"""The `play` subcommand (also what `access-game` runs with no command): a game at the terminal.

With a saved game it asks first whether to resume; otherwise it starts Five Crowns against three
computer players (or the game --game names: each game has its own save slot). A saved game is never
lost: declining to resume keeps it aside under a new name, and a damaged one is reported and kept aside
the same way. When a game ends the player may pick another game, which starts in the same terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from access_game.catalog import GameEntry, GameOption
from access_game.cli import UsageError
from access_game.commands._common import add_command, check_name
from access_game.commands.summaries import summary
from access_game.settings import BRAILLE_LINKS, CARD_DISPLAYS, LEVELS, Settings, load_settings
from speech import save_words
from speech.i18n import N_, _, ngettext, pgettext

__all__ = ["COMPUTER_NAMES", "DEFAULT_GAME", "GameChoice", "choose_game", "new_choice", "play_in_terminal", "register",
           "run"]

from access_game.table_plan import COMPUTER_NAMES, TablePlan

SPEECH_MODES = ("screen-reader", "self-voicing", "silent")
#: What `access-game` starts when no game is named and none is saved.
DEFAULT_GAME = "five-crowns"
#: The first line of every game (after its title): English, marked for the catalog; say it through ``_()``.
HELP_LINE = N_("F1 lists the keys; Escape opens a menu of every action.")


class _Later:
    """A help text part made when the help is printed (argparse puts it in through ``%(name)s``)."""

    def __init__(self, make: Callable[[], str]) -> None:
        self._make = make

    def __str__(self) -> str:
        return self._make()


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from access_game.catalog import games  # the catalog is cheap to import: it names tables, not loads them

    entries = games()
    others = [e.name for e in entries if e.name != DEFAULT_GAME]
    p = add_command(sub, "play", run, summary("play"))
    p.add_argument("--game", type=str.casefold, metavar="GAME",
                   help=_("the game: {default} (the default), {games} or {last}").format(
                       default=DEFAULT_GAME, games=", ".join(others[:-1]), last=others[-1]))
    players = p.add_argument("--players", type=int,
                             help=_("number of players, you included (default 4; {ranges})").format(
                                 ranges="%(ranges)s"))
    # Each game's player count is its rules': said only when the help is printed, so a command line
    # that plays does not load the rules of every game first.
    players.ranges = _Later(lambda: pgettext("between the games' player counts", "; ").join(  # type: ignore[attr-defined]
        f"{e.spoken_title} {_span(e.player_range)}" for e in entries))
    p.add_argument("--names", nargs="+", metavar="NAME",
                   help=_("names: the computer players', or everyone's with yours first"))
    p.add_argument("--level", choices=LEVELS, type=str.casefold,
                   help=_("computer players' level (default from settings: normal)"))
    p.add_argument("--seed", type=int, help=_("seed for the shuffles (the same seed deals the same game)"))
    p.add_argument("--speech", choices=SPEECH_MODES, type=str.casefold,
                   help=_("screen-reader: print lines for your screen reader; self-voicing: the game speaks; silent"))
    p.add_argument("--cards", choices=CARD_DISPLAYS, type=str.casefold,
                   help=_("cards on printed lines: words, braille cells, or both"))
    p.add_argument("--braille", choices=BRAILLE_LINKS,
                   help=_("the braille display link: brlapi (BRLTTY's BrlAPI), auto (the default: BrlAPI when a "
                   "BrlAPI server answers) or off"))
    p.add_argument("--audio-player", metavar="CMD",
                   help=_("a program that plays WAV audio from its standard input, for the game's own voice "
                   "(for example 'aplay -q -D plughw:1')"))
    p.add_argument("--new", action="store_true",
                   help=_("start a new game even if one is saved (the saved one is kept)"))
    rules = p.add_argument_group(_("rule options (each for the games named)"))
    flags: dict[str, list[tuple[str, GameOption]]] = {}
    for entry in entries:
        for opt in entry.options:
            if opt.flag is not None:
                flags.setdefault(opt.flag, []).append((entry.spoken_title, opt))
    for flag, uses in flags.items():
        opt = uses[0][1]
        rules.add_argument(flag, dest=option_dest(flag), metavar=option_metavar(opt),
                           help=_("{names}: {help}").format(names=", ".join(title for title, _opt in uses),
                                                            help=_(opt.help)))


def _span(players: tuple[int, int]) -> str:
    low, high = players
    if low == high == 1:
        return _("1 player")
    return _("{low} to {high}").format(low=low, high=min(high, len(COMPUTER_NAMES) + 1))


def option_metavar(opt: GameOption) -> str:
    """How ``--help`` shows a rule option's value: its choices, yes|no, or N."""
    return "|".join(opt.choices) if opt.kind == "choice" else "yes|no" if opt.kind == "bool" else "N"


def option_dest(flag: str) -> str:
    return "option_" + flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True, slots=True)
class GameChoice:
    game: str
    players: list[str]
    level: str
    seed: int
    #: Rule options chosen (the catalog's option names); the ruleset's defaults hold for the rest.
    options: dict[str, object] = field(default_factory=dict)
    #: A level per seat ('' for yours) where the table was set up seat by seat; else ``level`` for all.
    levels: tuple[str, ...] = ()


def choose_game(args: argparse.Namespace, settings: Settings) -> GameChoice:
    """The new game the arguments ask for; UsageError says what is wrong with them."""
    from access_game.catalog import UnknownGame, games
    from access_game.catalog import game as catalog_game

    # No game named: the game of the table set up last (an empty --game '' is refused, not the default).
    name = (settings.last_game or DEFAULT_GAME) if args.game is None else args.game
    try:
        entry = catalog_game(name)
    except UnknownGame:
        entry = None
    if entry is None or entry.table is None:
        playable = ", ".join(e.name for e in games() if e.table is not None)
        raise UsageError(_("--game: there is no table for {name!r}; games: {playable}").format(name=name,
            playable=playable))
    game = entry.name
    ruleset = entry.rules()
    given = given_options(entry, args)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    if args.players is None and args.names is None and (entry.player_range[1] > 1 or entry.name in settings.tables):
        # No seats on the command line: the table set up by keys last time (or the usual one), with
        # this run's flags over it (--level, rule options) for this run only.
        from access_game.table_plan import remembered_plan

        plan = remembered_plan(settings, game)
        if args.level:
            plan = replace(plan, levels=(args.level,) * len(plan.levels))
        return choice_from_plan(plan, settings, seed, given)
    n = args.players
    names: list[str] = list(args.names or [])
    if n is None:
        n = 1 if ruleset.max_players == 1 else len(names) + 1 if names else 4
    top = min(ruleset.max_players, len(COMPUTER_NAMES) + 1)
    if not ruleset.min_players <= n <= top:
        title = _(ruleset.title)
        if ruleset.min_players == top:
            raise UsageError(ngettext("--players: {title} here is for {n} player",
                                      "--players: {title} here is for {n} players", top).format(title=title, n=top))
        raise UsageError(_("--players: {title} here is for {low} to {high} players").format(
            title=title, low=ruleset.min_players, high=top))
    if names:
        if len(names) == n - 1:
            names = ["You", *names]
        elif len(names) != n:
            others = "" if n == 1 else f"{n - 1} names (the computer players') or "
            raise UsageError(_("--names: give {others}{n} (yours first)").format(others=others, n=n))
        names = [check_name(x, "--names") for x in names]  # the network's rule: one rule for every name
        if len({x.casefold() for x in names}) != len(names):
            raise UsageError(_("--names: every player needs a different name"))
    else:
        names = ["You", *COMPUTER_NAMES[: n - 1]]
    options = table_options(entry, names, seed, settings, given)
    return GameChoice(game, names, args.level or settings.level, seed, options)


def choice_from_plan(plan: TablePlan, settings: Settings, seed: int | None = None,
                     given: dict[str, object] | None = None) -> GameChoice:
    """The new game a table plan asks for: its seats and levels, its rule options (``given`` on the
    command line over them)."""
    from access_game.catalog import game as catalog_game
    from access_game.table_plan import remember

    entry = catalog_game(plan.game)
    seed = random.randrange(2**31) if seed is None else seed
    names = list(plan.names)
    options = table_options(entry, names, seed, remember(settings, plan), given)
    levels = plan.seat_levels() if len(set(plan.levels)) > 1 else ()
    level = plan.levels[0] if plan.levels else settings.level
    return GameChoice(entry.name, names, level, seed, options, levels)


def table_options(entry: GameEntry, names: list[str], seed: int, settings: Settings,
                  given: dict[str, object] | None = None) -> dict[str, object]:
    """The ruleset's options for a new game: each option given on the command line, else the one
    chosen in settings for this game, else the rules' default. Settings that do not fit this table (two
    decks for six players) give way to the rules' defaults; options given were checked already."""
    given = given or {}
    chosen = {**settings.rule_options(entry.name), **given}
    for options in (chosen, given):
        rules = entry.rule_options(options, len(names), seed)
        try:
            entry.rules().new_state(names, seed=seed, options=rules)
        except ValueError:
            continue
        return rules
    raise UsageError(_("the rule options do not fit this table"))  # not reached: the options given were checked


def given_options(entry: GameEntry, args: argparse.Namespace) -> dict[str, object]:
    """The rule options given for ``entry``'s game; an option meant for another game is refused."""
    given: dict[str, str | None] = {}
    mine = {opt.flag for opt in entry.options}
    for name, value in vars(args).items():
        if not name.startswith("option_") or value is None:
            continue
        flag = "--" + name.removeprefix("option_").replace("_", "-")
        if flag not in mine:
            raise UsageError(_("{flag} is not an option of {title}").format(flag=flag, title=entry.spoken_title))
        given[next(o.name for o in entry.options if o.flag == flag)] = value
    try:
        options = entry.options_from_text(given)
        players = ["You", "Anna"][: entry.player_range[1]]
        entry.rules().new_state(players, seed=0, options=entry.rule_options(options, len(players), 0))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return options


def new_choice(game: str, player: str, level: str, settings: Settings | None = None) -> GameChoice:
    """A new game of ``game`` for ``player`` (chosen from 'another game'): four at the table where the
    game has computer players, the player alone where it is a game for one; the rule options chosen in
    settings for that game."""
    from access_game.catalog import game as catalog_game

    entry = catalog_game(game)
    low, high = entry.player_range
    n = max(low, min(4, high))
    others = [c for c in COMPUTER_NAMES if c.casefold() != player.casefold()][: n - 1]
    names = [player, *others]
    seed = random.randrange(2**31)
    return GameChoice(entry.name, names, level, seed, table_options(entry, names, seed, settings or Settings()))


def settings_with_flags(args: argparse.Namespace) -> tuple[Settings, str | None]:
    """The saved settings with this run's output flags over them (--speech, --cards, --braille,
    --audio-player, where the command has them), and the note about a damaged settings file."""
    settings, settings_note = load_settings()
    overrides: dict[str, Any] = {}
    if getattr(args, "speech", None):
        overrides["speech"] = args.speech
    if getattr(args, "cards", None):
        overrides["cards"] = args.cards
    if getattr(args, "braille", None):
        overrides["braille"] = args.braille
    if getattr(args, "audio_player", None) is not None:
        overrides["audio_player"] = args.audio_player.strip()
    return settings.replace(**overrides), settings_note


def run(args: argparse.Namespace) -> int:
    settings, settings_note = settings_with_flags(args)
    set_up = first_start(args)
    # With nothing of the table on the command line there is nothing to check first: the table is the
    # one remembered (or set up by keys at the first start), and the games' rules are loaded after the
    # first line is out.
    choice = (remembered_choice(settings) if nothing_of_the_table(args) else None) or choose_game(args, settings)
    if not sys.stdin.isatty():
        print(_("access-game: play needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    from access_game.ui.early_keys import hold_keys

    hold_keys()  # keys typed before the first prompt reach it as typed (the first line comes before it)
    from access_game.catalog import game as catalog_game
    from access_game.saves import SaveStore

    # With no game named, a game saved in another game's slot is offered too: 'access-game' is
    # what every "your game is saved" message tells the player to run.
    return play_in_terminal(choice, settings, settings_note=settings_note, force_new=args.new,
                            saves=SaveStore(slot=catalog_game(choice.game).save_slot), any_saved=args.game is None,
                            set_up=set_up)


def nothing_of_the_table(args: argparse.Namespace) -> bool:
    """Whether nothing of the table is given on the command line (a game, players, names, a level, a seed
    or a rule option): the table is the one remembered, and there is nothing to check before it."""
    if any(getattr(args, name, None) is not None for name in ("game", "players", "names", "level", "seed")):
        return False
    return not any(value is not None for name, value in vars(args).items() if name.startswith("option_"))


def first_start(args: argparse.Namespace) -> bool:
    """Whether the table is set up by keys before the first game: no settings file yet, and nothing of
    the table given on the command line."""
    from access_game.settings import settings_path

    return nothing_of_the_table(args) and not settings_path().exists() and not os.path.lexists(settings_path())


def remembered_choice(settings: Settings) -> GameChoice | None:
    """The game of the table remembered, its seats left to fill (``players`` empty) once its first line is
    out (see _Terminal.play): its rules are loaded then. None when that game has no table here."""
    from access_game.catalog import UnknownGame
    from access_game.catalog import game as catalog_game

    name = settings.last_game or DEFAULT_GAME
    try:
        if catalog_game(name).table is None:
            return None
    except UnknownGame:
        return None
    return GameChoice(name, [], settings.level, random.randrange(2**31))


def play_in_terminal(choice: GameChoice, settings: Settings, *, settings_note: str | None = None,
                     force_new: bool = False, input: Any = None, output: Any = None,
                     backend: Any = None, saves: Any = None, cues: Any = "auto",
                     on_app: Callable[[Any], None] | None = None, any_saved: bool = False,
                     set_up: bool = False) -> int:
    """Everything from the first line to the last; tests call it with pipe input and their own backend.

    One game after another in the same terminal: when a game ends and the player picks another game,
    that game starts here (its own save slot, its resume question), with the same voice and settings.
    """
    # A one-line interface never needs to know where the cursor is; asking the terminal (CPR) only
    # produces a warning where nothing answers.
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    from access_game.catalog import game as catalog_game
    from access_game.saves import SaveStore
    from access_game.table_plan import remember
    from access_game.ui.terminal_output import TerminalOutput

    outputs = TerminalOutput(settings, output=output, backend=backend, cues=cues)
    if settings_note:
        outputs.say(settings_note)
    outputs.say_notes()
    store = saves if saves is not None else SaveStore(slot=catalog_game(choice.game).save_slot)

    def linked(app: Any) -> None:
        outputs.link(app)
        if on_app is not None:
            on_app(app)

    # The caller's output, or None: the printer makes the terminal's own when the first prompt needs it.
    terminal = _Terminal(outputs.printer, output, input, outputs.say, linked, outputs.on_settings,
                         outputs.announcer, outputs.cues)
    try:
        while True:
            app = terminal.play(choice, outputs.settings, store, force_new=force_new, any_saved=any_saved,
                                set_up=set_up)
            set_up = False
            terminal.release()
            if app is None:
                return 1 if terminal.failed else 0
            online = getattr(app, "next_online", None)
            if online is not None:
                # "Play online" from the menu: the game is saved; the voice, display and cues are let go
                # for the lobby's own (access_game.commands.online), and started again when it is left,
                # where the saved game is offered (its resume question).
                terminal.release()
                outputs.close()
                try:
                    visit_lobby(online, outputs.settings, input=input, output=output)
                finally:
                    outputs = TerminalOutput(outputs.settings, output=output, backend=backend, cues=cues)
                terminal = _Terminal(outputs.printer, output, input, outputs.say, linked, outputs.on_settings,
                                     outputs.announcer, outputs.cues)
                force_new = any_saved = False
                continue
            plan = getattr(app, "next_plan", None)
            if plan is not None:
                # A table set up by keys (Escape menu, or 'another game'): kept for next time, and dealt
                # new in its game's slot; a game in progress there is kept aside, never lost.
                outputs.on_settings(remember(outputs.settings, plan))
                choice = choice_from_plan(plan, outputs.settings)
                store = store.sibling(catalog_game(choice.game).save_slot)
                force_new, any_saved = True, False
                continue
            if app.status != 0 or app.next_game is None or app.hung_up:
                return int(app.status)
            # 'Another game': its own save slot in the same folder, and the resume question if one is kept.
            player = app.session.players[app.session.human_seat]
            choice = new_choice(app.next_game, player, outputs.settings.level, outputs.settings)
            store = store.sibling(catalog_game(choice.game).save_slot)
            force_new = any_saved = False
    finally:
        terminal.release()
        outputs.close()


def visit_lobby(online: Any, settings: Settings, *, input: Any = None, output: Any = None) -> int:
    """The lobby ``online`` (an access_game.ui.online_entry.OnlineRequest) asks for, as ``access-game online``
    opens it, until the player leaves it; its exit status (a server that does not answer is said there)."""
    from access_game.commands.online import ADMIN_KEY_VARIABLE, lobby_loop

    return lobby_loop(online.server, online.name, settings, admin_key=os.environ.get(ADMIN_KEY_VARIABLE) or None,
                      input=input, output=output)


class _Terminal:
    """One game at a time on the same printer, voice and sound cues."""

    def __init__(self, printer: Any, out: Any, input: Any, say: Callable[[str], None],
                 on_app: Callable[[Any], None] | None, on_settings: Callable[[Settings], None],
                 announcer: Any, cues: Any) -> None:
        self.printer = printer
        self.out = out
        self.input = input
        self.say = say
        self.on_app = on_app
        self.on_settings = on_settings
        self.announcer = announcer
        self.cues = cues
        #: Save slots this copy holds (see SaveStore.acquire).
        self.held: list[Any] = []
        #: No slot could be held anywhere: the game did not start.
        self.failed = False

    def ask(self, question: str) -> bool | None:
        from access_game.ui.ask import ask_yes_no

        return ask_yes_no(question, self.say, self.printer, input=self.input, output=self.out)

    def claim(self, store: Any) -> Any:
        """The slot held for this game: ``store``, or when another running copy holds it and the player
        agrees, the first free slot after it; None: leave.

        A slot that cannot be locked at all is never shared (two copies would each say "saved" while
        one overwrites the other): the game goes to the same slot in a folder where it can be locked,
        always the same one, so the next start finds it there, and the player is told why and where.
        """
        from access_game.saves import lockable_elsewhere

        unlockable: OSError | None = None
        for place in itertools.chain((store,), lockable_elsewhere(store)):
            try:
                if place.acquire():
                    held = place
                elif (held := self._another_slot(place)) is None:
                    return None
            except OSError as exc:
                unlockable = unlockable or exc
                continue
            if unlockable is not None:
                self.say(save_words.cannot_lock(_reason(unlockable), held.path))
            elif held is not place:
                self.say(save_words.other_slot(held.path))
            return held
        assert unlockable is not None
        self.say(save_words.nowhere_to_lock(_reason(unlockable)))
        self.failed = True
        return None

    def _another_slot(self, store: Any) -> Any:
        """When another running copy holds ``store`` and the player agrees, the first free slot after it."""
        self.say(save_words.in_use(store.path))
        if not self.ask(save_words.in_use_question()):
            return None
        for n in range(2, 100):
            other = store.sibling(f"{store.slot}-{n}")
            with contextlib.suppress(OSError):  # a slot that cannot be locked is not free
                if other.acquire():
                    return other
        return None

    def set_up_table(self, choice: GameChoice, settings: Settings) -> TablePlan | None:
        """The table set up by keys from ``choice``'s game, kept in settings; None when the player left
        with Ctrl+C. Escape at the first question keeps the usual table (and keeps it, so the questions
        are not asked at every start)."""
        from access_game.table_plan import remember, remembered_plan
        from access_game.ui.table_setup import run_table_setup
        from speech.setup_words import CHOICE_KEYS

        # The keys that answer the questions are the first line, said before the games' rules are loaded.
        self.say(_(CHOICE_KEYS))
        start = remembered_plan(settings, choice.game)
        left: list[bool] = []
        plan = run_table_setup(start, self.say, self.printer, input=self.input, output=self.out, on_quit=left.append,
                               keys_said=True)
        if left:
            return None
        plan = plan or start
        self.on_settings(remember(settings, plan))
        return plan

    def release(self) -> None:
        """Let other copies have the slots this one held (the operating system would, at exit)."""
        for store in self.held:
            store.release()
        self.held.clear()

    def set_aside(self, store: Any) -> None:
        kept = store.set_aside("replaced")
        if kept is not None:
            self.say(save_words.saved_game_kept(kept))

    def saved_game(self, store: Any, *, force_new: bool, any_saved: bool) -> tuple[Any, Any] | None:
        """(the saved session to resume or None for a new game, the store it is kept in); None: leave."""
        from access_game.catalog import games

        if force_new:
            if store.exists():
                self.set_aside(store)
            return None, store
        loaded = store.load()
        if loaded.problem:
            self.say(loaded.problem)
            if not self.ask(save_words.START_NEW_QUESTION):
                return None
            return None, store
        if loaded.session is not None and not _has_table(loaded.session):
            kept = store.set_aside("no-table")
            title = _(loaded.session.game.ruleset.title)
            self.say(_("The saved game is {title}, which cannot be played here yet. It was kept as {kept}.").format(
                title=title, kept=kept) if kept else
                _("The saved game is {title}, which cannot be played here yet.").format(title=title))
        elif loaded.session is not None:
            answer = self.ask(_resume_question(loaded.session))
            if answer is None:  # Ctrl+C: leave, with the save untouched
                return None
            if answer:
                return loaded.session, store
            self.set_aside(store)
            return None, store
        if not any_saved:
            return None, store
        # The catalog's games with a table (not the tables themselves: nothing is loaded before the
        # first line that the first line does not need); a save found is checked by _has_table.
        for entry in (e for e in games() if e.table is not None):
            other = store.sibling(entry.save_slot)
            if entry.save_slot == store.slot or not other.exists() or not _hold(other):
                continue  # another copy plays it now (or it cannot be locked): not this copy's to offer
            found = other.load()
            answer = None
            if found.problem:
                self.say(found.problem)
            elif found.session is not None and _has_table(found.session):
                answer = self.ask(_resume_question(found.session))
                if answer is None:
                    other.release()
                    return None
                if answer:
                    return found.session, other  # held already, from here on
            other.release()
            if answer is False:
                break  # declined: that game stays saved in its own slot; the new game uses this one
        return None, store

    def play(self, choice: GameChoice, settings: Settings, store: Any, *, force_new: bool,
             any_saved: bool, set_up: bool = False) -> Any:
        """Run one game to its end; the app (for its status and the next game), or None if the player left."""
        from access_game.catalog import game as catalog_game
        from access_game.table_plan import remember

        claimed = self.claim(store)
        found = None if claimed is None else self.saved_game(claimed, force_new=force_new, any_saved=any_saved)
        if found is None:
            if claimed is not None:
                claimed.release()
            self.printer.flush()
            return None
        resumed, store = found
        if store is not claimed:  # resuming a game from another slot, held already: this one is let go
            claimed.release()
        self.held.append(store)
        if resumed is None and set_up:
            # The first start: the table is set up by keys before anything is dealt, and kept.
            plan = self.set_up_table(choice, settings)
            if plan is None:
                store.release()
                self.held.remove(store)
                self.printer.flush()
                return None
            settings = remember(settings, plan)
            if plan.game != choice.game:
                store.release()
                self.held.remove(store)
                return self.play(choice_from_plan(plan, settings), settings,
                                 store.sibling(catalog_game(plan.game).save_slot), force_new=False, any_saved=False)
            choice = choice_from_plan(plan, settings, choice.seed)
        from access_game.crash_log import error_text, write_crash_log
        from access_game.std_streams import readers_gone

        if resumed is None:
            # A new game's first line is said before the table and the terminal interface are loaded: the
            # player hears at once that the game has started (the table's opening follows it).
            entry = catalog_game(choice.game)
            try:
                self.say(_("{title}. {help}").format(title=entry.spoken_title, help=_(HELP_LINE)))
            except Exception as exc:  # the line could not be written (a full disk): one line, as below
                if isinstance(exc, BrokenPipeError) and readers_gone():
                    raise
                log = write_crash_log(exc)
                print(save_words.crashed(error_text(exc), entry.command, saved=store.exists(), kept=None, log=log),
                      file=sys.stderr)
                self.failed = True
                return None
        from access_game.session import Session
        from access_game.table_plan import remembered_plan
        from access_game.ui.app import GameApp
        from access_game.ui.speech_link import make_narrator
        from engine.game import Game

        if resumed is None and not choice.players:  # the table remembered, its seats filled now
            choice = choice_from_plan(remembered_plan(settings, choice.game), settings, choice.seed)
        if resumed is not None:
            game, seat, level, levels = resumed.game, resumed.human_seat, resumed.level, resumed.levels
        else:
            game = Game.new(choice.game, choice.players, seed=choice.seed, options=choice.options)
            seat, level, levels = 0, choice.level, choice.levels
        session = Session(
            game,
            human_seat=seat,
            level=level,
            announcer=self.announcer,
            narrator=make_narrator(seat, game.players, settings, game=game.ruleset.name),
            settings=settings,
            saves=store,
            cues=self.cues,
            on_settings=self.on_settings,
            levels=levels,
        )
        moves_at_start = len(game.actions)
        welcome = _(HELP_LINE) if resumed is not None else None  # a new game's was said above
        app = GameApp(session, self.printer, input=self.input, output=self.out, welcome=welcome)
        if self.on_app is not None:
            self.on_app(app)
        try:
            app.status = app.run(resumed=resumed is not None)
        except Exception as exc:
            if isinstance(exc, BrokenPipeError) and readers_gone():
                raise  # the reader of the game's lines has gone: the game is saved, and the command ends quietly
            # The game was saved after the last action; say so in one line rather than a traceback, and
            # keep the details where a helper can find them.
            log = write_crash_log(exc)
            self.printer.flush()
            command = catalog_game(game.ruleset.name).command
            # A save that crashes as it resumes would crash at every start: it is kept aside instead.
            as_resumed = resumed is not None and session.game is game and len(game.actions) == moves_at_start
            kept = store.set_aside("crashed") if as_resumed else None
            saved = session.save_problem is None and store.exists()
            print(save_words.crashed(error_text(exc), command, saved=saved, kept=kept, log=log), file=sys.stderr)
            app.status = 1
        return app


def _hold(store: Any) -> bool:
    """Whether this copy now holds ``store`` (False: another copy does, or it cannot be locked)."""
    try:
        return bool(store.acquire())
    except OSError:
        return False


def _reason(exc: OSError) -> str:
    """The system's words for why a file could not be made, with the file it names."""
    where = exc.filename if exc.filename is not None else ""
    return f"{exc.strerror or exc}: {where}" if where else str(exc.strerror or exc)


def _has_table(saved: Any) -> bool:
    from access_game.ui.table import table_names

    return bool(saved.game.ruleset.name in table_names())


def _resume_question(saved: Any) -> str:
    from access_game.catalog import game as catalog_game

    game = saved.game
    return catalog_game(game.ruleset.name).resume_question(game, saved.human_seat)
