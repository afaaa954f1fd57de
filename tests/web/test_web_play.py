"""Whole hands at the web table in Chromium, against a real ``access-game serve``: every game of the
catalog by keyboard alone (solitaire too, by the seat's hosted terminal alone), one by tapping buttons on
a phone-sized touch screen; the log holds exactly the lines the server sent, each once; axe-core finds
nothing in any table state; the seat's token never stays in the address."""

from __future__ import annotations

import json

import pytest
from english_lines import EnglishFinder
from playwright.sync_api import Browser
from table_driver import PHONE, Table
from web_support import computers_for, web_games

from access_game.bench.web_page import Serve, axe_table_states, wait_until
from access_game.catalog import network_games
from speech.crazy_eights_words import suit_keys, suit_labels
from speech.i18n import LANGUAGES, in_language
from speech.i18n import _ as translated
from speech.web_page_words import page_words

#: The Unicode braille cells.
BRAILLE = frozenset(chr(c) for c in range(0x2800, 0x2900))


def tab_to_prompt(table: Table) -> None:
    """Reach the prompt by Tab alone, as a keyboard user does."""
    for _ in range(10):
        if table.page.evaluate("document.activeElement && document.activeElement.id") == "prompt":
            return
        table.page.keyboard.press("Tab")
    raise AssertionError("the prompt cannot be reached by Tab")


@pytest.mark.parametrize("game", web_games())
def test_a_whole_hand_by_keyboard_alone(serve: Serve, browser: Browser, game: str) -> None:
    table = Table(browser, f"{serve.base}/play?game={game}&computers={computers_for(game)}&name=Ann&lang=en")
    try:
        tab_to_prompt(table)
        # Help and the menu are the terminal's own, opened and closed by its keys.
        before = len(table.frames)
        table.page.keyboard.press("F1")
        assert table.wait_for_frames(before), "F1 gave no help"
        table.settle()
        table.page.keyboard.press("Escape")
        table.settle()
        presses = table.keys_until_hand_over()
        table.settle()
        assert presses > 0
        sent = table.sent_lines()
        assert table.log_lines() == sent, "the log is not the lines the server sent, once each, in order"
        assert table.of_type("error") == []
        seated = table.of_type("seated")
        assert len(seated) == 1
        code, token = seated[0]["code"], seated[0]["token"]
        assert table.page.url.endswith(f"/t/{code}"), table.page.url
        assert token not in table.page.url and "name=" not in table.page.url
        assert token in table.page.evaluate("localStorage.getItem('seat')")
    finally:
        table.close()


def test_each_table_state_has_no_axe_violation(serve: Serve, browser: Browser) -> None:
    """The states the figures report too (access_game.bench.web_page): table open, the player's turn,
    help open, the menu open, waiting, the hand over, cards as braille cells."""
    states = axe_table_states(browser, serve.base)
    assert len(states) == 7
    assert {state: found for state, found in states.items() if found} == {}


def test_cards_as_braille_cells_reach_the_hand_and_the_lines(serve: Serve, browser: Browser) -> None:
    table = Table(browser, f"{serve.base}/play?game=gin-rummy&computers=1&name=Ann&lang=en")
    try:
        table.settle()
        table.page.locator('input[name="cards"][value="braille"]').check()
        table.settle()
        assert table.sent[-1] == {"type": "settings", "lang": "en", "verbosity": "normal", "cards": "braille",
                                  "sounds": True, "wild_sign": False}
        cells = table.page.locator("#hand li").all_text_contents()
        assert cells and all(set(text) <= BRAILLE for text in cells), cells
        table.page.locator("#prompt").focus()
        before = len(table.sent_lines())
        table.page.keyboard.press("h")  # read the hand: its cards now come as cells from the server
        table.settle()
        said = table.sent_lines()[before:]
        assert said and all(cell in said[-1] for cell in cells), said
    finally:
        table.close()


