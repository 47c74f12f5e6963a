"""Screen tours and fingerprints: screenshots of every scene, of the lessons, of network play and
of watching; the hashes a change meant to keep behaviour must leave alike (`fingerprint`,
`screens_fingerprint`); the UI fuzz; the shell recipes that reproduced two window crashes.

Run from the repository root: `.venv/bin/python -m screens.ui_screens --help` (a real window
needs a display, e.g. Xvfb).
"""
