"""The bots a player meets at the table, and the reference players that measure them.

May use the rules core, through the names `game.rules` exports (and the command-line style
`game.cli`, for the tournament); never the files, the UI or pygame.

Contract with the UI:

    LEVELS     the four game levels, weakest first
    LEVEL_LINES  {level: one line for the new-game screen} (memory, counting, search)
    REFERENCE  ("random", "oracle", "expert", "master", "quick", "sage"): measurement only,
               never offered in the game
    make_bot(level, seat, campers, seed) -> Bot
    Bot.observe(events)   events already filtered for the bot's seat (game.rules.events.for_seat)
    Bot.decide(view)      view = game.view(bot.seat); returns a legal decision, never
                          mutates the view. `Bot.omniscient` is True for the oracle alone:
                          it is given game.view(None) and unfiltered events.

`ai.driver.play_game` plays a whole game between bots; `python -m ai.tournament` measures.
"""

from __future__ import annotations

from .bots import LEVEL_LINES, LEVELS, REFERENCE, Bot
from .roster import make_bot

__all__ = ["LEVELS", "LEVEL_LINES", "REFERENCE", "Bot", "make_bot"]
