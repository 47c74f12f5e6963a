"""Pictures from the SVG files under assets/, rendered at the exact pixel size asked for."""

from __future__ import annotations

import pygame

from game.assets import asset_path


def svg(parts: tuple[str, ...], size: tuple[int, int]) -> pygame.Surface:
    """An SVG rendered by nanosvg at exactly `size` pixels (with alpha). A missing file raises
    game.assets.AssetMissing, which the program turns into one line for the player."""
    img = pygame.image.load_sized_svg(str(asset_path(*parts)), size)
    if img.get_size() != tuple(size):
        # SDL_image rounds the scaled height up now and then (252.0000001 -> 253 px): fit it
        # to the exact size asked for, cropping (or, if it came out smaller, stretching) 1 px.
        if img.get_width() >= size[0] and img.get_height() >= size[1]:
            img = img.subsurface((0, 0, *size)).copy()
        else:
            img = pygame.transform.smoothscale(img, size)
    return ready(img)


def window_open() -> bool:
    """Whether a window is open, whose pixel format pictures can be converted to. Asked of
    SDL's window, never of the display surface: `pygame.display.get_surface()` may free the
    surface the app is drawing on (game/ui/kit/display.py), so nothing but the app asks for it."""
    if not pygame.display.get_init():
        return False
    try:
        pygame.display.get_window_size()
    except pygame.error:  # no window
        return False
    return True


def ready(img: pygame.Surface) -> pygame.Surface:
    """`img` in the window's pixel format when there is a window (quicker to draw), as is
    otherwise (the build scripts and tests render without one)."""
    return img.convert_alpha() if window_open() else img
