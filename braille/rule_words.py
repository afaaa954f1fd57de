"""The words of each game's braille rule book: its rules, its scoring and its hand-by-hand table.

Each catalog entry names its book here (``GameEntry.rule_book``), so a new game brings its book with
it and ``kit`` makes it without knowing the game. The sentences go through the catalog (``_()``), so
a French kit has a French book. Each book tells every rule of the rules part of its game's page,
docs/GAME.md (every section above the page's "end of the rules" mark), section for section under the
page's own headings, so a beginner can learn the game from the book alone;
tests/braille/test_whole_rule_books.py holds every book to its page. The tables are not written out
but taken from the rules themselves (the wild rank of each Five Crowns hand, the contract of each
contract rummy hand, the cards each up card deals), so the book cannot disagree with the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from braille.words import rank_name
from engine.arrange_contract import CONTRACTS, Contract
from engine.cards import Card, Rank, Suit
from engine.rules.five_crowns import wild_rank_for_hand
from engine.rules.upcard_rummy import DEFAULT_MAX_HANDS, DEFAULT_MAX_RESHUFFLES, DEFAULT_TARGET, hand_size_for
from speech.i18n import N_, _, ngettext

__all__ = [
    "HandTable",
    "ListItem",
    "RuleBook",
    "RuleSection",
    "contract_rummy_book",
    "five_crowns_book",
    "solitaire_book",
    "upcard_rummy_book",
]


class ListItem(str):
    """A paragraph that is one item of a list (the steps of a turn, the lines of a score table): BANA's
    list format, first line from cell 1 and runovers from cell 3, where a paragraph starts in cell 3.
    Still a ``str``, so whatever reads a book's words reads it as any other paragraph."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class RuleSection:
    """A heading and its paragraphs (some of them :class:`ListItem`)."""

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
    """One game's book: its title, its sections in reading order, its table after them, and what its
    title page says the book holds (each book its own: Gin's table is of card values, not of hands)."""

    title: str
    sections: tuple[RuleSection, ...]
    table: HandTable
    contents: str


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
            _("The deal of a play-off passes to the left among the tied players; when the last dealer is not "
              "one of them, the last of them in seat order deals, so the first of them plays first."),
        )),
    ), _five_crowns_table(_("Hand by hand"), _("hand")), _("Rules, scoring and the hand-by-hand table."))


def solitaire_book() -> RuleBook:
    """The whole rules part of docs/solitaire.md, section for section."""
    return RuleBook(_("Five Crowns solitaire rules"), (
        RuleSection(_("The deal"), (
            _("Five Crowns solitaire is played alone with one Five Crowns set: 116 cards, five suits from 3 to "
              "king and six jokers. The set is shuffled, and eleven piles are dealt face up: pile 1 has 3 cards, "
              "pile 2 has 4, and so on up to pile 11 with 13 cards, 88 cards in all. The other 28 cards are the "
              "stock, face down."),
            _("Every card of the piles is face up, so every pile can be read at any time. The game's number, "
              "its seed, decides the shuffle: the same seed always deals the same piles and stock."),
        )),
        RuleSection(_("Wilds and melds"), (
            _("Each pile has its own wild rank, its number of cards when dealt: 3s are wild on pile 1, 4s on "
              "pile 2, and so on up to kings on pile 11; the table at the end lists every pile. Jokers are wild "
              "on every pile."),
            _(_MELDS),
            _("A run never goes round from king to 3. A meld may hold any number of wild cards. A meld of wild "
              "cards only counts, unless the player chooses before the deal that it does not."),
        )),
        RuleSection(_("A move"), (
            _("A move has three steps:"),
            ListItem(_("1. Draw: turn up the top card of the stock.")),
            ListItem(_("2. Place: put that card on an open pile of your choice.")),
            ListItem(_("3. Discard: take one card out of that same pile; the card just placed may be the one.")),
            _("Once the card is placed, it cannot be taken back, and the discard cannot come from any other "
              "pile. A closed pile takes no more cards. Discards are dead: they go to a dead pile that is never "
              "drawn from or shuffled back into the stock."),
        )),
        RuleSection(_("Closing a pile"), (
            _("A pile closes the moment all its cards form books and runs with nothing left over. This is "
              "checked right after the deal, so a pile may be dealt closed, and after every discard, when the "
              "pile holds its dealt number of cards again. A closed pile keeps its cards where they are."),
        )),
        RuleSection(_("Winning and losing"), (
            _("You win when every pile is closed. You lose when the stock is empty after a move and a pile is "
              "still open. The last card of the stock can still win: if its move closes the last pile, the game "
              "is won."),
        )),
    ), _five_crowns_table(_("Pile by pile"), _("pile")), _("Rules, and the table of the piles."))


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
    ), HandTable(_("Hand by hand"), (_("hand"), _("contract")), rows), _("Rules, scoring and the hand-by-hand table."))


