"""Issue 16, "Feedback at the right moment": a solve is announced however it
came; a lesson's example tried on the grid says when the step is found and
offers the next; the first screen points somewhere; hint level 2 points to
a place, not the answer; a lesson counts as read once gone through."""
from __future__ import annotations

import pytest

from app_helpers import EASY1, LOCKEDSET, cell, make, settle, try_first_example

from textual.containers import VerticalScroll

from tutor.app.hints import rung_text
from tutor.engine.hint_words import hint_text
from tutor.engine.registry import find_all, next_step
from tutor.engine.formats import parse_position
from tutor.engine.grid import cell_name
from tutor.teaching.lessons import all_lessons, get_lesson


async def test_a_hint_that_places_the_last_digit_announces_the_solve(store_path):
    sol = parse_position(EASY1).solution()
    almost = "." + "".join(map(str, sol[1:]))
    app = make(almost, store_path=store_path)
    async with app.run_test() as pilot:
        play = app.play
        for _ in range(5):                         # the ladder's five rungs: the last applies
            await pilot.press("H")
            await settle(pilot)
        assert play.game.is_solved()
        solved = [line for line in play.log_lines if line.startswith("Solved ")]
        assert len(solved) == 1 and "with 5 hint steps. Well done!" in solved[0]
        # stored as solved: the activity the teacher sees, and the saved game
        assert app.store.activity()["tester"][0] == f"solved {play.game.name}"
        saved = app.store.load_game("tester")
        assert saved.history["solved"] is True
        # undo and redo: solved again, said again
        await pilot.press("u")
        assert not play.game.is_solved()
        await pilot.press("ctrl+y")
        assert play.log_lines[-1].startswith("Solved ")


@pytest.mark.slow
async def test_a_tried_example_says_when_the_step_is_found_and_offers_the_next():
    lesson = get_lesson("singles")
    first = lesson.examples[0]
    step = first.find_step()
    (i, d), = step.placements
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        await try_first_example(pilot)
        assert play.game.name == f"{lesson.short}, example {first.id}"
        play.move_cursor(i)
        await pilot.press(str(d))
        nxt = lesson.examples[1].id
        assert play.log_lines[-1] == f"You found it: {step.text}. ] tries example {nxt}."
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert play.game.name == f"{lesson.short}, example {nxt}"
        assert app.focused is play.grid
        # a wrong digit elsewhere says nothing of the kind
        second = lesson.examples[1].find_step()
        count = len(play.log_lines)
        other = next(k for k in range(81) if not play.game.position.values[k]
                     and k not in {c for c, _ in second.placements})
        play.move_cursor(other)
        await pilot.press("p", str(play.game.position.candidates(other)[0]))
        assert not any(line.startswith("You found it") for line in play.log_lines[count:])


async def test_the_last_example_points_back_to_the_lessons():
    lesson = next(x for x in all_lessons() if len(x.examples) >= 1)
    last = lesson.examples[-1]
    app = make(EASY1)
    async with app.run_test() as pilot:
        play = app.play
        from tutor.app.screens.lesson_links import play_example
        assert play_example(app, lesson, last.id, highlight=False)
        await settle(pilot)
        step = last.find_step()
        change = play.game.apply_step(step, label="hint: it")
        play.after_change(change)
        assert play.log_lines[-1] == (f"The hint showed this example's step: {step.text}. "
                                      "That was this lesson's last example: L opens the lessons.")


async def test_the_first_screen_points_to_the_lessons_the_help_and_a_puzzle():
    app = make()                                   # a new learner: no saved game
    async with app.run_test(size=(80, 24)):
        play = app.play
        first = play.log_lines[0]
        assert first.startswith("Welcome! This is easy #1, a first puzzle")
        for words in ("L opens the lessons", "Press ? for help", "n picks another puzzle"):
            assert words in first
        lesson_tab = str(play.query_one("#lesson-text").content)
        assert "Press L to open the lessons" in lesson_tab


def test_hint_level_2_names_a_place_not_the_digit_and_its_cell():
    pos = parse_position(LOCKEDSET)
    hidden = next(s for s in find_all(pos, ["hidden-single"]) if s.cells == (cell("r2c7"),))
    assert sorted(hidden.houses) == [1, 15, 20]         # r2, c7 and b3 meet only in r2c7
    assert hint_text(hidden, 2) == "look in b3, digit 1."
    naked = next(s for s in find_all(pos, ["naked-single"]) if s.cells == (cell("r1c7"),))
    text = rung_text(naked, 2)
    assert text == "Hint 2/5: look in b3: a cell there has one candidate left."
    # a full house: the place has one empty cell, so the digit is left out
    sol = pos.solution()
    full = parse_position("." + "".join(map(str, sol[1:])))
    step = next(s for s in find_all(full, ["naked-single"]))
    assert hint_text(step, 2, full) == "look in r1: which digit is missing there?"
    assert rung_text(step, 2, full) == "Hint 2/5: look in r1: which digit is missing there?"
    # a house that does not pin the cell keeps its digit
    other = next(s for s in find_all(pos, ["hidden-single"]) if s.cells == (cell("r2c3"),))
    assert hint_text(other, 2) == "look in c3 and b1, digit 6."


async def test_hint_level_2_on_the_grid_highlights_the_place_only():
    app = make(LOCKEDSET)
    async with app.run_test() as pilot:
        play = app.play
        step = next_step(play.game.position)
        assert step.technique == "naked-single"
        await pilot.press("H")
        await settle(pilot)
        await pilot.press("H")
        line = play.log_lines[-1]
        assert line.startswith("Hint 2/5: look in b")
        (i, d), = step.placements
        assert cell_name(i) not in line and "digit" not in line   # neither the cell nor d
        assert len(play.highlight.cells) == 9                      # the box, not the cell


@pytest.mark.slow
async def test_opening_a_lesson_is_not_reading_it(store_path):
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("L")
        await settle(pilot)
        screen = app.screen
        assert screen.lesson.id == "singles"
        assert app.store.lessons_read("tester") == set()
        assert screen.list_labels()[0].startswith("· 1.")
        # scrolled to its end: read
        scroll = screen.query_one("#lesson-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0
        scroll.scroll_end(animate=False)
        await settle(pilot)
        assert app.store.lessons_read("tester") == {"singles"}
        assert screen.list_labels()[0].startswith("✓ 1.")
        # a lesson whose example is tried: read too
        await pilot.press("down", "enter")
        await settle(pilot)
        second = screen.lesson.id
        assert second not in app.store.lessons_read("tester")
        await pilot.press("t")
        await settle(pilot)
        assert app.store.lessons_read("tester") == {"singles", second}
