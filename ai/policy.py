"""The decisions of a bot, from its belief (`Know`): one-step expected gains, by level knobs.

Every option is scored as the expected drop of our team's total minus the opponents'
(a point of score is a point), plus `count_bonus` per card our team gets rid of (fewer
cards: closer to a Scram, fewer unknowns). The best option wins; the lowest level adds
noise. Nothing here hurts the own team on purpose: a 13 goes to an opponent, exchanges only
move cards believed higher out of our team, discards only hit our own team or the deck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.rules import (
    DECK_SECOND,
    DECK_TOP,
    DISCARD,
    DRAW,
    EQ,
    KEEP,
    SCRAM,
    SWAP,
    TAKE,
    Act,
    Decision,
    Replace,
)

from .belief import Know, score_of


@dataclass(frozen=True)
class Params:
    """The knobs that make a level."""

    name: str
    slots: int | None  # face-down values it can hold in memory (None: all)
    fade: float  # chance per table turn that each memory fades
    blur: float = 0.0  # chance a fading memory drifts by one instead of vanishing
    counting: bool = True  # counts cards gone by (discard pile, face-up cards)
    infer: bool = False  # reads other campers' moves (kept cards lean low, ...)
    measured: bool = False  # ... by the leans measured in play (`belief.KEPT_LEANS`), not by rule
    noise: float = 0.0  # chance of picking a near-best option at random
    count_bonus: float = 2.5  # worth of one card fewer in our team
    info: float = 1.0  # how much it values looking at cards
    take: str = "threshold"  # "threshold" or "expect" (exact expected worth of a draw)
    draw_worth: float = 2.0  # the threshold's assumed worth of drawing
    scram: str = "mean"  # "simple", "mean", "sample" or "search"
    scram_margin: float = 2.0
    samples: int = 0
    risky: bool = False  # considers adding an unknown card to a replacement
    # The searching level (scram="search"), in a round's last turns: the one-step policy's
    # options within `search_window` points of its best, at most `search_width` of them,
    # each played out to the round's end over the same `search_samples` guessed tables
    # (rollouts capped at `search_steps` decisions).
    search_samples: int = 0
    search_width: int = 6
    search_window: float = 10.0
    search_steps: int = 300
    search_end_deck: int = 1  # "last turns": the deck holds at most this many cycles (+1)
    # The time budget, kept as work so that a decision never depends on the clock: a search
    # takes no new guessed table once its rollouts have played this many decisions.
    search_budget: int | None = None
    # Scram judged by `ai.scram.outlook` (scram="search" or "expert"): guessed tables, and the
    # least calibrated chance of success it declares on.
    scram_samples: int = 24
    scram_p_min: float = 0.0
    scram_wait: bool = True  # also play the round on without the Scram, and compare
    # In a round's last turns (the deck about to run out, when waiting gains little): also
    # declare down to this calibrated chance when declaring records better than playing on
    # over the same guessed tables (None: `scram_p_min` everywhere).
    scram_end_p_min: float | None = None
    # Away from the round's end, the same: declare down to this calibrated chance when
    # declaring records better than playing on (None: only from `scram_p_min`).
    scram_mid_p_min: float | None = None
    # A measuring knob (off; it lost on held-out deals, ai/JOURNAL.md): before a round's last turns, a card
    # fewer and a card seen worth less as the deck runs down, falling linearly towards
    # nothing over the deck's last `taper` table cycles (0: constant until the last turns).
    taper: float = 0.0
    # A 9 lands in its player's campsite (R-ACT-9): throwing one's own known low card with
    # it keeps the 9 in the low card's stead. Only when the points alone pay for it (the
    # cards thrown are worth more than the 9, `spares_low`); off: the old rule, which kept a 9 for our 1.
    spare_low: bool = True
    # Away from the round's end (searching level): options within `mid_window` points of the
    # one-step best (at most `mid_width`) played `mid_turns` ahead over `mid_samples`
    # guessed tables, at most `mid_budget` rollout decisions; the one-step best stands
    # unless another stands better by `mid_margin`. 0 turns it off.
    mid_window: float = 0.0
    mid_width: int = 3
    mid_samples: int = 12
    mid_budget: int = 4000
    mid_margin: float = 0.5
    # How far ahead, in table turns (each camper's draw and play), before the table's
    # standing judges (None: to the round's end); see `mid_steps`.
    mid_turns: float | None = None
    # The weights of the standing a close call is judged by (`search.standing`; None: the
    # one-step policy's currency, `search.STAND`), or "learned": the learned value
    # (`ai.value`, fitted to what rounds record; measured, not kept).
    mid_stand: tuple[float, ...] | str | None = None
    # A Scram declared within a search's horizon is played to the round's end (its final
    # turns), so the round's record judges it rather than the standing, which reads the
    # cards as if the round went on (a measuring knob, off). A learned judge always does.
    scram_out: bool = False
    # In the game's last round the searches judge a played-out table by the game it leaves
    # (`search.result`): the cumulative margin squashed to +-`game_scale` points, so a
    # point matters where it turns the game and little where the game is decided (None:
    # the round's recorded result, as in every other round).
    game_scale: float | None = None
    # Knobs that differ at one table size, as (campers, ((knob, value), ...)) pairs: the
    # fields above are the 4-camper ones, and a size's measured differences live here.
    by_table: tuple[tuple[int, tuple[tuple[str, object], ...]], ...] = ()

    def at_table(self, campers: int) -> Params:
        """These knobs as played at a table of `campers`."""
        for size, knobs in self.by_table:
            if size == campers:
                return replace(self, by_table=(), **dict(knobs))
        return self


def mid_steps(p: Params, campers: int) -> int | None:
    """The decisions a close call away from the round's end is played ahead: `mid_turns`
    table turns of two decisions per camper, and the plan's own two."""
    return None if p.mid_turns is None else round(p.mid_turns * 2 * campers) + 2


