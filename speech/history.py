"""What the player has been told, to hear again: the last message, older and newer ones, by kind.

A sighted player glances back at the table; a blind player browses history. Each move re-reads the
message it lands on through the announcer (a re-read is not added to history again). A cursor stays
where the player left it until something new is said, then it follows the newest message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from speech.i18n import N_, _
from speech.utterance import Kind, Utterance

__all__ = ["Entry", "History"]


@dataclass(frozen=True, slots=True)
class Entry:
    utterance: Utterance
    text: str
    time: float

    @property
    def kind(self) -> Kind:
        return self.utterance.kind


#: What browsing one kind says first, and when there is none of that kind (None: every kind).
_LABELS: dict[Kind | None, tuple[str, str]] = {
    None: (N_("All messages. "), N_("No messages.")),
    Kind.MY_TURN: (N_("Messages of your turns. "), N_("No messages of your turns.")),
    Kind.OTHERS: (N_("Messages of the other players. "), N_("No messages of the other players.")),
    Kind.RESULTS: (N_("Results. "), N_("No results yet.")),
    Kind.SYSTEM: (N_("Messages of the program. "), N_("No messages of the program.")),
    Kind.INFO: (N_("Answers to your keys. "), N_("No answers to your keys yet.")),
}

#: reader(utterance, prefix): says a message again, with a short note before it ("Oldest. ").
Reader = Callable[[Utterance, str], None]


class History:
    def __init__(self, reader: Reader | None = None, *, limit: int = 2000) -> None:
        self._reader = reader
        self.limit = limit
        self.entries: list[Entry] = []
        self._cursor: int | None = None
        self.filter: Kind | None = None

    def add(self, entry: Entry) -> None:
        self.entries.append(entry)
        if len(self.entries) > self.limit:
            drop = len(self.entries) - self.limit
            del self.entries[:drop]
        self._cursor = self._last_match()

    def __len__(self) -> int:
        return len(self.entries)

    # ----------------------------------------------------------------- finding
    def _matches(self, i: int) -> bool:
        return self.filter is None or self.entries[i].kind == self.filter

    def _last_match(self) -> int | None:
        for i in range(len(self.entries) - 1, -1, -1):
            if self._matches(i):
                return i
        return None

    def _first_match(self) -> int | None:
        for i in range(len(self.entries)):
            if self._matches(i):
                return i
        return None

    def matching(self) -> list[Entry]:
        return [e for i, e in enumerate(self.entries) if self._matches(i)]

    # ----------------------------------------------------------------- moving
    def _read(self, index: int | None, prefix: str = "") -> Utterance | None:
        if index is None:
            if self._reader is not None:
                self._reader(Utterance((_(_LABELS[self.filter][1]),)), "")
            return None
        self._cursor = index
        utterance = self.entries[index].utterance
        if self._reader is not None:
            self._reader(utterance, prefix)
        return utterance

    def current(self) -> Utterance | None:
        if self._cursor is None or self._cursor >= len(self.entries) or not self._matches(self._cursor):
            self._cursor = self._last_match()
        return self._read(self._cursor)

    def older(self) -> Utterance | None:
        start = self._cursor if self._cursor is not None else len(self.entries)
        for i in range(min(start, len(self.entries)) - 1, -1, -1):
            if self._matches(i):
                return self._read(i)
        return self._read(self._first_match(), _("Oldest. "))

    def newer(self) -> Utterance | None:
        start = self._cursor if self._cursor is not None else len(self.entries)
        for i in range(start + 1, len(self.entries)):
            if self._matches(i):
                return self._read(i)
        return self._read(self._last_match(), _("Newest. "))

    def oldest(self) -> Utterance | None:
        return self._read(self._first_match())

    def newest(self) -> Utterance | None:
        return self._read(self._last_match())

    def set_filter(self, kind: Kind | None) -> Utterance | None:
        """Browse one kind only (None: everything); reads the newest message of that kind."""
        self.filter = kind
        index = self._last_match()
        label = _(_LABELS[kind][0])
        if index is None:
            return self._read(None)
        return self._read(index, label)
