"""Unique Rectangle: Uniqueness Tests 1 to 6 on a rectangle (see rectangles.py
for the deadly pattern and each test).  Finder, pattern check, registration."""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations

from ...grid import (
    COL, HOUSE_MASK, HOUSES, MASK_DIGITS, POPCOUNT, ROW, SINGLE_DIGIT, bit, cell_bits, cell_name,
    cells_mask, cells_name, house_name, mask_of, shared_houses,
)
from ...position import Position
from ...registry import EntryKeys, PatternQuery, PatternReport, technique
from ...roles import CORNER, LINK, SUBSET, Part, Roles
from ...step import make_step
from ..common import digit_masks
from ..patterns import fail_on, mask_list
from .rectangles import (
    DEADLY, MAX_SUBSET, candidate_rectangles, holds, pair_text, rectangle_query, seen_by_all,
)

SHAPES = {
    1: "three corners hold only the pair",
    2: "two corners in one line add the same one digit",
    3: "the extras of two corners form a naked subset",
    4: "one pair digit lives only in the two extra corners of their house",
    5: "three corners (or two diagonal ones) add the same one digit",
    6: "two diagonal bivalue corners and an X-Wing on one pair digit",
}



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
    found: list[tuple] = []      # (type, eliminations, fields of URRoles, houses)
    if len(extra) == 1:
        found.append((1, [(ecells[0], d) for d in (a, b) if pos.has(ecells[0], d)], {}, []))
    rests = {cands[i] & ~ab for i in ecells}
    if len(extra) >= 2 and len(rests) == 1 and POPCOUNT[next(iter(rests))] == 1:
        c = SINGLE_DIGIT[next(iter(rests))]
        diagonal = len(extra) == 2 and extra[0] ^ extra[1] == 3
        kind = 2 if len(extra) == 2 and not diagonal else 5
        targets = masks[c] & seen_by_all(ecells)
        found.append((kind, [(i, c) for i in cell_bits(targets)], {"extra_digit": c}, []))
    if len(extra) == 2 and extra[0] ^ extra[1] == 3:
        found.extend(_test6(masks, rect, ab, ecells))
    elif len(extra) == 2:
        shared = shared_houses(*ecells)
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
            out.append((3, elims, {"subset": tuple(subset), "subset_digits": MASK_DIGITS[digits],
                                   "subset_house": h}, [h]))
    return out


def _test4(masks, ab, ecells, shared):
    """A strong link on one digit of the pair between the two extra corners."""
    out = []
    both = cells_mask(ecells)
    for u in MASK_DIGITS[ab]:
        links = [h for h in shared if masks[u] & HOUSE_MASK[h] == both]
        if links:
            v = MASK_DIGITS[ab & ~bit(u)][0]
            elims = [(i, v) for i in cell_bits(masks[v] & both)]
            out.append((4, elims, {"link_digit": u, "link_houses": tuple(links)}, links))
    return out


def rect_lines(rect) -> list[tuple[int, int]]:
    """(house, mask of its two rectangle cells) for both rows and columns."""
    return [(ROW[rect[0]], cells_mask(rect[:2])), (ROW[rect[3]], cells_mask(rect[2:])),
            (9 + COL[rect[0]], cells_mask(rect[0::2])), (9 + COL[rect[3]], cells_mask(rect[1::2]))]


def _test6(masks, rect, ab, ecells):
    """An X-Wing on one pair digit, in the rows and in the columns."""
    out = []
    lines = rect_lines(rect)
    for u in MASK_DIGITS[ab]:
        if all(masks[u] & HOUSE_MASK[h] == m for h, m in lines):
            houses = tuple(h for h, _ in lines)
            out.append((6, [(i, u) for i in ecells], {"link_digit": u, "link_houses": houses},
                        houses))
    return out


def _ur_step(kind, rect, ab, ecells, elims, fields, houses):
    lines = [h for h, _ in rect_lines(rect)]
    return make_step("unique-rectangle", URRoles(kind, tuple(ecells), **fields), cells=rect,
                     digits=MASK_DIGITS[ab], houses=sorted(set(lines) | set(houses)),
                     eliminations=elims)


@dataclass(frozen=True)
class URRoles(Roles):
    """A Uniqueness Test: the step's cells are the rectangle, its digits the
    pair; the corners holding more than the pair (`extra_cells`), and what
    the test adds: the one extra digit (2, 5), the subset that takes the
    extras (3), the strong links on one pair digit (4, 6)."""
    type: int
    extra_cells: tuple[int, ...]
    extra_digit: int = 0
    subset: tuple[int, ...] = ()
    subset_digits: tuple[int, ...] = ()
    subset_house: int = -1
    link_digit: int = 0
    link_houses: tuple[int, ...] = ()

    def name(self, step) -> str:
        return f"Uniqueness Test {self.type}: {pair_text(mask_of(step.digits))} {cells_name(step.cells)}"

    def lead(self, step) -> str:
        if self.type != 3:
            return self.name(step)
        return (f"{self.name(step)} + {mask_list(mask_of(self.subset_digits))} in "
                f"{cells_name(self.subset)} ({house_name(self.subset_house)})")

    def json(self, step) -> dict:
        out = {"type": self.type, "pair": list(step.digits),
               "extra_cells": [cell_name(i) for i in self.extra_cells],
               "bivalue_cells": [cell_name(i) for i in step.cells if i not in self.extra_cells]}
        if self.extra_digit:
            out["extra_digit"] = self.extra_digit
        if self.subset:
            out["subset_cells"] = [cell_name(i) for i in self.subset]
            out["subset_digits"] = list(self.subset_digits)
            out["subset_house"] = house_name(self.subset_house)
        if self.link_digit:
            out["link_digit"] = self.link_digit
            out["link_houses"] = [house_name(h) for h in self.link_houses]
        return out

    def parts(self, step):
        parts = [Part(CORNER, cells=step.cells, digits=step.digits)]
        if self.subset:
            parts.append(Part(SUBSET, cells=self.subset, digits=self.subset_digits))
        if self.link_digit:
            parts.append(Part(LINK, cells=self.extra_cells, digits=(self.link_digit,)))
        return tuple(parts)


