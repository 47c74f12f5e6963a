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
import sys

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
    # the quick reference is the trailblazer's policy at 3 campers, whose cases stay fast
    "tests/ai/test_ai.py::test_decisions_legal_and_view_untouched[quick-",
    "tests/ai/test_ai.py::test_reproducible_from_seed[quick-",
    "tests/ai/test_ai_hint.py::test_a_hint_is_legal_and_gives_numbers[4]",
    "tests/ai/test_ai_hint.py::test_a_hint_is_legal_and_gives_numbers[6]",
    "tests/ai/test_ai_hint.py::test_a_hint_never_uses_a_hidden_card",
    "tests/ai/test_ai_search.py::test_the_search_changes_some_decisions",
    "tests/ai/test_ai_search.py::test_guessed_tables_look_like_the_real_one[6]",
    "tests/ui/test_ui_watched_game.py::test_watched_game_cards_match_the_state_after_every_animation[4-",
    "tests/ui/test_ui_watched_game.py::test_watched_game_cards_match_the_state_after_every_animation[6-",
    "tests/ui/test_ui_game.py::test_whole_game_by_clicks[4",
    "tests/ui/test_ui_watched_game.py::test_reduced_motion_game_ends_every_animation_true",
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
    "tests/net/test_no_leaks_watching.py::test_a_watcher_is_sent_the_same_bytes_whatever_the_face_down_cards",
    "tests/net/test_no_leaks_watching.py::test_until_a_card_shows_a_watchers_messages_do_not_depend_on_it",
    "tests/net/test_hostile.py::test_a_hostile_stranger_gets_its_code_and_changes_nothing[flood]",
    "tests/net/test_faults.py::test_a_server_killed_mid_game_finishes_every_table_with_nothing_lost",
    "tests/net/test_smoke.py::test_the_server_command_and_four_client_processes_play_a_game",
    "tests/net/test_faults.py::test_a_client_200_ms_away_plays_on",
    "tests/net/test_faults.py::test_a_frozen_client_is_found_by_ping_and_its_stand_in_plays_until_it_returns",
    "tests/ui/test_ui_layering.py::test_a_watched_round_keeps_its_layers_frame_after_frame",
    "tests/ui/test_ui_layering.py::test_cards_in_motion_are_never_drawn_under_cards_lying_still[1920x1080-",
    "tests/ui/test_ui_layout_screens.py::test_the_tutorials_last_lesson_its_reveal_and_its_end_fit[1920x1080]",
    "tests/ai/test_ai_hint.py::test_a_hint_names_each_card_by_owner_and_place_and_calls_a_guess_a_guess[6]",
    # a whole networked game through the table scene (the fast loop keeps the lobby, the cut
    # connection, the stand-in and the stalled peer)
    "tests/ui/test_net_table.py::test_a_hosted_game_with_a_friend_and_bots_plays_to_the_end_and_is_kept",
    # watching a whole game and the review together through the desktop (tests/ui/test_watch_table.py)
    "tests/ui/test_watch_table.py::test_a_watcher_watches_a_whole_game_follows_a_camper_and_reviews_it_together",
    "tests/ui/test_watch_table.py::test_a_camper_opens_the_review_together_from_the_game_over_screen",
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
    # issue 35: the headless client's resume across a server restart (a process, seconds)
    "tests/net/test_wrong_answers.py::test_the_headless_client_resumes_after_the_server_restarts_and_finishes_the_game",
    "tests/net/test_leftovers.py::test_no_kind_of_connection_leaves_a_reference_cycle_behind_nor_a_log_line",
    # issue 36, point 13: the fast loop's tests that took half a second of processor time or
    # more (measured per test, this process and its children, user + system; the parametrized
    # tests keep a cheap case in the fast loop where they have one)
    "tests/ui/test_ui_backdrop.py::test_watched_game_frames_equal_fresh_drawings",
    "tests/ai/test_ai_hint.py::test_a_hint_names_each_card_by_owner_and_place_and_calls_a_guess_a_guess[4]",
    "tests/ui/test_ui_game.py::test_whole_game_by_keyboard",
    "tests/studies/test_belief_leans.py::test_one_game_sorts_kept_cards_by_what_their_keeper_gave_up",
    "tests/ai/test_ai_search.py::test_close_calls_are_searched_all_round_with_a_short_horizon",
    "tests/ui/test_ui_watched_game.py::test_watched_game_cards_match_the_state_after_every_animation[3-",
    "tests/ai/test_ai.py::test_no_peeking_check_catches_a_peeker",
    "tests/files/test_bounded_values.py::test_a_capped_clean_is_the_start_of_the_whole_clean",
    "tests/ai/test_ai_hint.py::test_a_hint_is_legal_and_gives_numbers[3]",
    "tests/ui/test_ui_game.py::test_whole_game_by_clicks[3",
    "tests/ai/test_ai_references.py::test_tournament_reports_knobs_and_both_times",
    "tests/ui/test_ui_watched_game.py::test_a_watched_game_at_instant_speed_shows_its_rounds_banners_and_result",
    "tests/ui/test_ui_game.py::test_duo_game_by_clicks",
    "tests/ui/test_hints.py::test_a_hint_does_not_change_when_unknown_cards_are_permuted",
    "tests/ui/test_ui_layering.py::test_cards_in_motion_are_never_drawn_under_cards_lying_still"
    "[1024x640-exchanges]",
    "tests/ui/test_ui_layering.py::test_cards_in_motion_are_never_drawn_under_cards_lying_still"
    "[1024x640-penalties]",
    "tests/ui/test_ui_layering.py::test_cards_in_motion_are_never_drawn_under_cards_lying_still"
    "[1024x640-take",
    "tests/ui/test_ui_look_and_feel.py::test_no_second_copy_of_the_action_table",
    "tests/test_assets.py::test_every_asset_named_in_the_code_is_in_the_manifest",
    "tests/rules/test_wire_view.py::test_the_rebuilt_view_is_the_seats_view_after_every_decision[6]",
    "tests/rules/test_sampling.py::test_the_sampler_draws_what_the_plain_policy_draws[6-",
    "tests/rules/test_sampling.py::test_every_act_is_found_by_its_index[6]",
    "tests/net/test_views.py::test_the_fast_texts_are_the_protocols_own[4]",
    "tests/net/test_views.py::test_the_fast_texts_are_the_protocols_own[6]",
    "tests/ui/test_ui_learn.py::test_the_guided_game_is_played_to_its_end_by_clicks",
    # issue 36, point 13 (after merging items 4-11): the fast loop's cases of a second or more
    # of wall time under load (about 0.3 s of processor time); the smallest window (1024x640),
    # the cheaper parameters and one case of each check stay in the fast loop
    "tests/rules/test_sampling.py::test_the_sampler_draws_what_the_plain_policy_draws[4-Random]",
    "tests/rules/test_sampling.py::test_the_sampler_draws_what_the_plain_policy_draws[3-Random]",
    "tests/files/test_hypothesis_files.py::test_a_game_round_trips_through_its_record_and_its_save",
    "tests/files/test_hypothesis_files.py::test_any_bytes_in_the_settings_file_give_settings_and_at_most_one_line",
    "tests/rules/test_wire_view.py::test_the_rebuilt_view_is_the_seats_view_after_every_decision[4]",
    "tests/ui/test_ui_layering.py::test_cards_in_motion_are_never_drawn_under_cards_lying_still"
    "[1024x640-a replacement",
    "tests/ui/test_ui_layout_screens.py::test_the_tutorials_last_lesson_its_reveal_and_its_end_fit[1280x720]",
    "tests/ui/test_ui_layout_screens.py::test_the_second_lessons_steps_and_its_end_fit[1920x1080]",
    "tests/ui/test_ui_layout_check.py::test_no_text_overlaps_text_or_cards_and_all_is_inside_the_window"
    "[3 solo-1280x720]",
    "tests/ui/test_ui_layout_check.py::test_no_text_overlaps_text_or_cards_and_all_is_inside_the_window"
    "[3 solo-1920x1080]",
    "tests/ui/test_ui_layout_check.py::test_no_text_overlaps_text_or_cards_and_all_is_inside_the_window"
    "[3 duo-1280x720]",
    "tests/ui/test_ui_layout_check.py::test_no_text_overlaps_text_or_cards_and_all_is_inside_the_window"
    "[3 duo-1920x1080]",
    "tests/ui/test_ui_layout_check.py::test_no_text_overlaps_text_or_cards_and_all_is_inside_the_window"
    "[4-1280x720]",
    "tests/ui/test_ui_layout_check.py::test_no_text_overlaps_text_or_cards_and_all_is_inside_the_window"
    "[6-1920x1080]",
    "tests/ui/test_ui_layout_check.py::test_a_raised_or_hovered_card_covers_no_label_and_no_other_cards_marks"
    "[1920x1080]",
    "tests/ui/test_ui_prompt_steady.py::test_the_buttons_stay_put_when_a_hint_comes_and_from_turn_to_turn"
    "[4-1920x1080]",
    "tests/ui/test_ui_prompt_steady.py::test_the_buttons_stay_put_when_a_hint_comes_and_from_turn_to_turn"
    "[3 duo-1920x1080]",
    "tests/ui/test_ui_prompt_steady.py::test_the_buttons_stay_put_when_a_hint_comes_and_from_turn_to_turn"
    "[3 duo-1280x720]",
    "tests/ai/test_ai.py::test_no_peeking[ranger-6]",
    "tests/net/test_smoke.py::test_ctrl_c_stops_the_server_cleanly_and_its_data_folder_defaults_to_the_users",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        nodeid = item.nodeid.replace("\\", "/")
        if nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def live_skin_caches() -> None:
    """A font made before an earlier test's `pygame.quit` cannot draw after it: the skin's
    caches are dropped then, so a test passes whatever ran before it."""
    pygame = sys.modules.get("pygame")
    if pygame is not None and "game.ui.skin" in sys.modules and not pygame.font.get_init():
        sys.modules["game.ui.skin"].clear_caches()


# The only tests that keep the window's heap trims (they test them, and the fuzz's memory).
TRIMS_TESTED = "test_ui_memory.py"


@pytest.fixture(autouse=True)
def no_heap_trims(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window collects dead screens and trims the heap every 2 s and on every screen
    change (`App._trim_when_settled`, issue 36 point 3): a fraction of a millisecond in the
    game, whose heap is tens of MB, but in the test process, whose heap holds every earlier
    test's leftovers, each pass walks far more (13 s of the UI tests' 40 s, the fast loop
    60 s -> 90 s). Outside the memory tests the window skips them."""
    if request.node.path.name == TRIMS_TESTED or not _may_open_the_window(request):
        return
    from game.ui.kit.app import App

    monkeypatch.setattr(App, "_trim_when_settled", lambda self, top, t0: None)


def _may_open_the_window(request: pytest.FixtureRequest) -> bool:
    """A test that may open the window: anything but the rules, files and learning folders."""
    parts = request.node.path.parts
    return not any(p in parts for p in ("rules", "files", "learn"))
