"""`python -m ai.measure`: deals kept one a line as they end, resumed where a run stopped,
the same games as the tournament's, and a summary that says how much of the range is in."""

from __future__ import annotations

import json
import statistics

import pytest

from ai import measure
from ai.measure import add_time, main, merge_times, play, quantile, read_lines, summarize, time_bin
from ai.tournament import _knobs, play_deal
from game.cli import Parser

SEATS = ("scout", "greenhorn", "greenhorn")


def _quiet(*_args) -> None:
    pass


def test_a_deal_is_the_tournaments_deal(tmp_path) -> None:
    """Deal d here is the tournament's first deal with `--seed d`: the same two games, the
    same outcome for each side; the mirror game seats the mirror level everywhere."""
    out = tmp_path / "r.jsonl"
    play(str(out), 3, SEATS, range(41, 43), mirror="greenhorn", say=_quiet)
    recs, bad = read_lines(str(out))
    assert bad == 0 and sorted(r["deal"] for r in recs) == [41, 42]
    for r in recs:
        ref = play_deal(0, 3, SEATS, r["deal"], True)
        pair = r["games"][:2]
        assert ref["score"][0] == pytest.approx(sum(g["outcome"][0] for g in pair) / 2)
        assert [g["levels"] for g in r["games"]] == [
            ["scout", "greenhorn", "greenhorn"],
            ["greenhorn", "scout", "scout"],
            ["greenhorn"] * 3,
        ]
        for g in r["games"]:
            assert g["outcome"][0] + g["outcome"][1] == 1.0
            assert sum(h["n"] for h in g["cpu"].values()) == sum(h["n"] for h in g["wall"].values()) > 0


def test_a_run_resumes_where_it_stopped_and_says_how_much_is_in(tmp_path) -> None:
    """A chunk plays the first deals not yet in the file; run again, only the rest are
    played; the summary says PARTIAL with how many of the planned deals it holds."""
    out = str(tmp_path / "r.jsonl")
    assert play(out, 3, SEATS, range(1, 4), most=2, say=_quiet) == 2
    text = summarize(read_lines(out)[0])
    assert "PARTIAL: 2 deals of 3" in text
    assert play(out, 3, SEATS, range(1, 4), say=_quiet) == 1
    assert play(out, 3, SEATS, range(1, 4), say=_quiet) == 0
    recs, _ = read_lines(out)
    assert sorted(r["deal"] for r in recs) == [1, 2, 3]
    text = summarize(recs)
    assert "(3 deals; planned 1-3: complete)" in text
    # Another seating in the same file is another run, summed up apart.
    play(out, 3, ("greenhorn", "scout", "scout"), range(1, 2), say=_quiet)
    assert summarize(read_lines(out)[0]).count("campers, seats as dealt") == 2


def test_a_line_cut_short_is_skipped_and_its_deal_played_again(tmp_path) -> None:
    """A run stopped while writing leaves half a line: it is not read, the next line starts
    on a line of its own, and its deal is played again; nothing already there is lost."""
    out = tmp_path / "r.jsonl"
    play(str(out), 3, SEATS, range(1, 3), say=_quiet)
    lines = out.read_text().splitlines()
    out.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])
    recs, bad = read_lines(str(out))
    assert [r["deal"] for r in recs] == [json.loads(lines[0])["deal"]] and bad == 1
    assert play(str(out), 3, SEATS, range(1, 3), say=_quiet) == 1
    recs, bad = read_lines(str(out))
    assert sorted(r["deal"] for r in recs) == [1, 2] and bad == 1


