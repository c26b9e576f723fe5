"""What a long session keeps is bounded: the Log (every move, hint and
verdict adds a line) and the quiz log keep their last LOG_KEEP lines, so a
student's process does not grow by megabytes over an afternoon."""
from __future__ import annotations

import gc
import tracemalloc

import pytest

from tutor.app import make_app
from tutor.app.screens.play import LOG_KEEP


async def _lines(pilot, say, n, start=0):
    for k in range(start, start + n):
        say(f"line {k}: r{k % 9 + 1}c{k % 7 + 1}<>{k % 9 + 1} proved by a Naked Pair somewhere", "info")
        if k % 200 == 0:
            await pilot.pause()


async def _composed(pilot, selector: str, timeout: float = 20.0):
    """The screen, once it shows `selector` (a loaded machine takes longer
    than any fixed pause to compose a screen)."""
    import asyncio
    end = asyncio.get_running_loop().time() + timeout
    while not pilot.app.screen.query(selector):
        assert asyncio.get_running_loop().time() < end, f"no {selector} within {timeout} s"
        await pilot.pause(0.05)
    return pilot.app.screen


@pytest.mark.slow
async def test_the_log_keeps_its_last_lines_only():
    app = make_app(save=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.3)
        play = app.play
        tracemalloc.start()                # from the start: what is freed counts as well
        try:
            await _lines(pilot, play.log_line, 6 * LOG_KEEP)   # Rich's and Textual's caches fill up
            await pilot.pause(0.2)
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            await _lines(pilot, play.log_line, 2 * LOG_KEEP, 6 * LOG_KEEP)
            await pilot.pause(0.2)
            gc.collect()
            grown = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        assert len(play.log_lines) == LOG_KEEP and play.log_lines[-1].startswith(f"line {8 * LOG_KEEP - 1}:")
        assert len(play.query_one("#log-view").lines) <= LOG_KEEP
        # 1,000 more lines cost no more memory (kept, they took about 6 KB each)
        assert grown < 1024 * 1024, grown


async def test_the_quiz_log_keeps_its_last_lines_only():
    app = make_app(save=False, start_screen="quiz", start_args={"target": "locked-set"})
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _composed(pilot, "#quiz-log")
        assert type(screen).__name__ == "QuizScreen"
        await _lines(pilot, screen.say, 3 * LOG_KEEP)
        await pilot.pause()
        assert len(screen.log_lines) == LOG_KEEP
        assert len(screen.query_one("#quiz-log").lines) <= LOG_KEEP
