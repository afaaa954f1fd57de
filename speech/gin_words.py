"""Gin Rummy in words: the up card offered and passed, the knock, the showdown (melds, deadwood,
lay-offs, gin and undercut), the bonuses at the end, and the table's own sentences.

The narrator is the general one (deal, draws, discards, turns and the end of the game are worded the
same in every game) taught the events only Gin Rummy has. Gin melds are sets and runs with the ace
low, so melds are named here by those rules ('run of hearts, ace to 3'), never by another game's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.actions import Action
from engine.arrange_gin import is_gin_meld
from engine.cards import Card, Rank, Suit
from engine.events import Event
from engine.rules.gin_rummy import GinGameScored, GinHandEnded, Knock, Knocked, PassUpcard, UpcardPassed
from speech.draw_discard_words import turn_prompt
from speech.hint_words import advice_parts
from speech.i18n import N_, _, fill, pgettext
from speech.narrator import Narrator
from speech.phrases import (
    MELD_SEPARATOR,
    capital,
    card_count,
    card_words,
    cards_parts,
    join_words,
    rank_plural,
    rank_word,
    the_card,
)
from speech.phrases import points as point_count
from speech.results import Names
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "KEY_HELP",
    "GinNarrator",
    "best_melds_parts",
    "gin_melds_parts",
    "hand_check_lines",
    "hint_move_parts",
    "info_words",
    "resume_words",
    "resumed_words",
    "scores_words",
]

Parts = list[str | Card]

_RUN_OF = {Suit.HEARTS: N_("run of hearts, {low} to {high}"), Suit.CLUBS: N_("run of clubs, {low} to {high}"),
           Suit.SPADES: N_("run of spades, {low} to {high}"), Suit.DIAMONDS: N_("run of diamonds, {low} to {high}")}


def gin_meld_name(meld: Sequence[Card]) -> str:
    """'set of 7s', 'run of hearts, ace to 3' (aces low, as Gin Rummy counts them)."""
    ranks = sorted(int(c.rank) for c in meld if c.rank is not None)
    suit = meld[0].suit
    if not is_gin_meld(meld) or suit is None:
        return _("meld")
    if ranks[0] == ranks[-1]:
        return _("set of {ranks}").format(ranks=rank_plural(Rank(ranks[0])))
    return _(_RUN_OF[suit]).format(low=rank_word(Rank(ranks[0])), high=rank_word(Rank(ranks[-1])))


def gin_melds_parts(melds: Sequence[Sequence[Card]]) -> Parts:
    """'set of 7s: 7 of hearts; 7 of clubs; 7 of spades, then run of hearts, ace to 3: ...'."""
    if not melds:
        return [_("no melds")]
    parts: Parts = []
    for meld in melds:
        ordered = sorted(meld, key=Card.rank_key)
        said = fill(_("{meld}: {cards}"), meld=gin_meld_name(ordered), cards=cards_parts(ordered, None))
        parts += [_(MELD_SEPARATOR), *said] if parts else said
    return parts


def _cards(cards: Sequence[Card]) -> Parts:
    return cards_parts(sorted(cards, key=Card.rank_key), None) if cards else [_("no cards")]


_OUTCOME = {
    "knock": N_("{name} wins the hand: {points}."),
    "undercut": N_("Undercut! {name} wins the hand: {points}, the bonus of {bonus} included."),
    "gin": N_("Gin! {name} wins the hand: {points}, the bonus of {bonus} included."),
    "big_gin": N_("Big gin! {name} wins the hand: {points}, the bonus of {bonus} included."),
}
_OUTCOME_MINE = {
    "knock": N_("You win the hand: {points}."),
    "undercut": N_("Undercut! You win the hand: {points}, the bonus of {bonus} included."),
    "gin": N_("Gin! You win the hand: {points}, the bonus of {bonus} included."),
    "big_gin": N_("Big gin! You win the hand: {points}, the bonus of {bonus} included."),
}


def totals_words(names: Names, totals: Sequence[int]) -> str:
    """'Totals: Anna 45, you 20.'"""
    table = ", ".join(_("{name} {total}").format(name=names.name(s), total=t) for s, t in enumerate(totals))
    return _("Totals: {totals}.").format(totals=table)


class GinNarrator(Narrator):
    """Tells a Gin Rummy log to one listener."""

    def __init__(self, listener: int, players: Sequence[str], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(listener, players, verbosity)
        extra: dict[type[Event], Callable[[Any], list[Utterance]]] = {
            UpcardPassed: self._passed,
            Knocked: self._knocked,
            GinHandEnded: self._gin_hand_ended,
            GinGameScored: self._scored,
        }
        self._handlers.update(extra)

    def meld_words(self, melds: Sequence[Sequence[Card]]) -> Parts:
        return gin_melds_parts(melds)

    def _passed(self, ev: UpcardPassed) -> list[Utterance]:
        parts = self._said(ev.seat, N_("You pass the up card."), N_("{name} passes the up card."))
        return [utter(*parts, kind=self._kind(ev.seat))]

    def _knocked(self, ev: Knocked) -> list[Utterance]:
        if ev.deadwood:
            parts = self._said(ev.seat, N_("You knock with {points}."), N_("{name} knocks with {points}."),
                               points=point_count(ev.deadwood))
        else:
            parts = self._said(ev.seat, N_("You go gin."), N_("{name} goes gin."))
        return [utter(*parts, kind=self._kind(ev.seat))]  # its sound comes from the event (goes_out)

    def _shown(self, seat: int, ev: GinHandEnded) -> Utterance:
        melds = gin_melds_parts(ev.melds[seat])
        kept = _cards(ev.deadwood[seat])
        parts = self._said(seat, N_("Your melds: {melds}. Deadwood: {cards}, {points}."),
                           N_("{name}'s melds: {melds}. Deadwood: {cards}, {points}."),
                           melds=melds, cards=kept, points=point_count(ev.counts[seat]))
        return utter(*parts, kind=Kind.RESULTS)

    def _gin_hand_ended(self, ev: GinHandEnded) -> list[Utterance]:
        totals = totals_words(self.names, ev.totals)
        if ev.outcome == "draw" or ev.knocker is None or ev.winner is None:
            text = _("Hand {number} is a draw: the stock is down to two cards. No score.").format(number=ev.hand_number)
            return [utter(text, kind=Kind.RESULTS), utter(totals, kind=Kind.RESULTS)]
        defender = 1 - ev.knocker
        out = [self._shown(ev.knocker, ev)]
        # The lay-off comes before the defender's deadwood: that deadwood is what is left after it, so
        # heard the other way round the laid-off cards would seem to come off a count without them.
        if ev.laid_off:
            parts = self._said(defender, N_("You lay off {cards}."), N_("{name} lays off {cards}."),
                               cards=_cards(ev.laid_off))
            out.append(utter(*parts, kind=Kind.RESULTS))
        if self.verbosity > Verbosity.BRIEF or not ev.laid_off:
            out.append(self._shown(defender, ev))
        template = (_OUTCOME_MINE if ev.winner == self.listener else _OUTCOME).get(ev.outcome, _OUTCOME["knock"])
        said = fill(_(template), name=self.names.subject(ev.winner), points=point_count(ev.points), bonus=ev.bonus)
        out += [utter(*said, kind=Kind.RESULTS), utter(totals, kind=Kind.RESULTS)]
        return out

    def _scored(self, ev: GinGameScored) -> list[Utterance]:
        names = self.names
        lines = ", ".join(_("{name} {total}").format(name=names.name(s), total=b) for s, b in enumerate(ev.line_bonus))
        out = [utter(_("Line bonuses, 25 a hand won: {bonuses}.").format(bonuses=lines), kind=Kind.RESULTS)]
        if ev.first is not None:
            template = (N_("Shutout: you reached the target first; your game bonus is doubled: {points}.")
                        if ev.shutout and ev.first == self.listener else
                        N_("Shutout: {name} reached the target first; the game bonus is doubled: {points}.")
                        if ev.shutout else
                        N_("You reached the target first: game bonus {points}.") if ev.first == self.listener else
                        N_("{name} reached the target first: game bonus {points}."))
            out.append(utter(_(template).format(name=names.subject(ev.first), points=point_count(ev.game_bonus)),
                             kind=Kind.RESULTS))
        return out


# --------------------------------------------------------------------------- hints
def hint_move_parts(action: Action, view: Any) -> Parts | None:
    """Gin Rummy's own moves as a hint's advice; None for the shared ones (draw, take, discard)."""
    if isinstance(action, PassUpcard):
        return [_("Pass the up card")]
    if isinstance(action, Knock):
        if action.card is None:
            return [_("Big gin: all eleven cards meld, knock without a discard")]
        return advice_parts(_("Knock, discarding {the_card} face down"), the_card=the_card(action.card))
    return None


# --------------------------------------------------------------------------- the table
KEY_HELP: Mapping[str, str] = MappingProxyType({
    "yes": N_("Yes to the up card offered at the start of a hand: take it."),
    "no": N_("No to the up card offered at the start of a hand: pass on it."),
    "go-out": N_("Knock, discarding the current card face down (gin when no deadwood is left; big gin, with no "
                 "discard, when all eleven cards meld)."),
    "best-melds": N_("What your hand makes now: the best melds, the deadwood and its points, and whether you can "
                     "knock."),
    "scores-long": N_("Scores hand by hand, with the totals."),
    "info": N_("Hand number, dealer, stock size, whose turn."),
})


def best_melds_parts(melds: Sequence[Sequence[Card]], deadwood: Sequence[Card], count: int, knock: str,
                     after: int | None = None) -> Parts:
    """Alt+M: 'Melds: ... Deadwood: 4 of clubs; 9 of spades, 13 points.' and whether a knock is open.
    ``knock``: 'gin', 'knock' (with the card to discard), 'no' (too much deadwood), 'later' (draw first).
    ``after``: the player is to discard, and this is the least deadwood a discard leaves; the hand's
    deadwood still holds the card about to go, so what counts for a knock is said apart."""
    parts: Parts = list(fill(_("Melds: {melds}. Deadwood: {cards}, {points}."), melds=gin_melds_parts(melds),
                             cards=_cards(deadwood), points=point_count(count)))
    if after is not None:
        parts += [" ", _("After your discard, at best {points} of deadwood.").format(points=point_count(after))]
    note = {"gin": N_("You can go gin."), "knock": N_("You can knock."),
            "no": N_("You cannot knock: 10 points of deadwood or less after your discard."),
            "later": ""}[knock]
    if note:
        parts += [" ", _(note)]
    return parts


def knock_card_words(card: Card) -> Parts:
    """'Knock by discarding the 9 of spades.'"""
    return list(fill(_("Knock by discarding {the_card}."), the_card=the_card(card)))


def prompt_words(phase: str, my_turn: bool) -> str:
    """The shared prompt of a draw–discard turn, but for Gin's own steps: the up card offered, and a
    discard that may knock."""
    if my_turn and phase == "offer":
        return pgettext("prompt", "take or pass")
    if my_turn and phase not in ("over", "draw"):
        return pgettext("prompt", "discard or knock")
    return turn_prompt(over=phase == "over", my_turn=my_turn, drawing=True)


def scores_words(names: Names, totals: Sequence[int], target: int) -> str:
    return _("{totals} The game goes to {target}.").format(totals=totals_words(names, totals), target=target)


def info_words(names: Names, hand: int, dealer: int, stock: int, turn: int | None) -> str:
    """'Hand 2. Anna deals. Stock: 21 cards. Your turn.'"""
    template = (_("Hand {number}. You deal. Stock: {cards}.") if names.is_listener(dealer)
                else _("Hand {number}. {name} deals. Stock: {cards}."))
    head = template.format(number=hand, name=names.subject(dealer), cards=card_count(stock))
    if turn is None:
        return head
    if names.is_listener(turn):
        return head + " " + _("Your turn.")
    return head + " " + _("{name}'s turn.").format(name=names.subject(turn))


def resume_words(names: Names, hand: int, totals: Sequence[int]) -> str:
    """The question before a saved game goes on."""
    who = join_words([names.name(s) for s in range(len(totals))])
    return _("A game of Gin Rummy is saved: {players}, hand {number}. {totals} Resume it?").format(
        players=who, number=hand, totals=totals_words(names, totals))


def resumed_words(names: Names, hand: int, totals: Sequence[int]) -> str:
    """Said when a saved game goes on."""
    return _("Gin Rummy resumed, hand {number}. {totals}").format(number=hand, totals=totals_words(names, totals))


def _plain(parts: Sequence[str | Card]) -> str:
    return "".join(p if isinstance(p, str) else card_words(p) for p in parts)


def hand_check_lines(cards: Sequence[Card], melds: Sequence[Sequence[Card]], deadwood: Sequence[Card], count: int,
                     discard: Card | None, knock: str | None) -> list[str]:
    """The hand checker's answer: the cards counted, each meld, the deadwood and, for eleven cards, the
    throw and whether it knocks."""
    lines = [_("Gin Rummy, aces low. {cards}.").format(cards=capital(card_count(len(cards))))]
    lines += [_plain(fill(_("{meld}: {cards}."), meld=capital(gin_meld_name(sorted(m, key=Card.rank_key))),
                          cards=_cards(m))) for m in melds]
    if discard is not None:
        lines.append(_plain(fill(_("Discard {the_card}."), the_card=the_card(discard))))
    lines.append(_plain(fill(_("Deadwood: {cards}, {points}."), cards=_cards(deadwood), points=point_count(count))))
    verdict = {"big_gin": N_("Big gin: all eleven cards meld."), "gin": N_("Gin: knock with no deadwood."),
               "knock": N_("You can knock."),
               "no": N_("You cannot knock: 10 points of deadwood or less after your discard.")}
    if knock is not None:
        lines.append(_(verdict[knock]))
    return lines
