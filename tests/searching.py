"""How much the searching trailblazer searches in the tests that play whole games with it.

The trailblazer searches every decision (ai/deep.py). Where whole games check what every
decision must be (legal, blind to hidden cards, reproducible, its memory exact, its hint's
words), it searches fewer guessed tables: the same code (guesses, pruning, playouts) at a
fraction of the time. Its full search plays in test_ai_sage.py and the tournaments.
"""

LIGHT_SEARCH = {"least": 8, "most": 24, "batch": 8}
