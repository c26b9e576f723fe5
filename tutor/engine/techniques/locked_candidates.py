"""Locked Candidates: pointing (type 1) and claiming (type 2).

Pointing: inside a box a digit sits on one line only, so the rest of that
line loses it.  Claiming: inside a line a digit sits in one box only, so the
rest of that box loses it.  The 'two boxes confine the digit to two lines'
view is the same deduction seen from the third line: it is reported as a
claiming step on that line.
"""
from __future__ import annotations

from itertools import islice

from ..registry import family, technique
from ..grid import BOX, COL, HOUSE_MASK, HOUSES, ROW, bit, cell_bits, cells_name, house_name
from ..position import Position
from ..step import make_step
from .common import digit_masks


def _line_of(m: int):
    """The row or column (house number) holding every cell of a mask of two
    or more cells, or None."""
    low = (m & -m).bit_length() - 1
    row = ROW[low]
    if not m & ~HOUSE_MASK[row]:
        return row
    col = 9 + COL[low]
    if not m & ~HOUSE_MASK[col]:
        return col
    return None


family("locked-candidates", "Locked Candidates", "Locked Candidates step")


@technique("pointing", "Locked Candidates Type 1 (Pointing)", "locked-candidates", rank=30)
def pointing(pos: Position):
    return list(_pointing(pos))


def _pointing(pos: Position):
    """Pointing steps in order (digit, then box), built as they are met."""
    masks = digit_masks(pos)
    for d in range(1, 10):
        dm = masks[d]
        if not dm:
            continue
        for box in range(18, 27):
            m = dm & HOUSE_MASK[box]
            if not m & (m - 1):
                continue  # one cell is a hidden single, not a pointing pair
            line = _line_of(m)
            if line is None:
                continue
            targets = dm & HOUSE_MASK[line] & ~m
            if targets:
                cells = list(cell_bits(m))
                yield make_step(
                    "pointing",
                    f"Locked Candidates Type 1 (Pointing): {d} in {house_name(box)}",
                    cells=cells, digits=(d,), houses=(box, line),
                    eliminations=[(i, d) for i in cell_bits(targets)],
                    lead=(f"Locked Candidates Type 1 (Pointing): {d} in {house_name(box)} "
                          f"lies only on {house_name(line)} ({cells_name(cells)})"),
                    extra={"box": house_name(box), "line": house_name(line)},
                )


@technique("claiming", "Locked Candidates Type 2 (Claiming)", "locked-candidates", rank=40)
def claiming(pos: Position):
    return list(_claiming(pos))


def _claiming(pos: Position):
    """Claiming steps in order (digit, then line), built as they are met."""
    masks = digit_masks(pos)
    for d in range(1, 10):
        dm = masks[d]
        if not dm:
            continue
        for line in range(18):
            m = dm & HOUSE_MASK[line]
            if not m & (m - 1):
                continue
            box = 18 + BOX[(m & -m).bit_length() - 1]
            if m & ~HOUSE_MASK[box]:
                continue  # the digit leaves the box on this line
            targets = dm & HOUSE_MASK[box] & ~m
            if not targets:
                continue
            cells = list(cell_bits(m))
            yield make_step(
                "claiming",
                f"Locked Candidates Type 2 (Claiming): {d} in {house_name(line)}",
                cells=cells, digits=(d,), houses=(line, box),
                eliminations=[(i, d) for i in cell_bits(targets)],
                lead=(f"Locked Candidates Type 2 (Claiming): {d} in {house_name(line)} "
                      f"lies only in {house_name(box)} ({cells_name(cells)})"),
                extra={"box": house_name(box), "line": house_name(line),
                       "two_box_view": _two_box_view(pos, d, line, box)},
            )


# A solve applies one step at a time: build only the first.
pointing.first = lambda pos: list(islice(_pointing(pos), 1))
claiming.first = lambda pos: list(islice(_claiming(pos), 1))


def _two_box_view(pos: Position, d: int, line: int, box: int) -> str:
    """The same claim told from the two other boxes of the band or stack."""
    is_row = line < 9
    band = [18 + b for b in range(9)
            if b != box - 18 and (b // 3 == (box - 18) // 3 if is_row else b % 3 == (box - 18) % 3)]
    lines = set()
    for bx in band:
        for i in HOUSES[bx]:
            if pos.cands[i] & bit(d) or pos.values[i] == d:
                lines.add(ROW[i] if is_row else 9 + COL[i])
    if len(lines) != 2:
        return ""
    names = "".join(house_name(h)[1] for h in sorted(lines))
    kind = "r" if is_row else "c"
    return (f"{house_name(band[0])} and {house_name(band[1])} hold {d} only on {kind}{names}, "
            f"so {house_name(box)} has it on {house_name(line)}")

