"""The game catalog: every game the program offers, described once.

Everything that lists or names games reads this module: ``play --game`` and its options, ``simulate``,
``hand``, ``labels --deck``, the 'another game' menu, the resume question and its save slot, the
narrator and the table. A new game is one more :class:`GameEntry` here (plus its rules, computer
players, words and table, which the entry names; docs/adding-a-game.md is the checklist).

Importing the catalog is cheap: tables, narrators, resume questions and hand checkers are named by
import path (``"package.module:attribute"``) and imported only when first used, so ``access-game hand``
never loads the terminal interface and ``simulate`` never loads the braille libraries.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

if TYPE_CHECKING:
    from braille.decks import GameDeck
    from engine.game import Game
    from engine.ruleset import Ruleset
    from speech.hint_words import MoveWords

__all__ = ["PLAIN_OPENING", "DuplicateGame", "GameEntry", "GameOption", "Lesson", "Turn", "TurnStep", "UnknownGame",
           "game", "games", "network_games", "register_game", "resolve"]


class DuplicateGame(ValueError):
    """A second entry for a name already in the catalog: one game, one description."""


class UnknownGame(ValueError):
    """A game name the catalog does not hold; the message lists the games."""


def resolve(path: str) -> Any:
    """The object an import path names: ``"access_game.ui.five_crowns_table:FiveCrownsTable"``."""
    module, _, attribute = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attribute.split("."):
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True, slots=True)
class GameOption:
    """One rule option a player may choose, with the ruleset's option name and how it is offered.

    ``kind`` says how a value is read: ``choice`` (one of ``choices``), ``int`` (a whole number of at
    least ``minimum``) or ``bool``. ``flag`` is the ``play`` command-line option (None: not offered
    there); ``setting`` names the settings menu entry (None: not offered in settings), whose values
    are ``choices``, yes and no, or for a number the few sensible ``values`` (None among them: the
    rules choose, by the number of players). A value chosen in settings is kept per game and used for
    the next new game of that game; the command line wins over it.
    """

    name: str
    kind: Literal["choice", "int", "bool"]
    default: object
    #: English, marked for translation: say it through ``_()``.
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    flag: str | None = None
    setting: str | None = None
    values: tuple[object, ...] = ()

    def setting_values(self) -> tuple[object, ...]:
        """What the settings menu cycles through, the default first."""
        if self.kind == "choice":
            return self.choices
        if self.kind == "bool":
            return (True, False) if self.default is True else (False, True)
        return self.values

    def allows(self, value: object) -> bool:
        """Whether ``value`` (as read from the settings file) is one this option may hold there."""
        return any(type(value) is type(v) and value == v for v in self.setting_values())

    def parse(self, text: str) -> object:
        """The value typed on a command line, or ValueError saying (in the player's language) what the
        option takes."""
        from speech.i18n import _
        from speech.option_values import read_value, value_word

        word = text.strip().casefold()
        option = self.flag or self.name
        if self.kind == "choice":
            chosen = read_value(text, self.choices)  # the language's word or the English value
            if chosen is None:
                raise ValueError(_("{option} is one of {choices}, not {text}").format(
                    option=option, choices=", ".join(value_word(c) for c in self.choices), text=repr(text)))
            return chosen
        if self.kind == "bool":
            said = read_value(text, ("yes", "no"))
            if said is not None or word in ("on", "true", "1", "off", "false", "0"):
                return said == "yes" or word in ("on", "true", "1")
            raise ValueError(_("{option} is yes or no, not {text}").format(option=option, text=repr(text)))
        try:
            number = int(word)
        except ValueError:
            raise ValueError(_("{option} is a whole number, not {text}").format(option=option,
                                                                               text=repr(text))) from None
        if self.minimum is not None and number < self.minimum:
            raise ValueError(_("{option} is at least {minimum}, not {number}").format(
                option=option, minimum=self.minimum, number=number))
        return number


@dataclass(frozen=True, slots=True)
class Lesson:
    """A game's guided first hand (``access-game learn``): a prepared deal that shows the game's main
    moves, played at the real table with a guide saying each step (access_game.ui.lesson_guide).

    The deal is a seed, so the lesson is the same game every time and its steps can be counted; the
    player follows the hint, so the guide's "press X" is always the hint's own move and key.
    """

    #: The seed of the prepared deal (chosen so that the hand shows ``shows`` and ends soon).
    seed: int
    #: Everyone at the table, the learner included.
    players: int = 2
    #: The computer players' level.
    level: str = "easy"
    #: Moves of the learner after which the lesson stops (a solitaire deal is long); None: at the end
    #: of the first hand.
    moves: int | None = None
    #: The kinds of move the prepared deal shows the learner (tests/lesson checks that it does).
    shows: tuple[str, ...] = ()
    #: The kinds of event that end the hand (the lesson ends with them, and the scoring is explained).
    ends: tuple[str, ...] = ("hand_ended", "game_ended")
    #: Import path of the game's lesson words (a ``speech.lesson_words.LessonWords``).
    words: str = ""


@dataclass(frozen=True, slots=True)
class TurnStep:
    """One key of a hand's opening at a table of two, and the prompt each player then sees.

    ``by`` is whose key it is: the player who moves first ('first') or the dealer ('dealer');
    ``command`` a command of the key plan (None: no key, the deal itself).
    """

    by: Literal["first", "dealer"]
    command: str | None
    #: The prompts that follow (the English words of the table's prompt, before its '>').
    first_prompt: str
    dealer_prompt: str


#: A hand whose first player may draw at once, the dealer waiting.
PLAIN_OPENING = (TurnStep("first", None, "draw", "wait"),)


@dataclass(frozen=True, slots=True)
class Turn:
    """How a turn of the game is played by keys, at a table of two with the host dealing: what is
    pressed before the first player may draw (a card offered first), and the prompt once a card is
    drawn. A network test plays every game's turns from this; a game added declares its own."""

    #: From the deal until the first player may draw from the stock.
    opening: tuple[TurnStep, ...] = PLAIN_OPENING
    #: The prompts once a card is drawn and the turn is still to be ended (any of them).
    mid_turn: tuple[str, ...] = ("discard",)
    #: The command that ends the turn after that draw, and the beginnings of what the mover and the
    #: others then hear ('{mover}' stands for the mover's name): a discard in every rummy.
    end: str = "discard"
    end_said: tuple[str, str] = ("You discarded ", "{mover} discarded ")
    #: Rule options set (as the host's settings) so that the turn is played by these keys whatever the
    #: cards: in Crazy Eights one card drawn, then a pass, since the card drawn may not be playable.
    options: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game: what the launcher, the commands and the tables need to know of it.

    The player range and the titles of seats come from the ruleset (written once, in the rules); the
    computer players' levels from :mod:`engine.bots`. Paths are resolved on first use.
    """

    #: As typed on the command line and kept in saves: 'five-crowns'.
    name: str
    #: For people, one spelling everywhere: 'Five Crowns'. English, marked for translation: show it
    #: through ``_()`` (:attr:`spoken_title`), so every place that names the game names it the same way.
    title: str
    #: The table class (``Table`` protocol in access_game.ui.table); None: not playable at the terminal.
    table: str | None
    #: A callable ``(listener, players, verbosity) -> narrator`` for the player's seat.
    narrator: str
    #: A callable ``(game, seat) -> str``: where a saved game stands, then 'Resume it?'.
    resume: str
    #: A callable ``(args, cards_text) -> exit status`` behind ``access-game hand --game NAME``; None: no checker.
    hand_checker: str | None
    #: Deck names (braille.decks) whose labels make this game's cards, the first the one it plays with.
    decks: tuple[str, ...]
    #: Each game keeps its own saved game, so starting one never replaces another's game in progress.
    save_slot: str
    #: The command that goes on with a saved game of this kind.
    command: str
    options: tuple[GameOption, ...] = ()
    #: The ruleset's registry name, where it differs from the game's name.
    ruleset_name: str = ""
    #: The level whose choice a hint explains: the strongest computer player of the game.
    hint_level: str = "hard"
    #: A callable ``(action, view) -> parts or None``: the game's own moves as a hint's advice
    #: (speech.hint_words.MoveWords); None: the game has only the shared moves (draw, discard, go out).
    hint_words: str | None = None
    #: What a teacher's kit says of the game's physical deck: 'one Five Crowns set: 116 cards'.
    deck_note: str = ""
    #: A callable ``() -> braille.rule_words.RuleBook``: the game's braille rule book, which ``kit``
    #: makes; None: the game has none yet.
    rule_book: str | None = None
    #: The key plan's command (access_game.ui.key_plan) that makes each of the game's own kinds of move,
    #: as (kind, command) pairs: a hint names the key of the move it advises ('Press O.').
    move_commands: tuple[tuple[str, str], ...] = ()
    #: The game's own kinds of move made of several cards the player selects first (Space), then puts
    #: down: their hint says which cards to select before naming the key.
    select_first: tuple[str, ...] = ()
    #: The guided first hand (``access-game learn``); None: the game has none.
    lesson: Lesson | None = None
    #: Options the ruleset takes that are limits of this program, not choices of play: they end hands and
    #: games that could otherwise never end, so they are not offered at the table (docs/upcard-rummy.md).
    limits: tuple[str, ...] = ()
    #: How a turn is played by keys (see :class:`Turn`); None: a game of one player, never on a server.
    turn: Turn | None = Turn()

    @property
    def spoken_title(self) -> str:
        """The title in the player's language ('Rami à contrats'): the one name shown everywhere."""
        from speech.i18n import _

        return _(self.title)

    @property
    def ruleset(self) -> str:
        return self.ruleset_name or self.name

    def rules(self) -> Ruleset[Any, Any]:
        from engine.registry import get_ruleset

        return get_ruleset(self.ruleset)

    def own_move_words(self) -> MoveWords | None:
        """The game's hook for wording its own moves as advice (see ``hint_words``)."""
        return None if self.hint_words is None else cast("MoveWords", resolve(self.hint_words))

    def game_deck(self) -> GameDeck:
        """The physical deck the game is played with, for a teacher's kit: the first of ``decks``."""
        from braille.decks import DECKS, GameDeck

        deck = self.decks[0]
        return GameDeck(self.name, self.title, deck, DECKS[deck].default_sets, self.deck_note)

    @property
    def player_range(self) -> tuple[int, int]:
        r = self.rules()
        return r.min_players, r.max_players

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer players' levels, easiest first (none for a game played alone)."""
        from engine.bots import agent_levels

        return agent_levels(self.ruleset)

    # What the table registry used to hold, read by the launcher and the app.
    @property
    def game_name(self) -> str:
        return self.name

    @property
    def factory(self) -> Callable[..., Any]:
        if self.table is None:
            from speech.i18n import _

            raise UnknownGame(_("{title} cannot be played at the terminal yet").format(title=self.spoken_title))
        factory: Callable[..., Any] = resolve(self.table)
        return factory

    def resume_question(self, game: Game, seat: int) -> str:
        """Asked at start when a game of this kind is saved."""
        question: Callable[[Game, int], str] = resolve(self.resume)
        return question(game, seat)

    def make_narrator(self, listener: int, players: Sequence[str], verbosity: Any) -> Any:
        """The game's narrator for ``listener``, told the game's title (speech keeps no list of games)."""
        narrator = resolve(self.narrator)(listener, list(players), verbosity)
        narrator.game_title = self.title
        return narrator

    def option(self, name: str) -> GameOption:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise KeyError(f"{self.title} has no option {name!r}")

    def default_options(self) -> dict[str, object]:
        """The ruleset's own defaults, as the ruleset takes them."""
        return self.rule_options({opt.name: opt.default for opt in self.options}, self.player_range[0], 0)

    def setting_options(self) -> tuple[GameOption, ...]:
        """The options offered in the settings menu while this game is played."""
        return tuple(opt for opt in self.options if opt.setting is not None)

    def rule_options(self, chosen: Mapping[str, object], players: int, seed: int) -> dict[str, object]:
        """The ruleset's options for catalog choices: the first dealer's word becomes a seat ('random':
        drawn from the game's seed, so the same seed seats the same dealer). A game with a dealer and
        no first dealer chosen takes the catalog's default (random), not the ruleset's seat 0: the
        player who started the program would otherwise always deal hand 1 and play last in it."""
        out = dict(chosen)
        dealer = out.get("first_dealer")
        if dealer is None and any(opt.name == "first_dealer" for opt in self.options):
            dealer = self.option("first_dealer").default
        if isinstance(dealer, str):
            out["first_dealer"] = 0 if dealer == "you" else _random_seat(players, seed)
        return out

    def options_from_text(self, given: Mapping[str, str | None]) -> dict[str, object]:
        """Options from command-line text by option name (None: not given, the default holds);
        ValueError says what is wrong. Only the options given are returned, so a save keeps what the
        player chose and the ruleset's defaults stay its own."""
        return {name: self.option(name).parse(text) for name, text in given.items() if text is not None}


def _random_seat(players: int, seed: int) -> int:
    import random

    return random.Random(f"first dealer {seed}").randrange(players)


_CATALOG: dict[str, GameEntry] = {}


def register_game(entry: GameEntry) -> None:
    """Add a game; a second entry for a name is refused, never silently replacing the first."""
    if entry.name in _CATALOG:
        raise DuplicateGame(f"the game {entry.name!r} is already in the catalog")
    _CATALOG[entry.name] = entry


def games() -> list[GameEntry]:
    """Every game, in menu order: Five Crowns first."""
    return list(_CATALOG.values())


def network_games() -> list[str]:
    """The games a server can host: those with a table and room for more than one player."""
    return [e.name for e in games() if e.table is not None and e.player_range[1] > 1]


def game(name: str) -> GameEntry:
    """The entry for ``name`` (case not significant), or UnknownGame listing each game once."""
    entry = _CATALOG.get(name.strip().casefold())
    if entry is None:
        from speech.i18n import _

        raise UnknownGame(_("unknown game {name}: the games are {games}").format(name=repr(name),
                                                                                 games=", ".join(_CATALOG)))
    return entry


_UI = "access_game.ui"


def N_(message: str) -> str:
    """Mark an option's help for the catalog of sentences, as ``speech.i18n.N_`` does (the commands say
    it through ``_``); a marker of its own, because importing the game catalog loads no speech."""
    return message


_ALL_WILD = GameOption("all_wild_melds", "bool", True, N_("whether a meld of wild cards only counts"),
                       flag="--all-wild-melds", setting="all wild melds")
_FIRST_DEALER = GameOption("first_dealer", "choice", "random", N_("who deals the first hand: a player drawn at "
                           "random from the seed (the default), or you"), choices=("random", "you"),
                           flag="--first-dealer", setting="first dealer")

register_game(GameEntry(
    name="five-crowns",
    title=N_("Five Crowns"),
    table=f"{_UI}.five_crowns_table:FiveCrownsTable",
    narrator="speech.narrator:Narrator",
    resume=f"{_UI}.five_crowns_table:resume_question",
    hand_checker="access_game.commands.hand:check_five_crowns",
    decks=("five-crowns",),
    deck_note=N_("one Five Crowns set: 116 cards"),
    # Where Five Crowns games have always been saved, so a game saved by an earlier version resumes.
    save_slot="current",
    command="access-game",
    options=(
        GameOption("tie_break", "choice", "share", N_("a tie for the lowest total: share the win, or play 6-card "
                   "hands until one player is lowest"), choices=("share", "playoff"), flag="--tie-break",
                   setting="tie break"),
        _ALL_WILD,
        GameOption("sets", "int", None, N_("sets of cards: 1 or 2 (default: 1 for up to 7 players, 2 for more)"),
                   minimum=1, flag="--sets", setting="sets", values=(None, 1, 2)),
        _FIRST_DEALER,
    ),
    rule_book="braille.rule_words:five_crowns_book",
    lesson=Lesson(seed=5, shows=("draw", "take", "discard", "go_out"), words="speech.lesson_words:FIVE_CROWNS"),
))
register_game(GameEntry(
    name="solitaire",
    title=N_("Five Crowns solitaire"),
    table=f"{_UI}.solitaire_table:SolitaireTable",
    narrator=f"{_UI}.speech_link:solitaire_narrator",
    resume=f"{_UI}.solitaire_table:resume_question",
    hand_checker=None,
    decks=("five-crowns",),
    deck_note=N_("the Five Crowns set (116 cards), as for Five Crowns"),
    hint_words="speech.solitaire_words:hint_move_parts",
    move_commands=(("place", "put-down"),),
    save_slot="solitaire",
    command="access-game solitaire",
    options=(_ALL_WILD,),
    rule_book="braille.rule_words:solitaire_book",
    lesson=Lesson(seed=1, players=1, moves=6, shows=("draw", "place", "discard"),
                  words="speech.lesson_words:SOLITAIRE"),
    turn=None,
))
register_game(GameEntry(
    name="contract-rummy",
    title=N_("Contract Rummy"),
    table=f"{_UI}.contract_table:ContractTable",
    narrator=f"{_UI}.speech_link:contract_narrator",
    resume=f"{_UI}.contract_table:resume_question",
    hand_checker="access_game.commands.hand:check_contract",
    decks=("standard",),
    deck_note=N_("2 standard decks and 4 jokers (108 cards) for up to 5 players; 3 decks for 6 to 8"),
    hint_words="speech.contract_words:hint_move_parts",
    move_commands=(("contract_lay_down", "lay-down-best"), ("contract_lay_off", "lay-off"),
                   ("contract_swap", "swap"), ("contract_buy", "yes"), ("contract_pass_buy", "no")),
    save_slot="contract-rummy",
    command="access-game play --game contract-rummy",
    options=(
        GameOption("decks", "int", None, N_("standard decks shuffled together: 2 or 3 (default: 2 for up to 5 "
                   "players, 3 for more)"), minimum=2, flag="--decks", setting="decks", values=(None, 2, 3)),
        _FIRST_DEALER,
    ),
    rule_book="braille.rule_words:contract_rummy_book",
    # A contract hand runs to some 60 moves: the lesson stops after the contract is laid down and played on.
    lesson=Lesson(seed=11, moves=6, shows=("contract_pass_buy", "draw", "contract_lay_down", "contract_lay_off",
                                           "discard"), ends=("hand_ended", "contract_hand_stopped"),
                  words="speech.lesson_words:CONTRACT_RUMMY"),
    # The up card is offered to the first player, and the dealer may buy it: N passes, then the dealer's N.
    turn=Turn(opening=(TurnStep("first", None, "take? y/n", "buy? y/n"),
                       TurnStep("first", "no", "wait for buyers", ""),
                       TurnStep("dealer", "no", "draw", "wait")), mid_turn=("play",)),
))
register_game(GameEntry(
    name="upcard-rummy",
    title=N_("Upcard Rummy"),
    table=f"{_UI}.upcard_table:UpcardTable",
    narrator="speech.upcard_words:UpcardNarrator",
    resume=f"{_UI}.upcard_table:resume_question",
    hand_checker="access_game.commands.hand:check_upcard",
    decks=("no-twos",),
    deck_note=N_("2 standard decks without 2s or jokers (96 cards)"),
    hint_words="speech.upcard_words:hint_move_parts",
    move_commands=(("upcard_meld", "put-down"), ("upcard_lay_off", "lay-off"),
                   ("upcard_take_discards", "take")),
    select_first=("upcard_meld",),
    save_slot="upcard-rummy",
    command="access-game play --game upcard-rummy",
    options=(
        GameOption("target", "int", 3000, N_("the total that ends the game"), minimum=1, flag="--target",
                   setting="target", values=(3000, 500, 1000, 1500, 2000, 2500, 5000)),
        _FIRST_DEALER,
    ),
    rule_book="braille.rule_words:upcard_rummy_book",
    lesson=Lesson(seed=21, shows=("draw", "upcard_meld", "discard", "upcard_take_discards", "upcard_lay_off"),
                  ends=("upcard_hand_ended",),
                  words="speech.lesson_words:UPCARD_RUMMY"),
    limits=("max_reshuffles", "max_hands"),
    turn=Turn(mid_turn=("meld or discard", "discard")),
))
register_game(GameEntry(
    name="gin-rummy",
    title=N_("Gin Rummy"),
    table=f"{_UI}.gin_table:GinTable",
    narrator="speech.gin_words:GinNarrator",
    resume=f"{_UI}.gin_table:resume_question",
    hand_checker="access_game.commands.gin_hand:check_gin",
    decks=("standard-52", "standard"),
    deck_note=N_("one standard deck without jokers (52 cards)"),
    hint_words="speech.gin_words:hint_move_parts",
    save_slot="gin-rummy",
    command="access-game play --game gin-rummy",
    options=(
        GameOption("target", "int", 100, N_("the total that ends the game"), minimum=1, flag="--target",
                   setting="target", values=(100, 50, 150, 200, 250)),
        _FIRST_DEALER,
    ),
    rule_book="braille.gin_rule_book:gin_rummy_book",
    move_commands=(("gin_knock", "go-out"), ("gin_pass", "no")),
    lesson=Lesson(seed=22, shows=("gin_pass", "take", "discard", "draw", "gin_knock"), ends=("gin_hand_ended",),
                  words="speech.lesson_words:GIN_RUMMY"),
    limits=("max_hands",),
    # The up card is offered to the first player, then to the dealer; when both pass the first player draws.
    turn=Turn(opening=(TurnStep("first", None, "take or pass", "wait"),
                       TurnStep("first", "no", "wait", "take or pass"),
                       TurnStep("dealer", "no", "draw", "wait")), mid_turn=("discard or knock",)),
))
register_game(GameEntry(
    name="rummy-500",
    title=N_("Rummy 500"),
    table=f"{_UI}.rummy_500_table:Rummy500Table",
    narrator="speech.rummy_500_words:Rummy500Narrator",
    resume=f"{_UI}.rummy_500_table:resume_question",
    hand_checker=None,
    decks=("standard-52", "standard"),
    deck_note=N_("one standard deck without jokers (52 cards)"),
    hint_words="speech.rummy_500_words:hint_move_parts",
    save_slot="rummy-500",
    command="access-game play --game rummy-500",
    options=(
        GameOption("target", "int", 500, N_("the total that ends the game"), minimum=1, flag="--target",
                   setting="target", values=(500, 250, 1000)),
        _FIRST_DEALER,
    ),
    rule_book="braille.rummy_500_rule_book:rummy_500_book",
    move_commands=(("five_hundred_meld", "put-down"), ("five_hundred_lay_off", "lay-off"),
                   ("five_hundred_take_pile", "take")),
    lesson=Lesson(seed=7, shows=("five_hundred_take_pile", "five_hundred_meld", "discard", "draw",
                                 "five_hundred_lay_off"), ends=("five_hundred_hand_ended",),
                  words="speech.rummy_500_words:LESSON"),
    limits=("max_hands",),
    turn=Turn(mid_turn=("meld or discard",)),
))
register_game(GameEntry(
    name="crazy-eights",
    title=N_("Crazy Eights"),
    table=f"{_UI}.crazy_eights_table:CrazyEightsTable",
    narrator="speech.crazy_eights_words:CrazyEightsNarrator",
    resume=f"{_UI}.crazy_eights_table:resume_question",
    hand_checker=None,
    decks=("standard-52", "standard"),
    deck_note=N_("one standard deck without jokers (52 cards) for up to 5 players; 2 decks for 6 or 7"),
    hint_words="speech.crazy_eights_words:hint_move_parts",
    save_slot="crazy-eights",
    command="access-game play --game crazy-eights",
    options=(
        GameOption("target", "int", 100, N_("the total that ends the game"), minimum=1, flag="--target",
                   setting="target", values=(100, 50, 150, 200)),
        GameOption("draw_limit", "int", 0, N_("cards a player may draw in a turn before passing: 0 draws until a "
                   "card can be played"), minimum=0, flag="--draw-limit", setting="draw limit",
                   values=(0, 1, 2, 3)),
        _FIRST_DEALER,
    ),
    rule_book="braille.crazy_eights_rule_book:crazy_eights_book",
    # X plays the current card, an eight after asking its suit: the hint's eight, suit and all, is made
    # by the hint's own key (Shift+N), one key; N passes once no more drawing is allowed.
    move_commands=(("crazy_eight", "play-hint"), ("crazy_pass", "no")),
    lesson=Lesson(seed=14, shows=("discard", "draw", "crazy_eight"), ends=("crazy_hand_ended",),
                  words="speech.crazy_eights_words:LESSON"),
    limits=("max_hands",),
    turn=Turn(opening=(TurnStep("first", None, "play or draw", "wait"),), mid_turn=("play or pass",), end="no",
              end_said=("You pass.", "{mover} passes."), options=(("draw_limit", 1),)),
))
