"""What a seat at a network table hears besides the game itself: the table code, who joins, who is away,
whom the table waits for, chat lines, the connection, and the keys that only a network table has.

Every sentence goes through :func:`speech.i18n._` with named placeholders, like every other words
module; the game's own events are said by the game's narrator, exactly as in a game at one terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.reason_data import ReasonDataError, reason_from_data
from speech.i18n import N_, _, ngettext, number
from speech.refusal_words import refusal_words

__all__ = [
    "CHAT_CANCELLED",
    "CHAT_OPENING",
    "CONNECTION_LOST",
    "DEAL_AGAIN_QUESTION",
    "HAND_OVER_TITLE",
    "HELP_LINE",
    "HOST_DEALS_AGAIN",
    "KEPT_BY_SERVER",
    "KEY_HELP",
    "LOBBY_LINE",
    "MOVE_REFUSED",
    "NOBODY_AWAY",
    "NOBODY_TO_REMOVE",
    "NOT_HOST",
    "NOT_HOST_REMOVE",
    "NO_ANSWER",
    "RECONNECTED",
    "REMOVE_TITLE",
    "SERVER_BUSY",
    "STAND_IN_TITLE",
    "WAIT_FOR_HOST",
    "YOU_ARE_HOST",
    "chat_line",
    "chat_too_long",
    "crashed",
    "dealing_again",
    "error_words",
    "free_seat_handed_over",
    "game_begins",
    "handed_over",
    "host_now",
    "join_hint",
    "joined",
    "left_before_deal",
    "left_before_start",
    "left_table",
    "names_list",
    "no_server",
    "no_table_code",
    "player_away",
    "player_back",
    "plays_again",
    "refused_seat",
    "seat_entry",
    "seat_kept",
    "seat_label",
    "seated",
    "server_error",
    "server_not_private",
    "stand_in_votes",
    "stands_in",
    "table_code",
    "waiting_for",
    "waiting_for_players",
]

CONNECTION_LOST = N_("Connection lost; reconnecting.")
RECONNECTED = N_("Reconnected.")
#: The server cannot look the table up just now (its processes' shared store failed): said once, and
#: the program asks again until it answers, the seat's token kept.
SERVER_BUSY = N_("The server is busy; trying again until it answers.")
CHAT_OPENING = N_("Chat: type a line, Enter sends it to everyone at the table, Escape cancels.")
CHAT_CANCELLED = N_("Chat cancelled.")
HAND_OVER_TITLE = N_("Hand a seat to a computer player")
STAND_IN_TITLE = N_("Let a computer player play for a player who is away")
NOBODY_AWAY = N_("Nobody is away: only the seat of a player who is not connected, or a seat still free before "
                 "the deal, can be handed over.")
NOT_HOST = N_("Only the host can hand a free seat to a computer player.")
REMOVE_TITLE = N_("Remove a player from the table")
NOT_HOST_REMOVE = N_("Only the host can remove a player from the table.")
NOBODY_TO_REMOVE = N_("Nobody else is here to remove.")
MOVE_REFUSED = N_("that move is not allowed")
NO_ANSWER = N_("The server has not answered that move yet; its news will be said when it comes.")
KEPT_BY_SERVER = N_("The server keeps this table after every move; nothing is saved here.")
HOST_DEALS_AGAIN = N_("The host deals the next game at this table: stay here for it, or Ctrl+C to leave.")
YOU_ARE_HOST = N_("You are the host now: you may deal the next game, and give a free seat to a computer player.")
#: The question the host hears when a game at the table ends.
DEAL_AGAIN_QUESTION = N_("Deal a new game to the same seats?")
#: What everyone else hears then.
WAIT_FOR_HOST = N_("The host may deal a new game to the same seats: stay here for it, or Ctrl+C to leave.")
#: The line that opens the table (after the game's title).
HELP_LINE = N_("F1 lists the keys; Escape opens a menu of every action; / to chat.")
#: Said once the host (or a player who joined) sits down and the other seats are still free.
LOBBY_LINE = N_("While the seats fill: / to chat, Shift+U says the seats, Shift+V lets the host give a free seat "
                "to a computer player, F1 lists the keys, Ctrl+C leaves.")

#: What each network table key does, for F1 help, the Escape menu and docs/keys.md.
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "chat": N_("Chat: type a line for everyone at the table."),
    "seats": N_("The seats: who plays each, who is away, and whom the table waits for."),
    "hand-over": N_("Let a computer player play for a player who is away, until they are back: the people here "
                    "vote. Before the deal, the host gives a free seat to a computer player."),
    "remove": N_("The host removes a player who is here from the table: before the deal their seat is free again; "
                 "during the game a computer player takes it."),
})


def names_list(names: Sequence[str]) -> str:
    """'Ben', 'Ben and Carla', 'Ben, Carla and David'."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def table_code(code: str) -> str:
    return _("Table code: {code}").format(code=code)


