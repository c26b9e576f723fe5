"""Playing keys: moving, placing, pencil marks, undo/redo, check, help."""
from __future__ import annotations

import pytest

from app_helpers import EASY1, cell, goto, make, settle

from tutor.engine.grid import bit
from tutor.engine.formats import parse_position


async def test_cursor_moves_with_arrows_and_hjkl():
    app = make(EASY1)
    async with app.run_test() as pilot:
        grid = app.play.grid
        assert grid.cursor == cell("r5c5")
        await pilot.press("right", "right", "down")
        assert grid.cursor == cell("r6c7")
        await pilot.press("h", "k", "k", "l", "j")
        assert grid.cursor == cell("r5c7")
        # moving off an edge wraps round to the other side
        for _ in range(3):
            await pilot.press("l")
        assert grid.cursor == cell("r5c1")
        await pilot.press("up", "up", "up", "up", "up")
        assert grid.cursor == cell("r9c1")


@pytest.mark.smoke
async def test_place_a_digit_and_refuse_a_given():
    app = make(EASY1)
    async with app.run_test() as pilot:
        play = app.play
        grid = play.grid
        await pilot.press("up", "up", "up", "up", "left", "left", "left", "left")  # r1c1
        assert grid.cursor == 0
        await pilot.press("4")
        pos = play.game.position
        assert pos.values[0] == 4
        # auto-update took 4 out of the row, column and box
        assert not pos.cands[1] & bit(4) and not pos.cands[9] & bit(4)
        assert not pos.cands[cell("r9c1")] & bit(4)
        await pilot.press("right", "right")     # r1c3 is a given (2)
        await pilot.press("5")
        assert play.game.position.values[2] == 2
        assert play.log_lines[-1] == "r1c3 is a given"
        await pilot.press("left", "left", "0")  # clear r1c1 again
        assert play.game.position.values[0] == 0
        assert play.game.position.cands[0] & bit(4)


async def test_a_broken_rule_shows_at_once():
    app = make(EASY1)
    async with app.run_test() as pilot:
        play = app.play
        await pilot.press("up", "up", "up", "up", "left", "left", "left", "left")  # r1c1
        await pilot.press("2")     # r1c3 holds a given 2
        assert "r1c1=2 breaks a rule" in play.log_lines[-1]
        assert "r1c3 in r1" in play.log_lines[-1]
        assert play.grid.conflicts == {0, cell("r1c3"), cell("r7c1")}
        # the clash has a text cue, not only a colour
        line = play.grid.render_line(2).text     # second line of row 1 (compact)
        assert line[5] == "!"
        await pilot.press("u")
        assert play.grid.conflicts == frozenset()


async def test_pencil_mode_toggles_candidates():
    app = make(EASY1)
    async with app.run_test() as pilot:
        play = app.play
        i = play.grid.cursor
        before = play.game.position.cands[i]
        d = play.game.position.candidates(i)[0]
        await pilot.press("p", str(d))
        assert play.pencil
        assert play.game.position.cands[i] == before & ~bit(d)
        assert play.game.position.values[i] == 0
        await pilot.press(str(d))
        assert play.game.position.cands[i] == before
        await pilot.press("space")          # space toggles back to normal mode
        assert not play.pencil


async def test_undo_and_redo_every_change():
    app = make(EASY1)
    async with app.run_test() as pilot:
        play = app.play
        start = play.game.position.copy()
        i = play.grid.cursor
        await pilot.press("p", "1", "2", "p")       # two pencil changes
        await pilot.press("right", "3")             # a placement
        after = play.game.position.copy()
        await pilot.press("u", "u", "ctrl+z")
        assert play.game.position == start
        await pilot.press("u")
        assert play.log_lines[-1] == "Nothing to undo."
        await pilot.press("ctrl+y", "ctrl+y", "ctrl+y")
        assert play.game.position == after
        # a fill of candidates is one change too
        await pilot.press("a")
        assert play.game.position.cands[i] == play.game.allowed(i)
        await pilot.press("u")
        assert play.game.position == after


async def test_fill_and_auto_update_toggle():
    app = make(EASY1)
    async with app.run_test() as pilot:
        play = app.play
        await pilot.press("A")                      # candidates now stay as they are
        assert not play.game.auto_update
        i = cell("r5c5")
        peer = cell("r5c1")
        had = play.game.position.cands[peer]
        d = play.game.position.candidates(i)[0]
        assert had & bit(d)
        await pilot.press(str(d))
        assert play.game.position.cands[peer] == had      # not touched
        await pilot.press("a")                            # fill afresh
        assert not play.game.position.cands[peer] & bit(d)


async def test_check_my_grid_reports_and_never_fixes():
    sol = parse_position(EASY1).solution()
    app = make(EASY1)
    async with app.run_test() as pilot:
        play = app.play
        i = play.grid.cursor                     # r5c5
        wrong = next(d for d in play.game.position.candidates(i) if d != sol[i])
        await pilot.press(str(wrong))
        j = cell("r5c6")
        await pilot.press("right", "p", str(sol[j]), "p")     # remove a true candidate
        before = play.game.position.copy()
        await pilot.press("c")
        text = "\n".join(play.log_lines[-2:])
        assert "1 placed digit contradicts the solution: r5c5" in text
        assert "lost a candidate that belongs there" in text and "r5c6" in text
        assert "(s)" not in text
        n = len(play.game.check().missing)
        assert f"Check: {n} {'cell' if n == 1 else 'cells'} lost a candidate" in text
        assert play.game.position == before
        # auto-update also took the wrong digit out of r5c5's peers: any peer
        # that needed it is reported too, and nothing else
        check = play.game.check()
        assert check.wrong == [i] and j in check.missing
        for m in check.missing:
            assert not before.cands[m] & bit(sol[m])
        for m in range(81):
            if not before.values[m] and m not in check.missing:
                assert before.cands[m] & bit(sol[m])
        assert play.highlight.failing == {i} | set(check.missing)


