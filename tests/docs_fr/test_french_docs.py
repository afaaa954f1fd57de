"""docs/fr says what the program does: its links lead somewhere, its braille is the braille the
program and liblouis write, its card words are the catalog's, its options are the command line's."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from access_game.cli import build_parser
from braille.cards import card_unicode
from braille.cells import cells_to_unicode
from braille.doc_table import notation_markdown
from braille.french import french_cells
from braille.words import card_words
from engine.cards import JOKER, Card, Rank, Suit
from speech.i18n import set_language

ROOT = Path(__file__).resolve().parents[2]
FR = ROOT / "docs" / "fr"
DOCS = ["README.md", "jouer.md", "touches.md", "five-crowns.md", "solitaire.md", "rami-a-contrats.md",
        "rami-carte-retournee.md", "gin-rummy.md", "braille.md", "enseignants.md", "reseau.md", "en-ligne.md",
        "protocole.md"]


def read(name: str) -> str:
    return (FR / name).read_text(encoding="utf-8")


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@pytest.mark.parametrize("name", DOCS)
def test_every_link_leads_to_a_file_and_a_heading_there(name: str) -> None:
    for target in re.findall(r"\]\(([^)]+)\)", read(name)):
        if target.startswith(("http://", "https://")):
            continue
        path, _, frag = target.partition("#")
        file = (FR / path).resolve() if path else FR / name
        assert file.exists(), f"{name}: {target}"
        if frag:
            headings = [anchor(h) for h in re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), re.M)]
            assert frag in headings, f"{name}: {target} (headings: {headings})"


def test_the_index_names_every_french_document() -> None:
    index = read("README.md")
    for name in DOCS[1:]:
        assert f"]({name})" in index, name


def test_the_symbol_table_is_the_program_s_notation() -> None:
    english = [line.replace("(space)", "(espace)").split(" | ")[1:4] for line in notation_markdown().splitlines()[2:]]
    section = read("braille.md").split("### Tous les symboles", 1)[1].split("###", 1)[0]
    rows = [line.split(" | ")[1:4] for line in section.splitlines() if line.startswith("| ") and "U+" in line]
    assert rows == english


EXAMPLES = {
    "10 de cœur": Card(Rank.TEN, Suit.HEARTS),
    "7 d'étoiles": Card(Rank.SEVEN, Suit.STARS),
    "dame de pique": Card(Rank.QUEEN, Suit.SPADES),
    "3 de trèfle": Card(Rank.THREE, Suit.CLUBS),
    "as de carreau": Card(Rank.ACE, Suit.DIAMONDS),
    "joker": JOKER,
}


@pytest.mark.parametrize(("words", "card"), list(EXAMPLES.items()))
def test_the_card_examples_are_the_card_code_and_the_catalog_s_words(words: str, card: Card) -> None:
    assert f"{words} {card_unicode(card)}" in read("braille.md")
    set_language("fr")
    try:
        assert card_words(card) == words
    finally:
        set_language("en")


def test_the_french_braille_the_docs_show_is_what_liblouis_writes() -> None:
    doc = read("braille.md")
    for text in ("232 étiquettes", "dix de trèfle"):
        assert f"« {text} »" in doc and cells_to_unicode(french_cells(text)) in doc, text
    digits = dict(re.findall(r"(\d) (⠀?[⠁-⠿])", doc.split("notation\nAntoine", 1)[1].split(")", 1)[0]))
    assert len(digits) == 10
    for digit, cell in digits.items():
        assert cells_to_unicode(french_cells(digit)) == "⠠" + cell, digit
    letters = dict(re.findall(r"([éèàçœ]) ([⠁-⠿])", doc))
    assert set(letters) == set("éèàçœ")
    for letter, cell in letters.items():
        assert cells_to_unicode(french_cells(letter)) == cell, letter
    punctuation = {"virgule": ",", "point-virgule": ";", "deux-points": ":", "point": ".",
                   "point d'interrogation": "?", "point d'exclamation": "!", "astérisque": "*"}
    for name, mark in punctuation.items():
        cell = cells_to_unicode(french_cells(mark))
        assert re.search(f"{cell} (est |)(la |le |les |l')({name})[ ,.]", doc), name
    assert "page 1 ⠠⠡" in doc and cells_to_unicode(french_cells("1")) == "⠠⠡"


def test_every_option_the_guide_names_is_on_the_command_line() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    play = sub.choices["play"]
    options = {o for action in play._actions for o in action.option_strings}
    named = set(re.findall(r"^\| `(--[a-z-]+)", read("jouer.md"), re.M))
    assert len(named) > 10
    assert named <= options, named - options


SPOKEN = {"dame de cœur": Card(Rank.QUEEN, Suit.HEARTS), "10 d'étoiles": Card(Rank.TEN, Suit.STARS),
          "valet de pique": Card(Rank.JACK, Suit.SPADES), "roi de trèfle": Card(Rank.KING, Suit.CLUBS),
          "7 de carreau": Card(Rank.SEVEN, Suit.DIAMONDS), "joker": JOKER}


def test_the_card_names_the_guide_quotes_are_what_the_game_says_and_prints() -> None:
    from speech.phrases import card_words as spoken_words

    guide = " ".join(read("jouer.md").split())
    set_language("fr")
    try:
        for words, card in SPOKEN.items():
            assert f"« {words} »" in guide, words
            assert spoken_words(card) == words
            assert card_words(card) == words  # the words printed beside the braille on the sheets
    finally:
        set_language("en")


def test_the_network_guide_quotes_what_the_table_says_and_names_host_s_options() -> None:
    from speech import lobby_words as lw
    from speech import net_words as nw
    from speech.i18n import _

    guide = " ".join(read("reseau.md").split())
    set_language("fr")
    try:
        said = [nw.table_code("K7Q-AMX-3F9"), nw.seated("Ann", 0, "Five Crowns", "K7Q-AMX-3F9"),
                nw.waiting_for_players(1, 2), nw.joined("Ben"), nw.game_begins(),
                nw.seat_entry(2, "", you=False, human=True, connected=False, waited=True),
                nw.waiting_for(["Ben"]), _(nw.CONNECTION_LOST), _(nw.RECONNECTED), nw.player_away("Ann"),
                nw.player_back("Ann"), nw.host_now("Ben"), nw.stand_in_votes("Carla", 1, 2),
                nw.stands_in("Carla"), nw.plays_again("Carla"),
                nw.seat_kept("ws://192.168.1.20:8765", "K7Q-AMX-3F9"), _(nw.DEAL_AGAIN_QUESTION),
                nw.dealing_again("Ann"), _(nw.WAIT_FOR_HOST), nw.left_table("Ben"),
                # the lobby (access-game online)
                lw.lobby_opened("ws://192.168.1.20:8765", 2), _(lw.JOIN_BY_CODE), lw.game_item("Five Crowns", 2, 14),
                _(lw.PUBLIC_QUESTION), lw.watching("Five Crowns", "K7Q-AMX-3F9"),
                lw.table_item(title="Five Crowns", host="Ann", free=1, seats=4, computers=2, started=False,
                              watchable=True, options=""),
                lw.spectator_chat("Cleo", "bien joué"), lw.said_line("Ben", "quelqu'un pour un rami ?"),
                lw.private_line("Cleo", "Ann", "on rejoue ?", mine=False),
                lw.broadcast("Mira", "le serveur redémarre à midi")]
    finally:
        set_language("en")
    for line in said:
        assert line in guide, line
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    host = {o for action in sub.choices["host"]._actions for o in action.option_strings}
    named = set(re.findall(r"^\| `(--[a-z-]+)", read("reseau.md"), re.M))
    assert len(named) >= 6 and named <= host, named - host
