"""Issue 16, "Keys go to one place": a key acts where the learner sees the
focus; Esc (and a click on the grid) gives the grid the keys back; a digit
never changes a cell the learner cannot see selected.  The puzzle picker
and the grid size (z) do what the screen shows."""
from __future__ import annotations

import pytest

from app_helpers import LOCKEDSET, cell, make, settle, try_first_example, wait_rating

from textual.widgets import OptionList, Tree

from tutor.app import catalog


@pytest.mark.slow
async def test_after_a_step_is_clicked_esc_gives_the_grid_the_keys_back():
    """The README puzzle, s, click a step, Esc, Up, Left, 5: the arrows move
    the cursor and 5 goes to the cell the cursor visibly sits on."""
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        grid = play.grid
        await wait_rating(pilot)
        play.move_cursor(cell("r5c3"))          # an empty cell whose solution is 1
        await pilot.press("s")
        await settle(pilot)
        tree = play.query_one("#steps-tree", Tree)
        await pilot.click("#steps-tree", offset=(4, 1))          # the first step
        await settle(pilot)
        assert app.focused is tree and play.highlight            # shown on the grid
        before = play.game.position.copy()
        await pilot.press("5")                                   # lands nowhere ...
        assert play.game.position == before
        assert app.focused is grid                               # ... the grid has the keys
        assert play.log_lines[-1].startswith("The grid has the keys again (cursor at r5c3)")
        await pilot.click("#steps-tree", offset=(4, 1))
        await settle(pilot)
        assert app.focused is tree
        assert not grid.cursor_shown                             # no keys: no cursor drawn
        await pilot.press("up", "left")                          # the tree's own keys
        assert grid.cursor == cell("r5c3")
        await pilot.press("escape")
        assert app.focused is grid and grid.cursor_shown
        await pilot.press("up", "left")
        assert grid.cursor == cell("r4c2")
        await pilot.press("escape")                              # then Esc clears the step
        assert not play.highlight
        await pilot.press("down", "right", "1")
        assert play.game.position.values[cell("r5c3")] == 1


async def test_a_click_on_the_grid_gives_it_the_keys():
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        await pilot.press("g")
        play.query_one("#log-view").focus()
        await pilot.pause()
        assert app.focused is not play.grid
        x, y = play.grid.cell_offset(cell("r2c2"))
        await pilot.click("#grid", offset=(x, y))
        assert app.focused is play.grid and play.grid.cursor == cell("r2c2")


@pytest.mark.slow
async def test_after_trying_a_lesson_example_the_keys_go_to_the_grid():
    """L, t: the example is on the grid and the grid has the keys.  While
    the Lesson tab has them, the arrows scroll the lesson and a digit lands
    nowhere; a try link in the Lesson tab gives the grid the keys again."""
    from tutor.app.screens.lesson_links import LessonMarkdown
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        await try_first_example(pilot)
        assert app.screen is play and play.game.name.endswith("example 1")
        assert app.focused is play.grid
        empty = next(i for i in range(81) if not play.game.position.values[i])
        play.move_cursor(empty)
        digit = play.game.position.candidates(empty)[0]
        # the learner reads on in the Lesson tab: the keys go there
        pane = play.query_one("#lesson-pane")
        pane.focus()
        await pilot.pause()
        await pilot.press("down")
        assert play.grid.cursor == empty
        before = play.game.position.copy()
        await pilot.press(str(digit))
        assert play.game.position == before                     # not typed into a hidden cell
        assert app.focused is play.grid and play.grid.cursor_shown
        # a try link in the Lesson tab: the new example, and the grid has the keys
        pane.focus()
        md = play.query_one(LessonMarkdown)
        md.post_message(LessonMarkdown.LinkClicked(md, "try:2"))
        await settle(pilot)
        assert play.game.name.endswith("example 2")
        assert app.focused is play.grid
        start = play.grid.cursor
        await pilot.press("up")
        assert play.grid.cursor == (start - 9) % 81


@pytest.mark.slow
async def test_the_picker_starts_on_the_levels_and_loads_what_it_shows():
    """n, Down, Down, r: a random Expert puzzle (the level the screen shows),
    not an easy one; Right goes into the level's puzzles, Left back."""
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        picker = app.screen
        levels = picker.query_one("#levels", OptionList)
        puzzles = picker.query_one("#list", OptionList)
        assert app.focused is levels
        await pilot.press("down", "down")
        assert picker.level == "expert"
        assert "random Expert puzzle" in str(picker.query_one("#picker-help").content)
        assert puzzles.get_option_at_index(0).id == "expert:1"
        await pilot.press("right")
        assert app.focused is puzzles
        await pilot.press("left")
        assert app.focused is levels
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is app.play and app.play.game.name.startswith("expert #")
        # Enter on a level goes into its puzzles; Enter there loads the one shown
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("enter")                 # the level of the game: expert
        assert app.focused is app.screen.query_one("#list", OptionList)
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert app.play.game.name == "expert #3"


async def test_the_picker_fits_80_columns_and_rates_each_puzzle():
    """No line of a puzzle wraps at 80 columns; each shows its score and
    hardest technique, worked out by the engine in a worker."""
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        picker = app.screen
        puzzles = picker.query_one("#list", OptionList)
        width = puzzles.scrollable_content_region.width
        for k in range(puzzles.option_count):
            assert len(puzzles.get_option_at_index(k).prompt.plain) <= width
        await picker.workers.wait_for_complete()
        await settle(pilot)
        first = catalog.puzzles("easy")[0]
        rating = catalog.known_rating(first)
        assert rating is not None and rating.solved and rating.score > 0
        prompt = puzzles.get_option_at_index(0).prompt.plain
        assert prompt.startswith("#1 ") and f"score {rating.score:>5}" in prompt
        assert prompt.endswith("Hidden Single")
        assert len(prompt) <= width


@pytest.mark.slow
async def test_z_cycles_only_through_sizes_that_fit():
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        assert play.grid.grid_layout.name == "compact"
        await pilot.press("z")
        assert play.grid.grid_layout.name == "compact"
        assert play.log_lines[-1].startswith("No larger grid fits this 80x24 terminal")
        assert play.grid.region.bottom <= 23
    app = make(LOCKEDSET)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        assert play.grid.grid_layout.name == "large"
        names = []
        for _ in range(3):
            await pilot.press("z")
            names.append(play.grid.grid_layout.name)
        assert names == ["compact", "medium", "large"]      # every press changes the size
    app = make(LOCKEDSET)
    async with app.run_test(size=(100, 33)) as pilot:       # medium fits, large does not
        play = app.play
        assert play.grid.grid_layout.name == "medium"
        await pilot.press("z")
        assert play.grid.grid_layout.name == "compact"
        await pilot.press("z")
        assert play.grid.grid_layout.name == "medium"
        assert play.log_lines[-1] == "Grid size: medium (the largest that fits)."
