"""A game's fields in the position a seat sees, its hidden cards filled in by a guess.

Searches play a seat's belief on (determinization): `Game.from_guess` builds a `Game` from
these fields. The public facts come from the seat's `SeatView`, the guess gives every
campsite and deck card; the guess is checked for shape, never for truth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .view import SeatView


def guessed_fields(
    view: SeatView,
    campsites: list[list[tuple[int, bool, int]]],
    deck: list[tuple[int, int]],
    seed: int,
    last_duo: int,
) -> dict:
    """Every field of a `Game` (see `Game.from_guess` for the arguments); raises ValueError
    when the guess has not exactly the cards the view shows."""
    n = view.campers
    if len(campsites) != n or len(deck) != view.deck_size:
        raise ValueError("a guessed table needs every campsite and every deck card")
    for row, seen in zip(campsites, view.campsites, strict=True):
        if len(row) != len(seen):
            raise ValueError("a guessed campsite must have as many cards as the view shows")
    return {
        "campers": n,
        "seed": seed,
        "rounds": view.rounds,
        "all_mask": (1 << n) - 1,
        "decks": [],
        "round": view.round,
        "scores": list(view.scores),
        "totals": list(view.totals),
        "winner": view.winner,
        "actions": [],
        "events": [],
        "last_scores": (),
        "first_start": view.start,
        "campsites": [list(row) for row in campsites],
        "deck": [v for v, _ in reversed(deck)],
        "deck_known": [k for _, k in reversed(deck)],
        "discard": list(view.discard),
        "start": view.start,
        "turn": view.turn,
        "phase": view.phase,
        "drawn": view.drawn,
        "drawn_source": view.drawn_source,
        "drawn_mask": view.drawn_mask,
        "scram": view.scram,
        "final": list(view.final),
        "twelve": view.twelve,
        "last_duo": last_duo,
        "_sampled": None,
    }
