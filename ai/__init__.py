"""The bots a player meets at the table, and the reference players that measure them.

Contract with the UI:

    LEVELS     the four game levels, weakest first
    LEVEL_LINES  level -> one line for players saying what that bot does (the new-game screen)
    REFERENCE  ("random", "oracle"): measurement only, never offered in the game
    make_bot(level, seat, campers, seed) -> Bot
    Bot.observe(events)   events already filtered for the bot's seat (game.events.for_seat)
    Bot.decide(view)      view = game.view(bot.seat); returns a legal decision, never
                          mutates the view. `Bot.omniscient` is True for the oracle alone:
                          it is given game.view(None) and unfiltered events.

`ai.driver.play_game` plays a whole game between bots; `python -m ai.tournament` measures.
"""

from __future__ import annotations

from .bots import LEVELS, REFERENCE, Bot, make_bot

# What each level does, in a line a player reads on the new-game screen (ai/README.md's
# table of the levels, in plain words).
LEVEL_LINES = {
    "greenhorn": "remembers 2 cards and soon forgets them, doesn't count cards, slips now and then",
    "scout": "remembers 4 cards, counts the cards it has seen go by",
    "ranger": "remembers 8 cards, counts cards, reads the others' moves, tests a Scram on 24 guesses",
    "trailblazer": "remembers all it saw, counts and reads, plays each option out to the round's end",
}

__all__ = ["LEVELS", "LEVEL_LINES", "REFERENCE", "Bot", "make_bot"]
