"""What the uniqueness patterns rest on, and what their rooms share: the
rectangles every Unique and Hidden Rectangle starts from, and the pieces of
their pattern checks.  The rooms are unique_rectangle.py, hidden_rectangle.py
and bug.py.

These rest on one fact that is not a rule of Sudoku: the puzzle has exactly
one solution.  Take four cells in two rows, two columns and exactly two
boxes.  If all four ended up holding only the digits a and b, the a's and
b's could be swapped and the rest of the grid would still be a solution:
a second solution.  So a puzzle with one solution never reaches that
"deadly pattern", and we may remove whatever would force it.

The swap is a second solution only if none of the four cells is fixed by
the puzzle: all four must be unsolved (an unsolved cell is never a given).
A rectangle with a given or an already placed digit in a corner is not a
Unique Rectangle here (placed non-given corners are Avoidable Rectangles,
not implemented).  The registry runs these techniques only where the
position has exactly one solution; each pattern check says so too.

Unique Rectangle, by HoDoKu's numbering: the four corners all hold a and b;
a corner holding nothing else is "bivalue", the others carry extras.
  1  three corners bivalue: a and b leave the fourth.
  2  two bivalue; the two others, in one row or column, each hold a, b and
     the same one extra digit c: c leaves every cell seeing both.
  3  two bivalue; the two others share a house, their extras together act
     as one cell and form a naked subset (2 to 4 digits) with other cells of
     that house: the subset's digits leave the rest of the house.
  4  two bivalue; the two others share a house where a lives only in them:
     b leaves both.
  5  the same one extra digit c in three corners, or in two diagonal ones:
     c leaves every cell seeing all of them.
  6  two diagonal bivalue corners; a lives only in the rectangle in both
     rows and both columns: a leaves the two other corners.
SudokuWiki numbers them differently: its 2 and 2B are our 2, its 2C is our
5 (two diagonal corners), its 3, 3B and 3B with triple pseudo-cells are our
3, its 4 and 4B are our 4, and its 5 is our 6 (it places a in the two
bivalue corners; we remove a from the two others, after which those
placements are hidden singles).

Hidden Rectangle (HoDoKu): one bivalue corner; in the row and in the column
of the opposite corner, a lives only in rectangle cells: b leaves the
opposite corner (were it b, the links would make the other two corners a
and the bivalue corner b: the deadly pattern).  This is SudokuWiki's Hidden
Unique Rectangle type 1; its types 2 and 2B are other patterns, not found.

BUG+1: every unsolved cell is bivalue but one, which holds three digits,
and without one of its digits every digit would sit exactly twice in each
house where it is unsolved (a "bivalue universal grave", which never has
exactly one solution).  That digit is placed.

One instance is a rectangle, its digit pair, the test type and the effect
(tests of one type on one rectangle with the same effect are one step: a
Test 4 link seen in a row and in a box is one step naming both houses);
for the Hidden Rectangle the rectangle, pair and bivalue corner; for BUG+1
the cell.
"""
from __future__ import annotations

from itertools import combinations

from ...grid import (
    BOX, COL, HOUSES, MASK_DIGITS, PEER_MASK, POPCOUNT, ROW, cell_name, cells_name, mask_of,
)
from ...position import Position
from ...registry import PatternQuery, PatternReport
from ...step import effects_text
from ..common import per_position
from ..patterns import fail_on, mask_list

MAX_SUBSET = 4      # Test 3 subsets: pair, triple or quad (of digits)


# ================================================================ helpers

def seen_by_all(cells) -> int:
    m = (1 << 81) - 1
    for i in cells:
        m &= PEER_MASK[i]
    return m


