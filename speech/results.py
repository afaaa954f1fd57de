"""End-of-hand results and score tables in words, said from one listener's seat.

A blind player cannot glance at a score pad, so results are read as short lines, one per player, that
make sense alone when browsed in history: "Anna: 0 points, went out. Total 25."
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank
from engine.events import PlayerResult
from speech.i18n import _, fill, pgettext
from speech.phrases import capital, cards_parts, join_words, melds_parts, points
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = ["Names", "leaders_words", "result_utterances", "results_words", "scores_words"]


class Names:
    """Player names as the listener hears them: their own seat is 'you'."""

    def __init__(self, players: Sequence[str], listener: int | None) -> None:
        self.players = tuple(players)
        self.listener = listener

    def is_listener(self, seat: int | None) -> bool:
        """Whether ``seat`` is the one listening: a language words 'you' sentences apart ('vous sortez')."""
        return seat is not None and seat == self.listener

    def name(self, seat: int | None) -> str:
        if seat is not None and seat == self.listener:
            return _("you")
        if seat is not None and 0 <= seat < len(self.players):
            return self.players[seat]
        return _("seat {seat}").format(seat=seat) if seat is not None else _("nobody")

    def subject(self, seat: int | None) -> str:
        """The name to start a sentence with."""
        name = self.name(seat)
        return name[:1].upper() + name[1:]


def leaders_words(names: Names, totals: Sequence[int], seats: Sequence[int] | None = None) -> str:
    """'Anna leads with 25.' / 'You and Bob lead with 30.' Lowest total leads (penalty scoring)."""
    seats = list(seats) if seats else list(range(len(totals)))
    if not seats or len(seats) < 2:
        return ""
    best = min(totals[s] for s in seats)
    lead = [s for s in seats if totals[s] == best]
    if len(lead) == len(seats):
        return _("All tied at {total}.").format(total=best)
    who = capital(join_words([names.name(s) for s in lead]))
    if len(lead) == 1:
        if lead[0] == names.listener:
            return _("You lead with {total}.").format(total=best)
        return _("{who} leads with {total}.").format(who=who, total=best)
    if names.listener in lead:
        return pgettext("several lead, you among them", "{who} lead with {total}.").format(who=who, total=best)
    return pgettext("several others lead", "{who} lead with {total}.").format(who=who, total=best)


def result_utterances(
    results: Sequence[PlayerResult],
    names: Names,
    *,
    hand_number: int | None = None,
    hands_total: int | None = None,
    went_out: int | None = None,
    wild_rank: Rank | None = None,
    verbosity: Verbosity = Verbosity.NORMAL,
    leader: bool = True,
    told: frozenset[int] = frozenset(),
) -> list[Utterance]:
    """The results of a hand: a headline, then (NORMAL and up) one line per player, then who leads
    (``leader``: not after the last hand, where the end of the game says who won, once). DETAILED says
    each player's melds and kept cards, but for the seats in ``told``, whose going out or laying down
    said them a moment ago: a player hears their kept cards once."""
    if hand_number is None:
        hand_over = _("The hand over.")
    elif hands_total and hand_number <= hands_total:
        hand_over = _("Hand {n} of {total} over.").format(n=hand_number, total=hands_total)
    else:
        hand_over = _("Hand {n} over.").format(n=hand_number)
    if went_out is None:
        out_words = _("Nobody went out.")
    elif names.is_listener(went_out):
        out_words = _("You went out.")
    else:
        out_words = _("{name} went out.").format(name=names.subject(went_out))
    ordered = sorted(results, key=lambda r: r.seat)
    totals = {r.seat: r.total for r in ordered}
    if verbosity == Verbosity.BRIEF:
        scored = ", ".join(f"{names.name(r.seat)} {r.points}" for r in ordered)
        total = ", ".join(f"{names.name(r.seat)} {r.total}" for r in ordered)
        return [utter(f"{hand_over} {out_words} ", _("Points: {points}. Totals: {totals}.").format(
            points=scored, totals=total), kind=Kind.RESULTS)]
    lines = [utter(f"{hand_over} {out_words}", kind=Kind.RESULTS)]
    for r in ordered:
        parts: list[str | Card] = [_("{name}: ").format(name=names.subject(r.seat))]
        if verbosity == Verbosity.DETAILED and r.seat not in told:
            # Sentences between the melds, the cards kept and the points: the cards inside are joined by "; ".
            if r.melds:
                parts += [*melds_parts(r.melds, wild_rank), ". "]
            if r.deadwood:
                kept = (pgettext("cards kept after melds", "Kept {cards}. ") if r.melds
                        else pgettext("cards kept, nothing melded", "kept {cards}. "))
                parts += fill(kept, cards=cards_parts(r.deadwood, wild_rank))
        if r.seat != went_out:
            line = _("{points}. Total {total}.")
        elif names.is_listener(r.seat):
            line = pgettext("you went out", "{points}, went out. Total {total}.")
        else:
            line = pgettext("another player went out", "{points}, went out. Total {total}.")
        parts.append(line.format(points=points(r.points), total=r.total))
        lines.append(utter(*parts, kind=Kind.RESULTS))
    if len(ordered) > 1 and leader:
        seats = [r.seat for r in ordered]
        full = [totals.get(s, 0) for s in range(max(seats) + 1)]
        lead = leaders_words(names, full, seats)
        if lead:
            lines.append(utter(lead, kind=Kind.RESULTS))
    return lines


def results_words(
    results: Sequence[PlayerResult],
    players: Sequence[str],
    *,
    listener: int | None = None,
    hand_number: int | None = None,
    hands_total: int | None = None,
    went_out: int | None = None,
    wild_rank: Rank | None = None,
    verbosity: Verbosity = Verbosity.NORMAL,
) -> str:
    """A hand's results as one text (the lines of :func:`result_utterances`, joined)."""
    lines = result_utterances(
        results,
        Names(players, listener),
        hand_number=hand_number,
        hands_total=hands_total,
        went_out=went_out,
        wild_rank=wild_rank,
        verbosity=verbosity,
    )
    return " ".join(u.text() for u in lines)


