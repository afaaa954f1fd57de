"""A message repeated for one cause is said once; an answer to a key, or a new turn's news, never is
dropped as a repeat, however fast the player plays."""

from __future__ import annotations

from ui_driver import Harness, keys_for_decision

from access_game.settings import Settings
from engine.events import TurnStarted
from speech.announcer import Announcer
from speech.backends.base import RecordingBackend
from speech.utterance import Kind, utter


class FrozenClock:
    """Time that never passes: every message counts as 'within half a second' of every other."""

    def __call__(self) -> float:
        return 50.0


def announcer() -> tuple[Announcer, list[str]]:
    printed: list[str] = []
    return Announcer(RecordingBackend(), printed.append, clock=FrozenClock()), printed


def test_the_same_automatic_message_twice_in_one_batch_is_said_once() -> None:
    a, printed = announcer()
    a.new_batch()
    assert a.announce(utter("Anna went out.", kind=Kind.OTHERS))
    assert not a.announce(utter("Anna went out.", kind=Kind.OTHERS))
    # The same words as another kind of news are another message.
    assert a.announce(utter("Anna went out.", kind=Kind.RESULTS))
    a.new_batch()
    assert a.announce(utter("Anna went out.", kind=Kind.OTHERS))
    assert printed == ["Anna went out."] * 3


def test_answers_to_keys_are_never_dropped() -> None:
    a, printed = announcer()
    for _ in range(3):
        assert a.announce(utter("3 cards: 7 of hearts, 8 of hearts, joker.", kind=Kind.INFO))
    assert a.repeat_last() is not None
    assert len(printed) == 4


def test_a_key_pressed_twice_is_answered_twice() -> None:
    h = Harness(seed=3, settings=Settings(speech="silent", cues=False, pace="step"))
    h.announcer.clock = FrozenClock()
    h.start()
    assert h.press("d") == ["It is Anna's turn, not yours."]
    assert h.press("d") == ["It is Anna's turn, not yours."]
    h.press("space")
    first = h.press("l")
    assert first and first == h.press("l")


def test_every_turn_of_yours_is_announced_even_when_played_at_once() -> None:
    h = Harness(seed=8, settings=Settings(speech="silent", cues=False, verbosity="brief"))
    h.announcer.clock = FrozenClock()
    app = h.start()

    def my_turns() -> int:
        log = app.session.game.log
        return sum(1 for ev in log if isinstance(ev, TurnStarted) and ev.seat == 0 and not ev.last_turn)

    for _ in range(40):  # turns of draw and discard, all "within half a second" of each other
        if my_turns() >= 6:
            break
        for key in keys_for_decision(app):
            h.press(key)
    assert my_turns() >= 6
    assert h.transcript.count("Your turn.") == my_turns()
