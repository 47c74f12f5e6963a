"""The toolkit every screen is built with: the app (window, scene stack, frame loop), the
scene base class, widgets, tweens, the presenter, sound and kept backdrops.

May use `game.ui.skin`, the player's settings and pygame; knows no screen and no table part.
"""