# ---- helpers --------------------------------------------------------------------------
def _team_cards(k: Know) -> list[tuple[int, int]]:
    return [(s, i) for s in k.mates for i in range(len(k.vals[s]))]


def _opp_cards(k: Know) -> list[tuple[int, int]]:
    return [(s, i) for s in k.opps for i in range(len(k.vals[s]))]


def _exp_pos_diff(a: list[float], b: list[float], low_a: float, low_b: float) -> float:
    """E[max(0, A - B)] for independent A ~ a, B ~ b (scores)."""
    out = 0.0
    for va, pa in enumerate(a):
        if pa <= 0:
            continue
        sa = score_of(va, low_a)
        for vb, pb in enumerate(b):
            if pb <= 0:
                continue
            d = sa - score_of(vb, low_b)
            if d > 0:
                out += pa * pb * d
    return out


# ---- replacing ------------------------------------------------------------------------
def replacement_options(k: Know, v: int, p: Params) -> list[tuple[float, Decision]]:
    """Keeping `v`: single swaps, known matching groups, and (risky levels) a gamble."""
    me = k.seat
    own = k.vals[me]
    if not own:
        return []
    sv = score_of(v, k.lows[me])
    B = p.count_bonus
    est = k.est
    out: list[tuple[float, Decision]] = []
    for i in range(len(own)):
        out.append((est[me][i] - sv, Replace(((me, i),))))
    # Known groups: every known team card of one value, plus every known `=` (matches all).
    by_val: dict[int, list[tuple[int, int]]] = {}
    for s in k.mates:
        for i, val in enumerate(k.vals[s]):
            if val is not None:
                by_val.setdefault(val, []).append((s, i))
    eqs = by_val.pop(EQ, [])
    groups = [by_val[w] + eqs for w in by_val] + ([eqs] if eqs else [])
    for g in groups:
        owns = [t for t in g if t[0] == me]
        if len(g) < 2 or not owns:
            continue
        first = max(owns, key=lambda t: est[t[0]][t[1]])
        cards = (first, *sorted(t for t in g if t != first))
        gain = sum(est[s][i] for s, i in cards) + B * (len(cards) - 1) - sv
        out.append((gain, Replace(cards)))
    if p.risky:
        out.extend(_risky_options(k, v, sv, by_val, eqs, p))
    return out


def _risky_options(k: Know, v: int, sv: float, by_val: dict, eqs: list, p: Params) -> list:
    """A known group (or one known own card) plus one unknown team card believed to match."""
    me = k.seat
    B = p.count_bonus
    unknown = [(s, i) for s in k.mates for i, val in enumerate(k.vals[s]) if val is None]
    if not unknown:
        return []
    out = []
    for w, members in by_val.items():
        g = members + eqs
        owns = [t for t in g if t[0] == me]
        for u in unknown:
            d = k.dist(*u)
            pm = d[w] + d[EQ]
            if pm < 0.35:
                continue
            first = max(owns, key=lambda t: k.est[t[0]][t[1]]) if owns else (u if u[0] == me else None)
            if first is None:
                continue
            cards = (first, *sorted(t for t in (*g, u) if t != first))
            base = sum(score_of(w, k.lows[s]) if k.vals[s][i] is None else k.est[s][i] for s, i in cards)
            win = base + B * (len(cards) - 1) - sv
            lose = -(sv + B)  # the kept card is added; the chosen cards stay, face up
            out.append((pm * win + (1 - pm) * lose, Replace(cards)))
    return out


