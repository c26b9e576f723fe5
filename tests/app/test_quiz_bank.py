"""Issue 27: a plain quiz (opened from the palette or a lesson, no position
given) is asked on a fresh position from the practice bank, near the
learner's rating and never one they were given before; left unfinished, it
comes back on the same position, after a restart too."""
from __future__ import annotations

from app_helpers import EASY1, make, settle

from test_quiz_screen import typed

from tutor.app.screens.quiz import QuizScreen
from tutor.teaching.practice_cache import load_cache

ARGS = {"target": "x-wing", "kind": "eliminate"}


def _banked(source: str) -> bool:
    return source in {p.source for p in load_cache("x-wing")}


async def _reopen(pilot) -> QuizScreen:
    await pilot.press("escape")
    await settle(pilot)
    pilot.app.push_screen(QuizScreen(**ARGS))
    await settle(pilot)
    return pilot.app.screen


async def test_a_plain_quiz_draws_fresh_bank_positions_and_resumes_its_own(store_path):
    app = make(EASY1, store_path=store_path, start_screen="quiz", start_args=ARGS)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        first = app.screen.quiz
        assert _banked(first.source), first.source
        # left unfinished: the same quiz comes back
        again = (await _reopen(pilot)).quiz
        assert again.position == first.position
        # given up, the next one is a position not given before
        await pilot.press("ctrl+g")
        await settle(pilot)
        fresh = (await _reopen(pilot)).quiz
        assert fresh.position != first.position and _banked(fresh.source)
        empty = next(i for i, v in enumerate(fresh.position.values) if not v)
        true = fresh.position.solution()[empty]
        claim = f"r{empty // 9 + 1}c{empty % 9 + 1}<>{true}"    # removes a true digit: wrong
        await typed(pilot, claim)
        assert fresh.log
    # after a restart, the unfinished quiz is back on its drawn position
    app = make(EASY1, store_path=store_path, start_screen="quiz", start_args=ARGS)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert app.screen.quiz.position == fresh.position
        assert app.screen.quiz.source == fresh.source
        assert f"> {claim}" in app.screen.log_lines             # its log too
