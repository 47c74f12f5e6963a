"""Scram, the end of a round, scoring and the winner (R-SCRAM, R-END, R-SCORE, R-GAME)."""

import pytest
from decks import (
    TOP,
    A,
    R,
    assert_illegal,
    has_event,
    index_of,
    pass_turns,
    run_out,
    stacked_deck,
    stacked_game,
    values,
)

from game.rules import events as ev
from game.rules.decisions import DRAW, SCRAM
from game.rules.scoring import camper_score
from game.rules.state import Game


def shrink(g, keep):
    """The camper to move draws and replaces its first four cards (they match): 2 cards left."""
    me = g.turn
    g.apply(DRAW)
    g.apply(R(*[(me, i) for i in range(4)]))
    assert values(g, me)[0] == keep and len(values(g, me)) == 2


def final_turns(g) -> list[int]:
    """Draw and discard until the round ends; the seats that played, in order."""
    seen = []
    while g.phase == "start":
        seen.append(g.turn)
        pass_turns(g, 1)
    assert g.phase in ("round_over", "over")
    return seen


# ---- R-SCRAM-1 ---------------------------------------------------------------------------
def test_scram_needs_two_or_fewer_cards_R_SCRAM_1():
    """R-SCRAM-1: only with 2 or fewer cards in one's own campsite (3 are too many)."""
    g = stacked_game(4, campsites={0: [4, 4, 4, 8, 9], 1: [5, 5, 5, 5, 9]}, deck=[4, 1])
    g.apply(DRAW)
    g.apply(R((0, 0), (0, 1), (0, 2)))
    assert len(values(g, 0)) == 3
    shrink(g, 1)  # seat 1: 2 cards
    pass_turns(g, 2)
    assert g.turn == 0
    assert_illegal(g, SCRAM, "2 or fewer")
    pass_turns(g, 1)
    assert SCRAM in g.legal_decisions()
    g.apply(SCRAM)
    assert g.scram == 1


def test_scram_only_at_the_start_of_a_turn_and_ends_it_R_SCRAM_1():
    """R-SCRAM-1: only at the start of its turn; declaring ends the turn at once (no draw)."""
    g = stacked_game(4, campsites={0: [4, 4, 4, 4, 9]}, deck=[1])
    shrink(g, 1)
    pass_turns(g, 3)
    g.apply(DRAW)
    assert_illegal(g, SCRAM, "hold a card")
    g.apply(R((0, 0)))
    pass_turns(g, 3)
    deck = g.deck_count
    events = g.apply(SCRAM)
    assert has_event(events, ev.ScramDeclared(0)) and has_event(events, ev.TurnBegan(1))
    assert g.deck_count == deck and g.turn == 1 and g.phase == "start" and g.scram == 0


def test_only_one_scram_a_round_R_SCRAM_1():
    """R-SCRAM-1: only if nobody has declared Scram this round (a teammate neither)."""
    g = stacked_game(4, campsites={0: [4, 4, 4, 4, 9], 2: [5, 5, 5, 5, 9]}, deck=[1, 2, 3])
    shrink(g, 1)
    pass_turns(g, 1)
    shrink(g, 3)
    pass_turns(g, 1)
    g.apply(SCRAM)
    pass_turns(g, 1)
    assert g.turn == 2 and len(values(g, 2)) == 2
    assert_illegal(g, SCRAM, "already been declared")
    assert SCRAM not in g.legal_decisions()


# ---- R-SCRAM-2 / R-END-1 ------------------------------------------------------------------
@pytest.mark.parametrize(
    "campers, seat, finals", [(4, 1, [2, 3, 0]), (4, 0, [1, 2, 3]), (6, 4, [5, 0, 1, 2, 3])]
)
def test_every_other_camper_gets_one_more_turn_R_SCRAM_2(campers, seat, finals):
    """R-SCRAM-2 / R-END-1: after Scram every other camper gets exactly one more turn in turn
    order; then the round ends."""
    g = stacked_game(campers, start=seat, campsites={seat: [4, 4, 4, 4, 9]}, deck=[1])
    shrink(g, 1)
    pass_turns(g, campers - 1)
    assert g.turn == seat
    g.apply(SCRAM)
    assert final_turns(g) == finals
    assert g.phase == "round_over" and g.scores[-1] is not None and g.deck_count > 0


