"""The sentences every table says the same way: the hand cursor, reading and sorting the hand, whose
turn it is, the discard pile, the totals. A game's own sentences are in its words module; these are
written once, so the games cannot drift apart in how a player's own hand is read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from engine.cards import Card, Rank
from speech.phrases import Parts, capital, card_count, cards_parts, hand_words, join_words, the_card
from speech.results import scores_words

__all__ = [
    "ACTION_MENU",
    "DISCARD_PILE_EMPTY",
    "FIRST_CARD",
    "GOING_ON",
    "GOODBYE",
    "GO_TO_CARD",
    "HAND_EMPTY",
    "KEY_HELP",
    "LAST_CARD",
    "NOBODY_WAITING",
    "NO_CARDS",
    "NO_MELDS_YET",
    "QUIT_QUESTION",
    "SELECTED_MARK",
    "SETTINGS_HINT",
    "SETTINGS_MENU",
    "SETTING_LABELS",
    "THANK_YOU",
    "braille_hand_words",
    "card_at_parts",
    "cues_words",
    "grouped_hand_words",
    "hand_parts",
    "help_intro_words",
    "no_such_card",
    "on_off",
    "opponents_words",
    "others_turn",
    "pace_entry",
    "rate_entry",
    "scores_long_words",
    "scores_short_words",
    "setting_entry",
    "sorted_parts",
    "up_card_parts",
    "verbosity_words",
    "your_hand_parts",
]

HAND_EMPTY = "Your hand is empty."
NO_CARDS = "You hold no cards."
FIRST_CARD = "First card. "
LAST_CARD = "Last card. "
GO_TO_CARD = "Go to card number?"
NOBODY_WAITING = "Nobody is waiting to play."
DISCARD_PILE_EMPTY = "The discard pile is empty."
NO_MELDS_YET = "No melds on the table yet."


def no_such_card(held: int, number: int) -> str:
    return f"You have {card_count(held)}; there is no card {number}."


def card_at_parts(card: Card, wild: Rank | None, pos: int, total: int, mark: str = "", edge: str = "") -> Parts:
    """'First card. 7 of hearts, wild, 1 of 9, selected'."""
    return [edge, *cards_parts([card], wild), f", {pos + 1} of {total}{mark}"]


def hand_parts(cards: Sequence[Card], wild: Rank | None, marks: Sequence[str] = ()) -> Parts:
    """'5 cards: 3 of hearts; 9 of hearts, selected; ...'. (H reads this in every game.)"""
    if not cards:
        return [NO_CARDS]
    parts: Parts = [f"{card_count(len(cards))}: "]
    for i, card in enumerate(cards):
        if i:
            parts.append("; ")
        parts += [*cards_parts([card], wild), marks[i] if i < len(marks) else ""]
    return [*parts, "."]


def your_hand_parts(cards: Sequence[Card], wild: Rank | None) -> Parts:
    """The hand as the deal line and a resumed game say it: in the order the table shows it, as H does."""
    return ["Your hand: ", *cards_parts(cards, wild), "."]


def grouped_hand_words(cards: Sequence[Card], wild: Rank | None, group: str, head: str = "") -> str:
    return head + capital(hand_words(cards, wild, group=group)) + "."


def sorted_parts(how: str, cards: Sequence[Card], wild: Rank | None) -> Parts:
    if not cards:
        return [f"Sorted by {how}: you hold no cards."]
    return [f"Sorted by {how}: ", *cards_parts(cards, wild), "."]


def braille_hand_words(held: int) -> str:
    return f"Your hand in braille, {card_count(held)}, is on the line below."


def others_turn(name: str) -> str:
    return f"It is {name}'s turn."


def up_card_parts(card: Card | None, wild: Rank | None, pile_size: int, head: str = "The up card is ") -> Parts:
    """'The up card is the 9 of clubs; the discard pile has 3 cards.'"""
    if card is None:
        return [DISCARD_PILE_EMPTY]
    return [head, *the_card(card, wild), f"; the discard pile has {card_count(pile_size)}."]


def scores_short_words(players: Sequence[str], scores: Sequence[Sequence[int]], totals: Sequence[int],
                       listener: int) -> str:
    return "Totals: " + scores_words(players, scores, totals, long=False, listener=listener)


def scores_long_words(players: Sequence[str], scores: Sequence[Sequence[int]], totals: Sequence[int],
                      listener: int) -> str:
    return scores_words(players, scores, totals, long=True, listener=listener)


def opponents_words(players: Sequence[str], seat: int) -> str:
    """'Anna, Ben and Carla': everyone but the listener."""
    return join_words([p for s, p in enumerate(players) if s != seat])


SELECTED_MARK = ", selected"


#: What the keys every table has do, as F1 help and docs/keys.md say it (command name to description):
#: the hand keys of every table with a hand, then the keys of every game. A game's own keys are in its
#: words module.
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "previous-card": "Move to the previous card in your hand.",
    "next-card": "Move to the next card in your hand.",
    "first-card": "Move to the first card.",
    "last-card": "Move to the last card.",
    "jump": "Move to card 1 to 9; 0 is card 10.",
    "jump-high": "Move to card 11 to 19.",
    "go-to": "Go to a card by its number (type it, then Enter).",
    "read-hand": "Read your whole hand in order.",
    "read-by-suit": "Read your hand grouped by suit.",
    "read-by-rank": "Read your hand grouped by rank.",
    "braille-hand": "Show your hand as braille cells on one line (card code).",
    "sort-rank": "Sort your hand by rank, and say the new order.",
    "sort-suit": "Sort your hand by suit, and say the new order.",
    "repeat": "Repeat the last message.",
    "history-older": "History: the message before.",
    "history-newer": "History: the message after.",
    "history-oldest": "History: the first message.",
    "history-newest": "History: the newest message.",
    "history-filter": "History: browse all messages, your turns, other players or results.",
    "verbosity": "Cycle how much is said: brief, normal, detailed.",
    "cues": "Sound cues on or off.",
    "help": "Help: list every key.",
    "menu": "The action menu: every action in a list (Up, Down, Enter; Escape closes).",
    "settings": "Settings: speech, rate, verbosity, cards, cues, pace, hints, buy questions, level.",
    "save": "Save now (the game is also saved after every move).",
    "quit": "Quit (asks first); your game is saved and resumes next time.",
    "next": "When computer players are waiting (pace: one per key): let the next one play.",
})


# ----- the keys every game has: help, menus, settings, quitting
ACTION_MENU = "Action menu"
SETTINGS_MENU = "Settings"
SETTINGS_HINT = "Up and Down to move, Left and Right or Enter to change, Escape to close."
QUIT_QUESTION = "Quit the game?"
GOING_ON = "Going on."
GOODBYE = "Goodbye."
THANK_YOU = "Thank you for playing."


def verbosity_words(verbosity: str) -> str:
    return f"Verbosity {verbosity}."


def cues_words(on: bool) -> str:
    return f"Sound cues {'on' if on else 'off'}."


def help_intro_words(title: str, commands: int) -> str:
    """What F1 says before the list of keys."""
    return f"Help for {title}: {commands} commands. Escape opens a menu of every action."

#: The settings menu's name for each setting (settings field to label).
SETTING_LABELS: Mapping[str, str] = MappingProxyType({
    "speech": "Speech",
    "verbosity": "Verbosity",
    "cards": "Cards shown as",
    "cues": "Sound cues",
    "hints": "Hints",
    "buy_questions": "Contract rummy buy questions",
    "level": "Computer players' level (next game)",
    "news_on_prompt": "News on the prompt line",
})


def on_off(on: bool) -> str:
    return "on" if on else "off"


def setting_entry(field: str, value: object) -> str:
    """A settings menu item: the setting's name and its value, 'Verbosity: normal'."""
    return f"{SETTING_LABELS[field]}: {value}"


def rate_entry(rate: int) -> str:
    return f"Speech rate: {rate} words a minute"


def pace_entry(all_at_once: bool) -> str:
    return "Computer players: " + ("all at once" if all_at_once else "one per key press")
