"""What the ALS techniques share, built once per position: the ALSs of
als.py indexed by digit and cell, and the restricted commons between them.

Used by ALS-XZ (als_xz.py), ALS-XY-Wing and ALS chains (als_chain.py; their
search is als_chain_search.py) and the Death Blossom (death_blossom.py);
Sue de Coq reads the ALS list of als.py (sue_de_coq.py).

Words.  For an ALS k and a digit d it holds:

* `cells_with(k, d)`: the cells of k holding d (81-bit mask);
* `sees_all(k, d)`: the cells that see every one of them;
* `targets(k, d)`: those of them that still hold d, i.e. the cells where d
  goes if d is forced into k.

A digit x common to two ALSs A and B that share no cell is a *restricted
common* (RCC) when every x of A sees every x of B: then x sits in at most
one of the two.  `rcc(k)` maps each digit x to the ALSs linked to k by x
(a bitset over ALS numbers: bit j for ALS j), `rcc_digits(a, b)` the
digits linking a and b (a 9-bit mask).  `holding_sees(d, cell)` is the
index by (digit, cell): the ALSs whose every d sees that cell (bitset), the
ALSs that could clear d from it.  `about(k)` has the names and JSON lists
of ALS k that steps show, made once per position.

How the restricted commons are found without trying every pair (a naive
scan of all pairs costs about 19 ms on a full position): for each digit x
the ALSs are grouped by their x-cells, and a group M links to a group M'
when M' lies inside the cells that see all of M.  Every cell of M' then
lies there, so it is enough to look at the groups whose first cell does,
and keep those that fit entirely: a few tests per group instead of one per
pair of ALSs.

ALS numbers are the positions in `records`: the table of als.py sorted
simplest first (fewer cells, then cell order), so a lower number is a
simpler ALS and the lowest bit of a bitset its simplest member.  Everything
here is read-only once built.
"""
from __future__ import annotations

from ...grid import MASK_DIGITS
from ...position import Position
from ...roles import ALS, Part
from .table import cells_of, als_table
from ..common import digit_masks, once_per_position


