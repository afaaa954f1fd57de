"""Fast play-outs: a hand played to its end by a simple policy, on hands held as integers.

A search player weighs a move by playing the hand out many times from it. Through the engine a play-out
costs milliseconds (every move is checked, logged as events and shown to the player as a view, and the
cards are objects), so a decision can afford a few dozen. Here a hand is one integer (a bit, or a small
count field, per card), the melds of the full deck are listed once in tables, and a play-out is a plain
loop: the same hands, scored the same way, several times faster (Gin Rummy about 25 times, Five Crowns
about 6 on fresh deals and 12 from one position played out again and again).

- :mod:`engine.fast.gin`: Gin Rummy, a hand as 52 bits.
- :mod:`engine.fast.five_crowns`: Five Crowns, a hand as count fields.
- :mod:`engine.fast.policy`: the same simple policy played through the engine (the baseline the fast
  play-outs are checked and timed against: tests/engine/test_fast_playouts.py,
  ``python -m access_game.bench.playouts``; docs/bots.md, "Fast play-outs").

Every play-out here plays the greedy policy of :mod:`engine.fast.policy` and gives, on the same deal,
exactly the scores the engine gives; the tests hold them to it.
"""
