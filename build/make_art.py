"""Write the project's vector art: the 15 card SVGs and the interface SVGs, plus the app icon
as icon.png (the window), icon.ico (the Windows exe) and icon.icns (the macOS app).

Every shape here is original to this project. The SVGs are plain output of this script
(run `python build/make_art.py` after changing it, then `build/contact_sheet.py` to look).
They use only what nanosvg, pygame-ce's SVG renderer, draws: paths, basic shapes, solid
fills, strokes and gradients (no text, filters, masks, clip paths, CSS or `<use>`).

Style: flat shapes with one warm dark-brown outline, rounded joins, big friendly eyes.
The art panel's colour tells the action family: green = no action (1-4), blue = view
(5-6), lilac = flip (7-8), peach = discard (9-10), gold = swap (11-12), rose = give (13).
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
UI = ROOT / "assets" / "ui"

INK = "#3B2A20"  # the one outline colour of all art
CREAM = "#FFF6E0"
WHITE = "#FFFFFF"
DARK = "#2E2A2A"
PINK = "#F2A7AE"

# Panel colours per action family: (light centre, edge).
TIERS = {
    "none": ("#EAF6D8", "#B9DE97"),
    "view": ("#E4F4FA", "#A9D6EA"),
    "flip": ("#F1EAFB", "#CDB9EC"),
    "discard": ("#FFF0DE", "#F6C590"),
    "swap": ("#FFF7D6", "#F1D77A"),
    "give": ("#FDE6E2", "#EFA59A"),
}
FAMILY = {v: "none" for v in (1, 2, 3, 4)}
FAMILY.update({5: "view", 6: "view", 7: "flip", 8: "flip", 9: "discard", 10: "discard"})
FAMILY.update({11: "swap", 12: "swap", 13: "give"})


# ---- tiny SVG helpers -------------------------------------------------------------------
def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def circle(cx, cy, r, fill, sw=5, stroke=INK, extra=""):
    s = f' stroke="{stroke}" stroke-width="{sw}"' if sw else ""
    return f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fill}"{s}{extra}/>'


def ellipse(cx, cy, rx, ry, fill, sw=5, rot=0, stroke=INK, extra=""):
    s = f' stroke="{stroke}" stroke-width="{sw}"' if sw else ""
    t = f' transform="rotate({_f(rot)} {_f(cx)} {_f(cy)})"' if rot else ""
    return f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" ry="{_f(ry)}" fill="{fill}"{s}{t}{extra}/>'


def path(d, fill="none", sw=5, stroke=INK, extra=""):
    s = f' stroke="{stroke}" stroke-width="{sw}"' if sw else ""
    return f'<path d="{d}" fill="{fill}"{s}{extra}/>'


def line(d, sw=5, stroke=INK):
    return path(d, "none", sw, stroke)


def poly(points, fill, sw=5, stroke=INK):
    d = "M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in points) + " Z"
    return path(d, fill, sw, stroke)


def eye(cx, cy, r=8, iris=DARK):
    """A friendly eye: dark disc with a white glint."""
    return circle(cx, cy, r, iris, 0) + circle(cx - r * 0.32, cy - r * 0.35, r * 0.36, WHITE, 0)


def white_eye(cx, cy, r=10, pupil=0.55):
    """An eye with a white (for dark faces)."""
    return circle(cx, cy, r, WHITE, 3) + eye(cx + r * 0.1, cy + r * 0.1, r * pupil)


def cheek(cx, cy, r=9):
    return circle(cx, cy, r, PINK, 0, extra=' fill-opacity="0.75"')


def mirror(fn, *args, **kw):
    """Draw a shape and its mirror image about the card's vertical axis (x = 125)."""
    return fn(*args, **kw)


def mx(x: float) -> float:
    return 250 - x


def shadow(cx=125, cy=284, rx=78, ry=11):
    return ellipse(cx, cy, rx, ry, "#000000", 0, extra=' fill-opacity="0.12"')


def svg(body: str, defs: str = "") -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="250" height="350" viewBox="0 0 250 350">\n'
        f"<defs>{defs}</defs>\n{body}\n</svg>\n"
    )


def radial(gid, cx, cy, r, inner, outer):
    return (
        f'<radialGradient id="{gid}" cx="{cx}" cy="{cy}" r="{r}" fx="{cx}" fy="{cy}" '
        f'gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="{inner}"/>'
        f'<stop offset="1" stop-color="{outer}"/></radialGradient>'
    )


def rrect(x0: float, y0: float, x1: float, y1: float, r: float) -> str:
    """Path data of a rounded rectangle (drawn clockwise)."""
    a = f"A{_f(r)},{_f(r)} 0 0 1"
    return (
        f"M{_f(x0 + r)},{_f(y0)} H{_f(x1 - r)} {a} {_f(x1)},{_f(y0 + r)} "
        f"V{_f(y1 - r)} {a} {_f(x1 - r)},{_f(y1)} "
        f"H{_f(x0 + r)} {a} {_f(x0)},{_f(y1 - r)} V{_f(y0 + r)} {a} {_f(x0 + r)},{_f(y0)} Z"
    )


