"""Issue 16, "What a learner coming from HoDoKu expects": a puzzle started
with no candidates, every candidate cleared (a key and the palette), and
candidates coloured by hand in two colour pairs with text cues; undo covers
all of it."""
from __future__ import annotations

from app_helpers import EASY1, LOCKEDSET, cell, make, settle

from tutor.app.commands import _commands
from tutor.app.game import Game
from tutor.engine.grid import bit


async def test_clear_every_candidate_with_a_key_and_undo_it():
    app = make(LOCKEDSET)
    async with app.run_test() as pilot:
        play = app.play
        before = play.game.position.copy()
        await pilot.press("C")
        pos = play.game.position
        assert all(pos.cands[i] == 0 for i in range(81) if not pos.values[i])
        assert pos.values == before.values
        assert play.log_lines[-1].startswith("Cleared every candidate")
        # not pencilled yet is not a mistake: check and the hint still work
        await pilot.press("c")
        assert play.log_lines[-1] == "Check: no mistakes so far."
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 1/5: look for a ")
        await pilot.press("u")
        assert play.game.position == before


async def test_the_palette_clears_candidates_and_colours():
    app = make(LOCKEDSET)
    async with app.run_test() as pilot:
        titles = {c.title: c for c in _commands(app)}
        titles["Clear all candidates (pencil them yourself)"].callback()
        await pilot.pause()
        pos = app.play.game.position
        assert not any(pos.cands)
        assert "Clear all colours" in titles


async def test_a_puzzle_can_start_with_no_candidates():
    """The picker's c: the next puzzle starts with none written; the learner
    pencils them (p, digits) and the engine still sees the whole puzzle."""
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("c")
        assert "candidates at start (none)" in str(app.screen.query_one("#picker-help").content)
        await pilot.press("right", "enter")
        await settle(pilot)
        game = play.game
        assert game.name == "easy #1"
        assert game.unpencilled() == [i for i in range(81) if not game.position.values[i]]
        # pencil a candidate by hand, place a digit: peers lose it as usual
        i = next(k for k in range(81) if not game.position.values[k])
        play.move_cursor(i)
        d = game.solution()[i]
        await pilot.press("p", str(d))
        assert game.position.cands[i] == bit(d)
        await pilot.press("p", str(d))
        assert game.position.values[i] == d
        # the Steps tab and the hints see every allowed digit in the unpencilled cells
        assert game.engine_position().cands[game.unpencilled()[0]]
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 1/5: look for a ")


def test_a_saved_game_keeps_its_colours_and_unpencilled_cells():
    game = Game.from_text(EASY1, name="easy #1").without_candidates()
    game.fill_candidates()
    i = next(k for k in range(81) if not game.position.values[k])
    d = game.position.candidates(i)[0]
    game.colour(i, d, 3)
    rec = game.to_record()
    back = Game.from_record(rec["puzzle_name"], rec["givens"], rec["position_text"], rec["history"])
    assert back.colours == {(i, d): 3}
    back.undo()
    assert back.colours == {}
    back.undo()
    assert back.unpencilled() == game.start.empty_cells()


async def test_colour_candidates_in_two_pairs_with_text_cues():
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        grid = play.grid
        lay = grid.grid_layout
        r2c1, r2c2 = cell("r2c1"), cell("r2c2")
        assert play.game.position.has(r2c1, 3) and play.game.position.has(r2c2, 3)
        play.move_cursor(r2c1)
        await pilot.press("v", "3")                      # colour a (first pair)
        await pilot.press("V")                           # colour A (its partner)
        play.move_cursor(r2c2)
        await pilot.press("v", "3")
        await pilot.press("V")                           # colour b (second pair)
        play.move_cursor(cell("r2c9"))
        await pilot.press("v", "9")
        assert play.game.colours == {(r2c1, 3): 1, (r2c2, 3): 2, (cell("r2c9"), 9): 3}
        # each colour has a text cue (the cell's cue slot in the compact layout)
        y = lay.row_y(1) + 1
        line = grid.render_line(y).text
        assert line[lay.col_x(0) + 4] == "a" and line[lay.col_x(1) + 4] == "A"
        assert line[lay.col_x(8) + 4] == "b"
        # the coloured candidate is drawn apart (its own background), not only the cue
        strip = grid.render_line(lay.row_y(1))
        three = strip.crop(lay.col_x(0) + 2, lay.col_x(0) + 3)
        plain = strip.crop(lay.col_x(2) + 2, lay.col_x(2) + 3)
        assert three.text == "3" and plain.text == "3"
        assert list(three)[0].style.bgcolor != list(plain)[0].style.bgcolor
        # the same colour again takes it off; undo brings it back
        play.move_cursor(cell("r2c9"))
        await pilot.press("v", "9")
        assert (cell("r2c9"), 9) not in play.game.colours
        await pilot.press("u")
        assert play.game.colours[(cell("r2c9"), 9)] == 3
        # v then 0 clears every colour, undo brings them back
        await pilot.press("v", "0")
        assert play.game.colours == {}
        await pilot.press("u")
        assert len(play.game.colours) == 3
        # a colour goes with its candidate
        play.move_cursor(r2c1)
        await pilot.press("p", "3")
        assert (r2c1, 3) not in play.game.colours


async def test_medium_layout_shows_a_cue_beside_each_coloured_candidate():
    app = make(LOCKEDSET, layout="medium")
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        grid = play.grid
        lay = grid.grid_layout
        play.move_cursor(cell("r2c1"))
        await pilot.press("v", "3", "V", "v", "9")
        # digit 3 sits on the cell's first line, third place; 9 on the third line
        first = grid.render_line(lay.row_y(1)).text
        third = grid.render_line(lay.row_y(1) + 2).text
        x = lay.col_x(0)
        assert first[x + 4:x + 6] == "a3"
        assert third[x + 4:x + 6] == "A9"
