"""Issue 25, the second walk: the grid's chain cues read without the
README.  A compact cell holding two terms says so ('&'), and the caption
lists its numbers; on the larger grids a weak link ('~') is not the '-' of
a removed candidate, and the caption's legend says which is which."""
from __future__ import annotations

from textual.widgets import Static

from app_helpers import LOCKEDSET, cell, make, settle
from test_chain_display import NODES, TERMS, XY_POSITION, _cell_text, xy_step

from tutor.app.widgets.chain_view import SEVERAL, chain_view
from tutor.app.widgets.grid import Highlight
from tutor.app.widgets.role_view import panel_text
from tutor.engine.roles import alternating
from tutor.engine.step import make_step
from tutor.engine.techniques.chains.text import ChainRoles

# (1)r1c1 = (1=2)r1c5 = (2=3)r5c5 = (3)r1c1: r1c1 holds terms 1 and 4
CHAIN = alternating([(1, (0,), "="), (1, (4,), "-"), (2, (4,), "="), (2, (40,), "-"),
                     (3, (40,), "="), (3, (0,), None)])


def twice_step():
    return make_step("aic", ChainRoles("AIC", CHAIN, "chain", 1, 3, 3),
                     cells=[0, 4, 40], digits=[1, 2, 3], eliminations=[(0, 2)])


def test_a_cell_with_two_terms_is_listed_in_the_caption():
    step = twice_step()
    view = chain_view(step)
    assert sorted({m.number for m in view.marks if m.cell == 0}) == ["1", "4"]
    text = panel_text(Highlight.of_step(step))
    assert f"{SEVERAL} r1c1: terms 1, 4" in text, text


def test_the_caption_says_how_links_and_removals_look():
    _, step = xy_step()
    text = panel_text(Highlight.of_step(step))
    assert "= strong link" in text and "~ weak link" in text and "- removed" in text, text
    assert SEVERAL not in text                  # no cell holds two terms here


async def test_the_compact_grid_marks_a_cell_with_two_terms():
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        play = app.play
        play.game.position.cands[0] |= 0b1110            # r1c1 shows 1, 2, 3 whatever it held
        play.game.position.values[0] = 0
        play.show_step(twice_step())
        await pilot.pause()
        assert _cell_text(play.grid, "r1c1", 1)[-1] == SEVERAL


async def test_the_medium_grid_tells_a_weak_link_from_a_removal():
    _, step = xy_step()
    app = make(XY_POSITION)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        play.show_step(step)
        await pilot.pause()
        grid = play.grid
        # r1c1's 6 (a weak link to the next node) ends its line with '~'
        assert _cell_text(grid, "r1c1", 1)[-1] == "~"
        assert NODES["r1c1", 6][1] == "-" and TERMS["r1c1"] == "3"
        # r1c3's removed 5 keeps its '-' before the digit
        lay = grid.grid_layout
        x, y = lay.offset(cell("r1c3"), 5)
        assert grid.render_line(y).text[x - 1:x + 1] == "-5"
        caption = str(play.query_one("#chain-line", Static).render())
        assert "~ weak link" in caption
