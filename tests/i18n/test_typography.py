"""Typography per language on the printed line: a wrapped line never starts with punctuation (French's
" :" and " ?" stay with their word, the space before them being non-breaking), and a card shown in
braille after an elided article follows it without a space ("l'as de cœur ⠁⠓", never "l' as").
Real parts: the announcer with the game's own braille card cells, the French catalog.
"""

from __future__ import annotations

from braille.cards import card_unicode
from engine.notation import parse_card
from speech.announcer import Announcer
from speech.backends import RecordingBackend
from speech.i18n import _, fill, in_language
from speech.languages import describe
from speech.lines import split_message
from speech.phrases import the_card
from speech.words import Kind, utter

ACE = parse_card("ah")


def printed_by(display: str, width: int | None = None) -> tuple[Announcer, list[str]]:
    printed: list[str] = []
    return Announcer(RecordingBackend(), printed.append, card_display=display, braille_fn=card_unicode,
                     width=width), printed


def test_an_elided_article_is_followed_by_the_card_with_no_space_in_every_display() -> None:
    with in_language("fr"):
        line = utter(*fill(_("The up card is {card}."), card=the_card(ACE)), kind=Kind.OTHERS)
        for display, want in (("words", "l'as de cœur."), ("both", f"l'as de cœur {card_unicode(ACE)} ."),
                              ("braille", f"l'{card_unicode(ACE)} .")):
            announcer, printed = printed_by(display)
            announcer.announce(line)
            assert printed[-1].endswith(want), (display, printed)
            assert "l' " not in printed[-1]


def test_no_wrapped_line_starts_with_punctuation_at_any_width() -> None:
    fr = describe("fr")
    text = ("Manche 3 sur 11 : vous distribuez ; les 5 sont des jokers. Reprendre la défausse ? "
            "Tapez « oui » ou « non » : Y ou N !")
    for width in range(8, len(text)):
        lines = split_message(text, width, typeset=fr.typeset)
        assert not any(line[0] in ":;!?»" for line in lines), (width, lines)
        assert not any(line.endswith("«") for line in lines), (width, lines)
        # nothing lost; printed with French typography's narrow space before ": ; ? !", plain spaces else
        assert " ".join(lines).replace("\u202f", " ").replace("  ", " ") == text
        assert "\u00a0" not in "".join(lines) and " :" not in "".join(lines) and " ;" not in "".join(lines)


def test_english_lines_wrap_as_before() -> None:
    en = describe("en")
    text = "Hand 3 of 11. You deal; the 5s are wild. Take the discard pile? Y or N."
    assert split_message(text, 30, typeset=en.typeset) == split_message(text, 30)
    assert split_message(text, 30) == ["Hand 3 of 11.", "You deal; the 5s are wild.", "Take the discard pile?",
                                       "Y or N."]


def test_the_announcer_wraps_a_french_line_keeping_each_colon_with_its_word() -> None:
    with in_language("fr"):
        announcer, printed = printed_by("words", width=20)
        announcer.announce(utter("Signaux sonores : activés ; conseils : désactivés ; niveau : difficile"))
    assert printed and not any(line[0] in ":;" for line in printed), printed
    assert " ".join(printed) == "Signaux sonores : activés ; conseils : désactivés ; niveau : difficile".replace(
        " :", "\u202f:").replace(" ;", "\u202f;")


def test_french_typography_is_made_once_by_the_language_with_a_narrow_no_break_space() -> None:
    """Whatever the catalog wrote (" : " or ":", "; " between cards), printed French has U+202F before
    ": ; ! ?"; a mark inside a token (an address, a time, a query) is left alone; English is unchanged."""
    fr, en = describe("fr"), describe("en")
    assert fr.typeset("dame de cœur; 10 d'étoiles") == "dame de cœur\u202f; 10 d'étoiles"
    assert fr.typeset("Points : 3. Prêt ? Oui !") == "Points\u202f: 3. Prêt\u202f? Oui\u202f!"
    assert fr.typeset("ws://hôte:8080 à 12:30 ?x=1") == "ws://hôte:8080 à 12:30 ?x=1"
    assert en.typeset("Points: 3; ready?") == "Points: 3; ready?"
    with in_language("fr"):
        announcer, printed = printed_by("words")
        announcer.announce(utter("Série de as : as de cœur; as de pique"))
    assert printed == ["Série d'as\u202f: as de cœur\u202f; as de pique"], printed


def test_no_braille_display_window_starts_with_punctuation() -> None:
    from braille.display_cells import windows

    text = "Manche 3 sur 11 : vous distribuez ; les 5 sont des jokers. Reprendre ? Y ou N !"
    for width in range(12, len(text)):
        shown = windows(["Vous piochez ", ACE, " ; " + text], width)
        assert not any(w.text[:1] in ":;!?" for w in shown[1:]), (width, [w.text for w in shown])
        assert any(w.card_at(c) == ACE for w in shown for c in range(width)), width


def test_numbers_with_a_fraction_and_percentages_are_written_the_languages_way() -> None:
    """English "12.5%", French and Spanish "12,5 %" (a decimal comma, a non-breaking space before "%"),
    through each language's own description; whole numbers and text are left as they are."""
    from speech.i18n import with_numbers

    template = "win share {share:.1%}, {ms:.1f} ms, {n:g} wins, {games} games, {who}"
    values = {"share": 0.125, "ms": 23.06, "n": 2.5, "games": 1000, "who": "Anna"}
    said = {}
    for lang in ("en", "fr", "es"):
        with in_language(lang):
            said[lang] = with_numbers(template, **values)
    assert said["en"] == "win share 12.5%, 23.1 ms, 2.5 wins, 1000 games, Anna"
    assert said["fr"] == said["es"] == "win share 12,5\u00a0%, 23,1 ms, 2,5 wins, 1000 games, Anna"
    assert describe("fr").decimal(-0.5, ".2f") == "-0,50"  # the minus is said by contract(), as for any number


def test_the_simulation_report_in_french_writes_its_figures_in_french() -> None:
    """The whole report, worded in French, has no English decimal point or bare "%" in any figure."""
    import re

    from access_game.simulate import run_simulation

    with in_language("fr"):
        text = run_simulation("five-crowns", ["hard", "normal"], games=4, seed=3).to_text()
    assert re.search(r"\d,\d\u00a0%", text), text
    assert not re.search(r"\d\.\d|\d%", text), text
