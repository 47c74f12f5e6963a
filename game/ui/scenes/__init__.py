"""The screens of the game, one module each, named for the screen (menu, new game, the
table, round end, game over, review, …). Scenes never import each other: they ask the app
for a screen by name (`game.ui.routes`).

May use the table's parts, the toolkit, the skin and everything outside the UI.
"""
