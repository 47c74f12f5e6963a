"""Check that the two team colours stay apart for colour-blind players.

    .venv/bin/python build/colour_check.py

Simulates protanopia and deuteranopia with the Viénot-Brettel-Mollon (1999) matrices and
tritanopia with the Machado-Oliveira-Fernandes (2009) severity-1.0 matrix, all applied in
linear RGB, then measures the CIELAB distance (CIE76 ΔE) between the simulated colours.
Also checks each team colour against the table and the highlight/selection colours.
Exits non-zero when the teams come closer than MIN_DE in any vision.
"""

from __future__ import annotations

import math
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from game.ui.skin import palette  # noqa: E402  (the colours: pure constants)

MIN_DE = 20.0  # ΔE76 ~2.3 is a just-noticeable difference; 20+ is "clearly another colour"

MATRICES = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
    "deuteranopia": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.3039),
    ),
}


def to_linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb, vision):
    lin = [to_linear(c) for c in rgb[:3]]
    m = MATRICES[vision]
    return [min(1.0, max(0.0, sum(m[r][k] * lin[k] for k in range(3)))) for r in range(3)]


def lab(lin):
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a, b, vision):
    return math.dist(lab(simulate(a, vision)), lab(simulate(b, vision)))


def main() -> int:
    t0, t1 = palette.TEAM_COLORS
    pairs = {
        "team 0 vs team 1": (t0, t1),
        "team 0 vs table": (t0, palette.TABLE),
        "team 1 vs table": (t1, palette.TABLE),
        "highlight vs selected": (palette.HIGHLIGHT, palette.SELECTED),
        "highlight vs team 0": (palette.HIGHLIGHT, t0),
        "highlight vs team 1": (palette.HIGHLIGHT, t1),
    }
    print(f"{'pair':24}" + "".join(f"{v:>14}" for v in MATRICES))
    worst = math.inf
    for what, (a, b) in pairs.items():
        des = [delta_e(a, b, v) for v in MATRICES]
        print(f"{what:24}" + "".join(f"{d:14.1f}" for d in des))
        if what == "team 0 vs team 1":
            worst = min(des)
    ok = worst >= MIN_DE
    print(f"teams: smallest ΔE76 {worst:.1f} ({'ok' if ok else 'TOO CLOSE'}; need >= {MIN_DE})")
    # For information, not a gate: the lightness gap alone (what is left with no colour vision
    # at all, achromatopsia, about 1 in 30,000). The table also names each camper's team in
    # words, so the teams never rest on colour alone.
    light = [lab(simulate(c, "normal"))[0] for c in (t0, t1)]
    gap = abs(light[0] - light[1])
    print(f"teams: lightness L* {light[0]:.1f} vs {light[1]:.1f} (ΔL* {gap:.1f}; information only)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