def upcard_rummy_book() -> RuleBook:
    """The whole rules part of docs/upcard-rummy.md, section for section."""
    ups = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, *(Rank(n) for n in range(10, 2, -1)))
    rows = tuple((rank_name(rank), _cards(hand_size_for(Card(rank, Suit.SPADES)))) for rank in ups)
    return RuleBook(_("Upcard rummy rules"), (
        RuleSection(_("Cards and players"), (
            _("Upcard rummy is played with two standard decks with every 2 and every joker taken out: 96 "
              "cards, the ace and 3 to king in four suits, two of each card. Two to six players can play."),
            _("The first dealer is drawn by lot, unless the players agree who deals first. The deal moves one "
              "player to the left every hand."),
        )),
        RuleSection(_("The deal"), (
            _("The dealer deals to each player in turn, starting on their left and ending with themselves. "
              "Each player's first card is dealt face up, and its rank says how many cards that player gets in "
              "all, the up card included: ace 14, king 13, queen 12, jack 11, any other card its number. The "
              "table at the end lists them."),
            _("The rank of the dealer's own up card is wild for the hand. Up cards stay in their owners' hands, "
              "and everybody knows them."),
            _("The next card is turned up to start the discard pile; the rest is the stock. The discard pile is "
              "fanned: every card in it stays in view of everyone, in order."),
        )),
        RuleSection(_("Melds"), (
            _("A meld is three or more cards of one rank with at least two natural cards, cards that are not "
              "wild: three naturals, or a natural pair and a wild. There are no runs."),
            _("Every card of the wild rank is wild, always: it never counts as a natural of its own rank, so "
              "three wilds never make a meld. Once a meld has its two naturals, it may hold any number of wilds."),
            _("Your first meld of a hand is exactly one meld of exactly three cards: on that turn you do nothing "
              "else before you discard."),
            _("From your next turn on, you may lay down any number of further melds, of any size, and lay off "
              "cards on any meld on the table, yours or another player's: a natural of the meld's rank, or a "
              "wild. A card you lay off stays in front of you and counts for you. The melds on the table are "
              "numbered in the order they were made."),
        )),
        RuleSection(_("A turn"), (
            _("A turn has three steps:"),
            ListItem(_("1. Draw the top card of the stock, or dig into the discard pile instead.")),
            ListItem(_("2. Meld and lay off, as the meld rules allow, one meld or one card at a time.")),
            ListItem(_("3. Discard exactly one card.")),
            _("To dig, you must have melded on an earlier turn and hold a natural pair of some rank; you dig "
              "back to a natural card of that rank in the pile. You take that card and every card above it, and "
              "meld that card at once with your pair, adding more naturals of its rank or wilds if you like. You "
              "keep the rest of what you took. A wild in the pile may be taken with the cards above, but never "
              "dug back to."),
            _("A turn always ends with a discard, going out included, so a meld, a lay-off or a dig that would "
              "leave you no card to discard is not allowed."),
        )),
        RuleSection(_("Going out and the last turns"), (
            _("You go out by putting every card but one on the table and discarding that one."),
            _("Every player who has not yet melded in this hand then has one last turn, in turn order from the "
              "player after the one who went out: draw, make a first meld of three cards if they can, and "
              "discard. Players who have melded get no last turn."),
            _("When the stock is empty at the start of a turn, the discard pile except its top card is shuffled "
              "into a new stock. The stock is rebuilt at most {times} times a hand; when it runs out again, or "
              "there is nothing to shuffle, the hand ends and is scored as it stands."
              ).format(times=DEFAULT_MAX_RESHUFFLES),
        )),
        RuleSection(_("Scoring"), (
            _("The cards are worth:"),
            ListItem(_("ace: 100 points")),
            ListItem(_("any wild: 100 points")),
            ListItem(_("8 to king: 10 points")),
            ListItem(_("3 to 7: 5 points")),
            _("Your score for a hand is the value of the cards you put on the table, your melds and your "
              "lay-offs, minus the value of the cards still in your hand; it can be below zero. Discards count "
              "for nobody. Scores are kept as running totals."),
            _("The game ends after the hand in which someone's total reaches the target: {target} points, "
              "unless the players agree on another target. The highest total wins, and players tied on it "
              "share the win. The game also ends after hand {hands}, the highest total winning."
              ).format(target=DEFAULT_TARGET, hands=DEFAULT_MAX_HANDS),
        )),
    ), HandTable(_("Cards by up card"), (_("up card"), _("cards dealt")), rows),
        _("Rules, scoring and the cards each up card deals."))
