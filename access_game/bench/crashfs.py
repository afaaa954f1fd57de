"""A power cut, replayed: what a real process did to a folder, and every state a cut could leave it in.

The process runs under ``strace`` (:func:`strace_command`), which records each system call it makes
on its files: every open, write, fsync, rename, link, unlink and mkdir, from every thread, in the
order the kernel ran them, whatever Python layer made them (a buffered ``fh.write`` is a ``write``
like any other). :func:`read_strace` keeps those under one folder and turns them into a
:class:`Recording`: the folder as it was, then one step per call that changes what a disk could hold.

A power cut after the first ``k`` steps leaves (the rule of POSIX, which every file system keeps at
least):

- of each file, what its last fsync made sure of, then any prefix of what was written to it since,
  the last write of that prefix possibly torn: cut half-way, or its length there and its bytes zeros
  (the ways a file system may leave a write it had not finished);
- of each folder, what its last fsync made sure of, then any of the changes made to its names since
  (a file made, renamed, linked or removed), each there or not: every subset, applied in order.

``Prefix.states`` lists them all, ``least`` is the one where nothing unsynced survived, ``most`` the
folder as the process saw it. The recording checks itself: its last ``most`` must be the real folder
byte for byte, or the replay missed a call and the test says so.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import re
import shutil
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Folder", "Prefix", "Recording", "Step", "read_folder", "read_strace", "strace_command"]

#: The calls that can change what is on disk, and those needed to follow open files.
TRACED = ("openat,open,creat,close,write,pwrite64,writev,lseek,ftruncate,truncate,fsync,fdatasync,"
          "rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat,rmdir,link,linkat")
#: More changes than this unsynced in one folder: only the prefixes of them and each one left out.
SUBSETS_UP_TO = 6


def strace_command(log: Path, *, timed: bool = False) -> list[str]:
    """The command line prefix that records a program's file calls to ``log`` (every string whole, in hex);
    ``timed``: with when each call returned (``Recording.done``, on the clock of ``time.time()``)."""
    return ["strace", "-f", "-qq", "-y", "-xx", "-s", str(1 << 26), *(["-ttt", "-T"] if timed else []),
            "-e", "signal=none", "-e", f"trace={TRACED}", "-o", str(log), "--"]


# ----------------------------------------------------------------------------------------- a folder
@dataclass(frozen=True)
class Folder:
    """A folder's contents: each file's bytes and each subfolder (None), by path relative to it."""

    entries: Mapping[str, bytes | None]
    #: Its key when already known (the replay makes thousands of folders: each file is hashed once).
    known_key: str = field(default="", compare=False, repr=False)

    @property
    def key(self) -> str:
        """The same for two folders with the same names and bytes."""
        return self.known_key or _key((name, None if data is None else _digest(data))
                                      for name, data in sorted(self.entries.items()))

    def write_to(self, target: Path) -> None:
        """Make ``target`` hold exactly this (whatever it held before is removed)."""
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        for name in sorted(self.entries):
            data = self.entries[name]
            if data is None:
                (target / name).mkdir(parents=True, exist_ok=True)
            else:
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                (target / name).write_bytes(data)

    def files(self) -> dict[str, bytes]:
        return {name: data for name, data in self.entries.items() if data is not None}


def _digest(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def _key(entries: Iterable[tuple[str, bytes | None]]) -> str:
    digest = hashlib.sha256()
    for name, data in entries:
        digest.update(name.encode() + (b"/" if data is None else b"=" + data))
    return digest.hexdigest()


def read_folder(root: Path) -> Folder:
    """What ``root`` holds now."""
    entries: dict[str, bytes | None] = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        entries[name] = None if path.is_dir() and not path.is_symlink() else path.read_bytes()
    return Folder(entries)


@dataclass(frozen=True)
class Step:
    """One recorded call: its name, the path it acted on and, for a rename or link, the new name (both
    relative to the recorded folder, "" for the folder itself); ``text`` is the call as strace showed it."""

    call: str
    path: str
    target: str = ""
    text: str = ""

    def __str__(self) -> str:
        return self.text


# ----------------------------------------------------------------------------------------- the model
#: An entry of a folder: ("file", id) or ("dir", id).
Entry = tuple[str, int]


@dataclass
class _File:
    #: ("write", offset, bytes) or ("trunc", size, b"").
    ops: list[tuple[str, int, bytes]] = field(default_factory=list)
    synced: int = 0


@dataclass
class _Dir:
    base: dict[str, Entry] = field(default_factory=dict)
    #: Each change to the folder's names: (name, the entry it names from then on, or None when removed)
    #: for every name it touches (a rename touches two, and is one change: never half of it).
    ops: list[tuple[tuple[str, Entry | None], ...]] = field(default_factory=list)
    synced: int = 0


def _content(ops: list[tuple[str, int, bytes]]) -> bytes:
    data = bytearray()
    for kind, number, chunk in ops:
        if kind == "trunc":
            del data[number:]
            data.extend(bytes(max(0, number - len(data))))
        else:
            if number > len(data):
                data.extend(bytes(number - len(data)))
            data[number:number + len(chunk)] = chunk
    return bytes(data)


def _torn(op: tuple[str, int, bytes], how: str) -> tuple[str, int, bytes]:
    kind, offset, chunk = op
    return (kind, offset, chunk[: len(chunk) // 2] if how == "cut" else bytes(len(chunk)))


@dataclass(frozen=True)
class Prefix:
    """The recording's first ``k`` steps: how many operations each file and folder had by then."""

    recording: Recording
    k: int
    file_ops: Mapping[int, tuple[int, int]]  # id -> (ops so far, synced)
    dir_ops: Mapping[int, tuple[int, int]]

    def most(self) -> Folder:
        """The folder as the process saw it."""
        return self._folder({d: list(range(n)) for d, (n, _s) in self.dir_ops.items()},
                            {f: (n, None) for f, (n, _s) in self.file_ops.items()})

    def least(self) -> Folder:
        """Only what was fsynced."""
        return self._folder({d: list(range(s)) for d, (_n, s) in self.dir_ops.items()},
                            {f: (s, None) for f, (_n, s) in self.file_ops.items()})

    def states(self, *, thorough: bool = False) -> Iterator[Folder]:
        """The states a power cut here could leave, each once.

        Of each file: what was synced, all of it, and all but its last write with that write torn (cut
        half-way, or its length in zeros); of each folder, each subset of its unsynced changes (the
        prefixes and each one left out, past SUBSETS_UP_TO changes). These are taken one at a time,
        every other file and folder at its least, then at its most (what was synced alone, everything):
        a cut that tears one file or drops one name, whatever else reached the disk. ``thorough``: of
        each file every prefix of what was written since its last fsync, each write torn, and every
        combination of every file and folder (for the release run: it grows as the product).
        """
        dirs = [(d, self._name_choices(d)) for d in self.dir_ops]
        files = [(f, self._content_choices(f, thorough)) for f in self.file_ops]
        seen: set[str] = set()
        if thorough:
            combos: Iterable[tuple[dict[int, list[int]], dict[int, tuple[int, str | None]]]] = (
                (named, dict(contents)) for named in (
                    dict(zip((d for d, _a in dirs), names, strict=True))
                    for names in itertools.product(*(alts for _d, alts in dirs)))
                for contents in itertools.product(*(
                    [(f, c) for c in self._content_choices(f, thorough)] for f in self._files_in(named))))
        else:
            combos = (
                (dict(zip((d for d, _a in dirs), names, strict=True)),
                 dict(zip((f for f, _a in files), contents, strict=True)))
                for names, contents in self._one_at_a_time([a for _d, a in dirs], [a for _f, a in files]))
        for named, chosen in combos:
            folder = self._folder(named, chosen)
            if folder.key not in seen:
                seen.add(folder.key)
                yield folder

    def _files_in(self, names: Mapping[int, list[int]]) -> list[int]:
        return sorted({ident for _path, (kind, ident) in self._walk(names) if kind == "file"})

    @staticmethod
    def _one_at_a_time(dirs: list[list[list[int]]], files: list[list[tuple[int, str | None]]]
                       ) -> Iterator[tuple[tuple[list[int], ...], tuple[tuple[int, str | None], ...]]]:
        for end in (0, -1):  # everything else at its least, then at its most
            names = tuple(alts[end] for alts in dirs)
            contents = tuple(alts[end] for alts in files)
            yield names, contents
            for i, alts in enumerate(dirs):
                for alt in alts:
                    yield (*names[:i], alt, *names[i + 1:]), contents
            for i, file_alts in enumerate(files):
                for choice in file_alts:
                    yield names, (*contents[:i], choice, *contents[i + 1:])

    def _folder(self, names: Mapping[int, list[int]], contents: Mapping[int, tuple[int, str | None]]) -> Folder:
        rec = self.recording
        walked = list(self._walk(names))
        key = _key((path, None if kind == "dir" else rec.digest(ident, *contents[ident]))
                   for path, (kind, ident) in walked)
        return Folder({path: None if kind == "dir" else rec.data(ident, *contents[ident])
                       for path, (kind, ident) in walked}, key)

    # --------------------------------------------------------------- the choices
    def _name_choices(self, d: int) -> list[list[int]]:
        """Which of the folder's changes may be on disk (indices into its ops): the least first, all last."""
        n, s = self.dir_ops[d]
        pending = list(range(s, n))
        if len(pending) <= SUBSETS_UP_TO:
            subsets = [list(c) for r in range(len(pending) + 1) for c in itertools.combinations(pending, r)]
        else:
            subsets = [pending[:i] for i in range(len(pending))]
            subsets += [pending[:i] + pending[i + 1:] for i in range(len(pending))] + [pending]
        return [list(range(s)) + sub for sub in subsets]

    def _content_choices(self, f: int, thorough: bool) -> list[tuple[int, str | None]]:
        n, s = self.file_ops[f]
        ops = self.recording.files[f].ops
        cuts = range(s, n) if thorough else range(max(s, n - 1), n)
        out: list[tuple[int, str | None]] = [(j, None) for j in (range(s, n) if thorough else [s] if s < n else [])]
        out += [(j, how) for j in cuts if ops[j][0] == "write" and len(ops[j][2]) > 1 for how in ("cut", "zeros")]
        return [*out, (n, None)]  # the least first, all of it last

    # --------------------------------------------------------------- building a folder
    def _entries(self, d: int, kept: list[int]) -> dict[str, Entry]:
        folder = self.recording.dirs[d]
        entries = dict(folder.base)
        for i in kept:
            for name, entry in folder.ops[i]:
                if entry is None:
                    entries.pop(name, None)
                else:
                    entries[name] = entry
        return entries

    def _walk(self, names: Mapping[int, list[int]]) -> Iterator[tuple[str, Entry]]:
        stack: list[tuple[str, int]] = [("", 0)]
        visited: set[int] = set()
        while stack:
            prefix, d = stack.pop()
            if d in visited:
                continue
            visited.add(d)
            for name, entry in sorted(self._entries(d, names.get(d, [])).items()):
                path = f"{prefix}{name}"
                yield path, entry
                if entry[0] == "dir":
                    stack.append((path + "/", entry[1]))


