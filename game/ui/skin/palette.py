"""The palette of the game: every colour the interface uses, as plain RGB tuples.

Pure constants, no imports: the art, the widgets and the table read their colours here so
that a change of look is one edit. The two team colours are an Okabe-Ito style sky-blue /
orange pair, chosen to stay apart for protanopes, deuteranopes and tritanopes
(`build/colour_check.py` measures it).
"""

# ---- the table ------------------------------------------------------------------------
TABLE = (38, 84, 62)  # campsite grass green: the table's base colour
BG = TABLE
TABLE_DARK = (24, 56, 42)  # vignette edge and texture shadows
TABLE_LIGHT = (58, 112, 82)  # texture highlights (clover, needles)
FLAT_TABLE = False  # the table drawn in one flat colour (high contrast), not as grass
PANEL = (26, 34, 32)  # side panels, dialogs, the log
PANEL_EDGE = (74, 92, 84)

# ---- text ----------------------------------------------------------------------------
INK = (246, 238, 220)  # main text on the table and panels (warm off-white)
MUTED = (168, 180, 168)  # secondary text, hints
CARD_INK = (59, 42, 32)  # text printed on the cream card (value, action words)
CARD_CREAM = (255, 246, 224)  # the card's border and corner tabs
BOLD_VALUES = False  # card values drawn bolder and larger (high contrast)
ACCENT = (250, 196, 64)  # campfire yellow: focus, active seat, important numbers
DANGER = (232, 90, 70)  # warnings, failed match
GOOD = (120, 210, 120)  # success, round won

# ---- teams (see module docstring) ----------------------------------------------------------
TEAM_COLORS = (
    (86, 180, 233),  # team 0: sky blue
    (230, 159, 0),  # team 1: orange
)
TEAM = TEAM_COLORS
TEAM_NAMES = ("Blue team", "Orange team")

# ---- card states ---------------------------------------------------------------------
HIGHLIGHT = (190, 255, 235)  # glow around a legal target (pale mint: unlike the teams and SELECTED)
SELECTED = (255, 226, 92)  # glow/border of a chosen card (bright campfire yellow)
SHADOW = (0, 0, 0, 90)  # soft shadow under a card (RGBA)
SEEN_MARK = (255, 243, 196)  # the eye token's face

# ---- buttons ---------------------------------------------------------------------------
BUTTON = (58, 74, 70)
BUTTON_HOVER = (78, 100, 94)
BUTTON_EDGE = (110, 132, 124)
BUTTON_TEXT = INK
BUTTON_DISABLED = (46, 54, 52)
BUTTON_DISABLED_TEXT = (116, 124, 120)
SCRAM = (214, 64, 52)  # the Scram button: alarm red
SCRAM_HOVER = (236, 88, 70)
SCRAM_TEXT = (255, 248, 236)

# ---- text fields -------------------------------------------------------------------------
FIELD = (24, 30, 34)
FIELD_EDGE = (90, 104, 110)
PLACEHOLDER = (120, 126, 128)  # a field's grey words when it is empty ("random")

# ---- deck count badge -------------------------------------------------------------------
BADGE = (59, 42, 32)
BADGE_TEXT = (255, 243, 196)
