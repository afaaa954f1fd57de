"""The table a player set up, kept in the settings for next time: a plan read from them, and settings
with a plan kept. Apart from table_plan, which holds what a plan is and imports no settings, and from
settings, which checks what it loads with table_plan's rules, so neither imports the other both ways.
"""

from __future__ import annotations

from access_game.settings import Settings
from access_game.table_plan import TablePlan, default_plan

__all__ = ["remember", "remembered_plan"]


def remembered_plan(settings: Settings, game: str | None = None) -> TablePlan:
    """The table remembered for ``game`` (else the game last set up, else Five Crowns), or the default
    table of that game at the settings' level."""
    from access_game.catalog import games

    name = game or settings.last_game or games()[0].name
    kept = settings.tables.get(name)
    options = settings.rule_options(name)
    if kept is None:
        return default_plan(name, settings.level, options)
    return TablePlan(name, tuple(kept["names"]), tuple(kept["levels"]), options)


def remember(settings: Settings, plan: TablePlan) -> Settings:
    """``settings`` with ``plan`` kept for next time: the game, its seats and its rule options."""
    tables = {name: dict(kept) for name, kept in settings.tables.items()}
    tables[plan.game] = {"names": list(plan.names), "levels": list(plan.levels)}
    rules = {name: dict(chosen) for name, chosen in settings.rules.items()}
    if plan.options:
        rules[plan.game] = dict(plan.options)
    else:
        rules.pop(plan.game, None)
    return settings.replace(last_game=plan.game, tables=tables, rules=rules)
