"""The announcer: history, kinds, priorities, de-duplication, card display, fallbacks."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from engine.cards import Card
from engine.notation import parse_card
from speech.announcer import Announcer
from speech.backends import Backend, BackendFailed, BackendUnavailable, RecordingBackend, backend_chain
from speech.backends.guard import build_guarded
from speech.words import Kind, utter


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float = 1.0) -> None:
        self.now += seconds


def cells(card: Card) -> str:
    """A stand-in braille rendering: distinct and easy to spot."""
    return f"<{card.code}>"


def make(
    *, speaks: bool = True, card_display: str = "words", fallbacks: list[Callable[[], Backend]] | None = None
) -> tuple[Announcer, RecordingBackend, list[str], Clock]:
    backend = RecordingBackend(speaks=speaks)
    printed: list[str] = []
    clock = Clock()
    a = Announcer(
        backend,
        printed.append,
        card_display=card_display,
        clock=clock,
        braille_fn=cells,
        fallbacks=fallbacks or [],
    )
    return a, backend, printed, clock


SEVEN = parse_card("7h")
U_DRAW = utter("You drew the ", SEVEN, ".", kind=Kind.MY_TURN)


def test_self_voicing_speaks_words_and_prints_cards_as_chosen() -> None:
    for display, line in (
        ("words", "You drew the 7 of hearts."),
        ("braille", "You drew the <7h> ."),
        ("both", "You drew the 7 of hearts <7h> ."),
    ):
        a, backend, printed, _ = make(card_display=display)
        assert a.announce(U_DRAW)
        assert backend.spoken == [("You drew the 7 of hearts.", False)]
        assert printed == [line]
        assert backend.brailled == []


def test_the_card_display_is_honoured_in_screen_reader_and_silent_modes_too() -> None:
    # The player who asks for cells wants them on the display whatever reads the words.
    a, backend, printed, _ = make(speaks=False, card_display="braille")
    a.announce(U_DRAW)
    a.announce("Saved.")
    assert printed == ["You drew the <7h> .", "Saved."]
    assert backend.spoken == []
    # Every line goes to a screen reader's own braille output (NVDA or JAWS on Windows).
    assert backend.brailled == ["You drew the <7h> .", "Saved."]
    a, backend, printed, _ = make(speaks=False, card_display="words")
    a.announce(U_DRAW)
    assert backend.brailled == printed == ["You drew the 7 of hearts."]


def test_both_leaves_a_blank_on_each_side_of_every_card_and_never_glues_punctuation() -> None:
    a, _, printed, _ = make(card_display="both")
    a.announce(utter("Anna took the ", SEVEN, "; you drew the ", parse_card("Ks"), ".", kind=Kind.OTHERS))
    a.announce(utter("(", SEVEN, ")", kind=Kind.OTHERS))
    assert printed == ["Anna took the 7 of hearts <7h> ; you drew the king of spades <ks> .", "( 7 of hearts <7h> )"]


def test_urgent_lines_jump_the_queue_and_nothing_is_ever_cut_but_by_a_key() -> None:
    a, backend, _, _ = make()
    a.announce("Anna discarded.", Kind.OTHERS)
    a.announce(utter("Your turn.", kind=Kind.MY_TURN, urgent=True))
    a.announce("Settings saved.", urgent=True)
    assert backend.spoken == [("Anna discarded.", False), ("Your turn.", True), ("Settings saved.", True)]
    assert backend.stops == 0  # an urgent line never stops speech
    a.silence()
    assert backend.stops == 1


def test_a_long_message_is_printed_as_whole_sentences_never_cut_inside_a_sentence() -> None:
    a, backend, printed, _ = make(card_display="both")
    a.width = 40
    long = utter("Anna took the ", SEVEN, " and discarded the ", parse_card("Ks"), ". Your turn. Ben went out.")
    a.announce(long)
    assert printed == [
        "Anna took the 7 of hearts <7h> and discarded the king of spades <ks> .",  # longer, and whole
        "Your turn.",
        "Ben went out.",
    ]
    assert backend.texts == [long.text()]  # spoken whole
    a.announce("Short and sweet.")
    assert printed[-1] == "Short and sweet."


def test_listeners_hear_every_message_and_one_that_fails_stops_nothing() -> None:
    a, _backend, printed, _ = make()
    heard: list[tuple[str, bool]] = []
    a.listeners.append(lambda u, reread: heard.append((u.text(), reread)))

    def broken(u: object, reread: bool) -> None:
        raise OSError("display gone")

    a.listeners.append(broken)
    a.announce(U_DRAW)
    a.repeat_last()
    assert heard == [("You drew the 7 of hearts.", False), ("You drew the 7 of hearts.", True)]
    assert len(printed) == 2 and any("display gone" in p for p in a.problems)


def test_the_same_message_within_half_a_second_is_dropped() -> None:
    a, backend, printed, clock = make()
    assert a.announce("Your turn.")
    clock.tick(0.3)
    assert not a.announce("Your turn.")
    assert a.announce("Something else.")
    clock.tick(0.3)
    assert a.announce("Your turn.")  # 0.6 s after the first
    assert printed == ["Your turn.", "Something else.", "Your turn."]
    assert len(a.history) == 3 and len(backend.spoken) == 3


def test_answers_to_the_player_and_new_batches_are_never_dropped() -> None:
    a, backend, _, clock = make()
    assert a.announce("Your hand: 7 of hearts.", Kind.INFO)
    assert a.announce("Your hand: 7 of hearts.", Kind.INFO)
    assert a.announce(utter("Your turn.", kind=Kind.MY_TURN, urgent=True))
    a.new_batch()
    clock.tick(0.1)
    assert a.announce(utter("Your turn.", kind=Kind.MY_TURN, urgent=True))
    assert backend.texts == ["Your hand: 7 of hearts.", "Your hand: 7 of hearts.", "Your turn.", "Your turn."]


def test_history_browses_older_newer_and_jumps() -> None:
    a, backend, printed, clock = make()
    for i in range(4):
        a.announce(f"Message {i}.", Kind.OTHERS if i % 2 else Kind.MY_TURN)
        clock.tick()
    before = len(a.history)
    assert a.repeat_last() is not None and backend.spoken[-1] == ("Message 3.", True)
    assert a.history.older() is not None and backend.spoken[-1][0] == "Message 2."
    a.history.older()
    a.history.older()
    assert backend.spoken[-1][0] == "Message 0."
    a.history.older()
    assert backend.spoken[-1][0] == "Oldest. Message 0."
    a.history.newer()
    assert backend.spoken[-1][0] == "Message 1."
    a.history.newest()
    assert backend.spoken[-1][0] == "Message 3."
    a.history.newer()
    assert backend.spoken[-1][0] == "Newest. Message 3."
    a.history.oldest()
    assert backend.spoken[-1][0] == "Message 0."
    assert a.history.current() is not None and backend.spoken[-1][0] == "Message 0."
    # Re-reads go first, are printed, and are not added to history.
    assert all(urgent for _, urgent in backend.spoken[4:])
    assert printed[-1] == "Message 0."
    assert len(a.history) == before


def test_history_filter_by_kind() -> None:
    a, backend, _, _clock = make()
    a.announce("Mine 1.", Kind.MY_TURN)
    a.announce("Theirs 1.", Kind.OTHERS)
    a.announce("Mine 2.", Kind.MY_TURN)
    a.announce("Result.", Kind.RESULTS)
    assert a.history.set_filter(Kind.MY_TURN) is not None
    assert backend.spoken[-1][0] == "Messages of your turns. Mine 2."
    a.history.older()
    assert backend.spoken[-1][0] == "Mine 1."
    a.history.older()
    assert backend.spoken[-1][0] == "Oldest. Mine 1."
    assert [e.text for e in a.history.matching()] == ["Mine 1.", "Mine 2."]
    assert a.history.set_filter(Kind.SYSTEM) is None
    assert backend.spoken[-1][0] == "No messages of the program."
    a.history.set_filter(None)
    assert backend.spoken[-1][0] == "All messages. Result."


def test_empty_history_says_so() -> None:
    a, backend, _, _ = make()
    assert a.repeat_last() is None
    assert a.history.older() is None
    assert backend.texts == ["Nothing has been said yet.", "No messages."]


class BreaksAfter:
    """A voice that works ``n`` times, then raises on every call."""

    speaks = True

    def __init__(self, n: int, name: str = "flaky") -> None:
        self.n = n
        self.name = name
        self.closed = False

    def speak(self, text: str, *, urgent: bool = False) -> None:
        if self.n <= 0:
            raise BackendFailed("the voice went away")
        self.n -= 1

    def braille(self, cells: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


def test_a_backend_failing_mid_game_is_replaced_with_one_notice() -> None:
    spare = RecordingBackend()
    spare.name = "spare"

    def broken_factory() -> Backend:
        raise BackendUnavailable("cannot start")

    flaky = BreaksAfter(2)
    printed: list[str] = []
    a = Announcer(flaky, printed.append, clock=Clock(), fallbacks=[broken_factory, lambda: spare])
    for i in range(5):
        assert a.announce(f"Line {i}.")
    assert flaky.closed
    assert a.backend is spare
    notice = "flaky stopped because the voice went away; speaking with spare instead."
    assert spare.texts == [notice, "Line 2.", "Line 3.", "Line 4."]
    assert printed.count(notice) == 1
    assert len(a.problems) == 2
    assert notice in [e.text for e in a.history.entries]


def test_when_every_fallback_fails_the_game_goes_on_printing() -> None:
    printed: list[str] = []
    a = Announcer(BreaksAfter(0), printed.append, clock=Clock(), fallbacks=[lambda: BreaksAfter(0, "also-flaky")])
    for i in range(3):
        a.announce(f"Line {i}.")
    assert a.backend.name == "silent"
    # No voice is left: that is said, with the reason, and not that "silent" speaks.
    lost = "The game cannot speak because the voice went away: every message is printed for your screen reader."
    assert printed == ["Line 0.", lost, "Line 1.", "Line 2."]


def test_a_printer_that_raises_does_not_stop_speech() -> None:
    backend = RecordingBackend()

    def bad_printer(line: str) -> None:
        raise OSError("terminal closed")

    a = Announcer(backend, bad_printer, clock=Clock())
    assert a.announce("Still spoken.")
    assert backend.texts == ["Still spoken."]
    assert a.problems


def test_fallback_chain_survives_backends_that_fail_to_start_or_hang() -> None:
    def hangs() -> Backend:
        time.sleep(3)
        return RecordingBackend()

    def raises() -> Backend:
        raise RuntimeError("no such device")

    spare = RecordingBackend()
    chain: list[Callable[[], Backend]] = [
        lambda: build_guarded("hangs", hangs, timeout=0.2),
        lambda: build_guarded("raises", raises, timeout=0.2),
        lambda: spare,
    ]
    printed: list[str] = []
    a = Announcer(BreaksAfter(0), printed.append, clock=Clock(), fallbacks=chain)
    started = time.monotonic()
    a.announce("Hello.")
    assert time.monotonic() - started < 1.0
    assert a.backend is spare
    assert spare.texts == ["flaky stopped because the voice went away; speaking with recording instead.", "Hello."]
    assert any("did not start within" in p for p in a.problems)
    assert any("no such device" in p for p in a.problems)


def test_set_backend_switches_and_closes_the_old_one() -> None:
    a, backend, printed, _ = make()
    other = RecordingBackend(speaks=False)
    a.set_backend(other)
    assert backend.closed
    a.announce(U_DRAW)
    assert other.spoken == [] and printed[-1] == "You drew the 7 of hearts."


def test_silence_stops_the_backend() -> None:
    a, backend, _, _ = make()
    a.silence()
    assert backend.stops == 1


def test_card_display_must_be_known() -> None:
    with pytest.raises(ValueError):
        Announcer(RecordingBackend(), card_display="pictures")


def test_a_transcript_records_printed_lines_in_screen_reader_mode(tmp_path: object) -> None:
    from pathlib import Path

    from speech.backends import read_transcript

    path = Path(str(tmp_path)) / "t.jsonl"
    chain = backend_chain("screen-reader", transcript=str(path))
    a = Announcer(chain[0](), lambda line: None, clock=Clock(), fallbacks=chain[1:])
    a.announce(U_DRAW)
    a.announce(utter("Your turn.", urgent=True))
    a.close()
    records = read_transcript(path)
    assert [(r["text"], r["urgent"]) for r in records] == [
        ("You drew the 7 of hearts.", False),
        ("Your turn.", True),
    ]
    assert all(isinstance(r["t"], float | int) for r in records)