# ---- actions --------------------------------------------------------------------------
def act_options(k: Know, v: int, p: Params) -> list[tuple[float, Decision]]:
    view = k.view
    if v == 13:
        return [(13.0 + p.count_bonus + 5.0, Act((), "right", _worst_hit(k)))]
    if v in (5, 6, 7, 8):
        return [_look(k, v, p)]
    if v == 10:
        return [_discard_one(k, p)]
    if v == 9:
        return [_discard_two(k, p)]
    if v == 11:
        best = _exchange(k)
        return [best] if best else []
    if v == 12:
        return [_twelve_targets(k, p)] if view.deck_count or _opp_cards(k) else []
    return []


def _worst_hit(k: Know) -> int:
    """The opponent a 13 hurts most: the one closest to a Scram, then the lowest campsite."""
    return min(k.opps, key=lambda s: (len(k.vals[s]), sum(k.est[s]), s))


def _look(k: Know, v: int, p: Params) -> tuple[float, Decision]:
    """5/6 view, 7/8 flip: the face-down cards whose value is worth most to learn."""
    flip = v in (7, 8)
    want = 1 if v in (5, 7) else 2
    me = k.seat
    cand = []
    for s in range(k.campers):
        for i, val in enumerate(k.vals[s]):
            if k.ups[s][i]:
                continue
            if val is None:
                w = 2.0 if s == me else 1.3 if s in k.mates else 0.5
                if flip and s in k.mates and s != me:
                    w += 0.2  # public: my teammate learns it too
            else:
                # Flipping a card we know makes it public: teammates can match it.
                w = 0.35 if flip and s in k.mates and k.campers != 3 else 0.0
            cand.append((w, (s, i)))
    deck_top_w = 0.0 if 0 in k.deck else 0.4
    if k.view.deck_count:
        cand.append((deck_top_w, DECK_TOP))
    cand.sort(key=lambda c: -c[0])
    pool_size = len(cand) + (1 if k.view.deck_count >= 2 and want == 2 else 0)
    need = min(want, pool_size)
    chosen = [t for _, t in cand[:need]]
    worth = sum(w for w, _ in cand[:need])
    if len(chosen) < need:
        chosen.append(DECK_SECOND if DECK_TOP in chosen else DECK_TOP)
    if DECK_SECOND in chosen and DECK_TOP not in chosen:
        chosen[chosen.index(DECK_SECOND)] = DECK_TOP
    return worth * p.info, Act(tuple(chosen))


def _discard_one(k: Know, p: Params) -> tuple[float, Decision]:
    team = _team_cards(k)
    if team:
        t = max(team, key=lambda t: k.est[t[0]][t[1]])
        return k.est[t[0]][t[1]] + p.count_bonus, Act((t,))
    if k.view.deck_count:
        return 0.0, Act((DECK_TOP,))
    opp = _opp_cards(k)  # nothing harmless is left: take the highest opponent card
    t = max(opp, key=lambda t: k.est[t[0]][t[1]])
    return -k.est[t[0]][t[1]] - 10, Act((t,))


LOW = 4  # a known card up to this value (or an `=`) is a low card


def own_low(k: Know, t: tuple) -> bool:
    """Campsite card `t` is the bot's own and known to it as a low card."""
    v = k.vals[t[0]][t[1]]
    return t[0] == k.seat and v is not None and (v == EQ or v <= LOW)


def _discard_two(k: Know, p: Params) -> tuple[float, Decision]:
    ranked = sorted(_team_cards(k), key=lambda t: -k.est[t[0]][t[1]])
    team = ranked[:2]
    if p.spare_low and any(own_low(k, t) for t in team) and sum(k.est[s][i] for s, i in team) <= 9.0:
        # The 9 would stay in place of our own known low card and the
        # points do not pay for it (a card fewer for the team alone does not): spare it.
        team = [t for t in ranked if not own_low(k, t)][:2]
    gain = sum(k.est[s][i] for s, i in team) + p.count_bonus * (len(team) - 1) - 9.0
    targets = list(team)
    deck_pos = [DECK_TOP, DECK_SECOND][: min(2, k.view.deck_count)]
    while len(targets) < 2 and deck_pos:
        targets.append(deck_pos.pop(0))
    if len(targets) < 2:  # only opponents' cards left: keep the 9 rather than help them
        opp = sorted(_opp_cards(k), key=lambda t: -k.est[t[0]][t[1]])
        targets.extend(opp[: 2 - len(targets)])
        gain -= 20
    if DECK_SECOND in targets and DECK_TOP not in targets:
        targets[targets.index(DECK_SECOND)] = DECK_TOP
    return gain, Act(tuple(targets), "right")


