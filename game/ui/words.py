"""Player-facing words shared by the table and How to play: what each card does, team names."""

from __future__ import annotations

from game.cards import ACTIONS, EQ

ACTION_HELP = {v: f"{a.name}: {a.words}" for v, a in ACTIONS.items()}  # from the core's one table
NO_ACTION = "No action: keep it by replacing, or discard it."

BOT_NAMES = ["Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Ivy"]


def action_help(value: int) -> str:
    return ACTION_HELP.get(value, NO_ACTION) if value != EQ else "= matches any card. " + NO_ACTION


def team_names(campers: int) -> tuple[str, str]:
    if campers == 3:
        return ("Solo", "Duo")
    from .skin import TEAM_NAMES

    return (TEAM_NAMES[0], TEAM_NAMES[1])
