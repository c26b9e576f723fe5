"""The learner's settings: the uniqueness switch, kept in the progress store,
shown on the help screen and the palette, and honoured by hints, the Steps
tab, the rating, the judge and quizzes."""
from __future__ import annotations

import pytest
from app_helpers import make, settle, wait_rating

from tutor.app.commands import _commands

# A position where the simplest step is a Unique Rectangle (Uniqueness Test 2,
# 6/7 r57c56 => r8c5<>2; the uniqueness lesson's example 2): without the
# uniqueness techniques the simplest step is an AIC, and r8c5<>2 takes an
# ALS-XY-Wing.
UR_POSITION = (
    "{246}{1269}{1269}{679}{1679}835{1469}{468}3{1689}{69}{169}5{46}2775{169}3428{16}{169}5{167}"
    "{1467}{678}392{168}{1468}9{2678}{24678}1{267}{67}{467}353{1267}{1267}{2678}54{67}9{168}1435"
    "{267}{67}9{678}{268}{268}{26789}54{2679}31{67}{26}{26}{2679}{2679}{2679}81543")


async def test_the_switch_is_kept_in_the_store_and_read_back(store_path):
    app = make(UR_POSITION, store_path=store_path)
    async with app.run_test() as pilot:
        assert app.setting("uniqueness") is True
        await wait_rating(pilot)           # (a change rates again: settle() then waits for it)
        app.set_setting("uniqueness", False)
        await settle(pilot)
        assert app.store.settings("tester") == {"uniqueness": "off"}
        assert "Uniqueness techniques: off." in app.play.log_lines
        with pytest.raises(ValueError):
            app.set_setting("uniqueness", "sometimes")
        with pytest.raises(ValueError):
            app.set_setting("colour-blind-mode", True)
    again = make(None, store_path=store_path)
    async with again.run_test():
        assert again.setting("uniqueness") is False


async def test_an_option_holds_for_the_session_only(store_path):
    """`sudoku-tutor quiz --no-uniqueness` passes uniqueness=False: not stored."""
    app = make(UR_POSITION, store_path=store_path, uniqueness=False)
    async with app.run_test():
        assert app.setting("uniqueness") is False
        assert app.store.settings("tester") == {}


@pytest.mark.slow
async def test_hint_steps_rating_and_judge_follow_the_switch(store_path):
    from textual.widgets import Tree
    app = make(UR_POSITION, store_path=store_path)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        await wait_rating(pilot)
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 1/5: look for a Uniqueness Test ")
        await pilot.press("s")
        await settle(pilot, 6)
        tree = play.query_one("#steps-tree", Tree)
        assert "unique-rectangle" in [n.data for n in tree.root.children]
        play.run_judge(play.game.position.copy(), "r8c5<>2", play.game.position.key())
        await settle(pilot)
        assert play.log_lines[-2].startswith("✔ Proved by Uniqueness Test 2")
        play.game.undo()           # the proved claim was applied: take it back
        play.after_change(None)

        app.set_setting("uniqueness", False)
        await settle(pilot, 6)
        await wait_rating(pilot)
        assert all(n.data not in ("unique-rectangle", "hidden-rectangle", "bug-plus-one")
                   for n in tree.root.children) and tree.root.children
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1] == "Hint 1/5: look for an AIC."
        play.run_judge(play.game.position.copy(), "r8c5<>2", play.game.position.key())
        await settle(pilot)
        # without uniqueness a grouped AIC through the ALS r2c147 is the simplest proof
        assert any(line.startswith("✔ Proved by Grouped AIC") for line in play.log_lines[-3:])
        play.run_judge(play.game.position.copy(), "r8c5<>2", play.game.position.key(), by="ur")
        await settle(pilot)
        assert "uniqueness techniques are switched off" in play.log_lines[-1]


@pytest.mark.slow
async def test_quizzes_and_practice_follow_the_switch(store_path):
    from tutor.app.screens.quiz import QuizScreen
    app = make(UR_POSITION, store_path=store_path)
    async with app.run_test() as pilot:
        await wait_rating(pilot)
        app.set_setting("uniqueness", False)
        app.open_screen("quiz", technique="unique-rectangle", kind="eliminate", seed=1)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, QuizScreen) and screen.quiz is None
        assert "uniqueness techniques are switched off" in screen.error
        app.pop_screen()
        app.open_screen("quiz", technique="x-wing", kind="name", seed=1)
        await settle(pilot)
        quiz = app.screen.quiz
        assert quiz is not None and not {"unique-rectangle", "hidden-rectangle",
                                         "bug-plus-one"} & set(quiz.options)


async def test_help_and_palette_show_the_setting(store_path):
    app = make(UR_POSITION, store_path=store_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_rating(pilot)
        titles = [c.title for c in _commands(app)]
        assert "Settings: uniqueness techniques off" in titles
        await pilot.press("question_mark")
        await settle(pilot)
        assert "Uniqueness techniques: on." in app.screen.help_text()
        await pilot.press("escape")
        cmd = next(c for c in _commands(app) if c.title == "Settings: uniqueness techniques off")
        cmd.callback()
        await settle(pilot)
        assert app.setting("uniqueness") is False
        assert "Settings: uniqueness techniques on" in [c.title for c in _commands(app)]
        await pilot.press("question_mark")
        await settle(pilot)
        assert "Uniqueness techniques: off." in app.screen.help_text()
