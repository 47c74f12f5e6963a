"""At a table friends share, every screen names and colours each team the same way (the
team of seat 1 is the blue one), so "the blue team" means one team to everyone; alone with
bots the player's own team is the blue one, and every list shows the player's team first."""

from __future__ import annotations

import pytest

from game.rules.cards import team_of
from game.ui.table.teams import TeamLook


@pytest.mark.parametrize("campers", [4, 6])
def test_friends_at_one_table_read_each_team_under_one_name_and_colour(campers):
    looks = [TeamLook(campers, seat, shared=True) for seat in range(campers)]
    for team in (0, 1):
        assert {look.name(team) for look in looks} == {looks[0].name(team)}
        assert {look.colour(team) for look in looks} == {looks[0].colour(team)}
    assert looks[0].name(team_of(0, campers)) == "Blue team"
    assert looks[1].name(team_of(1, campers)) == "Orange team"


@pytest.mark.parametrize("campers", [3, 4, 6])
def test_each_camper_sees_their_own_team_listed_first(campers):
    for seat in range(campers):
        for shared in (False, True):
            assert TeamLook(campers, seat, shared).order()[0] == team_of(seat, campers)


def test_alone_with_bots_the_players_team_is_the_blue_one_wherever_they_sit():
    for seat in range(4):
        look = TeamLook(4, seat)
        assert look.name(team_of(seat, 4)) == "Blue team" and look.look(team_of(seat, 4)) == 0


def test_the_host_and_a_guest_of_other_teams_tell_of_one_round_in_the_same_words():
    # the round's summary: "Blue team: 13 ... Blue team records 0" on both screens
    host, guest = TeamLook(4, 0, shared=True), TeamLook(4, 1, shared=True)
    scram_team = team_of(1, 4)
    assert host.name(scram_team) == guest.name(scram_team) == "Orange team"
