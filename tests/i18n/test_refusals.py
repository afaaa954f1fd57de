"""The rules refuse with reason codes, and the words layer says every one of them in French.

Each game is played a while with random legal moves; at each step moves of every kind are tried that
the rules refuse (out of turn, a card not held, a pile that is not there). Every refusal must be a
:class:`engine.reasons.Reason` whose English text is unchanged, and its French must be whole: a
translated template, every placeholder filled, no English left.
"""

from __future__ import annotations

import random

import pytest

from engine.actions import Action, Discard, Draw, GoOut
from engine.cards import Card
from engine.game import Game
from engine.reasons import Reason
from engine.rules import contract_rummy as cr
from engine.rules import five_crowns_solitaire as fs
from engine.rules import upcard_rummy as ur
from speech.i18n import _, set_language
from speech.refusal_words import reason_text, refusal_words

PLAYERS = {"solitaire": ["You"], "contract-rummy": ["You", "Anna", "Ben"], "five-crowns": ["You", "Anna"],
           "upcard-rummy": ["You", "Anna"]}


def _probes(game: Game, seat: int, rng: random.Random) -> list[Action]:
    """Moves of every kind, most of them refused now."""
    deck: list[Card] = list(game.ruleset.all_cards(game.state)) if hasattr(game.ruleset, "all_cards") else []
    card = rng.choice(deck) if deck else Card(None, None)
    probes: list[Action] = [Draw(seat, "stock"), Draw(seat, "discard"), Discard(seat, card), GoOut(seat, card)]
    name = game.ruleset.name
    if name == "solitaire":
        probes += [fs.Place(seat, rng.choice([0, 3, 12])), Draw(seat, "discard")]
    if name == "contract-rummy":
        probes += [cr.Buy(seat), cr.PassBuy(seat), cr.LayDown(seat, ((card,), (card, card, card))),
                   cr.LayOff(seat, card, 7), cr.Swap(seat, card, 1, card, 2)]
    if name == "upcard-rummy":
        probes += [ur.Meld(seat, (card, card)), ur.LayOff(seat, card, 9), ur.TakeDiscards(seat, 40, (card,)),
                   ur.TakeDiscards(seat, 1, (card, card, card))]
    return probes


def _refusals(name: str, seed: int, steps: int = 60) -> list[str]:
    rng = random.Random(seed)
    game = Game.new(name, PLAYERS[name], seed=seed)
    found: list[str] = []
    for _step in range(steps):
        if game.over:
            break
        for seat in range(len(PLAYERS[name]) + 1):
            for probe in _probes(game, seat, rng):
                try:
                    reason = game.why_not(probe)
                except (TypeError, ValueError, AttributeError):
                    continue  # a probe the action type itself refuses to build
                if reason is not None:
                    found.append(reason)
        to_act = game.seats_to_act()
        if not to_act:
            break
        legal = game.legal_actions(to_act[0])
        if not legal:
            break
        game.apply(rng.choice(legal))
    return found


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_refusal_is_a_reason_said_whole_in_french(name: str) -> None:
    found = _refusals(name, seed=7)
    assert len(found) > 20
    templates = set()
    for reason in found:
        assert isinstance(reason, Reason), f"a refusal without a reason code: {reason!r}"
        templates.add(reason.template)
        set_language("en")
        assert reason_text(reason) == str(reason)  # English is worded as the engine words it
        set_language("fr")
        french = reason_text(reason)
        assert _(reason.template) != reason.template, f"no French for {reason.template!r}"
        assert "{" not in french and "}" not in french
        assert french != str(reason)
        for english in (" the ", " you ", " your ", " of "):
            assert english not in f" {french} ", (reason.template, french)
    assert len(templates) >= 4


def test_refusal_names_cards_with_their_article_and_rank() -> None:
    from engine.notation import parse_card

    set_language("fr")
    queen = parse_card("qh")
    reason = Reason("you cannot go out discarding {the_card}: {cards} would not meld", the_card=queen, cards=1)
    assert str(reason) == "you cannot go out discarding the queen of hearts: 1 card would not meld"
    assert refusal_words(reason) == ("Vous ne pouvez pas sortir en défaussant la dame de cœur : il resterait "
                                     "1 carte hors combinaison.")
    nested = Reason("{codes} is not a meld: {fault}", codes="7h 8s", fault=Reason("a set needs at least 3 cards"))
    assert refusal_words(nested) == "7h 8s n'est pas une combinaison : une série demande au moins 3 cartes."
    set_language("en")
    assert refusal_words(nested) == "7h 8s is not a meld: a set needs at least 3 cards."


def test_session_refuses_in_french_through_the_real_table() -> None:
    from tests.harness import KeyHarness

    set_language("fr")
    h = KeyHarness(Game.new("five-crowns", ["You", "Anna"], seed=3))
    h.start()
    assert h.session.my_turn and h.session.view().phase == "draw"
    assert h.press("x")[-1] == "Piochez d'abord une carte : dans la pioche ou la défausse."
    h.session.refuse(Reason("there is no meld {meld} on the table", meld=4))
    assert h.spoken[-1] == "Il n'y a pas de combinaison 4 sur la table."
