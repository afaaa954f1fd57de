"""F2's voice settings in the real program in a real pseudo-terminal, with nowhere for the voice to play;
and the printed line width taken from the terminal.

The game's own voice has rate, voice, pitch and volume in F2, each kept in settings. The five-line
no-audio warning is printed once, not again each time a voice setting changes. Flags given for one run
(``--cards``, ``--audio-player``, ``--speech``) are not written to settings by an F2 change: only the
settings changed in F2 are. ``--audio-player`` naming a program that is not installed makes "no audio
here" certain on any machine.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pexpect  # in the test extra: a missing one is a failed install, not a skip

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import spawn

F2 = "\x1bOQ"
RIGHT, LEFT, DOWN, ESCAPE = "\x1b[C", "\x1b[D", "\x1b[B", "\x1b"
NO_AUDIO = "There is no audio output here"


def _spawn(home: Path, *args: str) -> Any:
    return spawn(home, *args, term="xterm", width=120, timeout=30)


def test_voice_pitch_and_volume_are_kept_the_warning_said_once_and_one_run_flags_not_written(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "4", "--first-dealer", "you", "--speech", "self-voicing",
                   "--audio-player", "no-such-player-here", "--cards", "both")
    child.logfile_read = seen = io.StringIO()
    child.expect(NO_AUDIO)
    # The line width follows the terminal (120 columns here): the hand's opening, four sentences and
    # longer than 80 characters, is one line; at 80 it would be four.
    child.expect(r"Hand 1 of 11\. 3 cards each, 3s are wild\. You deal\. The up card is [^\r\n]+\.\r+\n")
    child.expect("draw>")
    child.send(F2)
    child.expect("Speech: self-voicing")
    child.send(DOWN)
    child.expect("Speech rate: 200 words a minute")
    child.send(DOWN)
    child.expect("Voice: the language's own")
    child.send(RIGHT)
    child.expect("Voice: male 1")
    child.send(DOWN)
    child.expect(r"Voice pitch: 50 \(50 is the voice's own\)")
    child.send(LEFT)
    child.expect("Voice pitch: 40")
    child.send(DOWN)
    child.expect("Voice volume: 100 percent")
    child.send(RIGHT)
    child.expect("Voice volume: 110 percent")
    child.send(ESCAPE)
    child.send("q")
    child.expect("Quit the game")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    # Once, at the start: the three voice changes started the voice again without saying it again.
    assert seen.getvalue().count(NO_AUDIO) == 1
    (path,) = tmp_path.rglob("settings.json")
    kept = json.loads(path.read_text())
    assert kept == {"voice": "m1", "pitch": 40, "volume": 110}  # not --cards, --speech, --audio-player