@dataclass
class Recording:
    """The folder as it was (every byte of it safe on disk), and each step the process took on it."""

    root: Path
    files: dict[int, _File] = field(default_factory=dict)
    dirs: dict[int, _Dir] = field(default_factory=dict)
    #: Each step's call.
    steps: list[Step] = field(default_factory=list)
    #: When each step's call returned (seconds since the epoch; 0.0 when not recorded with ``timed``).
    done: list[float] = field(default_factory=list)
    now: float = 0.0
    _counts: list[tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]]] = field(default_factory=list)
    _cache: dict[tuple[int, int, str | None], tuple[bytes, bytes]] = field(default_factory=dict)

    def prefixes(self) -> Iterator[Prefix]:
        for k, (files, dirs) in enumerate(self._counts):
            yield Prefix(self, k, files, dirs)

    def data(self, f: int, j: int, how: str | None) -> bytes:
        """File ``f`` after its first ``j`` operations (and the next one torn ``how``)."""
        return self._content(f, j, how)[0]

    def digest(self, f: int, j: int, how: str | None) -> bytes:
        return self._content(f, j, how)[1]

    def _content(self, f: int, j: int, how: str | None) -> tuple[bytes, bytes]:
        key = (f, j, how)
        if key not in self._cache:
            ops = self.files[f].ops
            data = _content(ops[:j] if how is None else [*ops[:j], _torn(ops[j], how)])
            self._cache[key] = (data, _digest(data))
        return self._cache[key]

    # --------------------------------------------------------------- building it
    def _mark(self, step: Step | None) -> None:
        if step is not None:
            self.steps.append(step)
            self.done.append(self.now)
        self._counts.append(({f: (len(x.ops), x.synced) for f, x in self.files.items()},
                             {d: (len(x.ops), x.synced) for d, x in self.dirs.items()}))