THREE = {0: [5, 5, 5, 5, "=", "=", "=", 9], 1: [6, 6, 6, 6, 9], 2: [7, 7, 7, 7, 9]}


def test_solo_scram_after_duo_one_R_SCRAM_2():
    """R-SCRAM-2 (3 campers): the solo declares after seat 1's turn: seat 2 plays, then seat 1."""
    g = stacked_game(3, campsites=THREE, deck=[1])
    g.apply(DRAW)
    g.apply(R(*[(0, i) for i in range(7)]))
    assert len(values(g, 0)) == 2
    pass_turns(g, 1)  # seat 1
    assert g.turn == 0
    g.apply(SCRAM)
    assert final_turns(g) == [2, 1]


def test_solo_scram_after_duo_two_R_SCRAM_2():
    """R-SCRAM-2 (3 campers): the solo declares after seat 2's turn: seat 1 plays, then seat 2."""
    g = stacked_game(3, campsites=THREE, deck=[1])
    g.apply(DRAW)
    g.apply(R(*[(0, i) for i in range(7)]))
    pass_turns(g, 3)  # 1, 0, 2
    assert g.turn == 0
    g.apply(SCRAM)
    assert final_turns(g) == [1, 2]


@pytest.mark.parametrize("duo, before, keep", [(1, 1, 1), (2, 3, 4)])
def test_duo_scram_solo_other_duo_solo_R_SCRAM_2(duo, before, keep):
    """R-SCRAM-2 (3 campers): a duo camper declares: the solo plays, then the other duo
    camper, then the solo again."""
    g = stacked_game(3, campsites=THREE, deck=[2, 1, 3, 4])
    pass_turns(g, before)  # 0 (, 1, 0)
    assert g.turn == duo
    shrink(g, keep)
    pass_turns(g, 3)
    assert g.turn == duo
    g.apply(SCRAM)
    assert final_turns(g) == [0, 3 - duo, 0]


def duo_started_round(start: int) -> Game:
    """3 campers: the duo wins round 1 with seat `start` lowest (R-SCORE-4), so `start` starts
    round 2, dealt (from `start`, R-SETUP-2) with THREE's campsites and a deck of 2, 1, 3, 4, …"""
    first = {0: [13, 13, 13, 13, 12, 12, 12, 12], start: [1, 1, 1, 1, 2], 3 - start: [2, 2, 2, 3, 3]}
    g = stacked_game(3, campsites=first, later=[stacked_deck(3, THREE, deck=[2, 1, 3, 4], start=start)])
    run_out(g)
    g.next_round()
    assert g.round == 2 and g.start == g.turn == start
    return g


@pytest.mark.parametrize(
    "start, before, between, order, finals",
    [(1, 1, 1, [1, 0, 2, 0], [1, 2]), (1, 1, 3, [1, 0, 2, 0, 1, 0], [2, 1]), (2, 1, 1, [2, 0, 1, 0], [2, 1])],
)
def test_solo_scram_in_a_round_a_duo_camper_started_R_SCRAM_2(start, before, between, order, finals):
    """R-SEAT-3 / R-SCRAM-2: a round started by duo camper 1 goes 1,0,2,0,… (camper 2: 2,0,1,0,…);
    when the solo declares, the duo camper next in that sequence plays, then the other."""
    g = duo_started_round(start)
    seen = [g.turn]
    pass_turns(g, before)
    seen.append(g.turn)
    g.apply(DRAW)  # the 2 or the 1
    g.apply(R(*[(0, i) for i in range(7)]))  # 5,5,5,5,=,=,= match: the solo keeps 2 cards
    for _ in range(between):
        seen.append(g.turn)
        pass_turns(g, 1)
    seen.append(g.turn)
    assert seen == order
    g.apply(SCRAM)
    assert final_turns(g) == finals