# ---- the frame shared by all faces ------------------------------------------------------
def mat() -> str:
    """The cream card border drawn over the art: everything outside the panel is covered,
    so art may run past the panel edge (nanosvg has no clip paths)."""
    outer = rrect(2.5, 2.5, 247.5, 347.5, 19.5)
    inner = rrect(14, 14, 236, 336, 14)
    # Corners outside the rounded outer rect are covered by nothing: art never goes there
    # because the mat's hole is smaller than the outer rect.
    return (
        f'<path d="{outer} {inner}" fill="{CREAM}" fill-rule="evenodd"/>'
        f'<path d="{inner}" fill="none" stroke="{INK}" stroke-width="2.5" stroke-opacity="0.45"/>'
        f'<path d="{outer}" fill="none" stroke="{INK}" stroke-width="5"/>'
    )


def grass(tint: str) -> str:
    """A low meadow along the panel's bottom, the same on every face."""
    d = "M14,300 Q40,288 70,296 Q100,286 130,295 Q165,285 195,294 Q220,287 236,296 V340 H14 Z"
    tufts = "".join(
        line(f"M{x},{y} l-4,-12 M{x + 6},{y} l0,-15 M{x + 12},{y} l4,-11", 3, tint)
        for x, y in ((34, 312), (104, 318), (190, 314))
    )
    return path(d, tint, 0, extra=' fill-opacity="0.35"') + tufts


def face(value, art: str) -> str:
    light, edge = TIERS[FAMILY[value]]
    defs = radial("panel", 125, 160, 210, light, edge)
    body = '<rect x="10" y="10" width="230" height="330" fill="url(#panel)"/>' + grass(edge) + art + mat()
    return svg(body, defs)


# ---- the thirteen critters --------------------------------------------------------------
def ladybug() -> str:
    red, black = "#E0483B", DARK
    legs = "".join(
        line(f"M{x1},{y1} L{x2},{y2}", 6) + line(f"M{mx(x1)},{y1} L{mx(x2)},{y2}", 6)
        for x1, y1, x2, y2 in ((70, 160, 46, 146), (60, 200, 34, 204), (70, 240, 46, 258))
    )
    antennae = line("M112,100 Q104,72 86,68", 5) + line("M138,100 Q146,72 164,68", 5)
    antennae += circle(86, 68, 7, black, 4) + circle(164, 68, 7, black, 4)
    head = circle(125, 112, 36, black) + white_eye(110, 100, 9) + white_eye(140, 100, 9)
    body = circle(125, 192, 76, red)
    spots = "".join(
        circle(x, y, r, black, 0) for x, y, r in ((95, 160, 14), (92, 215, 12), (108, 252, 9), (158, 250, 9))
    ) + "".join(circle(mx(x), y, r, black, 0) for x, y, r in ((95, 160, 14), (92, 215, 12)))
    split = line("M125,118 L125,266", 5)
    shine = ellipse(90, 140, 16, 8, WHITE, 0, rot=-35, extra=' fill-opacity="0.55"')
    smile = line("M116,124 Q125,131 134,124", 3, WHITE)
    return shadow(rx=70) + legs + antennae + body + spots + split + shine + head + smile


def spiral(cx, cy, r0, turns, grow) -> str:
    pts = []
    steps = int(turns * 36)
    for i in range(steps + 1):
        a = i / 36 * 2 * math.pi
        r = r0 + grow * a / (2 * math.pi)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return "M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def snail() -> str:
    body, shell, shell2 = "#E9CB93", "#D0874A", "#A9652F"
    foot = path("M44,270 Q40,248 66,246 L214,246 Q234,250 226,270 Z", body)
    head = path("M58,262 L62,186 Q66,148 100,148 Q134,150 130,190 L128,250 Z", body)
    stalks = line("M84,156 Q74,126 68,104", 6) + line("M108,152 Q114,122 120,100", 6)
    eyes = circle(68, 100, 11, body, 4) + eye(70, 101, 6) + circle(120, 96, 11, body, 4) + eye(122, 97, 6)
    smile = line("M86,200 Q100,212 114,200", 4) + cheek(80, 190, 7) + cheek(120, 190, 7)
    shell_art = circle(166, 186, 62, shell) + path(spiral(166, 188, 4, 2.6, 19), "none", 6, shell2)
    shine = ellipse(140, 150, 14, 7, WHITE, 0, rot=-40, extra=' fill-opacity="0.5"')
    return shadow(rx=92) + foot + head + stalks + eyes + smile + shell_art + shine


def mouse() -> str:
    fur, light = "#A9A7B8", "#E6E3EE"
    tail = line("M160,262 Q228,262 214,212 Q204,178 226,160", 7, "#D98E98")
    ears = circle(76, 116, 34, fur) + circle(174, 116, 34, fur)
    ears += circle(76, 116, 21, PINK, 0) + circle(174, 116, 21, PINK, 0)
    body = ellipse(125, 228, 54, 48, fur) + ellipse(125, 238, 32, 30, light, 0)
    head = ellipse(125, 158, 56, 48, fur)
    face_ = eye(104, 150, 9) + eye(146, 150, 9) + cheek(90, 172) + cheek(160, 172)
    nose = circle(125, 172, 8, "#E07C8A", 3)
    mouth = line("M113,184 Q119,191 125,184 Q131,191 137,184", 3)
    whiskers = "".join(
        line(f"M{a},{b} L{c},{d}", 2.5) + line(f"M{mx(a)},{b} L{mx(c)},{d}", 2.5)
        for a, b, c, d in ((96, 175, 58, 168), (96, 182, 56, 188))
    )
    paws = ellipse(106, 212, 11, 8, PINK, 3) + ellipse(144, 212, 11, 8, PINK, 3)
    feet = ellipse(98, 274, 18, 9, PINK, 4) + ellipse(152, 274, 18, 9, PINK, 4)
    return shadow(rx=70) + tail + feet + body + paws + ears + head + face_ + nose + mouth + whiskers