def test_the_wild_sign_marks_the_wild_cards_of_the_hand_as_cells(serve: Serve, browser: Browser) -> None:
    """"Braille sign before a wild card" on the page puts ⠸ before each card of the wild rank in the hand's
    cells, as the terminal's B line does (contract rummy: every 2 is wild), and nowhere else."""
    from braille.cards import WILD_SIGN

    sign = WILD_SIGN.unicode
    table = Table(browser, f"{serve.base}/play?game=contract-rummy&computers=1&name=Ann&lang=en")
    try:
        table.settle()
        table.page.locator('input[name="cards"][value="braille"]').check()
        table.settle()
        cells = table.page.locator("#hand li").all_text_contents()
        assert cells and not any(sign in text for text in cells), cells  # off unless chosen
        table.page.locator("#set-wild-sign").check()
        table.settle()
        assert table.sent[-1]["wild_sign"] is True

        def hand() -> list[dict[str, str]]:
            states = [f for f in table.of_type("state") if f.get("hand")]
            return states[-1]["hand"] if states else []

        table.page.locator("#prompt").focus()
        for _ in range(300):  # play on (the hint's steps, into the next hand) until a 2 is in the hand
            if any(card["words"].endswith(", wild") for card in hand()):
                break
            before = len(table.frames)
            table.page.keyboard.press("Shift+N")
            table.wait_for_frames(before, 5.0)
            table.page.wait_for_timeout(60)
        table.settle()
        cards = hand()
        assert any(card["words"].endswith(", wild") for card in cards), (cards, table.sent_lines()[-5:])
        for card in cards:
            assert card["cells"].startswith(sign) == card["words"].endswith(", wild"), card
            assert card["cells"].count(sign) <= 1
        shown = table.page.locator("#hand li").all_text_contents()
        assert [c["cells"] for c in cards] == shown  # what the page shows is what the server sent
        assert table.page.evaluate("localStorage.getItem('wild_sign')") == "on"
    finally:
        table.close()


@pytest.mark.parametrize("game", ["contract-rummy"])  # the game with questions (buying) between turns
def test_a_whole_hand_by_tapping_buttons_on_a_phone(serve: Serve, browser: Browser, game: str) -> None:
    table = Table(browser, f"{serve.base}/play?game={game}&computers=1&name=Ann&lang=en", **PHONE)
    try:
        page = table.page
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page scrolls sideways"
        taps: dict[str, int] = {}
        hint = page.locator('button[data-command="play-hint"]')
        answers = page.locator("#answers")
        while not table.hand_over():
            assert sum(taps.values()) < 400, f"the hand did not end; last lines: {table.sent_lines()[-8:]}"
            before = len(table.frames)
            if answers.is_visible():  # a question: answered by its own buttons, No to a yes-or-no one
                button = answers.locator('button[data-key="n"]')
                if not button.is_visible():
                    button = answers.locator('button[data-key="escape"]')
            else:
                button = hint
            button.tap()
            name = button.get_attribute("data-key") or button.get_attribute("data-command") or ""
            taps[name] = taps.get(name, 0) + 1
            table.wait_for_frames(before, 5.0)
        table.settle()
        assert table.log_lines() == table.sent_lines()
        assert table.of_type("error") == [], table.of_type("error")
        # Help opened by its button is closed by the answers' Close button, as Escape closes it.
        page.locator('button[data-command="help"]').tap()
        close = answers.locator('button[data-key="escape"]')
        close.wait_for(state="visible", timeout=10_000)
        close.tap()
        answers.wait_for(state="hidden", timeout=10_000)
        sizes = page.evaluate("[...document.querySelectorAll('#actions button')].map((b) => b.getBoundingClientRect())"
                              ".map((r) => [r.width, r.height])")
        assert sizes and all(w >= 44 and h >= 44 for w, h in sizes), sizes
        labels = page.locator("#actions button").all_text_contents()
        assert all(label.strip() for label in labels), "a button without a name"
    finally:
        table.close()


def test_the_log_is_appended_never_redrawn_and_walked_line_by_line(serve: Serve, browser: Browser) -> None:
    table = Table(browser, f"{serve.base}/play?game=gin-rummy&computers=1&name=Ann&lang=en")
    try:
        page = table.page
        table.settle()
        log = page.locator("#log")
        assert page.locator("#live").get_attribute("role") == "log"
        assert page.locator("#live").get_attribute("aria-live") in (None, "polite")
        marked = page.evaluate("[...document.querySelectorAll('#log .line')].map((l) => (l.dataset.seen = 'yes'))"
                               ".length")
        page.locator("#prompt").focus()
        table.page.keyboard.press("Shift+H")
        table.settle()
        lines = page.locator("#log .line")
        assert lines.count() > marked
        assert page.evaluate(f"[...document.querySelectorAll('#log .line')].slice(0, {marked})"
                             ".every((l) => l.dataset.seen === 'yes')"), "a line already read was redrawn"
        assert page.locator("#log .line[data-seen]").count() == marked
        # The history, line by line, by arrows; Home and End to its ends.
        keys_sent = len(table.sent)
        log.focus()
        page.keyboard.press("ArrowUp")
        focused = "document.activeElement.textContent"
        assert page.evaluate(focused) == lines.last.text_content()
        page.keyboard.press("ArrowUp")
        assert page.evaluate(focused) == lines.nth(lines.count() - 2).text_content()
        page.keyboard.press("Home")
        assert page.evaluate(focused) == lines.first.text_content()
        page.keyboard.press("ArrowDown")
        assert page.evaluate(focused) == lines.nth(1).text_content()
        page.keyboard.press("End")
        assert page.evaluate(focused) == lines.last.text_content()
        assert table.sent[keys_sent:] == []  # the arrows in the log stayed the page's
    finally:
        table.close()


