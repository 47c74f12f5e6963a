"""Where the sage would choose otherwise than the trailblazer, which choice did better?

Run: `.venv/bin/python bench/sage_forks.py --campers 4 --deals 30 [--seed 1050001]
[--out F.jsonl] [--workers 2]`, then `--report F.jsonl` to read the figures again.

`bench/choice_forks.py` with the sage (ai/sage.py) as the shadow in place of the expert:
trailblazers play experts; each trailblazer has a sage beside it that sees the same view
and events, and wherever the sage would decide otherwise (rounds before the last) the game
and every bot are copied, the copy plays the sage's choice, and both play on as shipped to
the round's end. The report gives, per kind of difference, the copy's recorded margin minus
the real one (positive: the sage's choice did better). It shows where the sage's search
finds what the trailblazer's one-step policy and close calls miss: what a trailblazer that
learns from the sage should learn.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from choice_forks import deal, report  # noqa: E402
from scram_forks import run  # noqa: E402

if __name__ == "__main__":
    run(__doc__, partial(deal, shadow="sage"), partial(report, who="the sage"), seed=1050001)
