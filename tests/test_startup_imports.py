"""The print libraries (reportlab, and PIL which it brings) are loaded only by the commands that make
documents, so `access-game hand` and every other command start without them. Each check runs in a
fresh interpreter, where sys.modules holds exactly what the command imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PROBE = """
import sys
from access_game.cli import main
status = main(sys.argv[1:])
loaded = sorted({m.split(".")[0] for m in sys.modules} & {"reportlab", "PIL"})
print("LOADED=" + ",".join(loaded))
print("STATUS=" + str(status))
"""


def _python(*args: str) -> str:
    """What a fresh interpreter run with ``args`` in the repository printed (it must exit 0)."""
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, check=True,
                          timeout=120).stdout


def _loaded_by(*argv: str) -> tuple[str, str]:
    """The print libraries a command line loaded, and its exit status."""
    out = _python("-c", _PROBE, *argv)
    found = dict(x.split("=", 1) for x in out.splitlines() if x.startswith(("LOADED=", "STATUS=")))
    return found["LOADED"], found["STATUS"]


def test_importing_the_command_line_loads_no_print_library() -> None:
    code = ("import sys, access_game.cli as c; c.build_parser(); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'PIL'}))")
    out = _python("-c", code)
    assert out.strip() == "[]"


def test_the_hand_checker_runs_without_the_print_libraries() -> None:
    loaded, status = _loaded_by("hand", "9d", "7c", "jd", "3st", "jo", "--wild", "5")
    assert (loaded, status) == ("", "0")
    loaded, status = _loaded_by("braille", "10h", "qs")
    assert (loaded, status) == ("", "0")


def test_a_pdf_still_loads_them_when_it_is_made(tmp_path: Path) -> None:
    loaded, status = _loaded_by("labels", "--deck", "standard", "-o", str(tmp_path / "labels.pdf"))
    assert status == "0" and "reportlab" in loaded.split(",")
    assert (tmp_path / "labels.pdf").read_bytes().startswith(b"%PDF")


def test_the_start_up_benchmark_prints_both_medians_and_the_ratio() -> None:
    out = _python("-m", "access_game.bench.startup", "--runs", "1").splitlines()
    assert out[0].startswith("bare python -c pass: wall median ")
    assert out[1].startswith("access-game hand 9d 7c jd 3st jo --wild 5: wall median ")
    assert out[2].startswith("start-up: ") and out[2].endswith("x by CPU time (medians)")


def test_a_command_named_builds_its_own_parser_alone() -> None:
    code = ("import sys; from access_game.cli import main; main(['hand', '9d', '7c', 'jd', '--wild', '5']); "
            "print(sorted(m for m in sys.modules if m.startswith(('access_game.commands.', 'engine.rules.'))))")
    out = _python("-c", code).splitlines()[-1]
    # The Five Crowns checker reads the Five Crowns cards and melds; no other command, table, or game's rules
    # (its own included: a hand is checked without the rules' events and state).
    assert out == "['access_game.commands._common', 'access_game.commands.hand', 'access_game.commands.summaries']"


def test_the_list_of_commands_imports_no_command_and_no_network_stack() -> None:
    code = ("import sys, contextlib, io; from access_game.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    with contextlib.suppress(SystemExit): main(['--help'])\n"
            "print(out.getvalue().count('\\n'), sorted(m for m in sys.modules if m.startswith("
            "('access_game.commands.', 'access_game.net.', 'access_game.online.', 'asyncio', 'engine.rules', "
            "'braille.'))))")
    out = _python("-c", code).split(" ", 1)
    assert int(out[0]) > 20  # the whole list was printed
    assert out[1].strip() == "['access_game.commands._common', 'access_game.commands.summaries']"


def test_the_list_of_commands_says_what_each_command_says_of_itself() -> None:
    """The summaries in ``access-game --help`` are the ones each command's own parser holds."""
    code = ("from access_game.cli import build_parser, list_parser; "
            "print(build_parser().format_help() == list_parser().format_help())")
    out = _python("-c", code)
    assert out.strip() == "True"


