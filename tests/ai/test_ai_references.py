"""The measuring references and knobs: the master is the expert with the top level's belief
and ten times its Scram search, knobs change a level only for a measurement, and decision
times are reported as CPU and wall time."""

from __future__ import annotations

import dataclasses

import pytest

from ai import LEVELS, make_bot
from ai.bots import EXPERT, LEVEL_PARAMS, MASTER
from ai.driver import Took, play_game
from ai.tournament import main

TOP = LEVELS[-1]


def test_the_master_is_the_expert_with_the_top_levels_belief_and_ten_times_its_scram_search() -> None:
    top = LEVEL_PARAMS[TOP]
    assert MASTER.measured and top.measured and not EXPERT.measured
    assert MASTER.infer == top.infer and MASTER.counting and MASTER.slots is None
    assert MASTER.scram_samples == 10 * top.scram_samples
    # Everything else is the expert's: the same one-step play and the same careful Scram.
    same = dataclasses.replace(MASTER, name=EXPERT.name, measured=False, scram_samples=EXPERT.scram_samples)
    assert same == EXPERT
    assert make_bot("master", 2, 6, 1).params.scram_samples == 960


def test_knobs_change_a_level_over_its_table_sizes_knobs() -> None:
    plain = make_bot(TOP, 0, 6, 1).params
    bot = make_bot(TOP, 0, 6, 1, {"scram_p_min": 0.5})
    assert bot.params.scram_p_min == 0.5 and plain.scram_p_min != 0.5
    assert bot.params.mid_turns == plain.mid_turns == 0.5  # the 6-camper knob still applies
    assert make_bot("master", 0, 4, 1, {"scram_p_min": 0.9}).params.scram_p_min == 0.9


@pytest.mark.parametrize("level", ("random", "oracle"))
def test_players_without_knobs_refuse_them(level: str) -> None:
    with pytest.raises(ValueError, match="no knobs"):
        make_bot(level, 0, 4, 1, {"scram_p_min": 0.5})


@pytest.mark.parametrize(
    "knobs",
    ('greenhorn={"noise": 0}', 'master={"name": "x"}', "master=[1]", 'master={"noise": [1]}', "master={"),
)
def test_tournament_refuses_knobs_that_do_not_fit(knobs: str, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--campers", "4", "--teams", "master,expert", "--games", "2", "--knobs", knobs])
    assert stop.value.code == 2
    assert "--knobs" in capsys.readouterr().err


@pytest.mark.slow
def test_tournament_reports_knobs_and_both_times(capsys) -> None:
    args = ["--campers", "4", "--teams", "master,expert", "--games", "2", "--workers", "1", "--seed", "3"]
    assert main([*args, "--knobs", 'master={"scram_p_min": 0.9}']) == 0
    out = capsys.readouterr().out
    assert 'master with {"scram_p_min": 0.9}' in out
    assert "decision CPU time" in out and "decision wall time" in out


def test_each_decision_is_timed_in_cpu_and_wall_time() -> None:
    took: list[Took] = []
    bots = [make_bot("scout", s, 4, s) for s in range(4)]
    game = play_game(4, bots, 5, lambda game, seat, decision, t: took.append(t))
    turns = sum(type(e).__name__ == "TurnBegan" for e in game.events)
    assert len(took) >= turns > 0  # every turn takes at least one decision, each timed
    assert all(isinstance(t, Took) and t.cpu >= 0.0 and t.wall >= 0.0 for t in took)
