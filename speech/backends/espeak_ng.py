"""Self-voicing through an espeak-ng process per message: cheap, and stoppable mid-word.

A new espeak-ng process starts in about a millisecond and ``terminate()`` silences it at once, which
is what makes the player's key press real: ``stop()`` cuts the line being said. Every other line
waits its turn in a queue that a small monitor thread feeds, one line after the other, each said to
its end; an urgent line goes ahead of those waiting and never cuts the one being said. A sound cue can
wait in the same queue (:meth:`EspeakBackend.play_sound`), so it is heard in its place between lines.

Where the audio goes: ``player="auto"`` with a PulseAudio or PipeWire server that answers writes
every line into one stream kept open (:mod:`speech.backends.pcm_stream`: pacat, fed espeak-ng's audio
as it comes, its trailing silence cut short, the next line written while this one ends), so lines
follow each other without a gap; a player per line left 0.3 s to 2 s of silence after each. Without
pacat it pipes each line into paplay or pw-play (espeak-ng's own PulseAudio output keeps the sound
server busy for about 1.5 s after each line, which would put that much silence between queued lines);
with no server, espeak-ng's own output. With ``player`` (a command that plays a WAV stream from its
standard input) espeak-ng writes WAV (--stdout) into a new one for each line. ``player=None`` always
uses espeak-ng's own output.

Nothing waits on the audio for ever: a line has a time limit (a few seconds plus three times what its
words take to say), a line cut by a key has half a second to end, and a player that overruns either
(stopped, or stuck on a sound server that takes connections and never answers) is killed and counted
as a failure. When a line fails, or is cut, and the player is the sound server's own, the server is
asked whether it still answers (speech.audio_check); when it does not, the voice is lost at once with
that reason. Whoever holds the backend is told as soon as it fails (:meth:`EspeakBackend.watch`), so
the loss is said then, not at the next line.

Which voice: the one named, else the voice of the language the game speaks now
(:mod:`speech.backends.voices`: ``fr`` in French), chosen again for every line so a language changed
in the settings is heard at once. A language voice this espeak-ng lacks leaves its default voice.
The style's ``variant`` (``m3``, ``f2``, ``whisper``: the player's "voice" setting) is put after it
(``fr+f2``), and its ``pitch`` (0 to 99) is given as ``-p`` (:class:`speech.backends.base.VoiceStyle`).
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import IO

from speech.backends.base import PLAIN_STYLE, BackendFailed, BackendUnavailable, VoiceStyle
from speech.backends.pcm_stream import PcmStream, Trimmer, WavReader, let_end, stream_command, to_stream
from speech.backends.queueing import enqueue
from speech.backends.voices import espeak_text, espeak_voice
from speech.i18n import _

__all__ = ["EspeakBackend", "Said", "espeak_args", "espeak_to_wav", "has_voice", "line_limit"]

#: Consecutive failed runs (non-zero exit or overrun, not stopped by us) before the backend counts as failed.
FAILURES_ALLOWED = 3
#: Seconds every line may take beyond three times its words' own time (starting, a slow machine).
LINE_GRACE = 5.0
#: Seconds a line cut by a key press has to end before its processes are killed.
CUT_GRACE = 0.5
#: Words a minute when no rate is set (espeak-ng's own default).
DEFAULT_RATE = 175
#: How often the queue's thread looks at a line's clock while it is being said.
POLL = 0.05
#: Seconds of a line still to play when the next one is started into the same stream, so it is there
#: before the stream runs dry (espeak-ng's first audio takes milliseconds, more on a busy machine).
LEAD = 0.5
#: Seconds from writing to an idle stream to hearing it (the sound server's latency), for the voice's log.
START_LATENCY_GUESS = 0.05
#: Seconds the stream stays open with nothing to play; then it is closed, so the sound card can sleep.
IDLE_CLOSE = 5.0


def line_limit(text: str, rate: int | None = None) -> float:
    """Seconds a line may take before its player counts as stuck: LINE_GRACE plus three times the time
    its words take at ``rate`` words a minute."""
    words = max(1, len(text.split()))
    return LINE_GRACE + 3 * words * 60 / max(80, rate or DEFAULT_RATE)


def espeak_args(
    binary: str = "espeak-ng", *, rate: int | None = None, voice: str | None = None, volume: float | None = None,
    pitch: int | None = None,
) -> list[str]:
    """The command line before the text: rate in words per minute, volume 0.0-2.0 (1.0 normal), pitch
    0-99 (50 normal)."""
    args = [binary]
    if rate is not None:
        args += ["-s", str(max(80, min(int(rate), 500)))]
    if voice:
        args += ["-v", voice]
    if volume is not None:
        args += ["-a", str(max(0, min(round(volume * 100), 200)))]
    if pitch is not None:
        args += ["-p", str(max(0, min(int(pitch), 99)))]
    return args


def espeak_to_wav(
    text: str,
    path: str,
    *,
    binary: str = "espeak-ng",
    rate: int | None = None,
    voice: str | None = None,
    volume: float | None = None,
    timeout: float = 10.0,
) -> None:
    """Speak ``text`` into a WAV file (espeak-ng -w), for checks and for players who want the audio.
    With no ``voice``, the current language's voice (when this espeak-ng has it)."""
    exe = shutil.which(binary)
    if exe is None:
        raise BackendUnavailable(_("{program} is not installed").format(program=binary))
    if not voice:
        wanted = espeak_voice()
        voice = wanted if wanted and has_voice(exe, wanted) else None
    subprocess.run(
        [*espeak_args(exe, rate=rate, voice=voice, volume=volume), "-w", path, "--", text],
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=timeout,
    )


