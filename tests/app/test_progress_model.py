"""Every action counts: play (a claim, a hint), a quiz, a lesson example,
then M and `sudoku-tutor progress --json` show each of them counted by the
learner model (tutor/teaching/learner.py)."""
from __future__ import annotations

import json

import pytest

from app_helpers import goto, make, settle, try_first_example

from tutor.app.screens.progress import ProgressScreen
from tutor.app.screens.quiz import QuizScreen
from tutor.cli import main


async def open_progress(pilot, app) -> ProgressScreen:
    await pilot.press("M")
    await settle(pilot)
    assert isinstance(app.screen, ProgressScreen)
    return app.screen


@pytest.mark.slow
async def test_play_claim_hint_quiz_and_lesson_are_all_counted(lockedset_braces, store_path,
                                                                 capsys):
    app = make(lockedset_braces, store_path=store_path)
    async with app.run_test(size=(110, 34)) as pilot:
        play = app.play
        for name in ("r4c3", "r6c3"):                  # the Naked Pair's eliminations
            goto(app, name)
            await pilot.press("x", "3")
        await pilot.press("enter")
        await settle(pilot)
        assert play.log_lines[-2].startswith("✔ Proved by Naked Pair")
        await pilot.press("H")
        await settle(pilot)
        hinted = play.hint.step.technique
        assert play.log_lines[-1].startswith("Hint 1/5")

        screen = await open_progress(pilot, app)
        rows = {r.technique: r for r in screen.table}
        assert "Counted: 1 claim, 1 hint." in screen.text
        assert rows["naked-subset"].attempts == 1 and rows["naked-subset"].rating > 1400
        assert rows[hinted].hints == 1 and rows[hinted].met
        await pilot.press("escape")
        await settle(pilot)

        app.push_screen(QuizScreen(target="pointing", kind="name", seed=3))
        await settle(pilot)
        quiz = app.screen.quiz
        await pilot.press("tab")
        await pilot.press(str(quiz.options.index("pointing") + 1))
        await settle(pilot, 2)
        assert quiz.done
        screen = await open_progress(pilot, app)
        assert "Counted: 1 claim, 1 hint, 1 quiz or practice result." in screen.text
        assert {r.technique: r for r in screen.table}["pointing"].attempts == 1
        await pilot.press("escape")
        await settle(pilot)
        while app.screen is not play:
            app.pop_screen()
            await settle(pilot)

        await try_first_example(pilot)
        assert app.screen is play
        screen = await open_progress(pilot, app)
        assert ("Counted: 1 claim, 1 hint, 1 quiz or practice result, 1 lesson read, "
                "1 example tried.") in screen.text

    assert main(["progress", "--db", store_path, "--user", "tester", "--json"]) == 0
    data = {d["technique"]: d for d in json.loads(capsys.readouterr().out)}
    assert data["naked-subset"]["attempts"] == 1 and data["pointing"]["attempts"] == 1
    assert data[hinted]["hints"] == 1
    assert data["naked-subset"]["next_review"] is not None
    assert data["x-wing"]["next_review"] is None and data["x-wing"]["attempts"] == 0
