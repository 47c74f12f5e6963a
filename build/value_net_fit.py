"""Could a small network judge a table better than the standing? Fit one and score it.

Run (numpy needed: the system's python3, not the project's environment):
`python3 build/value_net_fit.py --data 4=/tmp/value4.jsonl [--hidden 8] [--seed 1]`.

A round's record is not additive: a Scram turns a team's total into 0 or into the total
plus 10 (R-SCORE-3), so what a point is worth may depend on who can declare and how far
ahead it is, which the standing's and the linear value's sums of gaps cannot say. The
network reads each team's own measures (`ai.value.team_gaps`), the deck's share left, who
plays and the side at 3 campers, through one layer of `tanh` units (tried and
measured in ai/README.md; not kept, so it ships nowhere).

Reads the positions `build/value_data.py` wrote, each seen from both teams (the second
team's margin is the first's with the sign changed), and fits the round's recorded margin
(Adam, mean squared error, weight decay; the epoch best on a tenth of the fitting deals is
kept). One deal in five is held out of the fit; on it the network, the linear value
(`ai.value`, ridge) and the close calls' standing (its four gaps and who plays, refitted by
least squares on the same positions) are scored: R^2, and the mean squared error in
recorded points squared.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from value_fit import STAND_UNITS, table

from ai.search import standing
from ai.value import FULL_DECK, NAMES, features, team_gaps
from game.rules import team_of

HOLD = 5
N_INPUTS = 21  # ours (9), theirs (9), the deck's share, who plays, the side at 3 campers
TO_PLAY = NAMES.index("to play")


def inputs(g, team: int) -> list[float]:
    """The network's raw inputs for `team` on table `g`."""
    n = g.campers
    ours, theirs = team_gaps(g, n)
    if team == 1:
        ours, theirs = theirs, ours
    play = 1.0 if team_of(g.turn, n) == team else -1.0
    side = (1.0 if team == 0 else -1.0) if n == 3 else 0.0
    return [*ours, *theirs, len(g.deck) / FULL_DECK[n], play, side]


def load(path: Path, n: int):
    """Per position and team: deal, the network's inputs, the linear value's, the standing's, margin."""
    deals, net_x, lin_x, std_x, ys = [], [], [], [], []
    with path.open() as f:
        for line in f:
            deal, _rnd, deck, turn, sites, y = json.loads(line)
            g = table(n, deck, turn, sites)
            for team, sign in ((0, 1.0), (1, -1.0)):
                lin = features(g, team)
                deals.append(deal)
                net_x.append(inputs(g, team))
                lin_x.append(lin)
                std_x.append([standing(g, team, u) for u in STAND_UNITS] + [lin[TO_PLAY]])
                ys.append(sign * float(y))
    arr = np.array
    return arr(deals), arr(net_x), arr(lin_x), arr(std_x), arr(ys)


def ridge(x: np.ndarray, y: np.ndarray, lam: float) -> np.ndarray:
    x1 = np.hstack([x, np.ones((len(x), 1))])
    a = x1.T @ x1 + lam * np.eye(x1.shape[1])
    return np.linalg.solve(a, x1.T @ y)


def lin_pred(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return np.hstack([x, np.ones((len(x), 1))]) @ w


def r2(y: np.ndarray, p: np.ndarray) -> tuple[float, float]:
    mse = float(np.mean((y - p) ** 2))
    return 1 - mse / float(np.var(y)), mse


def forward(params: list, xs: np.ndarray) -> np.ndarray:
    """The network's outputs (in units of the margins' spread) for scaled inputs `xs`."""
    w1, b1, w2, b2 = params
    return np.tanh(xs @ w1.T + b1) @ w2 + b2[0]


def fit_net(x, y, xv, yv, hidden: int, seed: int, epochs: int, lr: float, decay: float) -> tuple:
    """One hidden layer fitted by Adam on minibatches; the epoch best on (xv, yv) is kept.
    Returns the fitted network (inputs -> margins) and that epoch."""
    rng = np.random.default_rng(seed)
    mean, scale = x.mean(0), x.std(0) + 1e-6
    xs, xvs = (x - mean) / scale, (xv - mean) / scale
    ys_scale = y.std()
    w1 = rng.normal(0, 1 / np.sqrt(N_INPUTS), (hidden, N_INPUTS))
    b1 = np.zeros(hidden)
    w2 = rng.normal(0, 1 / np.sqrt(hidden), hidden)
    b2 = 0.0
    params = [w1, b1, w2, np.array([b2])]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    t = 0
    best = (np.inf, None, -1)
    for epoch in range(epochs):
        order = rng.permutation(len(xs))
        for i in range(0, len(order), 512):
            idx = order[i : i + 512]
            xb, yb = xs[idx], y[idx] / ys_scale
            h = np.tanh(xb @ params[0].T + params[1])
            out = h @ params[2] + params[3][0]
            err = out - yb
            g_out = 2 * err / len(idx)
            g_w2 = h.T @ g_out
            g_b2 = np.array([g_out.sum()])
            g_h = np.outer(g_out, params[2]) * (1 - h * h)
            g_w1 = g_h.T @ xb
            g_b1 = g_h.sum(0)
            grads = [g_w1 + decay * params[0], g_b1, g_w2 + decay * params[2], g_b2]
            t += 1
            for j, (p, gr) in enumerate(zip(params, grads, strict=True)):
                m[j] = 0.9 * m[j] + 0.1 * gr
                v[j] = 0.999 * v[j] + 0.001 * gr * gr
                p -= lr * (m[j] / (1 - 0.9**t)) / (np.sqrt(v[j] / (1 - 0.999**t)) + 1e-8)
        mse = float(np.mean((yv - forward(params, xvs) * ys_scale) ** 2))
        if mse < best[0]:
            best = (mse, [p.copy() for p in params], epoch)
    kept = best[1]
    return (lambda xh: forward(kept, (xh - mean) / scale) * ys_scale), best[2]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", action="append", required=True, help="CAMPERS=FILE (repeatable)")
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--decay", type=float, default=1e-4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for spec in args.data:
        n_text, path = spec.split("=", 1)
        n = int(n_text)
        deals, nx, lx, sx, y = load(Path(path), n)
        held = deals % HOLD == 0
        valid = (~held) & (deals % 10 == 1)
        train = (~held) & ~valid
        print(f"{n} campers: {len(y) // 2} positions, deals {deals.min()}-{deals.max()} ({len(set(deals))})")
        for name, x in (("standing (4 gaps + who plays)", sx), ("linear value (21 features)", lx)):
            w = ridge(x[~held], y[~held], 50.0)
            r, mse = r2(y[held], lin_pred(x[held], w))
            print(f"  {name}: held-out R^2 {r:.4f}, MSE {mse:.1f}")
        net, epoch = fit_net(
            nx[train], y[train], nx[valid], y[valid], args.hidden, args.seed, args.epochs, args.lr, args.decay
        )
        r, mse = r2(y[held], net(nx[held]))
        print(
            f"  network ({args.hidden} tanh units, best epoch {epoch}): held-out R^2 {r:.4f}, MSE {mse:.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
