"""The web table's own words: the headings, labels and buttons of the page itself, in the page's language.

Everything the table says (events, hints, help, menus, prompts, refusals) comes from the server's
hosted terminal, made by the same narrator as at the terminal; only the page's frame is written here.
The server renders these words into each page in the language the page asked for, one translation
per language held apart from the process's current language (speech.i18n's module global is the
server's own), so pages of three languages can be served at once without switching it.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from speech.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, N_
from speech.languages import describe
from speech.table_words import SETTING_LABELS, SETTING_VALUES

__all__ = ["PAGE_SETTINGS", "WORDS", "page_words", "translator"]

#: Each word of the page by its name (the name is what the page's code and the HTML use).
WORDS: Mapping[str, str] = MappingProxyType({
    "site": N_("access-game"),
    "lobby_title": N_("Lobby"),
    "table_title": N_("Table"),
    "not_found_title": N_("Page not found"),
    "not_found_text": N_("There is no page at this address."),
    "bad_link": N_("This quick-play link names no game this server offers."),
    "to_lobby": N_("Go to the lobby"),
    "messages": N_("Messages"),
    "history_help": N_("Every message of the table, newest last. Up and down arrows move line by line, "
                       "Home and End to the first and last."),
    "prompt": N_("Prompt"),
    "prompt_help": N_("Keys typed here go to the table, as at the terminal: F1 for help, Escape for the menu, "
                      "Shift+H for a hint."),
    "send": N_("Send"),
    "hand": N_("Your hand"),
    "no_cards": N_("No cards in hand."),
    "actions": N_("Actions"),
    "no_actions": N_("Nothing to do now."),
    "settings": N_("Your settings"),
    "answers": N_("Answer"),
    "answer_yes": N_("Yes"),
    "answer_no": N_("No"),
    "menu_up": N_("Previous item"),
    "menu_down": N_("Next item"),
    "menu_choose": N_("Choose"),
    "menu_close": N_("Close"),
    "left": N_("This page has left its table. Open the table's link again to take the seat back."),
    "quick_play": N_("Quick play against computer players"),
    "game": N_("Game"),
    "computers": N_("Computer players"),
    "name": N_("Your name"),
    "play": N_("Play"),
    "connecting": N_("Connecting to the server…"),
    "connected": N_("Connected."),
    "lost": N_("The connection was lost. Trying again…"),
    "no_script": N_("This page needs JavaScript to reach the table."),
    "account": N_("Your account"),
    "account_help": N_("Signed in, your name is yours alone at this server. A new account's password is at "
                       "least 8 characters."),
    "account_name": N_("Account name"),
    "password": N_("Password"),
    "new_account": N_("Make a new account with this password"),
    "sign_in": N_("Sign in"),
})
#: The settings the page offers, labelled and valued in the terminal's own settings words (one sentence
#: each, whichever table shows it): the page's name for each, the terminal's setting and its values.
PAGE_SETTINGS: Mapping[str, tuple[str, tuple[str, ...]]] = MappingProxyType({
    "language": ("language", ()),
    "verbosity": ("verbosity", ("brief", "normal", "detailed")),
    "cards": ("cards", ("words", "braille")),
    "wild_sign": ("wild_sign", ()),
    "sounds": ("cues", ()),
})


@cache
def translator(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (one of LANGUAGES), kept for the process's life; English is the code's own."""
    if lang == LANGUAGES[0]:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)


def page_words(lang: str) -> dict[str, str]:
    """Every word of the page in ``lang``, by name, and each language by its own name (``lang_fr``),
    so that a player who does not understand the page's language can still find theirs."""
    words = translator(lang)
    found = {name: words.gettext(text) for name, text in WORDS.items()}
    for name, (setting, values) in PAGE_SETTINGS.items():
        found[name] = words.gettext(SETTING_LABELS[setting])
        found.update({f"{name}_{value}": words.pgettext(*SETTING_VALUES[setting, value]) for value in values})
    found.update({f"lang_{code}": describe(code).own_name for code in LANGUAGES})
    return found
