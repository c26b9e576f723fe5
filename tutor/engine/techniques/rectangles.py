"""The uniqueness patterns, found: Unique Rectangle (Uniqueness Tests 1 to 6),
Hidden Rectangle, BUG+1.  Their rooms (registration, pattern checks) are in
uniqueness.py.

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

from ..grid import (
    COL, HOUSE_MASK, HOUSES, HOUSES_OF, MASK_DIGITS, PEER_MASK, POPCOUNT, ROW, SINGLE_DIGIT,
    bit, cell_bits, cell_name, cells_name, house_name, mask_of,
)
from ..position import Position
from ..step import make_step
from .common import digit_masks, per_position

MAX_SUBSET = 4      # Test 3 subsets: pair, triple or quad (of digits)


# ================================================================ helpers

def bits_of(cells) -> int:
    """The 81-bit mask of some cells."""
    return sum(1 << i for i in set(cells))


def _seen_by_all(cells) -> int:
    m = (1 << 81) - 1
    for i in cells:
        m &= PEER_MASK[i]
    return m


def _shared_houses(a: int, b: int) -> list[int]:
    return [h for h in HOUSES_OF[a] if h in HOUSES_OF[b]]


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


def digit_list(mask: int) -> str:
    return ",".join(str(d) for d in MASK_DIGITS[mask])


# ================================================================ Unique Rectangle

def rectangle_steps(pos: Position, rect, ab: int) -> list:
    """Every Uniqueness Test step of one rectangle on one pair, by type."""
    cands = pos.cands
    extra = [k for k in range(4) if cands[rect[k]] != ab]
    if not 0 < len(extra) < 4:
        return []
    masks = digit_masks(pos)
    ecells = [rect[k] for k in extra]
    a, b = MASK_DIGITS[ab]
    found: list[tuple] = []      # (type, eliminations, extra fields, houses)
    if len(extra) == 1:
        found.append((1, [(ecells[0], a), (ecells[0], b)], {}, []))
    rests = {cands[i] & ~ab for i in ecells}
    if len(extra) >= 2 and len(rests) == 1 and POPCOUNT[next(iter(rests))] == 1:
        c = SINGLE_DIGIT[next(iter(rests))]
        diagonal = len(extra) == 2 and extra[0] ^ extra[1] == 3
        kind = 2 if len(extra) == 2 and not diagonal else 5
        targets = masks[c] & _seen_by_all(ecells)
        found.append((kind, [(i, c) for i in cell_bits(targets)], {"extra_digit": c}, []))
    if len(extra) == 2 and extra[0] ^ extra[1] == 3:
        found.extend(_test6(masks, rect, ab, ecells))
    elif len(extra) == 2:
        shared = _shared_houses(*ecells)
        for h in shared:
            found.extend(_test3(pos, ab, ecells, h))
        found.extend(_test4(masks, ab, ecells, shared))
    steps, seen = [], set()
    for kind, elims, fields, houses in found:
        key = (kind, tuple(sorted(elims)))
        if elims and key not in seen:
            seen.add(key)
            steps.append(_ur_step(kind, rect, ab, ecells, elims, fields, houses))
    return steps


def _test3(pos, ab, ecells, h):
    """The two extra corners' extras as one virtual cell, plus k cells of
    house h, holding k+1 digits between them: a naked subset."""
    cands, values = pos.cands, pos.values
    union = (cands[ecells[0]] | cands[ecells[1]]) & ~ab
    if POPCOUNT[union] < 2:
        return []       # one extra digit: that is Test 2
    free = [i for i in HOUSES[h] if not values[i] and i not in ecells]
    fits = [i for i in free if POPCOUNT[cands[i] | union] <= MAX_SUBSET]
    out = []
    for k in range(POPCOUNT[union] - 1, MAX_SUBSET):      # k cells, k+1 digits
        for subset in combinations(fits, k):
            digits = union
            for i in subset:
                digits |= cands[i]
            if POPCOUNT[digits] != k + 1:
                continue
            elims = [(i, d) for i in free if i not in subset for d in MASK_DIGITS[cands[i] & digits]]
            out.append((3, elims, {"subset_cells": [cell_name(i) for i in subset], "_subset": subset,
                                   "subset_digits": list(MASK_DIGITS[digits]),
                                   "subset_house": house_name(h)}, [h]))
    return out


def _test4(masks, ab, ecells, shared):
    """A strong link on one digit of the pair between the two extra corners."""
    out = []
    both = bits_of(ecells)
    for u in MASK_DIGITS[ab]:
        links = [h for h in shared if masks[u] & HOUSE_MASK[h] == both]
        if links:
            v = MASK_DIGITS[ab & ~bit(u)][0]
            out.append((4, [(i, v) for i in ecells],
                        {"link_digit": u, "link_houses": [house_name(h) for h in links]}, links))
    return out


def rect_lines(rect) -> list[tuple[int, int]]:
    """(house, mask of its two rectangle cells) for both rows and columns."""
    return [(ROW[rect[0]], bits_of(rect[:2])), (ROW[rect[3]], bits_of(rect[2:])),
            (9 + COL[rect[0]], bits_of(rect[0::2])), (9 + COL[rect[3]], bits_of(rect[1::2]))]


def _test6(masks, rect, ab, ecells):
    """An X-Wing on one pair digit, in the rows and in the columns."""
    out = []
    lines = rect_lines(rect)
    for u in MASK_DIGITS[ab]:
        if all(masks[u] & HOUSE_MASK[h] == m for h, m in lines):
            out.append((6, [(i, u) for i in ecells],
                        {"link_digit": u, "link_houses": [house_name(h) for h, _ in lines]},
                        [h for h, _ in lines]))
    return out


def _ur_step(kind, rect, ab, ecells, elims, fields, houses):
    name = f"Uniqueness Test {kind}: {pair_text(ab)} {cells_name(rect)}"
    lead = name
    if kind == 3:
        lead += (f" + {digit_list(mask_of(fields['subset_digits']))} in "
                 f"{cells_name(fields['_subset'])} ({fields['subset_house']})")
    extra = {"type": kind, "pair": list(MASK_DIGITS[ab]),
             "extra_cells": [cell_name(i) for i in ecells],
             "bivalue_cells": [cell_name(i) for i in rect if i not in ecells]}
    extra.update(fields)
    lines = [h for h, _ in rect_lines(rect)]
    return make_step("unique-rectangle", name, cells=rect, digits=MASK_DIGITS[ab],
                     houses=sorted(set(lines) | set(houses)), eliminations=elims, lead=lead,
                     extra=extra)


# ================================================================ Hidden Rectangle

def hidden_rectangle_steps(pos: Position, rect, ab: int) -> list:
    """Every Hidden Rectangle of one rectangle on one pair: one per bivalue
    corner whose opposite corner has strong links on a pair digit in its row
    and its column."""
    cands = pos.cands
    if all(cands[i] == ab for i in rect):
        return []
    masks = digit_masks(pos)
    steps = []
    for k in range(4):
        if cands[rect[k]] != ab:
            continue
        far = rect[3 - k]
        row, col = ROW[far], 9 + COL[far]
        row_pair = bits_of((far, rect[(3 - k) ^ 1]))
        col_pair = bits_of((far, rect[(3 - k) ^ 2]))
        for u in MASK_DIGITS[ab]:
            if masks[u] & HOUSE_MASK[row] != row_pair or masks[u] & HOUSE_MASK[col] != col_pair:
                continue
            v = MASK_DIGITS[ab & ~bit(u)][0]
            name = f"Hidden Rectangle: {pair_text(ab)} {cells_name(rect)}"
            steps.append(make_step(
                "hidden-rectangle", name, cells=rect, digits=MASK_DIGITS[ab], houses=(row, col),
                eliminations=[(far, v)], lead=name,
                extra={"pair": list(MASK_DIGITS[ab]), "bivalue_cell": cell_name(rect[k]),
                       "target": cell_name(far), "link_digit": u,
                       "link_houses": [house_name(row), house_name(col)]}))
    return steps


# ================================================================ BUG+1

def bug_cell(pos: Position) -> int | None:
    """The one unsolved cell that is not bivalue, when it holds three digits
    and every other unsolved cell holds two; else None."""
    values, cands = pos.values, pos.cands
    odd = None
    for i in range(81):
        if values[i] or POPCOUNT[cands[i]] == 2:
            continue
        if odd is not None or POPCOUNT[cands[i]] != 3:
            return None
        odd = i
    return odd


def bug_digit(pos: Position, cell: int) -> int:
    """The digit of the BUG cell without which every digit would sit exactly
    twice in each house where it is unsolved; 0 when none (or several) do."""
    masks = digit_masks(pos)
    fits = []
    for d in MASK_DIGITS[pos.cands[cell]]:
        ok = True
        for e in range(1, 10):
            m = masks[e] & ~(1 << cell) if e == d else masks[e]
            if any((m & HOUSE_MASK[h]).bit_count() not in (0, 2) for h in range(27)):
                ok = False
                break
        if ok:
            fits.append(d)
    return fits[0] if len(fits) == 1 else 0


def bug_step(pos: Position, cell: int, d: int):
    masks = digit_masks(pos)
    three = [house_name(h) for h in HOUSES_OF[cell] if (masks[d] & HOUSE_MASK[h]).bit_count() == 3]
    name = f"BUG+1: {digit_list(pos.cands[cell])} in {cell_name(cell)}"
    return make_step("bug-plus-one", name, cells=(cell,), digits=(d,), houses=HOUSES_OF[cell],
                     placements=[(cell, d)], lead=name,
                     extra={"candidates": list(MASK_DIGITS[pos.cands[cell]]), "digit": d,
                            "three_times": three})
