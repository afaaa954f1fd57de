"""The print libraries (reportlab, and PIL which it brings) are loaded only by the commands that make
documents, so `access-game hand` and every other command start without them. Each check runs in a
fresh interpreter, where sys.modules holds exactly what the command imported."""

from __future__ import annotations

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


def _loaded_by(*argv: str) -> tuple[str, str]:
    """The print libraries a command line loaded, and its exit status."""
    out = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, cwd=ROOT,
                         check=True, timeout=120).stdout
    found = dict(x.split("=", 1) for x in out.splitlines() if x.startswith(("LOADED=", "STATUS=")))
    return found["LOADED"], found["STATUS"]


def test_importing_the_command_line_loads_no_print_library() -> None:
    code = ("import sys, access_game.cli as c; c.build_parser(); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'PIL'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                         timeout=120).stdout
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
    out = subprocess.run([sys.executable, "-m", "access_game.bench.startup", "--runs", "1"], capture_output=True,
                         text=True, cwd=ROOT, check=True, timeout=120).stdout.splitlines()
    assert out[0].startswith("bare python -c pass: wall median ")
    assert out[1].startswith("access-game hand 9d 7c jd 3st jo --wild 5: wall median ")
    assert out[2].startswith("start-up: ") and out[2].endswith("x by CPU time (medians)")


def test_a_command_named_builds_its_own_parser_alone() -> None:
    code = ("import sys; from access_game.cli import main; main(['hand', '9d', '7c', 'jd', '--wild', '5']); "
            "print(sorted(m for m in sys.modules if m.startswith(('access_game.commands.', 'engine.rules.'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                         timeout=120).stdout.splitlines()[-1]
    # The Five Crowns checker reads the Five Crowns rules; no other command, table or game's rules.
    assert out == ("['access_game.commands._common', 'access_game.commands.hand', 'access_game.commands.summaries', "
                   "'engine.rules.five_crowns']")


def test_the_list_of_commands_imports_no_command_and_no_network_stack() -> None:
    code = ("import sys, contextlib, io; from access_game.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    with contextlib.suppress(SystemExit): main(['--help'])\n"
            "print(out.getvalue().count('\\n'), sorted(m for m in sys.modules if m.startswith("
            "('access_game.commands.', 'access_game.net.', 'asyncio', 'engine.rules', 'braille.'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                         timeout=120).stdout.split(" ", 1)
    assert int(out[0]) > 20  # the whole list was printed
    assert out[1].strip() == "['access_game.commands._common', 'access_game.commands.summaries']"


def test_the_list_of_commands_says_what_each_command_says_of_itself() -> None:
    """The summaries in ``access-game --help`` are the ones each command's own parser holds."""
    code = ("from access_game.cli import build_parser, list_parser; "
            "print(build_parser().format_help() == list_parser().format_help())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                         timeout=120).stdout
    assert out.strip() == "True"


def test_the_start_up_benchmark_times_play_to_its_first_line() -> None:
    bench = [sys.executable, "-m", "access_game.bench.startup", "--runs", "1", "--first-line"]
    out = subprocess.run([*bench, "--", "play", "--speech", "silent"], capture_output=True, text=True, cwd=ROOT,
                         check=True, timeout=120).stdout.splitlines()
    assert out[1].startswith("access-game play --speech silent (to its first line): wall median ")
    assert out[2].startswith("start-up: ")
