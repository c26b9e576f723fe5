"""Avoidable Rectangle: the deadly pattern (see rectangles.py) on digits
placed while solving.  Finder, pattern check, registration.

A given can never take part in the swap; a digit the solver placed can.
Four cells in two rows, two columns and two boxes, none of them a given,
whose solution put a in two opposite corners and b in the other two, would
let a and b swap: a second solution of the givens.  So where some corners
are already solved (placed, not given) the rest must avoid completing it:

  1  three corners solved, a in one, b in the two beside it: the fourth
     corner (opposite the a) must not be a.
  2  two corners of one row (or column) solved, a and b; the two across
     from them hold only b and c, and a and c (the same one extra c): one
     of them is c, so c leaves every cell that sees both.

Sound only when the givens alone have exactly one solution (then the
position's placed digits are that solution's, once the position has one
solution at all).  A format that cannot tell given from placed (an
81-character line or a brace grid without `+` marks) reads every digit as a
given, which keeps this technique silent.  One instance is a rectangle, its
type and its effect."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ...exact import solve_masks
from ...grid import (
    COL, HOUSES, MASK_DIGITS, POPCOUNT, ROW, bit, cell_bits, cell_name, cells_name, mask_of,
)
from ...hint_words import HintWords, place_text
from ...position import Position
from ...registry import PatternQuery, PatternReport, technique
from ...roles import CORNER, Part, Roles
from ...step import make_step
from ..common import Memo, digit_masks
from ..patterns import fail_on
from .rectangles import holds, named_rectangle, pair_text, seen_by_all, uniqueness_problem
from .unique_rectangle import rect_lines

AR = "avoidable-rectangle"
_GIVENS = Memo(64)


def givens_alone_unique(pos: Position) -> bool:
    """Whether the givens alone have exactly one solution (kept by the
    givens: they stay the same along a solve)."""
    key = tuple(v if g else 0 for v, g in zip(pos.values, pos.givens))
    return _GIVENS.get(key, lambda: solve_masks([bit(v) if v else 0x1FF for v in key])[0] == 1)


def _solved(pos: Position, i: int) -> int:
    """The digit placed in cell i while solving, 0 for a given or an empty cell."""
    return 0 if pos.givens[i] else pos.values[i]


_THIRDS = (0o7, 0o70, 0o700)           # the three lines of a band (or stack), as 9 bits


def _rectangles(pos: Position):
    """(p, q, p2, q2) for every rectangle of non-given cells in two boxes
    with two solved corners p, q of different digits in one row or column
    and at least one of the other two corners empty (the only rectangles
    that can give a step); p2 is across from p, q2 across from q."""
    values, givens = pos.values, pos.givens
    # given_at[h], empty_at[h]: 9 bits, the places of line h (rows, then
    # columns) holding a given, or empty
    given_at, empty_at = [0] * 18, [0] * 18
    for i, v in enumerate(values):
        r, c = ROW[i], COL[i]
        if givens[i]:
            given_at[r] |= 1 << c
            given_at[9 + c] |= 1 << r
        elif not v:
            empty_at[r] |= 1 << c
            empty_at[9 + c] |= 1 << r
    for line in range(18):
        solved = [i for i in HOUSES[line] if _solved(pos, i)]
        if len(solved) < 2:
            continue
        row_line = line < 9
        k = line if row_line else line - 9
        for p, q in combinations(solved, 2):
            if values[p] == values[q]:
                continue
            # the crossing lines through p and q, and where the far corners can be
            hp, hq = (9 + COL[p], 9 + COL[q]) if row_line else (ROW[p], ROW[q])
            place_p, place_q = (COL[p], COL[q]) if row_line else (ROW[p], ROW[q])
            others = (empty_at[hp] | empty_at[hq]) & ~(given_at[hp] | given_at[hq]) & ~(1 << k)
            # two boxes: p and q in one box and the far side outside its
            # band (or stack), or in two boxes and the far side inside it
            band = _THIRDS[k // 3]
            others &= ~band if place_p // 3 == place_q // 3 else band
            while others:
                low = others & -others
                others ^= low
                other = low.bit_length() - 1
                if row_line:
                    yield (p, q, other * 9 + place_p, other * 9 + place_q)
                else:
                    yield (p, q, place_p * 9 + other, place_q * 9 + other)


def avoidable_steps(pos: Position, corners) -> list:
    """The steps of one rectangle given as (p, q, p2, q2): p, q solved in one
    line, p2 across from p (deadly: p2 = q's digit), q2 across from q."""
    p, q, p2, q2 = corners
    a, b = pos.values[p], pos.values[q]
    rect = tuple(sorted(corners))
    solved = [i for i in rect if _solved(pos, i)]
    if _solved(pos, p2) == b and not pos.values[q2] and pos.has(q2, a):
        return [_step(1, rect, (a, b), solved, [(q2, a)])]
    if _solved(pos, q2) == a and not pos.values[p2] and pos.has(p2, b):
        return [_step(1, rect, (a, b), solved, [(p2, b)])]
    if pos.values[p2] or pos.values[q2]:
        return []
    c_p, c_q = pos.cands[p2] & ~bit(b), pos.cands[q2] & ~bit(a)
    if pos.cands[p2] & bit(b) and pos.cands[q2] & bit(a) and c_p == c_q and POPCOUNT[c_p] == 1:
        c = MASK_DIGITS[c_p][0]
        elims = [(i, c) for i in cell_bits(digit_masks(pos)[c] & seen_by_all((p2, q2)))]
        if elims:
            return [_step(2, rect, (a, b), solved, elims, c)]
    return []


def _step(kind, rect, pair, solved, elims, extra=0):
    return make_step(AR, ARRoles(kind, tuple(solved), extra), cells=rect, digits=tuple(sorted(pair)),
                     houses=tuple(sorted(h for h, _ in rect_lines(rect))), eliminations=elims)


@dataclass(frozen=True)
class ARRoles(Roles):
    """An Avoidable Rectangle: the step's cells are the rectangle, its digits
    the pair; the corners already solved (placed, not given), and the one
    extra digit of type 2."""
    type: int
    solved_cells: tuple[int, ...]
    extra_digit: int = 0

    def name(self, step) -> str:
        return f"Avoidable Rectangle Type {self.type}: {pair_text(mask_of(step.digits))} {cells_name(step.cells)}"

    def json(self, step) -> dict:
        out = {"type": self.type, "pair": list(step.digits),
               "solved_cells": [cell_name(i) for i in self.solved_cells]}
        if self.extra_digit:
            out["extra_digit"] = self.extra_digit
        return out

    def parts(self, step):
        return (Part(CORNER, cells=step.cells, digits=step.digits),)



def _ar_check(pos: Position, q: PatternQuery) -> PatternReport:
    cells = sorted(set(q.cells))
    rect, problem = named_rectangle(cells)
    if rect is None:
        return fail_on(q.label, cells, problem, cells, q.digits)
    name = cells_name(rect)
    for i in rect:
        if pos.givens[i]:
            return fail_on(q.label, rect, f"{cell_name(i)} is a given, so the rectangle cannot be swapped", [i])
    problem = uniqueness_problem(pos)
    if problem:
        return fail_on(q.label, rect, problem)
    solved = [i for i in rect if pos.values[i]]
    if len(solved) < 2:
        return fail_on(q.label, rect, f"{name} has {len(solved)} solved corners: an Avoidable Rectangle "
                       f"needs two or three (with none it is a Unique Rectangle)", solved)
    if len(solved) == 4:
        return fail_on(q.label, rect, f"every corner of {name} is solved: nothing is left to avoid", rect)
    if not givens_alone_unique(pos):
        return fail_on(q.label, rect, "the givens alone have several solutions, so a placed digit "
                       "might belong to another one: the swap proves nothing")
    steps = [s for line in _lines_of(rect) for s in avoidable_steps(pos, line)]
    if steps:
        s = steps[0]
        label = f"Avoidable Rectangle Type {s.roles.type}"
        return holds(q, rect, label, s.digits, {e for s in steps for e in s.eliminations})
    return fail_on(q.label, rect, _why(pos, rect, solved), solved)


def _lines_of(rect):
    """The rectangle as (p, q, p2, q2) from each of its rows and columns."""
    tl, tr, bl, br = rect
    return [(tl, tr, bl, br), (bl, br, tl, tr), (tl, bl, tr, br), (tr, br, tl, bl)]


def _why(pos: Position, rect, solved) -> str:
    name = cells_name(rect)
    digits = sorted({pos.values[i] for i in solved})
    if len(digits) != 2:
        return (f"the solved corners {cells_name(solved)} hold {','.join(map(str, digits))}: a deadly "
                f"pattern holds two digits")
    a, b = digits
    for i in solved:
        for j in solved:
            if i < j and ROW[i] != ROW[j] and COL[i] != COL[j] and pos.values[i] != pos.values[j]:
                return (f"{cell_name(i)} and {cell_name(j)} are opposite corners with different digits: "
                        f"the deadly pattern puts one digit in opposite corners")
    if len(solved) == 3:
        (k,) = [i for i in rect if not pos.values[i]]
        return f"{cell_name(k)} no longer holds the digit that would complete {name}: nothing to remove"
    return (f"the two unsolved corners of {name} must hold {a} or {b} (the digit opposite) and one same "
            f"extra digit, with a cell seeing both that holds it")


class ARHints(HintWords):
    """Level 2 says why solved cells matter here at all."""

    def where(self, step, position=None) -> str:
        return (f"look {place_text(self.place(step))}: digits placed while solving, unlike givens, could "
                f"still be swapped in a rectangle.")


@technique(AR, "Avoidable Rectangle", "uniqueness", rank=205, weight=100,
           aliases=("avoidable rectangle", "avoidable rectangles", "ar", "avoidable rectangle type 1",
                    "avoidable rectangle type 2", "ar type 1", "ar type 2", "ar1", "ar2"),
           uniqueness=True, check=_ar_check, hints=ARHints(), solved_cells=True,
           prerequisites=("unique-rectangle",),
           distractors=("unique-rectangle", "hidden-rectangle", "bug-plus-one"),
           confusions=(("unique-rectangle", "Avoidable Rectangle vs Unique Rectangle",
                        "a Unique Rectangle's four corners are all unsolved; an Avoidable Rectangle "
                        "has two or three corners already solved, none of them a given"),))
def avoidable_rectangle(pos: Position):
    steps, seen = [], set()
    for corners in _rectangles(pos):
        for s in avoidable_steps(pos, corners):
            key = (s.cells, s.eliminations)
            if key not in seen:
                seen.add(key)
                steps.append(s)
    if not steps or not givens_alone_unique(pos):     # the exact count only when it matters
        return []
    steps.sort(key=lambda s: (s.roles.type, s.cells, s.digits, s.eliminations))
    return steps
