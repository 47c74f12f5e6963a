"""The look (game/ui/skin): one package of small modules, the one table of action families
and their words and icons (no second copy anywhere in the game), the fans' smoothly turned
cards, and picture caches bounded by bytes."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest
import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.rules.cards import ACTION_FAMILIES, ACTION_NAMES, ACTION_VALUES, ACTIONS, EQ

ROOT = Path(__file__).resolve().parents[3]


def _window() -> None:
    """A window for convert_alpha() (the skin's surfaces are made for the display)."""
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


# ---- one home for the look; one table of the actions ---------------------------------------------
def test_the_look_is_one_package_with_small_modules():
    ui = ROOT / "game" / "ui"
    assert not (ui / "art.py").exists() and not (ui / "theme.py").exists() and not (ui / "skin.py").exists()
    for path in (ui / "skin").glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 500, path.name
    for path in ui.rglob("*.py"):  # no module is imported by name with a stand-in any more
        assert "import_module" not in path.read_text(encoding="utf-8"), path.name


def test_every_action_card_has_one_family_name_and_words():
    assert set(ACTIONS) == ACTION_VALUES
    assert {a.family for a in ACTIONS.values()} == set(ACTION_FAMILIES)
    assert ACTION_NAMES == {v: a.name for v, a in ACTIONS.items()}


def test_the_uis_action_words_come_from_the_cards_module():
    from game.seat.words import ACTION_HELP, action_help
    from game.ui import skin

    for v, a in ACTIONS.items():
        assert ACTION_HELP[v] == f"{a.name}: {a.words}" and action_help(v) == ACTION_HELP[v]
        assert " ".join(skin.action_words(v, 140)[0]) == a.name
    assert "no action" in action_help(EQ).lower() and "no action" in action_help(3).lower()


@pytest.mark.slow
def test_no_second_copy_of_the_action_table():
    """Each action's name and words are written once, in game/rules/cards.py: no other module of the
    game holds them as a literal, and no other dict literal maps the action values to words."""
    texts = {a.name for a in ACTIONS.values()} | {a.words for a in ACTIONS.values()}
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path == ROOT / "game" / "rules" / "cards.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        literals = {
            n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
        }
        assert not literals & texts, f"{path.name} repeats {literals & texts}"
        for node in ast.walk(tree):  # (the legality's target shapes, tuples, are rules, not words)
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                words = all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in node.values)
                assert not (words and len(keys & ACTION_VALUES) >= 5), f"{path.name}: action words again"


def test_action_icons_follow_the_family():
    from game.ui import skin

    _window()
    icon = {v: pygame.image.tobytes(skin.action_icon(v, 24), "RGBA") for v in ACTIONS}
    for v, a in ACTIONS.items():
        same = {w for w, b in ACTIONS.items() if b.family == a.family}
        assert {w for w in ACTIONS if icon[w] == icon[v]} == same


# ---- the card pictures and their caches ----------------------------------------------------------
def test_the_fans_cards_are_turned_with_smooth_edges():
    from game.ui import skin

    _window()
    turned = skin.turned_card(7, 64, 9)
    solid = pygame.mask.from_surface(turned, 250).count()
    touched = pygame.mask.from_surface(turned, 5).count()
    outline = 2 * (64 + 90)
    assert touched - solid > outline * 0.6  # the edge blends in (a plain rotate: hard steps)
    plain = pygame.transform.rotate(skin.card_face(7, 64), 9)
    assert (
        pygame.mask.from_surface(plain, 5).count() - pygame.mask.from_surface(plain, 250).count()
        < (touched - solid) / 2
    )


def test_surface_caches_are_bounded_by_bytes_least_recently_used_first():
    """A cache keeps surfaces while their pixels fit its budget."""
    from game.ui.skin.memo import MB, surface_cache

    made = []

    @surface_cache(1)  # 1 MB: four 512×128 surfaces of 256 KB each
    def picture(k: int) -> pygame.Surface:
        made.append(k)
        return pygame.Surface((512, 128), pygame.SRCALPHA)

    for k in range(4):
        picture(k)
    picture(0)  # used again: now the most recent
    picture(4)  # over the budget: the least recently used (1) goes
    assert picture.cache_info().bytes <= MB and picture.cache_info().currsize == 4
    picture(0)
    picture(1)
    assert made == [0, 1, 2, 3, 4, 1]
    picture.cache_clear()
    assert picture.cache_info().currsize == 0


def test_the_card_caches_stay_within_their_budget_across_many_sizes():
    from game.ui import skin

    for width in range(60, 400, 7):
        skin.card_face(7, width)
        skin.card_back(width)
    assert skin.card_face.cache_info().bytes <= skin.card_face.cache_info().budget
    assert skin.card_back.cache_info().bytes <= skin.card_back.cache_info().budget