def test_the_start_up_benchmark_times_play_to_its_first_line() -> None:
    out = _python("-m", "access_game.bench.startup", "--runs", "1", "--first-line", "--", "play", "--speech",
                  "silent").splitlines()
    assert out[1].startswith("access-game play --speech silent (to its first line): wall median ")
    assert out[2].startswith("start-up: ")


#: Modules a start has no need of before its first line: the terminal interface (prompt_toolkit, the
#: slowest), the games' rules and events, the sound side (a socket to the sound server, player
#: processes) and the braille display's windows. Each is marked where it is first imported.
MARKS = ("prompt_toolkit", "engine.rules", "engine.events", "socket", "subprocess", "braille.display_cells")

_MARK_TERMINAL_INTERFACE = """
import os, sys
MARKS = __MARKS__
class Mark:
    seen = set()
    def find_spec(self, name, path=None, target=None):
        for mark in MARKS:
            if (name == mark or name.startswith(mark + ".")) and mark not in self.seen:
                self.seen.add(mark)
                os.write(1, f"<{mark} loaded>".encode() + b"\\r\\n")
        return None
sys.meta_path.insert(0, Mark())
from access_game.cli import main
raise SystemExit(main(sys.argv[1:]))
""".replace("__MARKS__", repr(MARKS))


def _play_until_prompt(home: Path, prompt: str) -> str:
    """What ``play`` writes in a real pseudo-terminal up to its first prompt, with a mark where the
    terminal interface (prompt_toolkit) and each other module of MARKS was first imported; empty settings and
    data folders in ``home``."""
    import pexpect

    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update({f"XDG_{d}_HOME": str(home / d.lower()) for d in ("CONFIG", "DATA", "CACHE", "STATE")})
    env.update(HOME=str(home), TERM="xterm")
    child = pexpect.spawn(sys.executable, ["-c", _MARK_TERMINAL_INTERFACE, "play", "--speech", "silent"], cwd=str(ROOT),
                          env=env, encoding="utf-8", timeout=60, dimensions=(24, 120))
    try:
        child.expect_exact(prompt + ">")
        return str(child.before)
    finally:
        child.terminate(force=True)


def test_the_first_line_of_play_comes_before_the_terminal_interface_is_loaded(tmp_path: Path) -> None:
    """The first start's first line (the offer of a guided first hand, before the table set-up) is out
    before prompt_toolkit, the slowest import, is loaded; once, whole, and above the prompt."""
    out = _play_until_prompt(tmp_path, "y/n")
    first = "Welcome to access-game."  # a long message is said sentence by sentence, each a line
    assert out.count(first) == 1
    assert out.count("Would you like a guided first hand of Five Crowns") == 1
    assert out.index(first) < out.index("<prompt_toolkit loaded>")
    assert "\n" in out[out.index(first):out.index("<prompt_toolkit loaded>")]  # a whole line
    # Nothing of the table is on the command line at the first start: the games' rules load after the line.
    _none_before(out, first)


def _none_before(out: str, line: str) -> None:
    """No module of MARKS was loaded before ``line`` was written (one not loaded at all is fine)."""
    before = out[:out.index(line)]
    assert [mark for mark in MARKS if f"<{mark} loaded>" in before] == []


def test_a_new_games_first_line_comes_before_the_terminal_interface_too(tmp_path: Path) -> None:
    """With settings kept (not the first start) a new game's welcome is the first line: said once (the
    game does not say it again when it starts), before prompt_toolkit and the games' rules are loaded."""
    code = "from access_game.settings import Settings, save_settings; save_settings(Settings())"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60,
                   env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")})
    out = _play_until_prompt(tmp_path, "draw")
    welcome = "Five Crowns. F1 lists the keys; Escape opens a menu of every action."
    assert out.count(welcome) == 1 and out.count("F1 lists the keys") == 1
    assert out.index(welcome) < out.index("<prompt_toolkit loaded>") < out.index("Hand 1 of 11.")
    # Nothing of the table on the command line: the table remembered is dealt, its rules loaded after the line.
    assert out.index(welcome) < out.index("<engine.rules loaded>")
    _none_before(out, welcome)
