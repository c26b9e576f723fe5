"""One entry of the command palette (ctrl+p).

The palette (commands.py) lists entries; screens such as the lesson
browser (screens/lessons.py) make them.  The shared name lives here, below
both, so neither imports the other for it.
"""
from __future__ import annotations

from typing import Callable, Iterable, NamedTuple


class PaletteCommand(NamedTuple):
    title: str
    callback: Callable[[], object]
    help: str = ""
    discover: bool = True          # listed before anything is typed


Source = Callable[[object], Iterable[PaletteCommand]]
