"""One module per game, each registering itself with :mod:`engine.ruleset`."""

from engine.rules import five_crowns  # noqa: F401