def test_the_summary_gives_shares_roles_and_leads_over_the_mirror() -> None:
    """Side A's duplicate share over deals, its share in each role, and (with a mirror game)
    its lead over the mirror level in that role, paired by deal."""

    def game(a: float, levels: list[str]) -> dict:
        return {
            "levels": levels,
            "outcome": [a, 1 - a],
            "hurts": [0, 0],
            "scrams": {},
            "cpu": {},
            "wall": {},
        }

    run = {"campers": 3, "seats": ["x", "y", "y"], "knobs": {}, "mirror": "y"}
    recs = [
        {
            "format": 1,
            "run": run,
            "planned": [1, 4],
            "deal": d,
            "cpu_s": 1.0,
            # As the solo A wins every deal, as the duo half; the mirror's solo wins deals 1, 2.
            "games": [game(1.0, []), game(float(d % 2), []), game(1.0 if d <= 2 else 0.0, [])],
        }
        for d in (1, 2, 3, 4)
    ]
    text = summarize(recs)
    assert "duplicate:  75.0 %" in text
    assert "as the solo: 100.0 %" in text and "the mirror's solo 50.0 %; lead +50.0 points" in text
    assert "as the duo:  50.0 %" in text and "the mirror's duo 50.0 %; lead +0.0 points" in text
    assert "PARTIAL" not in text


def test_decision_times_are_kept_in_fine_bins() -> None:
    """0.1 ms bins below 100 ms, 1 ms above; quantiles read from the bins, the maximum exact."""
    assert time_bin(0.00012) == "0.1" and time_bin(0.0951) == "95.1" and time_bin(0.1507) == "150"
    h: dict = {}
    times = [0.001 * i for i in range(1, 201)]  # 1 ms ... 200 ms
    for t in times:
        add_time(h, t)
    both = merge_times([h, h])
    assert both["n"] == 400 and both["max"] == 200.0
    assert abs(quantile(both, 0.5) - statistics.median(1000 * t for t in times)) <= 1.0
    assert 189 <= quantile(both, 0.95) <= 191


def test_bad_command_lines_are_one_line_errors(tmp_path, capsys) -> None:
    out = str(tmp_path / "r.jsonl")
    for argv in (
        ["play", "--out", out, "--campers", "3", "--teams", "scout,greenhorn", "--deals", "5-2"],
        ["play", "--out", out, "--campers", "3", "--teams", "scout,greenhorn", "--deals", "x"],
        ["play", "--out", out, "--campers", "3", "--teams", "scout,greenhorn"],
        ["play", "--out", out, "--campers", "3", "--teams", "scout,bear", "--deals", "1-2"],
        ["play", "--out", out, "--teams", "scout,greenhorn", "--deals", "1-2", "--mirror", "bear"],
        ["summary", "--out", str(tmp_path / "none.jsonl")],
    ):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("python -m ai.measure") == 6 and "Traceback" not in err
    assert measure.MOST_DEALS >= 1000


def test_a_partner_seating_from_the_command_line(tmp_path, capsys) -> None:
    """The partner runs' seating: a strong level and a reference each with a weaker partner
    (4 campers: seats 0 and 2 one team); the sides exchange seats in the deal's second game;
    the knobs are part of the run, the trailblazer's search knobs (its partner model) too."""
    out = str(tmp_path / "p.jsonl")
    argv = ["play", "--out", out, "--campers", "4", "--seats", "ranger,scout,greenhorn,greenhorn"]
    assert main([*argv, "--deals", "7-7", "--knobs", 'ranger={"samples": 8}']) == 0
    (rec,), _ = read_lines(out)
    assert rec["run"]["knobs"] == {"ranger": {"samples": 8}}
    g0, g1 = rec["games"]
    assert g0["levels"] == ["ranger", "scout", "greenhorn", "greenhorn"] and g0["sides"] == [0, 1, 0, 1]
    assert g1["levels"] == ["greenhorn", "ranger", "scout", "greenhorn"] and g1["sides"] == [1, 0, 1, 0]
    capsys.readouterr()
    assert main(["summary", "--out", out]) == 0
    text = capsys.readouterr().out
    assert "side A (greenhorn/ranger) against B (greenhorn/scout)" in text
    assert "PARTIAL" not in text and "ranger" in text.split("decision CPU time")[1]
    seats = ("trailblazer", "master", "scout", "scout")
    given = ['trailblazer={"partner": "forgetful"}']
    assert _knobs(Parser("t", ""), given, seats) == {"trailblazer": {"partner": "forgetful"}}
