"""Getting past the easy part: S applies every single, U (or the palette)
every step up to a level or a technique; one undo takes it all back, and
the Log counts what was applied."""
from __future__ import annotations

from collections import Counter

from app_helpers import EASY1, make, settle, try_first_example
from puzzle_helpers import qqwing

from tutor.engine.formats import parse_position
from tutor.engine.registry import get
from tutor.engine.solve import solve_up_to

HARD = qqwing("expert")[5]           # 12 singles, then a Pointing step


def counts_text(steps) -> list[str]:
    counts = Counter(get(s.technique).label_of(s) for s in steps)
    return [f"{label} {n}" for label, n in counts.items()]


async def test_S_applies_every_single_as_one_change():
    app = make(HARD)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        start = (list(play.game.position.values), list(play.game.position.cands))
        want = solve_up_to(parse_position(HARD), "singles")
        assert want.status == "stuck" and len(want.steps) == 12
        undo_depth = len(play.game.undo_stack)
        await pilot.press("S")
        await settle(pilot)
        assert play.game.position.values == want.position.values
        assert play.game.position.cands == want.position.cands
        assert len(play.game.undo_stack) == undo_depth + 1
        line = next(x for x in play.log_lines if x.startswith("Applied "))
        assert line.startswith("Applied 12 singles up to Singles: ")
        for part in counts_text(want.steps):
            assert part in line
        assert line.endswith("(u takes them all back).")
        assert play.log_lines[-1] == "The next step is harder than Singles: H gives a hint."
        # nothing more to apply: said so, nothing changed
        await pilot.press("S")
        await settle(pilot)
        assert play.log_lines[-1] == "Nothing to apply: the next step is harder than Singles."
        assert len(play.game.undo_stack) == undo_depth + 1
        # one undo takes every single back, and the news under the status
        # line says so (the "Applied ..." it took back is old news)
        await pilot.press("u")
        assert (play.game.position.values, play.game.position.cands) == start
        latest = play.query_one("#latest").lines
        assert latest[0].startswith("Undid: ") and not any(x.startswith("Applied ") for x in latest)


async def test_U_solves_up_to_a_chosen_level():
    from tutor.app.screens.play_solve import LimitDialog
    app = make(HARD)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        await pilot.press("U")
        await pilot.pause()
        assert isinstance(app.screen, LimitDialog)
        # the first three levels: singles, locked candidates, subsets
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert app.screen is play
        want = solve_up_to(parse_position(HARD), "locked-set")
        assert play.game.position.values == want.position.values
        assert play.game.position.cands == want.position.cands
        line = next(x for x in play.log_lines if x.startswith("Applied "))
        assert line.startswith(f"Applied {len(want.steps)} steps up to LockedSets")
        assert "Pointing 2" in line and "Naked Pair" in line and "Locked Pair 1" in line
        await pilot.press("u")
        assert play.game.position.values == parse_position(HARD).values
        # Esc leaves the dialog without solving anything
        await pilot.press("U")
        await pilot.pause()
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is play and play.game.position.values == parse_position(HARD).values


async def test_solve_up_to_from_the_palette():
    from tutor.app.commands import _commands
    app = make(HARD)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        titles = {cmd.title: cmd for cmd in _commands(app)}
        assert "Apply every single" in titles and "Solve up to…" in titles
        titles["Solve up to: X-Wing"].callback()
        await settle(pilot)
        want = solve_up_to(parse_position(HARD), "x-wing")
        assert play.game.position.values == want.position.values
        assert any(x.startswith(f"Applied {len(want.steps)} steps up to X-Wing: ")
                   for x in play.log_lines)


async def test_solving_waits_for_a_sound_grid_and_for_the_class_test():
    app = make(HARD)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        sol = play.game.solution()
        # a wrong digit: nothing applied, the mistake named
        wrong = next(i for i in range(81) if not play.game.position.values[i])
        play.game.place(wrong, sol[wrong] % 9 + 1)
        depth = len(play.game.undo_stack)
        await pilot.press("S")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Your grid holds a mistake at ")
        assert "so nothing can be applied" in play.log_lines[-1]
        assert len(play.game.undo_stack) == depth
        play.game.undo()
        # a class test with hints off: closed
        app.hint_limit = 0
        await pilot.press("S")
        await settle(pilot)
        assert play.log_lines[-1] == "Solving is closed during the class test."
        assert play.game.position.values == parse_position(HARD).values


async def test_a_lesson_example_solved_by_S_is_not_called_found():
    """After t, S shows the example's step too: the Log says who found it."""
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        await try_first_example(pilot)
        play = app.play
        assert play.lesson_try is not None and play.lesson_try.step is not None
        await pilot.press("S")
        await settle(pilot)
        assert any(x.startswith("Solving up to a technique applied this example's step")
                   for x in play.log_lines)
        assert not any(x.startswith("You found it") for x in play.log_lines)
