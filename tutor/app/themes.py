"""Extra themes: a high-contrast one and a monochrome one.

The grid never relies on colour alone (see widgets/grid.py), so the
monochrome theme (and NO_COLOR) keep every cue readable.
"""
from __future__ import annotations

from textual.theme import Theme

HIGH_CONTRAST = Theme(
    name="sudoku-high-contrast",
    primary="#00E5FF",
    secondary="#FF4FFF",
    accent="#FFD000",
    warning="#FFFF00",
    error="#FF3030",
    success="#00FF40",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    boost="#FFFFFF",
    dark=True,
    luminosity_spread=0.25,
    text_alpha=1.0,
)

MONOCHROME = Theme(
    name="sudoku-mono",
    primary="#C0C0C0",
    secondary="#A0A0A0",
    accent="#808080",
    warning="#E0E0E0",
    error="#FFFFFF",
    success="#FFFFFF",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#202020",
    dark=True,
    text_alpha=1.0,
)

THEMES = (HIGH_CONTRAST, MONOCHROME)


def register_themes(app) -> None:
    for theme in THEMES:
        app.register_theme(theme)
