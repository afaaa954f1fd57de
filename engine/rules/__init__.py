"""One module per game; each names its ruleset class in ``RULESET``, which :mod:`engine.registry` finds."""
