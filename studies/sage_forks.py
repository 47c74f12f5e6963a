"""Where the sage would choose otherwise than the trailblazer, which choice did better?

Run: `.venv/bin/python -m studies.sage_forks --campers 4 --deals 30 [--seed 1050001]
[--out F.jsonl] [--workers 2]`, then `--report F.jsonl` to read the figures again.

`studies/choice_forks.py` with the sage (ai/sage.py) as the shadow in place of the expert:
trailblazers play experts; each trailblazer has a sage beside it that sees the same view
and events, and wherever the sage would decide otherwise (rounds before the last) the game
and every bot are copied, the copy plays the sage's choice, and both play on as shipped to
the round's end. The report gives, per kind of difference, the copy's recorded margin minus
the real one (positive: the sage's choice did better). It shows where the sage's search
finds what the trailblazer's one-step policy and close calls miss: what a trailblazer that
learns from the sage should learn.
"""

from __future__ import annotations

from functools import partial

from studies.choice_forks import deal, report
from studies.scram_forks import run

if __name__ == "__main__":
    run(__doc__, partial(deal, shadow="sage"), partial(report, who="the sage"), seed=1050001)
