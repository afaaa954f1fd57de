"""Each player's record per game (games, wins, best result, streak), kept as JSON next to the settings.

A record is small and precious: it is written atomically after every finished game, and a file that
cannot be read is never overwritten. It is moved aside under a new name, the player is told where,
and counting starts again, so a damaged file costs nothing that can be recovered by hand.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from access_game.datafiles import DamagedFile, read_json, set_aside
from access_game.settings import atomic_write_text, config_dir
from speech.i18n import _, elide, ngettext

__all__ = ["RECORDS_FORMAT", "Record", "RecordBook", "records_path"]

RECORDS_FORMAT = "access-game-records"
RECORDS_VERSION = 1


def records_path() -> Path:
    return config_dir() / "records.json"


@dataclass(frozen=True, slots=True)
class Record:
    """One player's results in one game.

    The best result is the most piles closed, and among wins the one with the most cards left in
    the stock: a faster win is a better one. ``streak`` counts wins in a row up to the last game.
    """

    games: int = 0
    wins: int = 0
    best_piles: int = 0
    best_won: bool = False
    best_stock_left: int = 0
    streak: int = 0
    best_streak: int = 0
    #: Finished games in which moves were taken back (undo), how many of them were won, and how many
    #: moves were taken back in all: a game with undos is practice, and the record says so.
    undo_games: int = 0
    undo_wins: int = 0
    undos: int = 0
    #: The best result was reached with undos (an equal result without them replaces it).
    best_with_undos: bool = False

    def after(self, *, won: bool, piles_closed: int, stock_left: int, undos: int = 0) -> Record:
        """The record with one more finished game (``undos``: the moves taken back in it)."""
        result = (won, piles_closed, stock_left if won else 0, not undos)
        best = (self.best_won, self.best_piles, self.best_stock_left, not self.best_with_undos)
        won_, piles, left, clean = max(result, best) if self.games else result
        streak = self.streak + 1 if won else 0
        return Record(
            games=self.games + 1,
            wins=self.wins + int(won),
            best_piles=piles,
            best_won=won_,
            best_stock_left=left,
            streak=streak,
            best_streak=max(self.best_streak, streak),
            undo_games=self.undo_games + int(bool(undos)),
            undo_wins=self.undo_wins + int(bool(undos) and won),
            undos=self.undos + undos,
            best_with_undos=not clean,
        )

    def best_words(self, piles: int = 11) -> str:
        if not self.games:
            return _("no games yet")
        best = self._best_words(piles)
        return _("{best}, with undos").format(best=best) if self.best_with_undos else best

    def _best_words(self, piles: int) -> str:
        if self.best_won:
            if not self.best_stock_left:
                return _("won with the last card")
            return ngettext("won with {n} card left", "won with {n} cards left", self.best_stock_left).format(
                n=self.best_stock_left)
        return ngettext("{closed} of {piles} pile closed", "{closed} of {piles} piles closed", piles).format(
            closed=self.best_piles, piles=piles)

    def words(self, player: str = "") -> str:
        """'Your record: 5 games, 1 win; best: won with 3 cards left; streak: 0 (best 1).' Each count
        through the catalog's plural forms, each sentence whole, so every language words it its way."""
        yours = not player or player == "You"
        if not self.games:
            if yours:
                return _("Your record: no games finished yet.")
            return elide(_("{name}'s record: no games finished yet.").format(name=player))
        values = {
            "games": ngettext("{n} game", "{n} games", self.games).format(n=self.games),
            "wins": ngettext("{n} win", "{n} wins", self.wins).format(n=self.wins),
            "best": self.best_words(), "streak": self.streak, "longest": self.best_streak, "name": player}
        if yours:
            text = _("Your record: {games}, {wins}; best: {best}; winning streak {streak} (longest {longest}).").format(
                **values)
        else:
            text = elide(_("{name}'s record: {games}, {wins}; best: {best}; winning streak {streak} "
                           "(longest {longest}).").format(**values))
        return f"{text} {self.undo_words()}" if self.undo_games else text

    def undo_words(self) -> str:
        """'2 games had undos, 1 of them won.': the games played as practice, counted apart."""
        games = ngettext("{n} game had undos", "{n} games had undos", self.undo_games).format(n=self.undo_games)
        return ngettext("{games}, {n} of them won.", "{games}, {n} of them won.", self.undo_wins).format(
            games=games, n=self.undo_wins)

    def to_data(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_data(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise ValueError("a record is a set of named numbers")
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            value = data.get(f.name, f.default)
            if f.name in ("best_won", "best_with_undos"):
                if not isinstance(value, bool):
                    raise ValueError(f"{f.name} is true or false")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{f.name} is a whole number")
            kwargs[f.name] = value
        return cls(**kwargs)


class RecordBook:
    """All records: per game name, per player name. Loads lazily, writes after each change."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or records_path()
        self._records: dict[str, dict[str, Record]] = {}
        #: A sentence for the player when the file could not be used (said once, then cleared).
        self.problem: str | None = None
        self._loaded = False
        #: Set when the file on disk must not be replaced (unreadable and not moved aside).
        self._unwritable = False

    @classmethod
    def in_memory(cls) -> RecordBook:
        """A book that starts empty and is never read from or written to a file (a web seat's: the player
        has no folder on the server)."""
        book = cls()
        book._loaded = book._unwritable = True
        return book

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return
        except DamagedFile as exc:
            data, why = None, str(exc)  # reported and kept aside below, as any other damage
        else:
            why = _("it does not hold records")
        try:
            if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT:
                raise ValueError("not a records file")
            version = data.get("version")
            if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= RECORDS_VERSION:
                raise ValueError("a records file of another version")
            games = data.get("games")
            if not isinstance(games, dict):
                raise ValueError("no games")
            self._records = {
                str(game): {str(player): Record.from_data(rec) for player, rec in players.items()}
                for game, players in games.items()
                if isinstance(players, dict)
            }
        except (Exception, RecursionError):  # whatever is wrong with it: kept aside, never a crash
            self._records = {}
            kept = set_aside(self.path)
            if kept is None:
                self._unwritable = True  # not moved: it must not be overwritten either
                self.problem = _("Your records file could not be used or moved aside; this game's result is not "
                                 "kept.")
                return
            self.problem = _("Your records file was damaged ({why}), so counting starts again. It was kept as "
                             "{kept}.").format(why=why, kept=kept)

    def get(self, game: str, player: str) -> Record:
        self._load()
        return self._records.get(game, {}).get(player, Record())

    def add_result(self, game: str, player: str, *, won: bool, piles_closed: int, stock_left: int,
                   undos: int = 0) -> Record:
        """Count one finished game (``undos``: the moves taken back in it) and write the file; an OSError is
        the caller's to report."""
        self._load()
        record = self.get(game, player).after(won=won, piles_closed=piles_closed, stock_left=stock_left, undos=undos)
        self._records.setdefault(game, {})[player] = record
        if not self._unwritable:
            self._write()
        return record

    def _write(self) -> None:
        data = {
            "format": RECORDS_FORMAT,
            "version": RECORDS_VERSION,
            "games": {g: {p: r.to_data() for p, r in players.items()} for g, players in self._records.items()},
        }
        atomic_write_text(self.path, json.dumps(data, indent=2, sort_keys=True) + "\n")
