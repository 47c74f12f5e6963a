"""The assets: every manifest file exists and loads; the card renderer and sound board work."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import ast  # noqa: E402
import sys  # noqa: E402
import wave  # noqa: E402
from array import array  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import assets  # noqa: E402
from game.rules.cards import ACTIONS  # noqa: E402
from game.ui import skin  # noqa: E402
from game.ui.kit import sound
from game.ui.skin import cards, palette  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.mark.parametrize("parts", assets.MANIFEST, ids="/".join)
def test_manifest_file_exists_and_loads(parts):
    path = assets.asset_path(*parts)
    assert path.stat().st_size > 0
    suffix = path.suffix.lower()
    if suffix == ".svg":
        text = path.read_text(encoding="utf-8")
        assert "<text" not in text and "<filter" not in text and "<mask" not in text  # nanosvg can't
        size = (50, 70) if parts[0] == "cards" else (40, 40)
        img = pygame.image.load_sized_svg(str(path), size)
        assert abs(img.get_width() - size[0]) <= 1 and abs(img.get_height() - size[1]) <= 1
        assert img.get_bounding_rect().w > 0  # something was drawn
    elif suffix == ".png":
        assert pygame.image.load(str(path)).get_size() == (64, 64)
    elif suffix in (".ttf", ".otf"):
        assert pygame.font.Font(str(path), 20).size("Scram 13")[0] > 0
        assert (path.parent / "OFL.txt").is_file()
    elif suffix == ".wav":
        rate, samples = _wav_samples(path)
        assert rate == 22050
        assert 0 < len(samples) / rate < 3.0


def _wav_samples(path: Path) -> tuple[int, list[int]]:
    """(rate, 16-bit samples) of one of the game's effects: mono 16-bit PCM or IMA ADPCM."""
    import ima_adpcm

    try:
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
            return w.getframerate(), list(array("h", w.readframes(w.getnframes())))
    except wave.Error:  # not PCM (the wave module reads PCM only)
        return ima_adpcm.decode(path.read_bytes())


def test_every_asset_file_is_in_the_manifest():
    listed = {Path(*parts) for parts in assets.MANIFEST}
    root = assets.assets_root()
    on_disk = {
        p.relative_to(root)
        for p in root.rglob("*")
        if p.is_file() and p.name != "__init__.py" and "__pycache__" not in p.parts  # the package's
    }
    assert on_disk - listed == set(), "unlisted asset files (add them to MANIFEST or delete them)"


def test_assets_size_is_modest():
    total = sum(p.stat().st_size for p in assets.assets_root().rglob("*") if p.is_file())
    assert total < 3 * 1024 * 1024


def test_missing_asset_raises_a_clear_error():
    with pytest.raises(assets.AssetMissing, match="cards/card_99.svg"):
        assets.asset_path("cards", "card_99.svg")


def test_asset_path_from_a_frozen_executable(monkeypatch, tmp_path):
    (tmp_path / "assets" / "ui").mkdir(parents=True)
    (tmp_path / "assets" / "ui" / "icon.png").write_bytes(b"x")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_path("ui", "icon.png") == tmp_path / "assets" / "ui" / "icon.png"


