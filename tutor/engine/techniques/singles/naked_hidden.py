"""Naked singles (Full House when the cell is the last of a house) and hidden singles."""
from __future__ import annotations

from dataclasses import dataclass

from ...hint_words import HintWords, Place, houses_text, place_text
from ...registry import PatternReport, technique
from ...grid import (
    BOX, COL, HOUSE_MASK, HOUSES_OF, MASK_DIGITS, PEERS, POPCOUNT, ROW, SINGLE_DIGIT, cell_bits,
    cell_name, cells_name, house_name,
)
from ...position import Position
from ...roles import BASE, HOUSE, Part, Roles
from ...step import make_step
from ..common import Memo, digit_masks
from ..patterns import digit_cells, digits_list, fail


# ------------------------------------------------------------------ pattern checks

def _one_cell(q, kind: str):
    """None when the query names one cell; else why a single needs one."""
    if len(q.cells) == 1:
        return None
    if not q.cells:
        return fail(q, q.label, f"a {kind} single is one cell: name it, e.g. r1c2=7", fits=False)
    return fail(q, q.label, f"a {kind} single is one cell, not {cells_name(q.cells)}", fits=False)


def check_naked_single(pos: Position, q) -> PatternReport:
    bad = _one_cell(q, "naked")
    if bad:
        return bad
    i = q.cells[0]
    if q.digits and not pos.has(i, q.digits[0]):
        return fail(q, q.label, f"{cell_name(i)} has no candidate {q.digits[0]}", [i])
    if POPCOUNT[pos.cands[i]] > 1:
        return fail(q, q.label, f"{cell_name(i)} still holds {digits_list(MASK_DIGITS[pos.cands[i]])}",
                    [i])
    return _single_report(pos, q.label, list(q.cells), i, MASK_DIGITS[pos.cands[i]][0])


def check_hidden_single(pos: Position, q) -> PatternReport:
    bad = _one_cell(q, "hidden")
    if bad:
        return bad
    i = q.cells[0]
    digits = (list(q.digits) or [d for _, d, placing in q.claim if placing]
              or [d for _, d, _ in q.claim])
    if not digits:
        return fail(q, q.label, f"say which digit goes in {cell_name(i)} (e.g. {cell_name(i)}=7)")
    d = digits[0]
    if not pos.has(i, d):
        return fail(q, q.label, f"{cell_name(i)} has no candidate {d}", [i])
    best = None
    for h in (ROW[i], 9 + COL[i], 18 + BOX[i]):
        others = [j for j in digit_cells(pos, h, d) if j != i]
        if not others:
            return _single_report(pos, q.label, list(q.cells), i, d)
        if best is None or len(others) < len(best[1]):
            best = (h, others)
    assert best is not None       # a cell lies in three houses
    h, others = best
    return fail(q, q.label, f"{d} also fits {cells_name(others)} in {house_name(h)}", others, (d,))


def _single_report(pos, label, cells, i, d):
    removes = {(i, e) for e in MASK_DIGITS[pos.cands[i]] if e != d}
    removes |= {(j, d) for j in PEERS[i] if pos.has(j, d)}

    def why_not(j, e, placing):
        if placing:
            return f"the single places {cell_name(i)}={d}, not {cell_name(j)}={e}"
        return f"placing {cell_name(i)}={d} does not remove {e} from {cell_name(j)}"

    return PatternReport(True, label, cells, digits=(d,), removes=removes, places={(i, d)},
                         why_not=why_not)


def _naked_single_label(step) -> str:
    return "Full House" if step.houses else "Naked Single"


# ------------------------------------------------------------------ roles

@dataclass(frozen=True)
class NakedSingleRoles(Roles):
    """A cell with one candidate left; a Full House when it is the last empty
    cell of a house (the step's houses)."""

    def name(self, step) -> str:
        return f"{_naked_single_label(step)}: {cell_name(step.cells[0])}={step.digits[0]}"

    def lead(self, step) -> str:
        where = f" in {house_name(step.houses[0])}" if step.houses else ""
        return (f"{_naked_single_label(step)}: {cell_name(step.cells[0])} can only be "
                f"{step.digits[0]}{where}")

    def json(self, step) -> dict:
        return {"full_house": bool(step.houses)}

    def parts(self, step):
        return tuple(Part(HOUSE, houses=(h,)) for h in step.houses)


