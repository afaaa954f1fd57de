"""Properties over random solitaire games: cards are conserved, piles close exactly when they meld,
refusals change nothing, and the hint keeps its promise."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from solitaire_tables import new, state

from engine.actions import Action, Discard, Draw
from engine.arrange_five_crowns import arrange
from engine.cards import five_crowns_deck
from engine.game import Game
from engine.rules.five_crowns_solitaire import (
    PILES,
    PileClosed,
    Place,
    SolitaireView,
    pile_wild_rank,
)
from engine.solitaire_closing import unmatched_count

DECK = Counter(five_crowns_deck())
FAST = settings(max_examples=15)


def any_action(data: st.DataObject, game: Game) -> Action:
    """Sometimes a legal action, sometimes anything at all (to be refused)."""
    legal = game.legal_actions(0)
    if data.draw(st.integers(0, 5)):
        return data.draw(st.sampled_from(legal))
    all_cards = sorted(set(DECK), key=lambda c: c.sort_key())
    return data.draw(
        st.one_of(
            st.builds(Draw, st.integers(0, 1), st.sampled_from(["stock", "discard"])),
            st.builds(Place, st.integers(0, 1), st.integers(-1, PILES + 1)),
            st.builds(Discard, st.integers(0, 1), st.sampled_from(all_cards)),
        )
    )


@FAST
@given(seed=st.integers(0, 10**6), data=st.data())
def test_cards_are_conserved_and_refusals_change_nothing(seed: int, data: st.DataObject) -> None:
    game = new(seed)
    steps = 0
    while not game.over and steps < 200:
        steps += 1
        action = any_action(data, game)
        before = (game.ruleset.state_to_data(game.state), len(game.log), len(game.actions))
        if not game.can(action):
            assert action not in game.legal_actions(0)
            _, reason = game.try_apply(action)
            assert reason and reason == game.why_not(action)
            assert (game.ruleset.state_to_data(game.state), len(game.log), len(game.actions)) == before
            continue
        assert action in game.legal_actions(0)
        game.apply(action)
        assert Counter(game.ruleset.all_cards(game.state)) == DECK
        s = state(game)
        assert len(s.stock) + len(s.dead) + (s.drawn is not None) + (s.placed is not None) == 116 - sum(range(3, 14))
        sizes = [len(p) for p in s.piles]
        expected = [n + 2 + (n == s.placed) for n in range(1, PILES + 1)]
        assert sizes == expected


@FAST
@given(seed=st.integers(0, 10**6), data=st.data())
def test_a_pile_is_closed_exactly_when_the_arranger_melds_all_its_cards(seed: int, data: st.DataObject) -> None:
    game = new(seed)
    while not game.over:
        game.apply(data.draw(st.sampled_from(game.legal_actions(0))))
        s = state(game)
        if s.phase != "draw" and not game.over:
            continue
        for n in range(1, PILES + 1):
            melds_fully = arrange(s.pile(n), pile_wild_rank(n)).points == 0
            assert s.closed[n - 1] == melds_fully, f"pile {n}: {s.pile(n)}"
    closings = [e.pile for e in game.log if isinstance(e, PileClosed)]
    assert sorted(closings) == [n for n in range(1, PILES + 1) if state(game).closed[n - 1]]
    assert game.log[-1].won == all(state(game).closed)  # type: ignore[attr-defined]


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 20))
def test_the_hint_keeps_its_promise(seed: int, moves: int) -> None:
    game = new(seed)
    for _ in range(moves):
        if game.over:
            return
        s = state(game)
        game.apply(Draw(0, "stock"))
        game.apply(Place(0, s.open_piles()[-1]))
        game.apply(Discard(0, s.pile(s.placed or 0)[0]))
    if game.over:
        return
    game.apply(Draw(0, "stock"))
    view = game.view(0)
    assert isinstance(view, SolitaireView)
    hint = view.hint()
    assert hint is not None
    assert hint.before == view.pile(hint.pile).distance
    drawn = view.drawn
    assert drawn is not None
    # Every placement and discard, tried by brute force: none closes a pile the hint passed over,
    # and none takes a larger step towards closing than the hint (unless the hint closes a pile).
    gains: list[int] = []
    closers = 0
    for pile in view.open_piles:
        held = [*pile.cards, drawn]
        for card in set(held):
            rest = list(held)
            rest.remove(card)
            after = unmatched_count(rest, pile.wild_rank)
            gains.append(pile.distance - after)
            closers += after == 0
    assert hint.closes == (closers > 0)
    if not hint.closes:
        assert hint.gain == max(0, *gains)
    game.apply(Place(0, hint.pile))
    discard_hint = game.view(0).hint()
    assert discard_hint is not None and discard_hint.discard == hint.discard
    events = game.apply(Discard(0, hint.discard))
    later = game.view(0)
    assert later.pile(hint.pile).distance == hint.after
    assert any(isinstance(e, PileClosed) and e.pile == hint.pile for e in events) == hint.closes