def test_game_assets_imports_no_pygame():
    tree = ast.parse((ROOT / "game" / "assets.py").read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(name.split(".")[0] == "pygame" for name in names)


def test_palette_imports_nothing():
    tree = ast.parse((ROOT / "game" / "ui" / "skin" / "palette.py").read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert len(palette.TEAM_COLORS) == 2 and palette.TEAM_COLORS[0] != palette.TEAM_COLORS[1]


@pytest.mark.parametrize("width", [56, 180])
@pytest.mark.parametrize("value", [*range(1, 14), "="])
def test_card_face_every_value(value, width):
    face = skin.card_face(value, width)
    assert face.get_size() == (width, round(width * 7 / 5))
    assert face.get_bounding_rect().size == face.get_size()  # the card fills its rectangle
    assert skin.card_face(value, width) is face  # cached


def test_card_face_accepts_zero_for_equals_and_rejects_nonsense():
    assert skin.card_face(0, 64).get_size() == (64, 90)
    with pytest.raises(ValueError):
        skin.card_face(14, 64)


def test_cards_differ_from_each_other():
    faces = [pygame.image.tobytes(skin.card_face(v, 64), "RGBA") for v in [*range(1, 14), "="]]
    faces.append(pygame.image.tobytes(skin.card_back(64), "RGBA"))
    assert len(set(faces)) == 15


def test_pieces_render():
    assert skin.card_back(48).get_size() == (48, 67)
    assert skin.card_back(400).get_size() == (400, 560)
    assert skin.eye_icon(24).get_size() == (24, 24)
    assert skin.action_icon(9, 20).get_size() == (20, 20)
    assert skin.action_icon(3, 20) is None and skin.action_icon("=", 20) is None
    assert skin.window_icon().get_size() == (64, 64)
    assert skin.table_background((1024, 640)).get_size() == (1024, 640)
    for kind in ("display", "text"):
        assert skin.font(kind, 18).size("Give 13")[1] > 0


def test_sound_board_plays_with_dummy_audio_and_honours_mute(monkeypatch):
    board = sound.SoundBoard(volume=0.5)
    assert board.available  # SDL_AUDIODRIVER=dummy still gives a mixer
    assert isinstance(board._load("draw"), pygame.mixer.Sound)  # the real file loads
    board.play("draw")  # and plays into the dummy device
    played = []

    class Spy:  # pygame's Sound type is immutable: count plays with a stand-in
        def play(self):
            played.append(1)

        def set_volume(self, v):
            pass

    board._sounds = {"draw": Spy(), "flip": Spy()}
    board.play("draw")
    assert len(played) == 1
    board.muted = True
    board.play("draw")
    board.muted = False
    board.volume = 0
    board.play("flip")
    assert len(played) == 1
    board.volume = 7
    assert board.volume == 1.0
    board.play("no such sound")  # unknown names are ignored, not fatal
    board._sounds = {}
    assert board.preload() == []  # every real file loads


def test_sound_board_is_silent_without_a_mixer(monkeypatch):
    def fail(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    board = sound.SoundBoard()
    assert not board.available
    board.play("scram")  # does nothing, raises nothing
    assert board.preload() == list(assets.SOUNDS)  # none could be loaded, and it says so


def _smallest_table_card() -> int:
    from game.ui.kit.app import MIN_SIZE
    from game.ui.table.layout import Layout

    return min(seat.card_w for n in (3, 4, 6) for seat in Layout(MIN_SIZE, n, 0).seats.values())


@pytest.mark.parametrize("value", range(1, 14))
def test_corner_value_is_readable_at_the_smallest_table_card(value):
    width = _smallest_table_card()
    tab = cards._corner_tab(str(value), width, width < skin.SMALL_CARD)
    ink = pygame.mask.from_threshold(tab, palette.CARD_INK, (40, 40, 40, 255)).get_bounding_rects()
    tall = max(r.bottom for r in ink) - min(r.top for r in ink)
    assert tall >= 9, f"the {value} is {tall} px tall on a {width} px card"


@pytest.mark.parametrize("width", [skin.SMALL_CARD, 140, 180, 400])
def test_action_words_are_readable_and_even(width):
    sizes = {v: skin.action_words(v, width)[1] for v in range(5, 14)}
    assert min(sizes.values()) >= 10  # px, Cabin Bold
    # within 15%: "View 2 + swap" (on two lines) and "Discard 1" (beside a wide "10") too
    assert min(sizes.values()) >= 0.85 * max(sizes.values())
    for v in range(5, 14):
        assert " ".join(skin.action_words(v, width)[0]) == ACTIONS[v].name


# ---- the build scripts: the checked-in files are what they make ------------------------------
# (build/ is on the tests' path: pyproject's pytest `pythonpath`)


@pytest.mark.slow
def test_sound_files_are_what_make_sounds_writes(monkeypatch, tmp_path):
    import make_sounds

    monkeypatch.setattr(make_sounds, "OUT", tmp_path)
    assert make_sounds.main() == 0
    for name in assets.SOUNDS:
        made = (tmp_path / f"{name}.wav").read_bytes()
        assert made == assets.asset_path("sounds", f"{name}.wav").read_bytes(), name
        assert len(made) < 100_000  # small files


def test_adpcm_effects_sound_as_synthesized_and_sdl_decodes_them_as_we_do():
    """The effects stored as IMA ADPCM keep 30 dB of what make_sounds synthesized, and SDL's
    WAV loader (what pygame.mixer.Sound uses) turns each into exactly the samples our own
    decoder reads, the padding to whole blocks included."""
    import ima_adpcm
    import make_sounds

    pygame.mixer.quit()
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    try:
        adpcm = 0
        for name in assets.SOUNDS:
            path = assets.asset_path("sounds", f"{name}.wav")
            try:
                _rate, ours = ima_adpcm.decode(path.read_bytes())
            except ValueError:  # stored as PCM
                continue
            adpcm += 1
            assert ima_adpcm.snr(make_sounds.synthesized(name), ours) >= make_sounds.MIN_SNR, name
            assert list(array("h", pygame.mixer.Sound(str(path)).get_raw())) == ours, name
        assert adpcm >= 4  # the long tones, where the room is
    finally:
        pygame.mixer.quit()


def test_card_and_icon_svgs_are_what_make_art_writes():
    import make_art

    for value, (_name, draw) in make_art.CRITTERS.items():
        assert make_art.face(value, draw()) == assets.asset_path(*assets.card_file(value)).read_text("utf-8")
    assert make_art.equals_card() == assets.asset_path(*assets.card_file("=")).read_text("utf-8")
    assert make_art.back() == assets.asset_path("cards", "back.svg").read_text("utf-8")
    for name, draw in make_art.UI_ICONS.items():
        assert draw() == assets.asset_path("ui", name).read_text("utf-8"), name


def test_team_colours_stay_apart_in_every_simulated_vision():
    import colour_check

    t0, t1 = palette.TEAM_COLORS
    for vision in colour_check.MATRICES:
        assert colour_check.delta_e(t0, t1, vision) >= colour_check.MIN_DE, vision
    # the simulation is real: a red and a green a deuteranope confuses come out (nearly) alike
    assert colour_check.delta_e((200, 90, 40), (200, 90, 40), "normal") == 0
    assert colour_check.delta_e((176, 110, 0), (128, 128, 8), "normal") > 20
    assert colour_check.delta_e((176, 110, 0), (128, 128, 8), "deuteranopia") < 5


def test_contact_sheet_renders(tmp_path):
    import contact_sheet

    out = tmp_path / "sheet.png"
    assert contact_sheet.main(str(out)) == 0
    assert pygame.image.load(str(out)).get_width() >= 1400


def _calls(name: str):
    """(file, args) of every call to a function or method called `name` under game/."""
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                f = node.func
                if (f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)) == name:
                    yield path.name, node.args


@pytest.mark.slow
def test_every_asset_named_in_the_code_is_in_the_manifest():
    named = []
    for fn in ("asset_path", "svg"):
        for where, args in _calls(fn):
            if args and isinstance(args[0], ast.Tuple):  # svg(("ui", "eye.svg"), size)
                args = args[0].elts
            if args and all(isinstance(a, ast.Constant) for a in args):
                named.append((where, tuple(a.value for a in args)))
    assert len(named) >= 3  # back.svg, eye.svg, icon.png at least: the scan sees them
    for where, parts in named:
        assert parts in assets.MANIFEST, f"{where} names {'/'.join(parts)}, not in MANIFEST"


def test_every_sound_the_game_plays_exists():
    played = {
        args[0].value
        for _where, args in _calls("play")
        if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str)
    }
    assert {"draw", "flip", "slide", "discard", "shuffle", "scram", "click"} <= played
    assert played <= set(assets.SOUNDS), played - set(assets.SOUNDS)


@pytest.mark.parametrize("width", [40, 100, 160])
def test_card_glow_is_a_crisp_rim_fading_out_into_the_table(width):
    glow = skin.card_glow(width, palette.SELECTED)
    spread = skin.glow_spread(width)
    assert glow.get_size() == (width + 2 * spread, skin.card_height(width) + 2 * spread)
    y = glow.get_height() // 2
    alphas = [glow.get_at((x, y)).a for x in range(spread)]  # from the outer edge to the card
    assert alphas == sorted(alphas) and alphas[0] < 40 and alphas[-1] == 255  # soft, then the rim
    assert tuple(glow.get_at((spread - 1, y)))[:3] == palette.SELECTED
    assert skin.card_glow(width, palette.SELECTED) is glow  # cached


def test_card_face_can_keep_its_small_design_at_any_width():
    wide = skin.card_face(5, 120)
    kept = skin.card_face(5, 120, True)  # a small card raised on the table
    assert kept.get_size() == wide.get_size()
    assert pygame.image.tobytes(kept, "RGBA") != pygame.image.tobytes(wide, "RGBA")
    assert skin.card_face(5, 80, True) is skin.card_face(5, 80, True)
    small = pygame.image.tobytes(skin.card_face(5, 80), "RGBA")
    assert small == pygame.image.tobytes(skin.card_face(5, 80, True), "RGBA")  # the default below SMALL_CARD


def test_count_badge_shows_the_count():
    a, b = skin.count_badge(35, 30), skin.count_badge(7, 30)
    assert a.get_size() == (30, 30) and a.get_at((0, 0)).a == 0  # round
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def test_the_self_tests_sound_check_names_an_effect_that_will_not_load(monkeypatch, tmp_path):
    """`scram --selftest` loads every effect (the executable's own SDL decodes them): a file
    the mixer cannot read fails the check, by name."""
    from types import SimpleNamespace

    from game.ui.selftest import CheckFailed, check_sounds

    assert check_sounds(SimpleNamespace(sound=sound.SoundBoard())) == "13 effects loaded"
    broken = tmp_path / "flip.wav"
    broken.write_bytes(b"RIFF\x04\x00\x00\x00WAVE")  # a WAVE file with nothing in it
    real = sound.asset_path
    monkeypatch.setattr(sound, "asset_path", lambda *p: broken if p == ("sounds", "flip.wav") else real(*p))
    with pytest.raises(CheckFailed, match="1 of 13 effects would not load: flip"):
        check_sounds(SimpleNamespace(sound=sound.SoundBoard()))
