"""The words of the guided first hand (``access-game learn``): what the guide says before each step, the
gentle line after a key that is not the step's, each game's aim and scoring, and the offers.

The keys in these sentences are filled in from the key plan (access_game.ui.key_plan) by the caller, so
a sentence never names a key of its own. Each game's own words are a :class:`LessonWords` that its
catalog entry names (``Lesson.words``), as the catalog names a game's hint words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from speech.i18n import N_, _

__all__ = [
    "CONTRACT_RUMMY",
    "FIVE_CROWNS",
    "GIN_RUMMY",
    "GOODBYE",
    "LATER",
    "SOLITAIRE",
    "STEP_TEMPLATES",
    "UPCARD_RUMMY",
    "LessonWords",
    "first_start_question",
    "first_time",
    "hint_words",
    "intro",
    "offer_question",
    "over_line",
    "scoring_lines",
    "step_line",
    "wrong_key",
]


@dataclass(frozen=True, slots=True)
class LessonWords:
    """One game's lesson sentences, English marked for the catalog (said through ``_``)."""

    #: What the game is about, said after the welcome.
    aim: str
    #: How the hand (or the deal) is scored, said at the end, one line each.
    scoring: tuple[str, ...]
    #: Said the first time the learner makes each kind of move (by the move's kind); the keys in
    #: braces are filled in from the key plan (access_game.ui.lesson_guide.lesson_keys: {draw}, {take},
    #: {discard}, {go_out}, {put_down}, {select}, {yes}, {no}, {hint}, {play_hint}, {record} ...). The
    #: scoring lines may name keys the same way.
    moves: Mapping[str, str] = field(default_factory=dict)


#: Said first, with the game's title.
_INTRO = N_("A guided first hand of {game}. Before each step a line says what to do and which key does it, "
            "then the hint says why; press that key to go on. F1 lists every key and Escape opens the menu, "
            "as in any game.")

#: A step: the key, then what the key does (the help's own sentence for it).
_STEP = N_("Step {n}: press {key}. {what}")
#: A step whose move takes several keys (cards to select first): the hint's own key makes it.
_STEP_HINTED = N_("Step {n}: press {key}, which makes the move the hint names. By hand, {move} makes it once the "
                  "cursor or the selected cards are on it; F1 lists those keys.")
#: A step that moves the pile cursor first, so that the next key acts there.
_STEP_PILE = N_("Step {n}: press {key} to go to pile {pile}, where the hint puts the card.")
#: A step while the computer players wait for the learner to let them go on.
_STEP_NEXT = N_("Step {n}: press {key} to let the computer players make their moves.")

#: Every form of a step's line, each with the step's number and its key: what a reader of the lines
#: (a test, a script) finds the step's key by.
STEP_TEMPLATES = (_STEP, _STEP_HINTED, _STEP_PILE, _STEP_NEXT)

_WRONG = N_("Not that key for now: this step wants {key}. F1 and Escape work as always.")

_OVER = N_("That was the guided hand: {steps} steps. Here is how it is scored.")
_OVER_MOVES = N_("That is how the game goes on, {steps} steps so far. Here is how it ends and is scored.")

_OFFER = N_("Play a real game of {game} now?")

#: The last line when the learner declines the real game.
GOODBYE = N_("The guided hand is over. access-game learn plays it again; access-game starts a real game.")

#: Asked once, at the very first start (remembered in the settings).
_FIRST_START = N_("Welcome to access-game. Would you like a guided first hand of {game}, which shows the keys as "
                  "you play?")

#: Said when the first start's offer is declined.
LATER = N_("access-game learn gives the guided first hand at any time.")

_DRAW = N_("A turn begins with a draw: {draw} takes the top card of the stock, {take} the top card of the discard "
           "pile.")
_DISCARD = N_("A turn ends with a discard: {discard} puts the card under the cursor on the discard pile. The hint "
              "has put the cursor on the card to throw.")
_HINT = N_("The hint ({hint}) is the move the strongest computer player would make in your seat, and why; "
           "{play_hint} makes that move for you.")

_SHARED_MOVES = {"draw": _DRAW, "take": _DRAW, "discard": _DISCARD}

FIVE_CROWNS = LessonWords(
    aim=N_("Five Crowns: lay your whole hand down in books (3 or more of a rank) and runs (3 or more in a row "
           "of one suit). Wild cards (the hand's rank, and jokers) stand for any card. Hand 1 has 3 cards and "
           "threes are wild; each hand has one more card, up to 13 kings in hand 11."),
    scoring=(
        N_("When a player goes out, everyone else has one last turn, then lays down what they can."),
        N_("The cards left over count against you: their face value, jacks 11, queens 12, kings 13, a wild "
           "card of the hand's rank 20 and a joker 50; going out scores 0."),
        N_("The totals add up over 11 hands, and the lowest total wins."),
    ),
    moves={**_SHARED_MOVES,
           "go_out": N_("Going out: {go_out} discards the card under the cursor and lays the rest of your hand "
                        "down in melds. The others then have one last turn.")},
)

