"""Where shipped data lives: inside the installed package (tutor/data/...)
or, in a checkout or editable install, at the top of the repository."""
from __future__ import annotations

import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """'lessons' or 'puzzles'."""
    packaged = _PKG / "data" / name
    if packaged.is_dir():
        return packaged
    return _PKG.parent / name


def user_data_dir() -> Path:
    """Per-user state (progress store): $SUDOKU_TUTOR_HOME, else XDG data home."""
    env = os.environ.get("SUDOKU_TUTOR_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "sudoku-tutor"
