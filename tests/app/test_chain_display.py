"""A chain step on the grid: each node candidate carries its term's number,
the links to the next node are told apart ('=' strong, '~' weak), nodes the
chain makes true or false look different without colour, and the panel shows
the chain as numbered Eureka text.  Everything comes from the step's data."""
from __future__ import annotations

import re

import pytest
from textual.widgets import Static, Tree

from app_helpers import LOCKEDSET, cell, make, settle
from tutor.app.widgets.chain_view import LINK_GLYPH, chain_text, chain_view
from tutor.app.widgets.grid import Highlight
from tutor.engine.formats import parse_position
from tutor.engine.registry import find_all
from tutor.engine.roles import Chain, Node, alternating
from tutor.engine.step import make_step
from tutor.engine.techniques.chains.remote_pair import RemotePairRoles
from tutor.engine.techniques.chains.text import ChainRoles
from tutor.engine.techniques.chains.x_cycle import XCycleRoles
from tutor.engine.techniques.forcing.steps import ForcingRoles

# XY-Chains test 1 of the technique cases
XY_POSITION = ("{26}8{245}1{29}3{59}7{456}{37}9{24}5{27}6{18}{14}{348}{37}{56}14{79}8{359}2"
               "{356}578241639143659782926837451{68}379{16}52{14}{48}{268}{56}{25}3{16}4{18}"
               "97419782{35}6{35}")
XY_CHAIN = "(5=9)r1c7-(9=2)r1c5-(2=6)r1c1-(6=5)r3c2"
NUMBERED = "1(5=9)r1c7 - 2(9=2)r1c5 - 3(2=6)r1c1 - 4(6=5)r3c2"
# cell -> its term number, and (cell, digit) -> (role, link to the next node)
TERMS = {"r1c7": "1", "r1c5": "2", "r1c1": "3", "r3c2": "4"}
NODES = {("r1c7", 5): ("off", "="), ("r1c7", 9): ("on", "-"), ("r1c5", 9): ("off", "="),
         ("r1c5", 2): ("on", "-"), ("r1c1", 2): ("off", "="), ("r1c1", 6): ("on", "-"),
         ("r3c2", 6): ("off", "="), ("r3c2", 5): ("on", "")}


def xy_step():
    pos = parse_position(XY_POSITION)
    return pos, next(s for s in find_all(pos, ["xy-chain"]) if s.to_json()["eureka"] == XY_CHAIN)


def unnumbered(line: str) -> str:
    return re.sub(r"(^|\s)[1-9a-z*](?=\()", "", line).replace(" ", "")


def test_the_view_of_an_xy_chain_step():
    _, step = xy_step()
    view = chain_view(step)
    assert view.lines == (NUMBERED,)
    assert unnumbered(view.lines[0]) == step.to_json()["eureka"]
    got = {(m.cell, m.digit): (m.number, m.role, m.link) for m in view.marks}
    assert got == {(cell(c), d): (TERMS[c], role, link) for (c, d), (role, link) in NODES.items()}
    assert chain_text(view.lines) == "Chain: " + NUMBERED


CHAIN_ROOMS = ("x-cycle", "skyscraper", "two-string-kite", "turbot-fish", "remote-pair",
               "xy-chain", "aic", "grouped-aic", "als-xy-wing", "als-chain", "forcing-chain")


@pytest.mark.parametrize("tid", CHAIN_ROOMS)
def test_every_chain_room_is_drawn_from_its_typed_chain(tid):
    """One encoding for every chain-like room: the view numbers the nodes of
    the step's typed chains, nothing parsed from text."""
    from tutor.paths import data_dir
    path = data_dir("puzzles") / "practice" / f"{tid}.txt"
    first = next(ln for ln in path.read_text(encoding="utf-8").splitlines()
                 if ln.strip() and not ln.startswith("#"))
    pos = parse_position(first.split("\t")[0])
    step = find_all(pos, [tid])[0]
    chains = step.roles.chains(step)
    view = chain_view(step)
    assert [unnumbered(line) for line in view.lines] == [c.eureka.replace(" ", "") for c in chains]
    assert {(m.cell, m.digit) for m in view.marks} == {
        (c, n.digit) for chain in chains for n in chain.nodes for c in n.cells}
    # what the chain makes of each node: the first node a mark is made from
    first_of = {}
    for chain in chains:
        for n in chain.nodes:
            for c in n.cells:
                first_of.setdefault((c, n.digit), n)
    assert all(m.role == ("on" if first_of[m.cell, m.digit].on else "off") for m in view.marks)


