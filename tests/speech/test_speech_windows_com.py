"""The Windows outputs up to the COM edge, with fakes that fail the way COM does.

JAWS (FreedomSci.JawsApi) and SAPI (SAPI.SpVoice) are apartment-threaded COM objects: creating one
in a thread that has not called CoInitialize fails ("CoInitialize has not been called",
CO_E_NOTINITIALIZED), and calling it from any thread but its own fails (RPC_E_WRONG_THREAD). The fake
runtime below does exactly that, so these tests fail if an output is built or called in the wrong
thread, as the game's workers did before.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from speech.announcer import Announcer
from speech.backends.ao2 import Ao2Backend
from speech.backends.screen_reader import ScreenReaderBackend, _detect_windows
from speech.backends.worker import QueueWorker
from speech.utterance import Kind, utter

CO_E_NOTINITIALIZED = -2147221008
RPC_E_WRONG_THREAD = -2147417842


class ComError(Exception):
    def __init__(self, hresult: int, text: str) -> None:
        super().__init__(hresult, text)
        self.hresult = hresult


class FakeCom:
    """COM as a thread sees it: initialised per thread; objects bound to the thread that made them."""

    def __init__(self) -> None:
        self._initialised: set[int] = set()
        self.uninitialised = 0
        self.lock = threading.Lock()

    def co_initialize(self) -> Callable[[], None]:
        me = threading.get_ident()
        with self.lock:
            self._initialised.add(me)

        def uninitialize() -> None:
            with self.lock:
                self._initialised.discard(me)
                self.uninitialised += 1

        return uninitialize

    def dispatch(self, prog_id: str) -> FakeComObject:
        if threading.get_ident() not in self._initialised:
            raise ComError(CO_E_NOTINITIALIZED, "CoInitialize has not been called.")
        return FakeComObject(prog_id)


class FakeComObject:
    def __init__(self, prog_id: str) -> None:
        self.prog_id = prog_id
        self.owner = threading.get_ident()
        self.calls: list[tuple[str, str]] = []

    def _call(self, method: str, text: str) -> None:
        if threading.get_ident() != self.owner:
            raise ComError(RPC_E_WRONG_THREAD, "The application called an interface that was marshalled for a "
                                               "different thread.")
        self.calls.append((method, text))


class FakeJawsOutput:
    """accessible_output2's JAWS output over the fake COM object."""

    name = "JAWS"

    def __init__(self, com: FakeCom) -> None:
        self.jaws = com.dispatch("FreedomSci.JawsApi")

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.jaws._call("SayString", text)

    def braille(self, text: str) -> None:
        self.jaws._call("RunFunction", f'BrailleString("{text}")')

    def silence(self) -> None:
        self.jaws._call("StopSpeech", "")


def wait_for(check: Callable[[], bool], timeout: float = 2.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not check():
        time.sleep(0.005)
    return check()


def test_the_fake_fails_the_way_com_does() -> None:
    com = FakeCom()
    errors: list[ComError] = []

    def build_without_init() -> None:
        try:
            FakeJawsOutput(com)
        except ComError as exc:
            errors.append(exc)

    t = threading.Thread(target=build_without_init)
    t.start()
    t.join()
    assert errors and errors[0].hresult == CO_E_NOTINITIALIZED
    com.co_initialize()
    out = FakeJawsOutput(com)  # this thread is initialised now
    t = threading.Thread(target=lambda: errors.append(_raises(lambda: out.braille("x"))))
    t.start()
    t.join()
    assert errors[-1].hresult == RPC_E_WRONG_THREAD


def _raises(fn: Callable[[], None]) -> ComError:
    try:
        fn()
    except ComError as exc:
        return exc
    raise AssertionError("no COM error")


def test_screen_reader_braille_builds_and_calls_jaws_in_one_com_thread_and_gets_every_line() -> None:
    com = FakeCom()
    outputs: list[FakeJawsOutput] = []

    def loader() -> Any:
        outputs.append(FakeJawsOutput(com))
        return outputs[-1]

    backend = ScreenReaderBackend(loader=loader, com=com.co_initialize)
    assert backend.wait_ready(2.0)
    announcer = Announcer(backend, lambda line: None)
    announcer.announce("Hand 1 of 11.", Kind.SYSTEM)  # a line without cards reaches braille too
    announcer.announce(utter("You drew the ", parse("9s"), ".", kind=Kind.MY_TURN))
    announcer.announce("Your turn.", Kind.MY_TURN, urgent=True)
    jaws = outputs[0].jaws
    assert wait_for(lambda: len(jaws.calls) == 3), jaws.calls
    assert [text for _, text in jaws.calls] == [
        'BrailleString("Hand 1 of 11.")',
        'BrailleString("You drew the 9 of spades.")',
        'BrailleString("Your turn.")',
    ]
    backend.close()
    assert wait_for(lambda: com.uninitialised == 1), "COM is uninitialised when the thread ends"


def test_without_com_initialised_the_output_is_never_built_and_nothing_breaks() -> None:
    com = FakeCom()
    backend = ScreenReaderBackend(loader=lambda: FakeJawsOutput(com), com=lambda: (lambda: None))
    assert not backend.wait_ready(2.0)  # CoInitialize was not called: JAWS could not be created
    backend.braille("Your turn.")  # dropped quietly; the printed line is still there
    backend.close()


def test_sapi_through_accessible_output2_speaks_from_its_com_thread() -> None:
    com = FakeCom()

    class FakeSapi:
        name = "SAPI5"

        def __init__(self) -> None:
            self.voice = com.dispatch("SAPI.SpVoice")

        def speak(self, text: str, interrupt: bool = False) -> None:
            self.voice._call("Speak", text)

        def silence(self) -> None:
            self.voice._call("Skip", "")

    made: list[FakeSapi] = []

    def loader() -> Any:
        made.append(FakeSapi())
        return made[-1]

    backend = Ao2Backend(loader=loader, com=com.co_initialize)
    try:
        backend.speak("Anna drew.")
        backend.speak("Your turn.")
        assert wait_for(lambda: len(made[0].voice.calls) == 2)
        assert [t for _, t in made[0].voice.calls] == ["Anna drew.", "Your turn."]
        backend.stop()
        assert wait_for(lambda: made[0].voice.calls[-1][0] == "Skip")
    finally:
        backend.close()


def test_a_worker_without_com_cannot_build_a_com_output() -> None:
    com = FakeCom()

    def setup() -> None:
        FakeJawsOutput(com)

    worker = QueueWorker("plain", setup)
    with pytest.raises(Exception, match="CoInitialize has not been called"):
        worker.wait_ready(2.0)


def test_which_screen_reader_runs_is_asked_in_a_com_thread() -> None:
    com = FakeCom()
    assert _detect_windows(lambda: FakeJawsOutput(com), com.co_initialize) == "JAWS"
    assert _detect_windows(lambda: FakeJawsOutput(com), lambda: (lambda: None)) is None


def parse(code: str) -> Any:
    from engine.notation import parse_card

    return parse_card(code)
