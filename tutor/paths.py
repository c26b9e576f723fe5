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


def private_folder(path) -> Path:
    """Make folder `path` and any missing parents readable by their owner
    only (0700, whatever the umask: they hold rosters, keys and progress);
    folders that exist already are left as they are."""
    path = Path(path)
    missing = []
    for folder in (path, *path.parents):
        if folder.exists():
            break
        missing.append(folder)
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            continue
        os.chmod(folder, 0o700)           # mkdir's mode goes through the umask
    return path