def test_duo_scram_in_a_round_a_duo_camper_started_R_SCRAM_2():
    """R-SCRAM-2: duo camper 2 starts round 2, shrinks to 2 cards, and declares on its next
    turn (2,0,1,0,2): the solo plays, then camper 1, then the solo again."""
    g = duo_started_round(2)
    shrink(g, 2)
    pass_turns(g, 3)  # 0, 1, 0
    assert g.turn == 2
    g.apply(SCRAM)
    assert final_turns(g) == [0, 1, 0]


def test_empty_deck_ends_the_round_at_a_turn_start_R_END_2():
    """R-END-2 / R-TURN-1: the draw deck empty at the start of a turn ends the round at once."""
    g = stacked_game(4, start=1)
    seen = final_turns(g)
    assert len(seen) == 35 and seen[-1] == 3  # 35 deck cards, one a turn, from seat 1
    assert g.phase == "round_over" and g.deck_count == 0 and g.scram is None
    assert g.scores == [tuple(g.totals)]


def test_empty_deck_at_the_start_of_a_final_turn_R_END_2():
    """R-END-2: final turns included: seat 1's 10 discards the deck top, seat 2 draws the last
    card, and seat 3's final turn never starts; the Scram rule still scores (R-SCORE-3)."""
    g = stacked_game(
        4, campsites={0: [4, 4, 4, 4, 13], 2: [13, 13, 13, 12, 12]}, deck=[12], bottom=[10, 3, 2]
    )
    shrink(g, 12)
    pass_turns(g, 3 + 28)
    assert g.turn == 0 and g.deck_count == 3
    g.apply(SCRAM)
    g.apply(DRAW)
    g.apply(A(TOP))
    assert g.discard[-2:] == [10, 3]
    pass_turns(g, 1)
    assert g.phase == "round_over" and g.deck_count == 0
    after = g.events[index_of(g.events, ev.ScramDeclared(0)) :]
    assert [e.seat for e in after if type(e) is ev.TurnBegan] == [1, 2]
    scored = next(e for e in g.events if type(e) is ev.RoundScored)
    assert scored.scram == 0 and scored.team_totals[0] > scored.team_totals[1]
    assert scored.recorded == (scored.team_totals[0] + 10, scored.team_totals[1])


# ---- R-SCORE-1/2 -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "row, score",
    [
        ([1, 2, 3], 6),
        (["=", 3, 7, "=", 9], 3 + 7 + 9 + 3 + 3),
        (["=", 13], 26),
        (["="], 0),
        (["=", "=", "="], 0),
        ([], 0),
    ],
)
def test_camper_score_R_SCORE_1(row, score):
    """R-SCORE-1: the sum of a campsite; `=` scores as its lowest numbered card; only `=` → 0."""
    assert camper_score([0 if v == "=" else v for v in row]) == score


def test_round_end_reveals_and_scores_R_SCORE_1():
    """R-SCORE-1 / R-SCORE-2: every card is turned face up; camper scores and team totals."""
    g = stacked_game(
        4,
        campsites={0: ["=", 3, 7, "=", 9], 1: [1, 1, 1, 1, 2], 2: [13, 13, 12, 12, 11], 3: [2, 2, 2, 3, 3]},
    )
    run_out(g)
    assert all(c[1] and c[2] == 0 for row in g.campsites for c in row)
    assert g.last_scores == (25, 6, 61, 12)
    scored = next(e for e in g.events if type(e) is ev.RoundScored)
    assert scored.team_totals == (86, 18) and scored.recorded == (86, 18)
    assert g.scores == [(86, 18)] and g.totals == [86, 18]


