"""Small helpers shared by technique finders."""
from __future__ import annotations

from ..grid import HOUSES, MASK_DIGITS, bit
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
                here = 1 << k
                for d in MASK_DIGITS[m]:
                    row[d] |= here
        out.append(row)
    return out


def cells_with(pos: Position, digit: int) -> list[int]:
    """Empty cells that still hold the digit as a candidate."""
    b = bit(digit)
    return [i for i, m in enumerate(pos.cands) if m & b]


def positions_to_cells(house: int, places: int) -> list[int]:
    cells = HOUSES[house]
    return [cells[k] for k in range(9) if places >> k & 1]


def per_position(fn):
    """Remember fn's result for the last position it saw (by its digits and
    candidates), so sibling finders - naked and hidden subsets, say - that
    share one search do it once per position."""
    last: list = [(None, None)]  # one (key, result) pair, swapped whole: thread-safe

    def wrapper(pos: Position):
        key = (tuple(pos.values), tuple(pos.cands))
        seen_key, result = last[0]
        if seen_key != key:
            result = fn(pos)
            last[0] = (key, result)
        return result

    wrapper.__wrapped__ = fn
    wrapper.__doc__ = fn.__doc__
    return wrapper