class AlsIndex:
    """The ALSs of one position with their per-digit cells and the links
    between them (see the module docstring)."""

    __slots__ = ("records", "houses", "n", "cells", "digits", "sizes", "z_cells", "sees_table",
                 "target_table", "clears", "_overlap", "_rcc", "holding_table")

    def __init__(self, pos: Position, table: tuple | None = None):
        # table: (records, houses) as als.py makes them; als_table(pos) if None
        records, houses = table or als_table(pos)
        # simplest first: fewer cells, then cell order; so the lowest bit of
        # a bitset of ALSs is its simplest member
        order = sorted(range(len(records)), key=lambda k: (records[k][0].bit_count(),
                                                           cells_of(records[k][0])))
        self.records = [records[k] for k in order]
        self.houses = [houses[k] for k in order]
        self.n = len(self.records)
        self.cells = [r[0] for r in self.records]
        self.digits = [r[1] for r in self.records]
        self.sizes = [c.bit_count() for c in self.cells]
        self.z_cells = digit_masks(pos)
        z_cells = self.z_cells
        sees: dict[int, int] = {}
        targets: dict[int, int] = {}
        clears = [0] * self.n
        for k, (_, digits, sub, seeing, places) in enumerate(self.records):
            for d in MASK_DIGITS[digits]:
                p = seeing[sub & places[d]]
                sees[k * 10 + d] = p
                t = targets[k * 10 + d] = p & z_cells[d]
                if t:
                    clears[k] |= 1 << (d - 1)
        self.sees_table = sees
        self.target_table = targets     # k * 10 + d -> targets(k, d), for hot loops
        # clears[k]: 9-bit mask of the digits d with targets(k, d)
        self.clears = clears
        self._overlap: list[int] | None = None
        self._rcc: list[dict[int, int]] | None = None
        self.holding_table: list[int] | None = None

    # ------------------------------------------------------------ one ALS
    def cells_with(self, k: int, d: int) -> int:
        return self.cells[k] & self.z_cells[d]

    def sees_all(self, k: int, d: int) -> int:
        return self.sees_table[k * 10 + d]

    def targets(self, k: int, d: int) -> int:
        """Cells outside k holding d that see every d of k (0 if k lacks d)."""
        return self.target_table.get(k * 10 + d, 0)

    def cell_list(self, k: int) -> tuple[int, ...]:
        return cells_of(self.cells[k])

    def size(self, k: int) -> int:
        return self.cells[k].bit_count()

    def part(self, k: int, tag: str = "", role: str = ALS) -> Part:
        """ALS k as a step's role (an ALS, a petal): its cells and digits, tagged."""
        return Part(role, cells_of(self.cells[k]), MASK_DIGITS[self.digits[k]], tag=tag)

    # ------------------------------------------------------------ links
    def overlap(self, k: int) -> int:
        """Bitset of the ALSs sharing a cell with k (k included)."""
        if self._overlap is None:
            by_cell = [0] * 81
            for j, cells in enumerate(self.cells):
                b = 1 << j
                while cells:
                    low = cells & -cells
                    by_cell[low.bit_length() - 1] |= b
                    cells ^= low
            out = []
            for cells in self.cells:
                o = 0
                while cells:
                    low = cells & -cells
                    o |= by_cell[low.bit_length() - 1]
                    cells ^= low
                out.append(o)
            self._overlap = out
        return self._overlap[k]

    def rcc(self, k: int) -> dict[int, int]:
        """{x: bitset of the ALSs sharing no cell with k and linked to it by
        the restricted common x}; digits without partners are left out."""
        if self._rcc is None:
            self._rcc = self._find_rccs()
        return self._rcc[k]

    def rcc_digits(self, a: int, b: int) -> int:
        """9-bit mask of the restricted commons of ALSs a and b."""
        bit = 1 << b
        return sum(1 << (x - 1) for x, partners in self.rcc(a).items() if partners & bit)

    def _find_rccs(self) -> list[dict[int, int]]:
        n = self.n
        z_cells = self.z_cells
        sees = self.sees_table
        # groups[x]: x-cells -> [cells seeing all of them that hold x, ALS bitset]
        groups: list[dict[int, list]] = [{} for _ in range(10)]
        own: list[list[tuple[int, int]]] = []
        for k in range(n):
            cells = self.cells[k]
            b = 1 << k
            row = []
            for x in MASK_DIGITS[self.digits[k]]:
                xm = cells & z_cells[x]
                row.append((x, xm))
                g = groups[x].get(xm)
                if g is None:
                    groups[x][xm] = [sees[k * 10 + x] & z_cells[x], b]
                else:
                    g[1] |= b
            own.append(row)
        linked: list[dict[int, int]] = [{}] * 10
        for x in range(1, 10):
            gx = groups[x]
            by_first: dict[int, list] = {}
            firsts = 0
            for xm, (_, b) in gx.items():
                first = xm & -xm
                firsts |= first
                by_first.setdefault(first, []).append((xm, b))
            lx = dict.fromkeys(gx, 0)
            linked[x] = lx
            for xm, (inside, b) in gx.items():
                # the link is symmetric: look only at groups starting after
                # this one's first cell, and mark both ends
                rest = inside & firsts & -((xm & -xm) << 1)
                while rest:
                    low = rest & -rest
                    rest ^= low
                    for m2, b2 in by_first.get(low, ()):
                        if not m2 & ~inside:
                            lx[xm] |= b2
                            lx[m2] |= b
        out = []
        if n:
            self.overlap(0)         # builds the whole table
        for k, shared in enumerate(self._overlap or ()):
            apart = ~shared
            mine = {}
            for x, xm in own[k]:
                partners = linked[x][xm] & apart
                if partners:
                    mine[x] = partners
            out.append(mine)
        return out

    def holding_sees(self, d: int, cell: int) -> int:
        """Bitset of the ALSs holding d whose every d sees `cell` (the table,
        holding_table[d * 81 - 81 + cell], is built on the first call)."""
        if self.holding_table is None:
            table = [0] * 810
            for key, t in self.target_table.items():
                k, e = divmod(key, 10)
                b = 1 << k
                base = e * 81 - 81
                while t:
                    low = t & -t
                    table[base + low.bit_length() - 1] |= b
                    t ^= low
            self.holding_table = table
        return self.holding_table[d * 81 - 81 + cell]


@once_per_position
def als_index(pos: Position) -> AlsIndex:
    """The AlsIndex of a position, built once and shared by its finders."""
    return AlsIndex(pos)
