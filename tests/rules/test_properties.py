"""Properties over thousands of seeded random games.

Two policies play: the random-legal policy of game.sim (`sample_decision`), and a
Scram-seeking one (it sees the whole table and keeps cards by matching replacements, so
campsites shrink and Scram, final turns and the Scram rule happen in most rounds; the
random policy almost never gets there).

Budget: the whole file runs in well under a minute and a half on 2 cores. Every sweep runs
twice over: `quick` plays a fiftieth of its games (the fast loop, `pytest -m "not slow"`,
runs only that) and `full` (marked slow) plays them all. Each size plays
GAMES random games with cheap checks at every decision, a record round-trip of every game and
a view check at a random share of decisions; VIEWED games are view-checked at every decision;
SCRAMMY Scram-seeking games are checked against an independent oracle of the turn order,
scoring, start campers and winner, and a quarter of that many probed with junk decisions;
FOLLOWED games are followed from every seat's own event stream.
"""

import random
from collections import Counter

import pytest
from decks import snapshot

from game.rules import DRAWN, START
from game.rules import events as ev
from game.rules.cards import deck_for, team_of
from game.rules.decisions import DRAW, SCRAM, Act, Replace
from game.rules.errors import IllegalDecision
from game.rules.legality import TableRules
from game.rules.record import parse_record, replay, state_json, to_record
from game.rules.state import Game

SIZES = [3, 4, 6]
GAMES = 1500  # random games per size: cards, winner, record round-trip, some views
VIEW_SHARE = 0.03  # share of their decisions at which one random seat's view is checked
VIEWED = 15  # games per size whose every decision is view-checked (one random seat)
SCRAMMY = 1000  # Scram-seeking games per size, checked against the oracle
JUNK_SHARE = 0.1  # share of their decisions probed with junk decisions
FOLLOWED = 150  # games per size (half of each policy) followed from every seat's events


@pytest.fixture(params=[pytest.param(0.02, id="quick"), pytest.param(1.0, id="full", marks=pytest.mark.slow)])
def share(request) -> float:
    """The share of each sweep's games to play (see the module docstring)."""
    return request.param


def n(games: int, share: float) -> int:
    return max(1, round(games * share))


def cards_in_play(g: Game) -> list[int]:
    held = [g.drawn] if g.phase == "drawn" else []  # a 12 being decided is on the discard pile
    return [c[0] for row in g.campsites for c in row] + g.discard + g.deck + held


@pytest.mark.parametrize("campers", SIZES)
def test_random_games_keep_every_card_and_end_with_a_winner(campers, share):
    """R-DECK-1: every card is always somewhere (campsites + discard + deck + hand = 56 or 70,
    exactly the deck's multiset); R-GAME-1/2/3: every game ends after its rounds with a winner
    in {0, 1, "nobody"} that matches the totals; every game's record round-trips (replaying it
    gives the same state); and at a random share of decisions a seat's view is unchanged by
    permuting the cards it does not know."""
    full = Counter(deck_for(campers))
    size = len(deck_for(campers))
    winners = Counter()
    for seed in range(n(GAMES, share)):
        rng = random.Random(seed)
        g = Game(campers, seed)
        sample, play = g.sample_decision, g.play
        while g.phase != "over":
            if rng.random() < VIEW_SHARE:  # R-INFO-*: see test_a_view_does_not_change…
                seat = rng.randrange(campers)
                assert_same_for(g, permuted(g, seat, rng), seat)
            play(sample(rng))
            held = g.phase == "drawn"
            assert sum(map(len, g.campsites)) + len(g.discard) + len(g.deck) + held == size
            if len(g.actions) % 16 == 0:
                assert Counter(cards_in_play(g)) == full
        assert Counter(cards_in_play(g)) == full
        assert g.winner in (0, 1, "nobody") and len(g.scores) == g.rounds == g.round
        a, b = g.totals
        assert g.totals == [sum(s[0] for s in g.scores), sum(s[1] for s in g.scores)]
        if a != b:
            assert g.winner == (0 if a < b else 1)
        elif campers == 3:
            assert g.winner == 0
        assert all(c[1] for row in g.campsites for c in row)
        winners[g.winner] += 1
        back = replay(parse_record(to_record(g)))
        assert state_json(back) == state_json(g)
    assert winners[0] and winners[1]  # the random policy wins for both teams


