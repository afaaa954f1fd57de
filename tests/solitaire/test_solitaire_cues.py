"""Sound cues in solitaire: the shared tones for its own events, heard through the real cue player."""

from __future__ import annotations

import shutil
import time
from collections import Counter
from pathlib import Path

import pytest
from solitaire_driver import SolitaireHarness
from solitaire_tables import cards, new, table

from access_game.settings import Settings
from engine.actions import Discard, Draw
from engine.bots import make_agent
from engine.events import Event
from engine.game import Game
from engine.rules.five_crowns_solitaire import Place
from speech.audio import Player
from speech.cues import CUE_NAMES, Cues
from speech.solitaire_words import SolitaireNarrator


def heard(narrator: SolitaireNarrator, events: list[Event]) -> list[str]:
    narrator.narrate(events)
    return narrator.cues_for(events)


def test_each_step_has_its_cue_and_a_closing_sounds_like_going_out() -> None:
    game = table({2: "5d 5s 5c 10h"}, top="5h")
    narrator = SolitaireNarrator()
    heard(narrator, list(game.log))
    assert heard(narrator, game.apply(Draw(0, "stock"))) == ["draw"]
    assert heard(narrator, game.apply(Place(0, 2))) == []
    assert heard(narrator, game.apply(Discard(0, cards("10h")[0]))) == ["discard", "go_out"]
    assert set(narrator.cues_for(game.log)) <= set(CUE_NAMES)


def test_only_a_joker_sounds_wild() -> None:
    # Every other card is wild on one pile; a joker is wild on all of them.
    for top, expected in (("jo", ["draw", "wild"]), ("7h", ["draw"])):
        game = table({}, top=top)
        assert heard(SolitaireNarrator(), game.apply(Draw(0, "stock"))) == expected


def test_the_end_won_or_lost_sounds_like_the_end_of_a_hand() -> None:
    game = new(2)
    agent = make_agent("solitaire", "normal", seed=0)
    narrator = SolitaireNarrator()
    last: list[str] = []
    while not game.over:
        last = heard(narrator, game.apply(agent.choose(game.view(0), game.legal_actions(0))))
    assert last[-1] == "hand_end"


def noting_cues(tmp_path: Path) -> tuple[Cues, Path]:
    """Cues whose player is a command that notes each file it was asked to play, one name a line, in the
    file returned: no sound device is needed."""
    log = tmp_path / "played.txt"
    cues = Cues(cache_dir=tmp_path / "cues")
    cues.player = Player(("sh", "-c", 'basename "$1" >> "$0"', str(log)))
    return cues, log


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell to stand in for the sound player")
def test_the_table_plays_the_cues_through_the_cue_player(tmp_path: Path) -> None:
    cues, log = noting_cues(tmp_path)
    h = SolitaireHarness(0, tmp_path / "records.json", settings=Settings(speech="silent", cues=True, hints=False),
                         game=table({2: "5d 5s 5c 10h"}, top="5h"))
    h.session.cues = cues
    h.start()
    h.press("d", "2", "enter", "right", "x")
    assert h.spoken[-1].startswith("Pile 2 closed")

    def played() -> Counter[str]:
        """The cues played: a cue's file is named by the cue, a run of cues played as one sound by its
        cues joined with "+"."""
        names = log.read_text().split() if log.exists() else []
        return Counter(cue for name in names for cue in name.split("-", 1)[0].split("+"))

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and played().total() < 3:
        time.sleep(0.02)
    assert played() == Counter({"draw": 1, "discard": 1, "go_out": 1})
    cues.close()


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell to stand in for the sound player")
def test_cues_off_plays_nothing(tmp_path: Path) -> None:
    cues, log = noting_cues(tmp_path)
    h = SolitaireHarness(0, tmp_path / "records.json", settings=Settings(speech="silent", cues=False),
                         game=Game.new("solitaire", ["You"], seed=4))
    h.session.cues = cues
    h.start()
    h.press("d")
    time.sleep(0.2)
    assert not log.exists()
