"""Small helpers shared by technique finders."""
from __future__ import annotations

from ..grid import HOUSES, bit
from ..position import Position


def digit_places(pos: Position) -> list[list[int]]:
    """places[h][d]: 9-bit mask of the positions (0..8) within house h where
    digit d is still a candidate."""
    out = []
    cands = pos.cands
    for cells in HOUSES:
        row = [0] * 10
        for k, i in enumerate(cells):
            m = cands[i]
            if m:
                for d in range(1, 10):
                    if m & bit(d):
                        row[d] |= 1 << k
        out.append(row)
    return out


def cells_with(pos: Position, digit: int) -> list[int]:
    """Empty cells that still hold the digit as a candidate."""
    b = bit(digit)
    return [i for i, m in enumerate(pos.cands) if m & b]


def positions_to_cells(house: int, places: int) -> list[int]:
    cells = HOUSES[house]
    return [cells[k] for k in range(9) if places >> k & 1]