def test_a_loop_a_group_a_remote_pair_and_branches():
    # a loop's closing term takes its first term's number
    x_cycle = make_step("x-cycle", XCycleRoles("weak", (8, 16, 25)), cells=[8, 16, 25], digits=[4],
                        eliminations=[(8, 4)])
    assert chain_view(x_cycle).lines == ("1(4)r1c9 - 2(4)r2c8 = 3(4)r3c8 - 1(4)r1c9",)
    # a group node: every cell of the group carries the number
    chain = alternating([(6, (2,), "="), (6, (11,), "-"), (6, (1, 10, 19), "="), (6, (28, 46), None)])
    grouped = make_step("grouped-aic", ChainRoles("Grouped AIC", chain, "chain", 3, 1, 2),
                        cells=[2, 11, 1, 10, 19, 28, 46], digits=[6], eliminations=[(0, 6)])
    view = chain_view(grouped)
    assert view.lines == ("1(6)r1c3 = 2(6)r2c3 - 3(6)r123c2 = 4(6)r46c2",)
    assert {m.cell: m.number for m in view.marks if m.number == "3"} == {
        cell("r1c2"): "3", cell("r2c2"): "3", cell("r3c2"): "3"}
    # a Remote Pair: its cells in order, each cell's two digits strongly linked
    remote = make_step("remote-pair", RemotePairRoles((18, 20)), cells=[18, 20], digits=[4, 6],
                       eliminations=[(19, 4)])
    assert chain_view(remote).lines == ("1(4=6)r3c1 - 2(6=4)r3c3",)
    # a forcing chain: one line per branch, the nodes say whether they are on
    branches = (Chain((Node((16,), 4, "-", True), Node((8,), 4, "", False))),
                Chain((Node((25,), 4, "-", True), Node((8,), 4, "", False))))
    forcing = make_step("forcing-chain",
                        ForcingRoles("House Forcing Chain", "chain", "house", (20, 4), (16, 25),
                                     branches, 2, 1),
                        cells=[16, 25, 8], digits=[4], houses=[20], eliminations=[(8, 4)])
    view = chain_view(forcing)
    assert chain_text(view.lines) == "Chains:\n1. 1(4)r2c8 - 2(4)r1c9\n2. 1(4)r3c8 - 2(4)r1c9"
    assert {(m.cell, m.role) for m in view.marks} == {(16, "on"), (25, "on"), (8, "off")}
    # a step without a chain
    single = find_all(parse_position(LOCKEDSET), ["naked-single"])[0]
    assert chain_view(single) is None


