"""The card's shape, shared by everything drawn on or around a card: 5:7, and the SVG
frame's measures in its own units (a card is 250 x 350 units)."""

UNITS = 250
PANEL_INSET = 14  # the art panel's inset from the card's edge
PANEL_RADIUS = 14  # the art panel's corner radius


def card_height(width: int) -> int:
    """The height of a card `width` pixels wide (cards are 5:7)."""
    return round(width * 7 / 5)
