"""The quiz screen with the techniques of the ladder's middle rungs: a wing
typed with its role words, a finned fish picked on the grid (cells with
Space, the digit with 1-9, Enter)."""
from __future__ import annotations

import pytest

from app_helpers import make, settle

from tutor.app.screens.quiz import QuizScreen
from tutor.engine.grid import parse_cells
from tutor.teaching.lessons import get_lesson


def lesson_step(lesson: str, n: int):
    ex = get_lesson(lesson).example(n)
    pos = ex.position()
    return pos, ex.find_step(pos)


async def open_quiz(pilot, app, target, pos):
    app.open_screen("quiz", technique=target, position=pos)
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, QuizScreen) and screen.quiz is not None
    return screen


@pytest.mark.slow
async def test_a_wing_typed_and_a_finned_fish_picked_on_the_grid():
    pos, xy = lesson_step("wings", 1)
    app = make(pos)
    async with app.run_test(size=(110, 34)) as pilot:
        screen = await open_quiz(pilot, app, "xy-wing", pos)
        total = screen.quiz.total
        if screen.focused is not screen.entry:
            await pilot.press("tab")
        assert screen.focused is screen.entry
        screen.entry.value = "XY-Wing r8c2 (pivot) r8c6 r7c3"
        await pilot.press("enter")
        await settle(pilot, 2)
        assert f"found 1/{total}: {xy.name}" in screen.log_lines     # (the summary follows)
        app.pop_screen()

        fpos, finned = lesson_step("finned-fish", 1)
        app.play.load_position(fpos, "finned fish")
        screen = await open_quiz(pilot, app, "finned-x-wing", fpos)
        if screen.focused is not screen.grid:
            await pilot.press("tab")
        assert screen.focused is screen.grid
        for i in parse_cells("r1c3 r1c8 r9c3 r9c8 r9c7"):
            screen.grid.update(cursor=i)
            await pilot.press("space")
        await pilot.press("9", "enter")
        await settle(pilot, 2)
        total = screen.quiz.total
        assert f"found 1/{total}: {finned.name}" in screen.log_lines
        assert screen.highlight.cells == frozenset(finned.cells)
