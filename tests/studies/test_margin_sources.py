"""`studies/margin_sources.py` sorts every round by how it ended and reads the margin the way
R-SCORE-3 records it."""

from __future__ import annotations

from studies import margin_sources as sources


def test_every_round_of_both_seatings_is_sorted_and_scored_as_recorded() -> None:
    rows = [sources.one_deal(d, 4, "scout", "greenhorn", 41, None) for d in range(3)]
    rounds = [r for row in rows for r in row["rounds"]]
    assert len(rounds) == 3 * 2 * 4  # R-GAME-1: 4 rounds a game, two seatings a deal
    kinds = {kind for kind, _ in rounds}
    scrams = {f"Scram, {w}, {o}" for w in ("ours", "theirs") for o in ("succeeded", "failed")}
    assert kinds <= {"deck ran out"} | scrams and kinds & scrams
    for kind, margin in rounds:
        # R-SCORE-3: a good Scram records 0 for its team, a failed one the total + 10 (and
        # it failed because that total was higher than the other team's).
        if kind == "Scram, ours, succeeded":
            assert margin >= 0
        elif kind == "Scram, ours, failed":
            assert margin < -10
        elif kind == "Scram, theirs, succeeded":
            assert margin <= 0
        elif kind == "Scram, theirs, failed":
            assert margin > 10
    for row in rows:
        for deck, ours, theirs, _our_cards, _their_cards in row["marks"]:
            assert deck in sources.MARKS[4] and ours >= 0 and theirs >= 0
