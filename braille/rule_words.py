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
    """The whole of docs/five-crowns.md that a player needs at the table, section for section."""
    return RuleBook(_("Five Crowns rules"), (
        RuleSection(_("The cards"), (
            _("A Five Crowns set is two identical decks of 58 cards: five suits (stars, hearts, clubs, spades "
              "and diamonds), each from 3 to 10, then jack, queen and king, and three jokers in each deck. A set "
              "is 116 cards: every card twice, and six jokers. There are no aces and no 2s. One set is used for "
              "2 to 7 players, two sets for 8 to 14 players."),
        )),
        RuleSection(_("Eleven hands, and what is wild"), (
            _("The game is eleven hands. The first hand deals 3 cards to each player, the second 4, and so on "
              "up to 13 cards in the eleventh. The number of cards dealt is the wild rank: 3s are wild in the "
              "first hand, kings in the last; the table at the end lists every hand. Jokers are wild in every "
              "hand. A wild card can stand for any card, even one of its own rank."),
            _("The deal moves one player to the left each hand. The player on the dealer's left plays first, "
              "and play goes round to the left. After the deal one card is turned face up: it starts the "
              "discard pile and is called the up card."),
        )),
        RuleSection(_("Your turn"), (
            _("Draw one card: the top card of the stock, or the up card, which is only the top card of the "
              "discard pile. Then discard one card onto the discard pile; any card may be discarded, wilds "
              "included."),
            _("You may go out instead when, after drawing, every card but one can be laid down in books and "
              "runs: lay them all down and discard the last card. You may go out on any turn, even your first, "
              "and the last card may be any card."),
            _("Nobody lays down melds before going out, and nobody adds cards to another player's melds."),
        )),
        RuleSection(_("Books and runs"), (
            _("A book is three or more cards of the same rank. Suits do not matter, and the same card may "
              "appear twice."),
            _("A run is three or more cards of one suit in order, from 3 up to king. A run does not go round "
              "from king to 3, it holds at most 11 cards, and the same natural card cannot appear twice in it."),
            _("Any card of a book or a run may be wild, and a meld may hold any number of wild cards. A meld of "
              "wild cards only counts as a book, unless the players agree before the game that it does not."),
        )),
        RuleSection(_("When someone has gone out"), (
            _("Every other player then has exactly one more turn, in turn order from the player after the one "
              "who went out. On that last turn you draw and discard as usual, then lay down every meld you can. "
              "The cards left over count against you, and if everything you kept melds, you score nothing for "
              "the hand."),
        )),
        RuleSection(_("Scoring"), (
            _("Cards you could not lay down count against you: 3 to 10 their face value, jack 11, queen 12, "
              "king 13, each card of the hand's wild rank 20 and each joker 50. The player who went out scores "
              "0. After every hand each player's points are added to a running total."),
        )),
        RuleSection(_("Running out of stock"), (
            _("If the stock runs out, the discard pile except its top card is shuffled to make a new stock. The "
              "stock is rebuilt at most three times a hand; when it runs out once more, or nothing is left to "
              "draw, the hand ends as it stands: every player lays down their best melds, and the rest counts "
              "against them."),
        )),
        RuleSection(_("The end"), (
            _("After the eleventh hand the lowest total wins. A tie is shared, unless the players agree on a "
              "play-off: the tied players then play one more hand of 6 cards with 6s wild, the lowest score "
              "winning, again while they are still tied."),
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
    """The whole of docs/contract-rummy.md that a player needs at the table, section for section."""
    rows = tuple((str(n), _contract_words(c)) for n, c in enumerate(CONTRACTS, start=1))
    return RuleBook(_("Contract rummy rules"), (
        RuleSection(_("Cards and players"), (
            _("Two standard decks with 4 jokers for 2 to 5 players, three decks for 6 to 8. Every 2 and every "
              "joker is wild; a 2 is never a natural 2."),
            _("Each hand deals 12 cards to each player. The deal moves one player to the left each hand, and "
              "the player on the dealer's left plays first. The next card is turned face up to start the "
              "discard pile; the rest are the stock."),
        )),
        RuleSection(_("The contracts"), (
            _("The game is nine hands, each with its contract: the melds you must lay down first. The table at "
              "the end lists them."),
        )),
        RuleSection(_("Melds"), (
            _("A set is 3 or more cards of one rank; suits do not matter. A run is 4 or more cards of one suit "
              "in order, aces high only: there is no ace, 2, 3, and a run does not go round the corner. A wild "
              "may stand for the 2 at the bottom of a run."),
            _("Every meld needs at least two natural cards; wilds may fill any place once it has them. A long "
              "meld may be split to meet a contract."),
        )),
        RuleSection(_("A turn"), (
            _("Draw the top card of the stock or the up card, the top of the discard pile."),
            _("Once a hand, you may lay down exactly your contract: all its melds at once, and no other melds. "
              "A meld may be longer than the least it needs. You never lay down new melds after your contract."),
            _("Once your contract is down, on that turn and every later turn you may lay off a card on any meld "
              "on the table, yours or another player's, and you may swap: put a natural card from your hand in "
              "place of a wild in a meld on the table. The wild you free goes onto another meld in the same "
              "move, never into your hand."),
            _("Discard one card to end your turn."),
        )),
        RuleSection(_("Going out"), (
            _("You go out as soon as you hold no cards, by laying down, laying off, swapping or a last discard; "
              "no discard is needed. The hand ends at once, and nobody has another turn."),
        )),
        RuleSection(_("Buying"), (
            _("After every discard, before the next player draws, the discarded card is offered. The next "
              "player may take it as their draw, with no penalty, or pass. Any other player who did not "
              "discard it may buy it, taking a penalty card from the top of the stock with it."),
            _("You may buy only before you have laid down, and at most three times a hand. When several "
              "players want the card, the first of them in turn order after the discarder gets it. The card "
              "turned up at the deal may be bought the same way, by the dealer too."),
        )),
        RuleSection(_("Dead hands"), (
            _("When every player has laid down and no card off the table could ever be laid off or swapped onto "
              "a meld, or the table could never take as many cards as anyone holds, nobody can go out: the "
              "hand ends there, and everyone scores what they hold."),
        )),
        RuleSection(_("The stock"), (
            _("When the stock runs out, the discard pile except its top card is shuffled into a new stock, at "
              "most three times a hand. After that, or with nothing to shuffle, the hand ends as it stands and "
              "everyone scores what they hold."),
        )),
        RuleSection(_("Scoring"), (
            _("Cards left in your hand count against you: 3 to 9 their face value, 10 to king 10, ace 15, a wild "
              "20. The player who went out scores 0. After hand 9 the lowest total wins; a tie shares the win."),
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
