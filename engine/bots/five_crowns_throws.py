"""A throw chooser trained on what each throw would have led to with the cards where they truly lay.

The learned value (engine.bots.five_crowns_value) learned from the throws hard made, so it could not
compare throws hard did not make; the play-out search (engine.bots.five_crowns_search) compares them,
but on deals that guess every unseen card equally likely in every hand. This model is trained on the
missing labels: in hard-against-hard games, each of hard's next-best throws is played out against
hard's own throw with every opponent's true hand (scripts/train_five_crowns_throws.py), and the model
learns, from what the seat can see, how many points the throw gains over hard's. The true hands are a
fair draw of what the seat's view allows, so what it learns is the reading of the opponents that the
search's guesses lack, as far as the features below carry it.

A row sets one throw against hard's: the search's mean on guessed and on read deals, hard's own score,
the kept hands' facts (as the learned value reads them), each as the difference from hard's throw,
and the facts of the moment that do not depend on the throw.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.bots.five_crowns_value import FEATURES as KEPT
from engine.learned.value_model import ValueModel

__all__ = ["THROW_FEATURES", "WEIGHTS", "load_throws", "throw_row"]

WEIGHTS = "five_crowns_throws.npz"
WEIGHTS_PACKAGE = "engine.learned.weights"

#: The kept hand's facts that change with the throw (each given as the difference from hard's throw),
#: and those of the moment, given as they are.
VARYING = ("points", "gain", "out", "helpful", "wilds", "deadwood", "feed", "thrown")
MOMENT = ("cards", "hazard", "bonus", "stock", "their_turns", "my_turns", "taken")
_VARYING = tuple(KEPT.index(f) for f in VARYING)
_MOMENT = tuple(KEPT.index(f) for f in MOMENT)

THROW_FEATURES = ("guessed", "read", "hard", *(f"d_{f}" for f in VARYING), *MOMENT)


def throw_row(guessed: float, read: float, hard: float, kept: Sequence[float], hards: Sequence[float]) -> list[float]:
    """One throw's row: the search's gains on guessed and read deals and hard's score, each against
    hard's throw; ``kept`` and ``hards`` are the two kept hands' value features."""
    return [guessed, read, hard, *(kept[i] - hards[i] for i in _VARYING), *(hards[i] for i in _MOMENT)]


@lru_cache(maxsize=1)
def load_throws() -> ValueModel:
    """The shipped model, loaded once per process."""
    return ValueModel.load_packaged(WEIGHTS_PACKAGE, WEIGHTS, len(THROW_FEATURES))