def test_only_eq_campsite_scores_zero_R_SCORE_1():
    """R-SCORE-1 with 6 campers (five `=`): a campsite of only `=` cards scores 0."""
    g = stacked_game(6, campsites={2: ["=", "=", "=", "=", "="]})
    run_out(g)
    assert g.last_scores[2] == 0


def test_team_totals_three_and_six_campers_R_SCORE_2():
    """R-SCORE-2: a team's total is the sum of its campers' scores (solo alone; duo together)."""
    g = stacked_game(3, campsites={0: [1, 1, 1, 1, 2, 2, 2, 2], 1: [3, 3, 3, 3, 4], 2: [13, 13, 13, 13, 12]})
    run_out(g)
    assert g.last_scores == (12, 16, 64) and g.scores == [(12, 80)]
    g6 = Game(6, 3)
    run_out(g6)
    s = g6.last_scores
    assert g6.scores == [(s[0] + s[2] + s[4], s[1] + s[3] + s[5])]


# ---- R-SCORE-3 ---------------------------------------------------------------------------
SCRAM_TABLE = {0: [4, 4, 4, 4, 1], 2: [13, 13, 13, 13, 12], 1: [12, 12, 12, 11, 11]}


@pytest.mark.parametrize(
    "seat3, team1, recorded",
    [
        ([1, 1, 2, 2, 3], 67, (0, 67)),  # declaring team lower: 0
        ([1, 1, 2, 2, 2], 66, (0, 66)),  # equal: 0 (≤)
        ([1, 1, 2, 2, "="], 65, (76, 65)),  # higher: its total + 10
    ],
)
def test_scram_rule_R_SCORE_3(seat3, team1, recorded):
    """R-SCORE-3: the declaring team records 0 if its total is lower than or equal to the other
    team's, otherwise its total + 10; the other team records its total."""
    g = stacked_game(4, campsites={**SCRAM_TABLE, 3: seat3}, deck=[1])
    shrink(g, 1)
    pass_turns(g, 3)
    g.apply(SCRAM)
    assert final_turns(g) == [1, 2, 3]
    scored = next(e for e in g.events if type(e) is ev.RoundScored)
    assert scored.team_totals == (66, team1)
    assert g.scores == [recorded]


def test_no_scram_both_record_their_totals_R_SCORE_3():
    """R-SCORE-3: without Scram both teams record their totals (no bonus either way)."""
    g = stacked_game(4, campsites={0: [13, 13, 13, 13, 12], 1: [1, 1, 1, 1, 2]})
    run_out(g)
    a, b = (sum(g.last_scores[s] for s in team) for team in ((0, 2), (1, 3)))
    assert g.scores == [(a, b)] and a > b


# ---- R-SCORE-4 ---------------------------------------------------------------------------
def next_start(campsites: dict, start: int) -> int:
    g = stacked_game(4, start=start, campsites=campsites)
    run_out(g)
    g.next_round()
    assert g.round == 2 and g.turn == g.start
    return g.start


LOW1 = [1, 1, 2, 2, 3]  # 9
HIGH = [13, 13, 12, 12, 11]  # 61


def test_start_from_the_winning_team_lowest_camper_R_SCORE_4():
    """R-SCORE-4: the team with the lower recorded score wins; its lowest camper starts."""
    camps = {0: [13, 13, 13, 13, 12], 2: [12, 12, 12, 11, 11], 1: [5, 5, 5, 5, 6], 3: [1, 1, 1, 1, 2]}
    assert next_start(camps, 0) == 3
    assert next_start(camps, 3) == 3  # the previous start camper may start again


@pytest.mark.parametrize("previous, expect", [(0, 1), (1, 3), (2, 3), (3, 1)])
def test_equal_own_scores_clockwise_from_previous_start_R_SCORE_4(previous, expect):
    """R-SCORE-4: among equal lowest scores, the first met going clockwise from the seat after
    the previous start camper (who is met last)."""
    camps = {0: [13, 13, 13, 13, 12], 2: [12, 12, 12, 11, 11], 1: LOW1, 3: [1, 1, 2, 2, 3]}
    assert next_start(camps, previous) == expect