def _cell_text(grid, name: str, k: int) -> str:
    lay = grid.grid_layout
    i = cell(name)
    x, y = lay.col_x(i % 9), lay.row_y(i // 9) + k
    return grid.render_line(y).text[x:x + lay.cw]


def _style_at(grid, name: str, digit: int):
    x, y = grid.grid_layout.offset(cell(name), digit)
    return next(iter(grid.render_line(y).crop(x, x + 1))).style


async def test_compact_grid_numbers_the_chain_cells_and_the_panel_shows_it(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    pos, step = xy_step()
    app = make(XY_POSITION)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        grid = play.grid
        assert grid.grid_layout.name == "compact"
        line = play.query_one("#chain-line", Static)
        assert not line.display
        play.show_step(step)
        await pilot.pause()
        # each chain cell's cue slot (bottom right) holds its term number
        for name, number in TERMS.items():
            assert _cell_text(grid, name, 1)[-1] == number, name
        # an elimination outside the chain keeps its '-' cue
        assert _cell_text(grid, "r1c3", 1)[-1] == "-"
        # without colour, a node the chain makes true is bold and reversed, one it makes
        # false underlined and not reversed
        for (name, digit), (role, _) in NODES.items():
            style = _style_at(grid, name, digit)
            assert (bool(style.reverse), bool(style.underline)) == (
                (True, False) if role == "on" else (False, True)), (name, digit)
        assert line.display and str(line.render()).split("\n")[0] == "Chain: " + NUMBERED
        # the panel fits the 80-column screen
        assert line.region.right <= 80 and line.region.height >= 2
        # another highlight without a chain hides the line again
        play.set_highlight(Highlight(cells=frozenset({0}), label="x"))
        await pilot.pause()
        assert not line.display


async def test_medium_grid_numbers_each_node_and_shows_its_link():
    pos, step = xy_step()
    app = make(XY_POSITION)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        grid = play.grid
        assert grid.grid_layout.name in ("medium", "large")
        play.show_step(step)
        await pilot.pause()
        for name, digit in NODES:
            k = (digit - 1) // 3
            text = _cell_text(grid, name, k)
            slot = 2 * ((digit - 1) % 3)
            # the number sits in the cue place before the candidate, the link at the line's end
            # ('~' weak: not the '-' of a removed candidate)
            assert text[slot:slot + 2] == TERMS[name] + str(digit), (name, digit, text)
            # (two nodes on one line of a cell: the first one's link, e.g. (6=5)r3c2's '=')
            want = next((LINK_GLYPH[NODES[name, e][1]] for e in range(3 * k + 1, 3 * k + 4)
                         if NODES.get((name, e), ("", ""))[1]), " ")
            assert text[-1] == want, (name, digit, text)


async def test_a_chain_chosen_in_the_steps_tab():
    pos, step = xy_step()
    app = make(XY_POSITION)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        await pilot.press("s")
        await settle(pilot, 6)
        tree = play.query_one("#steps-tree", Tree)
        group = next(n for n in tree.root.children if n.data == "xy-chain")
        group.expand()
        await pilot.pause()
        leaf = next(n for n in group.children if n.data.to_json()["eureka"] == XY_CHAIN)
        tree.move_cursor(leaf)
        await pilot.pause()
        assert {(m.cell, m.digit) for m in play.grid.highlight.chain} == {
            (cell(c), d) for c, d in NODES}
        assert str(play.query_one("#chain-line", Static).render()).split("\n")[0] == \
            "Chain: " + NUMBERED


@pytest.mark.slow
async def test_a_lesson_example_of_a_chain():
    from tutor.app.screens.lessons import LessonScreen
    from tutor.teaching.lessons import get_lesson
    from textual.widgets import Markdown
    example = get_lesson("xy-chains").example(1)
    step = example.find_step(example.position())
    view = chain_view(step)
    app = make(XY_POSITION)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("L")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        md = screen.query_one("#lesson-md", Markdown)
        md.post_message(Markdown.LinkClicked(md, "lesson:xy-chains"))
        await settle(pilot)
        md = screen.query_one("#lesson-md", Markdown)
        md.post_message(Markdown.LinkClicked(md, "example:1"))
        await settle(pilot)
        grid = screen.query_one("#example-grid")
        assert set(grid.highlight.chain) == set(view.marks)
        assert view.lines == ("1(9=4)r4c9 - 2(4=8)r4c3 - 3(8=5)r3c3 - 4(5=4)r5c3 - 5(4=9)r5c5",)
        caption = str(screen.query_one("#example-caption").render()).split("Grid:")[0]
        # the caption wraps at spaces: compare its words
        assert ("Chain: " + view.lines[0]).split() == [
            w for w in caption.split() if w in set(("Chain: " + view.lines[0]).split())]
        # every node candidate shows its term's number before it
        lay = grid.grid_layout
        assert lay.cw == 7
        for m in view.marks:
            x, y = lay.offset(m.cell, m.digit)
            assert grid.render_line(y).text[x - 1] == m.number