def _voice_names(exe: str) -> frozenset[str]:
    """Every name espeak-ng answers to (language codes, voice names, file names, and its variants such
    as "m3" or "whisper", which follow a voice after +), lower case."""
    listing = "\n".join(subprocess.run(
        [exe, which], stdin=subprocess.DEVNULL, capture_output=True, timeout=1.0, check=False
    ).stdout.decode("utf-8", "replace") for which in ("--voices", "--voices=variant"))
    known: set[str] = set()
    for line in listing.splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 5:
            known.update({cols[1].lower(), cols[3].lower(), cols[4].lower(), cols[4].rsplit("/", 1)[-1].lower()})
    return frozenset(known)


_known_voices: dict[str, frozenset[str]] = {}
_known_lock = threading.Lock()


def has_voice(exe: str, voice: str) -> bool:
    """True when espeak-ng has ``voice`` ("fr", "en-us", "fr+f2": a variant after + is not checked).
    espeak-ng silently falls back to its default voice for an unknown name, so it is asked here; its
    answer is kept for the process."""
    with _known_lock:
        if exe not in _known_voices:
            _known_voices[exe] = _voice_names(exe)
        known = _known_voices[exe]
    return voice.split("+", 1)[0].lower() in known


@dataclass(frozen=True, slots=True)
class Said:
    """One line voiced: when it started and ended (monotonic seconds), and whether a key cut it."""

    text: str
    started: float
    ended: float
    cut: bool
    returncode: int | None
    #: True for a sound file played in line (``text`` is then its path), False for a spoken line.
    sound: bool = False


#: Lines kept in :attr:`EspeakBackend.said` (newest last).
SAID_LIMIT = 500