@pytest.mark.parametrize("previous, expect", [(0, 1), (1, 0), (2, 0), (3, 0)])
def test_tied_teams_all_campers_are_candidates_R_SCORE_4(previous, expect):
    """R-SCORE-4: tied recorded scores (70–70): all campers are candidates; seats 0 and 1 both
    score 9, so the first of them clockwise after the previous start camper starts."""
    camps = {0: LOW1, 2: HIGH, 1: [1, 1, 2, 2, 3], 3: HIGH}
    g = stacked_game(4, start=previous, campsites=camps)
    run_out(g)
    assert g.scores == [(70, 70)]
    g.next_round()
    assert g.start == expect


def test_tied_teams_a_losing_side_camper_can_start_R_SCORE_4():
    """R-SCORE-4: with tied teams the single lowest camper starts, whatever its team."""
    camps = {0: [1, 1, 2, 2, 4], 2: [13, 13, 12, 11, 11], 1: LOW1, 3: HIGH}  # 70–70
    assert next_start(camps, 2) == 1


# ---- R-GAME ------------------------------------------------------------------------------
@pytest.mark.parametrize("campers, rounds", [(3, 3), (4, 4), (6, 3)])
def test_number_of_rounds_R_GAME_1(campers, rounds):
    """R-GAME-1: 4 campers play 4 rounds; 6 and 3 campers play 3."""
    g = Game(campers, 11)
    assert g.rounds == rounds
    while True:
        run_out(g)
        if g.phase == "over":
            break
        g.next_round()
    assert g.round == rounds and len(g.scores) == rounds and g.winner in (0, 1, "nobody")
    assert g.turn is None


TIE = ({0: LOW1, 2: HIGH, 1: [1, 1, 2, 2, 4], 3: [13, 13, 12, 12, 10]}, 0)  # 70–70, seat 0 lowest
T0 = ({0: LOW1, 2: HIGH, 1: [1, 1, 2, 2, 4], 3: HIGH}, 0)  # 70–71: team 0 lower, seat 0 starts
T1 = ({0: [1, 1, 2, 2, 4], 2: HIGH, 1: LOW1, 3: HIGH}, 1)  # 71–70: team 1 lower, seat 1 starts


def play_game(rounds) -> Game:
    """A 4-camper game of stacked rounds (each dealt from the start camper R-SCORE-4 picks)."""
    decks, start = [], 0
    for camps, nxt in rounds:
        decks.append(stacked_deck(4, camps, start=start))
        start = nxt
    g = Game(4, 0, 0, decks)
    while True:
        run_out(g)
        if g.phase == "over":
            return g
        g.next_round()


def test_lowest_cumulative_score_wins_R_GAME_2():
    """R-GAME-2: the team with the lowest cumulative recorded score wins."""
    g = play_game([T0, TIE, TIE, TIE])
    assert g.totals == [280, 281] and g.winner == 0
    g = play_game([T1, TIE, TIE, TIE])
    assert g.totals == [281, 280] and g.winner == 1


def test_tie_broken_by_the_last_round_R_GAME_2():
    """R-GAME-2: tied totals: the lower score in the last round wins."""
    g = play_game([TIE, TIE, T0, T1])
    assert g.scores == [(70, 70), (70, 70), (70, 71), (71, 70)]
    assert g.totals == [281, 281] and g.winner == 1


def test_tie_broken_round_by_round_R_GAME_2():
    """R-GAME-2: last round tied too: the round before decides, and so on."""
    g = play_game([T1, T0, TIE, TIE])
    assert g.scores == [(71, 70), (70, 71), (70, 70), (70, 70)]
    assert g.totals == [281, 281] and g.winner == 0


