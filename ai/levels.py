"""The levels' knobs: the four game levels (`LEVEL_PARAMS`, weakest first; the trailblazer as
the game plays it, `SEARCHING`), the reference players for measurement (`EXPERT`, `MASTER`,
`QUICK`), and the one line the new-game screen shows for each level. `ai.roster` makes their
bots.
"""

from __future__ import annotations

import dataclasses

from .policy import Params

# The close calls before the fitted standing (ai/JOURNAL.md), kept at 3 campers: within 1.5
# points of the one-step best (at most 3), over 24 guessed tables, judged by the one-step
# policy's currency (`search.STAND`) and trusted when better by 0.25.
THREE_CAMPER_CLOSE_CALLS = (
    ("mid_window", 1.5),
    ("mid_width", 3),
    ("mid_samples", 24),
    ("mid_budget", 4000),
    ("mid_margin", 0.25),
    ("mid_stand", None),
)

LEVEL_PARAMS: dict[str, Params] = {
    p.name: p
    for p in (
        # Two memories that fade fast and sometimes drift; no counting; simple rules + noise.
        Params(
            "greenhorn",
            slots=2,
            fade=0.12,
            blur=0.3,
            counting=False,
            noise=0.15,
            count_bonus=1.5,
            info=0.6,
            draw_worth=2.5,
            scram="simple",
            scram_margin=2.0,
        ),
        # Four memories, counts the cards gone by, judges a Scram on the means.
        Params("scout", slots=4, fade=0.05, count_bonus=2.0, draw_worth=2.0, scram="mean", scram_margin=3.0),
        # Eight memories fading slowly, reads the table, weighs risks by sampling its beliefs.
        Params(
            "ranger",
            slots=8,
            fade=0.03,
            infer=True,
            count_bonus=2.5,
            take="expect",
            scram="sample",
            scram_margin=0.5,
            samples=24,
            risky=True,
        ),
        # Remembers all it saw, reads the table by measured leans, and searches (determinized
        # playouts over tables guessed from its belief): its Scram, its close calls all
        # round, and every decision of a round's last turns.
        Params(
            "trailblazer",
            slots=None,
            fade=0.0,
            infer=True,
            measured=True,  # reads the table by the leans measured in play
            count_bonus=3.5,  # races to a Scram: a card fewer is worth more than to the others
            take="expect",
            scram="search",
            scram_margin=0.5,
            samples=24,
            risky=True,
            search_samples=64,
            search_width=6,
            search_window=10.0,
            search_steps=300,
            search_budget=12000,
            scram_samples=96,
            # Lower thresholds record more margin before the last round (studies/scram_forks.py)
            # but at 64 % fewer than 75 % of the Scrams succeeded and no more games were won
            # (ai/JOURNAL.md, "Checking choices by forks"). With the belief of 40bd0eb, 72, 68
            # and 66 % won as many games against the expert (62.7, 62.7, 62.6 %, the same
            # 1600 games); 66 % is the highest that declares at least as often as the
            # trailblazer of 9a4d8f0 (1.605 against 1.598 a game, 2000
            # games against the same ranger), 81.0 % of them good.
            # 58 and 62 % were tried against the master: ahead on the tuning deals (+1.5
            # points at 4 campers over 600 deals, +2.0 at 6 over 150) but not on held-out
            # deals (-0.6 and -0.8 points, paired; ai/JOURNAL.md), so 66 % stays.
            scram_p_min=0.66,
            scram_wait=False,
            scram_end_p_min=0.5,  # in the last turns, when declaring records better
            # Close calls all round: options within 3 points of the one-step best (at most
            # 5), and take against draw, each played one table turn ahead over 64 guessed
            # tables and judged by the table's standing there, weighed as rounds record it
            # (studies/standing_fit.py: a point 0.29 recorded points, a card fewer 2.9, a card
            # its owner has seen 1.5). Fitting it won +2.4 points of win share
            # against the master on tuning deals and +2.6 held out (paired, ai/JOURNAL.md);
            # within 1.5 points (at most 3) over 24 tables by the one-step currency before.
            # As shipped then: 60.1 % against the master over 3000 held-out games;
            # the bench's seen and unseen points apart led on tuning deals, not held out.
            mid_window=3.0,
            mid_width=5,
            mid_samples=64,
            mid_budget=12000,
            mid_margin=0.1,
            mid_turns=1.0,
            mid_stand=(0.294, 0.294, 2.875, 1.506),
            # In the game's last round a played-out table is worth the game it leaves (the
            # cumulative margin squashed to +-6 points), its Scram too. Paired over the same
            # last rounds (studies/final_round.py, 400 deals, against experts): +2.6 points of
            # win share at 6 campers (standard error 1.2), +0.9 at 4 (0.9).
            game_scale=6.0,
            # At 6 campers a table turn is 12 decisions of five others: half a turn ahead,
            # declaring at 68 %; the standing fitted there (a point its owner has seen 0.52,
            # one not seen 0.37, a card fewer 3.4, a card seen 3.8), trusted at 0.25 (0.5
            # points of the one-step currency before). Fourth pass, held out: +8.0 points;
            # as shipped 65.5 % against the master over 1200 held-out games (then).
            # At seed 5000 (trusted at 0.5, the old standing): 58.0 % against the expert,
            # 52.0 % with the 4-camper knobs of the time; at seed 1 57.5 % (58.0 %), and
            # 67.5 % (61.8 %) against the ranger (ai/JOURNAL.md).
            # At 3 campers the close calls stay as they were measured there (the fourth
            # pass measured 4 and 6 campers only).
            by_table=(
                (
                    6,
                    (
                        ("mid_turns", 0.5),
                        ("mid_margin", 0.25),
                        ("mid_stand", (0.52, 0.367, 3.422, 3.812)),
                        ("scram_p_min", 0.68),
                    ),
                ),
                (3, THREE_CAMPER_CLOSE_CALLS),
            ),
        ),
    )
}

