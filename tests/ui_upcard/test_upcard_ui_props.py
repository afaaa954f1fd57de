"""Properties of the upcard rummy table: whatever keys are pressed, the hand shown is the hand held and
the deck stays whole; the meld a take-back makes is one the rules accept; a hinted way out really goes
out."""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from upcard_driver import UpcardHarness, set_table

from access_game.ui.upcard_table import dig_meld, dig_options, go_out_discard
from engine.actions import Discard
from engine.arrange_upcard import cards_value
from engine.bots.upcard_rummy import plan_plays
from engine.cards import Card, Rank, no_twos_deck
from engine.game import Game
from engine.rules.upcard_rummy import LayOff, Meld, PlayerWentOut, TakeDiscards

KEYS = ("d", "t", "space", "enter", "O", "x", "H", "N", "left", "right", "home", "end", "1", "2", "5", "0",
        "alt-1", "k", "K", "up", "down", "s-down", "s-up", "a", "A", "m", "M", "u", "w", "s", "S", "i", "p", "h",
        "g", "z", "Z", "r", "e")


@settings(max_examples=25)
@given(seed=st.integers(0, 10_000), keys=st.lists(st.sampled_from(KEYS), min_size=5, max_size=60))
def test_any_keys_keep_the_hand_shown_the_hand_held(seed: int, keys: list[str]) -> None:
    game = Game.new("upcard-rummy", ["You", "Anna", "Ben"], seed=seed, options={"target": 400})
    h = UpcardHarness(game)
    h.start()
    for key in keys:
        if h.app_.modes:  # the play-again question once the game is over
            break
        h.press(key)
        table, view = h.table, h.view
        assert Counter(table.order) == Counter(view.hand)
        assert len(table.marks) == len(table.order)
        assert not table.order or 0 <= table.pos < len(table.order)
        assert table._pile_depth() <= len(view.discard)
        assert Counter(game.ruleset.all_cards(game.state)) == Counter(no_twos_deck(2))


def _codes(cards: list[Card]) -> str:
    return " ".join(c.code for c in cards)


RANKS = [r for r in Rank if r != Rank.TWO]


@settings(max_examples=60)
@given(seed=st.integers(0, 100_000), size=st.integers(2, 9), pile=st.integers(1, 20), wild=st.sampled_from(RANKS),
       with_wilds=st.booleans())
def test_every_take_back_the_table_offers_is_accepted_and_keeps_what_it_says(
    seed: int, size: int, pile: int, wild: Rank, with_wilds: bool
) -> None:
    rng = random.Random(seed)
    deck = no_twos_deck(2)
    rng.shuffle(deck)
    discard = [deck.pop() for _ in range(pile)]
    naturals = [c for c in discard if c.rank != wild]
    assume(naturals)
    target = rng.choice(naturals)
    pair = [c for c in deck if c.rank == target.rank][:2]
    assume(len(pair) == 2)
    for c in pair:
        deck.remove(c)
    hand = pair + [deck.pop() for _ in range(size - 2)]
    others = [[deck.pop() for _ in range(4)] for _ in range(2)]
    game = set_table([_codes(hand), *(_codes(o) for o in others)], discard=_codes(discard), wild=wild,
                     melded=[True, False, False])
    view = game.view(0)
    extra = [c for c in view.hand if c.rank == wild] if with_wilds else []
    options = dig_options(view, extra)
    assert any(o.target == target for o in options)
    for option in options:
        taken = view.discard[-option.depth :]
        assert option.taken == tuple(taken) and option.target.rank != wild
        assert option.meld == dig_meld(view.hand, taken, wild, extra)
        assert sum(1 for c in option.meld if c.rank == option.target.rank) >= 3
        if len(view.hand) + option.depth <= 3:
            continue  # everything would be melded, leaving nothing to discard: the rules refuse that
        trial = copy.deepcopy(game)
        trial.apply(TakeDiscards(0, option.depth, option.meld))
        after = Counter(trial.view(0).hand)
        # What the table said comes into the hand is exactly what the hand gained.
        assert after - Counter(view.hand) == Counter(option.kept)
        assert option.gain == cards_value(option.meld, wild) and option.cost == cards_value(option.kept, wild)


@settings(max_examples=80)
@given(seed=st.integers(0, 100_000), size=st.integers(2, 8), wild=st.sampled_from(RANKS))
def test_a_hinted_way_out_really_goes_out(seed: int, size: int, wild: Rank) -> None:
    rng = random.Random(seed)
    deck = no_twos_deck(2)
    rng.shuffle(deck)
    melds: list[tuple[int, str]] = []
    for owner, rank in zip((1, 2, 1), rng.sample([r for r in RANKS if r != wild], 3), strict=True):
        cards = [c for c in deck if c.rank == rank][:3]
        for c in cards:
            deck.remove(c)
        melds.append((owner, _codes(cards)))
    hands = [[deck.pop() for _ in range(n)] for n in (size, 4, 4)]
    game = set_table([_codes(h) for h in hands], discard=deck.pop().code, wild=wild, melds=melds,
                     melded=[True, True, True], phase="discard")
    view = game.view(0)
    ranks = [m.rank for m in view.table]
    card = go_out_discard(view)
    if card is None:
        # No card can be held back with everything else going down.
        for held in set(view.hand):
            rest = list(view.hand)
            rest.remove(held)
            assert plan_plays(rest, wild, ranks).left
        return
    rest = list(view.hand)
    rest.remove(card)
    plan = plan_plays(rest, wild, ranks)
    assert not plan.left
    for meld in plan.melds:
        game.apply(Meld(0, meld))
    for c, home in plan.layoffs:
        table = game.view(0).table
        game.apply(LayOff(0, c, next(i for i, m in enumerate(table) if home is None or m.rank == home)))
    assert list(game.view(0).hand) == [card]
    assert any(isinstance(e, PlayerWentOut) and e.seat == 0 for e in game.apply(Discard(0, card)))
