"""Rules only: cards, notation, melds, the arranger, rulesets, state, actions, events, bots.

The engine prints nothing, speaks nothing and touches no files; the application turns its JSON data
into files. Nothing here imports the other packages of the project.
"""

__all__: list[str] = []