class _Builder:
    """Applies the recorded calls to the model, keeping the current names of everything."""

    def __init__(self, root: Path, initial: Folder) -> None:
        self.rec = Recording(root)
        self.rec.dirs[0] = _Dir()
        self.ids = itertools.count(1)
        #: open descriptors on our files: (fd, path) -> [is a folder, id, offset, append]
        self.open: dict[tuple[int, str], list[int]] = {}
        for name in sorted(initial.entries, key=lambda n: n.count("/")):
            data = initial.entries[name]
            parent, base = self._parent(name)
            if data is None:
                d = next(self.ids)
                self.rec.dirs[d] = _Dir()
                self.rec.dirs[parent].base[base] = ("dir", d)
            else:
                f = next(self.ids)
                self.rec.files[f] = _File(ops=[("write", 0, data)], synced=1)
                self.rec.dirs[parent].base[base] = ("file", f)
        self.rec._mark(None)

    # --------------------------------------------------------------- names
    def _lookup(self, rel: str) -> Entry | None:
        entry: Entry = ("dir", 0)
        for part in [p for p in rel.split("/") if p]:
            if entry[0] != "dir":
                return None
            found = self._current(entry[1]).get(part)
            if found is None:
                return None
            entry = found
        return entry

    def _current(self, d: int) -> dict[str, Entry]:
        folder = self.rec.dirs[d]
        entries = dict(folder.base)
        for change in folder.ops:
            for name, entry in change:
                if entry is None:
                    entries.pop(name, None)
                else:
                    entries[name] = entry
        return entries

    def _parent(self, rel: str) -> tuple[int, str]:
        head, _, base = rel.rpartition("/")
        entry = self._lookup(head)
        if entry is None or entry[0] != "dir":
            raise AssertionError(f"the recording names {rel!r} in a folder it never saw made")
        return entry[1], base

    def _rename(self, old: str, new: str, step: Step, keep_old: bool = False) -> None:
        entry = self._lookup(old)
        assert entry is not None, f"{step}: {old!r} is not there"
        d_new, b_new = self._parent(new)
        d_old, b_old = self._parent(old)
        if d_new == d_old and not keep_old:  # one change to one folder: both names at once
            self.rec.dirs[d_new].ops.append(((b_new, entry), (b_old, None)))
        else:
            self.rec.dirs[d_new].ops.append(((b_new, entry),))
            if not keep_old:
                self.rec.dirs[d_old].ops.append(((b_old, None),))
        self.rec._mark(step)

    # --------------------------------------------------------------- calls
    def create(self, rel: str, kind: str, step: Step) -> int:
        d, base = self._parent(rel)
        ident = next(self.ids)
        if kind == "dir":
            self.rec.dirs[ident] = _Dir()
        else:
            self.rec.files[ident] = _File()
        self.rec.dirs[d].ops.append(((base, (kind, ident)),))
        self.rec._mark(step)
        return ident

    def unlink(self, rel: str, step: Step) -> None:
        d, base = self._parent(rel)
        self.rec.dirs[d].ops.append(((base, None),))
        self.rec._mark(step)

    def file_op(self, f: int, op: tuple[str, int, bytes], step: Step) -> None:
        self.rec.files[f].ops.append(op)
        self.rec._mark(step)

    def fsync(self, entry: Entry, step: Step) -> None:
        if entry[0] == "dir":
            folder = self.rec.dirs[entry[1]]
            folder.synced = len(folder.ops)
        else:
            file = self.rec.files[entry[1]]
            file.synced = len(file.ops)
        self.rec._mark(step)

    def size(self, f: int) -> int:
        return len(_content(self.rec.files[f].ops))


