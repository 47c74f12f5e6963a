"""The second guided game's round, a `scram-record/1` record (made by build/make_tutorial.py)."""

# fmt: off
RECORD = {
    "format": "scram-record/1",
    "campers": 4,
    "seed": 2026,
    "start": 0,
    "decks": [
        [
            10, 12, 6, 1, 2, 4, 8, 11, 3, 9, 5, 2, 13, 7, 4, 3, 7, 10, 6, 1,
            8, 7, 9, 10, 13, 5, 12, 4, 8, 11, 8, 12, 9, 3, 7, 5, 11, 13, 9, 6,
            6, 12, 10, 5, 11, 4, 13, 3, 2, 2, 1, 1, "=", "=", "=", "=",
        ]
    ],
    "actions": [
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "act", "targets": [["deck", 0]]},
        {"do": "take"},
        {"do": "replace", "cards": [[1, 2]]},
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "replace", "cards": [[3, 2]]},
        {"do": "draw"},
        {"do": "act", "targets": [[0, 0], [0, 1]]},
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "act", "targets": [[0, 0], [0, 1]], "end": "left"},
        {"do": "draw"},
        {"do": "replace", "cards": [[1, 1]]},
        {"do": "draw"},
        {"do": "discard"},
        {"do": "draw"},
        {"do": "replace", "cards": [[3, 1]]},
        {"do": "draw"},
        {"do": "act", "targets": [[0, 0], [3, 0]]},
    ],
}
# fmt: on