def worth_in(k: Know, t: tuple, value: int) -> float:
    """What `value` would score at campsite card `t` (R-SCORE-1): a number itself, an `=`
    the lowest numbered card known among the campsite's other cards (0 if none is known)."""
    if value != EQ:
        return float(value)
    row = k.vals[t[0]]
    return float(min((v for i, v in enumerate(row) if i != t[1] and v is not None and v != EQ), default=0))


def _exchange(k: Know) -> tuple[float, Decision] | None:
    """11: our card believed highest for their card believed lowest (never an `=` out)."""
    team = [t for t in _team_cards(k) if k.vals[t[0]][t[1]] != EQ]
    opp = _opp_cards(k)
    best = None
    if team:
        out = max(team, key=lambda t: k.est[t[0]][t[1]])
        eo = k.est[out[0]][out[1]]
        known_out = k.vals[out[0]][out[1]]
        if opp:
            inn = min(opp, key=lambda t: k.est[t[0]][t[1]])
            ei = k.est[inn[0]][inn[1]]
            known_in = k.vals[inn[0]][inn[1]]
            if known_in is not None:
                ei = worth_in(k, out, known_in)  # where it lands: an `=` is our row's low card
            gain = 2 * (eo - ei)
            if known_out is None and known_in is None:
                gain = 0.0  # two unknowns: a coin toss
            if known_out is not None and known_in is not None and ei >= known_out:
                gain = -1.0
            if gain > 0.5:
                best = (gain, Act((out, inn)))
        top = k.deck.get(0)
        if top is not None and k.view.deck_count and known_out is not None and top != EQ:
            gain = eo - top
            if top < known_out and gain > 0.5 and (best is None or gain > best[0]):
                best = (gain, Act((out, DECK_TOP)))
    return best


def _twelve_targets(k: Know, p: Params) -> tuple[float, Decision]:
    """12: view our card believed highest and their card believed lowest, then maybe swap."""
    team = [t for t in _team_cards(k) if k.vals[t[0]][t[1]] != EQ]
    opp = _opp_cards(k)
    view = k.view
    if team:
        a = max(team, key=lambda t: (k.est[t[0]][t[1]], k.vals[t[0]][t[1]] is None))
        da = k.dist(*a)
        if opp:
            b = min(opp, key=lambda t: (k.est[t[0]][t[1]], k.vals[t[0]][t[1]] is not None))
            db = k.dist(*b)
            gain = 2 * _exp_pos_diff(da, db, k.lows[a[0]], k.lows[b[0]])
        else:
            b = DECK_TOP
            gain = _exp_pos_diff(da, k.deck_dist(0), k.lows[a[0]], k.lows[a[0]])
        info = (k.vals[a[0]][a[1]] is None) * 0.8
        if b != DECK_TOP and k.vals[b[0]][b[1]] is None:
            info += 0.3
        return gain + info * p.info, Act((a, b))
    targets = [t for t in opp[:2]]
    if len(targets) < 2 and view.deck_count:
        targets.append(DECK_TOP)
    if len(targets) < 2 and view.deck_count >= 2:
        targets.append(DECK_SECOND)
    # Still short (an empty deck, and our only cards are `=`): a 12 views two cards wherever
    # two exist (R-ACT-12), so our own cards make up the pair.
    targets += _team_cards(k)[: 2 - len(targets)]
    return 0.2, Act(tuple(targets))