def permuted(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `g` in which every value `seat` does not know is shuffled among themselves."""
    h = g.copy()
    bit = 1 << seat
    spots = []
    for s, row in enumerate(h.campsites):
        for i, (value, up, known) in enumerate(row):
            if not up and not known & bit:
                spots.append(("camp", s, i, value))
    for i, known in enumerate(h.deck_known):
        if not known & bit:
            spots.append(("deck", i, None, h.deck[i]))
    if h.phase == "drawn" and g.view(seat).drawn is None:
        spots.append(("held", None, None, h.drawn))
    new = [v for *_, v in spots]
    rng.shuffle(new)
    for (where, a, b, _), v in zip(spots, new, strict=True):
        if where == "camp":
            _, up, known = h.campsites[a][b]
            h.campsites[a][b] = (v, up, known)
        elif where == "deck":
            h.deck[a] = v
        else:
            h.drawn = v
    return h


def assert_same_for(g: Game, h: Game, seat: int) -> None:
    v, w = g.view(seat), h.view(seat)
    assert v.key() == w.key()
    assert v.legal_decisions(max_replace_cards=2) == w.legal_decisions(max_replace_cards=2)
    assert v.count_replacements() == w.count_replacements()
    if seat == g.turn:  # the camper to move knows its held card: the true legal set is the same
        assert g.legal_decisions(max_replace_cards=2) == h.legal_decisions(max_replace_cards=2)
        assert g.legal_decisions(max_replace_cards=2) == v.legal_decisions(max_replace_cards=2)


@pytest.mark.parametrize("campers", SIZES)
def test_a_view_does_not_change_when_unknown_cards_are_permuted(campers, share):
    """R-INFO-1..5: a seat's view (and its legal decisions) depends only on what it knows:
    permuting the face-down cards and deck cards it does not know, and the held card it cannot
    see, leaves `view(seat).key()` and the legal decisions unchanged."""
    hidden_moves = 0
    for seed in range(n(VIEWED, share)):
        rng = random.Random(10_000 + seed)
        g = Game(campers, seed)
        while g.phase != "over":
            seat = rng.randrange(campers)
            h = permuted(g, seat, rng)
            hidden_moves += sum(
                a != b
                for ra, rb in zip(g.campsites, h.campsites, strict=True)
                for a, b in zip(ra, rb, strict=True)
            )
            assert_same_for(g, h, seat)
            g.play(g.sample_decision(rng))
    assert hidden_moves > 300 * share  # the permutations did move cards


@pytest.mark.parametrize("campers", SIZES)
def test_knowledge_marks_stay_within_the_table(campers, share):
    """R-INFO-2/4: known marks only on face-down cards; a face-up card carries none; the held
    card is known to its holder; teams are fixed (R-SEAT-2/3)."""
    for seed in range(n(100, share)):
        rng = random.Random(seed)
        g = Game(campers, seed)
        while g.phase != "over":
            for row in g.campsites:
                for _, up, known in row:
                    assert not (up and known) and 0 <= known < 1 << campers
            if g.phase == "drawn":
                assert g.drawn_mask >> g.turn & 1
                assert g.view(g.turn).drawn == g.drawn
            g.play(g.sample_decision(rng))
        assert {team_of(s, campers) for s in range(campers)} == {0, 1}


# ---- Scram-seeking games against an independent oracle ----------------------------------
def scram_seeking(g: Game, rng: random.Random):
    """A legal decision that empties campsites: Scram when allowed (mostly); when holding a
    card, often a replacement of one own card with every own or teammate's card that matches
    it (it sees the whole table); else the random-legal policy."""
    if g.phase == START and g.is_legal(SCRAM) and rng.random() < 0.7:
        return SCRAM
    me = g.turn
    if g.phase == DRAWN and g.campsites[me] and rng.random() < 0.6:
        first = (me, rng.randrange(len(g.campsites[me])))
        want = g.campsites[me][first[1]][0]
        more = []
        for s, i in g.replacement_partners():
            v = g.campsites[s][i][0]
            if (s, i) != first and (v == 0 or want == 0 or v == want):
                want = want or v
                more.append((s, i))
        return Replace((first, *more), rng.choice(("left", "right")))
    return TableRules.sample_decision(g, rng)


def normal_sequence(campers: int, start: int, length: int) -> list[int]:
    """R-SEAT-1/3: the turn order of a round without Scram, from its start camper."""
    if campers != 3:
        return [(start + k) % campers for k in range(length)]
    out, seat, last_duo = [], start, 2  # a round the solo starts goes on with seat 1
    while len(out) < length:
        out.append(seat)
        if seat == 0:
            seat = 3 - last_duo
        else:
            last_duo, seat = seat, 0
    return out


def own_score(row) -> int:
    """R-SCORE-1, written again: `=` counts as the lowest numbered card; only `=` cards: 0."""
    numbered = sorted(v for v in row if v != 0)
    return sum(numbered) + numbered[0] * (len(row) - len(numbered)) if numbered else 0


class Oracle:
    """Follows a game's events and checks them against the rules, computed independently."""

    def __init__(self, g: Game) -> None:
        self.n, self.start = g.campers, g.start
        self.turns = [g.start]  # seats whose turn began this round
        self.scram_at: int | None = None
        self.rows: list[tuple[int, int]] = []

    def see(self, g: Game, events) -> None:
        for e in events:
            kind = type(e)
            if kind is ev.TurnBegan:  # (a deal's first TurnBegan is not passed here)
                self.turns.append(e.seat)
                assert g.deck_count > 0  # R-TURN-1 / R-END-2: no turn begins on an empty deck
            elif kind is ev.ScramDeclared:
                assert e.seat == self.turns[-1] and self.scram_at is None
                self.scram_at = len(self.turns) - 1
            elif kind is ev.RoundScored:
                self.round_over(g, e)
            elif kind is ev.GameOver:
                self.game_over(g, e)

    def round_over(self, g: Game, e: ev.RoundScored) -> None:
        n, turns = self.n, self.turns
        normal = normal_sequence(n, self.start, len(turns) + 2 * n)
        if self.scram_at is None:  # R-END-2: only an empty deck ends a round without Scram
            assert turns == normal[: len(turns)] and g.deck_count == 0
        else:  # R-SCRAM-2: the sequence goes on without the declarer, one turn each
            p = self.scram_at
            assert turns[: p + 1] == normal[: p + 1]
            declarer = turns[p]
            count = (2 if declarer == 0 else 3) if n == 3 else n - 1
            finals = [s for s in normal_sequence(n, self.start, p + 1 + 2 * count)[p + 1 :] if s != declarer]
            got = turns[p + 1 :]
            assert got == finals[: len(got)]
            assert len(got) == count or g.deck_count == 0  # R-END-1 / R-END-2
        scores = [own_score(row) for row in e.campsites]
        assert tuple(scores) == e.camper_scores  # R-SCORE-1
        team = [0, 0]
        for s in range(n):
            team[team_of(s, n)] += scores[s]
        assert tuple(team) == e.team_totals  # R-SCORE-2
        recorded = list(team)
        if e.scram is not None:  # R-SCORE-3
            t = team_of(e.scram, n)
            recorded[t] = 0 if team[t] <= team[1 - t] else team[t] + 10
        assert tuple(recorded) == e.recorded
        self.rows.append(tuple(recorded))
        if g.phase == "round_over":  # R-SCORE-4: the next start camper
            a, b = recorded
            pool = range(n) if a == b else [s for s in range(n) if team_of(s, n) == (0 if a < b else 1)]
            low = min(scores[s] for s in pool)
            clockwise = [(self.start + k) % n for k in range(1, n + 1)]
            expect = next(s for s in clockwise if s in pool and scores[s] == low)
            g.next_round()
            assert g.start == expect
            self.start, self.turns, self.scram_at = expect, [expect], None

    def game_over(self, g: Game, e: ev.GameOver) -> None:
        assert len(self.rows) == (4 if self.n == 4 else 3)  # R-GAME-1
        a = sum(r[0] for r in self.rows)
        b = sum(r[1] for r in self.rows)
        if a != b:
            winner = 0 if a < b else 1
        elif self.n == 3:
            winner = 0  # R-GAME-3
        else:  # R-GAME-2: the latest round that is not tied decides
            winner = next((0 if x < y else 1 for x, y in reversed(self.rows) if x != y), "nobody")
        assert e.winner == g.winner == winner and list(e.totals) == g.totals == [a, b]


@pytest.mark.parametrize("campers", SIZES)
def test_scram_games_follow_the_rules_of_turns_and_scores(campers, share):
    """R-SEAT-1/3, R-TURN-1, R-SCRAM-2, R-END-1/2, R-SCORE-1..4, R-GAME-1..3 over games full of
    Scrams: the turn order, where rounds end, every score, every next start camper and the
    winner agree with an independent oracle; the views stay invariant (R-INFO-*); a quarter of
    the games round-trip through their records."""
    scrams = Counter()
    for seed in range(n(SCRAMMY, share)):
        rng = random.Random(50_000 + seed)
        g = Game(campers, seed)
        oracle = Oracle(g)
        while g.phase != "over":
            if rng.random() < VIEW_SHARE:
                seat = rng.randrange(campers)
                assert_same_for(g, permuted(g, seat, rng), seat)
            events = g.apply(scram_seeking(g, rng))
            scrams.update(type(e) is ev.ScramDeclared and (e.seat == 0) for e in events)
            oracle.see(g, events)
        assert g.phase == "over" and oracle.rows
        if seed % 4 == 0:  # records of games full of Scrams and 12s round-trip too
            assert state_json(replay(parse_record(to_record(g)))) == state_json(g)
    assert scrams[True] > 10 * share and scrams[False] > 10 * share  # Scrams by seat 0 (the solo) and others


# ---- junk decisions --------------------------------------------------------------------
def junk(g: Game, rng: random.Random) -> list:
    """Decisions of every kind with targets of every sort: most illegal, some legal."""
    n = g.campers
    spots = [(s, i) for s in range(-1, n + 1) for i in range(-1, 10)]
    odd = [("deck", 0), ("deck", 1), ("deck", 2), (0,), [0, 0], ("0", 0), (0, True), None]

    def target():
        return rng.choice(odd) if rng.random() < 0.3 else rng.choice(spots)

    out = [DRAW, *g.legal_decisions(max_replace_cards=1)[:3], None, "draw"]
    out += [Replace(tuple(target() for _ in range(rng.randrange(4))), rng.choice(("left", "right", "up")))]
    out += [Act(tuple(target() for _ in range(rng.randrange(4))), rng.choice(("left", "right", 0)))]
    out += [Act((), rng.choice(("left", "right", None)), rng.choice((-1, 0, n - 1, n, True, "1")))]
    from game.rules.decisions import DISCARD, KEEP, SWAP, TAKE

    return out + [TAKE, SCRAM, DISCARD, SWAP, KEEP]


@pytest.mark.parametrize("campers", SIZES)
def test_junk_decisions_are_refused_whole_or_applied_whole(campers, share):
    """`legal` answers every decision, legal or not, with None or a one-line reason (never an
    exception); an illegal one raises IllegalDecision and leaves the state untouched; a legal
    one applies; and the view of the camper to move judges every decision as the state does."""
    refused = accepted = 0
    for seed in range(n(SCRAMMY // 4, share)):
        rng = random.Random(70_000 + seed)
        g = Game(campers, seed)
        while g.phase != "over":
            if rng.random() < JUNK_SHARE and g.phase != "round_over":
                before = snapshot(g)
                mine = g.view(g.turn)
                for d in junk(g, rng):
                    reason = g.why_illegal(d)
                    assert mine.why_illegal(d) == reason
                    if reason is None:
                        g.copy().apply(d)
                        accepted += 1
                        continue
                    assert reason and "\n" not in reason and len(reason) < 200
                    with pytest.raises(IllegalDecision):
                        g.apply(d)
                    refused += 1
                assert snapshot(g) == before
            g.play(scram_seeking(g, rng))
    assert refused > 1000 * share and accepted > 100 * share


# ---- following the table from one seat's events ------------------------------------------
class Follower:
    """A camper with perfect memory that learns the table only from its own event stream
    (`for_seat`) and from the view at each deal (the face-up cards dealt are not events)."""

    def __init__(self, g: Game, seat: int) -> None:
        self.seat, self.all = seat, (1 << g.campers) - 1
        self.dealt(g)

    def dealt(self, g: Game) -> None:
        v = g.view(self.seat)
        self.rows = [[list(c) for c in row] for row in v.campsites]  # [value, up, known]
        self.deck = [[None, 0] for _ in range(v.deck_count)]  # top first: [value, known]
        self.discard = list(v.discard)
        self.held = None  # [value, known]
        self.gone: list = []  # sources discarded by one action, removed together

    def follow(self, events) -> None:
        for e in events:
            if type(e) is not ev.CardDiscarded or e.source is None:
                self.flush()
            getattr(self, type(e).__name__, lambda e: None)(e)
        self.flush()

    def flush(self) -> None:
        for t in sorted(self.gone, key=lambda t: (t[0] == "deck", t[1]), reverse=True):
            del (self.deck if t[0] == "deck" else self.rows[t[0]])[t[1]]
        self.gone = []

    def at(self, t) -> list:
        return self.deck[t[1]] if t[0] == "deck" else self.rows[t[0]][t[1]]

    def CardDrawn(self, e) -> None:
        self.deck.pop(0)
        self.held = [e.card, e.mask]

    def CardTaken(self, e) -> None:
        self.held = [self.discard.pop(), self.all]
        assert self.held[0] == e.card

    def CardDiscarded(self, e) -> None:
        self.discard.append(e.card)
        if e.source is None:
            self.held = None
        else:
            self.gone.append(e.source)

    def CardPlayed(self, e) -> None:
        if e.card not in (9, 13):
            self.discard.append(e.card)

    def CardViewed(self, e) -> None:
        card = self.at(e.target)
        if e.card is not None:
            card[0] = e.card
        card[-1] = 0 if len(card) == 3 and card[1] else e.mask

    def CardFlipped(self, e) -> None:
        if e.target[0] == "deck":
            self.deck[e.target[1]] = [e.card, self.all]
        else:
            self.rows[e.target[0]][e.target[1]] = [e.card, True, 0]

    def CardsExchanged(self, e) -> None:
        a, b = self.at(e.first), self.at(e.second)
        self.put(e.first, b)
        self.put(e.second, a)

    def put(self, t, card) -> None:
        if t[0] == "deck":  # face down on the deck; a face-up card is known to all there
            up = len(card) == 3 and card[1]
            self.deck[t[1]] = [card[0], self.all if up else card[-1]]
        else:
            up = len(card) == 3 and card[1]
            self.rows[t[0]][t[1]] = [card[0], up, 0 if up else card[-1]]

    def ReplacementRevealed(self, e) -> None:
        for t, v in zip(e.targets, e.cards, strict=True):
            self.rows[t[0]][t[1]] = [v, True, 0]

    def CardPlaced(self, e) -> None:
        if e.penalty:  # from the deck top, unseen
            self.deck.pop(0)
        else:  # the held card: kept, or a played 9 or 13
            assert self.held is None or self.held[0] in (None, e.card)
            self.held = None
        self.rows[e.owner].insert(e.slot, [e.card, e.up, 0 if e.up else e.mask])

    def RoundScored(self, e) -> None:
        self.rows = [[[v, True, 0] for v in row] for row in e.campsites]

    def check(self, g: Game) -> None:
        v = g.view(self.seat)
        assert [[tuple(c) for c in row] for row in self.rows] == [list(row) for row in v.campsites]
        assert len(self.deck) == v.deck_count
        assert {p: c[0] for p, c in enumerate(self.deck) if c[0] is not None} == v.deck_known
        assert tuple(self.discard) == v.discard
        if g.phase == DRAWN:
            assert self.held is not None and self.held[0] == v.drawn


@pytest.mark.parametrize("campers", SIZES)
def test_a_seat_following_its_own_events_knows_what_its_view_holds(campers, share):
    """R-INFO-1..4 and the events: every seat, following only the events it is shown (and
    the face-up cards of each deal), keeps exactly its view: every card where it lies, face
    up or down, who knows it, the values this seat knows and nobody else's, the deck cards
    it knows, the discard pile and its held card."""
    for seed in range(n(FOLLOWED, share)):
        rng = random.Random(90_000 + seed)
        g = Game(campers, seed)
        followers = [Follower(g, s) for s in range(campers)]
        while g.phase != "over":
            events = g.apply(scram_seeking(g, rng) if seed % 2 else g.sample_decision(rng))
            for f in followers:
                f.follow([ev.for_seat(e, f.seat) for e in events])
                f.check(g)
            if g.phase == "round_over":
                g.next_round()
                for f in followers:
                    f.dealt(g)
