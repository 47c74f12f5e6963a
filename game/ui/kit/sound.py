"""The sound effects: a small board that plays them by name, at a volume, or not at all.

Effects are loaded the first time they are played. If the audio mixer cannot start (no
sound device, a headless machine) the board stays silent instead of failing: sound must
never stop the game. With SDL_AUDIODRIVER=dummy the mixer starts and plays into nothing.

The chime that says the player's turn has come (`CHIME`) has a switch of its own (`chime`,
the settings' "Turn chime"): a player may want the game's sounds without it, or only it.
"""

from __future__ import annotations

import pygame

from game.assets import SOUNDS, AssetMissing, asset_path

CHIME = "your_turn"  # the sound of the player's turn coming


class SoundBoard:
    """Plays the named effects of `game.assets.SOUNDS` ("draw", "flip", "scram", ...)."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self.muted = muted
        self.chime = True  # False: the turn chime stays silent, the other sounds play
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._ready: bool | None = None  # None: the mixer has not been tried yet

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)
        for snd in self._sounds.values():
            if snd is not None:
                snd.set_volume(self._volume)

    @property
    def available(self) -> bool:
        """Whether sound can play (tries to start the mixer the first time)."""
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                self._ready = True
            except (pygame.error, OSError):
                self._ready = False
        return self._ready

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            snd = None
            if name in SOUNDS:
                try:
                    snd = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
                    snd.set_volume(self._volume)
                except (pygame.error, AssetMissing) as e:
                    print(f"scram: sound {name!r} not loaded ({e})")
            self._sounds[name] = snd  # an unknown or broken sound is remembered as silent
        return self._sounds[name]

    def play(self, name: str) -> None:
        """Play an effect once; does nothing when muted, at volume 0, or without audio (nor
        the turn chime when it is switched off)."""
        if self.muted or self._volume <= 0 or (name == CHIME and not self.chime) or not self.available:
            return
        snd = self._load(name)
        if snd is not None:
            snd.play()

    def preload(self) -> list[str]:
        """Load every effect now (avoids a tiny stall on the first play of each); the names
        of those that would not load (all of them when the mixer cannot start)."""
        if not self.available:
            return list(SOUNDS)
        return [name for name in SOUNDS if self._load(name) is None]


def _clamp(v: float) -> float:
    return min(1.0, max(0.0, float(v)))
