"""The words of each game's braille rule book: its rules, its scoring and its hand-by-hand table.

Each catalog entry names its book here (``GameEntry.rule_book``), so a new game brings its book with
it and ``kit`` makes it without knowing the game. The sentences go through the catalog (``_()``), so
a French kit has a French book. They tell the same rules as docs/ (five-crowns.md, solitaire.md,
contract-rummy.md, upcard-rummy.md), shortened to what a player needs at the table; the tables are
not written out but taken from the rules themselves (the wild rank of each Five Crowns hand, the
contract of each contract rummy hand), so the book cannot disagree with the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from braille.words import rank_name
from engine.arrange_contract import CONTRACTS, Contract
from engine.cards import Card, Rank, Suit
from engine.rules.five_crowns import wild_rank_for_hand
from engine.rules.upcard_rummy import hand_size_for
from speech.i18n import N_, _, ngettext

__all__ = [
    "HandTable",
    "RuleBook",
    "RuleSection",
    "contract_rummy_book",
    "five_crowns_book",
    "solitaire_book",
    "upcard_rummy_book",
]


@dataclass(frozen=True, slots=True)
class RuleSection:
    """A heading and its paragraphs."""

    heading: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandTable:
    """The table a player keeps checking during a game: one row per hand (or pile, or up card)."""

    heading: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class RuleBook:
    """One game's book: its title, its sections in reading order, and its table after them."""

    title: str
    sections: tuple[RuleSection, ...]
    table: HandTable


_PLURALS: dict[Rank, str] = {
    Rank.THREE: N_("threes"), Rank.FOUR: N_("fours"), Rank.FIVE: N_("fives"), Rank.SIX: N_("sixes"),
    Rank.SEVEN: N_("sevens"), Rank.EIGHT: N_("eights"), Rank.NINE: N_("nines"), Rank.TEN: N_("tens"),
    Rank.JACK: N_("jacks"), Rank.QUEEN: N_("queens"), Rank.KING: N_("kings"),
}  # fmt: skip


def _wilds(rank: Rank) -> str:
    """'threes', 'jacks': a rank in the plural, as a table cell says what is wild."""
    return _(_PLURALS[rank])


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _five_crowns_table(heading: str, column: str) -> HandTable:
    rows = tuple((str(n), _cards(n + 2), _wilds(wild_rank_for_hand(n))) for n in range(1, 12))
    return HandTable(heading, (column, _("cards"), _("wild")), rows)


_MELDS = N_(
    "Melds are books and runs. A book is three or more cards of one rank; a run is three or more cards "
    "of one suit in order, from 3 to king. Any card of a meld may be wild."
)


def five_crowns_book() -> RuleBook:
    return RuleBook(_("Five Crowns rules"), (
        RuleSection(_("The cards"), (
            _("A set is two decks of 58 cards: five suits (stars, hearts, clubs, spades, diamonds), each from 3 "
              "to king, and six jokers. There are no aces and no 2s."),
        )),
        RuleSection(_("Hands and wilds"), (
            _("The game is eleven hands. Hand 1 deals 3 cards to each player, hand 11 deals 13. The number of "
              "cards dealt is the wild rank; jokers are wild in every hand. The table at the end lists them."),
        )),
        RuleSection(_("A turn"), (
            _("Draw the top card of the stock or the up card, then discard one card."),
            _("You may go out instead when every card but one can be laid down in melds: lay them down and "
              "discard the last card. Every other player then has one more turn."),
            _(_MELDS),
        )),
        RuleSection(_("Scoring"), (
            _("Cards left out of melds count against you: 3 to 10 their face value, jack 11, queen 12, king 13, "
              "a card of the wild rank 20, a joker 50. After hand 11 the lowest total wins."),
        )),
    ), _five_crowns_table(_("Hand by hand"), _("hand")))