def frog() -> str:
    green, light = "#72BC52", "#D7EDA6"
    bumps = circle(84, 142, 30, green) + circle(166, 142, 30, green)
    body = ellipse(125, 214, 84, 60, green)
    belly = ellipse(125, 238, 52, 32, light, 0)
    eyes = (
        circle(84, 140, 19, WHITE, 0) + eye(86, 142, 11) + circle(166, 140, 19, WHITE, 0) + eye(164, 142, 11)
    )
    mouth = line("M78,190 Q125,226 172,190", 5) + cheek(70, 200, 10) + cheek(180, 200, 10)
    feet = ellipse(78, 272, 28, 10, green) + ellipse(172, 272, 28, 10, green)
    spots = (
        circle(58, 226, 6, "#4E9A3A", 0)
        + circle(196, 222, 7, "#4E9A3A", 0)
        + circle(186, 244, 4, "#4E9A3A", 0)
    )
    return shadow(rx=90) + bumps + body + belly + spots + eyes + mouth + feet


def squirrel() -> str:
    fur, tail, light = "#D9874A", "#C46E34", "#F6DDB6"
    tail_art = path(
        "M120,268 C52,272 28,214 48,168 C62,136 44,108 70,86 C100,62 140,84 130,116 "
        "C122,140 110,150 124,180 C132,200 140,230 120,268 Z",
        tail,
    )
    tail_art += line("M66,160 C56,130 74,104 96,96", 4, "#E59A5E")
    ears = path("M134,122 L136,86 L160,114 Z", fur, 5) + path("M164,112 L184,82 L190,122 Z", fur, 5)
    body = ellipse(150, 226, 44, 50, fur) + ellipse(158, 236, 26, 34, light, 0)
    head = circle(160, 152, 40, fur) + ellipse(180, 168, 20, 14, light, 0)
    face_ = eye(172, 146, 8) + circle(199, 160, 5.5, DARK, 0) + cheek(170, 172, 7)
    mouth = line("M188,172 Q194,176 198,170", 3)
    acorn = ellipse(178, 222, 13, 16, "#C99A5B", 4) + path("M162,212 Q178,196 194,212 Z", "#7A4B2A", 4)
    acorn += line("M178,202 L180,194", 4)
    paws = ellipse(164, 222, 8, 7, fur, 3) + ellipse(192, 226, 8, 7, fur, 3)
    feet = ellipse(134, 273, 20, 9, fur, 4) + ellipse(172, 273, 20, 9, fur, 4)
    return shadow(rx=84) + tail_art + feet + body + ears + head + face_ + mouth + acorn + paws


def rabbit() -> str:
    fur, light = "#D8C4AA", "#FBF4EA"
    ears = ellipse(98, 92, 19, 56, fur, rot=-12) + ellipse(152, 92, 19, 56, fur, rot=12)
    ears += ellipse(98, 96, 9, 40, PINK, 0, rot=-12) + ellipse(152, 96, 9, 40, PINK, 0, rot=12)
    body = ellipse(125, 238, 50, 44, fur) + ellipse(125, 246, 30, 30, light, 0)
    head = ellipse(125, 166, 54, 46, fur)
    muzzle = ellipse(113, 186, 16, 12, light, 0) + ellipse(137, 186, 16, 12, light, 0)
    face_ = eye(104, 158, 8) + eye(146, 158, 8) + cheek(88, 180) + cheek(162, 180)
    nose = path("M117,175 L133,175 L125,184 Z", "#E07C8A", 3)
    teeth = path("M119,192 h12 v10 h-12 Z", WHITE, 3) + line("M125,192 v10", 2)
    feet = ellipse(96, 276, 26, 10, fur, 4) + ellipse(154, 276, 26, 10, fur, 4)
    return shadow(rx=76) + ears + feet + body + head + muzzle + face_ + nose + teeth


