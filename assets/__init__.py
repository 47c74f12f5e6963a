"""The game's asset files (cards, fonts, sounds, interface pieces, licences) as the package
`scram_assets`: pyproject.toml maps that name to this folder, so a wheel ships them as package
data and `game/assets.py` finds them with importlib.resources wherever the game is installed.
No code here."""
