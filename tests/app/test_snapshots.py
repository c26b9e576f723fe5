"""SVG snapshots of the main screen with a pattern highlighted.

The reference files live in tests/app/snapshots/ and are committed.  A
missing or different file fails the test; to (re)write them after an
intended change of the look, run with SUDOKU_TUTOR_UPDATE_SNAPSHOTS=1 and
look at the new SVGs before committing them.  They depend on the Textual
version (its SVG export and widget styles).
"""
from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest
from app_helpers import cell, make, settle, wait_rating

from tutor.engine.finder import find_all

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("SUDOKU_TUTOR_UPDATE_SNAPSHOTS") == "1"


def normalise(svg: str) -> str:
    """Drop what may change between runs: generated ids."""
    svg = re.sub(r"terminal-\d+", "terminal-X", svg)
    return svg


def compare(name: str, svg: str) -> None:
    path = SNAPSHOTS / f"{name}.svg"
    svg = normalise(svg)
    if UPDATE:
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"snapshot {path.name} is missing: run with SUDOKU_TUTOR_UPDATE_SNAPSHOTS=1, "
                    "check the SVG by eye and commit it")
    want = path.read_text(encoding="utf-8")
    if svg != want:
        diff = "\n".join(list(difflib.unified_diff(want.splitlines(), svg.splitlines(),
                                                   "stored", "now", lineterm=""))[:40])
        pytest.fail(f"snapshot {path.name} differs:\n{diff}")


@pytest.mark.parametrize("size, theme", [
    ((80, 24), "textual-dark"),
    ((120, 40), "textual-dark"),
    ((80, 24), "sudoku-mono"),
])
async def test_main_screen_with_a_pattern(lockedset_braces, size, theme):
    app = make(lockedset_braces)
    async with app.run_test(size=size) as pilot:
        await wait_rating(pilot)
        app.theme = theme
        play = app.play
        step = next(s for s in find_all(play.game.position, ["naked-subset"])
                    if s.text.startswith("Naked Pair: 3,9 in r38c3"))
        play.move_cursor(cell("r4c3"))
        play.show_step(step)
        await pilot.press("x", "4")                    # a claim mark as well
        await settle(pilot)
        compare(f"main-{size[0]}x{size[1]}-{theme}", app.export_screenshot(title="sudoku-tutor"))
