"""A step's roles on the grid: the fin, the pivot, the pincers, z, the base
and cover lines, the stem and petals, a net's premise and implications are
told apart by text cues (NO_COLOR: no colour at all), in the compact 80x24
layout and the larger ones; the panel names them in words.  Everything
comes from the step's typed roles."""
from __future__ import annotations

import pytest
from textual.widgets import Static

from app_helpers import make, settle
from puzzle_helpers import technique_cases
from tutor.engine.formats import parse_position
from tutor.engine.registry import find_all
from tutor.paths import data_dir


def practice(tid: str) -> str:
    path = data_dir("puzzles") / "practice" / f"{tid}.txt"
    return next(ln for ln in path.read_text(encoding="utf-8").splitlines()
                if ln.strip() and not ln.startswith("#")).split("\t")[0]


def case(name: str) -> str:
    return technique_cases(name)[0]["position"]


def cue_slot(grid, i: int) -> str:
    """The compact layout's cue slot of a cell (bottom right)."""
    lay = grid.grid_layout
    x, y = lay.col_x(i % 9), lay.row_y(i // 9) + 1
    return grid.render_line(y).text[x + lay.cw - 1]


def cue_before(grid, i: int, digit: int) -> str:
    """The medium/large layout's cue just before a candidate."""
    x, y = grid.grid_layout.offset(i, digit)
    return grid.render_line(y).text[x - 1]


def style_at(grid, i: int, digit: int):
    x, y = grid.grid_layout.offset(i, digit)
    return next(iter(grid.render_line(y).crop(x, x + 1))).style


def left_border(grid, row: int) -> str:
    lay = grid.grid_layout
    return grid.render_line(lay.row_y(row) + (lay.ch - 1) // 2).text[0]


def top_border(grid, col: int) -> str:
    lay = grid.grid_layout
    x = lay.col_x(col)
    return grid.render_line(0).text[x:x + lay.cw]


async def shown(app, pilot, tid: str, pick=lambda steps: steps[0]):
    play = app.play
    step = pick(find_all(play.game.engine_position(), [tid]))
    play.show_step(step, effects=False)
    await pilot.pause()
    return step


def make_looking(monkeypatch, text: str, look: str):
    """The app with no colour at all, or (once it runs) the high-contrast
    theme: the cues read either way."""
    if look == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")
    return make(text)


async def set_look(app, pilot, look: str) -> None:
    if look == "high-contrast":
        app.theme = "sudoku-high-contrast"
        await pilot.pause()


@pytest.mark.parametrize("look", ["no-color", "high-contrast"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_finned_fish_letters_its_base_cover_and_fins(monkeypatch, size, look):
    app = make_looking(monkeypatch, case("FinnedXWing"), look)
    async with app.run_test(size=size) as pilot:
        await set_look(app, pilot, look)
        step = await shown(app, pilot, "finned-x-wing")
        grid = app.play.grid
        base, cover = step.houses[:2], step.houses[2:4]
        for row in range(9):
            assert left_border(grid, row) == ("B" if row in base else "┃"), row
        for col in range(9):
            assert ("C" in top_border(grid, col)) == (9 + col in cover), col
        fins = step.roles.fins
        d = step.digits[0]
        for i in step.cells:
            if grid.grid_layout.name == "compact":
                assert (cue_slot(grid, i) == "f") == (i in fins), i
            else:
                assert (cue_before(grid, i, d) == "f") == (i in fins), i
        panel = str(app.play.query_one("#chain-line", Static).render())
        assert panel == "B base r37 · C cover c69 · f fin r7c78"


@pytest.mark.parametrize("look", ["no-color", "high-contrast"])
async def test_a_wing_letters_its_pivot_pincers_and_z(monkeypatch, look):
    app = make_looking(monkeypatch, case("XYZWing"), look)
    async with app.run_test(size=(120, 40)) as pilot:
        await set_look(app, pilot, look)
        step = await shown(app, pilot, "xyz-wing")
        grid = app.play.grid
        assert grid.grid_layout.name in ("medium", "large")
        pivot, pincers, z = step.cells[0], step.cells[1:], step.digits[-1]
        pos = app.play.game.position
        for d in pos.candidates(pivot):
            assert cue_before(grid, pivot, d) == ("z" if d == z else "p")
            assert style_at(grid, pivot, d).bold           # the pivot is bold, even without colour
        for i in pincers:
            for d in pos.candidates(i):
                assert cue_before(grid, i, d) == ("z" if d == z else "w")
        assert style_at(grid, pincers[0], z).underline        # z: underlined
        panel = str(app.play.query_one("#chain-line", Static).render())
        assert panel.startswith("p pivot r6c9 · w pincers r4c9 r6c1 · z 1 in ")


async def test_a_death_blossom_letters_its_stem_and_petals_compact(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make(practice("death-blossom"))
    async with app.run_test(size=(80, 24)) as pilot:
        step = await shown(app, pilot, "death-blossom")
        grid = app.play.grid
        assert grid.grid_layout.name == "compact"
        assert cue_slot(grid, step.roles.stem) == "s"
        for petal in step.roles.petals:
            for i in petal.cells:
                # a cell in two petals shows the first one's letter
                first = next(p for p in step.roles.petals if i in p.cells)
                assert cue_slot(grid, i) == first.tag
        panel = str(app.play.query_one("#chain-line", Static).render())
        assert panel.startswith(f"s stem {step.to_json()['stem']} #")
        assert "A petal " in panel


async def test_a_net_is_drawn_as_its_premise_and_implications(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    text = practice("forcing-net")
    pos = parse_position(text)
    steps = find_all(pos, ["forcing-net"])
    # one whose branches place something: the implications are drawn
    step = next(s for s in steps if any(b.implications for b in s.roles.branches))
    app = make(text)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play.show_step(step, effects=False)
        await pilot.pause()
        grid = app.play.grid
        premise = step.roles.premise(step)
        for d in premise.digits:
            if app.play.game.position.has(premise.cells[0], d):
                assert cue_before(grid, premise.cells[0], d) == "P"
        implications = [p for p in step.roles.parts(step) if p.role == "implication"]
        assert implications
        for part in implications[:9]:
            i, d = part.cells[0], part.digits[0]
            first = next(p for p in implications if p.cells[0] == i and p.digits[0] == d)
            assert cue_before(grid, i, d) == first.tag
            assert style_at(grid, i, d).reverse           # a fact the premise makes true
        panel = str(app.play.query_one("#chain-line", Static).render())
        assert panel.startswith("P premise ")
        assert f"{implications[0].tag} r" in panel


async def test_hint_levels_draw_the_premise_of_a_net(monkeypatch):
    """The hint ladder on a forcing net: level 2 points at the premise's
    place, level 3 shows the premise (a contradiction's cell only: its
    candidate is the answer), level 4 draws the premise and its
    implications with the effect."""
    from tutor.engine.registry import next_step
    monkeypatch.setenv("NO_COLOR", "1")
    text = practice("forcing-net")
    step = next_step(parse_position(text))
    assert step.technique == "forcing-net"
    premise = step.roles.premise(step)
    app = make(text)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        for _ in range(2):
            await pilot.press("H")
            await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 2/5: start ")
        assert set(premise.cells) <= play.grid.highlight.cells
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 3/5: the pattern: ")
        assert not play.grid.highlight.eliminations and not play.grid.highlight.placements
        if step.roles.kind == "contradiction":
            # its premise's candidate is the answer: level 3 shows the cell, not the candidate
            assert play.grid.highlight.cells == set(premise.cells)
            assert not play.grid.highlight.roles and not play.grid.highlight.digits
        else:
            assert any(m.cue == "P" for m in play.grid.highlight.roles)
        await pilot.press("H")
        await settle(pilot)
        assert play.log_lines[-1].startswith("Hint 4/5: ")
        # level 4: the premise and its numbered implications, with the effect
        assert any(m.cue == "P" for m in play.grid.highlight.roles)
        assert any(m.cue == "1" for m in play.grid.highlight.roles)
        assert play.grid.highlight.eliminations or play.grid.highlight.placements


def box_edge(grid, box: int) -> str:
    """The box's bottom edge under its middle column."""
    lay = grid.grid_layout
    row, col = box // 3 * 3 + 2, box % 3 * 3 + 1
    return grid.render_line(lay.row_y(row) + lay.ch).text[lay.col_x(col):lay.col_x(col) + lay.cw].strip("━")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_franken_fish_letters_its_box_apart_from_rows_and_columns(monkeypatch, size):
    """The rows on the left border, the columns on the top line, and the
    box on its own bottom edge, so a box's letter
    never sits among the columns' on the top line (the first practice
    position: base c245, cover r14 and b8)."""
    app = make_looking(monkeypatch, practice("franken-fish"), "no-color")
    async with app.run_test(size=size) as pilot:
        step = await shown(app, pilot, "franken-fish")
        grid = app.play.grid
        houses = step.houses
        size_ = len(houses) // 2
        base, cover = houses[:size_], houses[size_:]
        assert any(h >= 18 for h in houses)
        letter = lambda h: "B" if h in base else "C" if h in cover else None  # noqa: E731
        for row in range(9):
            assert left_border(grid, row) == (letter(row) or "┃"), row
        for col in range(9):
            assert top_border(grid, col).strip("━") == (letter(9 + col) or ""), col
        for box in range(9):
            assert box_edge(grid, box) == (letter(18 + box) or ""), box
        # nothing else on the top line: no box letter among the columns'
        top = grid.render_line(0).text
        assert sum(ch in "BC" for ch in top) == sum(1 for h in houses if 9 <= h < 18), top
