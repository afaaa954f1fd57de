"""Crazy Eights in words: the suit named on an eight, a pass, a hand's end (who went out, or blocked,
and the penalty each player is left with), the table's own sentences (the prompt, the question of the
suit, the top card and its suit, the scores against the target) and the hint's words for its moves.

The narrator is the general one (the deal, draws, cards played onto the pile, turns, the end of the
game) taught the events only Crazy Eights has. Its players shed cards rather than meld, so nothing
here speaks of melds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.actions import Action, Discard
from engine.cards import Card, Suit
from engine.events import Event
from engine.rules.crazy_eights import CrazyHandEnded, CrazyPassed, CrazyWentOut, PassTurn, PlayEight, SuitNamed
from engine.rules.crazy_eights import card_points as _points
from speech.draw_discard_words import hand_over_words, turn_prompt
from speech.hint_words import advice_parts
from speech.i18n import N_, _, fill, pgettext
from speech.lesson_words import LessonWords
from speech.narrator import Narrator
from speech.phrases import card_count, cards_parts, join_words, suit_word, the_card
from speech.phrases import points as point_count
from speech.results import Names
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "KEY_HELP",
    "LESSON",
    "CrazyEightsNarrator",
    "hint_move_parts",
    "prompt_words",
    "suit_keys",
    "suit_name",
]

Parts = list[str | Card]


def suit_name(code: str) -> str:
    """A suit named by its code ('h'), in words: 'hearts'."""
    return suit_word(Suit(code))


def _cards(cards: Sequence[Card]) -> Parts:
    return cards_parts(sorted(cards, key=Card.rank_key), None) if cards else [_("no cards")]


def totals_words(names: Names, totals: Sequence[int]) -> str:
    """'Totals: Anna 45, you 20.'"""
    table = ", ".join(_("{name} {total}").format(name=names.name(s), total=t) for s, t in enumerate(totals))
    return _("Totals: {totals}.").format(totals=table)


#: A card is played onto the pile, not discarded: the narrator's ``pile_words`` and another player's draw
#: followed by a card played (a draw from the stock only: nothing is taken from the pile in this game).
_PLAYED = (N_("You played {card}."), N_("{name} played {card}."), N_("Played {card}."), N_("{name}: played {card}."))
_THEIR_DRAW = {(False, False): (N_("{name} drew from the stock."),
                                N_("{name} drew from the stock and played {discard}."),
                                N_("{name} drew from the stock and played {discard}."))}
_THEIR_DRAW_BRIEF = {(False, False): (N_("{name}: drew."), N_("{name}: drew, played {discard}."),
                                      N_("{name}: drew, played {discard}."))}


class CrazyEightsNarrator(Narrator):
    """Tells a Crazy Eights log to one listener."""

    pile_words = _PLAYED
    their_draw = MappingProxyType({**Narrator.their_draw, **_THEIR_DRAW})
    their_draw_brief = MappingProxyType({**Narrator.their_draw_brief, **_THEIR_DRAW_BRIEF})

    def __init__(self, listener: int, players: Sequence[str], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(listener, players, verbosity)
        extra: dict[type[Event], Callable[[Any], list[Utterance]]] = {
            SuitNamed: self._named,
            CrazyPassed: self._passed,
            CrazyWentOut: self._out,
            CrazyHandEnded: self._counted,
        }
        self._handlers.update(extra)

    def _named(self, ev: SuitNamed) -> list[Utterance]:
        parts = self._said(ev.seat, N_("You name {suit}."), N_("{name} names {suit}."), suit=suit_name(ev.suit))
        return [utter(*parts, kind=self._kind(ev.seat))]

    def _passed(self, ev: CrazyPassed) -> list[Utterance]:
        return [utter(*self._said(ev.seat, N_("You pass."), N_("{name} passes.")), kind=self._kind(ev.seat))]

    def _out(self, ev: CrazyWentOut) -> list[Utterance]:
        return []  # the hand's count says who went out, right after

    def _counted(self, ev: CrazyHandEnded) -> list[Utterance]:
        names = self.names
        head = hand_over_words(names, ev.hand_number, ev.went_out,
                               _("Hand {number} over: blocked, nobody could play.").format(number=ev.hand_number))
        out = [utter(head, kind=Kind.RESULTS)]
        for seat, held in enumerate(ev.hands):
            if seat == ev.went_out:
                continue
            worth = sum(_points(c) for c in held)
            if worth == ev.points[seat]:
                parts = self._said(seat, N_("You hold {cards}: {points}."), N_("{name} holds {cards}: {points}."),
                                   cards=card_count(len(held)), points=point_count(worth))
            else:  # a blocked hand's fewest points score nothing
                parts = self._said(seat, N_("You hold {cards}, {held}: the fewest, nothing scored."),
                                   N_("{name} holds {cards}, {held}: the fewest, nothing scored."),
                                   cards=card_count(len(held)), held=point_count(worth))
            if self.verbosity > Verbosity.BRIEF and held:
                parts += [" ", *fill(_("Held: {cards}."), cards=_cards(held))]
            out.append(utter(*parts, kind=Kind.RESULTS))
        out.append(utter(totals_words(names, ev.totals), kind=Kind.RESULTS))
        return out


# --------------------------------------------------------------------------- hints
def hint_move_parts(action: Action, view: Any) -> Parts | None:
    """Crazy Eights' moves as a hint's advice: a card is played, not discarded, and an eight names its
    suit; None for a draw (the shared words)."""
    if isinstance(action, PlayEight):
        return advice_parts(_("Play {the_card} and name {suit}"), the_card=the_card(action.card, mid=True),
                            suit=suit_name(action.suit))
    if isinstance(action, Discard):
        return advice_parts(_("Play {the_card}"), the_card=the_card(action.card))
    if isinstance(action, PassTurn):
        return [_("Pass")]
    return None


# --------------------------------------------------------------------------- the table
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "draw": N_("Draw the top card of the stock (when the stock is empty, the pile but its top card becomes the "
               "stock)."),
    "discard": N_("Play the current card onto the pile; an eight asks which suit you name."),
    "no": N_("Pass, when you may draw no more."),
    "up-card": N_("The top card of the pile, and the suit named on an eight."),
    "best-melds": N_("What your hand makes now: the cards you can play on the top card, and the penalty points "
                     "it holds."),
    "scores": N_("Running totals against the target; the lowest total wins."),
    "scores-long": N_("Scores hand by hand, with the totals."),
    "info": N_("Hand number, dealer, stock size, the cards in each hand, whose turn."),
})

#: The question asked when an eight is played: which suit the next card must follow.
SUIT_QUESTION = N_("Name a suit for {the_card}: {keys}; Escape takes it back.")
def _suit_letters() -> dict[str, str]:
    """Each suit's answer key in the suit question, by suit code: a language gives its own letters (the
    first letter of its word for the suit) in its catalog, the messages of the context "suit key"."""
    # Written out for the catalog's extraction; a missing translation is the English letter.
    return {"c": pgettext("suit key", "C"), "d": pgettext("suit key", "D"), "h": pgettext("suit key", "H"),
            "s": pgettext("suit key", "S")}


#: The English letters, which answer in every language where the language's letters leave them free.
_ENGLISH_LETTERS = {"c": "c", "d": "d", "h": "h", "s": "s"}


def suit_keys() -> dict[str, str]:
    """Each answer key of the suit question (lower case) and the suit code it names: the language's
    letters first, then the English ones that none of them took."""
    keys: dict[str, str] = {}
    for code, letter in _suit_letters().items():
        keys.setdefault((letter.strip()[:1] or _ENGLISH_LETTERS[code]).lower(), code)
    for code, letter in _ENGLISH_LETTERS.items():
        keys.setdefault(letter, code)
    return keys


def suit_labels() -> dict[str, str]:
    """Each suit's own answer key (the language's letter) and the suit's name, in the question's order:
    {'c': 'clubs', 'd': 'diamonds', 'h': 'hearts', 's': 'spades'} in English."""
    own = {code: key for key, code in reversed(list(suit_keys().items()))}
    return {own[code]: suit_name(code) for code in _ENGLISH_LETTERS}


def suit_question_parts(card: Card) -> Parts:
    """'Name a suit for the 8 of spades: C clubs, D diamonds, H hearts, S spades; Escape takes it back.'"""
    keys = ", ".join(f"{key.upper()} {name}" for key, name in suit_labels().items())
    return list(fill(_(SUIT_QUESTION), the_card=the_card(card, mid=True), keys=keys))


def prompt_words(over: bool, my_turn: bool, may_draw: bool) -> str:
    """'play or draw' at the start of a turn, 'play or pass' once no more drawing is allowed, else the
    shared prompt ('wait', 'game over')."""
    if over or not my_turn:
        return turn_prompt(over=over, my_turn=my_turn, drawing=True)
    return pgettext("prompt", "play or draw") if may_draw else pgettext("prompt", "play or pass")


SUIT_PROMPT = N_("suit")


def top_card_parts(top: Card | None, suit: str | None, stock: int) -> Parts:
    """U: 'The top card is the 8 of spades; hearts named. Stock: 20 cards.'"""
    if top is None:
        return [_("The discard pile is empty.")]
    if suit is not None:
        said = fill(_("The top card is {the_card}; {suit} named."), the_card=the_card(top, mid=True),
                    suit=suit_name(suit))
    else:
        said = fill(_("The top card is {the_card}."), the_card=the_card(top))
    return [*said, " ", _("Stock: {cards}.").format(cards=card_count(stock))]


def hand_now_parts(playable: Sequence[Card], top: Card | None, hand: Sequence[Card]) -> Parts:
    """Alt+M: 'You can play the 4 of diamonds; 8 of spades. Your hand holds 34 points.'"""
    held = _("Your hand holds {points}.").format(points=point_count(sum(_points(c) for c in hand)))
    if playable:
        said = fill(_("You can play {cards}."), cards=cards_parts(list(playable), None))
    elif top is not None:
        said = fill(_("Nothing of yours plays on {the_card}: draw."), the_card=the_card(top, mid=True))
    else:
        said = fill(_("Nothing to play."))
    return [*said, " ", held]


def scores_words(names: Names, totals: Sequence[int], target: int) -> str:
    return _("{totals} The game ends at {target}; the lowest total wins.").format(
        totals=totals_words(names, totals), target=target)


def info_words(names: Names, hand: int, dealer: int, stock: int, sizes: Sequence[int], turn: int | None) -> str:
    """'Hand 2. Anna deals. Stock: 21 cards. Cards in hand: Anna 4, you 6. Your turn.'"""
    template = (_("Hand {number}. You deal. Stock: {cards}.") if names.is_listener(dealer)
                else _("Hand {number}. {name} deals. Stock: {cards}."))
    words = template.format(number=hand, name=names.subject(dealer), cards=card_count(stock))
    held = ", ".join(_("{name} {total}").format(name=names.name(s), total=n) for s, n in enumerate(sizes))
    words += " " + _("Cards in hand: {counts}.").format(counts=held)
    if turn is not None:
        words += " " + (_("Your turn.") if names.is_listener(turn) else
                        _("{name}'s turn.").format(name=names.subject(turn)))
    return words


def resume_words(names: Names, hand: int, totals: Sequence[int]) -> str:
    who = join_words([names.name(s) for s in range(len(totals))])
    return _("A game of Crazy Eights is saved: {players}, hand {number}. {totals} Resume it?").format(
        players=who, number=hand, totals=totals_words(names, totals))


def resumed_words(names: Names, hand: int, totals: Sequence[int]) -> str:
    return _("Crazy Eights resumed, hand {number}. {totals}").format(number=hand, totals=totals_words(names, totals))


#: The guided first hand (``access-game learn --game crazy-eights``).
LESSON = LessonWords(
    aim=N_("Crazy Eights: be the first to play every card of your hand onto the pile. Each card must match the top "
           "card's suit or rank; eights are wild, and with one you name the suit the next card must follow."),
    scoring=(
        N_("The hand ends when a player has played their last card."),
        N_("Every other player scores the cards left in hand against them: eights 50, kings, queens, jacks and "
           "tens 10, aces 1, the others their number."),
        N_("When someone reaches 100 the game ends; the lowest total wins."),
    ),
    moves={
        "draw": N_("{draw} draws from the stock when you cannot play, or would rather not."),
        "discard": N_("{discard} plays the card under the cursor onto the pile: it must match the top card's suit "
                      "or rank."),
        "crazy_eight": N_("An eight is wild: {discard} plays it, and you name the suit the next card must follow."),
        "crazy_pass": N_("{no} passes, once you may draw no more."),
    },
)
