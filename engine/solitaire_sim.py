"""Five Crowns solitaire played by the hint strategy, many deals in a row: the game's benchmark.

Game ``i`` of a run with seed ``S`` is the deal ``S + i``, so any deal in the figures can be replayed
by hand with ``access-game solitaire --seed S+i``. The player goes through :class:`engine.game.Game`
and the same actions a person sends, so the figures measure the rules as they are played.
"""

from __future__ import annotations

from typing import Any

from engine.bots.solitaire import HintPlayer
from engine.game import Game
from engine.rules.five_crowns_solitaire import SolitaireView

__all__ = ["play_hint_game", "simulate_games"]


def play_hint_game(seed: int) -> Game:
    """One deal played to its end by the hint strategy."""
    game = Game.new("solitaire", ["hint"], seed=seed)
    player = HintPlayer(seed)
    while not game.over:
        view = game.view(0)
        assert isinstance(view, SolitaireView)
        game.apply(player.choose(view, game.legal_actions(0)))
    return game


def simulate_games(games: int, seed: int) -> dict[str, Any]:
    """Win rate and mean piles closed of the hint strategy over ``games`` deals from ``seed`` on."""
    if games < 1:
        raise ValueError("simulate at least one game")
    wins = 0
    closed = 0
    stock_left = 0
    for i in range(games):
        state = play_hint_game(seed + i).state
        wins += bool(state.won)
        closed += state.piles_closed
        stock_left += len(state.stock)
    return {
        "game": "solitaire",
        "games": games,
        "seed": seed,
        "wins": wins,
        "win_rate": round(wins / games, 4),
        "mean_piles_closed": round(closed / games, 3),
        "mean_stock_left": round(stock_left / games, 3),
    }
