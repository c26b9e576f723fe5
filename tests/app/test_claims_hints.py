"""The claim flow (every verdict kind, on real positions) and the hint ladder."""
from __future__ import annotations

import pytest

from app_helpers import EASY1, STUCK, cell, goto, make, settle

from tutor.engine.formats import parse_position
from tutor.engine.grid import bit
from tutor.engine.hint_words import hint_text


async def mark(pilot, app, name: str, digit: int):
    goto(app, name)
    await pilot.press("x", str(digit))


@pytest.mark.smoke
async def test_claim_proved_is_applied_and_highlighted(lockedset_braces, store_path):
    app = make(lockedset_braces, store_path=store_path)
    async with app.run_test() as pilot:
        play = app.play
        await mark(pilot, app, "r4c3", 3)
        await mark(pilot, app, "r6c3", 3)
        assert play.game.marks == {(cell("r4c3"), 3), (cell("r6c3"), 3)}
        # marks are shown: struck through, with an 'x' cue in the cell
        await pilot.press("enter")
        await settle(pilot)
        assert play.log_lines[-2].startswith("✔ Proved by Naked Pair")
        assert "Naked Pair" in play.log_lines[-2]
        assert play.log_lines[-1] == "Applied: r4c3<>3, r6c3<>3"
        pos = play.game.position
        assert not pos.has(cell("r4c3"), 3) and not pos.has(cell("r6c3"), 3)
        assert play.game.marks == set()
        # the pattern (the pair r3c3, r8c3) is highlighted on the grid
        assert play.grid.highlight.cells == {cell("r3c3"), cell("r8c3")}
        assert app.store.recent_claims("tester")[0][:3] == (
            "r4c3<>3, r6c3<>3", "proved", "naked-subset")
        # and the elimination can be undone like any change
        await pilot.press("u")
        assert play.game.position.has(cell("r4c3"), 3)


async def test_claim_false_points_at_the_solution_and_is_unmarked(lockedset_braces):
    """A false claim's marks come off (u puts them back): the next claim
    holds only what the learner marked after it."""
    app = make(lockedset_braces)
    async with app.run_test() as pilot:
        play = app.play
        sol = play.game.solution()
        r4c3 = cell("r4c3")
        await mark(pilot, app, "r4c3", sol[r4c3])
        await pilot.press("enter")
        await settle(pilot)
        assert play.log_lines[-2].startswith("✘ False: ")
        assert f"r4c3 is {sol[r4c3]} in the solution" in play.log_lines[-2]
        assert play.log_lines[-1] == f"Unmarked r4c3<>{sol[r4c3]} (u marks it again)."
        assert play.grid.highlight.solution == {(r4c3, sol[r4c3])}
        assert play.game.position.has(r4c3, sol[r4c3])      # nothing applied
        # the solution cue is on the grid as text too ('!' in the tenth slot)
        y = play.grid.grid_layout.row_y(3) + 1
        x = play.grid.grid_layout.col_x(2) + 4
        assert play.grid.render_line(y).text[x] in "x!"
        # the mark is off: the next claim holds only what is marked after it
        assert play.game.marks == set()
        assert "marked" not in play.query_one("#status").text
        await mark(pilot, app, "r6c3", 3)
        await pilot.press("enter")
        await settle(pilot)
        claims = [line for line in play.log_lines if line.startswith("Claim:")]
        assert claims == [f"Claim: r4c3<>{sol[r4c3]}", "Claim: r6c3<>3"]
        # undo: the elimination, the mark, then the unmarking (the mark is back, unsent)
        await pilot.press("u", "u", "u")
        assert play.game.marks == {(r4c3, sol[r4c3])}


async def test_claim_by_a_named_technique_proved_other_and_invalid(lockedset_braces):
    from tutor.app.screens.dialogs import ClaimDialog
    app = make(lockedset_braces)
    async with app.run_test() as pilot:
        play = app.play
        await mark(pilot, app, "r4c3", 3)
        await mark(pilot, app, "r6c3", 3)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ClaimDialog)
        await pilot.press(*"x-wing", "enter")
        await settle(pilot)
        assert play.log_lines[-3] == "Claim: r4c3<>3, r6c3<>3 by x-wing"
        assert play.log_lines[-2].startswith("✔ Proved by another technique: ")
        assert "not an X-Wing" in play.log_lines[-2]
        await pilot.press("u")                               # take the elimination back
        await mark(pilot, app, "r4c3", 3)
        await pilot.press("b")
        await pilot.pause()
        await pilot.press(*"frobnicate", "enter")
        await settle(pilot)
        assert play.log_lines[-2].startswith("✘ Not a valid claim: ")
        assert "Unknown technique 'frobnicate'" in play.log_lines[-2]


# lessons/franken-fish.md, example 1: Franken Swordfish 3 r47b2 c145 => r6c15,r9c4<>3
FRANKEN = ("9{57}64{23}18{27}{35}2137859468{57}4{39}{239}6{35}{27}1{357}4{57}8{357}96126{28}{278}1{47}{24}{3"
           "5}{35}9{135}{239}{1259}6{35}{23}487{1357}6{1257}{35}{13}8{27}944{39}{59}2671{35}8{157}{238}{1578"
           "}{359}{149}{34}{27}6{35}")


