"""What the lobby of a server says: its list's lines (one item a line), who comes and goes, the
server-wide chat and private messages, a table being watched, the questions that set a table up,
moderation and the lobby's keys.

Every sentence goes through :func:`speech.i18n._` with named placeholders, like every words module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from speech import net_words
from speech.i18n import N_, _, ngettext
from speech.net_words import names_list

__all__ = [
    "CHAT_OPENING",
    "CODE_QUESTION",
    "HELP",
    "JOIN_BY_CODE",
    "KEY_HELP",
    "LIST_EMPTY",
    "LOBBY_KEYS_INTRO",
    "LOBBY_KEYS_TITLE",
    "PUBLIC_QUESTION",
    "TELL_OPENING",
    "TELL_WHO",
    "WATCHING_HELP",
    "WATCH_CODE_QUESTION",
    "WHAT_IT_DOES",
    "broadcast",
    "computers_question",
    "done",
    "error_words",
    "game_item",
    "lobby_opened",
    "muted",
    "new_table",
    "no_history",
    "no_scores",
    "online",
    "presence",
    "private_line",
    "said_line",
    "seats_question",
    "spectator_chat",
    "table_gone",
    "table_item",
    "unmuted",
    "watching",
    "watching_ended",
]

JOIN_BY_CODE = N_("Join a table by its code.")
LOBBY_KEYS_TITLE = N_("The lobby of a server")
WHAT_IT_DOES = N_("What it does")
LOBBY_KEYS_INTRO = N_("`access-game online --server URL --name NAME` opens the server's lobby: a list of one "
                      "item a line (join by code, a new table of each game, the open tables), read and shown "
                      "as at the table. L, Page Up, Page Down, Ctrl+Home, Ctrl+End and F1 work as at the table; "
                      "Ctrl+C leaves at once.")
LIST_EMPTY = N_("No open tables yet: Enter on a game opens one.")
CHAT_OPENING = N_("Chat to everyone in the lobby: type a line, Enter sends it, Escape cancels.")
TELL_WHO = N_("Private message: type the name of the person, Enter, then the message.")
TELL_OPENING = N_("Message: type a line, Enter sends it, Escape cancels.")
CODE_QUESTION = N_("Table code: type it, Enter joins.")
WATCH_CODE_QUESTION = N_("Table code: type it, Enter watches the table.")
PUBLIC_QUESTION = N_("List the table in the lobby for anyone to join? Y: listed; N: by its code only.")
WATCHING_HELP = N_("Watching. S says the totals, / chats at the table, L repeats, Page Up and Page Down step "
                   "through what was said, Escape goes back to the list.")
HELP = N_("Up and Down step through the list, Home and End go to its ends. Enter joins the table or opens a "
          "table of the game. Shift+E watches the table. Slash chats to everyone, Shift+T sends a private "
          "message, P says who is online, Shift+M mutes or unmutes someone by name. L repeats, Page "
          "Up and Page Down step through the messages, F filters them. Q leaves.")


def lobby_opened(server: str, tables: int) -> str:
    return ngettext("Lobby of {server}: {count} open table. F1 for the keys.",
                    "Lobby of {server}: {count} open tables. F1 for the keys.", tables).format(
        server=server, count=tables)


def game_item(title: str, low: int, high: int) -> str:
    """A game in the list: Enter opens a table of it (a game for one number of players says that number)."""
    if low == high:
        return ngettext("New table of {title}, {count} player.", "New table of {title}, {count} players.",
                        low).format(title=title, count=low)
    return _("New table of {title}, {low} to {high} players.").format(title=title, low=low, high=high)


def table_item(*, title: str, host: str, free: int, seats: int, computers: int, started: bool,
               watchable: bool, options: str) -> str:
    """One open table in the list, in one line: game, host, seats free, computer players, rules."""
    if started:
        state = _("being played, open to watch") if watchable else _("being played")
    else:
        state = ngettext("{free} seat free of {seats}", "{free} seats free of {seats}", free).format(
            free=free, seats=seats)
    people = ngettext("{count} computer player", "{count} computer players", computers).format(count=computers)
    line = _("{title}, host {host}: {state}, {computers}.").format(title=title, host=host, state=state,
                                                                   computers=people)
    return f"{line} {options}" if options else line


def new_table(title: str) -> str:
    return _("A new table of {title}.").format(title=title)


def seats_question(low: int, high: int) -> str:
    return _("Players at the table, computer players included ({low} to {high}): type a number, Enter.").format(
        low=low, high=high)


def fixed_seats(count: int) -> str:
    """The players of a game that has one number of them: said, not asked."""
    return ngettext("{count} player at the table.", "{count} players at the table.", count).format(count=count)


def table_opened(host: str, title: str) -> str:
    """Someone opened a public table: said instead of their leaving the lobby for it."""
    return _("{name} opened a table of {title}.").format(name=host, title=title)


def computers_question(most: int) -> str:
    return _("How many of them computer players (0 to {most})? Type a number, Enter.").format(most=most)


def online(names: Sequence[str]) -> str:
    return ngettext("Online: {names}.", "Online ({count}): {names}.", len(names)).format(
        names=names_list(names), count=len(names))


def presence(name: str, here: bool) -> str:
    return (_("{name} is online.") if here else _("{name} left.")).format(name=name)


def said_line(name: str, text: str) -> str:
    return _("{name} to everyone: {text}").format(name=name, text=text)


def private_line(sender: str, to: str, text: str, *, mine: bool) -> str:
    if mine:
        return _("You to {name}: {text}").format(name=to, text=text)
    return _("{name} to you: {text}").format(name=sender, text=text)


def spectator_chat(name: str, text: str) -> str:
    return _("{name} (watching): {text}").format(name=name, text=text)


def broadcast(name: str, text: str) -> str:
    return _("Message from the server's administrator {name}: {text}").format(name=name, text=text)


def watching(title: str, code: str) -> str:
    return _("You are watching {title} table {code}. Escape goes back to the list.").format(title=title, code=code)


def watching_ended() -> str:
    return _("You stopped watching; back in the lobby.")


def table_gone() -> str:
    return _("That table is no longer open.")


def muted(name: str) -> str:
    return _("{name} muted: you no longer hear their messages.").format(name=name)


def unmuted(name: str) -> str:
    return _("{name} unmuted.").format(name=name)


def done(act: str, *, name: str = "", code: str = "") -> str:
    """An administrator's act carried out, said to them."""
    if act == "broadcast":
        return _("Your message went to everyone connected.")
    if act == "close":
        return _("Table {code} closed.").format(code=code)
    if act == "ban":
        return _("{name} banned.").format(name=name)
    if act == "unban":
        return _("{name} let back in.").format(name=name)
    return _("Done.")


