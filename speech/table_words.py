"""The sentences every table says the same way: the hand cursor, reading and sorting the hand, whose
turn it is, the discard pile, the totals. A game's own sentences are in its words module; these are
written once, so the games cannot drift apart in how a player's own hand is read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from engine.cards import Card, Rank
from speech.i18n import N_, NP_, _, fill, ngettext, pgettext
from speech.languages import all_languages
from speech.phrases import Parts, capital, card_count, card_words, cards_parts, hand_words, join_words, the_card
from speech.refusal_words import refusal_words
from speech.results import scores_words

__all__ = [
    "ACTION_MENU",
    "DISCARD_PILE_EMPTY",
    "FIRST_CARD",
    "FLAG_ENTRIES",
    "GOING_ON",
    "GOODBYE",
    "GO_TO_CANCELLED",
    "HAND_EMPTY",
    "HELP_CLOSED",
    "HELP_EVERY_COMMAND",
    "HELP_HINT",
    "KEY_HELP",
    "LANGUAGE_NAMES",
    "LAST_CARD",
    "NOBODY_WAITING",
    "NO_CARDS",
    "NO_MELDS_YET",
    "QUIT_QUESTION",
    "SELECTED_MARK",
    "SETTINGS_HINT",
    "SETTINGS_MENU",
    "SETTING_LABELS",
    "SETTING_VALUES",
    "SORT_WORDS",
    "THANK_YOU",
    "braille_hand_words",
    "card_at_parts",
    "cues_words",
    "flag_entry",
    "grouped_hand_words",
    "hand_parts",
    "help_intro_words",
    "help_section_entry",
    "no_such_card",
    "on_off",
    "opponents_words",
    "others_turn",
    "pace_entry",
    "pitch_entry",
    "rate_entry",
    "scores_long_words",
    "scores_short_words",
    "setting_entry",
    "setting_value",
    "sorted_parts",
    "up_card_parts",
    "verbosity_words",
    "volume_entry",
    "your_hand_parts",
]

# Constants are marked for the catalog and translated where said (utter() passes text through _()).
HAND_EMPTY = N_("Your hand is empty.")
NO_CARDS = N_("You hold no cards.")
FIRST_CARD = N_("First card. ")
LAST_CARD = N_("Last card. ")
GO_TO_CANCELLED = N_("Cancelled.")
NOBODY_WAITING = N_("Nobody is waiting to play.")
DISCARD_PILE_EMPTY = N_("The discard pile is empty.")
NO_MELDS_YET = N_("No melds on the table yet.")


#: Card codes J shows as examples: one of each suit letter, stars first, and the joker's; a game shows
#: the ones its own notation reads (no stars or joker in Gin Rummy).
_EXAMPLE_CODES = ("10st", "qh", "7c", "ks", "5d", "jo")


def _examples(parse_card: Callable[[str], Card]) -> tuple[str, list[str]]:
    """A card's name as the game says it, and the example codes the game reads."""
    codes = []
    for code in _EXAMPLE_CODES:
        try:
            parse_card(code)
        except ValueError:
            continue
        codes.append(code)
    return card_words(parse_card(codes[0])), codes


def go_to_card(parse_card: Callable[[str], Card]) -> str:
    """J's question: 'Type its number, its name such as 10 of stars, or its code: 10st, qh, 7c, ks, 5d or
    jo', with the codes of every suit the game has (``parse_card``: the game's notation)."""
    name, codes = _examples(parse_card)
    return _("Go to which card? Type its number, its name such as {name}, or its code: {codes}. Then Enter.").format(
        name=name, codes=join_words(codes, N_("or")))


def not_a_card(text: str, parse_card: Callable[[str], Card]) -> str:
    name, codes = _examples(parse_card)
    return _("{text} is not a card: type its number, its name such as {name}, or its code such as {code}.").format(
        text=text, name=name, code=codes[0])


def card_refused(reason: str) -> str:
    """A card the game does not have, named at J: the rules' reason ('2 of hearts is not a card: ranks
    in Five Crowns are 3-10, J, Q, K.')."""
    return refusal_words(reason)


def card_not_held(card: Card, wild: Rank | None) -> Parts:
    return list(fill(_("You hold no {card}."), card=cards_parts([card], wild)))


def no_such_card(held: int, number: int) -> str:
    return _("You have {cards}; there is no card {number}.").format(cards=card_count(held), number=number)


def card_at_parts(card: Card, wild: Rank | None, pos: int, total: int, mark: str = "", edge: str = "") -> Parts:
    """'First card. 7 of hearts, wild, 1 of 9, selected'."""
    return [_(edge), *cards_parts([card], wild), _(", {pos} of {total}").format(pos=pos + 1, total=total), _(mark)]


