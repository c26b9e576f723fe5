"""Issue 24, the name quiz and reaching every quiz kind: the explanation of
a wrong pick is said once, a pick after the first is told the quiz is over,
and every kind can be opened on any technique from the palette and from a
lesson's links."""
from __future__ import annotations

from app_helpers import EASY1, make, settle

from tutor.app.commands import _commands
from tutor.app.screens.quiz import QuizScreen

ASKS = {"find-all": "Find them all", "eliminate": "Find the elimination",
        "name": "Name the technique"}


async def test_a_wrong_name_is_explained_once_and_a_second_pick_is_told_the_quiz_is_over():
    app = make(EASY1, start_screen="quiz", start_args={"target": "xy-wing", "kind": "name",
                                                      "seed": 0})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        options = screen.quiz.options
        await pilot.press("tab")                           # the grid: 1-4 pick an option
        await pilot.press(str(options.index("xyz-wing") + 1))
        await settle(pilot, 2)
        tip = "an XYZ-Wing pivot holds z too"
        assert sum(tip in line for line in screen.log_lines) == 1, screen.log_lines
        assert any(line.startswith("no, it is XY-Wing") for line in screen.log_lines)
        said = len(screen.log_lines)
        await pilot.press(str(options.index("xy-wing") + 1))   # the right one, after the wrong one
        await settle(pilot, 2)
        later = screen.log_lines[said:]
        assert not any(line.startswith("no, it is") for line in later), later
        assert any("over" in line and "first pick" in line for line in later), later
        assert app.store.attempt_counts("tester") == {"xy-wing": 1}      # counted once


async def test_the_palette_opens_every_kind_of_quiz_on_a_technique():
    app = make(EASY1)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        commands = {c.title: c for c in _commands(app)}
        for kind, asks in ASKS.items():
            title = f"Quiz: {asks}: X-Wing"
            assert title in commands, sorted(t for t in commands if t.startswith("Quiz"))[:10]
            commands[title].callback()
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, QuizScreen) and screen.quiz is not None
            assert (screen.quiz.kind, screen.target) == (kind, "x-wing")
            app.pop_screen()
            await settle(pilot)
        assert f"Quiz: {ASKS['name']}: Wings" in commands            # families too


async def test_a_lesson_links_every_kind_of_quiz_on_its_technique():
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_screen("lessons", lesson="wings")
        await settle(pilot)
        browser = app.screen
        box = browser.query_one("#lesson-links")
        labels = [str(box.get_option_at_index(k).prompt) for k in range(box.option_count)]
        for asks in ASKS.values():
            assert f"Practise: {asks}: Wings" in labels, labels
        browser.action_side_tab("links")
        box.highlighted = labels.index(f"Practise: {ASKS['name']}: Wings")
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, QuizScreen) and screen.quiz is not None
        assert (screen.quiz.kind, screen.target) == ("name", "wings")
