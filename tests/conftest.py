"""Shared test setup: headless SDL for every test that may touch pygame, and the fast loop.

The fast loop is `pytest -m "not slow"` (README). Tests that build something (the
executable, a wheel) are marked slow in their own files; the property sweeps of
tests/rules/test_properties.py run a small share of their games unless slow tests run. The tests
named in SLOW below take seconds each (whole games at the strongest bot levels, sweeps over
every table size, whole games through the window, the self-test process): they are marked
slow here, in one list, rather than in the files of the engineers who own them. Where a
test is parametrized, its cheap cases stay in the fast loop. The full suite runs all.
"""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Node-id prefixes (a whole test, or some of its cases).
SLOW = (
    "tests/ai/test_ai.py::test_many_seeded_games_stay_legal",
    "tests/ai/test_ai.py::test_no_team_hurting_moves",
    "tests/ai/test_ai.py::test_perfect_memory_follows_every_card",
    "tests/ai/test_ai.py::test_decisions_legal_and_view_untouched[oracle-",
    "tests/ai/test_ai.py::test_decisions_legal_and_view_untouched[trailblazer-",
    "tests/ai/test_ai.py::test_no_peeking[trailblazer-",
    "tests/ai/test_ai.py::test_no_peeking[expert-",
    "tests/ai/test_ai.py::test_no_peeking[master-",
    "tests/ai/test_ai.py::test_decisions_legal_and_view_untouched[master-",
    "tests/ai/test_ai.py::test_reproducible_from_seed[master-",
    "tests/ai/test_ai.py::test_decisions_legal_and_view_untouched[expert-",
    "tests/ai/test_ai.py::test_reproducible_from_seed[expert-",
    "tests/ai/test_ai.py::test_the_discard_pile_under_the_top_is_a_memory[trailblazer]",
    "tests/ai/test_ai.py::test_reproducible_from_seed[oracle-",
    "tests/ai/test_ai.py::test_reproducible_from_seed[trailblazer-",
    "tests/ai/test_ai_hint.py::test_a_hint_is_legal_and_gives_numbers[4]",
    "tests/ai/test_ai_hint.py::test_a_hint_is_legal_and_gives_numbers[6]",
    "tests/ai/test_ai_hint.py::test_a_hint_never_uses_a_hidden_card",
    "tests/ai/test_ai_search.py::test_the_search_changes_some_decisions",
    "tests/ai/test_ai_search.py::test_guessed_tables_look_like_the_real_one[6]",
    "tests/ui/test_ui_game.py::test_watched_game_cards_match_the_state_after_every_animation[4-",
    "tests/ui/test_ui_game.py::test_watched_game_cards_match_the_state_after_every_animation[6-",
    "tests/ui/test_ui_game.py::test_whole_game_by_clicks[4",
    "tests/ui/test_ui_game.py::test_reduced_motion_game_ends_every_animation_true",
    "tests/files/test_archive_stats.py::test_only_the_last_200_are_kept",
    "tests/test_assets.py::test_sound_files_are_what_make_sounds_writes",
    "tests/ui/test_ui_units.py::test_cli_selftest",
    "tests/test_cli.py::test_ctrl_c_exits_130_quietly",
    "tests/test_cli.py::test_seed_and_campers_apply_to_the_watched_game",
    "tests/test_cli_hardening.py::test_the_self_test_read_by_head_ends_quietly",
    # network play (tests/net): whole games, the full no-leak sweeps, faults that wait on
    # timeouts, the server killed and started again, the smoke tests of processes
    "tests/net/test_games.py::test_a_whole_game_every_view_is_the_replay_of_the_record[3-",
    "tests/net/test_games.py::test_a_whole_game_every_view_is_the_replay_of_the_record[6-",
    "tests/net/test_games.py::test_the_over_record_replays_through_the_command_to_the_last_view",
    "tests/net/test_no_leaks.py::test_a_seat_is_sent_the_same_bytes_whatever_the_cards_it_never_saw",
    "tests/net/test_no_leaks.py::test_until_a_seat_sees_a_card_its_messages_do_not_depend_on_it",
    "tests/net/test_hostile.py::test_a_hostile_stranger_gets_its_code_and_changes_nothing[flood]",
    "tests/net/test_faults.py::test_a_server_killed_mid_game_finishes_every_table_with_nothing_lost",
    "tests/net/test_smoke.py::test_the_server_command_and_four_client_processes_play_a_game",
    "tests/net/test_faults.py::test_a_client_200_ms_away_plays_on",
    "tests/net/test_faults.py::test_a_frozen_client_is_found_by_ping_and_its_stand_in_plays_until_it_returns",
    "tests/ui/test_ui_layering.py::test_a_watched_round_keeps_its_layers_frame_after_frame",
    "tests/ui/test_ui_layering.py::test_cards_in_motion_are_never_drawn_under_cards_lying_still[1920x1080-",
    "tests/ui/test_ui_layout_check.py::test_the_tutorials_last_lesson_its_reveal_and_its_end_fit[1920x1080]",
    "tests/ai/test_ai_hint.py::test_a_hint_names_each_card_by_owner_and_place_and_calls_a_guess_a_guess[6]",
    # a whole networked game through the table scene (the fast loop keeps the lobby, the cut
    # connection, the stand-in and the stalled peer)
    "tests/ui/test_net_table.py::test_a_hosted_game_with_a_friend_and_bots_plays_to_the_end_and_is_kept",
    # the sage (issue 37): whole games of the reference that searches every decision
    "tests/ai/test_ai_sage.py::test_the_sage_does_not_peek[",
    "tests/ai/test_ai_sage.py::test_the_sage_is_reproducible_and_legal",
    # the learned value (issue 37, second pass): searches judged by it, permuted behind their back
    "tests/ai/test_ai_value.py::test_a_search_judged_by_the_learned_value_does_not_peek[",
    # the lobby's share box in the larger windows (the fast loop keeps the smallest, 1024x640)
    "tests/ui/test_lobby_share.py::test_the_share_box_fits_and_says_how_friends_connect[1280x720",
    "tests/ui/test_lobby_share.py::test_the_share_box_fits_and_says_how_friends_connect[1920x1080",
    # issue 36, point 5: the whole lesson frame by frame at normal speed (the fast case stays)
    "tests/ui/test_tutorial_in_step.py::test_the_lesson_panel_follows_the_table_frame_by_frame[normal]",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        nodeid = item.nodeid.replace("\\", "/")
        if nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