# ----------------------------------------------------------------------------------------- strace
_TIME = r"(?:(\d+\.\d+) +)?"
_TOOK = r"(?: <(\d+\.\d+)>)?"
_LINE = re.compile(rf"^(\d+) +{_TIME}(\w+)\((.*)\) += (.*?){_TOOK}$")
_UNFINISHED = re.compile(rf"^(\d+) +{_TIME}(\w+)\((.*) <unfinished \.\.\.>$")
_RESUMED = re.compile(rf"^(\d+) +{_TIME}<\.\.\. (\w+) resumed>(.*)\) += (.*?){_TOOK}$")
_FD = re.compile(r"^(-?\d+|AT_FDCWD)<((?:\\x[0-9a-f]{2})*)>$")


def _unhex(text: str) -> bytes:
    return bytes.fromhex(text.replace("\\x", ""))


def _string(arg: str) -> bytes:
    assert arg.startswith('"') and arg.endswith('"'), f"not a whole string: {arg[:80]}"
    return _unhex(arg[1:-1])


def _fd(arg: str) -> tuple[int, str] | None:
    match = _FD.match(arg)
    if not match:
        return None
    fd = -100 if match.group(1) == "AT_FDCWD" else int(match.group(1))
    return fd, os.fsdecode(_unhex(match.group(2))).removesuffix(" (deleted)")