def hedgehog() -> str:
    spikes, skin_, light = "#7A5236", "#EFD3A8", "#F8E6C8"
    cx, cy, rx, ry = 142, 212, 82, 58
    pts = []
    n = 30
    for i in range(n + 1):
        a = math.radians(160 + i * (380 - 160) / n)  # over the back, from the snout to the tail
        k = 1.24 if i % 2 else 1.0
        pts.append((cx + rx * k * math.cos(a), cy + ry * k * math.sin(a)))
    back = poly(pts + [(cx + 30, cy + ry), (cx - 40, cy + ry)], spikes)
    quills = ""
    for deg in (200, 230, 260, 290, 320, 350):  # a few lighter quills on the back
        ca, sa = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        x, y = cx + rx * 0.55 * ca, cy + ry * 0.55 * sa
        quills += line(f"M{_f(x)},{_f(y)} l{_f(14 * ca)},{_f(14 * sa)}", 3, "#9C7050")
    face_ = path("M118,166 C86,166 64,196 40,216 C34,224 40,232 50,234 C74,240 96,262 126,262 Z", skin_)
    belly = ellipse(130, 250, 34, 14, light, 0)
    feet = ellipse(96, 274, 15, 8, spikes, 4) + ellipse(168, 274, 15, 8, spikes, 4)
    parts = (
        eye(86, 204, 7.5) + circle(40, 222, 8, DARK, 3) + circle(116, 182, 11, skin_, 4) + cheek(92, 224, 7)
    )
    mouth = line("M56,236 Q64,242 72,238", 3)
    return shadow(rx=92) + feet + back + quills + face_ + belly + parts + mouth


def owl() -> str:
    brown, wing, light, beak = "#9B6A45", "#7B5133", "#E9CFA3", "#F1A33A"
    branch = path("M30,274 Q125,262 222,276 L222,290 Q125,280 30,290 Z", "#8A5A35", 4)
    tufts = path("M70,128 L66,82 L104,112 Z", brown) + path("M180,128 L184,82 L146,112 Z", brown)
    body = ellipse(125, 190, 68, 86, brown)
    belly = ellipse(125, 232, 42, 38, light, 0)
    chevrons = "".join(
        line(f"M{x - 7},{y} L{x},{y + 6} L{x + 7},{y}", 3, "#B78E61")
        for x, y in ((110, 220), (140, 220), (125, 238), (106, 252), (144, 252))
    )
    wings = ellipse(62, 214, 18, 46, wing, rot=10) + ellipse(188, 214, 18, 46, wing, rot=-10)
    discs = circle(98, 158, 30, "#F5E4C4") + circle(152, 158, 30, "#F5E4C4")
    eyes = eye(98, 160, 15) + eye(152, 160, 15)
    brows = line("M70,128 Q98,138 120,150", 5) + line("M180,128 Q152,138 130,150", 5)
    beak_ = path("M116,176 L134,176 L125,196 Z", beak, 4)
    feet = "".join(ellipse(x, 276, 8, 6, beak, 3) for x in (104, 114, 136, 146))
    return branch + tufts + wings + body + belly + chevrons + discs + eyes + brows + beak_ + feet


def raccoon() -> str:
    grey, light, dark = "#9A9AA6", "#E7E7EC", DARK
    tail = ""
    for i in range(6):
        t = i / 5
        x, y = 164 + 40 * t, 262 - 100 * t
        tail += circle(x, y, 22 - 2 * t, dark if i % 2 else grey, 4)
    ears = path("M72,136 L80,92 L112,120 Z", grey) + path("M178,136 L170,92 L138,120 Z", grey)
    ears += path("M82,124 L85,104 L100,118 Z", dark, 0) + path("M168,124 L165,104 L150,118 Z", dark, 0)
    body = ellipse(125, 236, 50, 44, grey) + ellipse(125, 246, 30, 28, light, 0)
    head = ellipse(125, 164, 66, 50, grey)
    brows = ellipse(100, 138, 20, 8, light, 0) + ellipse(150, 138, 20, 8, light, 0)
    mask = path(
        "M64,160 Q84,140 116,152 Q125,156 134,152 Q166,140 186,160 Q176,184 146,178 "
        "Q125,172 104,178 Q74,184 64,160 Z",
        dark,
        3,
    )
    eyes = white_eye(100, 162, 8.5) + white_eye(150, 162, 8.5)
    muzzle = ellipse(125, 190, 26, 18, light, 4) + ellipse(125, 181, 9, 6, dark, 0)
    mouth = line("M116,196 Q125,202 134,196", 3)
    paws = ellipse(104, 218, 10, 8, dark, 3) + ellipse(146, 218, 10, 8, dark, 3)
    feet = ellipse(100, 274, 18, 9, dark, 4) + ellipse(150, 274, 18, 9, dark, 4)
    return shadow(rx=86) + tail + feet + body + paws + ears + head + brows + mask + eyes + muzzle + mouth


def skunk() -> str:
    black, white = "#332F36", "#F7F4EE"
    tail = path("M150,262 C232,262 240,150 204,96 C186,70 144,76 152,108 C158,130 192,150 178,212 Z", black)
    stripe = path(
        "M168,236 C206,220 212,150 192,112 C182,96 166,96 168,110 C184,140 196,190 168,236 Z", white, 0
    )
    body = ellipse(118, 234, 48, 44, black) + path("M102,204 Q118,196 134,204 L128,262 L108,262 Z", white, 0)
    ears = circle(82, 130, 15, black) + circle(154, 130, 15, black)
    ears += circle(82, 130, 7, PINK, 0) + circle(154, 130, 7, PINK, 0)
    head = ellipse(118, 166, 50, 44, black)
    streak = path("M109,124 Q118,160 118,176 Q118,160 127,124 Z", white, 0)
    eyes = white_eye(98, 164, 9) + white_eye(138, 164, 9)
    nose = ellipse(118, 188, 8, 6, "#E07C8A", 0) + cheek(86, 186, 8) + cheek(150, 186, 8)
    mouth = line("M110,196 Q118,202 126,196", 3, white)
    feet = ellipse(96, 274, 18, 9, black, 4) + ellipse(140, 274, 18, 9, black, 4)
    return shadow(rx=88) + tail + stripe + feet + body + ears + head + streak + eyes + nose + mouth


