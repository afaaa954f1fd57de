"""A refusal at a network table is said in the player's language, the card in it named in that language,
as a player meets it: ``access-game serve`` as its own process and ``access-game host`` in a real
pseudo-terminal with ``--lang``, keys typed and the printed lines read back (the screen-reader speech
prints what it says).

At a Gin Rummy table with a computer player, the player takes the up card (T) and tries to discard it
(X): the rules refuse, naming the card. The server sends the refusal as its key and values (the card as
its code), and the terminal words it from the language's catalog; before, only the English crossed.
The card named is the one the player was told they took, found among every card by its words.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terminal_support import spawn, terminals, words

from engine.cards import STANDARD_RANKS, STANDARD_SUITS, Card
from engine.reasons import Reason
from speech.i18n import _, in_language
from speech.refusal_words import refusal_words

#: The rules' refusal of a discard of the card just taken from the discard pile (engine/rules/gin_rummy.py).
TOOK_IT = "you took {the_card} from the discard pile: discard another card"


def _said(lang: str, template: str, **values: object) -> str:
    with in_language(lang):
        return _(template).format(**values)


def _pattern(lang: str, template: str, group: str) -> str:
    """A sentence of the catalog as a pattern, its ``{card}`` a named group."""
    head, tail = _said(lang, template, card="\0").split("\0")
    return f"{re.escape(head)}(?P<{group}>[^\r\n]+?){re.escape(tail)}"


def _card_named(lang: str, text: str) -> Card:
    """The card whose words (with their article, as 'You took {card}.' says them) are ``text``."""
    from speech.refusal_words import _the

    with in_language(lang):
        named = {_the(c): c for c in (Card(r, s) for s in STANDARD_SUITS for r in STANDARD_RANKS)}
    assert text in named, (text, sorted(named)[:5])
    return named[text]


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_refusal_naming_a_card_is_said_in_the_players_language_at_a_network_table(served: str, tmp_path: Path,
                                                                                     lang: str) -> None:
    with terminals() as children:
        child = spawn(tmp_path / "ann", "host", "--server", served, "--game", "gin-rummy", "--seats", "2",
                      "--computers", "1", "--name", "Ann", "--lang", lang, timeout=30)
        children.append(child)
        child.expect(words(_said(lang, "Your turn.")))
        child.send("t")  # take the up card, or the computer player's discard
        child.expect("|".join(_pattern(lang, said, group)
                              for said, group in (("You took {card} from the discard pile.", "pile"),
                                                  ("You took {card}.", "card"))))
        card = _card_named(lang, str(child.match.group("pile") or child.match.group("card")))
        child.send("x")  # discard the card just taken: refused
        with in_language(lang):
            refusal = refusal_words(Reason(TOOK_IT, the_card=card))
        with in_language("en"):
            english = refusal_words(Reason(TOOK_IT, the_card=card))
        assert refusal != english and card.name not in refusal
        child.expect(words(refusal))