SOLITAIRE = LessonWords(
    aim=N_("Five Crowns solitaire: turn up cards from the stock one at a time and place each on one of eleven "
           "piles, then discard one card of that pile. A pile closes when its cards make books and runs, "
           "wild cards helping."),
    scoring=(
        N_("The deal is won when every pile is closed, and lost when the stock runs out with a pile still open."),
        N_("There are no points: a win with the most cards left in the stock is the best result, and among "
           "losses, the most piles closed."),
        N_("Your record keeps your games, wins, best result and winning streak: {record} reads it."),
    ),
    moves={"draw": N_("{draw} turns up the next card of the stock."),
           "place": N_("{put_down} puts the turned-up card on the pile under the pile cursor; the number "
                       "keys move that cursor to a pile."),
           "discard": N_("After placing, one card of that pile goes: {discard} discards the card under the card "
                         "cursor, {play_hint} the one the hint names.")},
)

CONTRACT_RUMMY = LessonWords(
    aim=N_("Contract Rummy: each of the nine hands has a contract, such as two sets of three, that you must "
           "lay down all at once before anything else; then you lay off cards on any melds and try to be the "
           "first with no cards. Twos and jokers are wild."),
    scoring=(
        N_("The hand ends when a player has no cards left."),
        N_("The cards left in your hand count against you: 3 to 9 their number, 10 to king 10, aces 15 and "
           "wild cards 20."),
        N_("After the nine contracts, the lowest total wins."),
    ),
    moves={**_SHARED_MOVES,
           "contract_lay_down": N_("{lay_down} lays down the contract with the best melds your hand makes."),
           "contract_lay_off": N_("{lay_off} lays off the selected cards on the meld under the meld cursor."),
           "contract_buy": N_("When you may buy the discarded card out of turn, {yes} buys it (with a penalty card "
                              "from the stock) and {no} lets it go."),
           "contract_pass_buy": N_("When you may buy the discarded card out of turn, {yes} buys it (with a "
                                   "penalty card from the stock) and {no} lets it go.")},
)

UPCARD_RUMMY = LessonWords(
    aim=N_("Upcard Rummy: melds are three or more cards of one rank. Your first card, dealt face up, says "
           "how many cards you get, and the rank of the dealer's up card is wild. Once you have melded, you "
           "may dig into the discard pile for a card that melds with a pair you hold."),
    scoring=(
        N_("The hand ends when a player has put down every card but a last discard, after the last turns of "
           "those who have not melded, or when the stock runs out."),
        N_("Every card you put on the table scores for you and every card left in your hand counts against "
           "you: aces and wild cards 100, 8 to king 10, 3 to 7 five."),
        N_("The first to reach the target total wins."),
    ),
    moves={**_SHARED_MOVES,
           "upcard_meld": N_("A meld is made by selecting its cards with {select} and putting them down with "
                             "{put_down}; {play_hint} does both for the hinted meld."),
           "upcard_lay_off": N_("{lay_off} lays off a card on a meld on the table; it scores for you."),
           "upcard_take_discards": N_("Digging takes a card deep in the discard pile with every card above it, "
                                      "and melds it at once with a pair from your hand.")},
)

GIN_RUMMY = LessonWords(
    aim=N_("Gin Rummy: two players, ten cards each. Make melds of three or more (sets of a rank, runs of a "
           "suit); cards in no meld are deadwood. Knock when your deadwood counts 10 or less."),
    scoring=(
        N_("When a player knocks, the other lays off cards on the knocker's melds, and both count their "
           "deadwood: aces 1, face cards 10, the others their number."),
        N_("The knocker with less deadwood scores the difference; going gin (no deadwood) scores 25 more; "
           "a knocker undercut by the other pays the difference plus 25."),
        N_("The first to reach the target total wins the game."),
    ),
    moves={**_SHARED_MOVES,
           "gin_pass": N_("At the first upcard, {no} passes it; {draw} would then draw from the stock instead."),
           "gin_knock": N_("{go_out} knocks: it discards the card under the cursor and ends the hand.")},
)


def intro(game: str) -> str:
    return _(_INTRO).format(game=game)


def hint_words(keys: Mapping[str, str]) -> str:
    """What the hint is, said once, at the first step."""
    return _(_HINT).format_map(keys)


def step_line(n: int, key: str, what: str, *, how: str = "key", pile: int = 0, move: str = "") -> str:
    """Step ``n``: ``key`` (its label), and ``what`` it does in the player's language. ``how``: 'key' a
    move's own key, 'hint' the hint's key for a move of several keys, 'pile' the pile cursor, 'next' the
    computer players let go on; ``move``: the move's own key, for 'hint')."""
    if how == "pile":
        return _(_STEP_PILE).format(n=n, key=key, pile=pile)
    if how == "next":
        return _(_STEP_NEXT).format(n=n, key=key)
    if how == "hint":
        return _(_STEP_HINTED).format(n=n, key=key, move=move)
    return _(_STEP).format(n=n, key=key, what=what)


def first_time(words: LessonWords, kind: str, keys: Mapping[str, str]) -> str | None:
    """The game's sentence for the first move of ``kind``, its keys filled in; None: nothing to add."""
    sentence = words.moves.get(kind)
    return None if sentence is None else _(sentence).format_map(keys)


def wrong_key(key: str) -> str:
    return _(_WRONG).format(key=key)


def scoring_lines(words: LessonWords, keys: Mapping[str, str]) -> list[str]:
    return [_(line).format_map(keys) for line in words.scoring]


def over_line(steps: int, *, cut_short: bool) -> str:
    return _(_OVER_MOVES if cut_short else _OVER).format(steps=steps)


def first_start_question(game: str) -> str:
    return _(_FIRST_START).format(game=game)


def offer_question(game: str) -> str:
    return _(_OFFER).format(game=game)