def no_scores() -> str:
    return _("No scores yet.")


def no_history() -> str:
    return _("No messages yet.")


#: Each command of the lobby and what it does (docs/keys.md, the lobby's section, is written from these
#: and the keys access_game.ui.lobby_keys gives them).
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "lobby-previous": N_("The item before in the list."),
    "lobby-next": N_("The item after in the list."),
    "lobby-first": N_("The first item: joining a table by its code."),
    "lobby-last": N_("The last item of the list."),
    "lobby-act": N_("Join the table (or watch it, once it is being played); on a game, open a new table of it: "
                    "the players, the computer players, listed in the lobby or by code only."),
    "lobby-watch": N_("Watch the table: hear its game as every player sees it, without the cards of any hand. On "
                      "the first item: watch a table by its code."),
    "lobby-chat": N_("Chat: a line to everyone in the lobby (while watching: to everyone at the table). An "
                     "administrator's line may be /broadcast TEXT, /close CODE, /ban NAME, /ban-address NAME "
                     "(its addresses too) or /unban NAME."),
    "lobby-tell": N_("A private message: the person's name (the last messages with them are said again), then "
                     "the message."),
    "lobby-who": N_("Who is online."),
    "lobby-mute": N_("Mute someone by name: you no longer hear their messages (again to hear them)."),
    "lobby-history-filter": N_("As at the table: the message history shows everything, or one kind only (the "
                               "messages of others: chat and private messages)."),
    "lobby-scores": N_("While watching: the totals so far."),
    "lobby-leaderboard": N_("The leaderboard of the game of the item you are on (or of the first game): the best "
                            "rated players, one a line."),
    "lobby-record": N_("Your record (signed in): your rating at each game, then your last games, one a line."),
    "lobby-leave": N_("Leave the lobby (while watching: stop watching, back to the list)."),
    "lobby-back": N_("While watching: stop watching, back to the list."),
})

_ERRORS: Mapping[str, str] = MappingProxyType({
    "no_one": N_("Nobody of that name is online."),
    "not_watchable": N_("That table may not be watched."),
    "no_table": N_("No table has that code, or it has no free seat."),
    "not_admin": N_("Only the server's administrators may do that."),
    "banned": N_("You are banned from this server."),
    "too_many": N_("Too many at once: wait a little and try again."),
    "closed": N_("An administrator closed the table."),
    "bad_message": N_("The server did not take that."),
    "protocol_version": N_("The server speaks another version of the protocol: update access-game."),
})


def error_words(code: str, message: str, why: Any = None, *, retry_after: int | None = None) -> str:
    known = _ERRORS.get(code)
    return _(known) if known is not None else net_words.error_words(code, message, why, retry_after=retry_after)