def twelve_choice(k: Know) -> Decision:
    """After a 12's views: swap only if it moves the higher card out of our team."""
    a, b = k.view.twelve
    ta = None if a[0] == "deck" else (a[0] in k.mates)
    tb = None if b[0] == "deck" else (b[0] in k.mates)

    def val(t):  # only what the bot remembers (it may have let the card go already)
        if t[0] == "deck":
            return k.deck.get(t[1])
        return k.vals[t[0]][t[1]]

    va, vb = val(a), val(b)
    if va is None or vb is None:
        return KEEP
    if ta is True and tb is not True:
        mine, ours, theirs = a, va, vb
    elif tb is True and ta is not True:
        mine, ours, theirs = b, vb, va
    else:
        return KEEP  # both ours (never shuffle a teammate's cards) or neither
    # In our campsite an `=` scores as our lowest card (R-SCORE-1), wherever it came from.
    if ours != EQ and worth_in(k, mine, theirs) < worth_in(k, mine, ours):
        return SWAP
    return KEEP


# ---- the drawn card -------------------------------------------------------------------
def held_options(k: Know, v: int, source: str, p: Params) -> list[tuple[float, Decision]]:
    opts: list[tuple[float, Decision]] = []
    if source == "deck":
        opts.append((0.0, DISCARD))
        if v >= 5:
            opts.extend(act_options(k, v, p))
    opts.extend(replacement_options(k, v, p))
    return opts


def pick(opts: list[tuple[float, Decision]], p: Params, rng: random.Random) -> Decision:
    best = max(opts, key=lambda o: o[0])
    if p.noise and len(opts) > 1 and rng.random() < p.noise:
        near = [o for o in opts if o[0] >= best[0] - 3.0]
        return rng.choice(near)[1]
    return best[1]


def draw_responses(k: Know, p: Params) -> tuple[float, dict[int, Decision]]:
    """What drawing is worth (the expectation over the deck top as believed), and the best
    one-step answer to each value the draw could bring."""
    top = k.deck.get(0)
    d = k.p if top is None else [1.0 if v == top else 0.0 for v in range(14)]
    out = 0.0
    answers: dict[int, Decision] = {}
    for v, q in enumerate(d):
        if q > 0.005:
            gain, dec = max(held_options(k, v, "deck", p), key=lambda o: o[0])
            out += q * gain
            answers[v] = dec
    return out, answers


def draw_worth(k: Know, p: Params) -> float:
    """What drawing is worth: fixed at the lower levels, the expectation over the deck above."""
    if p.take != "expect":
        return p.draw_worth
    return draw_responses(k, p)[0]


def start_choice(k: Know, p: Params, rng: random.Random, scram_fn) -> Decision:
    view = k.view
    if view.scram is None and len(view.campsites[k.seat]) <= 2 and scram_fn(k):
        return SCRAM
    if view.is_legal(TAKE):
        top = view.discard[-1]
        opts = replacement_options(k, top, p)
        if opts:
            gain = max(o[0] for o in opts)
            if gain > draw_worth(k, p) + 0.25:
                return TAKE
    return DRAW


# ---- Scram ----------------------------------------------------------------------------
def final_turns(k: Know) -> tuple[int, int]:
    """(our campers' final turns, theirs) if we declared now (R-SCRAM-2)."""
    ours = sum(1 for s in range(k.campers) if s != k.seat and s in k.mates)
    theirs = len(k.opps)
    if k.campers == 3 and k.seat != 0:
        theirs = 2  # the solo plays twice after a duo Scram
    return ours, theirs


FINAL_TURN_GAIN = 2.0  # what a final turn is worth to the camper who plays it


def scram_simple(k: Know, p: Params) -> bool:
    """Lowest level: my own campsite looks low and our team looks clearly ahead."""
    us, them = k.team_sum(k.mates), k.team_sum(k.opps)
    mine = sum(k.est[k.seat])
    return mine <= 7 and us + p.scram_margin + 4 < them


def scram_mean(k: Know, p: Params) -> bool:
    ours, theirs = final_turns(k)
    us = k.team_sum(k.mates) - FINAL_TURN_GAIN * ours
    them = k.team_sum(k.opps) - FINAL_TURN_GAIN * theirs
    return us + p.scram_margin < them


def scram_sample(k: Know, p: Params, rng: random.Random) -> bool:
    """Sample full guesses of the table; Scram when its expected recorded result is better."""
    from game.rules import camper_score

    ours, theirs = final_turns(k)
    adj = FINAL_TURN_GAIN * (theirs - ours)
    ev_scram = ev_cont = 0.0
    n = max(p.samples, 1)
    for _ in range(n):
        rows = k.sample_rows(rng)
        us = sum(camper_score(rows[s]) for s in k.mates)
        them = sum(camper_score(rows[s]) for s in k.opps) - adj
        ev_cont += us - them
        ev_scram += -them if us <= them else us + 10 - them
    return ev_scram / n + p.scram_margin < ev_cont / n
