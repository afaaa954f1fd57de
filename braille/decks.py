"""The decks a sheet can be made for, by the names the command line uses.

``sets`` means what a player buys: Five Crowns comes in sets of two 58-card decks (116 cards); the
standard and no-twos games count 52-card decks (2 by default: 108 cards with 4 jokers, or 96 with
neither 2s nor jokers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.cards import Card, five_crowns_deck, no_twos_deck, standard_deck
from speech.i18n import N_, _

__all__ = ["DECKS", "DeckKind", "GameDeck", "build_deck"]


@dataclass(frozen=True, slots=True)
class DeckKind:
    """A deck by name: how to build it, its default number of sets, and how a title names it."""

    name: str
    #: English, marked for the catalog: shown through ``_()``.
    title: str
    default_sets: int
    unit: str
    build: Callable[[int], list[Card]]


DECKS: dict[str, DeckKind] = {
    "five-crowns": DeckKind("five-crowns", N_("Five Crowns"), 1, "set", five_crowns_deck),
    "standard": DeckKind("standard", N_("Standard"), 2, "deck", lambda n: standard_deck(n)),
    "standard-52": DeckKind("standard-52", N_("Standard, no jokers"), 1, "deck",
                            lambda n: standard_deck(n, jokers=0)),
    "no-twos": DeckKind("no-twos", N_("No Twos"), 2, "deck", lambda n: no_twos_deck(n)),
}


def build_deck(name: str, sets: int | None = None) -> list[Card]:
    """Every physical card of the named deck (duplicates included), in the engine's order."""
    kind = DECKS.get(name)
    if kind is None:
        raise ValueError(_("unknown deck '{deck}': the decks are {names}").format(deck=name, names=", ".join(DECKS)))
    n = kind.default_sets if sets is None else sets
    if n < 1:
        if kind.unit == "set":
            raise ValueError(_("a deck needs at least one set, not {n}").format(n=n))
        raise ValueError(_("a deck needs at least one deck, not {n}").format(n=n))
    return kind.build(n)


@dataclass(frozen=True, slots=True)
class GameDeck:
    """The physical deck a game is played with: which deck, how many sets, and the game's title.

    Which game uses which deck is the application's catalog's to say (its entry's ``decks`` and
    ``deck_note``, access_game.catalog.GameEntry.game_deck); braille holds no list of games."""

    game: str
    #: The game's title and the deck's note, in English and marked for the catalog: shown through ``_()``.
    title: str
    deck: str
    sets: int
    note: str