def join_hint(server: str, code: str) -> str:
    return _("The other players join with: access-game join --server {server} {code} --name NAME").format(
        server=server, code=code)


def seated(name: str, seat: int, title: str, code: str) -> str:
    return _("{name}, you sit in seat {seat} at {title} table {code}.").format(
        name=name, seat=seat + 1, title=title, code=code)


def waiting_for_players(taken: int, humans: int) -> str:
    return ngettext("Waiting for players to join: {taken} of {humans} seats taken.",
                    "Waiting for players to join: {taken} of {humans} seats taken.", taken).format(
        taken=taken, humans=humans)


def waiting_for(names: Sequence[str]) -> str:
    return _("Waiting for {names}.").format(names=names_list(names))


def game_begins() -> str:
    return _("Everyone is here: the game begins.")


def dealing_again(host: str) -> str:
    return _("{host} deals a new game at this table.").format(host=host)


def left_table(name: str) -> str:
    return _("{name} left the table; their seat is free for the next game.").format(name=name)


def left_before_deal(name: str) -> str:
    return _("{name} left the table; their seat is free.").format(name=name)


def joined(name: str) -> str:
    return _("{name} joined the table.").format(name=name)


def player_away(name: str) -> str:
    return _("{name} is away.").format(name=name)


def player_back(name: str) -> str:
    return _("{name} is back.").format(name=name)


def handed_over(name: str) -> str:
    return _("A computer player takes {name}'s seat.").format(name=name)


def host_now(name: str) -> str:
    return _("{name} is the host now.").format(name=name)


def stand_in_votes(name: str, votes: int, needed: int) -> str:
    """How the vote for a computer player to play an absent player's seat stands."""
    return ngettext("{votes} vote of {needed} needed for a computer player to play for {name} while away.",
                    "{votes} votes of {needed} needed for a computer player to play for {name} while away.",
                    votes).format(votes=votes, needed=needed, name=name)


def stands_in(name: str) -> str:
    return _("A computer player plays for {name} until {name} is back.").format(name=name)


def plays_again(name: str) -> str:
    return _("{name} is back and plays again.").format(name=name)


def server_not_private(url: str) -> str:
    """Said once when a server on another machine is reached without encryption."""
    return _("The server at {url} is not on this computer and ws:// is not encrypted: anyone on the way can "
             "read the game and your seat's token. Ask for a wss:// address.").format(url=url)


def chat_line(name: str, text: str) -> str:
    return _("{name} says: {text}").format(name=name, text=text)


def chat_too_long(limit: int) -> str:
    return _("A chat line holds at most {limit} characters; it was not sent.").format(limit=limit)


def free_seat_handed_over(seat: int) -> str:
    return _("A computer player takes seat {seat}.").format(seat=seat + 1)


def seat_label(seat: int, name: str) -> str:
    """A seat in the hand-over menu: the player's name, or 'Seat 3, free' before anyone sits there."""
    return name or _("Seat {seat}, free").format(seat=seat + 1)


def seat_entry(seat: int, name: str, *, you: bool, human: bool, connected: bool, waited: bool,
               stand_in: bool = False) -> str:
    """One seat of the seats list: 'Seat 2, Ben, away, waited for'."""
    if not name and not human:  # before the deal names it
        who = _("Seat {seat}, computer player").format(seat=seat + 1)
    elif not name:  # before the deal: nobody has sat down here yet
        who = _("Seat {seat}, free").format(seat=seat + 1)
    elif stand_in:
        who = _("Seat {seat}, {name}, away, a computer player plays for them").format(seat=seat + 1, name=name)
    elif you:
        who = _("Seat {seat}, {name}, you").format(seat=seat + 1, name=name)
    elif not human:
        who = _("Seat {seat}, {name}, computer player").format(seat=seat + 1, name=name)
    elif connected:
        who = _("Seat {seat}, {name}, here").format(seat=seat + 1, name=name)
    else:
        who = _("Seat {seat}, {name}, away").format(seat=seat + 1, name=name)
    if waited:
        who = _("{seat}, the table waits for this player").format(seat=who)
    return who + "."


