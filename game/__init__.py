"""Scram! Critters vs. Campers. The rooms: `rules` (the pure core), `files` (what the game
keeps on disk), `learn` (the guided game, the review), `ui` (the desktop game, pygame), and
the command-line tools at this level: the launcher (`__main__`), `replay`, `sim`, their
shared style (`cli`), where the assets are (`assets`) and the credits (`credits`).

The bots are the sibling package `ai`; who may import whom is written down as import-linter
contracts in pyproject.toml.
"""
