"""Alt+M, the same key in every game: what the hand (in solitaire, the current pile) makes now. The
words differ by game (a contract to meet, cards to meld before going out, points against you); each
game's answer is checked against its own arranger."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import KeyHarness

from access_game.catalog import GameEntry, games
from engine.arrange_contract import best_lay_down, cards_wanted
from engine.arrange_five_crowns import arrange, discard_options
from engine.arrange_gin import arrange_gin
from engine.arrange_upcard import arrange_upcard
from engine.game import Game

TABLE_GAMES = [e for e in games() if e.table is not None]


@pytest.mark.parametrize("entry", TABLE_GAMES, ids=lambda e: e.name)
def test_alt_m_says_what_the_hand_makes_in_every_game(entry: GameEntry) -> None:
    name = entry.name
    low, high = entry.player_range
    game = Game.new(entry.ruleset, ["You", "Anna", "Ben"][: max(low, min(3, high))], seed=4)
    h = KeyHarness(game)
    h.start()
    said = h.press("alt-m")
    assert said, f"{name}: Alt+M said nothing"
    text = " ".join(said)
    v = h.view
    if name == "five-crowns":
        arr = arrange(list(v.hand), v.wild_rank, all_wild_melds=v.all_wild_melds)
        assert ("Melds: " in text) == bool(arr.melds) and str(arr.points) in text, text
        assert (f"{len(arr.deadwood)} card" in text) if arr.deadwood else "Everything melds." in text
    elif name == "upcard-rummy":
        arr = arrange_upcard(v.hand, v.wild_rank)
        assert ("Melds: " in text) == bool(arr.melds), text
        assert (f"{len(arr.deadwood)} card" in text and str(arr.deadwood_value) in text) if arr.deadwood \
            else "Everything melds." in text
    elif name == "contract-rummy":
        best = best_lay_down(v.hand, v.contract)
        short = None if best is not None else cards_wanted(v.hand, v.contract).short
        assert (short is None) or f"{short} card" in text, text
    elif name == "crazy-eights":  # no melds: the cards that play now, and the penalty held
        playable = [c for c in v.hand if v.playable(c)]
        assert ("You can play " in text) == bool(playable) and "Your hand holds " in text, text
    else:  # solitaire: the current pile
        assert "meld" in text.lower() or "unmatched" in text.lower(), text


@pytest.mark.parametrize("seed", [4, 5, 6, 7, 8])
def test_alt_m_when_you_are_to_discard_counts_what_is_left_to_meld_after_the_discard(seed: int) -> None:
    """The card about to be discarded is not one to meld: Five Crowns' Alt+M names the hand's loose cards
    as loose, and counts what is left to meld (and the fewest points) after the best discard."""
    game = Game.new("five-crowns", ["You", "Anna", "Ben"], seed=seed)
    h = KeyHarness(game)
    h.start()
    h.press("d")
    v = h.view
    assert v.phase == "discard" and v.to_move == v.seat
    arr = arrange(list(v.hand), v.wild_rank, all_wild_melds=v.all_wild_melds)
    after = discard_options(v.hand, v.wild_rank, all_wild_melds=v.all_wild_melds).values()
    left, fewest = min(len(a.deadwood) for a in after), min(a.points for a in after)
    text = " ".join(h.press("alt-m"))
    assert "before you can go out:" not in text, text  # the whole hand's loose cards, counted as to meld
    loose = len(arr.deadwood)
    assert (f"{loose} card{'s' if loose != 1 else ''} not in a meld: " in text) if loose \
        else "Every card is in a meld." in text
    if left:
        assert (f"After your discard, at least {left} card{'s are' if left != 1 else ' is'} left to meld before you "
                f"can go out, and at best {fewest} point") in text, text
        assert left < loose or not loose
    else:
        assert "After your discard, you can go out: every card left melds." in text, text


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_gin_alt_m_when_you_are_to_discard_says_the_deadwood_a_discard_leaves(seed: int) -> None:
    """Gin Rummy's deadwood of eleven cards holds the card about to be discarded: the least deadwood a
    discard leaves (what a knock counts) is said too."""
    h = KeyHarness(Game.new("gin-rummy", ["You", "Anna"], seed=seed, options={"first_dealer": 1}))
    h.start()
    v = h.view
    h.press("y" if v.phase == "offer" else "d")
    v = h.view
    assert v.phase == "discard" and v.to_move == v.seat
    throws = [c for c in v.hand if c != v.taken]
    least = min(arrange_gin([x for x in v.hand if x != c]).points for c in throws)
    text = " ".join(h.press("alt-m"))
    assert "Deadwood: " in text and f"After your discard, at best {least} point" in text, text


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_upcard_alt_m_when_you_are_to_discard_says_what_a_discard_leaves(seed: int) -> None:
    """Upcard rummy's turn ends with a discard: the loose cards of the hand hold the card about to go, so
    the fewest loose cards and the least against you a discard leaves are said too."""
    h = KeyHarness(Game.new("upcard-rummy", ["You", "Anna"], seed=seed))
    h.start()
    h.press("d")
    v = h.view
    assert v.phase == "discard" and v.my_turn
    rest = [arrange_upcard([x for i, x in enumerate(v.hand) if i != k], v.wild_rank) for k in range(len(v.hand))]
    left, least = min(len(a.deadwood) for a in rest), min(a.deadwood_value for a in rest)
    text = " ".join(h.press("alt-m"))
    expected = (f"After your discard, at best {left} card{'s' if left != 1 else ''} would not meld, {least} against "
                f"you." if left else "After your discard, everything melds.")
    assert expected in text, text