def fox() -> str:
    orange, white, dark = "#E8793A", "#FFF8EE", DARK
    tail = path("M150,270 C238,268 236,176 196,150 C214,200 190,240 140,256 Z", orange)
    tail += path("M196,150 C214,170 218,190 214,206 C204,190 196,170 196,150 Z", white, 0)
    body = ellipse(125, 234, 44, 46, orange) + ellipse(125, 244, 24, 32, white, 0)
    ears = path("M74,146 L78,78 L120,120 Z", orange) + path("M176,146 L172,78 L130,120 Z", orange)
    ears += path("M80,96 L78,80 L94,92 Z", dark, 3) + path("M170,96 L172,80 L156,92 Z", dark, 3)
    head = path("M56,150 Q66,112 125,110 Q184,112 194,150 Q172,196 125,210 Q78,196 56,150 Z", orange)
    mask = path("M60,154 Q96,150 125,176 Q154,150 190,154 Q168,194 125,207 Q82,194 60,154 Z", white, 0)
    # Sly, half-lidded amber eyes and a lopsided smirk: more cunning than the skunk below it.
    eyes = ""
    for sx in (1, -1):
        x = (lambda v: v) if sx == 1 else mx
        eyes += path(f"M{x(84)},154 Q{x(98)},140 {x(114)},148 Q{x(102)},160 {x(84)},154 Z", "#F2C94C", 3)
        eyes += ellipse(x(100), 151, 2.6, 5.2, dark, 0)
        eyes += line(f"M{x(82)},152 Q{x(98)},136 {x(117)},147", 5)  # the heavy upper lid
    nose = ellipse(125, 188, 10, 7, dark, 0) + line("M112,197 Q124,205 139,194 l3,-3", 3)
    feet = ellipse(106, 276, 15, 9, dark, 4) + ellipse(144, 276, 15, 9, dark, 4)
    legs = path("M98,246 L96,272 L116,272 L114,248 Z", orange, 4) + path(
        "M152,246 L154,272 L134,272 L136,248 Z", orange, 4
    )
    return shadow(rx=86) + tail + body + legs + feet + ears + head + mask + eyes + nose


def wolf() -> str:
    grey, light, dark, gold = "#7E8796", "#D4D9E1", "#2E3038", "#F2C94C"
    body = ellipse(125, 238, 54, 48, grey) + path(
        "M100,210 L112,232 L125,214 L138,232 L150,210 L140,262 L110,262 Z", light, 0
    )
    ears = path("M70,138 L70,66 L112,110 Z", grey) + path("M180,138 L180,66 L138,110 Z", grey)
    ears += path("M78,118 L78,86 L100,110 Z", "#5C6370", 0) + path(
        "M172,118 L172,86 L150,110 Z", "#5C6370", 0
    )
    head = path(
        "M46,160 L66,150 Q78,106 125,104 Q172,106 184,150 L204,160 L182,176 Q166,212 125,218 "
        "Q84,212 68,176 Z",
        grey,
    )
    muzzle = path("M92,176 Q106,164 125,166 Q144,164 158,176 Q150,208 125,214 Q100,208 92,176 Z", light, 0)
    eyes = ellipse(98, 150, 10, 8, gold, 3) + ellipse(152, 150, 10, 8, gold, 3)
    eyes += ellipse(98, 151, 4, 6, dark, 0) + ellipse(152, 151, 4, 6, dark, 0)
    brows = line("M82,134 L114,144", 5) + line("M168,134 L136,144", 5)
    nose = ellipse(125, 178, 13, 9, dark, 0) + circle(121, 175, 3, WHITE, 0)
    mouth = (
        line("M112,196 Q125,204 138,196", 4)
        + path("M116,197 L119,205 L122,199 Z", WHITE, 2)
        + path("M134,197 L131,205 L128,199 Z", WHITE, 2)
    )
    feet = ellipse(100, 276, 20, 10, grey, 4) + ellipse(150, 276, 20, 10, grey, 4)
    return shadow(rx=90) + feet + body + ears + head + muzzle + eyes + brows + nose + mouth