def _calls(log: Path) -> Iterator[tuple[str, list[str], str, float]]:
    """(call, arguments, result, when it returned) in the order the calls returned; a call split by another
    thread's is joined. (strace times a whole line at its start, a resumed one at its end.)"""
    pending: dict[str, tuple[str, str]] = {}
    for line in log.read_text(encoding="ascii").splitlines():
        if match := _LINE.match(line):
            _pid, start, call, args, result, took = match.groups()
            done = float(start or 0) + float(took or 0)
        elif match := _UNFINISHED.match(line):
            pending[match.group(1)] = (match.group(3), match.group(4))
            continue
        elif match := _RESUMED.match(line):
            pid, end, call, rest, result, _took = match.groups()
            head = pending.pop(pid, None)
            if head is None:
                continue
            args, done = head[1] + rest, float(end or 0)
        else:
            continue
        yield call, [a for a in args.split(", ") if a] if args else [], result, done


def read_strace(log: Path, root: Path, initial: Folder) -> Recording:
    """The recording of what the process logged in ``log`` did under ``root`` (which held ``initial``)."""
    root_text = os.path.realpath(root)
    builder = _Builder(root, initial)

    def rel(path: str, base: str = "") -> str | None:
        full = os.path.normpath(os.path.join(base, path)) if base else os.path.normpath(path)
        if full == root_text:
            return ""
        return full[len(root_text) + 1:] if full.startswith(root_text + os.sep) else None

    def at(dirfd_arg: str, path_arg: str) -> str | None:
        path = os.fsdecode(_string(path_arg))
        base = "" if path.startswith("/") else (_fd(dirfd_arg) or (0, ""))[1]
        return rel(path, base)

    for call, args, result, done in _calls(log):
        builder.rec.now = done
        if result.startswith("-1") or result.startswith("?"):
            continue
        text = f"{call}({', '.join(_short(a) for a in args)})"
        step = Step(call, "", "", text)
        if call in ("openat", "open", "creat"):
            if call == "openat":
                name = at(args[0], args[1])
                flags = args[2]
            else:
                name = at("AT_FDCWD<>", args[0])
                flags = "O_CREAT|O_WRONLY|O_TRUNC" if call == "creat" else args[1]
            opened = _fd(result)
            if name is None or opened is None:
                continue
            target = rel(opened[1])
            assert target is not None, f"{step} opened {opened[1]}, outside the folder"
            step = Step(call, target, "", text)
            entry = builder._lookup(target)
            if entry is None:
                assert "O_CREAT" in flags, f"{step}: {target} was never made"
                entry = ("dir" if "O_DIRECTORY" in flags else "file",
                         builder.create(target, "dir" if "O_DIRECTORY" in flags else "file", step))
            elif "O_TRUNC" in flags and entry[0] == "file" and builder.size(entry[1]):
                builder.file_op(entry[1], ("trunc", 0, b""), step)
            builder.open[opened] = [int(entry[0] == "dir"), entry[1], 0, int("O_APPEND" in flags)]
            continue
        if call in ("write", "writev", "pwrite64", "lseek", "ftruncate", "fsync", "fdatasync", "close"):
            handle_key = _fd(args[0])
            if handle_key is None or rel(handle_key[1]) is None:
                continue
            handle = builder.open.get(handle_key)
            if call == "close":
                builder.open.pop(handle_key, None)
                continue
            assert handle is not None, f"{step}: a descriptor opened before the recording"
            step = Step(call, rel(handle_key[1]) or "", "", text)
            is_dir, ident, offset, append = handle
            if call in ("fsync", "fdatasync"):
                builder.fsync(("dir" if is_dir else "file", ident), step)
            elif call == "lseek":
                handle[2] = int(result)
            elif call == "ftruncate":
                builder.file_op(ident, ("trunc", int(args[1]), b""), step)
            elif call == "write":
                written = int(result)
                data = _string(args[1])[:written]
                start = builder.size(ident) if append else offset
                builder.file_op(ident, ("write", start, data), step)
                handle[2] = start + written
            else:
                raise AssertionError(f"{step}: not followed by this replay ({call})")
            continue
        if call in ("rename", "renameat", "renameat2", "link", "linkat"):
            if call in ("rename", "link"):
                old, new = at("AT_FDCWD<>", args[0]), at("AT_FDCWD<>", args[1])
            else:
                old, new = at(args[0], args[1]), at(args[2], args[3])
            if old is None and new is None:
                continue
            assert old is not None and new is not None, f"{step}: across the folder's edge"
            step = Step(call, old, new, text)
            builder._rename(old, new, step, keep_old=call.startswith("link"))
            continue
        if call in ("unlink", "unlinkat", "rmdir"):
            name = at("AT_FDCWD<>", args[0]) if call in ("unlink", "rmdir") else at(args[0], args[1])
            if name is not None:
                builder.unlink(name, Step(call, name, "", text))
            continue
        if call in ("mkdir", "mkdirat"):
            name = at("AT_FDCWD<>", args[0]) if call == "mkdir" else at(args[0], args[1])
            if name is not None:
                builder.create(name, "dir", Step(call, name, "", text))
            continue
        if call == "truncate":
            name = at("AT_FDCWD<>", args[0])
            if name is not None:
                entry = builder._lookup(name)
                assert entry is not None and entry[0] == "file", step
                builder.file_op(entry[1], ("trunc", int(args[1]), b""), Step(call, name, "", text))
    return builder.rec


def _short(arg: str) -> str:
    if arg.startswith('"'):
        data = _string(arg)
        return repr(data if len(data) <= 60 else data[:40] + b"..." + data[-12:])
    fd = _fd(arg)
    if fd is not None:
        return f"{fd[0]}<{fd[1]}>"
    return arg