def hand_parts(cards: Sequence[Card], wild: Rank | None, marks: Sequence[str] = (), *,
               positions: bool = False) -> Parts:
    """'5 cards: 3 of hearts; 9 of hearts, selected; ...'. (H reads this in every game.) With
    ``positions``, each card after its place in the hand, 'card 1: the 3 of hearts; card 2: ...': the
    digit that jumps to it, so nobody has to count. A voice says no colon, so the place is said with
    its word and the card with its article ("carte 1 : le 4 de cœur"), never two numbers running
    together ("un quatre de cœur")."""
    if not cards:
        return [_(NO_CARDS)]
    parts: Parts = [_("{cards}: ").format(cards=card_count(len(cards)))]
    for i, card in enumerate(cards):
        if i:
            parts.append("; ")
        named = cards_parts([card], wild)
        if positions:
            named = list(fill(_("card {position}: {the_card}"), position=i + 1, the_card=the_card(card, wild)))
        parts += [*named, _(marks[i]) if i < len(marks) and marks[i] else ""]
    return [*parts, "."]


def your_hand_parts(cards: Sequence[Card], wild: Rank | None) -> Parts:
    """The hand as the deal line and a resumed game say it: in the order the table shows it, as H does."""
    return [_("Your hand: "), *cards_parts(cards, wild), "."]


def grouped_hand_words(cards: Sequence[Card], wild: Rank | None, group: str, head: str = "") -> str:
    return _(head) + capital(hand_words(cards, wild, group=group)) + "."


#: How a hand is sorted, as ``sorted_parts`` says it ('rank', 'suit').
SORT_WORDS: Mapping[str, str] = MappingProxyType({"rank": N_("rank"), "suit": N_("suit"),
                                                  "rank, wilds last": N_("rank, wilds last")})


def sorted_parts(how: str, cards: Sequence[Card], wild: Rank | None) -> Parts:
    """'Sorted by rank: ...'; ``how`` is 'rank' or 'suit' (or words already in the language)."""
    by = _(SORT_WORDS.get(how, how))
    if not cards:
        return [_("Sorted by {how}: you hold no cards.").format(how=by)]
    return [_("Sorted by {how}: ").format(how=by), *cards_parts(cards, wild), "."]


def braille_hand_words(held: int) -> str:
    return _("Your hand in braille, {cards}, is on the line below.").format(cards=card_count(held))


def others_turn(name: str) -> str:
    return _("It is {name}'s turn.").format(name=name)


def up_card_parts(card: Card | None, wild: Rank | None, pile_size: int) -> Parts:
    """'The up card is the 9 of clubs; the discard pile has 3 cards.', one sentence of the catalog."""
    if card is None:
        return [_(DISCARD_PILE_EMPTY)]
    return list(fill(_("The up card is {card}; the discard pile has {count}."), card=the_card(card, wild),
                     count=card_count(pile_size)))


def scores_short_words(players: Sequence[str], scores: Sequence[Sequence[int]], totals: Sequence[int],
                       listener: int) -> str:
    return _("Totals: {scores}").format(scores=scores_words(players, scores, totals, long=False, listener=listener,
                                                           mid_sentence=True))


def scores_long_words(players: Sequence[str], scores: Sequence[Sequence[int]], totals: Sequence[int],
                      listener: int) -> str:
    return scores_words(players, scores, totals, long=True, listener=listener)


def opponents_words(players: Sequence[str], seat: int) -> str:
    """'Anna, Ben and Carla': everyone but the listener."""
    return join_words([p for s, p in enumerate(players) if s != seat])


SELECTED_MARK = N_(", selected")


