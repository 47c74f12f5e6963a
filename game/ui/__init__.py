"""The desktop game: the window, the scenes and everything drawn. The only place pygame is
imported, and imported by nobody but the launcher (`game.__main__`).

Rooms, lowest first: `skin` (art, fonts, colours), `kit` (the app, scenes, widgets, tweens,
sound), `table` (the table's parts), `scenes` (one module per screen), then `routes` (every
screen by name) and `selftest`. A room may use the rooms below it, never those above.
"""
