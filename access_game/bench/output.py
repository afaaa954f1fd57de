"""Output figures with the real parts: ``python -m access_game.bench.output``.

Speech (a private PulseAudio with a null sink, real espeak-ng, the real table and announcer):
1. The opening of a game (default: Five Crowns, 3 players, seed 11) with no key pressed: seconds of
   speech heard (recorded from the sink's monitor) against the seconds its printed lines take when
   each is said whole, and how many lines were said to the end.
2. Key press to speech stopped: a long line is being said, the announcer is silenced as a key press
   does, and the clock stops when the voice's processes are gone (median, p99).

Braille (``--braille``: a real BRLTTY with its TTY driver on a tmux pseudo-terminal, through BrlAPI):
3. Message to display: from announcing a message to its first cells read back from the display
   (median, p99), and how many display lines a whole hand showed.
4. Contracted braille: every message of a whole hand read back from the display window by window
   (panned with the display's own key), compared cell for cell with liblouis's UEB grade 2 for its
   words (French abrégé with ``--lang fr``) and the card code for its cards.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from access_game.bench.figures import timing_line

__all__ = ["expected_cells", "main", "play_a_hand", "read_messages_back"]

LONG = "Anna took the nine of clubs and discarded the king of stars, then Ben drew from the stock. " * 3


def _ms(seconds: Sequence[float]) -> str:
    return timing_line([s * 1000 for s in seconds])


def _app(game_name: str, players: int, seed: int, settings: Any, backend: Any, printer: Any) -> Any:
    from prompt_toolkit.input import DummyInput

    from access_game.session import Session
    from access_game.table_plan import COMPUTER_NAMES
    from access_game.terminal_game import HELP_LINE
    from access_game.ui.app import GameApp
    from access_game.ui.speech_link import make_announcer, make_narrator
    from engine.game import Game

    game = Game.new(game_name, ["You", *COMPUTER_NAMES[: players - 1]], seed=seed)
    announcer = make_announcer(settings, printer, backend)
    session = Session(game, human_seat=0, level=settings.level, announcer=announcer,
                      narrator=make_narrator(0, game.players, settings, game=game_name), settings=settings)
    return GameApp(session, printer, input=DummyInput(), output=printer.output,
                   welcome=f"{game.ruleset.title}. {HELP_LINE}")


def speech_opening(game_name: str, players: int, seed: int, rate: int, folder: Path) -> str:
    from prompt_toolkit.output import DummyOutput

    from access_game.settings import Settings
    from access_game.ui.printer import LinePrinter
    from speech.backends.base import VoiceStyle
    from speech.backends.espeak_ng import EspeakBackend, espeak_to_wav
    from speech.sound_server import NullSinkServer, sounding_seconds

    with NullSinkServer() as server:
        os.environ.update({k: server.env[k] for k in ("PULSE_SERVER", "PULSE_SINK")})
        backend = EspeakBackend(VoiceStyle(rate=rate))
        printer = LinePrinter(DummyOutput())
        app = _app(game_name, players, seed, Settings(speech="espeak-ng", rate=rate, cues=False), backend, printer)
        recording = server.record(folder / "opening.wav")
        try:
            app.start(resumed=False)
            printer.flush()
            backend.wait_idle(600.0)
        finally:
            heard = sounding_seconds(recording.stop(), gap=0.05).seconds
            backend.close()
        texts = [e.text for e in app.session.announcer.history.entries]
        expected = 0.0
        for i, text in enumerate(texts):
            espeak_to_wav(text, str(folder / f"line{i}.wav"), rate=rate)
            expected += sounding_seconds(folder / f"line{i}.wav", gap=0.05).seconds
        said = list(backend.said)
        whole = sum(1 for s in said if not s.cut and s.returncode == 0)
        return (f"opening of {game_name}, {players} players, seed {seed}, {rate} words a minute: "
                f"{heard:.1f} s of speech heard of {expected:.1f} s the printed lines take; "
                f"{whole} of {len(texts)} messages said to the end ({len(printer.printed)} lines printed)")


def key_press_to_silence(runs: int, rate: int) -> str:
    from speech.announcer import Announcer
    from speech.backends.base import VoiceStyle
    from speech.backends.espeak_ng import EspeakBackend
    from speech.sound_server import NullSinkServer

    samples: list[float] = []
    with NullSinkServer() as server:
        os.environ.update({k: server.env[k] for k in ("PULSE_SERVER", "PULSE_SINK")})
        backend = EspeakBackend(VoiceStyle(rate=rate))
        announcer = Announcer(backend, None)
        try:
            for i in range(runs):
                announcer.announce(LONG)
                time.sleep(0.3 + 0.05 * (i % 5))
                procs = backend.processes
                start = time.perf_counter()
                announcer.silence()
                while any(p.poll() is None for p in procs):
                    time.sleep(0.0005)
                samples.append(time.perf_counter() - start)
                backend.wait_idle(2.0)
        finally:
            backend.close()
    return f"key press -> speech stopped (espeak-ng through the sound server): {_ms(samples)}"


def play_a_hand(app: Any) -> None:
    """Start ``app``'s game and play its first hand, the player's seat by a computer player too."""
    session = app.session
    app.start(resumed=False)
    dealt = session.game.view(0).cards_dealt
    while not session.over and session.game.view(0).cards_dealt == dealt:
        if session.my_turn:
            seat = session.human_seat
            agent = session.agent_for(seat)
            session.act(agent.choose(session.game.view(seat), session.game.legal_actions(seat)))
        else:
            session.advance()


def read_messages_back(link: Any, tty: Any, first: int, timeout: float = 3.0) -> dict[int, list[str]]:
    """The link's messages from ``first`` on, as the display showed them: each window's cells read back
    from the display, one pan-right key (pressed on the display's terminal) at a time."""
    from braille.display_cells import BLANK_CELL

    def shown(before: int) -> str:
        deadline = time.monotonic() + timeout
        while link.written <= before and time.monotonic() < deadline:
            time.sleep(0.002)
        want = link.writes[-1][1].rstrip(BLANK_CELL)
        while (cells := tty.cells()) != want and time.monotonic() < deadline:
            time.sleep(0.005)
        return str(cells)

    read: dict[int, list[str]] = {}
    before = link.written
    link.show_message(first)
    read.setdefault(link.index, []).append(shown(before))
    while not (link.index == len(link.messages) - 1 and link.window == len(link._windows) - 1):
        before = link.written
        tty.press("Right")
        cells = shown(before)
        if link.written == before:
            break  # the key did not arrive: what was read so far is the answer
        read.setdefault(link.index, []).append(cells)
    return read


def expected_cells(parts: Sequence[Any], table: str = "en-ueb-g2.ctb", ten_as_x: bool = False) -> str:
    """A message as liblouis writes its words with ``table`` and the card code its cards, a blank
    between: what the display must show, worked out without the display's own code."""
    import re

    from braille.cards import card_unicode
    from braille.contracted import PROPER_NAMES, TABLES, Grade, load_louis
    from engine.cards import Card

    louis = load_louis()
    assert louis is not None, "python3-louis is needed"
    # A French or Spanish contracted table writes the game's English name uncontracted, with the
    # language's grade 1 table (braille.contracted.PROPER_NAMES).
    grade1 = next((by[Grade.UNCONTRACTED] for lang, by in TABLES.items()
                   if lang != "en" and by[Grade.CONTRACTED] == table != by[Grade.UNCONTRACTED]), None)
    names = re.compile("(" + "|".join(re.escape(name) for name in PROPER_NAMES) + ")")

    def words(text: str) -> str:
        if grade1 is None:
            return str(louis.translateString(["unicode.dis", table], text, mode=louis.dotsIO | louis.ucBrl))
        return "".join(louis.translateString(["unicode.dis", grade1 if i % 2 else table], piece,
                                             mode=louis.dotsIO | louis.ucBrl)
                       for i, piece in enumerate(names.split(text)) if piece)

    pieces = []
    for part in parts:
        if isinstance(part, Card):
            pieces.append(card_unicode(part, ten_as_x=ten_as_x))
        elif part.strip():
            pieces.append(words(part.strip()))
    return re.sub("\u2800+", "\u2800", "\u2800".join(pieces))


def braille_figures(game_name: str, players: int, seed: int, runs: int, lang: str = "en") -> list[str]:
    """Message to display (BrlAPI write, and cells read back from the display), and the display lines
    of a whole hand played by computer players in every seat, the player's included."""
    from prompt_toolkit.output import DummyOutput

    from access_game.settings import Settings
    from access_game.ui.brlapi_link import DisplayLink
    from access_game.ui.printer import LinePrinter
    from braille.brlapi_display import BrlapiDisplay
    from braille.display_cells import windows
    from braille.tty_display import TtyDisplay
    from engine.notation import parse_card
    from speech.backends.base import RecordingBackend
    from speech.utterance import Kind, utter

    lines = []
    from braille.contracted import TABLES, Grade
    from speech.i18n import set_language

    table = TABLES[lang][Grade.CONTRACTED]
    set_language(lang)
    with TtyDisplay(contraction_table="en-ueb-g2") as tty:  # a reader who set BRLTTY to UEB grade 2
        printer = LinePrinter(DummyOutput())
        app = _app(game_name, players, seed, Settings(speech="silent", cues=False), RecordingBackend(), printer)
        announcer = app.session.announcer
        link = DisplayLink(BrlapiDisplay(tty.host, "none"), announcer)
        try:
            written: list[float] = []
            shown: list[float] = []
            card = parse_card("9s")
            for i in range(runs):
                message = utter(f"Message {i}: you drew the ", card, ".", kind=Kind.MY_TURN)
                want = expected_cells(message.parts, table)
                start = time.perf_counter()
                before = link.written
                announcer.new_batch()
                announcer.announce(message)
                if link.written > before:
                    written.append(time.perf_counter() - start)
                while tty.cells() != want:
                    if time.perf_counter() - start > 5:
                        break
                    time.sleep(0.001)
                else:
                    shown.append(time.perf_counter() - start)
            lines.append(f"message -> BrlAPI write returned: {_ms(written)}")
            lines.append(f"message -> cells read back from the display (tmux capture-pane, includes its own cost): "
                         f"{_ms(shown)}")
            # A whole hand, the player's seat played by a computer player too.
            first = link.written
            first_message = len(link.messages)
            play_a_hand(app)
            messages = link.messages[first_message:]
            needed = sum(len(windows(m, link.display.width, link.style())) for m in messages)
            longer = sum(1 for m in messages if len(windows(m, link.display.width, link.style())) > 1)
            lines.append(f"a whole hand ({game_name}, {players} players, seed {seed}): {len(messages)} messages on "
                         f"the display, {link.written - first} display lines written as they came, {needed} "
                         f"display lines to read them all by panning ({longer} messages longer than "
                         f"{link.display.width} cells)")
            started = time.perf_counter()
            read = read_messages_back(link, tty, first_message)
            took = time.perf_counter() - started
            equal = sum(1 for i, m in enumerate(messages, first_message)
                        if "\u2800".join(read.get(i, [])) == expected_cells(m, table))
            lines.append(f"a whole hand in contracted braille ({lang}), read back from the display window by window "
                         f"({sum(len(w) for w in read.values())} windows, {took:.1f} s): {equal} of {len(messages)} "
                         f"messages equal cell for cell to liblouis ({table}) and the card code")
        finally:
            link.close()
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.output", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="five-crowns")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rate", type=int, default=200, help="words a minute (default 200, the game's default)")
    parser.add_argument("--runs", type=int, default=30, help="key presses timed (default 30)")
    parser.add_argument("--skip-opening", action="store_true", help="leave out the opening (it plays in real time)")
    parser.add_argument("--braille", action="store_true", help="also the BrlAPI display figures")
    parser.add_argument("--lang", default="en", choices=("en", "fr"), help="the language of the braille figures")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_opening:
            print(speech_opening(args.game, args.players, args.seed, args.rate, Path(tmp)), flush=True)
        print(key_press_to_silence(args.runs, args.rate), flush=True)
        if args.braille:
            for line in braille_figures(args.game, args.players, args.seed, args.runs, args.lang):
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
