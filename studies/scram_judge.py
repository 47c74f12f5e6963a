"""How well the top level's Scram judgement could do: its chance beside judges that know more.

Run: `.venv/bin/python -m studies.scram_judge --campers 4 --deals 200 [--seed 2600]
[--out F.jsonl] [--workers 2]`, then `--report F.jsonl` to read the figures again.

Trailblazers play experts (each deal twice, the teams' seats exchanged). At every chance a
trailblazer has to declare and its Scram judgement runs, the game and every bot are copied,
and the Scram is judged several ways on the copy, the bot's decision left as it was:

- `belief`: the bot's own raw share (96 tables guessed from its belief);
- `belief x4`: the same belief over 384 tables (how much the sampling costs);
- `counting`: every card the seat does not know drawn uniformly from the cards it does
  not know (card counting without the leans);
- `opponents known`, `teammates known`, `all known`: the campsites of the other team, of
  our team, or all of them as they really are (the rest drawn as in `counting`), the deck
  still shuffled: the best any belief could do;
- `real table, quick final turns`: the real cards and deck, the final turns played by the
  searches' quick policy (`ai.search.greedy`), 0 or 1;

and against all of them, `actual`: the Scram declared on the copy and the final turns
played by the real bots. The report gives each judge's AUC (the chance that a Scram which
succeeded was rated above one which failed), Brier score and mean. Only this script reads
the real cards; no bot does.
"""

from __future__ import annotations

import bisect
import copy
import random

from ai.driver import feed
from ai.scram import outlook
from ai.search import rollout
from game.rules import SCRAM, Game, team_of
from studies import scram_forks as forks

SAMPLES = 96
# Which campsites a judge sees as they are (the rest of the cards the seat does not know
# are drawn uniformly): by judge name, (our team's, the other team's).
KNOWN = {
    "counting": (False, False),
    "opponents known": (False, True),
    "teammates known": (True, False),
    "all known": (True, True),
}
JUDGES = ("belief", "belief x4", *KNOWN, "real table, quick final turns")


def _succeeds(g: Game, team: int) -> bool:
    g.apply(SCRAM)
    rollout(g, 300)
    return g.scores[-1][team] == 0


def known_share(game: Game, seat: int, ours: bool, theirs: bool, rng: random.Random) -> float:
    """The share of `SAMPLES` tables on which a Scram now succeeds, the campsites of our team
    (`ours`) and of the other team (`theirs`) as they are, every other card the seat does not
    know drawn uniformly from those cards."""
    n, bit = game.campers, 1 << seat
    team = team_of(seat, n)
    slots = []
    for s, row in enumerate(game.campsites):
        if (ours, theirs)[team_of(s, n) != team]:
            continue
        slots += [(s, i) for i, c in enumerate(row) if not c[1] and not c[2] & bit]
    slots += [("deck", j) for j, k in enumerate(game.deck_known) if not k & bit]
    values = [game.deck[j] if s == "deck" else game.campsites[s][j][0] for s, j in slots]
    view = game.view(seat)
    wins = 0
    for _ in range(SAMPLES):
        rng.shuffle(values)
        camps = [list(row) for row in game.campsites]
        deck = list(zip(game.deck, game.deck_known, strict=True))
        for (s, j), v in zip(slots, values, strict=True):
            if s == "deck":
                deck[j] = (v, deck[j][1])
            else:
                camps[s][j] = (v, *camps[s][j][1:])
        guess = Game.from_guess(view, camps, deck, rng.getrandbits(32), game.last_duo)
        wins += _succeeds(guess, team)
    return wins / SAMPLES


def judge(game: Game, bots: list, seat: int, own: float, rng: random.Random) -> dict:
    """Every judge's chance at this chance to declare, and what declaring really did."""
    team = team_of(seat, game.campers)
    bot = copy.deepcopy(bots[seat])
    k = bot.know(game.view(seat))
    wide = outlook(k, None, random.Random(rng.getrandbits(64)), 4 * SAMPLES, bot.memory.last_duo, 300)
    point = {"belief": own, "belief x4": wide.p}
    for name, (ours, theirs) in KNOWN.items():
        point[name] = known_share(game, seat, ours, theirs, rng)
    point["real table, quick final turns"] = float(_succeeds(game.copy(), team))
    g, bs = game.copy(), copy.deepcopy(bots)
    rnd = g.round
    feed(bs, g.play(SCRAM))
    forks._play_to(g, bs, rnd)
    point["actual"] = int(forks._success(g, rnd, team))
    return point


def deal(d: int, campers: int, seed: int, knobs: dict) -> list[dict]:
    """Both seatings of deal `d`: every chance the trailblazers had, judged every way."""
    forks._watch_outlooks()
    n, game_seed = campers, seed + d
    rng = random.Random(game_seed)
    points: list[dict] = []
    for team in (0, 1):
        game, bots = forks.table(n, game_seed, team, knobs)
        while not game.over:
            seat = game.turn
            view = game.view(seat)
            chance = team_of(seat, n) == team and view.phase == "start" and view.scram is None
            chance = chance and len(view.campsites[seat]) <= 2
            saved = (game.copy(), copy.deepcopy(bots)) if chance else None
            forks._seen.clear()
            decision = bots[seat].decide(view)
            if saved and forks._seen:
                point = judge(*saved, seat, forks._seen[0].p, rng)
                point.update(deal=game_seed, team=team, round=game.round, deck=view.deck_size)
                points.append(point)
            feed(bots, game.play(decision))
    return points


def auc(pairs: list[tuple[float, int]]) -> float:
    """The chance that a success was rated above a failure (ties count half)."""
    fails = sorted(x for x, y in pairs if not y)
    wins = [x for x, y in pairs if y]
    if not fails or not wins:
        return float("nan")
    above = 0.0
    for x in wins:
        lo, hi = bisect.bisect_left(fails, x), bisect.bisect_right(fails, x)
        above += lo + (hi - lo) / 2
    return above / (len(wins) * len(fails))


def report(points: list[dict]) -> None:
    n = len(points)
    games = 2 * len({p["deal"] for p in points})
    rate = sum(p["actual"] for p in points) / (n or 1)
    print(f"{n} chances to declare in {games} games; declaring succeeded at {rate:.1%} of them")
    print("judge | AUC | Brier | mean")
    for name in JUDGES:
        pairs = [(p[name], p["actual"]) for p in points]
        brier = sum((x - y) ** 2 for x, y in pairs) / (n or 1)
        mean = sum(x for x, _ in pairs) / (n or 1)
        print(f"{name} | {auc(pairs):.3f} | {brier:.4f} | {mean:.3f}")


if __name__ == "__main__":
    forks.run(__doc__, deal, report, seed=2600)
