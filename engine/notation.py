"""Card notation that parses and prints round-trip, like SAN in chess.

A card is its rank code then its suit code: ``10h``, ``qs``, ``7st``; a joker is ``jo``. Parsing is
lenient about how people type (any case, ``*`` or ``★`` for stars, ``♥`` and friends, ``joker``,
``t`` for ten) and strict about what the game holds: a ruleset passes its ranks, so ``2h`` is refused
in Five Crowns with a sentence that says which ranks there are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.cards import JOKER, STANDARD_RANKS, Card, Rank, Suit
from engine.errors import CardNotationError
from engine.reasons import Reason

__all__ = ["card_codes", "describe_ranks", "parse_card", "parse_cards", "parse_rank", "read_codes"]

_SUIT_CODES: dict[str, Suit] = {
    "st": Suit.STARS,
    "*": Suit.STARS,
    "★": Suit.STARS,
    "☆": Suit.STARS,
    "/": Suit.STARS,
    "h": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "c": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "s": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "d": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
}

_RANK_CODES: dict[str, Rank] = {r.code: r for r in Rank}
_RANK_CODES.update({"t": Rank.TEN})
_RANK_WORDS: dict[str, Rank] = {r.name.lower(): r for r in Rank}
_RANK_WORDS.update({r.plural: r for r in Rank})

_JOKER_WORDS = {"jo", "joker", "jk", "🃏"}


def describe_ranks(ranks: Sequence[Rank]) -> str:
    """'3-10, J, Q, K' for Five Crowns; 'A, 2-10, J, Q, K' for a standard deck."""
    numbers = [int(r) for r in ranks if 2 <= r <= 10]
    parts: list[str] = []
    if Rank.ACE in ranks:
        parts.append("A")
    if numbers:
        lo, hi = min(numbers), max(numbers)
        if len(numbers) == hi - lo + 1:
            parts.append(f"{lo}-{hi}" if hi > lo else str(lo))
        else:
            parts.extend(str(n) for n in numbers)
    parts.extend(r.name[0] for r in ranks if r >= Rank.JACK)
    return ", ".join(parts)


def _not_a_card(raw: str, game: str | None, why: str, **values: object) -> CardNotationError:
    """The error for text that is not a card, as a reason the words layer says in the player's
    language; ``why`` names which of the sentences, with and without the game's name. Each sentence is
    written whole (for the catalog), never glued from pieces."""
    if why == "form":
        reason = Reason("'{text}' is not a card: it needs a rank then a suit letter, like 10h, qs or 7st, or jo "
                        "for a joker", text=raw)
    elif why == "jokers":
        reason = (Reason("'{text}' is not a card: there are no jokers in {game}", text=raw, game=game) if game
                  else Reason("'{text}' is not a card: there are no jokers", text=raw))
    elif why == "ranks":
        reason = (Reason("'{text}' is not a card: ranks in {game} are {ranks}", text=raw, game=game, **values) if game
                  else Reason("'{text}' is not a card: ranks are {ranks}", text=raw, **values))
    else:
        reason = (Reason("'{text}' is not a card: suits in {game} are {suits}", text=raw, game=game, **values) if game
                  else Reason("'{text}' is not a card: suits are {suits}", text=raw, **values))
    return CardNotationError(reason)


def parse_card(
    text: str,
    *,
    ranks: Sequence[Rank] = STANDARD_RANKS,
    suits: Iterable[Suit] = Suit,
    jokers: bool = True,
    game: str | None = None,
) -> Card:
    """Read one card; raise :class:`CardNotationError` saying what is wrong (its argument a
    :class:`Reason`, so it can be said in any language). ``game`` is the game's title."""
    raw = text.strip()
    s = raw.lower().replace("\ufe0f", "")
    if not s:
        raise CardNotationError(Reason("an empty text is not a card"))
    if s in _JOKER_WORDS:
        if not jokers:
            raise _not_a_card(raw, game, "jokers")
        return JOKER
    suit: Suit | None = None
    rank_text = ""
    for code in sorted(_SUIT_CODES, key=len, reverse=True):
        if s.endswith(code) and len(s) > len(code):
            suit = _SUIT_CODES[code]
            rank_text = s[: -len(code)]
            break
    if suit is None:
        raise _not_a_card(raw, game, "form")
    rank = _RANK_CODES.get(rank_text) or _RANK_WORDS.get(rank_text)
    allowed_suits = tuple(suits)
    if rank is None or rank not in ranks:
        raise _not_a_card(raw, game, "ranks", ranks=describe_ranks(ranks))
    if suit not in allowed_suits:
        raise _not_a_card(raw, game, "suits", suits=allowed_suits)
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str], **kwargs: object) -> list[Card]:
    """Read several cards separated by spaces or commas."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(w, **kwargs) for w in words]  # type: ignore[arg-type]


def parse_rank(text: str, *, ranks: Sequence[Rank] = STANDARD_RANKS) -> Rank:
    """Read a rank alone ('7', 'k', 'kings')."""
    s = text.strip().lower()
    rank = _RANK_CODES.get(s) or _RANK_WORDS.get(s)
    if rank is None or rank not in ranks:
        raise CardNotationError(Reason("'{text}' is not a rank: ranks are {ranks}", text=text,
                                       ranks=describe_ranks(ranks)))
    return rank


def card_codes(cards: Iterable[Card]) -> list[str]:
    """Cards as their codes: how saves and data views hold them."""
    return [c.code for c in cards]


def read_codes(codes: Iterable[str], parse: Callable[[str], Card]) -> list[Card]:
    """Cards back from their codes, each read by the game's own ``parse`` (strict about its ranks)."""
    return [parse(c) for c in codes]
