"""Everything the game keeps on disk: the one safe reader and atomic writer (`disk`), the
settings, the saved game, the kept games, the statistics, the first-run mark, record files
and the cleaning of text read from outside.

May use the rules core (`game.rules`); never the UI, never pygame.
"""