def bear() -> str:
    fur, light, dark = "#8A5A3B", "#DDB68E", DARK
    body = ellipse(125, 250, 88, 66, fur) + ellipse(125, 262, 52, 44, light, 0)
    # Paws up and out, pads showing: the big menace, still a cartoon.
    arms = ellipse(52, 196, 24, 46, fur, rot=-28) + ellipse(198, 196, 24, 46, fur, rot=28)
    pads = ellipse(42, 170, 12, 11, light, 0) + ellipse(208, 170, 12, 11, light, 0)
    pads += "".join(
        circle(x, y, 4.5, light, 0)
        for x, y in ((26, 156), (36, 147), (48, 146), (224, 156), (214, 147), (202, 146))
    )
    claws = "".join(
        line(f"M{x},{y} l{dx},-9", 3.5, INK) for x, y, dx in ((24, 150, -3), (34, 141, -1), (47, 139, 1))
    )
    claws += "".join(
        line(f"M{mx(x)},{y} l{-dx},-9", 3.5, INK) for x, y, dx in ((24, 150, -3), (34, 141, -1), (47, 139, 1))
    )
    ears = circle(72, 100, 25, fur) + circle(178, 100, 25, fur)
    ears += circle(72, 100, 13, light, 0) + circle(178, 100, 13, light, 0)
    head = ellipse(125, 146, 66, 58, fur)
    brows = line("M84,124 L112,134", 6) + line("M166,124 L138,134", 6)
    eyes = eye(100, 144, 8) + eye(150, 144, 8)
    muzzle = ellipse(125, 172, 32, 25, light, 4)
    nose = ellipse(125, 160, 12, 8, dark, 0) + circle(121, 157, 3, WHITE, 0)
    mouth = path("M108,176 Q125,198 142,176 Z", "#6B2B2B", 4)
    fangs = path("M112,178 L116,187 L120,178 Z", WHITE, 0) + path("M138,178 L134,187 L130,178 Z", WHITE, 0)
    return (
        shadow(rx=96, cy=300)
        + body
        + arms
        + claws
        + pads
        + ears
        + head
        + brows
        + eyes
        + muzzle
        + nose
        + mouth
        + fangs
    )


CRITTERS = {
    1: ("Ladybug", ladybug),
    2: ("Snail", snail),
    3: ("Mouse", mouse),
    4: ("Frog", frog),
    5: ("Squirrel", squirrel),
    6: ("Rabbit", rabbit),
    7: ("Hedgehog", hedgehog),
    8: ("Owl", owl),
    9: ("Raccoon", raccoon),
    10: ("Skunk", skunk),
    11: ("Fox", fox),
    12: ("Wolf", wolf),
    13: ("Bear", bear),
}


# ---- the = card and the back ------------------------------------------------------------
def sunburst(cx, cy, colours, rays=16, box=(10, 10, 240, 340)) -> str:
    """Wedges from (cx, cy) to the edge of `box`, clipped by arithmetic (no clip paths)."""
    x0, y0, x1, y1 = box

    def hit(a):
        dx, dy = math.cos(a), math.sin(a)
        ts = []
        if dx:
            ts += [(x0 - cx) / dx, (x1 - cx) / dx]
        if dy:
            ts += [(y0 - cy) / dy, (y1 - cy) / dy]
        t = min(t for t in ts if t > 0)
        return cx + dx * t, cy + dy * t

    corners = [(x1, y1), (x0, y1), (x0, y0), (x1, y0)]
    out = ""
    for i in range(rays):
        a1, a2 = 2 * math.pi * i / rays, 2 * math.pi * (i + 1) / rays
        pts = [(cx, cy), hit(a1)]
        for px, py in corners:  # box corners that fall inside the wedge
            a = math.atan2(py - cy, px - cx) % (2 * math.pi)
            if a1 < a < a2:
                pts.append((px, py))
        pts.sort(
            key=lambda p: 0 if p == (cx, cy) else (math.atan2(p[1] - cy, p[0] - cx) - a1) % (2 * math.pi) + 1
        )
        pts.append(hit(a2))
        out += poly(pts, colours[i % len(colours)], 0)
    return out


def equals_card() -> str:
    colours = [TIERS[k][1] for k in ("none", "view", "flip", "discard", "swap", "give")]
    light = [TIERS[k][0] for k in ("none", "view", "flip", "discard", "swap", "give")]
    rays = sunburst(125, 170, [c for pair in zip(colours, light, strict=True) for c in pair], rays=24)
    medallion = circle(125, 170, 72, CREAM, 6) + circle(
        125, 170, 60, "none", 3, extra=' stroke-dasharray="6 6"'
    )

    def log(y):
        wood, ring = "#A86B3C", "#E8C08A"
        return (
            path(f"M76,{y - 14} H174 A14,14 0 0 1 174,{y + 14} H76 A14,14 0 0 1 76,{y - 14} Z", wood)
            + line(f"M92,{y - 4} H140 M104,{y + 5} H160", 3, "#7E4A25")
            + ellipse(174, y, 10, 14, ring, 4)
            + ellipse(174, y, 4, 6, "none", 2.5)
        )

    leaves = path("M150,132 Q170,116 186,124 Q170,140 150,132 Z", "#72BC52", 3) + line(
        "M150,132 Q168,126 180,125", 2
    )
    body = f'<rect x="10" y="10" width="230" height="330" fill="{CREAM}"/>' + rays + medallion
    body += log(150) + log(192) + leaves
    body += "".join(circle(x, y, 4, WHITE, 0) for x, y in ((60, 70), (196, 258), (54, 276), (200, 84)))
    return svg(body + mat())


