"""Every benchmark of the program, in one place, each printing its figures one way (``figures``):
medians with the 99th percentile (or the tail each figure names), the largest and the number of
samples, never a timed test.

- ``python -m access_game.bench.startup``: a command's start-up against a bare Python;
- ``python -m access_game.bench.own_move``: a key to the player's own line in a real pseudo-terminal;
- ``python -m access_game.bench.output``: speech and braille display figures with the real parts;
- ``python -m access_game.bench.speech``: events to speech, espeak-ng and pyttsx3 latency;
- ``python -m access_game.bench.expert``: the Five Crowns expert against other levels, with its
  decision times;
- ``python -m access_game.bench.arranger`` and ``python -m access_game.bench.contract``: the arrangers;
- ``python -m access_game.bench.slow_links``: an innocent table's p99 alone and beside 300 slow
  connections;
- ``server`` and ``lobby``: what ``access-game bench-server`` runs (the table server under load, the
  lobby of N open tables in a terminal).
"""
