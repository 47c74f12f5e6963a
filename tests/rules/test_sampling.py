"""The random policy (`sample_decision`): what it draws is legal, and a game trusts only the
decision it drew itself for the position it is in; everything else is checked."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.rules.decisions import DECK_SECOND, DECK_TOP, DISCARD, DRAW, KEEP, SWAP, Replace
from game.rules.errors import IllegalDecision
from game.rules.legality import ENDS
from game.rules.state import Game
from game.rules.targets import pair_at, pair_count, row_targets


def test_a_drawn_decision_is_legal_and_applies_as_any_other() -> None:
    for seed in range(30):
        rng, g = random.Random(seed), Game(4, seed)
        twin = Game(4, seed)
        while g.phase != "over":
            d = g.sample_decision(rng)
            assert g.why_illegal(d) is None
            assert g.play(d) == twin.play(d)  # checked on the twin, trusted on `g`


def test_a_drawn_decision_is_forgotten_once_the_position_changes() -> None:
    g = Game(4, 2)
    rng = random.Random(1)
    while (d := g.sample_decision(rng)) is not DRAW:
        g.play(d)
    g.apply(d)
    with pytest.raises(IllegalDecision, match="you hold a card"):
        g.apply(d)  # the same DRAW, now while holding a card


def test_any_other_decision_is_still_checked() -> None:
    g = Game(4, 2)
    g.sample_decision(random.Random(3))  # the game remembers this draw, and only this one
    with pytest.raises(IllegalDecision, match="at the start of a turn"):
        g.apply(DISCARD)
    with pytest.raises(IllegalDecision):
        g.apply(None)  # junk is never mistaken for the remembered draw
    assert g.actions == [] and g.phase == "start"


def _plain_sample(g: Game, rng: random.Random):  # noqa: ANN202
    """The random policy written plainly, with the library's own draws (the reference the
    sampler's shortcuts must match draw for draw)."""
    if g.phase == "start":
        return rng.choice(g.legal_decisions())
    if g.phase == "twelve":
        return rng.choice([SWAP, KEEP])
    kinds = (["discard"] if g.drawn_source == "deck" else []) + (["act"] if g.legal_acts() else [])
    kinds += ["replace"] if g.campsites[g.turn] else []
    kind = rng.choice(kinds)
    if kind == "discard":
        return DISCARD
    if kind == "act":
        return rng.choice(g.legal_acts())
    first = rng.choice(row_targets(g.turn, len(g.campsites[g.turn])))
    extra = [p for p in g.replacement_partners() if p != first and rng.random() < 0.5]
    return Replace((first, *extra), rng.choice(ENDS))


class _OwnRandom(random.Random):
    """Another kind of RNG: the sampler asks it through its methods instead of drawing bits."""


@pytest.mark.parametrize(
    ("campers", "kind"),
    [
        # the plain RNG's 40 games a size are slow; the other RNG's 10 stay fast but at 6 campers
        pytest.param(
            n,
            kind,
            id=f"{n}-{kind.__name__}",
            marks=[] if kind is _OwnRandom and n < 6 else [pytest.mark.slow],
        )
        for kind in (random.Random, _OwnRandom)
        for n in (3, 4, 6)
    ],
)
def test_the_sampler_draws_what_the_plain_policy_draws(campers: int, kind: type) -> None:
    for seed in range(40 if kind is random.Random else 10):
        g, mine, plain = Game(campers, seed), kind(seed), random.Random(seed)
        while g.phase != "over":
            d = g.sample_decision(mine)
            expected = _plain_sample(g, plain)
            assert d == expected and hash(d) == hash(expected) and repr(d) == repr(expected)
            assert mine.getstate() == plain.getstate()
            g.play(d)


@pytest.mark.parametrize("size", range(0, 40))
def test_a_pair_is_found_by_its_index(size: int) -> None:
    """`pair_at` (arithmetic) is the index-th pair `combinations` lists, the deck's second
    card pairing with the deck top only."""
    pool = [(0, i) for i in range(size)]
    assert [pair_at(pool, i, False) for i in range(pair_count(size, False))] == list(combinations(pool, 2))
    if size >= 2:
        pool[-2:] = [DECK_TOP, DECK_SECOND]
        allowed = [c for c in combinations(pool, 2) if DECK_SECOND not in c or DECK_TOP in c]
        assert [pair_at(pool, i, True) for i in range(pair_count(size, True))] == allowed


@pytest.mark.parametrize("campers", (3, 4, pytest.param(6, marks=pytest.mark.slow)))
def test_every_act_is_found_by_its_index(campers: int) -> None:
    """`act_at(i)` for every i below `count_acts()` lists exactly `legal_acts()`."""
    seen = set()
    for seed in range(10):
        g, rng = Game(campers, seed), random.Random(seed)
        while g.phase != "over":
            if g.phase == "drawn" and g.drawn_source == "deck" and g.drawn >= 5:
                seen.add(g.drawn)
                assert [g.act_at(i) for i in range(g.count_acts())] == g.legal_acts()
            g.play(g.sample_decision(rng))
    assert seen == set(range(5, 14))