@per_position
def candidate_rectangles(pos: Position) -> list[tuple[tuple[int, ...], int]]:
    """(corners, pair mask) for every rectangle of unsolved cells that all
    hold the pair and at least one of which holds nothing else: what every
    Unique and Hidden Rectangle starts from.  Built once per position, from
    each bivalue cell and the cells of its row and column holding its pair.
    Corners come in cell order: top left, top right, bottom left, bottom
    right, so corner k's row mate is k^1, its column mate k^2 and the
    opposite corner 3-k."""
    cands, values = pos.cands, pos.values
    found = set()
    for k in range(81):
        ab = cands[k]
        if values[k] or POPCOUNT[ab] != 2:
            continue
        row = [j for j in HOUSES[ROW[k]] if j != k and cands[j] & ab == ab and not values[j]]
        if not row:
            continue
        col = [i for i in HOUSES[9 + COL[k]] if i != k and cands[i] & ab == ab and not values[i]]
        for j in row:
            same_stack = COL[j] // 3 == COL[k] // 3
            for i in col:
                if (ROW[i] // 3 == ROW[k] // 3) == same_stack:
                    continue        # one box or four boxes
                far = ROW[i] * 9 + COL[j]
                if cands[far] & ab == ab and not values[far]:
                    found.add((tuple(sorted((k, j, i, far))), ab))
    return sorted(found)


def pair_text(ab: int) -> str:
    a, b = MASK_DIGITS[ab]
    return f"{a}/{b}"


# ================================================================ what the checks share

DEADLY = "every corner of {name} holds only {a},{b}: that is the deadly pattern itself"

def holds(q: PatternQuery, cells, label: str, digits, elims=(), places=()) -> PatternReport:
    elims, places = set(elims), set(places)
    done = effects_text(sorted(elims), sorted(places))

    def why_not(i, d, placing):
        item = f"{cell_name(i)}={d}" if placing else f"{cell_name(i)}<>{d}"
        return f"{label} on {cells_name(cells)} gives {done}, not {item}"

    return PatternReport(True, q.label or label, list(cells), digits=tuple(digits), removes=elims,
                         places=places, why_not=why_not)


def uniqueness_problem(pos: Position) -> str:
    count = pos.solution_info()[0]
    if count == 1:
        return ""
    what = "no solution" if count == 0 else "more than one solution"
    return f"the position has {what}: uniqueness arguments need exactly one"


def named_rectangle(cells):
    """The rectangle named by its four corners or two opposite ones:
    (corners, '') or (None, what is wrong)."""
    named = " and ".join(cell_name(i) for i in cells) if len(cells) == 2 else cells_name(cells)
    if len(cells) not in (2, 4):
        return None, (f"a rectangle has four corners (or name two opposite ones); "
                      f"{len(cells)} cells named")
    rows = sorted({ROW[i] for i in cells})
    cols = sorted({COL[i] for i in cells})
    rect = tuple(r * 9 + c for r in rows for c in cols)
    if len(rows) != 2 or len(cols) != 2 or (len(cells) == 4 and set(rect) != set(cells)) \
            or len({BOX[i] for i in rect}) != 2:
        return None, f"{named} are not in two rows, two columns and two boxes"
    return rect, ""


def rectangle_query(pos: Position, q: PatternQuery):
    """The named rectangle and the digit pairs to try, or a fail_on report."""
    cells = sorted(set(q.cells))
    rect, problem = named_rectangle(cells)
    if rect is None:
        return fail_on(q.label, cells, problem, cells, q.digits), None, ()
    name = cells_name(rect)
    for i in rect:
        if pos.givens[i]:
            return fail_on(q.label, rect, f"{cell_name(i)} is a given, so the rectangle cannot be swapped",
                         [i]), None, ()
        if pos.values[i]:
            return fail_on(q.label, rect, f"{cell_name(i)} is already solved ({pos.values[i]}), so {name} "
                         f"is not four unsolved cells", [i]), None, ()
    problem = uniqueness_problem(pos)
    if problem:
        return fail_on(q.label, rect, problem), None, ()
    if q.digits:
        digits = sorted(set(q.digits))
        if len(digits) != 2:
            return fail_on(q.label, rect, f"a rectangle is on two digits, not "
                         f"{','.join(map(str, digits))}", digits=digits), None, ()
        for i in rect:
            for d in digits:
                if not pos.has(i, d):
                    return fail_on(q.label, rect, f"{cell_name(i)} lacks {d}, so {name} is not a "
                                 f"{digits[0]}/{digits[1]} rectangle", [i], digits), None, ()
        return None, rect, [mask_of(digits)]
    common = pos.cands[rect[0]] & pos.cands[rect[1]] & pos.cands[rect[2]] & pos.cands[rect[3]]
    if POPCOUNT[common] < 2:
        shared = f"only {mask_list(common)}" if common else "no digit"
        return fail_on(q.label, rect, f"{name} share {shared}: a rectangle needs two digits in all four "
                     f"corners"), None, ()
    return None, rect, [mask_of(pair) for pair in combinations(MASK_DIGITS[common], 2)]