def scores_words(
    players: Sequence[str],
    scores_per_hand: Sequence[Sequence[int | None]],
    totals: Sequence[int],
    *,
    long: bool,
    listener: int | None = None,
    totals_too: bool = True,
    mid_sentence: bool = False,
) -> str:
    """Short: 'You 12, Anna 30, Bob 5.' Long: hand by hand, then (``totals_too``) the totals and who
    leads; at the end of a game the final totals and the winner are said once already. After
    "Totals:" the listener is "you", as in every other list of names (``mid_sentence`` for a short
    list put after words of the caller's).

    ``scores_per_hand[seat][hand]`` is that seat's points in that hand (None: did not play it).
    """
    names = Names(players, listener)
    seats = range(len(players))
    listed = ", ".join(f"{names.name(s)} {totals[s] if s < len(totals) else 0}" for s in seats) + "."
    short = capital(listed)
    if not long:
        return listed if mid_sentence else short
    hands = max((len(row) for row in scores_per_hand), default=0)
    lines: list[str] = []
    for h in range(hands):
        row = [
            f"{names.name(s)} {scores_per_hand[s][h]}"
            for s in seats
            if s < len(scores_per_hand) and h < len(scores_per_hand[s]) and scores_per_hand[s][h] is not None
        ]
        if row:
            lines.append(_("Hand {n}: {scores}.").format(n=h + 1, scores=", ".join(row)))
    if not lines:
        lines.append(_("No hands played yet."))
    if not totals_too:
        return " ".join(lines)
    lines.append(_("Totals: {scores}").format(scores=listed))
    lead = leaders_words(names, [totals[s] if s < len(totals) else 0 for s in seats]) if hands else ""
    if lead:
        lines.append(lead)
    return " ".join(lines)
