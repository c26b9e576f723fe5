"""Hidden Rectangle: one bivalue corner and strong links at the opposite corner
(see rectangles.py).  Finder, pattern check, registration."""
from __future__ import annotations

from dataclasses import dataclass

from ...grid import (
    COL, HOUSE_MASK, MASK_DIGITS, ROW, bit, cell_bits, cell_name, cells_mask, cells_name,
    house_name, mask_of,
)
from ...position import Position
from ...registry import PatternQuery, PatternReport, technique
from ...roles import BASE, CORNER, Part, Roles
from ...step import make_step
from ..common import digit_masks
from .rectangles import DEADLY, candidate_rectangles, holds, pair_text, rectangle_query
from ..patterns import fail_on


# ================================================================ Hidden Rectangle

@dataclass(frozen=True)
class HRRoles(Roles):
    """A Hidden Rectangle: the step's cells are the rectangle, its digits
    the pair, its houses the row and column of the far corner (the target),
    where the link digit has only the rectangle's two cells."""
    bivalue_cell: int
    link_digit: int

    def name(self, step) -> str:
        return f"Hidden Rectangle: {pair_text(mask_of(step.digits))} {cells_name(step.cells)}"

    def json(self, step) -> dict:
        return {"pair": list(step.digits), "bivalue_cell": cell_name(self.bivalue_cell),
                "target": cell_name(step.eliminations[0][0]), "link_digit": self.link_digit,
                "link_houses": [house_name(h) for h in step.houses]}

    def parts(self, step):
        return (Part(CORNER, cells=step.cells, digits=step.digits),
                Part(BASE, houses=step.houses, digits=(self.link_digit,)))


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
        row_pair = cells_mask((far, rect[(3 - k) ^ 1]))
        col_pair = cells_mask((far, rect[(3 - k) ^ 2]))
        for u in MASK_DIGITS[ab]:
            if masks[u] & HOUSE_MASK[row] != row_pair or masks[u] & HOUSE_MASK[col] != col_pair:
                continue
            v = MASK_DIGITS[ab & ~bit(u)][0]
            if not pos.has(far, v):
                continue        # cleared already: nothing to remove
            steps.append(make_step("hidden-rectangle", HRRoles(rect[k], u), cells=rect,
                                   digits=MASK_DIGITS[ab], houses=(row, col),
                                   eliminations=[(far, v)]))
    return steps



# ================================================================ Hidden Rectangle

def _hr_check(pos: Position, q: PatternQuery) -> PatternReport:
    refused, rect, pairs = rectangle_query(pos, q)
    if refused:
        return refused
    reasons = []
    for ab in pairs:
        steps = hidden_rectangle_steps(pos, rect, ab)
        if steps:
            return holds(q, rect, "Hidden Rectangle", MASK_DIGITS[ab],
                          {e for s in steps for e in s.eliminations})
        reasons.append(_hr_why(pos, rect, ab))
    return fail_on(q.label, rect, reasons[0][0], reasons[0][1], MASK_DIGITS[pairs[0]])


def _hr_why(pos, rect, ab) -> tuple[str, list[int]]:
    name, (a, b) = cells_name(rect), MASK_DIGITS[ab]
    bivalue = [k for k in range(4) if pos.cands[rect[k]] == ab]
    if len(bivalue) == 4:
        return DEADLY.format(name=name, a=a, b=b), []
    if not bivalue:
        return (f"no corner of {name} holds only {a},{b}: a Hidden Rectangle starts from one "
                f"bivalue corner", [])
    masks, inside = digit_masks(pos), cells_mask(rect)
    best = None
    for k in bivalue:
        far = rect[3 - k]
        for u in (a, b):
            for h in (ROW[far], 9 + COL[far]):
                outside = list(cell_bits(masks[u] & HOUSE_MASK[h] & ~inside))
                if outside and (best is None or len(outside) < len(best[3])):
                    best = (rect[k], u, h, outside)
    if best is None:       # confined, but a corner has lost a digit (see rectangles.py)
        return _hr_cleared_why(pos, rect, bivalue, ab)
    k_cell, u, h, outside = best
    verb = "holds" if len(outside) == 1 else "hold"
    return (f"opposite the bivalue {cell_name(k_cell)}, {u} is not confined to the rectangle in "
            f"{house_name(h)} ({cells_name(outside)} {verb} it too)", outside)


def _hr_cleared_why(pos, rect, bivalue, ab) -> tuple[str, list[int]]:
    """Both digits confined to the rectangle opposite every bivalue corner,
    yet no step: a cleared corner took the links' digit or the target."""
    far = rect[3 - bivalue[0]]
    lost = [i for i in rect if pos.cands[i] & ab != ab]
    return (f"opposite the bivalue {cell_name(rect[bivalue[0]])}, {cells_name(lost)} lost a digit "
            f"of {pair_text(ab)}: no digit both links {cell_name(far)} in its row and column and "
            f"leaves the other one there to remove", lost)


@technique("hidden-rectangle", "Hidden Rectangle", "uniqueness", rank=200, weight=100,
           aliases=("hidden rectangle", "hidden unique rectangle", "hidden ur", "hur"),
           uniqueness=True, check=_hr_check, prerequisites=("unique-rectangle",),
           distractors=("unique-rectangle", "x-wing", "bug-plus-one", "skyscraper"),
           confusions=(("unique-rectangle", "Hidden Rectangle vs Unique Rectangle",
                        "a Hidden Rectangle needs only one bivalue corner, and the strong links "
                        "sit in the row and column of the corner opposite it"),))
def hidden_rectangle(pos: Position):
    steps = []
    for rect, ab in candidate_rectangles(pos):
        steps.extend(hidden_rectangle_steps(pos, rect, ab))
    return steps


