"""Issue 25, the second walk: at 80x24 the selected row of the Steps tab
stays in view when the caption above the tabs (the chain and its roles)
grows and shrinks the list."""
from __future__ import annotations

from textual.widgets import Tree

from app_helpers import make, settle
from test_chain_display import XY_POSITION


def _cursor_seen(tree: Tree) -> bool:
    top = tree.scroll_offset.y
    return top <= tree.cursor_line < top + tree.scrollable_content_region.height


async def test_the_selected_step_stays_in_view_at_80x24():
    app = make(XY_POSITION)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        await pilot.press("s")
        await settle(pilot, 6)
        tree = play.query_one("#steps-tree", Tree)
        for node in tree.root.children:
            node.expand()
        tree.focus()
        await settle(pilot)
        seen = 0
        for _ in range(40):                   # down the list: groups, steps, chains
            await pilot.press("down")
            await settle(pilot)
            assert _cursor_seen(tree), (tree.cursor_line, tree.scroll_offset.y,
                                        tree.scrollable_content_region.height)
            seen += bool(play.highlight.chain_lines)
        assert seen, "no chain step on the way: the caption never grew"
