"""The four games' sentences in French: each listener hears their own verb ("Vous piochez", "Anna
pioche"), 0 and 1 take the singular, cards keep their articles, and every key description of every
game has its French. The same events in English are the sentences the English golden files hold."""

from __future__ import annotations

import pytest

from engine.cards import Rank
from engine.events import Discarded, Drew, Event, HandStarted, TurnStarted
from engine.notation import parse_card
from speech import contract_words as cw
from speech import draw_discard_words as ddw
from speech import five_crowns_words as fw
from speech import gin_words as gw
from speech import solitaire_words as sw
from speech import upcard_words as uw
from speech.i18n import _, set_language
from speech.narrator import Narrator
from speech.utterance import Verbosity

PLAYERS = ("You", "Anna", "Ben")
HAND = HandStarted(hand_number=3, hands_total=11, dealer=2, cards_dealt=5, wild_rank=Rank.FIVE,
                   up_card=parse_card("8h"), first_player=0)


def told(events: list[Event], lang: str, verbosity: Verbosity = Verbosity.NORMAL) -> list[str]:
    set_language(lang)
    narrator = Narrator(0, PLAYERS, verbosity)
    said = narrator.narrate([HAND, *events]) + narrator.flush()
    return [u.text() for u in said]


def test_a_deal_and_a_turn_in_french() -> None:
    events: list[Event] = [Drew(1, "stock", None), Discarded(1, parse_card("kst")), TurnStarted(0),
                           Drew(0, "stock", parse_card("9c")), Discarded(0, parse_card("5c"))]
    assert told(events, "fr") == [
        "Manche 3 sur 11. 5 cartes chacun, les 5 sont des atouts. Ben distribue. La carte visible est le 8 de cœur.",
        "Anna pioche et défausse le roi d'étoiles.",
        "À vous.",
        "Vous piochez le 9 de trèfle.",
        "Vous défaussez le 5 de trèfle, atout.",
    ]
    assert told(events, "en")[1:] == ["Anna drew from the stock and discarded the king of stars.", "Your turn.",
                                      "You drew the 9 of clubs.", "You discarded the 5 of clubs, wild."]


def test_a_wild_drawn_from_the_pile_keeps_its_comma_and_the_queen_her_article() -> None:
    events: list[Event] = [Drew(1, "discard", parse_card("5h")), Discarded(1, parse_card("qs"))]
    assert told(events, "fr")[1] == "Anna prend le 5 de cœur, atout, et défausse la dame de pique."
    assert told(events, "en")[1] == "Anna took the 5 of hearts, wild, and discarded the queen of spades."


def test_detailed_hand_sizes_are_singular_for_zero_and_one() -> None:
    events: list[Event] = [Drew(1, "stock", None), Discarded(1, parse_card("kst"))]
    narrator = Narrator(0, PLAYERS, Verbosity.DETAILED)
    set_language("fr")
    narrator.narrate([HAND])
    narrator.sizes[1] = 1
    line = narrator.narrate(events)[0].text()
    assert line.endswith("Anna a 1 carte.")
    narrator.sizes[1] = 0
    narrator.narrate([Drew(1, "stock", None)])
    narrator.sizes[1] = 1
    assert narrator.narrate([Discarded(1, parse_card("3h"))])[0].text().endswith("Anna a 0 carte.")


@pytest.mark.parametrize(("n", "french"), [(0, "0 carte ne se combinerait pas"), (1, "1 carte ne se combinerait pas"),
                                           (2, "2 cartes ne se combineraient pas")])
def test_french_plurals_take_zero_and_one_as_singular(n: int, french: str) -> None:
    set_language("fr")
    assert french in fw.cannot_go_out_yet(n)


def test_solitaire_distances_and_contracts_in_french() -> None:
    set_language("fr")
    assert sw.distance_words(1) == "1 carte avant de fermer"
    assert sw.distance_words(0) == "fermé"
    assert sw.closing_words(1, 2) == "1 série et 2 suites"
    assert cw.contract_words(cw.Contract(1, 2)) == "une série et deux suites"


@pytest.mark.parametrize("module", [fw, cw, uw, sw, gw, ddw], ids=lambda m: m.__name__.split(".")[-1])
def test_every_key_description_of_every_game_has_its_french(module: object) -> None:
    key_help = module.KEY_HELP  # type: ignore[attr-defined]
    groups = getattr(module, "KEY_GROUPS", ())
    set_language("fr")
    untranslated = [text for text in [*key_help.values(), *(title for _group, title in groups)] if _(text) == text]
    assert not untranslated, untranslated
