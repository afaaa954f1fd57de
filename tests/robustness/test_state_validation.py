"""A save that holds impossible values is refused at load, naming what is wrong.

Each case below loaded before: most crashed the game at the first move after resuming, every time the
player started it again; the rest (a number saved as 0.7 or "1", a flag saved as "no", a state whose
seed, options or history are not its game's) were read as something they did not say, silently. Now
``Game.from_data`` refuses each with SaveFormatError, so the application sets it aside and offers a
new game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from access_game.catalog import GameEntry, games
from engine.errors import SaveFormatError
from engine.game import Game

Damage = Callable[[dict[str, Any]], object]


def saved(name: str = "five-crowns", players: int = 3, seed: int = 5, moves: int = 4) -> dict[str, Any]:
    game = Game.new(name, [f"P{i}" for i in range(players)], seed=seed)
    for _ in range(moves):
        game.apply(game.legal_actions(game.seats_to_act()[0])[0])
    return json.loads(json.dumps(game.to_data()))


def twelve_aces(d: dict[str, Any]) -> None:
    hand = d["state"]["hands"][0]
    hand[:] = ["ah"] * len(hand)


def buy_offer(name: str = "contract-rummy") -> dict[str, Any]:
    data = saved(name, moves=0)
    assert data["state"]["phase"] == "buy"
    return data


CASES: list[tuple[str, Callable[[], dict[str, Any]], Damage, str]] = [
    ("to_move 99", saved, lambda d: d["state"].update(to_move=99), "player to move is 99"),
    ("a player list too long", saved, lambda d: d["state"]["players"].append("Extra"), "the hands: 3 for 4 players"),
    ("a player list too short", saved, lambda d: d["state"]["players"].pop(), "the hands: 3 for 2 players"),
    ("the game's player list differs", saved, lambda d: d["players"].append("Extra"), "players do not match"),
    ("a missing hand", saved, lambda d: d["state"]["hands"].pop(), "the hands: 2 for 3 players"),
    ("last_turns [42]", saved, lambda d: d["state"].update(went_out=1, last_turns=[42]), "last turns owed"),
    ("hand number -3", saved, lambda d: d["state"].update(hand_number=-3), "hand number is -3"),
    ("hand number 12 without a play-off", saved, lambda d: d["state"].update(hand_number=12), "hand number is 12"),
    ("version -1", saved, lambda d: d.update(version=-1), "no version number: -1"),
    ("version true", saved, lambda d: d.update(version=True), "no version number: True"),
    ("12 aces of hearts", lambda: saved("contract-rummy", moves=0), twelve_aces, "of the ace of hearts where"),
    ("seven 7 of hearts", saved, lambda d: d["state"]["stock"].__setitem__(slice(0, 7), ["7h"] * 7),
     "of the 7 of hearts where the game has 2"),
    ("a hand of the wrong size", saved, lambda d: d["state"]["hands"][1].append(d["state"]["stock"].pop()),
     "holds 4 cards where this hand has 3"),
    ("a dealer out of range", saved, lambda d: d["state"].update(dealer=7), "the dealer is 7"),
    ("reshuffles -1", saved, lambda d: d["state"].update(reshuffles=-1), "reshuffle count is -1"),
    ("winners before the end", saved, lambda d: d["state"].update(winners=[0]), "already has winners"),
    # Strict types: a value is never converted into a number or a flag it was not.
    ("to_move 0.7", saved, lambda d: d["state"].update(to_move=0.7), "to_move is 0.7, not a whole number"),
    ("hand_number '1'", saved, lambda d: d["state"].update(hand_number="1"), "hand_number is '1', not a whole"),
    ("a seat of true", saved, lambda d: d["state"]["seats"].__setitem__(0, True), "seats is True, not a whole number"),
    ("all_wild_melds 'no' in the state", saved,
     lambda d: d["state"]["options"].update(all_wild_melds="no"), "all_wild_melds is 'no', not true or false"),
    ("all_wild_melds 'no' in the game", saved, lambda d: d["options"].update(all_wild_melds="no"),
     "all_wild_melds is 'no', not true or false"),
    ("solitaire all_wild_melds 0", lambda: saved("solitaire", players=1),
     lambda d: d["state"]["options"].update(all_wild_melds=0), "all_wild_melds is 0, not true or false"),
    ("upcard target 500.5", lambda: saved("upcard-rummy"), lambda d: d["state"]["options"].update(target=500.5),
     "target is 500.5, not a whole number"),
    ("contract left_up_card 'no'", buy_offer, lambda d: d["state"].update(left_up_card="no"),
     "left_up_card is 'no', not true or false"),
    ("a player named 7", saved, lambda d: (d["state"]["players"].__setitem__(0, 7), d["players"].__setitem__(0, 7)),
     "each player.s name must be 1 to 40 printable characters"),
    # The state is the one its game and history lead to.
    ("the state's seed is not the game's", saved, lambda d: d["state"].update(seed=d["seed"] + 1),
     "seed .* is not the game's seed"),
    ("the state's options are not the game's", saved, lambda d: d["state"]["options"].update(tie_break="playoff"),
     "rule options are not the game's"),
    ("a move taken out of the history", saved, lambda d: d["actions"].pop(), "do not lead to its state"),
    ("a move of the history refused", saved, lambda d: d["actions"].insert(0, d["actions"][0]),
     "move 2 of its history is refused"),
    ("an event taken out of the log", saved, lambda d: d["log"].pop(), "do not give its record of events"),
    ("the history swapped for another game's", saved, lambda d: d.update(actions=saved(seed=6)["actions"]),
     "refused|do not lead to its state"),
    ("a seed of 1e999", saved, lambda d: d.update(seed=1e999), "seed is inf"),
    ("a seed of true", saved, lambda d: d.update(seed=True), "seed is True"),
    ("contract buyers [7]", buy_offer, lambda d: d["state"].update(buyers=[7]), "buyers \\(7\\)"),
    ("contract buys 9", buy_offer, lambda d: d["state"]["buys"].__setitem__(0, 9), "buys of seat 0 is 9"),
    ("contract hand 10", buy_offer, lambda d: d["state"].update(hand_number=10), "hand number is 10"),
    ("contract offer outside the buy", lambda: saved("contract-rummy", moves=1),
     lambda d: d["state"].update(buyers=[1]), "buy is open outside"),
    ("upcard to_move 99", lambda: saved("upcard-rummy"), lambda d: d["state"].update(to_move=99),
     "player to move is 99"),
    ("upcard wild rank", lambda: saved("upcard-rummy"), lambda d: d["state"].update(wild_rank=2),
     "2 is not a valid Rank|wild rank"),
    ("upcard hand past the limit", lambda: saved("upcard-rummy"), lambda d: d["state"].update(hand_number=61),
     "hand number is 61"),
    ("solitaire pile size", lambda: saved("solitaire", players=1),
     lambda d: d["state"]["piles"][0].append(d["state"]["stock"].pop()), "pile 1 holds 4 cards"),
    ("solitaire result in play", lambda: saved("solitaire", players=1), lambda d: d["state"].update(won=True),
     "result does not match"),
]


@pytest.mark.parametrize(("case", "make", "damage", "reason"), CASES, ids=[c[0] for c in CASES])
def test_impossible_saves_are_refused_with_the_reason(case: str, make: Callable[[], dict[str, Any]],
                                                       damage: Damage, reason: str) -> None:
    data = make()
    Game.from_data(json.loads(json.dumps(data)))  # the undamaged save loads
    damage(data)
    with pytest.raises(SaveFormatError, match=reason):
        Game.from_data(data)


@pytest.mark.parametrize("entry", games(), ids=lambda e: e.name)
def test_whole_games_load_at_every_step(entry: GameEntry) -> None:
    """The invariants hold for every state real play reaches (so no good save is refused)."""
    import random

    low, high = entry.player_range
    game = Game.new(entry.ruleset, ["A", "B", "C"][: max(low, min(3, high))], seed=17)
    rng = random.Random(17)
    steps = 0
    while not game.over and steps < 1500:
        game.apply(rng.choice(game.legal_actions(game.seats_to_act()[0])))
        steps += 1
        if steps % 5 == 0 or game.over:
            Game.from_data(json.loads(json.dumps(game.to_data())))
