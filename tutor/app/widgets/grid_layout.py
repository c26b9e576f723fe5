"""The geometry of the candidate grid: its three layouts, and where each
cell, candidate and rule sits.

* compact  cells 5x2, no thin rules between cell rows: 55x22, fits 80x24
           with a header, a footer and a 25-column side panel.  Candidates
           sit at fixed places: 1-5 on the first line, 6-9 on the second; the
           tenth slot (bottom right) carries the cell's text cue.
* medium   cells 7x3 with a 3x3 mini grid per cell: 73x31.
* large    medium plus thin rules between cell rows: 73x37.
"""
from __future__ import annotations

from dataclasses import dataclass

from textual.geometry import Region

from ...engine.grid import COL, ROW


@dataclass(frozen=True)
class GridLayout:
    name: str
    cw: int           # cell width
    ch: int           # cell height
    thin_rows: bool   # thin rule between cell rows inside a box

    @property
    def box_w(self) -> int:
        return 3 * self.cw + 2

    @property
    def box_h(self) -> int:
        return 3 * self.ch + (2 if self.thin_rows else 0)

    @property
    def width(self) -> int:
        return 4 + 3 * self.box_w

    @property
    def height(self) -> int:
        return 4 + 3 * self.box_h

    def col_x(self, c: int) -> int:
        return 1 + (c // 3) * (self.box_w + 1) + (c % 3) * (self.cw + 1)

    def row_y(self, r: int) -> int:
        step = self.ch + (1 if self.thin_rows else 0)
        return 1 + (r // 3) * (self.box_h + 1) + (r % 3) * step

    def cell_region(self, i: int) -> Region:
        return Region(self.col_x(COL[i]), self.row_y(ROW[i]), self.cw, self.ch)


    # ------------------------------------------------------------ where things are
    def rule_kind(self, y: int) -> str | None:
        """The rule drawn on grid line y ('top', 'bottom', 'box', 'thin'), or
        None for a line of cells."""
        if y == 0:
            return "top"
        if y == self.height - 1:
            return "bottom"
        inner = y - 1
        period = self.box_h + 1
        if inner % period == self.box_h:
            return "box"
        if self.thin_rows:
            off = inner % period
            if off % (self.ch + 1) == self.ch:
                return "thin"
        return None

    def row_of_y(self, y: int) -> tuple[int, int]:
        """(cell row, line inside the cell) of a grid line of cells."""
        inner = y - 1
        period = self.box_h + 1
        band, off = divmod(inner, period)
        step = self.ch + (1 if self.thin_rows else 0)
        sub, k = divmod(off, step)
        return band * 3 + sub, k

    def locate(self, x: int, y: int) -> tuple[int, int] | None:
        """(cell, candidate digit whose place is under it, or None) at grid
        offset (x, y); None off the cells (outside, on a rule)."""
        if not (0 <= x < self.width and 0 <= y < self.height) or self.rule_kind(y) is not None:
            return None
        r, k = self.row_of_y(y)
        for c in range(9):
            x0 = self.col_x(c)
            if x0 <= x < x0 + self.cw:
                dx = x - x0
                break
        else:
            return None
        if self.cw == 5:
            d = (dx + 1) if k == 0 else (dx + 6 if dx < 4 else None)
        else:
            d = 3 * k + min(dx // 2, 2) + 1
        return r * 9 + c, d

    def offset(self, i: int, digit: int | None = None) -> tuple[int, int]:
        """Grid offset of a cell (or of one of its candidates)."""
        x, y = self.col_x(COL[i]), self.row_y(ROW[i])
        if digit is None:
            return x + self.cw // 2, y
        if self.cw == 5:
            return (x + digit - 1, y) if digit <= 5 else (x + digit - 6, y + 1)
        return x + 2 * ((digit - 1) % 3) + 1, y + (digit - 1) // 3


COMPACT = GridLayout("compact", 5, 2, False)
MEDIUM = GridLayout("medium", 7, 3, False)
LARGE = GridLayout("large", 7, 3, True)
LAYOUTS = {lay.name: lay for lay in (COMPACT, MEDIUM, LARGE)}


PANEL_WIDTH = 26        # columns the play screen keeps for its side panel


def fitting_layouts(width: int, height: int, side: int = PANEL_WIDTH) -> list[GridLayout]:
    """The layouts that fit `width` x `height` and leave `side` columns for
    the panel, smallest first (compact always: it is the smallest there is)."""
    return [COMPACT] + [lay for lay in (MEDIUM, LARGE)
                        if height >= lay.height and width >= lay.width + side]


def choose_layout(width: int, height: int, side: int = PANEL_WIDTH) -> GridLayout:
    """The biggest layout that leaves `side` columns for the panel."""
    return fitting_layouts(width, height, side)[-1]
