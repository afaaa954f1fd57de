"""Gin Rummy's showdown in words, as each player hears it: a knock with lay-offs, an undercut, big gin
and a drawn hand, in English, French and Spanish."""

from __future__ import annotations

from test_gin_rules import cs, game, stacked

from engine.actions import Discard, Draw
from engine.events import seen_by
from engine.game import Game
from engine.rules.gin_rummy import Knock
from speech.gin_words import GinNarrator
from speech.i18n import in_language
from speech.phrases import card_words


def heard(g: Game, seat: int) -> list[str]:
    narrator = GinNarrator(seat, g.players)
    return ["".join(p if isinstance(p, str) else card_words(p) for p in u.parts)
            for u in narrator.narrate(seen_by(g.log, seat)) + narrator.flush()]


def test_a_knock_the_defender_lays_off_and_hears_who_won() -> None:
    g = game()
    stacked(g, "ah 2h 3h 7c 7d 7s 9s 10s js 4d", "kh kd kc 5c 6c 8h 3c qs 4h 2s", "jd", "3d")
    g.apply(Draw(0, "stock"))
    g.apply(Knock(0, cs("4d")[0]))
    anna = heard(g, 1)
    assert "You knock with 3 points." in heard(g, 0) and "You knock with 3 points." not in anna
    assert "You lay off 4 of hearts; queen of spades." in anna
    # The lay-off first, then the deadwood left after it (which no longer holds the cards laid off).
    mine = next(i for i, line in enumerate(anna) if line.startswith("Your melds"))
    assert anna.index("You lay off 4 of hearts; queen of spades.") < mine, anna
    assert "queen of spades" not in anna[mine].split("Deadwood:")[1], anna[mine]
    knocker = heard(g, 0)
    assert knocker.index("Anna lays off 4 of hearts; queen of spades.") < next(
        i for i, line in enumerate(knocker) if line.startswith("Anna's melds")), knocker
    assert "You win the hand: 21 points." in heard(g, 0)
    with in_language("fr"):
        assert "Vous ajoutez 4 de cœur; dame de pique aux combinaisons adverses." in heard(g, 1)


def test_an_undercut_big_gin_and_a_drawn_hand() -> None:
    g = game()
    stacked(g, "ah 2h 3h 7c 7d 7s 9s 10s js kd", "5h 5s 5d 8c 9c 10c qh qd qs ac", "jd", "4c")
    g.apply(Draw(0, "stock"))
    g.apply(Knock(0, cs("kd")[0]))
    assert "Undercut! You win the hand: 28 points, the bonus of 25 included." in heard(g, 1)
    with in_language("fr"):
        assert "Contre ! Vous gagnez la manche : 28 points, dont la prime de 25." in heard(g, 1)
    big = game()
    stacked(big, "ah 2h 3h 7c 7d 7s 9s 10s js qs", "4h 5c 6c 8h kh kd 3c 2s 4d 5d", "jd", "ks")
    big.apply(Draw(0, "stock"))
    big.apply(Knock(0, None))
    assert any(line.startswith("Big gin! You win the hand") for line in heard(big, 0))
    drawn = game()
    stacked(drawn, "ah 2h 3h 7c 7d 7s 9s 10s js kd", "5h 5s 5d 8c 9c 10c qh qd qs ac", "jd", "", stock_size=3)
    drawn.apply(Draw(0, "stock"))
    drawn.apply(Discard(0, cs("kd")[0]))
    assert "Hand 1 is a draw: the stock is down to two cards. No score." in heard(drawn, 1)
    with in_language("es"):
        assert "La mano 1 queda en tablas: solo quedan dos cartas en el mazo. Nadie puntúa." in heard(drawn, 1)