#: What the server's error codes mean for the player (docs/protocol.md lists the codes).
_ERRORS: Mapping[str, str] = MappingProxyType({
    "no_table": N_("There is no table with a free seat and that code on this server."),
    "bad_token": N_("That seat cannot be taken back: the server does not know its token."),
    "handed_over": N_("The host gave your seat to a computer player."),
    "removed": N_("The host removed you from the table."),
    "closed": N_("An administrator closed the table."),
    "banned": N_("You are banned from this server."),
    "replaced": N_("Your seat was taken up from another terminal."),
    "not_host": N_("Only the host of the table can do that."),
    "not_started": N_("The game begins when every seat is taken."),
    "not_over": N_("A new game at this table can be dealt once this one is over."),
    "too_fast": N_("Too many messages at once; wait a moment."),
    "too_many": N_("The server has had too many requests from this address; try again in a minute."),
    "not_away": N_("That player is here: a computer player can play only for a player who is away."),
    "not_saved": N_("The server could not save that move, so it was not made; try again."),
    "wrong_seat": N_("That seat cannot be given to a computer player."),
    "protocol_version": N_("The server speaks another version of the protocol: update access-game."),
    # Accounts (protocol 3).
    "name_taken": N_("That name, or one that reads like it, belongs to an account or an administrator, or someone "
                     "uses it now: sign in with --sign-in, or choose another name."),
    "bad_name": N_("That name would be heard as the program's own words (a colon, or a sentence such as "
                   "\"Ann is the host now\"): choose another name."),
    "wrong_password": N_("Wrong name or password: nothing was changed."),
    "too_many_tries": N_("Too many password tries: wait a few minutes, then try again."),
    "weak_password": N_("The server refuses that password: at least 8 characters."),
    "not_signed_in": N_("Only an account has a record: start online with --sign-in, or --register to make one."),
    "no_accounts": N_("This server keeps no accounts."),
    "no_account": N_("No account has that name."),
    "unavailable": N_("The server cannot find that table just now; try again in a moment."),
})


def error_words(code: str, message: str, why: Any = None, *, retry_after: int | None = None) -> str:
    """An error from the server, in the player's language: by its code when this program knows it, else
    by its reason (``why``: its key and values, engine.reason_data) when it carries one, else in the
    server's own words; ``retry_after``, the seconds the server said to wait, is said with the words of
    a refusal that has it."""
    if code == "too_many_tries" and retry_after is not None:
        return ngettext("Too many password tries for that name from here: try again in {seconds} second.",
                        "Too many password tries for that name from here: try again in {seconds} seconds.",
                        retry_after).format(seconds=number(retry_after))
    known = _ERRORS.get(code)
    if known is not None:
        return _(known)
    if why is not None:
        try:
            return refusal_words(reason_from_data(why))
        except ReasonDataError:
            pass  # not a reason: the server's words instead
    return server_error(message or code)


def server_error(message: str) -> str:
    return _("The server says: {message}").format(message=message)


def no_server(url: str, reason: str) -> str:
    return _("access-game: cannot reach the server at {url}: {reason}").format(url=url, reason=reason)


def seat_kept(server: str, code: str) -> str:
    return _("Your seat is kept: access-game join --server {server} {code} takes it back.").format(
        server=server, code=code)


def left_before_start() -> str:
    return _("You left the table before the game began.")


def crashed(error: str, server: str, code: str, log: object) -> str:
    """The table stopped on an error of this program: one line, and how to sit down again."""
    where = _(" Details are in {log}.").format(log=log) if log else ""
    return _("access-game: the table stopped ({error}). Your seat is kept: access-game join --server {server} "
             "{code} takes it back.{where}").format(error=error, server=server, code=code, where=where)


def refused_seat(reason: str) -> str:
    return _("access-game: {reason}").format(reason=reason)


def no_table_code(typed: str) -> str:
    """A table code mistyped (at ``join`` or in the lobby): the player is told no table has it, which is
    what went wrong for them, rather than the code's format."""
    return _("No table has the code {code}.").format(code=typed.strip())