def test_tied_in_every_round_nobody_wins_R_GAME_2():
    """R-GAME-2: tied in every round: nobody wins (the critters do)."""
    g = play_game([TIE, TIE, TIE, TIE])
    assert g.winner == "nobody" and g.totals == [280, 280]
    assert has_event(g.events, ev.GameOver("nobody", (280, 280)))


SOLO30 = {0: [1, 1, 2, 2, 3, 3, 9, 9], 1: [4, 4, 5, 5, 2], 2: [4, 4, 5, 5, 2]}  # 30–40
SOLO50 = {0: [1, 2, 3, 4, 5, 10, 12, 13], 1: [1, 1, 2, 2, 9], 2: [1, 2, 3, 3, 6]}  # 50–30


def test_solo_wins_a_tie_R_GAME_3():
    """R-GAME-3: with 3 campers a cumulative tie goes to the solo camper, even though the duo
    won the last round (R-GAME-2's tie-break does not apply)."""
    decks = [stacked_deck(3, SOLO30), stacked_deck(3, SOLO30), stacked_deck(3, SOLO50)]
    g = Game(3, 0, 0, decks)
    while True:
        run_out(g)
        if g.phase == "over":
            break
        assert g.scores[-1] == (30, 40)
        g.next_round()
        assert g.start == 0
    assert g.scores == [(30, 40), (30, 40), (50, 30)] and g.totals == [110, 110]
    assert g.winner == 0


def test_three_campers_no_tie_lower_wins_R_GAME_3():
    """R-GAME-3 only settles ties: otherwise the lower total wins, the duo too. (R-SCORE-4 with
    3 campers: the duo's equal 15s start in turn: seat 1 after the solo, then seat 2.)"""
    decks = [stacked_deck(3, SOLO50, start=s) for s in (0, 1, 2)]
    g = Game(3, 0, 0, decks)
    starts = []
    while True:
        starts.append(g.start)
        run_out(g)
        if g.phase == "over":
            break
        g.next_round()
    assert starts == [0, 1, 2]
    assert g.scores == [(50, 30)] * 3 and g.winner == 1


def test_the_scoring_shortcuts_are_the_plain_rules() -> None:
    """camper_score sums `=` (0) as nothing and finds the lowest numbered card with filter;
    the team totals take slices of the seats; next_start walks the table once. Each equals
    the rule written plainly."""
    import random

    from game.rules.cards import EQ, team_of
    from game.rules.scoring import _TEAM_SLICES, next_start, round_result

    assert EQ == 0

    def plain_score(values: list[int]) -> int:
        numbered = [v for v in values if v != EQ]
        return sum(numbered) + min(numbered) * (len(values) - len(numbered)) if numbered else 0

    def plain_start(recorded: tuple[int, int], scores: tuple[int, ...], start: int) -> int:
        n = len(scores)
        a, b = recorded
        winners = range(n) if a == b else [s for s in range(n) if team_of(s, n) == (0 if a < b else 1)]
        low = min(scores[s] for s in winners)
        return next(
            (start + k) % n
            for k in range(1, n + 1)
            if (start + k) % n in winners and scores[(start + k) % n] == low
        )

    rng = random.Random(5)
    for n, cuts in _TEAM_SLICES.items():
        assert [tuple(range(n))[cut] for cut in cuts] == [
            tuple(s for s in range(n) if team_of(s, n) == t) for t in (0, 1)
        ]
    for _ in range(3000):
        n = rng.choice((3, 4, 6))
        values = tuple(
            tuple(rng.choice((0, 0, 1, 2, 5, 9, 13)) for _ in range(rng.randrange(6))) for _ in range(n)
        )
        scores, team, _ = round_result(values, None)
        assert scores == tuple(plain_score(list(row)) for row in values)
        assert team == tuple(sum(scores[s] for s in range(n) if team_of(s, n) == t) for t in (0, 1))
        recorded, start = (rng.randrange(3), rng.randrange(3)), rng.randrange(n)
        assert next_start(recorded, scores, start) == plain_start(recorded, scores, start)
