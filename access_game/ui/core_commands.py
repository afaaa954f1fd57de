"""Commands every game has: help, the Escape menu, message history, speech, settings, save and quit.

A table adds its game's commands; these are the rest, so every game is driven the same way and a
player who learnt one game's non-game keys knows them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from access_game.settings import (
    BRAILLE_WORDS,
    CARD_DISPLAYS,
    LANGUAGE_CHOICES,
    LEVELS,
    PACES,
    PITCH_RANGE,
    RATE_RANGE,
    SPEECH_CHOICES,
    VERBOSITIES,
    VOICE_CHOICES,
    VOLUME_RANGE,
)
from access_game.ui.modes import Confirm, ListMenu, MenuItem
from access_game.ui.registry import Command, command
from speech import table_words as tw
from speech.i18n import N_, _
from speech.utterance import Kind

if TYPE_CHECKING:
    from access_game.ui.app_protocol import GameApp

__all__ = ["HISTORY_FILTERS", "core_commands", "network_commands", "settings_items"]

#: What history browsing can be narrowed to (None: everything), cycled by F.
HISTORY_FILTERS: tuple[Kind | None, ...] = (None, Kind.MY_TURN, Kind.OTHERS, Kind.RESULTS)


def core_commands(app: GameApp) -> list[Command]:
    core = _Core(app)
    alone = _alone(app)
    # 'Next' only where computer players sit: in a game for one it would be a key that never applies.
    with_others = [
        command("next", tw.KEY_HELP["next"], core.next, when=lambda: app.session.waiting),
    ] if app.session.computer_seats else []
    return [
        *with_others,
        *network_commands(app),
        command("repeat", tw.KEY_HELP["repeat"], core.repeat),
        command("history-older", tw.KEY_HELP["history-older"], core.history("older")),
        command("history-newer", tw.KEY_HELP["history-newer"], core.history("newer")),
        command("history-oldest", tw.KEY_HELP["history-oldest"], core.history("oldest")),
        command("history-newest", tw.KEY_HELP["history-newest"], core.history("newest")),
        command("history-filter", tw.KEY_HELP["history-filter-alone" if alone else "history-filter"],
                core.history_filter),
        command("verbosity", tw.KEY_HELP["verbosity"], core.verbosity),
        command("cues", tw.KEY_HELP["cues"], core.cues),
        command("help", tw.KEY_HELP["help"], core.help),
        command("menu", tw.KEY_HELP["menu"], core.menu, in_menu=False),
        command("settings", tw.KEY_HELP["settings-alone" if alone else "settings"], core.settings),
        *([command("new-table", tw.KEY_HELP["new-table"], core.new_table),
           command("play-online", tw.KEY_HELP["play-online"], core.play_online)]
          if app.session.network is None else []),
        command("save", tw.KEY_HELP["save"], core.save),
        command("undo", tw.KEY_HELP["undo-network" if app.session.network is not None
                                    else "undo-alone" if alone else "undo"], core.undo),
        command("quit", tw.KEY_HELP["quit"], core.quit),
    ]


def network_commands(app: GameApp) -> list[Command]:
    """Chat, the seats and handing a seat over: only at a table on a server (see session_api.TableTalk)."""
    talk = app.session.network
    if talk is None:
        return []
    from speech import net_words as nw
    from speech.i18n import _

    def chat(key: str = "") -> None:
        from access_game.ui.text_entry import TextEntry

        app.open(TextEntry(_(nw.CHAT_OPENING), app.say_line, on_text=talk.chat, cancelled=_(nw.CHAT_CANCELLED)))

    def seats(key: str = "") -> None:
        talk.describe_table()

    def hand_over(key: str = "") -> None:
        """Before the deal the host gives a free seat to a computer player; once the game is on, anyone
        here votes for a computer player to play for a player who is away, until they are back."""
        me = app.session.human_seat
        if talk.dealt:
            away = [s for s in talk.seats() if s.human and not s.connected and not s.stand_in and s.seat != me]
            title, run = _(nw.STAND_IN_TITLE), talk.stand_in
        else:
            if not talk.is_host:
                app.session.say(_(nw.NOT_HOST), kind=Kind.SYSTEM, urgent=True)
                return
            away = [s for s in talk.seats() if s.human and not s.connected and s.seat != me]
            title, run = _(nw.HAND_OVER_TITLE), talk.hand_over
        if not away:
            app.session.say(_(nw.NOBODY_AWAY), kind=Kind.SYSTEM, urgent=True)
            return
        items = [_seat_item(nw.seat_label(s.seat, s.name), s.seat, run) for s in away]
        app.open(ListMenu(title, items, app.say_line, prompt=N_("seat")))

    def remove(key: str = "") -> None:
        """The host chooses a player who is here to remove from the table."""
        if not talk.is_host:
            app.session.say(_(nw.NOT_HOST_REMOVE), kind=Kind.SYSTEM, urgent=True)
            return
        me = app.session.human_seat
        here = [s for s in talk.seats() if s.human and s.connected and s.seat != me]
        if not here:
            app.session.say(_(nw.NOBODY_TO_REMOVE), kind=Kind.SYSTEM, urgent=True)
            return
        items = [_seat_item(nw.seat_label(s.seat, s.name), s.seat, talk.remove) for s in here]
        app.open(ListMenu(_(nw.REMOVE_TITLE), items, app.say_line, prompt=N_("seat")))

    return [
        command("chat", _(nw.KEY_HELP["chat"]), chat),
        command("seats", _(nw.KEY_HELP["seats"]), seats),
        command("hand-over", _(nw.KEY_HELP["hand-over"]), hand_over),
        command("remove", _(nw.KEY_HELP["remove"]), remove),
    ]


def _levels(app: GameApp) -> tuple[str, ...]:
    """The computer players' levels of the game being played (every level, for a game this program does
    not know: a network table's)."""
    from access_game.catalog import UnknownGame, game

    try:
        return game(app.session.ruleset_name).levels or LEVELS
    except UnknownGame:
        return LEVELS