def solitaire_book() -> RuleBook:
    return RuleBook(_("Five Crowns solitaire rules"), (
        RuleSection(_("The piles"), (
            _("Eleven piles are dealt face up from one Five Crowns set: pile 1 has 3 cards, pile 11 has 13. "
              "The other 28 cards are the stock. Each pile has its own wild rank, its number of cards; jokers "
              "are wild on every pile."),
        )),
        RuleSection(_("A move"), (
            _("Turn up the top card of the stock, place it on an open pile, then discard one card of that "
              "same pile. Discards are dead."),
            _(_MELDS),
        )),
        RuleSection(_("Winning"), (
            _("A pile closes when all its cards form melds. You win when every pile is closed; you lose when "
              "the stock is empty and a pile is still open."),
        )),
    ), _five_crowns_table(_("Pile by pile"), _("pile")))


def _contract_words(contract: Contract) -> str:
    sets = ngettext("{n} set", "{n} sets", contract.sets).format(n=contract.sets)
    runs = ngettext("{n} run", "{n} runs", contract.runs).format(n=contract.runs)
    if not contract.runs:
        return sets
    if not contract.sets:
        return runs
    return _("{sets} and {runs}").format(sets=sets, runs=runs)


def contract_rummy_book() -> RuleBook:
    rows = tuple((str(n), _contract_words(c)) for n, c in enumerate(CONTRACTS, start=1))
    return RuleBook(_("Contract rummy rules"), (
        RuleSection(_("Cards and deal"), (
            _("Two standard decks with 4 jokers for 2 to 5 players, three decks for 6 to 8. Every 2 and every "
              "joker is wild. Each hand deals 12 cards to each player."),
        )),
        RuleSection(_("Contracts and melds"), (
            _("The game is nine hands, each with its contract, the melds you must lay down first: the table "
              "at the end lists them. A set is 3 or more cards of one rank; a run is 4 or more cards of one "
              "suit in order, aces high. Every meld needs at least two natural cards."),
        )),
        RuleSection(_("A turn"), (
            _("Draw from the stock or take the top discard, then discard. Once your contract is down you may "
              "add cards to any meld on the table. You go out when your last card is gone."),
            _("When you do not take the top discard, another player may buy it, taking a penalty card from the "
              "stock with it."),
        )),
        RuleSection(_("Scoring"), (
            _("Cards left in your hand count against you: 3 to 9 their face value, 10 to king 10, ace 15, a wild "
              "20. After hand 9 the lowest total wins."),
        )),
    ), HandTable(_("Hand by hand"), (_("hand"), _("contract")), rows))


def upcard_rummy_book() -> RuleBook:
    ups = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, *(Rank(n) for n in range(10, 2, -1)))
    rows = tuple((rank_name(rank), _cards(hand_size_for(Card(rank, Suit.SPADES)))) for rank in ups)
    return RuleBook(_("Upcard rummy rules"), (
        RuleSection(_("Cards and deal"), (
            _("Two standard decks without 2s or jokers: 96 cards, for 2 to 6 players. Each player's first card "
              "is dealt face up and says how many cards they get (the table at the end). The rank of the "
              "dealer's up card is wild for the hand."),
        )),
        RuleSection(_("Melds"), (
            _("A meld is 3 or more cards of one rank with at least two natural cards. Your first meld of a hand "
              "is exactly three cards, alone on its turn; after it you may lay down more melds and add cards "
              "to any meld on the table."),
        )),
        RuleSection(_("A turn"), (
            _("Draw the top card of the stock, or, once you have melded, dig into the discard pile back to a "
              "card you meld at once with a pair from your hand. Then meld if you like, and discard."),
        )),
        RuleSection(_("Scoring"), (
            _("Cards you put on the table count for you, cards left in your hand against you: ace 100, a wild "
              "100, 8 to king 10, 3 to 7 5. The first total to reach 3000 ends the game; the highest wins."),
        )),
    ), HandTable(_("Cards by up card"), (_("up card"), _("cards dealt")), rows))