#: What the keys every table has do, as F1 help and docs/keys.md say it (command name to description):
#: the hand keys of every table with a hand, then the keys of every game. A game's own keys are in its
#: words module.
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "previous-card": N_("Move to the previous card in your hand."),
    "next-card": N_("Move to the next card in your hand."),
    "first-card": N_("Move to the first card."),
    "last-card": N_("Move to the last card."),
    "jump": N_("Move to card 1 to 9; 0 is card 10."),
    "jump-high": N_("Move to card 11 to 19."),
    "go-to": N_("Go to a card by its number, its name or its code (type 3, queen of hearts, or qh, then Enter)."),
    "read-hand": N_("Read your whole hand in order."),
    "new-table": N_("Set up a new table: game, players, names, levels, rules (the game now is kept)."),
    "play-online": N_("Play online: the lobby of a table server, its address and your name asked (the game now is "
                      "kept)."),
    "read-by-suit": N_("Read your hand grouped by suit."),
    "read-by-rank": N_("Read your hand grouped by rank."),
    "braille-hand": N_("Show your hand as braille cells on one line (card code)."),
    "sort-rank": N_("Sort your hand by rank, and say the new order."),
    "sort-suit": N_("Sort your hand by suit, and say the new order."),
    "repeat": N_("Repeat the last message."),
    "history-older": N_("History: the message before."),
    "history-newer": N_("History: the message after."),
    "history-oldest": N_("History: the first message."),
    "history-newest": N_("History: the newest message."),
    "history-filter": N_("History: browse all messages, your turns, other players or results."),
    "history-filter-alone": N_("History: browse all messages, your moves or results."),
    "verbosity": N_("Cycle how much is said: brief, normal, detailed."),
    "cues": N_("Sound cues on or off."),
    "help": N_("Help: the keys in sections, Up and Down to move, Enter to hear one; F1 again says every key."),
    "menu": N_("The action menu: every action in a list (Up, Down, Enter; Escape closes)."),
    "settings": N_("Settings: speech, rate, voice, pitch, volume, verbosity, cards, cues, pace, hints, buy questions, "
                   "level, language, rule options."),
    "settings-alone": N_("Settings: speech, rate, voice, pitch, volume, verbosity, cards, cues, hints, language, "
                         "rule options."),
    "save": N_("Save now (the game is also saved after every move)."),
    "undo": N_("Undo: take back your last move and the computer players' moves after it (practice: the game "
               "is marked as having undos)."),
    "undo-alone": N_("Undo: take back your last move (practice: the game is marked as having undos)."),
    "undo-network": N_("Undo: there is none at a network table."),
    "quit": N_("Quit (asks first); your game is saved and resumes next time."),
    "next": N_("When computer players are waiting (pace: one per key): let the next one play."),
})


# ----- the keys every game has: help, menus, settings, quitting
ACTION_MENU = N_("Action menu")
SETTINGS_MENU = N_("Settings")
SETTINGS_HINT = N_("Up and Down to move, Left and Right or Enter to change, Escape to close.")
QUIT_QUESTION = N_("Quit the game?")
GOING_ON = N_("Going on.")
GOODBYE = N_("Goodbye.")
THANK_YOU = N_("Thank you for playing.")


def verbosity_words(verbosity: str) -> str:
    return _("Verbosity {level}.").format(level=setting_value("verbosity", verbosity))


def cues_words(on: bool) -> str:
    return _("Sound cues on.") if on else _("Sound cues off.")


def help_intro_words(title: str, commands: int, sections: int) -> str:
    """What F1 says first: the commands counted as the Escape menu counts them, in sections; the items
    counted as the help's own "1 of 6" counts them (the sections, then every command), so the numbers
    a player hears agree."""
    text = ngettext("Help for {title}: {n} command, the Escape menu's, in {items} items: {sections} sections, "
                    "then every command.",
                    "Help for {title}: {n} commands, the Escape menu's, in {items} items: {sections} sections, "
                    "then every command.", commands)
    return text.format(title=title, n=commands, sections=sections, items=sections + 1)


def help_section_entry(section: str, commands: int) -> str:
    """One section of the help: 'Playing your turn, 6 commands'."""
    return ngettext("{section}: {n} command", "{section}: {n} commands", commands).format(section=section, n=commands)


#: The help's last item, and how to use the help.
HELP_EVERY_COMMAND = N_("Every command")
HELP_HINT = N_("Up and Down move through the sections, Enter reads one, F1 reads them all; Escape closes the "
               "help, and any other key closes it and does its work.")
HELP_CLOSED = N_("Help closed.")

#: The settings menu's name for each setting (settings field to label).
SETTING_LABELS: Mapping[str, str] = MappingProxyType({
    "speech": N_("Speech"),
    "verbosity": N_("Verbosity"),
    "cards": N_("Cards shown as"),
    "cues": N_("Sound cues"),
    "cue_panning": N_("Sound cues from each seat"),
    "hints": N_("Hints"),
    "expert_hints": N_("Hints from the expert player"),
    "positions": N_("Card positions when the hand is read"),
    "buy_questions": N_("Contract rummy buy questions"),
    "level": N_("Computer players' level (next game)"),
    "news_on_prompt": N_("News on the prompt line"),
    "braille_words": N_("Braille display words"),
    "ten_as_x": N_("Braille 10 as x"),
    "wild_sign": N_("Braille sign before a wild card"),
    "language": N_("Language"),
    "voice": N_("Voice"),
})