def _alone(app: GameApp) -> bool:
    """A game for one (solitaire): no other players, so no words about them or their settings."""
    return len(app.session.players) == 1


def _filters(app: GameApp) -> tuple[Kind | None, ...]:
    return tuple(k for k in HISTORY_FILTERS if k != Kind.OTHERS) if _alone(app) else HISTORY_FILTERS


def _seat_item(name: str, seat: int, run: Callable[[int], None]) -> MenuItem:
    return MenuItem(label=lambda: name, run=lambda: run(seat))


class _Core:
    def __init__(self, app: GameApp) -> None:
        self.app = app
        self.filter_index = 0

    @property
    def session(self) -> Any:
        return self.app.session

    def say(self, text: str, kind: Kind = Kind.INFO) -> None:
        self.session.say(text, kind=kind)

    @property
    def filters(self) -> tuple[Kind | None, ...]:
        """The history's filters; alone at the table (solitaire) there are no other players' messages."""
        return _filters(self.app)

    def next(self, key: str = "") -> None:
        if not self.session.step():
            self.say(tw.NOBODY_WAITING)

    def repeat(self, key: str = "") -> None:
        # The announcer says it again (or that nothing was said yet); a re-read is not added to history.
        self.session.announcer.repeat_last()

    def history(self, where: str) -> Any:
        def browse(key: str = "") -> None:
            getattr(self.session.announcer.history, where)()

        return browse

    def history_filter(self, key: str = "") -> None:
        self.filter_index = (self.filter_index + 1) % len(self.filters)
        kind = self.filters[self.filter_index]
        # Reads the newest message of that kind, prefixed by what the history now shows.
        self.session.announcer.history.set_filter(kind)

    def verbosity(self, key: str = "") -> None:
        s = self.session.settings
        nxt = VERBOSITIES[(VERBOSITIES.index(s.verbosity) + 1) % len(VERBOSITIES)]
        self.app.change_settings(s.replace(verbosity=nxt))
        self.say(tw.verbosity_words(nxt), Kind.SYSTEM)

    def cues(self, key: str = "") -> None:
        s = self.session.settings
        self.app.change_settings(s.replace(cues=not s.cues))
        self.say(tw.cues_words(not s.cues), Kind.SYSTEM)

    def help(self, key: str = "") -> None:
        """The help as a menu of sections (access_game.ui.help_menu)."""
        from access_game.ui.help_menu import HelpMenu, help_sections

        def read(lines: list[str]) -> None:
            for line in lines:
                self.session.say(line, kind=Kind.INFO)

        self.app.open(HelpMenu(self.app.table.title, help_sections(self.app.registry.grouped()), self.app.say_line,
                               read, self.app._dispatch))

    def menu(self, key: str = "") -> None:
        items = [_menu_item(c) for c in self.app.registry.menu_items()]
        self.app.open(ListMenu(tw.ACTION_MENU, items, self.app.say_line, prompt=N_("menu")))

    def settings(self, key: str = "") -> None:
        self.app.open(ListMenu(tw.SETTINGS_MENU, settings_items(self.app), self.app.say_line, prompt=N_("settings"),
                               hint=tw.SETTINGS_HINT))

    def new_table(self, key: str = "") -> None:
        self.app.set_up_table()

    def play_online(self, key: str = "") -> None:
        from access_game.ui.online_entry import ask_online

        ask_online(self.app)

    def save(self, key: str = "") -> None:
        self.session.save_now()

    def undo(self, key: str = "") -> None:
        """Ctrl+Z: the session takes the move back (or says why not); the table then follows the game as
        it now stands, its hand and cursors as they were before the move."""
        move = self.session.undo()
        if move is not None:
            self.app.table.undone(move)

    def quit(self, key: str = "") -> None:
        if self.session.over:
            self.app.quit_now(tw.THANK_YOU)
            return
        self.app.open(Confirm(tw.QUIT_QUESTION, self.app.say_line, on_yes=lambda: self.app.quit_now(tw.GOODBYE),
                              on_no=lambda: self.say(tw.GOING_ON), prompt=N_("quit y/n")))


