"""A web seat's settings are the terminal's own: the page changes its language, its cards (words or
braille cells) and its sounds mid-game, and the next lines, labels and cues follow at once."""

from __future__ import annotations

from web_support import Browser

from speech.i18n import _, in_language


def test_language_cards_and_sounds_change_mid_game(served: str) -> None:
    browser = Browser(served)
    try:
        browser.send("start", lang="en", name="Ann", sounds=True)
        browser.send("play", game="five-crowns", computers=1)
        browser.wait(lambda b: bool(b.state.get("hand")) and bool(b.prompt))
        browser.quiet(0.3)
        english_labels = {c["name"]: c["label"] for c in browser.state["commands"]}

        def said_after(key: str) -> str:
            count = len(browser.lines)
            browser.key(key)
            browser.wait(lambda b: len(b.lines) > count)
            browser.quiet(0.2)
            return browser.lines[count]

        assert said_after("h").startswith("3 cards")
        browser.send("settings", lang="es")
        browser.wait(lambda b: {c["name"]: c["label"] for c in b.state["commands"]} != english_labels)
        with in_language("es"):
            spanish = {name: _(label) for name, label in english_labels.items()}
        assert {c["name"]: c["label"] for c in browser.state["commands"]}.items() <= spanish.items()
        assert said_after("h").startswith("3 cartas")
        browser.send("settings", cards="braille")
        line = said_after("h")
        cells = [card["cells"] for card in browser.state["hand"]]
        assert all(cell in line for cell in cells), (line, cells)
        assert not any(card["words"] in line for card in browser.state["hand"])
        browser.send("settings", sounds=False, cards="words", lang="fr")
        browser.quiet(0.3)
        heard = len(browser.cues)
        assert said_after("h").startswith("3 cartes")
        for _turn in range(3):  # moves, with no sound any more
            if browser.state.get("question"):
                break
            said_after("N")
        assert len(browser.cues) == heard
    finally:
        browser.close()
