"""The second guided game, "More action cards": a short round in which the player plays what
the first one only tells: throwing a drawn card away, the deck's top card as a target (a 5
looks at it), an 8 turning up two cards, a 9 throwing two away and joining the row at an
end, an 11 swapping two cards unseen: what the first game only told of. It stops after the player's last
step: no Scram, no scoring (the first game taught those).

Its record is game/learn/tutorial_more_record.py, made by build/make_tutorial.py.
"""

from __future__ import annotations

from game.lang import N_, _
from game.rules.decisions import DECK_TOP, DISCARD, Act

from .lessons import Lesson, Step, draw_step

SEATS = ("You", "Bea", "Cal", "Dot")

# The deal, top of the deck first (seat 0 first, as it starts), then the discard.
DEAL = (
    *(10, 12, 6, 1, 2),  # you: a 10 and a 12 face down on the left (the 8 shows them), a 6
    *(4, 8, 11, 3, 9),  # Bea
    *(5, 2, 13, 7, 4),  # Cal
    *(3, 7, 10, 6, 1),  # Dot: the left card, a 3, is the 11's
    8,  # the discard pile
)
PROTECTED = frozenset({(3, 0)})
BOT_DRAWS = (9, 10, 13, 4, 11, 8, 12, 3, 7, 5, 10, 13, 6, 12)

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        N_("Throwing a card away"),
        (
            draw_step(7, N_("A card you draw need not be kept or played. Draw and see.")),
            Step(
                DISCARD,
                N_("It's a 7: throw it away (X)."),
                N_(
                    "A card thrown away lies face up on the discard pile, where the next camper may "
                    "take it: a 7 is no gift to anyone."
                ),
                after=N_("The 7 is on the pile. Bea may take it, or draw."),
            ),
        ),
    ),
    Lesson(
        N_("The deck as a target: a 5 looks at its top card"),
        (
            draw_step(
                5,
                N_(
                    "Cards that view, flip, throw away or swap may take the deck's top card as their "
                    "target, as well as a campsite card."
                ),
            ),
            Step(
                Act((DECK_TOP,)),
                N_("It's a 5: Play it (A), then click the deck to look at its top card."),
                N_(
                    "A 5 looks at one card in secret: a face-down card of any campsite, or the deck's "
                    "top card. Knowing the next card tells you what the next camper draws."
                ),
                after=N_("The deck's next card is a 12, and only you know it. Bea draws next."),
                shows=12,
            ),
        ),
    ),
    Lesson(
        N_("Flipping two cards with an 8"),
        (
            draw_step(8, N_("Draw again.")),
            Step(
                Act(((0, 0), (0, 1))),
                N_("It's an 8: Play it (A), then click your two left face-down cards."),
                N_(
                    "An 8 turns two cards face up for everyone (a 7 turns one), or shows the deck's "
                    "top card. Here it shows you two of your own cards."
                ),
                after=N_("A 10 and a 12, face up for everyone: high cards, best gone."),
            ),
        ),
    ),
    Lesson(
        N_("Throwing two away with a 9"),
        (
            draw_step(9, N_("Draw again.")),
            Step(
                Act(((0, 0), (0, 1)), "left"),
                N_("It's a 9: Play it (A), click your 10 and your 12, then Left end (L)."),
                N_(
                    "A 9 throws two cards of any campsites (or the deck's top card) onto the pile, "
                    "then joins your row at the end you choose: two high cards out, a 9 in."
                ),
                after=N_(
                    "The 10 and the 12 are on the pile, 22 points gone; the 9 took the left end of your row."
                ),
            ),
        ),
    ),
    Lesson(
        N_("Swapping unseen with an 11"),
        (
            draw_step(11, N_("Draw again.")),
            Step(
                Act(((0, 0), (3, 0))),
                N_("It's an 11: Play it (A), then click your 9 and Dot's left card."),
                N_(
                    "An 11 exchanges two cards of different campsites (or one with the deck's top "
                    "card) without anyone looking: your known 9 for an unknown card, most likely lower."
                ),
                after=N_(
                    "Your 9 went to Dot, and Dot's card came to you face down: nobody has "
                    "seen it. You have played every kind of action card now."
                ),
            ),
        ),
    ),
)


def closing_words() -> str:
    return _(
        "You have played every kind of action card: looks (5, 6), flips (7, 8), throws (9, 10), "
        "swaps (11, 12) and the 13's gift, on campsites and on the deck. The rest is practice."
    )
