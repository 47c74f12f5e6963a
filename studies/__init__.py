"""The bot studies: measurements of the bots' play that answer one question each (where the top
level's choices differ from a reference's and which did better, what a Scram judgement could
gain, what a standing is worth in recorded points, ...). Each prints its figures; none is
shipped or run by the game.

Run one from the repository root: `.venv/bin/python -m studies.NAME --help`. The studies use the
bots (`ai`) and the rules core through the names `game.rules` exports, nothing else of the game
(an import-linter contract in pyproject.toml); tests/studies/ tests their arithmetic.
"""