def back() -> str:
    deep, mid, pine = "#244A3B", "#2F6049", "#3B7459"
    defs = radial("bk", 125, 175, 220, mid, deep)
    trees = ""
    for row in range(9):
        for col in range(6):
            x = 22 + col * 42 + (21 if row % 2 else 0)
            y = 30 + row * 40
            trees += poly([(x, y - 13), (x + 10, y + 6), (x - 10, y + 6)], pine, 0)
            trees += path(f"M{x - 2},{y + 6} h4 v5 h-4 Z", "#2A523F", 0)
    frame = path(
        rrect(24, 24, 226, 326, 14),
        "none",
        3,
        CREAM,
    )
    sky = circle(125, 175, 78, "#213B5C", 6, CREAM)
    stars = "".join(
        circle(x, y, r, "#FFF3C4", 0)
        for x, y, r in ((92, 130, 2.5), (108, 112, 2), (160, 118, 1.8), (84, 160, 1.8), (170, 160, 2.2))
    )
    moon = circle(148, 134, 15, "#FFF3C4", 0) + circle(156, 128, 13, "#213B5C", 0)
    # The ground is the circle's lower cap: chord at y = 200.
    half = math.sqrt(78**2 - 25**2)
    ground = path(f"M{_f(125 - half)},200 A78,78 0 0 0 {_f(125 + half)},200 Z", "#2F6049", 0)
    small_pines = poly([(72, 204), (84, 168), (96, 204)], "#4E8A67", 3, INK) + poly(
        [(156, 204), (170, 160), (184, 204)], "#4E8A67", 3, INK
    )
    tent = poly([(92, 214), (125, 148), (158, 214)], "#E8793A", 4) + poly(
        [(125, 214), (125, 170), (111, 214)], "#B8552A", 3
    )
    tent += line("M125,148 L120,138 M125,148 L130,138", 3)
    fire = path(
        "M142,214 Q136,200 146,190 Q146,202 152,200 Q156,192 152,186 Q164,196 158,214 Z", "#F2C94C", 3
    )
    rim = sky.replace('fill="#213B5C"', 'fill="none"')  # redraw the rim over the ground
    body = '<rect x="10" y="10" width="230" height="330" fill="url(#bk)"/>' + trees + frame
    body += sky + stars + moon + ground + small_pines + tent + fire + rim
    outer = rrect(2.5, 2.5, 247.5, 347.5, 19.5)
    inner = rrect(10, 10, 240, 340, 16)
    edge = path(f"{outer} {inner}", CREAM, 0, extra=' fill-rule="evenodd"') + path(outer, "none", 5)
    return svg(body + edge, defs)


# ---- interface icons (square, viewBox 0 0 64 64) ---------------------------------------
def icon_svg(body: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">\n'
        f"{body}\n</svg>\n"
    )


def icon_eye() -> str:
    return icon_svg(
        path("M4,32 Q32,6 60,32 Q32,58 4,32 Z", WHITE, 4)
        + circle(32, 32, 12, "#3E8ED0", 3.5)
        + circle(32, 32, 5.5, DARK, 0)
        + circle(28, 28, 3, WHITE, 0)
    )


def icon_seen() -> str:
    """The 'has seen this card' mark: the eye on a round token (reads on any card back)."""
    return icon_svg(
        circle(32, 32, 29, "#FFF3C4", 4)
        + path("M10,32 Q32,12 54,32 Q32,52 10,32 Z", WHITE, 3.5)
        + circle(32, 32, 9, "#3E8ED0", 3)
        + circle(32, 32, 4, DARK, 0)
        + circle(29, 29, 2.2, WHITE, 0)
    )


def icon_flip() -> str:
    card_a = path(
        "M10,14 h22 a4,4 0 0 1 4,4 v30 a4,4 0 0 1 -4,4 h-22 a4,4 0 0 1 -4,-4 v-30 a4,4 0 0 1 4,-4 Z",
        "#3B7459",
        3.5,
    )
    card_b = path(
        "M32,8 h22 a4,4 0 0 1 4,4 v30 a4,4 0 0 1 -4,4 h-22 a4,4 0 0 1 -4,-4 v-30 a4,4 0 0 1 4,-4 Z",
        CREAM,
        3.5,
    )
    arrow = line("M14,58 Q34,66 50,52", 4) + poly([(44, 48), (55, 48), (52, 59)], INK, 2)
    return icon_svg(card_a + card_b + circle(43, 25, 6, "#E0483B", 0) + arrow)


def icon_discard() -> str:
    can = path("M14,20 H50 L46,58 H18 Z", "#9AA7B0", 4)
    lid = path("M8,14 H56 V21 H8 Z", "#C4CDD3", 4) + path("M24,14 V8 H40 V14", "none", 4)
    ribs = line("M25,28 L26,51 M32,28 L32,51 M39,28 L38,51", 3.5)
    return icon_svg(can + lid + ribs)


def icon_swap() -> str:
    top = line("M10,22 H46", 6, "#3E8ED0") + poly([(42, 12), (56, 22), (42, 32)], "#3E8ED0", 3, "#3E8ED0")
    bottom = line("M54,44 H18", 6, "#E8793A") + poly([(22, 34), (8, 44), (22, 54)], "#E8793A", 3, "#E8793A")
    return icon_svg(top + bottom)


def icon_gift() -> str:
    box = path("M10,28 H54 V58 H10 Z", "#E0483B", 4) + path("M6,20 H58 V30 H6 Z", "#F06A5C", 4)
    ribbon = path("M28,20 H36 V58 H28 Z", "#F2C94C", 3)
    bow = path("M32,20 C22,4 8,12 20,20 Z", "#F2C94C", 3) + path("M32,20 C42,4 56,12 44,20 Z", "#F2C94C", 3)
    return icon_svg(box + ribbon + bow)


