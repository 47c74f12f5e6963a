"""The table's parts: board and sprites (their drawing order in layering.py, the marks of
who saw a card in seen_marks.py), layout, the animator, the turn machine, prompt, sidebar,
narration, messages, focus, tooltip, score sheets, the bots' worker and hints, and how a
game is started and kept.

May use the toolkit, the skin, the rules core, the player's files, learning and the bots;
never a scene (scenes use parts, not the reverse).
"""
