"""Locked Subset: a Locked Pair or Locked Triple.

Two or three cells where a box and a row or column cross hold only as many
digits between them: those digits belong to these cells, so they leave the
rest of the box and the rest of the line at once.  It is a naked pair or
triple that sits in two houses; HoDoKu's solver looks for it before the
Locked Candidates, and so does our ladder.  (The reference text this project
grew from says "Locked Pair" for any LockedSet of two cells: a learner who
types that name means a naked or hidden pair, so this room answers to
"locked subset" and "intersection pair" or "triple" instead.)

One instance is the cells and their digits; it lists what it removes from
both houses.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import cast

from ...grid import BOX, HOUSES, MASK_DIGITS, POPCOUNT, cell_name, cells_name, common_houses, house_name
from ...position import Position
from ...registry import PatternQuery, PatternReport, technique
from ...roles import HOUSE, Part, Roles
from ...step import make_step
from ..patterns import digits_list, fail, mask_list

SIZES = (2, 3)
WORDS = {2: "Pair", 3: "Triple"}


def _removals(pos: Position, cells, digits_mask: int) -> list[tuple[int, int]]:
    """What the set removes from the other cells of its box and its line."""
    out: list[tuple[int, int]] = []
    for h in common_houses(cells):
        for i in HOUSES[h]:
            if i not in cells and not pos.values[i]:
                out.extend((i, d) for d in MASK_DIGITS[pos.cands[i] & digits_mask])
    return out


@dataclass(frozen=True)
class LockedSubsetRoles(Roles):
    """The step's cells locked to its digits in the box and the line they
    share (the step's houses)."""
    size: int

    @property
    def kind(self) -> str:
        """'Locked Pair', 'Locked Triple'."""
        return f"Locked {WORDS[self.size]}"

    def name(self, step) -> str:
        return f"{self.kind} {cells_name(step.cells)} #{''.join(map(str, step.digits))}"

    def lead(self, step) -> str:
        return f"{self.kind}: {digits_list(step.digits)} in {cells_name(step.cells)}"

    def json(self, step) -> dict:
        return {"size": self.size, "kind": self.kind}

    def parts(self, step):
        return (Part(HOUSE, houses=step.houses),)


_ROLES = {size: LockedSubsetRoles(size) for size in SIZES}


def _step(pos: Position, cells, digits_mask: int):
    elims = _removals(pos, cells, digits_mask)
    if not elims:
        return None
    return make_step("locked-subset", _ROLES[len(cells)], cells=cells, digits=MASK_DIGITS[digits_mask],
                     houses=common_houses(cells), eliminations=elims)


def _segments():
    """The cells where each box meets each of its rows and columns."""
    for box in range(9):
        cells = HOUSES[18 + box]
        for k in range(3):
            yield tuple(cells[3 * k:3 * k + 3])          # a row of the box
            yield tuple(cells[k::3])                     # a column of the box


_SEGMENTS = tuple((cells, sum(1 << i for i in cells)) for cells in _segments())


def _found(pos: Position):
    cands, values = pos.cands, pos.values
    # a set of n cells with n digits has no cell with more than n: most
    # segments have fewer than two cells that could take part
    small = 0
    for i, m in enumerate(cands):
        if POPCOUNT[m] <= SIZES[-1] and not values[i]:
            small |= 1 << i
    for segment, mask in _SEGMENTS:
        if (small & mask).bit_count() < 2:
            continue
        free = [i for i in segment if small >> i & 1]
        for size in SIZES:
            for cells in combinations(free, size):
                union = 0
                for i in cells:
                    union |= cands[i]
                if POPCOUNT[union] == size:
                    step = _step(pos, cells, union)
                    if step is not None:
                        yield step


@technique("locked-subset", "Locked Subset (Pair, Triple)", "locked-candidates", rank=25,
           weight=40, label="Locked Subset", sizes=SIZES,
           step_label=lambda step: cast(LockedSubsetRoles, step.roles).kind,
           aliases=("locked subset", "intersection pair", "intersection triple"),
           check=lambda pos, q: check_locked_subset(pos, q),
           confusions=(("naked-subset", "Locked Subset vs Naked Subset",
                        "a Locked Pair or Triple is a naked set whose cells also share a box and a "
                        "line, so it clears both houses at once"),
                       ("pointing", "Locked Subset vs Pointing",
                        "pointing follows one digit; a Locked Pair locks two digits (a triple "
                        "three) into the cells where a box and a line cross")),
           prerequisites=("naked-single", "hidden-single"),
           distractors=("naked-subset", "pointing", "claiming", "hidden-subset"))
def locked_subsets(pos: Position):
    return sorted(_found(pos), key=lambda s: (s.roles.size, s.cells))


def check_locked_subset(pos: Position, q: PatternQuery) -> PatternReport:
    cells = sorted(set(q.cells))
    label = q.label or "Locked Subset"
    if len(cells) not in SIZES:
        return fail(q, label, f"a Locked Pair or Triple is two or three cells, not {len(cells)}",
                    fits=False)
    if len({BOX[i] for i in cells}) > 1:
        return fail(q, label, f"{cells_name(cells)} are not in one box", cells)
    if not [h for h in common_houses(cells) if h < 18]:
        return fail(q, label, f"{cells_name(cells)} do not lie on one row or column", cells)
    union = 0
    for i in cells:
        union |= pos.cands[i]
    if POPCOUNT[union] != len(cells):
        return fail(q, label, f"{cells_name(cells)} hold {mask_list(union)}: {POPCOUNT[union]} digits "
                              f"in {len(cells)} cells, so they are not locked", cells)
    removes = set(_removals(pos, cells, union))
    houses = ", ".join(house_name(h) for h in common_houses(cells))

    def why_not(i: int, d: int, placing: bool) -> str:
        if placing:
            return f"a Locked Subset only removes candidates; it does not place {cell_name(i)}={d}"
        if not union >> (d - 1) & 1:
            return f"{cells_name(cells)} are locked to {mask_list(union)}, not {d}"
        return f"{cell_name(i)} is not in {houses}, the houses the set shares"

    return PatternReport(True, label, cells, digits=MASK_DIGITS[union], removes=removes,
                         why_not=why_not)
