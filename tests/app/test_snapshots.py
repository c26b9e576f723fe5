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
from app_helpers import cell, make, settle, try_first_example, wait_rating

from tutor.engine.registry import find_all

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


# ------------------------------------------------------------------ every screen at 80x24
#
# Text snapshots (the characters on screen, one line a row): readable in a
# diff, and what "readable at 80x24" is about.  The colours are covered by the
# SVG snapshots above.  Each screen is filled with the long texts a real class
# produces (verdicts, hints, long names, a running quiz).

def screen_text(app) -> str:
    """The screen as plain text, the way export_screenshot draws it."""
    import io
    from rich.console import Console
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


def compare_text(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if UPDATE:
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"snapshot {path.name} is missing: run with SUDOKU_TUTOR_UPDATE_SNAPSHOTS=1, "
                    "read it and commit it")
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "\n".join(difflib.unified_diff(want.splitlines(), text.splitlines(),
                                              "stored", "now", lineterm=""))
        pytest.fail(f"snapshot {path.name} differs:\n{diff}")
    assert all(len(line) <= 80 for line in text.splitlines())


async def snap(pilot, name: str) -> None:
    await settle(pilot)
    compare_text(f"{name}-80x24", screen_text(pilot.app))


async def test_80x24_first_screen():
    app = make()                                    # a new learner, no saved game
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_rating(pilot)
        await snap(pilot, "first-screen")


async def test_80x24_steps_tab():
    from app_helpers import LOCKEDSET
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_rating(pilot)
        await pilot.press("s")
        await snap(pilot, "steps-tab")


async def test_80x24_log_after_claims_and_hints(lockedset_braces):
    from app_helpers import goto
    app = make(lockedset_braces)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_rating(pilot)
        for name, digit in (("r4c3", 3), ("r6c3", 3)):
            goto(app, name)
            await pilot.press("x", str(digit))
        await pilot.press("enter")
        await settle(pilot)
        sol = app.play.game.solution()
        goto(app, "r4c3")
        await pilot.press("x", str(sol[cell("r4c3")]), "enter")
        await settle(pilot)
        await pilot.press("escape", "escape")
        for _ in range(3):
            await pilot.press("H")
            await settle(pilot)
        await pilot.press("g")
        await snap(pilot, "log")


@pytest.mark.slow
async def test_80x24_lesson_tab_after_trying_an_example():
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await try_first_example(pilot)
        await wait_rating(pilot)
        await snap(pilot, "lesson-tab")


async def test_80x24_help():
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await snap(pilot, "help")


async def test_80x24_puzzle_picker():
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        await app.screen.workers.wait_for_complete()
        await snap(pilot, "puzzle-picker")


async def test_80x24_paste_with_an_error():
    from textual.widgets import TextArea
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        await settle(pilot)
        app.screen.query_one(TextArea).text = "22" + "." * 79
        await pilot.press("ctrl+s")
        await snap(pilot, "paste")


async def test_80x24_export(lockedset_braces):
    app = make(lockedset_braces)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await snap(pilot, "export")


@pytest.mark.slow
async def test_80x24_lesson_browser_with_an_example():
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("L")
        await settle(pilot)
        await pilot.press("2")
        await snap(pilot, "lessons")


async def test_80x24_quiz():
    app = make(start_screen="quiz", start_args={"target": "locked-set"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        for entry in ("r6c45 #38", "r6c45 #39", "Swordfish #3 R348 C136"):
            if screen.focused is not screen.entry:
                await pilot.press("tab")
            screen.entry.value = entry
            await pilot.press("enter")
            await settle(pilot)
        await snap(pilot, "quiz")


async def test_80x24_progress(store_path):
    app = make(store_path=store_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for t, score in (("naked-subset", 0.9), ("hidden-subset", 0.4), ("x-wing", 1.0)):
            app.store.record_attempt("tester", t, "find-all", score, 20.0)
        app.store.record_confusion("tester", "naked-subset", "hidden-subset")
        await pilot.press("M")
        await snap(pilot, "progress")


async def test_80x24_teacher(tmp_path):
    from app_helpers import LOCKEDSET, busy_class
    from tutor.app import make_app
    path = str(tmp_path / "class.db")
    busy_class(path)
    app = make_app(LOCKEDSET, store_path=path, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause(0.05)
            if getattr(app.screen, "refreshes", 0):
                break
        await snap(pilot, "teacher")
