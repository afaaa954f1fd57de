"""In a real terminal 80 columns wide (the installed command in a pseudo-terminal, its screen rendered):
J takes a card by the name the game says it by, in English, French and Spanish; Alt+M, when you are to
discard, counts what is left to meld after the discard; Gin Rummy says the lay-off before the
deadwood that is left after it; and a line longer than the terminal folds between words, never
inside one ("que" on a row, "en of stars" on the next)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import Screen, no_word_cut, quit_game, shown_whole, spawn

from engine.game import Game

ALT_M = "\x1bm"

#: Five Crowns, four players, this seed: your first hand holds the 10 of stars and the queen of hearts.
SEED = 110

#: What a player of each language types at J, and the start of the line that says the card reached.
NAMES = {
    "en": [("10 of stars", "10 of stars, "), ("the queen of hearts", "queen of hearts, ")],
    "fr": [("le dix d'étoiles", "10 d'étoiles, "), ("la dame de coeur", "dame de cœur, ")],
    "es": [("10 de estrellas", "10 de estrellas, "), ("la reina de corazones", "reina de corazones, ")],
}


def test_the_seed_deals_the_cards_typed() -> None:
    hand = Game.new("five-crowns", ["You", "Anna", "Ben", "Carla"], seed=SEED).state.hands[0]
    assert {"10st", "qh"} <= {c.code for c in hand}


def _five_crowns(home: Path, lang: str) -> pexpect.spawn:
    return spawn(home, "--lang", lang, "--seed", str(SEED), "--speech", "screen-reader", "--braille", "off",
                 "--first-dealer", "you", term="xterm", width=80)


@pytest.mark.parametrize("lang", list(NAMES))
def test_j_takes_the_card_by_its_spoken_name(tmp_path: Path, lang: str) -> None:
    child = _five_crowns(tmp_path, lang)
    try:
        child.expect(r"\w+>")
        for typed, said in NAMES[lang]:
            child.send("j")
            child.expect(r"10st,\s+qh,\s+7c,\s+ks,\s+5d")  # (the row may be filled with spaces at a fold)
            child.send(typed)
            child.expect_exact(typed)  # shown whole on the prompt line as it is typed: nothing cut off
            child.send("\r")
            child.expect_exact(said)
            child.expect(r"\d+ \w+ 3")  # its place: "2 of 3", "2 sur 3", "2 de 3"
        child.send("j")
        child.send("queen of clouds" if lang == "en" else "dame de nuages" if lang == "fr" else "reina de nubes")
        child.send("\r")
        child.expect({"en": "is not a card: type its number", "fr": "n'est pas une carte\u202f: tapez",
                      "es": "no es una carta: escribe"}[lang])
    finally:
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
        child.close()


def test_the_question_at_j_folds_between_words_at_80_columns(tmp_path: Path) -> None:
    child = _five_crowns(tmp_path, "en")
    term = Screen(child)
    child.expect(r"\w+>")
    child.send("j")
    child.expect("card>")
    screen = term.screen()
    sentence = "Type its number, its name such as 10 of stars, or its code: 10st, qh, 7c, ks, 5d or jo."
    assert len(sentence) > 80
    assert shown_whole(screen, sentence) and no_word_cut(screen), "\n".join(screen.display)
    child.send("\x1b")  # Escape: cancelled
    child.expect("Cancelled.")
    quit_game(child)


def test_alt_m_counts_what_is_left_to_meld_after_the_discard(tmp_path: Path) -> None:
    child = _five_crowns(tmp_path, "en")
    term = Screen(child)
    child.expect("draw>")
    child.send(ALT_M)
    child.expect("That leaves")  # not yet to discard: the hand as it is
    child.send("d")
    child.expect("discard>")
    child.send(ALT_M)
    child.expect(r"After\s+your\s+discard")
    screen = term.screen()
    shown = " ".join(" ".join(row.split()) for row in screen.display)
    said = re.search(r"After your discard, (at least \d+ cards? (is|are) left to meld before you can go out, and "
                     r"at best \d+ points?|you can go out: every card left melds)\.", shown)
    assert said is not None and no_word_cut(screen), "\n".join(screen.display)
    quit_game(child)


def test_gin_rummy_says_the_lay_off_before_the_deadwood_left_after_it(tmp_path: Path) -> None:
    """Seed 4, you deal, to 60: the hint's moves (N) knock in the first hand, and Anna lays off."""
    child = spawn(tmp_path, "play", "--game", "gin-rummy", "--seed", "4", "--target", "60", "--first-dealer", "you",
                  "--speech", "screen-reader", "--braille", "off", term="xterm", width=80, timeout=30)
    term = Screen(child)
    child.expect("take or pass>|draw>|discard or knock>")
    for _press in range(40):
        child.send("N")
        if child.expect(["take or pass>", "draw>", "discard or knock>", "Anna lays off"]) == 3:
            break
    else:
        raise AssertionError("no lay-off in the first hand")
    child.expect("Totals:")
    screen = term.screen()
    rows = [row.rstrip() for row in screen.display]
    lay_off = next(i for i, row in enumerate(rows) if row.startswith("Anna lays off"))
    melds = next(i for i, row in enumerate(rows) if row.startswith("Anna's melds"))
    yours = next(i for i, row in enumerate(rows) if row.startswith("Your melds"))
    assert yours < lay_off < melds, "\n".join(rows)
    assert len(rows[yours]) > 60 and rows[yours + 1] and not rows[yours + 1].startswith("Anna")  # it folds...
    assert no_word_cut(screen), "\n".join(rows)  # ...between words
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
