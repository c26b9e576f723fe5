"""Locked Candidates: pointing (type 1) and claiming (type 2).

Pointing: inside a box a digit sits on one line only, so the rest of that
line loses it.  Claiming: inside a line a digit sits in one box only, so the
rest of that box loses it.  The 'two boxes confine the digit to two lines'
view is the same deduction seen from the third line: it is reported as a
claiming step on that line.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from ...registry import PatternReport, technique
from ...grid import (
    BOX, COL, HOUSE_MASK, HOUSES, ROW, bit, common_houses, cell_bits, cell_name, cells_name, house_name,
)
from ...position import Position
from ...roles import BASE, COVER, Part, Roles
from ...step import make_step
from ..common import digit_masks
from ..patterns import digit_cells, digit_guard, fail, one_digit


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


# ------------------------------------------------------------------ pattern checks

def _named_cells(pos, q, d):
    """The cells to check: as named, or (named by a box and a line, e.g.
    '#4 b3 c9') the cells where they cross that hold d.  Returns
    (cells, box or None, line or None) or a failed report."""
    named = [h for g in q.lines for h in g]
    box = next((h for h in named if h >= 18), None)
    line = next((h for h in named if h < 18), None)
    if q.cells:
        return list(q.cells), box, line
    if box is None or line is None:
        return fail(q, q.label, "name the box and the row or column (e.g. #4 b3 c9)", fits=False)
    if not HOUSE_MASK[box] & HOUSE_MASK[line]:
        return fail(q, q.label, f"{house_name(line)} does not cross {house_name(box)}", fits=False)
    cells = [i for i in HOUSES[box] if HOUSE_MASK[line] >> i & 1 and pos.has(i, d)]
    if not cells:
        return fail(q, q.label, f"no cell where {house_name(box)} meets {house_name(line)} holds {d}",
                    digits=(d,))
    return cells, box, line


def _box_and_lines(q, cells, d, box, line):
    """The box and the candidate lines of the cells (a failed report if the
    cells are not in one box or not on one line)."""
    label = q.label
    boxes = sorted({BOX[i] for i in cells})
    lines = [h for h in common_houses(cells) if h < 18]
    if line is not None:
        lines = [h for h in lines if h == line]
    if len(boxes) > 1:
        a = cells[0]
        b = next(i for i in cells if BOX[i] != BOX[a])
        return PatternReport(False, label, cells, f"{cell_name(a)} and {cell_name(b)} are not in one box",
                             [a, b], (d,))
    if box is not None and 18 + boxes[0] != box:
        return PatternReport(False, label, cells, f"{cells_name(cells)} are not in {house_name(box)}",
                             list(cells), (d,))
    if not lines:
        where = house_name(line) if line is not None else "one row or column"
        return PatternReport(False, label, cells, f"{cells_name(cells)} do not lie on {where}",
                             list(cells), (d,))
    return 18 + boxes[0], lines


def _locate(pos, q, d, line_first: bool):
    """(cells, box, candidate lines) of the pattern as named, or the report
    of the first thing wrong with where it is (pointing asks for one box
    first, claiming for one line)."""
    got = _named_cells(pos, q, d)
    if isinstance(got, PatternReport):
        return got
    cells, box, line = got
    if line_first and not [h for h in common_houses(cells) if h < 18]:
        return PatternReport(False, q.label, cells,
                             f"{cells_name(cells)} do not lie on one row or column", list(cells), (d,))
    got = _box_and_lines(q, cells, d, box, line)
    if isinstance(got, PatternReport):
        return got
    return (cells, *got)


def _pointing_digit(pos, q, d):
    got = _locate(pos, q, d, line_first=False)
    if isinstance(got, PatternReport):
        return got
    cells, box, lines = got
    box_d = digit_cells(pos, box, d)
    claimed = {i for i, _, _ in q.claim}
    fails = []
    # lines holding a claimed cell first
    for line in sorted(lines, key=lambda h: not any(HOUSE_MASK[h] >> i & 1 for i in claimed)):
        off = [j for j in box_d if not HOUSE_MASK[line] >> j & 1]
        if not off:
            removes = {(j, d) for j in digit_cells(pos, line, d) if 18 + BOX[j] != box}

            def why(i, line=line):
                if not HOUSE_MASK[line] >> i & 1:
                    return f"{cell_name(i)} is not on {house_name(line)}"
                return f"{cell_name(i)} is inside {house_name(box)}"
            return PatternReport(True, q.label, list(box_d), digits=(d,), removes=removes,
                                 why_not=digit_guard(d, why))
        fails.append((line, off))
    line, off = fails[0]
    return PatternReport(False, q.label, cells, f"{d} also fits {cells_name(off)} in {house_name(box)}, "
                         f"so it is not confined to {house_name(line)}", off, (d,))


def _claiming_digit(pos, q, d):
    got = _locate(pos, q, d, line_first=True)
    if isinstance(got, PatternReport):
        return got
    cells, box, lines = got
    fails = []
    for line in sorted(lines, key=lambda h: any(
            HOUSE_MASK[h] >> i & 1 for i, _, _ in q.claim)):  # the claim is off the line
        line_d = digit_cells(pos, line, d)
        off = [j for j in line_d if 18 + BOX[j] != box]
        if not off:
            removes = {(j, d) for j in digit_cells(pos, box, d) if not HOUSE_MASK[line] >> j & 1}

            def why(i, line=line):
                if 18 + BOX[i] != box:
                    return f"{cell_name(i)} is not in {house_name(box)}"
                return f"{cell_name(i)} is on {house_name(line)} itself"
            return PatternReport(True, q.label, line_d, digits=(d,), removes=removes,
                                 why_not=digit_guard(d, why))
        fails.append((line, off))
    line, off = fails[0]
    return PatternReport(False, q.label, cells, f"{d} also fits {cells_name(off)} in {house_name(line)}, "
                         f"outside {house_name(box)}", off, (d,))


# ------------------------------------------------------------------ roles

class LockedRoles(Roles):
    """What Pointing and Claiming share: the step's houses are (the house the
    digit is confined in: the base, the house it clears: the cover)."""
    head = ""
    lies = ""

    def name(self, step) -> str:
        return f"{self.head}: {step.digits[0]} in {house_name(step.houses[0])}"

    def lead(self, step) -> str:
        return (f"{self.name(step)} {self.lies} {house_name(step.houses[1])} "
                f"({cells_name(step.cells)})")

    def parts(self, step):
        return (Part(BASE, houses=step.houses[:1], digits=step.digits),
                Part(COVER, houses=step.houses[1:], digits=step.digits))


@dataclass(frozen=True)
class PointingRoles(LockedRoles):
    """The box (its base: the digit's candidates there) and the line it
    clears; the step's houses are (box, line)."""
    head = "Locked Candidates Type 1 (Pointing)"
    lies = "lies only on"

    def json(self, step) -> dict:
        return {"box": house_name(step.houses[0]), "line": house_name(step.houses[1])}


@dataclass(frozen=True)
class ClaimingRoles(LockedRoles):
    """The line (its base) and the box it clears; the step's houses are
    (line, box).  `band_lines`: the two lines the band's other boxes hold
    the digit on, when that is how a learner sees it."""
    head = "Locked Candidates Type 2 (Claiming)"
    lies = "lies only in"
    band_lines: tuple[int, ...] = ()

    def json(self, step) -> dict:
        line, box = step.houses
        return {"box": house_name(box), "line": house_name(line),
                "two_box_view": self._two_box_view(step)}

    def _two_box_view(self, step) -> str:
        if not self.band_lines:
            return ""
        line, box = step.houses
        band = _band_boxes(line, box)
        names = "".join(house_name(h)[1] for h in self.band_lines)
        kind = "r" if line < 9 else "c"
        return (f"{house_name(band[0])} and {house_name(band[1])} hold {step.digits[0]} only on "
                f"{kind}{names}, so {house_name(box)} has it on {house_name(line)}")


POINTING = PointingRoles()


# ------------------------------------------------------------------ finders

_TIP = ("pointing: inside a box the digit sits on one line; claiming: inside a line it sits "
        "in one box")


@technique("pointing", "Locked Candidates Type 1 (Pointing)", "locked-candidates", rank=30,
           weight=50, label="Pointing", noun="Pointing step", check=one_digit(_pointing_digit),
           aliases=("pointing", "locked candidates type 1", "locked candidate type 1",
                    "locked candidates 1", "lc1"),
           confusions=(("claiming", "pointing vs claiming", _TIP),),
           prerequisites=("naked-single", "hidden-single"),
           distractors=("claiming", "naked-subset", "x-wing", "hidden-single"))
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
                yield make_step("pointing", POINTING, cells=list(cell_bits(m)), digits=(d,),
                                houses=(box, line),
                                eliminations=[(i, d) for i in cell_bits(targets)])


@technique("claiming", "Locked Candidates Type 2 (Claiming)", "locked-candidates", rank=40,
           weight=50, label="Claiming", noun="Claiming step", check=one_digit(_claiming_digit),
           aliases=("claiming", "box line reduction", "box line", "locked candidates type 2",
                    "locked candidate type 2", "locked candidates 2", "lc2"),
           prerequisites=("naked-single", "hidden-single"),
           distractors=("pointing", "hidden-subset", "naked-subset", "x-wing"))
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
            yield make_step("claiming", ClaimingRoles(_two_box_lines(pos, d, line, box)),
                            cells=list(cell_bits(m)), digits=(d,), houses=(line, box),
                            eliminations=[(i, d) for i in cell_bits(targets)])


# A solve applies one step at a time: build only the first.
pointing.first = lambda pos: list(islice(_pointing(pos), 1))
claiming.first = lambda pos: list(islice(_claiming(pos), 1))


def _two_box_lines(pos: Position, d: int, line: int, box: int) -> tuple[int, ...]:
    """The two lines the other two boxes of the band (or stack) hold d on,
    when they hold it on exactly two: the same claim told from those boxes."""
    is_row = line < 9
    lines = set()
    for bx in _band_boxes(line, box):
        for i in HOUSES[bx]:
            if pos.cands[i] & bit(d) or pos.values[i] == d:
                lines.add(ROW[i] if is_row else 9 + COL[i])
    return tuple(sorted(lines)) if len(lines) == 2 else ()


def _band_boxes(line: int, box: int) -> list[int]:
    """The other two boxes of the band (a row) or stack (a column) of box."""
    is_row = line < 9
    return [18 + b for b in range(9)
            if b != box - 18 and (b // 3 == (box - 18) // 3 if is_row else b % 3 == (box - 18) % 3)]