def _menu_item(command: Command) -> MenuItem:
    return MenuItem(label=lambda: f"{_(command.description).rstrip('.')}, {command.keys_text}",
                    run=lambda: command.handler(""))


def _cycle(choices: tuple[str, ...], value: str, step: int) -> str:
    return choices[(choices.index(value) + step) % len(choices)]


def settings_items(app: GameApp) -> list[MenuItem]:
    """The settings menu: each item says its value; Left/Right or Enter change it and it is kept at once."""

    def current() -> Any:
        return app.session.settings

    def choice(field: str, choices: tuple[str, ...]) -> MenuItem:
        return MenuItem(
            label=lambda: tw.setting_entry(field, getattr(current(), field)),
            adjust=lambda step: app.change_settings(
                current().replace(**{field: _cycle(choices, getattr(current(), field), step)})),
        )

    def flag(field: str) -> MenuItem:
        return MenuItem(
            label=lambda: tw.flag_entry(field, getattr(current(), field)),
            adjust=lambda step: app.change_settings(current().replace(**{field: not getattr(current(), field)})),
        )

    def rate(step: int) -> None:
        lo, hi = RATE_RANGE
        app.change_settings(current().replace(rate=max(lo, min(hi, current().rate + 20 * step))))

    def pace(step: int) -> None:
        app.change_settings(current().replace(pace=_cycle(PACES, current().pace, step)))

    def number(field: str, bounds: tuple[int, int], by: int) -> Callable[[int], None]:
        def adjust(step: int) -> None:
            lo, hi = bounds
            app.change_settings(current().replace(**{field: max(lo, min(hi, getattr(current(), field) + by * step))}))
        return adjust

    alone = _alone(app)  # computer players' pace and level, and buy questions, mean nothing in a game for one
    levels = _levels(app)

    def level(step: int) -> None:
        """The next level the game being played has (a level it lacks, set in another game, counts as
        its strongest: the level its next game would be played at)."""
        now = current().level
        at = levels.index(now) if now in levels else len(levels) - 1
        app.change_settings(current().replace(level=levels[(at + step) % len(levels)]))

    return [
        choice("speech", SPEECH_CHOICES),
        MenuItem(label=lambda: tw.rate_entry(current().rate), adjust=rate),
        choice("voice", VOICE_CHOICES),
        MenuItem(label=lambda: tw.pitch_entry(current().pitch), adjust=number("pitch", PITCH_RANGE, 10)),
        MenuItem(label=lambda: tw.volume_entry(current().volume), adjust=number("volume", VOLUME_RANGE, 10)),
        choice("verbosity", VERBOSITIES),
        choice("cards", CARD_DISPLAYS),
        flag("cues"),
        *([] if alone else [flag("cue_panning")]),
        *([] if alone else [MenuItem(label=lambda: tw.pace_entry(current().pace == "all"), adjust=pace)]),
        flag("hints"),
        *([flag("expert_hints")] if "expert" in levels else []),
        *([] if alone else [flag("buy_questions"),
                            MenuItem(label=lambda: tw.setting_entry("level", current().level), adjust=level)]),
        flag("news_on_prompt"),
        choice("language", LANGUAGE_CHOICES),
        choice("braille_words", BRAILLE_WORDS),
        flag("ten_as_x"),
        flag("wild_sign"),
        flag("positions"),
        *rule_option_items(app),
    ]


def rule_option_items(app: GameApp) -> list[MenuItem]:
    """The rule options of the game being played (other games' choices are kept, not shown): each is
    kept in settings and applies from the next new game of this game, never to the game in progress."""
    from access_game.catalog import UnknownGame, game
    from speech.option_words import option_entry

    try:
        entry = game(app.session.ruleset_name)
    except UnknownGame:
        return []

    def item(opt: Any) -> MenuItem:
        values = opt.setting_values()

        def value() -> Any:
            return app.session.settings.rule_options(entry.name).get(opt.name, values[0])

        def adjust(step: int) -> None:
            now = value()
            at = values.index(now) if now in values else 0
            app.change_settings(app.session.settings.with_rule(entry.name, opt.name, values[(at + step) % len(values)]))

        return MenuItem(label=lambda: option_entry(_(entry.title), opt.setting, value()), adjust=adjust)

    return [item(opt) for opt in entry.setting_options()]
