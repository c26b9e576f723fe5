"""BUG+1: every unsolved cell bivalue but one, which holds three digits (see
rectangles.py).  Finder, pattern check, registration."""
from __future__ import annotations

from dataclasses import dataclass

from ...grid import (
    BOX, HOUSE_MASK, HOUSES_OF, MASK_DIGITS, POPCOUNT, cell_name, house_name, mask_of,
)
from ...hint_words import HintWords, Place, place_text
from ...position import Position
from ...registry import EntryKeys, PatternQuery, PatternReport, technique
from ...roles import BASE, Part, Roles
from ...step import make_step
from ..common import digit_masks
from .rectangles import holds, uniqueness_problem
from ..patterns import fail_on, mask_list


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
    three = tuple(h for h in HOUSES_OF[cell] if (masks[d] & HOUSE_MASK[h]).bit_count() == 3)
    return make_step("bug-plus-one", BugRoles(MASK_DIGITS[pos.cands[cell]], three), cells=(cell,),
                     digits=(d,), houses=HOUSES_OF[cell], placements=[(cell, d)])


@dataclass(frozen=True)
class BugRoles(Roles):
    """BUG+1: the one cell with three candidates (the step's cell), its digit
    the one that sits three times in `three_times` (houses)."""
    candidates: tuple[int, ...]
    three_times: tuple[int, ...]

    def name(self, step) -> str:
        return f"BUG+1: {mask_list(mask_of(self.candidates))} in {cell_name(step.cells[0])}"

    def json(self, step) -> dict:
        return {"candidates": list(self.candidates), "digit": step.digits[0],
                "three_times": [house_name(h) for h in self.three_times]}

    def parts(self, step):
        return (Part(BASE, houses=self.three_times, digits=step.digits),)



# ================================================================ BUG+1

def _bug_check(pos: Position, q: PatternQuery) -> PatternReport:
    cells = sorted(set(q.cells))
    if len(cells) != 1:
        return fail_on(q.label, cells, f"BUG+1 names one cell, the one with three candidates "
                     f"({len(cells)} named)", cells)
    x = cells[0]
    if pos.values[x]:
        return fail_on(q.label, cells, f"{cell_name(x)} is already solved ({pos.values[x]})", cells)
    problem = uniqueness_problem(pos)
    if problem:
        return fail_on(q.label, cells, problem)
    n = POPCOUNT[pos.cands[x]]
    others = [i for i in range(81) if i != x and not pos.values[i] and POPCOUNT[pos.cands[i]] != 2]
    if n != 3:
        too = f" ({cell_name(others[0])} holds {POPCOUNT[pos.cands[others[0]]]})" if others else ""
        return fail_on(q.label, cells, f"{cell_name(x)} holds {n} candidates: the BUG+1 cell holds three, "
                     f"every other cell two{too}", cells)
    if others:
        j = others[0]
        more = f" ({len(others) - 1} more cells too)" if len(others) > 1 else ""
        return fail_on(q.label, cells, f"{cell_name(j)} holds {POPCOUNT[pos.cands[j]]} candidates: every "
                     f"cell but {cell_name(x)} must be bivalue for BUG+1{more}", [j])
    d = bug_digit(pos, x)
    if not d:
        return fail_on(q.label, cells, f"no digit of {cell_name(x)} is the odd one out: without any single "
                     f"one of {mask_list(pos.cands[x])}, some digit still sits once or three "
                     f"times in a house", cells)
    return holds(q, cells, "BUG+1", (d,), places={(x, d)})


class BugHints(HintWords):
    """The cell's box, then the cell and its three candidates; the digit
    that goes there only with the effect."""

    def place(self, step) -> Place:
        return Place(houses=(18 + BOX[step.cells[0]],))

    def where(self, step, position=None) -> str:
        return (f"look {place_text(self.place(step))}: every unsolved cell of the grid holds two "
                f"candidates, but one cell there holds three.")

    def pattern(self, step) -> str:
        return (f"the pattern: {cell_name(step.cells[0])} is the one cell with three candidates "
                f"({mask_list(mask_of(step.roles.candidates))}); which of them sits three times in "
                f"one of its houses?")


def _bug_entry_keys(step) -> EntryKeys:
    """The BUG+1 cell, with the digit it takes; its step name lists all three
    candidates, which an entry naming BUG+1 may repeat."""
    return EntryKeys(frozenset(step.cells), digits=frozenset(step.digits),
                     more_digits=frozenset(step.roles.candidates))


@technique("bug-plus-one", "Bivalue Universal Grave + 1", "uniqueness", rank=96, weight=100,
           label="BUG+1",
           aliases=("bug+1", "bug + 1", "bug plus one", "bug plus 1", "bug 1", "bug",
                    "bivalue universal grave", "bivalue universal grave + 1",
                    "bivalue universal grave plus one"),
           uniqueness=True, check=_bug_check, entry_keys=_bug_entry_keys, hints=BugHints(),
           prerequisites=("naked-subset", "x-wing"),
           distractors=("unique-rectangle", "naked-single", "hidden-single", "hidden-rectangle"),
           confusions=(("unique-rectangle", "BUG+1 vs Unique Rectangle",
                        "BUG+1 needs the whole grid bivalue but one cell, and it places a digit; "
                        "a Unique Rectangle looks at four cells and removes candidates"),))
def bug_plus_one(pos: Position):
    cell = bug_cell(pos)
    if cell is None:
        return []
    d = bug_digit(pos, cell)
    return [bug_step(pos, cell, d)] if d else []

