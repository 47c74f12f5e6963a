"""A player's side of a table, apart from its picture: everything a seat does and says that
needs no window.

The sessions (`session`: the one interface the table scene uses; `local_session`,
`remote_session`, `watch_session`; their audience and review-together state in `audience`
and `review_together`), the follower of a seat's `state`/`move` messages (`follower`), the
client half of network play (`client`, `link`, `invite`, `portmap`, `retry`, and the headless
bot client `play`: `python -m game.seat.play`), the table's words (`words`, `narration`,
`choice_words`), the modes of a turn, its hint and what a guided game's coach answers it
(`modes`, `hint_follow`, `coach`), the bots' worker of a local game (`bots`, building each
seat's bot as the server does), how a game is dealt (`start`) and kept (`keeping`).

May use the rules core, the player's files, the bots and the thinking seam, and the shared
protocol of `game.net`; never the UI or pygame (`game.ui.table` paints what is here and turns
clicks and keys into its calls), and `game.net` (the server) never imports it.
"""
