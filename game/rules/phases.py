"""The phases of a turn, the two ends of a campsite and what each action card may target:
the fixed tables that the legality checks (`legality.py`) and the random policy
(`sampling.py`) share."""

from __future__ import annotations

START, DRAWN, TWELVE, ROUND_OVER, OVER = "start", "drawn", "twelve", "round_over", "over"
ENDS = ("left", "right")

# How many targets each action takes, and which cards it may use:
# "down" = face-down campsite cards, "any" = every campsite card; deck = how many deck
# positions (the top, or the top two) it may use.
ACTIONS = {
    5: (1, "down", 1),
    6: (2, "down", 2),
    7: (1, "down", 1),
    8: (2, "down", 2),
    9: (2, "any", 2),
    10: (1, "any", 1),
    12: (2, "any", 2),
}
