"""A terminal too small for the grid (screens/too_small.py): a notice covers
every screen until the terminal grows; the game beneath is kept as it was."""
from __future__ import annotations

from app_helpers import EASY1, make, settle

from tutor.app.screens.lessons import LessonScreen
from tutor.app.screens.play import PlayScreen
from tutor.app.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen


def _notice(app) -> str:
    return str(app.screen.query_one("#too-small").render())


async def test_at_60x20_a_notice_covers_the_grid_until_the_terminal_grows(store_path):
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "This terminal is 60x20" in _notice(app) and f"{MIN_WIDTH}x{MIN_HEIGHT}" in _notice(app)
        before = (app.play.grid.cursor, app.play.game.position.values[:])
        await pilot.press("right", "down", "5", "H")       # nothing reaches the hidden grid
        await settle(pilot)
        assert (app.play.grid.cursor, app.play.game.position.values) == before
        await pilot.resize_terminal(56, 23)                # still too short: the size follows
        await settle(pilot)
        assert "This terminal is 56x23" in _notice(app)
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        await pilot.press("right")
        await settle(pilot)
        assert app.play.grid.cursor == before[0] + 1


async def test_a_screen_shrunk_under_keeps_its_place_and_q_quits(store_path):
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        await pilot.press("L")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 32)
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)        # back where the learner was
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert not app.is_running
