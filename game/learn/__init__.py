"""Learning: the guided first game (its lessons and its stacked round) and the review of a
finished game, decision by decision.

May use the rules core and the player's files; never the UI, never pygame (the scenes that
show these live in `game.ui.scenes`).
"""
