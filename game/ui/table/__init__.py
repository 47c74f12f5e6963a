"""The table's paint and input: board and sprites (their drawing order in layering.py, the
marks of who saw a card in seen_marks.py, what every card of one table is drawn with in
draw_state.py), layout, the animator, the picture of a frame, the
turn machine that turns clicks and keys into a decision, the table's input (table_input.py),
prompt, sidebar, messages, focus,
tooltip, score sheets, the marks of a networked or watched table, and the Hint button's
provider.

What the table is and says without a window (its sessions, the follower of a networked
seat's messages, its words, its hint's state, the bots' worker, how a game is dealt and
kept) is a player's side of the table, `game.seat`, which this package paints.

May use the toolkit, the skin, the seat, the rules core, the player's files, learning and
the bots; never a scene (scenes use parts, not the reverse).
"""