def test_a_reload_takes_the_seat_back_by_its_token(serve: Serve, browser: Browser) -> None:
    table = Table(browser, f"{serve.base}/play?game=gin-rummy&computers=1&name=Ann&lang=en")
    try:
        table.settle()
        code = table.of_type("seated")[0]["code"]
        before, received = len(table.sent), len(table.frames)
        table.page.reload()
        table.page.wait_for_selector("#log .line", timeout=30_000)
        table.settle()
        assert [m["type"] for m in table.sent[before:before + 2]] == ["start", "resume"], table.sent[before:]
        assert table.page.url.endswith(f"/t/{code}")
        assert table.of_type("error") == [], table.of_type("error")
        assert table.page.locator("#hand li").count() > 0
        # What was said before the reload is back in the log, above the live region: not read again.
        again = table.frames[received:]
        history = [line for frame in again if frame["type"] == "history" for line in frame["lines"]]
        news = [line for frame in again if frame["type"] == "lines" for line in frame["lines"]]
        assert history and table.log_lines("#earlier") == history
        assert table.log_lines("#live") == news
    finally:
        table.close()


def test_a_second_tab_takes_the_seat_over_and_the_first_lets_it_go(serve: Serve, browser: Browser) -> None:
    first = Table(browser, f"{serve.base}/play?game=gin-rummy&computers=1&name=Ann&lang=en")
    try:
        first.settle()
        code = first.of_type("seated")[0]["code"]
        sockets: list[str] = []
        first.page.on("websocket", lambda ws: sockets.append(ws.url))
        second = first.context.new_page()  # the same browser: the seat's token is in its storage
        second.goto(f"{serve.base}/t/{code}")
        second.wait_for_selector("#earlier .line", timeout=30_000)
        wait_until(first.page, f"document.getElementById('status').textContent === {page_words('en')['left']!r}")
        first.page.wait_for_timeout(1500)  # long enough for a reconnection to have begun
        assert sockets == [], "the first tab came back and would take the seat again"
        assert second.locator("#hand li").count() > 0
    finally:
        first.close()


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_french_and_spanish_tables_hold_no_english(serve: Serve, browser: Browser, lang: str) -> None:
    """Everything on the page at a table, the page's words and the table's lines, buttons and cards, in
    the page's language: held to the same no-English rule as the terminal's French and Spanish."""
    table = Table(browser, f"{serve.base}/play?game=gin-rummy&computers=1&name=Ann&lang={lang}",
                  extra_http_headers={"Accept-Language": "en"})
    try:
        table.page.locator("#prompt").focus()
        for key in ("F1", "Escape", "Shift+H", "h"):
            table.page.keyboard.press(key)
            table.settle()
        table.keys_until_hand_over()
        table.settle()
        shown = table.page.evaluate("""() => [...document.querySelectorAll(
            'h1, h2, h3, label, legend, option, button, li, p, a')].map((e) => e.textContent.trim())
            .concat([document.title, document.getElementById('prompt-label').textContent])""")
        finder = EnglishFinder(lang, names=("Ann", "access-game", "English"))
        lines = [line for line in shown if line]
        assert len(lines) > 20 and finder.english(lines) == []
        assert table.page.evaluate("document.documentElement.lang") == lang
    finally:
        table.close()



def test_a_text_question_is_typed_in_the_prompt_and_sent_whole(serve: Serve, browser: Browser) -> None:
    table = Table(browser, f"{serve.base}/play?game=gin-rummy&computers=1&name=Ann&lang=en")
    try:
        table.settle()
        prompt = table.page.locator("#prompt")
        prompt.focus()
        table.page.keyboard.press("/")  # chat: the terminal asks for a line
        table.settle()
        assert table.of_type("state")[-1]["question"]["kind"] == "text"
        table.page.keyboard.type("Ça va, tout le monde?")
        table.page.keyboard.press("Enter")
        table.settle()
        assert {"type": "text", "text": "Ça va, tout le monde?"} in table.sent
        assert [m for m in table.sent if m["type"] == "key"] == [{"type": "key", "key": "/"}]
        assert any("Ça va, tout le monde?" in line for line in table.sent_lines()), table.sent_lines()[-3:]
        assert prompt.input_value() == ""
    finally:
        table.close()


