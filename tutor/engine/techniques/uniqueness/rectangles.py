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

A corner that has already lost one of the two digits still counts (HoDoKu
takes these): were the solution a and b on the four corners, the swap would
be a second solution of the puzzle's digits whatever candidates logic has
removed since.  The swapped grid keeps every filled cell, so it is enough
that the filled cells alone (givens and placed digits: what a brace grid
shows) have one solution; a pasted candidate grid whose digits alone have
several cannot use a cleared rectangle, only one whose corners all hold
both digits (then the swap also keeps every candidate).  A cleared corner
must leave the pattern possible: some diagonal a/b filling of the four
corners fits their candidates.  Which corner may be the cleared one, by
test: every test removes what would put a or b in all four corners, so a
cleared corner only removes eliminations, never adds one.  The bivalue
corners hold both by definition; Test 1's extra corner loses whichever of
a, b it still holds; Tests 2, 3 and 5 read only the extras; Test 4's and
Test 6's link digit u lives in both extra corners (a strong link), so only
v may be missing, and v leaves the corners that hold it; a Hidden
Rectangle's links need u in the far corner and its two neighbours, and v
leaves the far corner only if it still holds v.
A rectangle with a given or an already placed digit in a corner is not a
Unique Rectangle here (placed non-given corners make Avoidable Rectangles,
avoidable_rectangle.py).  The registry runs these techniques only where the
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
from ...exact import solve_masks
from ...position import Position
from ...registry import PatternQuery, PatternReport
from ...step import effects_text
from ..common import once_per_position
from ..patterns import fail_on, mask_list

MAX_SUBSET = 4      # Test 3 subsets: pair, triple or quad (of digits)


# ================================================================ helpers

def seen_by_all(cells) -> int:
    m = (1 << 81) - 1
    for i in cells:
        m &= PEER_MASK[i]
    return m


@once_per_position
def candidate_rectangles(pos: Position) -> list[tuple[tuple[int, ...], int]]:
    """(corners, pair mask) for every rectangle of unsolved cells, one of
    which holds only the pair and each of which holds a digit of it, that
    could still become the deadly pattern (see `could_be_deadly`): what
    every Unique and Hidden Rectangle starts from.  Built once per
    position, from each bivalue cell and the cells of its row and column
    holding a digit of its pair.  Corners come in cell order: top left, top
    right, bottom left, bottom right, so corner k's row mate is k^1, its
    column mate k^2 and the opposite corner 3-k."""
    cands, values = pos.cands, pos.values
    found = set()
    for k in range(81):
        ab = cands[k]
        if values[k] or POPCOUNT[ab] != 2:
            continue
        row = [j for j in HOUSES[ROW[k]] if j != k and cands[j] & ab and not values[j]]
        if not row:
            continue
        col = [i for i in HOUSES[9 + COL[k]] if i != k and cands[i] & ab and not values[i]]
        for j in row:
            same_stack = COL[j] // 3 == COL[k] // 3
            for i in col:
                if (ROW[i] // 3 == ROW[k] // 3) == same_stack:
                    continue        # one box or four boxes
                far = ROW[i] * 9 + COL[j]
                if cands[far] & ab and not values[far]:
                    found.add((tuple(sorted((k, j, i, far))), ab))
    return sorted(r for r in found if could_be_deadly(pos, *r))


def could_be_deadly(pos: Position, rect, ab: int) -> bool:
    """Whether the swap argument applies to the unsolved rectangle on the
    pair: every corner holds both digits, or (a corner cleared) some
    diagonal a/b filling still fits the candidates and the filled cells
    alone have one solution."""
    cands = pos.cands
    if all(cands[i] & ab == ab for i in rect):
        return True
    a, b = (1 << (d - 1) for d in MASK_DIGITS[ab])
    fits = any(cands[rect[0]] & x and cands[rect[3]] & x and cands[rect[1]] & y
               and cands[rect[2]] & y for x, y in ((a, b), (b, a)))
    return fits and digits_alone_unique(pos)


@once_per_position
def digits_alone_unique(pos: Position) -> bool:
    """Whether the filled cells alone, candidates aside, have exactly one
    solution (see the module's text on cleared corners).  The answer is
    carried along a solve (the Analysis' `carried`): once some filled cells
    have one solution S, any digits that fill those cells and more, all
    agreeing with S, have S alone (their solutions are among the first
    cells' ones), so the search runs again only when a digit leaves S or a
    cell is emptied."""
    analysis = pos.analysis
    known = analysis.carried.get(_ALONE)
    if known is not None:
        filled, solution = known
        placed = analysis.placed
        if not filled & analysis.empty and all(not placed[d] & ~solution[d] for d in range(1, 10)):
            return True
    count, grid = solve_masks([1 << (v - 1) if v else 0x1FF for v in pos.values])
    if count == 1 and grid is not None:
        solution = [0] * 10
        for i, d in enumerate(grid):
            solution[d] |= 1 << i
        analysis.carried[_ALONE] = (ALL_CELLS & ~analysis.empty, solution)
    return count == 1


_ALONE = "the filled cells' unique solution"   # its key in Analysis.carried
ALL_CELLS = (1 << 81) - 1


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
        ab = mask_of(digits)
        problem, failing = _cleared_problem(pos, rect, ab)
        if problem:
            return fail_on(q.label, rect, problem, failing, digits), None, ()
        return None, rect, [ab]
    common = pos.cands[rect[0]] & pos.cands[rect[1]] & pos.cands[rect[2]] & pos.cands[rect[3]]
    pairs = {mask_of(pair) for pair in combinations(MASK_DIGITS[common], 2)}
    pairs |= {pos.cands[i] for i in rect if POPCOUNT[pos.cands[i]] == 2
              and could_be_deadly(pos, rect, pos.cands[i])}
    bivalue = [pos.cands[i] for i in rect if POPCOUNT[pos.cands[i]] == 2]
    if not pairs and bivalue:
        problem, failing = _cleared_problem(pos, rect, bivalue[0])
        return fail_on(q.label, rect, problem, failing, MASK_DIGITS[bivalue[0]]), None, ()
    if not pairs:
        shared = f"only {mask_list(common)}" if common else "no digit"
        return fail_on(q.label, rect, f"{name} share {shared}: a rectangle needs two digits in all four "
                     f"corners (one may have lost one of them)"), None, ()
    return None, rect, sorted(pairs)


def _cleared_problem(pos: Position, rect, ab: int) -> tuple[str, list[int]]:
    """Why the rectangle cannot be deadly on the pair, with its corners'
    candidates as they are: (reason, failing cells), or ('', [])."""
    name, (a, b) = cells_name(rect), MASK_DIGITS[ab]
    for i in rect:
        if not pos.cands[i] & ab:
            return f"{cell_name(i)} holds neither {a} nor {b}, so {name} is not a {a}/{b} rectangle", [i]
    if could_be_deadly(pos, rect, ab):
        return "", []
    cleared = [i for i in rect if pos.cands[i] & ab != ab]
    if not digits_alone_unique(pos):
        return (f"{cells_name(cleared)} lost a digit of {a}/{b}: the swap then needs the filled cells "
                f"alone to have one solution, and these have several", cleared)
    return (f"{cells_name(cleared)} lost digits of {a}/{b} so that no filling of {name} with "
            f"{a} and {b} is left: it can never become the deadly pattern", cleared)
