"""Issue 16: leaving a quiz does not lose its progress (4/25 stayed 4/25):
a quiz resumes where the learner left it until it is finished or given up,
in the same run and, for a find-all quiz, after the app restarts."""
from __future__ import annotations

import pytest

from app_helpers import EASY1, make, settle

from test_quiz_screen import counter as _counter, typed as _typed

from tutor.app.screens.quiz import QuizScreen

FOUR = ["r6c45 #38", "hidden r8c79 #57", "r38c3 #39", "r45c7 #58"]


async def _open_quiz(pilot):
    from textual.command import CommandPalette
    await pilot.press("escape")            # the grid has the keys
    await pilot.press("Q")
    await settle(pilot)
    if isinstance(pilot.app.screen, CommandPalette):     # nothing worked on yet: pick it
        await pilot.press(*"find them all: lockedsets", "enter")
        await settle(pilot)
    assert isinstance(pilot.app.screen, QuizScreen)
    return pilot.app.screen


async def _open_and_find_four(pilot):
    """The reference quiz opened, with the FOUR LockedSets found."""
    screen = await _open_quiz(pilot)
    for text in FOUR:
        await _typed(pilot, text)
    return screen


@pytest.mark.slow
async def test_a_quiz_left_with_esc_resumes_where_it_was(store_path):
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = await _open_and_find_four(pilot)
        await _typed(pilot, "r6c45 #39")                 # one wrong
        assert _counter(screen).startswith("found 4/25  wrong 1")
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, QuizScreen)
        screen = await _open_quiz(pilot)
        assert _counter(screen).startswith("found 4/25  wrong 1")
        assert any(line.startswith("Resumed where you left this quiz: found 4/25")
                   for line in screen.log_lines)
        assert "found 1/25: Naked Pair r6c45 #38" in screen.log_lines      # the log comes back
        # the next entry carries on from there
        await _typed(pilot, "r89c8 #28")
        assert _counter(screen).startswith("found 5/25")
        # a quiz given up is over: the next one starts afresh
        await pilot.press("ctrl+g")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        screen = await _open_quiz(pilot)
        assert _counter(screen).startswith("found 0/25")


@pytest.mark.slow
async def test_a_find_all_quiz_resumes_after_the_app_restarts(store_path):
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await _open_and_find_four(pilot)
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = await _open_quiz(pilot)
        assert _counter(screen).startswith("found 4/25")
        # the app's settings are untouched by the kept quiz
        assert set(app.settings) == set(__import__("tutor.app.settings", fromlist=["x"]).SETTINGS)



@pytest.mark.slow
async def test_a_resumed_quiz_shows_its_grid_marks_again(store_path):
    """The eliminations drawn on the grid ('-') before the quiz was left come
    back with it: in the same run and after a restart."""
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = await _open_and_find_four(pilot)
        drawn = screen.grid.highlight
        assert drawn.eliminations
        await pilot.press("escape")
        await settle(pilot)
        screen = await _open_quiz(pilot)
        assert screen.grid.highlight.eliminations == drawn.eliminations
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = await _open_quiz(pilot)
        assert screen.grid.highlight.eliminations == drawn.eliminations
        assert screen.grid.highlight.cells == drawn.cells