# The expert reference (measurement only, never offered in the game): a strong heuristic
# player without search. Perfect memory of its seat, card counting and inference, one-step
# expected values, and careful Scrams: only when at least `scram_p_min` of the tables
# guessed from its belief, with the other campers' final turns played out, succeed.
EXPERT = Params(
    "expert",
    slots=None,
    fade=0.0,
    infer=True,
    count_bonus=2.5,
    take="expect",
    scram="expert",
    scram_margin=0.0,
    samples=24,
    risky=True,
    search_steps=60,
    scram_samples=32,
    scram_p_min=0.8,
)

# The stronger reference (measurement only): the expert with every inference the
# trailblazer has (kept cards leaned by what their keeper gave up, the caps) and ten times
# the trailblazer's Scram search (960 guessed tables where it takes 96), time no object.
MASTER = dataclasses.replace(EXPERT, name="master", measured=True, scram_samples=960)

# The trailblazer the game plays: its belief, its close calls and its Scram judgement over
# twice the guessed tables, and every decision searched (ai/deep.py), which fits the decision
# budget (p95 <= 150 ms, max <= 500 ms of CPU). Its lead over the quick trailblazer was
# measured on 1000 deals at each table size (ai/README.md).
SEARCHING = dataclasses.replace(LEVEL_PARAMS["trailblazer"], scram_samples=192)
SEARCHING_AT = frozenset({3, 4, 6})  # the table sizes where the trailblazer searches every decision
# The trailblazer before it searched every decision (its quick policy, still the playouts'):
# a reference to measure the searching one against.
QUICK = dataclasses.replace(LEVEL_PARAMS["trailblazer"], name="quick")

LEVELS: tuple[str, ...] = tuple(LEVEL_PARAMS)


def _level_line(p: Params) -> str:
    """One line for the new-game screen, made from the level's knobs (so it stays true)."""
    if p.slots is None:
        memory = "Remembers every card it has seen"
    else:
        memory = f"Remembers {p.slots} face-down cards (they fade)"
    counting = "counts the cards gone by" if p.counting else "does not count cards"
    if p.scram == "search":
        thinking = "plays its choices out over guessed tables before deciding"
    elif p.scram == "sample":
        thinking = "reads the other campers' moves, weighs risks, does not search"
    else:
        thinking = "plays by rules of thumb" + (", sometimes carelessly" if p.noise else "") + ", no search"
    return f"{memory}; {counting}; {thinking}."


# One line per level for the new-game screen: how many cards it remembers, whether it
# counts, whether it searches.
LEVEL_LINES: dict[str, str] = {name: _level_line(p) for name, p in LEVEL_PARAMS.items()}
REFERENCE: tuple[str, ...] = ("random", "oracle", "expert", "master", "quick", "sage")