async def test_the_claim_dialog_takes_a_fish_named_by_its_houses():
    app = make(FRANKEN)
    async with app.run_test() as pilot:
        play = app.play
        await mark(pilot, app, "r6c1", 3)
        await pilot.press("b")
        await pilot.pause()
        await pilot.press(*"franken swordfish", "tab", *"r47b2 c145", "enter")
        await settle(pilot)
        assert play.log_lines[-3] == "Claim: r6c1<>3 by franken swordfish in r47b2 c145"
        assert play.log_lines[-2] == ("✔ Proved by Franken Swordfish: 3 r47b2 c145. "
                                      "It also removes r6c5,r9c4<>3.")


async def test_claim_true_but_unproved(without_forcing):
    app = make(STUCK)
    async with app.run_test() as pilot:
        play = app.play
        await mark(pilot, app, "r1c1", 7)
        await pilot.press("enter")
        await settle(pilot)
        assert play.log_lines[-2].startswith("~ True, but unproved")
        assert "r1c1 is not 7 in the solution" in play.log_lines[-2]
        assert play.game.position.has(0, 7)          # not applied


async def test_claim_needs_marks_and_a_sound_grid(lockedset_braces):
    app = make(lockedset_braces)
    async with app.run_test() as pilot:
        play = app.play
        await pilot.press("enter")
        assert play.log_lines[-1].startswith("Nothing to submit")
        # a true candidate removed elsewhere: the claim is not sent, the cell is named
        sol = play.game.solution()
        goto(app, "r4c3")
        await pilot.press("p", str(sol[cell("r4c3")]), "p")
        await mark(pilot, app, "r6c3", 3)
        await pilot.press("enter")
        assert "Your grid holds a mistake at r4c3" in play.log_lines[-1]


async def test_mouse_clicks_move_mark_and_toggle(lockedset_braces):
    app = make(lockedset_braces)
    async with app.run_test() as pilot:
        play = app.play
        grid = play.grid
        r4c3 = cell("r4c3")
        await pilot.click(grid, offset=grid.cell_offset(cell("r1c1")))
        assert grid.cursor == 0
        # normal mode: a click on a candidate marks it for a claim
        await pilot.click(grid, offset=grid.cell_offset(r4c3, 3))
        assert grid.cursor == r4c3
        assert play.game.marks == {(r4c3, 3)}
        await pilot.click(grid, offset=grid.cell_offset(r4c3, 3))
        assert play.game.marks == set()
        # pencil mode: a click toggles the candidate; clicking the dot puts it back
        await pilot.press("p")
        await pilot.click(grid, offset=grid.cell_offset(r4c3, 3))
        assert not play.game.position.has(r4c3, 3)
        await pilot.click(grid, offset=grid.cell_offset(r4c3, 3))
        assert play.game.position.has(r4c3, 3)


async def test_mouse_click_in_the_large_layout(lockedset_braces):
    app = make(lockedset_braces)
    async with app.run_test(size=(120, 42)) as pilot:
        grid = app.play.grid
        assert grid.grid_layout.name != "compact"
        r6c3 = cell("r6c3")
        for d in app.play.game.position.candidates(r6c3):
            await pilot.click(grid, offset=grid.cell_offset(r6c3, d))
        assert app.play.game.marks == {(r6c3, d) for d in app.play.game.position.candidates(r6c3)}


@pytest.mark.smoke
async def test_hint_ladder_five_rungs(store_path):
    app = make(EASY1, store_path=store_path)
    async with app.run_test() as pilot:
        play = app.play
        from tutor.engine.registry import next_step
        step = next_step(play.game.position)
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 1/5: look for a ")
        assert step.name not in play.log_lines[-1]          # rung 1 names the technique only
        await pilot.press("H")
        assert play.log_lines[-1].startswith("Hint 2/5: look in ")
        await pilot.press("H")
        assert play.log_lines[-1] == f"Hint 3/5: {hint_text(step, 3)}"
        assert play.grid.highlight.cells == set(step.cells)
        assert not play.grid.highlight.placements
        await pilot.press("H")
        assert play.log_lines[-1] == f"Hint 4/5: {step.text}"
        assert play.grid.highlight.placements == set(step.placements)
        assert play.grid.highlight.eliminations == set(step.eliminations)
        before = play.game.position.copy()
        await pilot.press("H")
        assert play.log_lines[-1] == f"Hint 5/5: applied {step.text}"
        expected = before.copy()
        expected.apply(step)
        assert play.game.position == expected
        assert app.store.hint_levels("tester") == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
        # a new position starts a new ladder
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 1/5")


async def test_hint_names_the_learners_mistake_first_then_repairs(store_path):
    app = make(EASY1, store_path=store_path)
    async with app.run_test() as pilot:
        play = app.play
        sol = parse_position(EASY1).solution()
        goto(app, "r2c2")
        i = cell("r2c2")
        await pilot.press("p", str(sol[i]), "p")              # remove the true candidate
        goto(app, "r9c9")
        await pilot.press("H")
        await settle(pilot)
        line = play.log_lines[-1]
        assert line.startswith("Before a hint:") and "r2c2" in line
        assert str(sol[i]) not in line.split("r2c2")[0].replace("1 cell", "")
        assert play.grid.cursor == i                          # it points at the cell
        assert play.grid.highlight.failing == {i}
        await pilot.press("H")                                # repair on request
        assert play.game.position.cands[i] & bit(sol[i])
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 1/5")
        assert app.store.hint_levels("tester")[0] == 2        # the mistake and the repair