#: A setting's value in words, by (setting, value); a value not here is said as it is (espeak-ng). A
#: context per setting, because 'normal' agrees with its setting's noun in some languages.
SETTING_VALUES: Mapping[tuple[str, str], tuple[str, str]] = MappingProxyType({
    ("speech", "screen-reader"): NP_("speech setting", "screen-reader"),
    ("speech", "self-voicing"): NP_("speech setting", "self-voicing"),
    ("speech", "silent"): NP_("speech setting", "silent"),
    ("verbosity", "brief"): NP_("verbosity setting", "brief"),
    ("verbosity", "normal"): NP_("verbosity setting", "normal"),
    ("verbosity", "detailed"): NP_("verbosity setting", "detailed"),
    ("cards", "words"): NP_("cards setting", "words"),
    ("cards", "braille"): NP_("cards setting", "braille"),
    ("cards", "both"): NP_("cards setting", "both"),
    ("level", "easy"): NP_("level setting", "easy"),
    ("level", "normal"): NP_("level setting", "normal"),
    ("level", "hard"): NP_("level setting", "hard"),
    ("level", "expert"): NP_("level setting", "expert"),
    ("language", "auto"): NP_("language setting", "as the system"),
    ("braille_words", "auto"): NP_("braille words setting", "as BRLTTY, else contracted"),
    ("braille_words", "contracted"): NP_("braille words setting", "contracted"),
    ("braille_words", "uncontracted"): NP_("braille words setting", "uncontracted"),
    ("braille_words", "computer"): NP_("braille words setting", "computer braille"),
    ("voice", "default"): NP_("voice setting", "the language's own"),
    ("voice", "m1"): NP_("voice setting", "male 1"),
    ("voice", "m2"): NP_("voice setting", "male 2"),
    ("voice", "m3"): NP_("voice setting", "male 3"),
    ("voice", "m4"): NP_("voice setting", "male 4"),
    ("voice", "f1"): NP_("voice setting", "female 1"),
    ("voice", "f2"): NP_("voice setting", "female 2"),
    ("voice", "f3"): NP_("voice setting", "female 3"),
    ("voice", "f4"): NP_("voice setting", "female 4"),
    ("voice", "croak"): NP_("voice setting", "croaking"),
    ("voice", "whisper"): NP_("voice setting", "whispering"),
    ("on", "on"): NP_("on or off", "on"),
    ("on", "off"): NP_("on or off", "off"),
})
#: Each language by its own name, so a player who does not understand the language spoken now can
#: still find theirs.
LANGUAGE_NAMES: Mapping[str, str] = MappingProxyType({lang.code: lang.own_name for lang in all_languages()})


def setting_value(field: str, value: object) -> str:
    """A setting's value in words: 'normal', 'lecteur d'écran'; a language by its own name."""
    if field == "language" and isinstance(value, str) and value in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[value]
    pair = SETTING_VALUES.get((field, str(value)))
    return pgettext(*pair) if pair else str(value)


#: Each on/off setting's menu item, whole, in both states: "on" agrees with the setting's noun
#: ("Conseils : activés", "Questions d'achat : activées"), so no sentence is glued from a label and
#: one word for every setting.
FLAG_ENTRIES: Mapping[tuple[str, bool], str] = MappingProxyType({
    ("cues", True): N_("Sound cues: on"),
    ("cues", False): N_("Sound cues: off"),
    ("cue_panning", True): N_("Sound cues from each seat, left to right: on"),
    ("cue_panning", False): N_("Sound cues from each seat, left to right: off"),
    ("hints", True): N_("Hints: on"),
    ("hints", False): N_("Hints: off"),
    ("expert_hints", True): N_("Hints from the expert player: on"),
    ("expert_hints", False): N_("Hints from the expert player: off"),
    ("buy_questions", True): N_("Contract rummy buy questions: on"),
    ("buy_questions", False): N_("Contract rummy buy questions: off"),
    ("news_on_prompt", True): N_("News on the prompt line: on"),
    ("news_on_prompt", False): N_("News on the prompt line: off"),
})


def flag_entry(field: str, on: bool) -> str:
    """A settings menu item for an on/off setting: 'Hints: on' ('Conseils : activés')."""
    entry = FLAG_ENTRIES.get((field, on))
    return _(entry) if entry else setting_entry(field, on_off(on))


def on_off(on: bool) -> str:
    return setting_value("on", "on" if on else "off")


def setting_entry(field: str, value: object) -> str:
    """A settings menu item: the setting's name and its value, 'Verbosity: normal'."""
    return _("{setting}: {value}").format(setting=_(SETTING_LABELS[field]), value=setting_value(field, value))


def rate_entry(rate: int) -> str:
    return _("Speech rate: {rate} words a minute").format(rate=rate)


def pitch_entry(pitch: int) -> str:
    return _("Voice pitch: {pitch} (50 is the voice's own)").format(pitch=pitch)


def volume_entry(volume: int) -> str:
    return _("Voice volume: {volume} percent").format(volume=volume)


def pace_entry(all_at_once: bool) -> str:
    return _("Computer players: all at once") if all_at_once else _("Computer players: one per key press")
