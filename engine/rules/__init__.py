"""One module per game, each registering itself with :mod:`engine.ruleset`."""

from engine.rules import contract_rummy, five_crowns, five_crowns_solitaire, upcard_rummy  # noqa: F401
