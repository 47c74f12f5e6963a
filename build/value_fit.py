"""Fit the learned value (ai/value.py) to positions of played rounds, and ship its weights.

Run: `.venv/bin/python build/value_fit.py --data 4=/tmp/value4.jsonl --data 6=/tmp/value6.jsonl
[--ridge 50] [--write]`.

Reads the positions `build/value_data.py` wrote (one file per table size), turns each into
the model's features for the first team (`ai.value.features`: every feature is a gap
between the teams, so the second team's are the same with the sign changed) and fits the
round's recorded margin by ridge regression (least squares, `--ridge` added to the normal
equations' diagonal: many positions share a round, so the rounds, not the positions, are
the evidence). One deal in five is held out of the fit and both the model and the standing
of the close calls (its four gaps refitted on the same positions) are scored on it: R^2, and the
share of pairs of positions of one round whose order the model gets right. `--write`
writes the weights fitted on every deal to ai/value_weights.json, with the deals, games and
settings they came from (`meta`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from types import SimpleNamespace

from ai.search import standing
from ai.value import NAMES, WEIGHTS_FILE, Value, features

HOLD = 5  # one deal in HOLD is held out of the fit to score it
STAND_UNITS = ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))


def table(n: int, deck: int, turn: int, sites: list) -> SimpleNamespace:
    """A stand-in `Game` with what the features and the standing read."""
    return SimpleNamespace(
        campers=n, deck=[0] * deck, turn=turn, campsites=[[(v, bool(u), k) for v, u, k in r] for r in sites]
    )


def load(path: Path, n: int) -> list[tuple[int, int, list[float], list[float], float]]:
    """(deal, round, features, standing's four gaps + to play, margin) per position."""
    out = []
    with path.open() as f:
        for line in f:
            deal, rnd, deck, turn, sites, y = json.loads(line)
            g = table(n, deck, turn, sites)
            x = features(g, 0)
            s = [standing(g, 0, u) for u in STAND_UNITS] + [x[NAMES.index("to play")]]
            out.append((deal, rnd, x, s, float(y)))
    return out


def ridge(xs: list[list[float]], ys: list[float], lam: float) -> list[float]:
    """The weights w minimising sum (y - w.x)^2 + lam |w|^2 (normal equations, Gauss-Jordan)."""
    k = len(xs[0])
    a = [[0.0] * (k + 1) for _ in range(k)]
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            xi = x[i]
            if xi:
                row = a[i]
                for j in range(i, k):
                    row[j] += xi * x[j]
                row[k] += xi * y
    for i in range(k):
        for j in range(i):
            a[i][j] = a[j][i]
        a[i][i] += lam
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        if abs(a[c][c]) < 1e-12:
            a[c][c] = 1e-12  # a feature that never varies (the side, away from 3 campers)
        for r in range(k):
            if r != c and a[r][c]:
                f = a[r][c] / a[c][c]
                a[r] = [u - f * v for u, v in zip(a[r], a[c], strict=True)]
    return [a[i][k] / a[i][i] for i in range(k)]


def score(xs: list[list[float]], ys: list[float], w: list[float], keys: list[tuple]) -> tuple[float, float]:
    """R^2 of w on (xs, ys), and the share of pairs of positions of one round (different
    margins cannot occur there, so: of one deal's rounds, across rounds) ranked as their
    margins are."""
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    mean = sum(ys) / len(ys)
    rest = sum((y - p) ** 2 for y, p in zip(ys, pred, strict=True))
    r2 = 1 - rest / sum((y - mean) ** 2 for y in ys)
    by: dict = {}
    for key, p, y in zip(keys, pred, ys, strict=True):
        by.setdefault(key[0], []).append((p, y))
    good = tot = 0
    for rows in by.values():
        rows = rows[:: max(1, len(rows) // 40)]
        for i, (p1, y1) in enumerate(rows):
            for p2, y2 in rows[i + 1 :]:
                if y1 != y2:
                    tot += 1
                    good += (p1 - p2) * (y1 - y2) > 0
    return r2, good / max(tot, 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", action="append", required=True, help="CAMPERS=FILE (repeatable)")
    ap.add_argument("--ridge", type=float, default=50.0)
    ap.add_argument("--write", action="store_true", help="write ai/value_weights.json")
    ap.add_argument("--note", default="", help="where the data came from (kept in the weights file)")
    args = ap.parse_args()
    weights, meta = {}, {"ridge": args.ridge, "note": args.note, "sizes": {}}
    for spec in args.data:
        n_text, path = spec.split("=", 1)
        n = int(n_text)
        rows = load(Path(path), n)
        deals = sorted({r[0] for r in rows})
        rounds = len({(r[0], r[1]) for r in rows})
        fit = [r for r in rows if r[0] % HOLD]
        held = [r for r in rows if not r[0] % HOLD]
        print(
            f"{n} campers: {len(rows)} positions, {rounds} rounds, {len(deals)} deals {deals[0]}-{deals[-1]}"
        )
        ys_f, ys_h = [r[4] for r in fit], [r[4] for r in held]
        keys_h = [(r[0], r[1]) for r in held]
        ws = ridge([r[3] for r in fit], ys_f, args.ridge)
        r2, order = score([r[3] for r in held], ys_h, ws, keys_h)
        print(f"  standing's four gaps + to play refitted: R^2 held out {r2:.4f}, pairs ordered {order:.3f}")
        print("   " + ", ".join(f"{v:+.3f}" for v in ws))
        w = ridge([r[2] for r in fit], ys_f, args.ridge)
        r2, order = score([r[2] for r in held], ys_h, w, keys_h)
        print(f"  the value's {len(NAMES)} features: R^2 held out {r2:.4f}, pairs ordered {order:.3f}")
        w = ridge([r[2] for r in rows], [r[4] for r in rows], args.ridge)
        print(
            "  fitted on every deal: "
            + ", ".join(f"{name} {v:+.3f}" for name, v in zip(NAMES, w, strict=True))
        )
        weights[n] = w
        meta["sizes"][str(n)] = {
            "positions": len(rows),
            "rounds": rounds,
            "deals": [deals[0], deals[-1], len(deals)],
        }
    if args.write:
        # The sizes not fitted this time keep their weights (and their notes).
        path = Path(__file__).resolve().parent.parent / "ai" / WEIGHTS_FILE
        if path.is_file():
            old = Value.from_json(path.read_text())
            weights = {**old.weights, **weights}
            meta = {**old.meta, **meta, "sizes": {**old.meta.get("sizes", {}), **meta["sizes"]}}
        path.write_text(Value(weights, meta).to_json())
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
