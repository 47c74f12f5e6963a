"""The score sheets: every round's recorded score per team with the totals (the round end's
sidebar), and the whole game camper by camper (game over)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.lang import pgettext
from game.rules.cards import team_of
from game.ui import skin
from game.ui.kit.widgets import draw_text, fit_text, line_step, panel, px

from .teams import TeamLook, short_team_name

RULE = (80, 90, 96)


def draw_score_sheet(
    surface: pygame.Surface,
    topleft: tuple[int, int],
    width: int,
    scores: list | tuple,
    totals: list | tuple,
    teams: tuple[str, str],
    rounds: int,
    size: int = 18,
    colours: tuple | None = None,
    order: tuple[int, int] = (0, 1),
) -> int:
    """Draw the sheet (team columns in `colours`, by team, in `order`: the table's
    `TeamLook.order()`, the player's team first); returns the y below it."""
    colours = colours or skin.TEAM
    x, y = topleft
    line = line_step(size + 8, "display", size + 2)  # a row: its line's height at a large text size
    c1, c2 = x + int(width * 0.45), x + int(width * 0.78)
    first, second = order
    draw_text(surface, pgettext("score sheet", "Round"), (x, y), size, skin.MUTED)
    for t, cx in ((first, c1), (second, c2)):
        draw_text(surface, short(teams[t]), (cx, y), size, colours[t], anchor="midtop")
    y += line
    pygame.draw.line(surface, RULE, (x, y - 4), (x + width, y - 4))
    for r in range(rounds):
        draw_text(surface, str(r + 1), (x + px(8), y), size, skin.INK)
        if r < len(scores):
            a, b = scores[r][first], scores[r][second]
            for v, cx, other in ((a, c1, b), (b, c2, a)):
                color = skin.GOOD if v < other else skin.INK
                draw_text(surface, str(v), (cx, y), size, color, anchor="midtop")
        else:
            for cx in (c1, c2):
                draw_text(surface, "–", (cx, y), size, skin.MUTED, anchor="midtop")
        y += line
    pygame.draw.line(surface, RULE, (x, y - 4), (x + width, y - 4))
    draw_text(surface, pgettext("score sheet", "Total"), (x, y), size, skin.INK, "display")
    for t, cx in ((first, c1), (second, c2)):
        draw_text(surface, str(totals[t]), (cx, y), size + 2, skin.INK, "display", anchor="midtop")
    return y + line + 4


def short(team: str) -> str:
    """A team's name for a narrow column: "Blue", "Orange", "Solo", "Duo"."""
    return short_team_name(team)


ROW_H = 34


def row_height() -> int:
    """A row of the camper sheet: ROW_H, or its figures' height at a large text size."""
    return line_step(ROW_H, "display", 23)


def sheet_height(rounds: int) -> int:
    """The height `draw_camper_sheet` takes for a game of `rounds` rounds."""
    return (rounds + 2) * row_height() + px(20)


def draw_camper_sheet(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scored: list,
    rounds: int,
    names: list[str],
    teams: tuple[str, str],
    totals: list | tuple,
    human: int | None,
    look: TeamLook | None = None,
) -> None:
    """Every round camper by camper: each camper's sum, each team's recorded score (the lower
    in green), who declared Scram (an S beside the sum), and the totals. `scored` holds the RoundScored
    events of the rounds played; `look` the table's colours (by default a table of the player's)."""
    panel(surface, rect, 200)
    n = len(names)
    look = look or TeamLook(n, human)  # each team wears the same colour as at the table
    colour = (look.colour(0), look.colour(1))
    inner = rect.inflate(-px(24), -px(20))
    cols = _columns(n, inner, look.order(), _needs(names, teams, human))
    row = row_height()
    y = inner.y
    _header(surface, inner, cols, names, teams, human, colour)
    # A faint band behind each team's own column, so the recorded scores read as a column.
    for kind, t, _, cx, cw in cols:
        if kind == "team":
            band = pygame.Rect(0, 0, cw - px(6), row * (rounds + 1) + px(4))
            band.midtop = (cx, y + row - px(6))
            surface.blit(_tint(band.size, colour[t][:3]), band)
    y += row
    pygame.draw.line(surface, RULE, (inner.x, y - px(5)), (inner.right, y - px(5)))
    member_totals = [0] * n
    for r in range(rounds):
        draw_text(surface, str(r + 1), (inner.x + px(10), y + px(2)), 19, skin.INK)
        _round_row(surface, cols, scored[r] if r < len(scored) else None, y, member_totals)
        y += row
    pygame.draw.line(surface, RULE, (inner.x, y - px(5)), (inner.right, y - px(5)))
    word, room = pgettext("score sheet", "Total"), cols[0][3] - cols[0][4] // 2 - inner.x - px(4)
    size = _fitting(word, (20, 18, 16, 14, 12), room, "display")  # "Summe", "Razem" as "Total"
    draw_text(surface, fit_text(word, size, room, "display"), (inner.x, y), size, skin.INK, "display")
    for kind, t, s, cx, _ in cols:
        if kind == "camper":
            draw_text(surface, str(member_totals[s]), (cx, y + px(3)), 17, skin.MUTED, anchor="midtop")
        else:
            draw_text(surface, str(totals[t]), (cx, y - px(1)), 23, skin.ACCENT, "display", anchor="midtop")


def _needs(names: list[str], teams: tuple[str, str], human: int | None) -> tuple[list[int], list[int]]:
    """The narrowest each column can be with its head at the smallest size: per seat (the
    name, or a three-digit sum), per team (its short name, or its three-digit score)."""
    digits = skin.font("text", px(17)).size("188")[0]
    campers = [
        max(digits, skin.font("text", px(11)).size(pgettext("player name", "You") if s == human else name)[0])
        + px(6)
        for s, name in enumerate(names)
    ]
    big = skin.font("display", px(23)).size("188")[0]
    sides = [max(big, skin.font("display", px(11)).size(short(t))[0]) + px(4) for t in teams]
    return campers, sides


def _columns(
    n: int,
    inner: pygame.Rect,
    order: tuple[int, int],
    needs: tuple[list[int], list[int]] | None = None,
) -> list[tuple[str, int, int | None, int, int]]:
    """(kind, team, seat, centre x, width): per team (in `order`) its campers, then the team
    (a little wider). With `needs` (see `_needs`), a narrow sheet gives each column its
    narrowest first and shares out the rest; a wide one shares all of it by weight."""
    # the round numbers' column: narrower on a narrow sheet (the review's side at 1024 x 640),
    # where every pixel goes to the heads
    label_w = px(84) if inner.w > px(520) else px(60)
    cols: list[tuple[str, int, int | None]] = []
    for t in order:
        cols += [("camper", t, s) for s in range(n) if team_of(s, n) == t]
        cols.append(("team", t, None))
    weights = [1.35 if kind == "team" else 1.0 for kind, _, _ in cols]
    room = inner.w - label_w
    unit = room / sum(weights)
    widths = [unit * wt for wt in weights]
    if needs is not None:
        least = [needs[1][t] if kind == "team" else needs[0][s] for kind, t, s in cols]
        if any(w < m for w, m in zip(widths, least, strict=True)):
            spare = room - sum(least)
            if spare >= 0:  # each its narrowest, the rest by weight
                widths = [m + spare * wt / sum(weights) for m, wt in zip(least, weights, strict=True)]
            else:  # not even that: each in proportion to its narrowest
                widths = [m * room / sum(least) for m in least]
    out = []
    x = inner.x + label_w
    for (kind, t, s), cw in zip(cols, widths, strict=True):
        out.append((kind, t, s, round(x + cw / 2), int(cw)))
        x += cw
    return out


def _header(surface, inner, cols, names, teams, human, colour) -> None:
    y = inner.y
    word, room = pgettext("score sheet", "Round"), cols[0][3] - cols[0][4] // 2 - inner.x - px(4)
    size = _fitting(word, (17, 15, 13, 12, 11), room, "text")  # a large text size: kept off the first head
    draw_text(surface, fit_text(word, size, room), (inner.x, y + px(4)), size, skin.MUTED)
    for kind, t, s, cx, cw in cols:
        if kind == "team":  # a smaller size before an ellipsis: "Orange", never "Or…"
            word = short(teams[t])
            size = _fitting(word, (19, 16, 14, 12, 11), cw - 4, "display")
            draw_text(
                surface,
                fit_text(word, size, cw - 4, "display"),
                (cx, y),
                size,
                colour[t],
                "display",
                "midtop",
            )
        else:
            who = pgettext("player name", "You") if s == human else names[s]
            size = _fitting(who, (16, 14, 12, 11), cw - 6, "text")  # "You", "Bea": never "Y…"
            draw_text(surface, fit_text(who, size, cw - 6), (cx, y + px(4)), size, colour[t], anchor="midtop")


def _fitting(word: str, sizes: tuple[int, ...], room: int, face: str) -> int:
    """The largest of `sizes` at which `word` takes at most `room` pixels (else the smallest)."""
    return next((z for z in sizes if skin.font(face, px(z)).size(word)[0] <= room), sizes[-1])


def _round_row(surface, cols, e, y: int, member_totals: list[int]) -> None:
    """One round's row: each camper's sum (S for the Scram), each team's recorded score."""
    for kind, t, s, cx, cw in cols:
        if e is None:
            draw_text(surface, "–", (cx, y + px(2)), 19, skin.MUTED, anchor="midtop")
            continue
        if kind == "camper":
            member_totals[s] += e.camper_scores[s]
            camper_cell(surface, str(e.camper_scores[s]), e.scram == s, cx, cw, y + px(3))
        else:
            mine, theirs = e.recorded[t], e.recorded[1 - t]
            color = skin.GOOD if mine < theirs else skin.INK
            draw_text(surface, str(mine), (cx, y), 21, color, "display", anchor="midtop")


@lru_cache(maxsize=8)
def _tint(size: tuple[int, int], color: tuple) -> pygame.Surface:
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(img, (*color, 36), img.get_rect(), border_radius=px(6))
    return img


def camper_cell(surface: pygame.Surface, text: str, scram: bool, cx: int, cw: int, top: int) -> pygame.Rect:
    """A camper's round sum in its column (centre `cx`, width `cw`); the rect drawn on.

    The camper who declared Scram gets a small "S" badge beside the sum, the pair centred
    in the column: always an S, since the legend names no other mark. Where
    the column is too narrow for both (6 campers in the review's sidebar), the sum and the
    badge are drawn smaller, so nothing reaches the next column."""
    size = 17
    if not scram:
        return draw_text(surface, text, (cx, top), size, skin.INK, anchor="midtop")
    gap = px(3)
    for size in range(17, 8, -1):  # the largest size at which the sum and its S fit
        letter = max(8, round(size * 0.76))
        badge_w = skin.font("display", px(letter)).size("S")[0] + px(6)
        # judged on a two-digit sum at least, so that one sheet uses one form in every row
        text_w = max(skin.font("text", px(size)).size(t)[0] for t in (text, "88"))
        if text_w + gap + badge_w <= cw - px(2):
            break
    img = skin.text("S", "display", px(letter), skin.PANEL)
    badge = pygame.Rect(0, 0, img.get_width() + px(6), img.get_height() + px(1))
    left = cx - (text_w + gap + badge.w) // 2
    mid = top + skin.font("text", px(17)).get_height() // 2  # every row's sums on one line
    r_text = draw_text(surface, text, (left + text_w, mid), size, skin.INK, anchor="midright")
    badge.midleft = (r_text.right + gap, r_text.centery)
    pygame.draw.rect(surface, skin.ACCENT, badge, border_radius=px(5))
    surface.blit(img, img.get_rect(center=badge.center))
    return r_text.union(badge)