def test_the_terminals_cues_sound_through_web_audio_without_a_page_error(serve: Serve, browser: Browser) -> None:
    table = Table(browser, f"{serve.base}/play?game=gin-rummy&computers=1&name=Ann&lang=en")
    try:
        problems: list[str] = []
        fetched: list[str] = []
        table.page.on("pageerror", lambda error: problems.append(str(error)))
        table.page.on("request", lambda request: fetched.append(request.url))
        table.page.locator("#prompt").focus()
        table.keys_until_hand_over()  # keys wake the page's audio; the moves' cues follow
        table.settle()
        assert table.of_type("cues")
        assert any(url.endswith("/static/cues.json") for url in fetched), fetched
        assert table.page.evaluate("typeof AudioContext") == "function"
        assert problems == []
    finally:
        table.close()


def test_the_lobby_opens_a_table_by_keys_and_the_address_follows(serve: Serve, browser: Browser) -> None:
    """The lobby page is the server's lobby: its list walked by arrows, a new table's questions answered in
    the prompt (a number typed, Y or N), and the page is at the table, its address the table's link."""
    context = browser.new_context()
    page = context.new_page()
    try:
        frames: list[dict[str, object]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(json.loads(frame))))
        page.goto(f"{serve.base}/?lang=en")
        page.locator("#name-input").fill("Ann")
        page.keyboard.press("Enter")
        page.wait_for_selector("#log .line")
        page.locator("#prompt").focus()
        for _ in range(network_games().index("gin-rummy") + 1):  # the list: a table by its code, then each game
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        wait_until(page, "document.getElementById('prompt-label').textContent === 'computers'")
        page.keyboard.type("1")
        page.keyboard.press("Enter")
        page.wait_for_selector('#answers button[data-key="n"]:visible')  # listed in the lobby? No
        page.keyboard.press("n")
        page.wait_for_url("**/t/*", timeout=20_000)
        page.wait_for_selector("#hand li")
        seated = [f for f in frames if f["type"] == "seated"]
        assert len(seated) == 1 and page.url.endswith(f"/t/{seated[0]['code']}")
        assert page.title().startswith(page_words("en")["table_title"])
        assert page.locator("h1").inner_text() == page_words("en")["table_title"]
        assert [f for f in frames if f["type"] == "error"] == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_eights_suit_is_named_by_tapping_its_button_on_a_phone(serve: Serve, browser: Browser, lang: str) -> None:
    # A question of letters (the suit an eight names) shows each answer as a button, named in words in
    # the page's language: a phone has no keys to press. The hand is played by its buttons: an eight
    # held is played by moving to it and tapping Discard, anything else by the hint's button, hand after
    # hand until an eight comes.
    with in_language(lang):
        labels = suit_labels()
        hearts = next(key for key in labels if suit_keys()[key] == "h")
        named = translated("You name {suit}.").format(suit=labels[hearts])
    table = Table(browser, f"{serve.base}/play?game=crazy-eights&computers=1&name=Ann&lang={lang}", **PHONE)
    try:
        page = table.page
        letters = page.locator("#letter-answers button")
        taps = 0
        while True:
            assert taps < 600, f"no eight came to be played; last lines: {table.sent_lines()[-8:]}"
            table.settle()
            state = table.of_type("state")[-1]
            question = state.get("question")
            if question and question["kind"] == "letters":
                break
            eights = [i for i, card in enumerate(state["hand"]) if card["code"].lower().startswith("8")]
            turn = any(command["name"] == "discard" for command in state["commands"])
            presses = ["first-card", *["next-card"] * eights[0], "discard"] if turn and eights else ["play-hint"]
            for name in presses:
                before = len(table.frames)
                page.locator(f'button[data-command="{name}"]').tap()
                taps += 1
                table.wait_for_frames(before, 5.0)
        assert question["answers"] == [{"key": key, "label": label} for key, label in labels.items()]
        assert letters.all_text_contents() == list(labels.values())
        assert [b.get_attribute("aria-keyshortcuts") for b in letters.all()] == [k.upper() for k in labels]
        assert page.locator('#answers button[data-key="escape"]').is_visible()
        assert page.locator('#answers button[data-key="y"]').is_hidden()
        before = len(table.frames)
        page.locator(f'#letter-answers button[data-key="{hearts}"]').tap()
        table.wait_for_frames(before, 5.0)
        table.settle()
        assert named in table.sent_lines()
        assert page.locator("#answers").is_hidden()
        assert table.of_type("error") == []
        assert table.log_lines() == table.sent_lines()
    finally:
        table.close()