@dataclass(frozen=True)
class HiddenSingleRoles(Roles):
    """A digit with one place left in the step's houses."""

    def name(self, step) -> str:
        return f"Hidden Single: {cell_name(step.cells[0])}={step.digits[0]}"

    def lead(self, step) -> str:
        where = " and ".join(house_name(h) for h in step.houses)
        return f"Hidden Single: {step.digits[0]} has one place in {where}, {cell_name(step.cells[0])}"

    def parts(self, step):
        return (Part(BASE, houses=step.houses, digits=step.digits),)


NAKED_SINGLE = NakedSingleRoles()
HIDDEN_SINGLE = HiddenSingleRoles()


# ------------------------------------------------------------------ hint words

class NakedSingleHints(HintWords):
    """Where and what, never the digit before the effect: the cell's box
    (a Full House: its house) and 'one candidate left'."""

    def place(self, step) -> Place:
        return Place(houses=step.houses[:1] or (18 + BOX[step.cells[0]],))

    def where(self, step, position=None) -> str:
        place = place_text(self.place(step))
        if step.houses:
            return f"look {place}: which digit is missing there?"
        return f"look {place}: a cell there has one candidate left."

    def pattern(self, step) -> str:
        cell = cell_name(step.cells[0])
        if step.houses:
            return f"the pattern: {cell} is the last empty cell of {house_name(step.houses[0])}."
        return f"the pattern: {cell} has one candidate left."

    def pattern_place(self, step) -> Place:
        return Place(cells=step.cells)


class HiddenSingleHints(HintWords):
    """The house and the digit; the pattern is the digit's one place, left
    for the learner to see."""

    def pattern(self, step) -> str:
        place = self.place(step)
        return (f"the pattern: {step.digits[0]} has one place left in {houses_text(place.houses)}: "
                f"every other cell there is filled or sees a {step.digits[0]}.")

    def pattern_place(self, step) -> Place:
        return self.place(step)


# ------------------------------------------------------------------ finders

@technique("naked-single", "Naked Single", "singles", rank=10, weight=4, batched=True,
           aliases=("naked single", "full house", "naked"), sizes=(1,),
           check=check_naked_single, step_label=_naked_single_label, hints=NakedSingleHints(),
           confusions=(("hidden-single", "naked vs hidden single",
                        "naked single: the cell has one candidate left; hidden single: the digit "
                        "has one place left in a house"),),
           distractors=("hidden-single", "naked-subset", "pointing", "claiming"))
def naked_singles(pos: Position):
    steps = []
    a = pos.analysis
    cands, empty = pos.cands, a.empty
    # the empty cells in exactly one digit's mask hold one candidate
    once = twice = 0
    for m in a.masks:
        twice |= once & m
        once |= m
    for i in cell_bits(once & ~twice):
        d = SINGLE_DIGIT[cands[i]]
        # the cell is a Full House when it is the only empty cell of a house
        full = [h for h in HOUSES_OF[i] if empty & HOUSE_MASK[h] == 1 << i]
        steps.append(make_step("naked-single", NAKED_SINGLE, cells=(i,), digits=(d,),
                               houses=tuple(full), placements=[(i, d)]))
    return steps


@technique("hidden-single", "Hidden Single", "singles", rank=20, weight=14, batched=True,
           aliases=("hidden single", "hidden"), sizes=(1,),
           check=check_hidden_single, hints=HiddenSingleHints(), prerequisites=("naked-single",),
           distractors=("naked-single", "hidden-subset", "claiming", "pointing"))
def hidden_singles(pos: Position):
    found: dict[tuple[int, int], list[int]] = {}
    for d, dm in enumerate(digit_masks(pos)):
        if dm:
            for i, h in _ONLY_PLACES.get(dm, _only_places, dm):
                found.setdefault((i, d), []).append(h)
    steps = []
    for (i, d), houses in sorted(found.items()):
        steps.append(make_step("hidden-single", HIDDEN_SINGLE, cells=(i,), digits=(d,),
                               houses=tuple(houses), placements=[(i, d)]))
    return steps


def _only_places(dm: int) -> tuple[tuple[int, int], ...]:
    """(cell, house) for each house where a digit's cells (the 81-bit mask
    dm) are one cell, in house order."""
    out = []
    for h, hm in enumerate(HOUSE_MASK):
        m = dm & hm
        if m and not m & (m - 1):
            out.append((m.bit_length() - 1, h))
    return tuple(out)


# A digit's places depend on its cells alone, and most digits keep theirs
# from one pass of a solve to the next.
_ONLY_PLACES = Memo()
