"""Locked Candidates: pointing (type 1) and claiming (type 2).

Pointing: inside a box a digit sits on one line only, so the rest of that
line loses it.  Claiming: inside a line a digit sits in one box only, so the
rest of that box loses it.  The 'two boxes confine the digit to two lines'
view is the same deduction seen from the third line: it is reported as a
claiming step on that line.
"""
from __future__ import annotations

from ..finder import technique
from ..grid import BOX, COL, HOUSES, ROW, bit, cells_name, house_name
from ..position import Position
from ..step import make_step


def _line_houses(cells):
    """Rows/columns (house numbers) that contain every given cell."""
    out = []
    if len({ROW[i] for i in cells}) == 1:
        out.append(ROW[cells[0]])
    if len({COL[i] for i in cells}) == 1:
        out.append(9 + COL[cells[0]])
    return out


@technique("pointing", "Locked Candidates Type 1 (Pointing)", "locked-candidates")
def pointing(pos: Position):
    steps = []
    for d in range(1, 10):
        b = bit(d)
        for box in range(18, 27):
            cells = [i for i in HOUSES[box] if pos.cands[i] & b]
            if len(cells) < 2:
                continue  # one cell is a hidden single, not a pointing pair
            for line in _line_houses(cells):
                targets = [i for i in HOUSES[line] if pos.cands[i] & b and i not in cells]
                if targets:
                    steps.append(make_step(
                        "pointing",
                        f"Locked Candidates Type 1 (Pointing): {d} in {house_name(box)}",
                        cells=cells, digits=(d,), houses=(box, line),
                        eliminations=[(i, d) for i in targets],
                        lead=(f"Locked Candidates Type 1 (Pointing): {d} in {house_name(box)} "
                              f"lies only on {house_name(line)} ({cells_name(cells)})"),
                        extra={"box": house_name(box), "line": house_name(line)},
                    ))
    return steps


@technique("claiming", "Locked Candidates Type 2 (Claiming)", "locked-candidates")
def claiming(pos: Position):
    steps = []
    for d in range(1, 10):
        b = bit(d)
        for line in range(18):
            cells = [i for i in HOUSES[line] if pos.cands[i] & b]
            if len(cells) < 2 or len({BOX[i] for i in cells}) != 1:
                continue
            box = 18 + BOX[cells[0]]
            targets = [i for i in HOUSES[box] if pos.cands[i] & b and i not in cells]
            if not targets:
                continue
            steps.append(make_step(
                "claiming",
                f"Locked Candidates Type 2 (Claiming): {d} in {house_name(line)}",
                cells=cells, digits=(d,), houses=(line, box),
                eliminations=[(i, d) for i in targets],
                lead=(f"Locked Candidates Type 2 (Claiming): {d} in {house_name(line)} "
                      f"lies only in {house_name(box)} ({cells_name(cells)})"),
                extra={"box": house_name(box), "line": house_name(line),
                       "two_box_view": _two_box_view(pos, d, line, box)},
            ))
    return steps


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