async def test_check_with_no_mistakes():
    app = make(EASY1)
    async with app.run_test() as pilot:
        await pilot.press("c")
        assert app.play.log_lines[-1] == "Check: no mistakes so far."


async def test_help_lists_every_binding():
    from textual.binding import Binding
    from tutor.app.screens.help import KEY_NAMES, HelpScreen
    from tutor.app.screens.play import PlayScreen
    from tutor.app.widgets.grid import SudokuGrid
    app = make(EASY1)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.help_text()
        for node in (PlayScreen, SudokuGrid):
            for b in node.BINDINGS:
                b = b if isinstance(b, Binding) else Binding(*b)
                if not b.description:
                    continue
                assert b.description in text
                for key in b.key.split(","):
                    label = "1-9" if key in "123456789" else KEY_NAMES.get(key, key)
                    assert label in text
        await pilot.press("escape")
        assert app.screen is app.play


async def test_cursor_move_repaints_only_changed_cells():
    app = make(EASY1)
    async with app.run_test() as pilot:
        from tutor.engine.grid import PEERS
        grid = app.play.grid
        await settle(pilot)

        def expected(a, b):
            # the two cursor cells, and the cells whose row/column/box shading flips
            return len({a, b} | (set(PEERS[a]) ^ set(PEERS[b])) - {a, b}) + 0

        # r5c5 -> r5c6 stays in box 5: only parts of columns 5 and 6 change
        assert grid.update(cursor=cell("r5c6")) == expected(cell("r5c5"), cell("r5c6")) == 14
        # r5c6 -> r5c7 also leaves box 5 for box 6
        assert grid.update(cursor=cell("r5c7")) == expected(cell("r5c6"), cell("r5c7")) == 26
        # an idle update repaints nothing
        assert grid.update(cursor=cell("r5c7")) == 0


async def test_layout_fits_small_and_uses_big_terminals():
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        grid = app.play.grid
        assert grid.grid_layout.name == "compact"
        assert grid.region.bottom <= 23 and grid.region.right <= 80 - 20
        side = app.play.query_one("#side")
        assert side.region.width >= 20
        assert app.screen.query_one("Footer").region.y == 23
    app = make(EASY1)
    async with app.run_test(size=(200, 60)) as pilot:
        assert app.play.grid.grid_layout.name == "large"
        await pilot.press("z")          # auto -> compact
        assert app.play.grid.grid_layout.name == "compact"


async def test_digit_highlight_and_mono_cues(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make(EASY1)
    async with app.run_test() as pilot:
        assert app.no_color
        play = app.play
        await pilot.press("f", "1")
        assert play.digit == 1
        grid = play.grid
        # every shown candidate 1 is bold+underlined: readable without colour
        strip = grid.render_line(3)
        ones = [seg for seg in strip if "1" in seg.text and len(seg.text) == 1]
        assert ones and all(seg.style.bold and seg.style.underline for seg in ones)
        await pilot.press("f", "1")
        assert play.digit == 0


async def test_step_cues_survive_no_color_and_every_theme(monkeypatch, lockedset_braces):
    from tutor.engine.registry import find_all
    monkeypatch.setenv("NO_COLOR", "1")
    app = make(lockedset_braces)
    async with app.run_test() as pilot:
        play = app.play
        step = next(s for s in find_all(play.game.position, ["naked-subset"])
                    if s.text.startswith("Naked Pair: 3,9 in r38c3"))
        play.show_step(step)
        grid = play.grid
        lay = grid.grid_layout
        for theme in ("textual-dark", "sudoku-high-contrast", "sudoku-mono", "textual-light"):
            app.theme = theme
            await pilot.pause()
            # r4c3<>3: the 3 is struck through and the cell carries a '-' cue
            y = lay.row_y(3)
            x = lay.col_x(2) + 2
            strip = grid.render_line(y)
            seg = strip.crop(x, x + 1)
            assert seg.text == "3" and all(s.style.strike for s in seg)
            assert grid.render_line(y + 1).text[lay.col_x(2) + 4] == "-"
            # the pair's own candidates (3 and 9 in r3c3) are bold and underlined
            y3 = lay.row_y(2)
            seg = grid.render_line(y3).crop(lay.col_x(2) + 2, lay.col_x(2) + 3)
            assert seg.text == "3" and all(s.style.bold and s.style.underline for s in seg)


async def test_the_last_digit_solves_the_puzzle():
    sol = parse_position(EASY1).solution()
    almost = "." + "".join(map(str, sol[1:]))
    app = make(almost)
    async with app.run_test() as pilot:
        goto(app, "r1c1")
        await pilot.press(str(sol[0]))
        assert app.play.game.is_solved()
        assert app.play.log_lines[-1].startswith("Solved ")
        await pilot.press("H")
        assert app.play.log_lines[-1] == "The puzzle is solved; no hint needed."