class EspeakBackend:
    name = "espeak-ng"
    speaks = True

    def __init__(self, style: VoiceStyle = PLAIN_STYLE, *, binary: str = "espeak-ng",
                 player: Sequence[str] | str | None = "auto") -> None:
        exe = shutil.which(binary)
        if exe is None:
            raise BackendUnavailable(_("{program} is not installed").format(program=binary))
        try:
            subprocess.run(
                [exe, "--version"],
                check=True,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=1.0,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            raise BackendUnavailable(_("{program} does not run: {error}").format(program=binary, error=exc)) from exc
        if style.voice and not has_voice(exe, style.voice):
            raise BackendUnavailable(_("espeak-ng has no voice {voice}").format(voice=repr(style.voice)))
        self._exe = exe
        #: The style asked for, but a variant this espeak-ng lacks ("m3", "whisper") left out.
        self._style = style if not style.variant or has_voice(exe, style.variant) else replace(style, variant=None)
        #: The sound server's own player, chosen by "auto": then a failed line asks the server whether it
        #: still answers.
        self._server_player = player == "auto"
        self._player = _choose_player(player)
        #: One player kept open for every line (pacat into the sound server), when the server's own
        #: player was chosen and pacat is there; else a player per line.
        self._stream: PcmStream | None = None
        if self._server_player and self._player is not None and stream_command() is not None:
            self._stream = PcmStream()
            self._player = stream_command()
        #: The open WAV audio of the line being streamed (espeak-ng's output, or a sound file).
        self._source: IO[bytes] | None = None
        #: When the line being streamed is heard from and to, and how it ended (its exit status).
        self._heard: tuple[float, float] = (0.0, 0.0)
        self._line_status: int | None = None
        self._cond = threading.Condition()
        #: (text, urgent, sound) waiting to be said (sound: text is a WAV file to play).
        self._queue: deque[tuple[str, bool, bool]] = deque()
        self._current: list[subprocess.Popen[bytes]] = []
        self._current_text = ""
        self._current_sound = False
        self._current_start = 0.0
        #: When the line being said is given up (monotonic seconds): its limit, or a cut's grace.
        self._deadline = 0.0
        #: Every line voiced, newest last (for checks and the speech figures).
        self.said: deque[Said] = deque(maxlen=SAID_LIMIT)
        self._stopped: set[int] = set()
        self._failures = 0
        self._failed: str | None = None
        self._notify: Callable[[], None] | None = None
        self._closed = False
        self._monitor = threading.Thread(target=self._watch, name="espeak-ng-queue", daemon=True)
        self._monitor.start()

    @property
    def voice(self) -> str | None:
        """The voice the next line is said in: the one named, else the current language's (None:
        espeak-ng's default)."""
        if self._style.voice:
            base: str | None = self._style.voice
        else:
            wanted = espeak_voice()
            base = wanted if wanted and has_voice(self._exe, wanted) else None
        if self._style.variant is None:
            return base
        return f"{base or 'en'}+{self._style.variant}"

    def command(self) -> list[str]:
        """The command line before the text, for the next line (rate, voice, volume, pitch)."""
        style = self._style
        return espeak_args(self._exe, rate=style.rate, voice=self.voice, volume=style.volume, pitch=style.pitch)

    # ----------------------------------------------------------------- Backend
    def speak(self, text: str, *, urgent: bool = False) -> None:
        with self._cond:
            if self._failed:
                raise BackendFailed(self._failed)
            if self._closed:
                raise BackendFailed(_("espeak-ng was closed"))
            # A line whose processes have ended (a key cut it) stays current until the queue's thread
            # has judged and logged it; the next waits for that, so no line is lost from the record.
            if self._current or self._queue:
                enqueue(self._queue, (text, urgent, False), urgent=urgent, is_urgent=lambda item: item[1])
            else:
                self._start(text)
            self._cond.notify_all()

    @property
    def sounds_in_line(self) -> bool:
        """Sound files can wait in the queue when the audio goes through a player reading WAV."""
        return self._player is not None

    def play_sound(self, path: str) -> None:
        """Queue a WAV file after the lines waiting; a key press drops it with them."""
        with self._cond:
            if self._failed:
                raise BackendFailed(self._failed)
            if self._closed:
                raise BackendFailed(_("espeak-ng was closed"))
            if self._player is None:
                return
            if self._current or self._queue:
                self._queue.append((path, False, True))
            else:
                self._start(path, sound=True)
            self._cond.notify_all()

    def braille(self, cells: str) -> None:
        pass

    def stop(self) -> None:
        with self._cond:
            self._queue.clear()
            self._stop_current()
            self._cond.notify_all()

    def close(self) -> None:
        """Silence everything at once; a process that does not end by itself (a stopped player) is killed,
        so none is left behind."""
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._stop_current(kill=True)
            if self._stream is not None:
                self._stream.kill()
            self._cond.notify_all()
        if self._stream is not None and threading.current_thread() is not self._monitor:
            self._monitor.join(2.0)  # it ends the stream's player as it leaves

    # ----------------------------------------------------------------- Watched
    @property
    def failed(self) -> str | None:
        """Why the voice stopped working (a sentence a player can read), or None while it works."""
        return self._failed

    def watch(self, notify: Callable[[], None]) -> None:
        """Call ``notify`` (from the queue's thread) as soon as the voice stops working."""
        self._notify = notify

    # ----------------------------------------------------------------- for checks
    @property
    def processes(self) -> tuple[subprocess.Popen[bytes], ...]:
        """The processes voicing the current message (espeak-ng, then the player if any)."""
        with self._cond:
            return tuple(self._current)

    @property
    def queued(self) -> int:
        with self._cond:
            return len(self._queue)

    @property
    def player(self) -> tuple[str, ...] | None:
        """The command the audio is piped into, or None for espeak-ng's own output."""
        return self._player

    @property
    def streams(self) -> bool:
        """True when every line goes into one player kept open (no gap between lines)."""
        return self._stream is not None

    def wait_idle(self, timeout: float) -> bool:
        """Block until nothing is being said or waiting; False if that took longer than ``timeout``."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._current or self._queue:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
        return True

    # ----------------------------------------------------------------- inside
    def _stop_current(self, *, kill: bool = False) -> None:
        stream = self._stream.proc if self._stream is not None else None
        for p in self._current:
            if p.poll() is None:
                self._stopped.add(p.pid)
                if p is stream and self._stream is not None:
                    self._stream.kill()  # its buffered audio goes with it, so it is killed, not asked
                    continue
                with contextlib.suppress(OSError):
                    p.kill() if kill else p.terminate()
        self._deadline = min(self._deadline, time.monotonic() + CUT_GRACE)

    def spoken_text(self, text: str) -> str:
        """What espeak-ng is given for ``text``: the language's respellings for its own voice."""
        return espeak_text(text, self.voice)

    def _start(self, text: str, *, sound: bool = False) -> None:
        if sound:
            self._start_sound(text)
            return
        args = self.command()
        given = self.spoken_text(text)
        try:
            if self._stream is not None:
                synth = subprocess.Popen(
                    [*args, "--stdout", "--", given],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
                assert synth.stdout is not None
                self._source = synth.stdout
                procs = [synth, self._stream.running()]
            elif self._player is None:
                procs = [
                    subprocess.Popen(
                        [*args, "--", given],
                        stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                ]
            else:
                synth = subprocess.Popen(
                    [*args, "--stdout", "--", given],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
                try:
                    play = subprocess.Popen(
                        list(self._player), stdin=synth.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                    )
                except OSError:
                    synth.kill()
                    raise
                finally:
                    if synth.stdout is not None:
                        synth.stdout.close()
                procs = [synth, play]
        except OSError as exc:
            self._failed = _("espeak-ng could not start: {error}").format(error=exc)
            raise BackendFailed(self._failed) from exc
        self._current = procs
        self._current_text = text
        self._current_sound = False
        self._current_start = time.monotonic()
        self._deadline = self._current_start + line_limit(text, self._style.rate)

    def _start_sound(self, path: str) -> None:
        """Play a WAV file through the player, as a line of its own (cut by a key like any line). A file
        that cannot be opened is skipped: a missing cue never stops the voice."""
        assert self._player is not None
        if self._stream is not None:
            try:
                self._source = open(path, "rb", buffering=0)  # noqa: SIM115 (closed once streamed)
                self._current = [self._stream.running()]
            except OSError:
                if self._source is not None:
                    self._source.close()
                self._source = None
                return
            self._current_text = path
            self._current_sound = True
            self._current_start = time.monotonic()
            self._deadline = self._current_start + LINE_GRACE
            return
        try:
            with open(path, "rb") as wav:
                play = subprocess.Popen(
                    list(self._player), stdin=wav, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                )
        except OSError:
            return
        self._current = [play]
        self._current_text = path
        self._current_sound = True
        self._current_start = time.monotonic()
        self._deadline = self._current_start + LINE_GRACE

    def _watch(self) -> None:
        try:
            self._serve()
        finally:
            if self._stream is not None:
                self._stream.retire()

    def _serve(self) -> None:
        while True:
            with self._cond:
                while not self._closed and not self._current and not self._queue:
                    if self._stream is None or self._stream.proc is None:
                        self._cond.wait()
                    elif not self._cond.wait(IDLE_CLOSE) and not self._current and not self._queue:
                        idle = self._stream.detach()  # nothing for a while: the sound card may sleep
                        self._cond.release()
                        try:
                            let_end(idle, 1.0)
                        finally:
                            self._cond.acquire()
                if self._closed and not self._current:
                    return
                procs = list(self._current)
                if not procs and self._queue:
                    self._start_queued()
                    continue
            overran = self._wait_line(procs) if self._stream is None else self._play_line(procs)
            with self._cond:
                cut = any(p.pid in self._stopped for p in procs)
                ours = [p for p in procs if p.pid not in self._stopped]
            # A streamed line that went wrong without a process saying so (no audio came, the player
            # could not start) fails like a process that did.
            broken = self._stream is not None and not cut and self._line_status not in (0, None)
            trouble = self._trouble(ours, cut, overran, broken=broken)
            notify = None
            with self._cond:
                was_failed = self._failed is not None
                self._judge(procs, ours, trouble, broken=broken)
                if self._current == procs:
                    started, ended, status = self._current_start, time.monotonic(), procs[-1].returncode
                    if self._stream is not None:
                        (started, ended), status = self._heard, self._line_status
                    self.said.append(Said(self._current_text, started, ended, cut, status, self._current_sound))
                    self._current = []
                    if self._queue and not self._closed and not self._failed:
                        self._start_queued()
                if self._failed is not None and not was_failed and not self._closed:
                    notify = self._notify
                self._cond.notify_all()
            if notify is not None:
                with contextlib.suppress(Exception):  # whoever listens must not stop the queue
                    notify()

    def _wait_line(self, procs: list[subprocess.Popen[bytes]]) -> bool:
        """Wait for the line's processes to end, until its deadline (moved closer by a cut); kill them
        past it. True when they had to be killed."""
        while True:
            alive = [p for p in procs if p.poll() is None]
            if not alive:
                return False
            with self._cond:
                deadline = self._deadline
            if time.monotonic() >= deadline:
                break
            with contextlib.suppress(subprocess.TimeoutExpired):
                alive[0].wait(min(POLL, max(0.0, deadline - time.monotonic())))
        for p in procs:
            with contextlib.suppress(OSError):
                p.kill()  # a stopped process ends on SIGKILL too
        for p in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(1.0)
        return True

    def _play_line(self, procs: list[subprocess.Popen[bytes]]) -> bool:
        """Stream the line's audio into the player kept open, then wait until it has played, or until only
        LEAD seconds of it are left when another line waits (that one is then written right behind it).
        Past the line's deadline (a player that takes nothing) its processes are killed: True."""
        stream = self._stream
        assert stream is not None
        source, self._source = self._source, None
        sound = self._current_sound
        stopped = self._stopped

        def cut() -> bool:
            return any(p.pid in stopped for p in procs)

        now = time.monotonic()
        self._heard, self._line_status = (now, now), None
        try:
            if source is None:
                raise ValueError("no audio")
            reader = WavReader(source.fileno())
            fmt = reader.header(self._deadline)
            stream.use_rate(fmt.rate)
            trim = None if sound else Trimmer(stream.format)
            starts: float | None = None
            while not cut():
                data = reader.chunk(self._deadline)
                if data:
                    data = to_stream(data, fmt)
                    out = trim.push(data) if trim is not None else data
                else:
                    out = trim.end() if trim is not None else b""
                if out:
                    if starts is None:
                        starts = max(time.monotonic() + START_LATENCY_GUESS, stream.play_until)
                    if not stream.write(out, self._deadline, cut):
                        break
                    self._heard = (starts, stream.play_until)
                if not data:
                    break
            while not cut():
                left = stream.left()
                if left <= 0:
                    break
                with self._cond:
                    waiting = bool(self._queue) and not self._closed
                    if waiting and left <= LEAD and stream.unread_seconds() <= LEAD:
                        break
                    if time.monotonic() >= self._deadline:
                        raise TimeoutError
                    self._cond.wait(min(POLL, left))
        except TimeoutError:
            self._kill_line(procs)
            self._line_status = procs[-1].returncode
            return True
        except (OSError, ValueError):
            self._line_status = 1
        finally:
            if source is not None:
                with contextlib.suppress(OSError):
                    source.close()
        synth = None if sound else procs[0]
        if synth is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                synth.wait(CUT_GRACE if cut() else LINE_GRACE)
        player = procs[-1]
        if cut():
            self._heard = (self._heard[0], time.monotonic())
            stream.retire(wait=CUT_GRACE)
        if player.poll() is not None:  # killed by a key, or it failed: it says how it ended
            self._line_status = player.returncode
        elif self._line_status is None:
            self._line_status = synth.returncode if synth is not None else 0
        return False

    def _kill_line(self, procs: list[subprocess.Popen[bytes]]) -> None:
        for p in procs:
            with contextlib.suppress(OSError):
                p.kill()
        for p in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(1.0)
        if self._stream is not None and self._stream.proc in procs:
            self._stream.retire()

    def _trouble(self, ours: list[subprocess.Popen[bytes]], cut: bool, overran: bool, *,
                 broken: bool = False) -> tuple[str, bool] | None:
        """What went wrong with a line that ended, and whether it ends the voice at once (None: nothing):
        it overran, or the sound server behind it no longer answers. Asked outside the lock: the server
        check may take its own time limit."""
        failed = broken or any(p.returncode not in (0, None) for p in ours)
        if (failed or overran or cut) and self._server_player and _server_gone():
            return _("the sound server stopped answering"), True
        if overran and cut:
            return _("the audio player did not stop when asked"), False
        if overran:
            return _("a line took longer than {seconds:.0f} s to say").format(
                seconds=line_limit(self._current_text, self._style.rate)), False
        return None

    def _start_queued(self) -> None:
        text, _urgent, sound = self._queue.popleft()
        try:
            self._start(text, sound=sound)
        except BackendFailed:
            self._queue.clear()

    def _judge(self, procs: list[subprocess.Popen[bytes]], ours: list[subprocess.Popen[bytes]],
               trouble: tuple[str, bool] | None, *, broken: bool = False) -> None:
        """Count runs that failed on their own (``broken``: a streamed line that gave no audio); a few in a
        row mean the voice is gone, and a sound server that stopped answering means so at once."""
        self._stopped.difference_update(p.pid for p in procs)
        if trouble is not None and trouble[1]:
            self._failed = trouble[0]
            return
        if trouble is None and not ours and not broken:
            return
        if trouble is not None or broken or any(p.returncode not in (0, None) for p in ours):
            self._failures += 1
            if self._failures >= FAILURES_ALLOWED:
                self._failed = trouble[0] if trouble else _("espeak-ng failed {count} times in a row").format(
                    count=self._failures)
        else:
            self._failures = 0


def _server_gone() -> bool:
    """True when no sound server answers any more (the check is bounded by its own time limit)."""
    from speech.audio_check import sound_server

    return sound_server() is None


def _choose_player(player: Sequence[str] | str | None) -> tuple[str, ...] | None:
    """The command to pipe WAV into: the one given (a string is split on spaces), the sound server's
    own player for "auto" when a server answers, or None for espeak-ng's own output."""
    if player is None:
        return None
    if isinstance(player, str):
        if player != "auto":
            return tuple(player.split()) or None
        from speech.audio_check import server_player

        return server_player()
    return tuple(player) or None