def _named_type(label: str) -> int | None:
    m = re.search(r"(?:test|type|ur)\s*([1-6])\b", label.lower())
    return int(m.group(1)) if m else None



# ================================================================ Unique Rectangle

def _ur_check(pos: Position, q: PatternQuery) -> PatternReport:
    refused, rect, pairs = rectangle_query(pos, q)
    if refused:
        return refused
    wanted = _named_type(q.label)
    reasons = []
    for ab in pairs:
        steps = rectangle_steps(pos, rect, ab)
        hits = [s for s in steps if wanted in (None, s.roles.type)]
        if hits:
            types = sorted({s.roles.type for s in hits})
            label = f"Uniqueness Test {types[0]}" if len(types) == 1 else "Unique Rectangle"
            elims = {e for s in hits for e in s.eliminations}
            return holds(q, rect, label, MASK_DIGITS[ab], elims)
        reasons.append(_ur_why(pos, rect, ab, steps, wanted))
    return fail_on(q.label, rect, reasons[0][0], reasons[0][1], MASK_DIGITS[pairs[0]])


def _ur_why(pos, rect, ab, steps, wanted) -> tuple[str, list[int]]:
    """Why no (wanted) Uniqueness Test holds on the rectangle and pair."""
    name, (a, b) = cells_name(rect), MASK_DIGITS[ab]
    if steps:
        kind = steps[0].roles.type
        return (f"{name} is a Uniqueness Test {kind} ({SHAPES[kind]}), not Test {wanted}", [])
    extra = [i for i in rect if pos.cands[i] != ab]
    if not extra:
        return DEADLY.format(name=name, a=a, b=b), []
    names = " and ".join(cell_name(i) for i in extra)
    rests = {pos.cands[i] & ~ab for i in extra}
    one_extra = len(rests) == 1 and POPCOUNT[next(iter(rests))] == 1
    if len(extra) == 4:
        return (f"no corner of {name} holds only {a},{b}: a Unique Rectangle needs two or three "
                f"such corners (Test 5: one)", [])
    if len(extra) == 3:
        if one_extra:
            return (f"no other cell that sees all of {cells_name(extra)} holds "
                    f"{mask_list(rests.pop())}", extra)
        return (f"{cells_name(extra)} do not all add the same one digit: with one bivalue corner "
                f"only Test 5 applies", extra)
    if ROW[extra[0]] != ROW[extra[1]] and COL[extra[0]] != COL[extra[1]]:
        return (f"{names} are diagonal, do not add the same one digit with a cell to remove it "
                f"from (Test 5), and neither {a} nor {b} is an X-Wing on {name} (Test 6)", extra)
    return (f"{names} fit no test: no same single extra digit that a cell seeing both holds "
            f"(Test 2), no naked subset with their extras (Test 3), and neither {a} nor {b} "
            f"lives only in them in a house they share (Test 4)", extra)


def _ur_label(step) -> str:
    return f"Uniqueness Test {step.roles.type}"


def _ur_entry_keys(step) -> EntryKeys:
    more = {step.roles.extra_digit} if step.roles.extra_digit else set()
    return EntryKeys(frozenset(step.cells), digits=frozenset(step.digits),
                     more_digits=frozenset(more))


@technique("unique-rectangle", "Unique Rectangle", "uniqueness", rank=190, weight=100,
           label="Unique Rectangle", noun="Uniqueness Test",
           aliases=("unique rectangle", "unique rectangles", "ur", "uniqueness test",
                    "uniqueness", "deadly pattern", "deadly rectangle")
           + tuple(f"{w} {n}" for n in range(1, 7)
                   for w in ("ur type", "unique rectangle type", "uniqueness test", "ur")),
           uniqueness=True, check=_ur_check, step_label=_ur_label, entry_keys=_ur_entry_keys,
           prerequisites=("naked-subset", "x-wing"),
           distractors=("hidden-rectangle", "bug-plus-one", "naked-subset", "x-wing"),
           confusions=(("hidden-rectangle", "Unique Rectangle vs Hidden Rectangle",
                        "a Unique Rectangle needs two or three corners holding only the pair "
                        "(Test 5: one); a Hidden Rectangle needs one and strong links at the "
                        "opposite corner"),
                       ("bug-plus-one", "Unique Rectangle vs BUG+1",
                        "a Unique Rectangle looks at four cells; BUG+1 needs every unsolved cell "
                        "of the grid bivalue but one")))
def unique_rectangle(pos: Position):
    steps = []
    for rect, ab in candidate_rectangles(pos):
        steps.extend(rectangle_steps(pos, rect, ab))
    steps.sort(key=lambda s: (s.roles.type, s.cells, s.digits, s.eliminations))
    return steps


