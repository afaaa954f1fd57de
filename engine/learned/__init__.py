"""Learned values: small models trained from self-play, run with numpy alone.

A search player needs to judge a position it cannot play to the end. The judgement is learned from
games the computer players played against each other (scripts that generate the positions and train
the model live beside the game that uses them), and shipped as a few arrays in a ``.npz`` file inside
the package, so playing never fetches anything and needs no deep-learning package.

- :mod:`engine.learned.value_model`: the model (a small fully connected network, or a linear one),
  its loading from the package, and its training by plain gradient descent in numpy.
"""