def icon_app() -> str:
    """The window icon: the bear (13) on a cream card, on a round of the card back's pine green."""
    body = circle(32, 32, 30, "#2F6049", 0)
    body += path(
        "M18,10 h28 a5,5 0 0 1 5,5 v34 a5,5 0 0 1 -5,5 h-28 a5,5 0 0 1 -5,-5 v-34 a5,5 0 0 1 5,-5 Z", CREAM, 3
    )
    body += circle(22, 22, 6, "#8A5A3B", 2.5) + circle(42, 22, 6, "#8A5A3B", 2.5)
    body += circle(32, 32, 13, "#8A5A3B", 2.5) + ellipse(32, 37, 7, 5, "#DDB68E", 0)
    body += circle(27, 29, 2.2, DARK, 0) + circle(37, 29, 2.2, DARK, 0) + ellipse(32, 34.5, 3, 2, DARK, 0)
    body += path("M22,46 H42 M22,50.5 H42", "none", 3, "#E8793A")
    return icon_svg(body)


UI_ICONS = {
    "icon_view.svg": icon_eye,
    "eye.svg": icon_seen,
    "icon_flip.svg": icon_flip,
    "icon_discard.svg": icon_discard,
    "icon_swap.svg": icon_swap,
    "icon_gift.svg": icon_gift,
    "icon.svg": icon_app,
}


def write(path_: Path, text: str) -> None:
    path_.parent.mkdir(parents=True, exist_ok=True)
    path_.write_text(text, encoding="utf-8")


# ---- the app icon as bitmaps: icon.png, icon.ico, icon.icns -----------------------------
# Rendered from icon.svg by pygame's own SVG loader at every size (no scaling of one bitmap).
# The .ico and .icns files are written here with the standard library: no Pillow needed.
ICO_SIZES = (16, 32, 48, 256)
"""Windows picks the size it needs; 256 is stored as PNG, the small ones as plain bitmaps."""
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("ic11", 32), ("ic12", 64), ("ic07", 128))
ICNS_TYPES += (("ic13", 256), ("ic08", 256), ("ic14", 512), ("ic09", 512), ("ic10", 1024))
"""The macOS icon slots (type code, pixels), each a PNG: 16 to 512 points, at 1x and 2x."""


def icon_bitmap(size: int):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    return pygame.image.load_sized_svg(str(UI / "icon.svg"), (size, size))


def png_bytes(img) -> bytes:
    import pygame

    out = io.BytesIO()
    pygame.image.save(img, out, "icon.png")
    return out.getvalue()


def dib_bytes(img) -> bytes:
    """An .ico bitmap entry: a 40-byte header, 32-bit BGRA rows bottom-up, then the 1-bit AND
    mask (all clear: the alpha channel does the masking)."""
    import pygame

    w, h = img.get_size()
    rgba = pygame.image.tobytes(img, "RGBA", True)  # flipped: bottom row first
    bgra = bytearray(rgba)
    bgra[0::4], bgra[2::4] = rgba[2::4], rgba[0::4]
    mask = bytes(((w + 31) // 32 * 4) * h)
    header = struct.pack("<IiiHHIIiiII", 40, w, 2 * h, 1, 32, 0, len(bgra) + len(mask), 0, 0, 0, 0)
    return header + bytes(bgra) + mask


def ico(entries: list[tuple[int, bytes]]) -> bytes:
    """An .ico file from (size, PNG or bitmap bytes) entries; 256 is written as 0 in the directory."""
    offset = 6 + 16 * len(entries)
    head = struct.pack("<HHH", 0, 1, len(entries))
    for size, data in entries:
        side = 0 if size >= 256 else size
        head += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return head + b"".join(data for _size, data in entries)


def icns(entries: list[tuple[str, bytes]]) -> bytes:
    """An .icns file from (type code, PNG bytes) entries: big-endian lengths include the 8-byte headers."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_icons() -> None:
    """assets/ui/icon.png (64x64, the window icon), icon.ico and icon.icns (the executables')."""
    import pygame

    pygame.image.save(icon_bitmap(64), str(UI / "icon.png"))
    sizes = {size: icon_bitmap(size) for size in {*ICO_SIZES, *(size for _kind, size in ICNS_TYPES)}}
    pngs = {size: png_bytes(img) for size, img in sizes.items()}
    (UI / "icon.ico").write_bytes(ico([(s, pngs[s] if s >= 256 else dib_bytes(sizes[s])) for s in ICO_SIZES]))
    (UI / "icon.icns").write_bytes(icns([(kind, pngs[size]) for kind, size in ICNS_TYPES]))


def main() -> int:
    for value, (_name, draw) in CRITTERS.items():
        write(CARDS / f"card_{value}.svg", face(value, draw()))
    write(CARDS / "card_eq.svg", equals_card())
    write(CARDS / "back.svg", back())
    for name, draw in UI_ICONS.items():
        write(UI / name, draw())
    render_icons()
    print(f"wrote {len(CRITTERS) + 2} cards to {CARDS} and {len(UI_ICONS)} icons (+ png, ico, icns) to {UI}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
