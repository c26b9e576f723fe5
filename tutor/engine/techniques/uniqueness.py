"""The uniqueness rooms: Unique Rectangle, Hidden Rectangle, BUG+1.

They hold only on a puzzle with exactly one solution: a deadly pattern (two
digits that could swap in four cells of two rows, two columns and two boxes,
or a grid where every cell is bivalue) would mean a second solution, so a
puzzle with one solution never reaches it.  The registry runs them only where
the position is known to have exactly one solution, `uniqueness=False` leaves
them out, and each pattern check below says so when the count is not one.

A rectangle's four corners must be unsolved cells: a given (or a digit
already placed) cannot take part in the swap.  The patterns themselves, with
HoDoKu's numbering of the Uniqueness Tests and how SudokuWiki's numbering
maps onto it, are described and found in rectangles.py.
"""
from __future__ import annotations

import re
from itertools import combinations

from ..grid import (
    BOX, COL, HOUSE_MASK, MASK_DIGITS, POPCOUNT, ROW, cell_bits, cell_name, cells_name,
    house_name, mask_of,
)
from ..position import Position
from ..registry import EntryKeys, PatternQuery, PatternReport, family, technique
from ..step import effects_text
from .common import digit_masks
from .rectangles import (
    bits_of, bug_cell, bug_digit, bug_step, candidate_rectangles, digit_list, hidden_rectangle_steps,
    rectangle_steps,
)

# What each test looks like, for "that is Test 1, not Test 4" answers.
SHAPES = {
    1: "three corners hold only the pair",
    2: "two corners in one line add the same one digit",
    3: "the extras of two corners form a naked subset",
    4: "one pair digit lives only in the two extra corners of their house",
    5: "three corners (or two diagonal ones) add the same one digit",
    6: "two diagonal bivalue corners and an X-Wing on one pair digit",
}


# ================================================================ shared checks

_DEADLY = "every corner of {name} holds only {a},{b}: that is the deadly pattern itself"

def _fail(q: PatternQuery, cells, reason: str, failing=(), digits=()) -> PatternReport:
    return PatternReport(False, q.label, list(cells), reason, list(failing), tuple(digits))


def _holds(q: PatternQuery, cells, label: str, digits, elims=(), places=()) -> PatternReport:
    elims, places = set(elims), set(places)
    done = effects_text(sorted(elims), sorted(places))

    def why_not(i, d, placing):
        item = f"{cell_name(i)}={d}" if placing else f"{cell_name(i)}<>{d}"
        return f"{label} on {cells_name(cells)} gives {done}, not {item}"

    return PatternReport(True, q.label or label, list(cells), digits=tuple(digits), removes=elims,
                         places=places, why_not=why_not)


def _uniqueness_problem(pos: Position) -> str:
    count = pos.solution_info()[0]
    if count == 1:
        return ""
    what = "no solution" if count == 0 else "more than one solution"
    return f"the position has {what}: uniqueness arguments need exactly one"


def _named_rectangle(cells):
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


def _rectangle_query(pos: Position, q: PatternQuery):
    """The named rectangle and the digit pairs to try, or a failed report."""
    cells = sorted(set(q.cells))
    rect, problem = _named_rectangle(cells)
    if rect is None:
        return _fail(q, cells, problem, cells, q.digits), None, ()
    name = cells_name(rect)
    for i in rect:
        if pos.givens[i]:
            return _fail(q, rect, f"{cell_name(i)} is a given, so the rectangle cannot be swapped",
                         [i]), None, ()
        if pos.values[i]:
            return _fail(q, rect, f"{cell_name(i)} is already solved ({pos.values[i]}), so {name} "
                         f"is not four unsolved cells", [i]), None, ()
    problem = _uniqueness_problem(pos)
    if problem:
        return _fail(q, rect, problem), None, ()
    if q.digits:
        digits = sorted(set(q.digits))
        if len(digits) != 2:
            return _fail(q, rect, f"a rectangle is on two digits, not "
                         f"{','.join(map(str, digits))}", digits=digits), None, ()
        for i in rect:
            for d in digits:
                if not pos.has(i, d):
                    return _fail(q, rect, f"{cell_name(i)} lacks {d}, so {name} is not a "
                                 f"{digits[0]}/{digits[1]} rectangle", [i], digits), None, ()
        return None, rect, [mask_of(digits)]
    common = pos.cands[rect[0]] & pos.cands[rect[1]] & pos.cands[rect[2]] & pos.cands[rect[3]]
    if POPCOUNT[common] < 2:
        shared = f"only {digit_list(common)}" if common else "no digit"
        return _fail(q, rect, f"{name} share {shared}: a rectangle needs two digits in all four "
                     f"corners"), None, ()
    return None, rect, [mask_of(pair) for pair in combinations(MASK_DIGITS[common], 2)]


def _named_type(label: str) -> int | None:
    m = re.search(r"(?:test|type|ur)\s*([1-6])\b", label.lower())
    return int(m.group(1)) if m else None


# ================================================================ Unique Rectangle

def _ur_check(pos: Position, q: PatternQuery) -> PatternReport:
    failed, rect, pairs = _rectangle_query(pos, q)
    if failed:
        return failed
    wanted = _named_type(q.label)
    reasons = []
    for ab in pairs:
        steps = rectangle_steps(pos, rect, ab)
        hits = [s for s in steps if wanted in (None, s.extra["type"])]
        if hits:
            types = sorted({s.extra["type"] for s in hits})
            label = f"Uniqueness Test {types[0]}" if len(types) == 1 else "Unique Rectangle"
            elims = {e for s in hits for e in s.eliminations}
            return _holds(q, rect, label, MASK_DIGITS[ab], elims)
        reasons.append(_ur_why(pos, rect, ab, steps, wanted))
    return _fail(q, rect, reasons[0][0], reasons[0][1], MASK_DIGITS[pairs[0]])


def _ur_why(pos, rect, ab, steps, wanted) -> tuple[str, list[int]]:
    """Why no (wanted) Uniqueness Test holds on the rectangle and pair."""
    name, (a, b) = cells_name(rect), MASK_DIGITS[ab]
    if steps:
        kind = steps[0].extra["type"]
        return (f"{name} is a Uniqueness Test {kind} ({SHAPES[kind]}), not Test {wanted}", [])
    extra = [i for i in rect if pos.cands[i] != ab]
    if not extra:
        return _DEADLY.format(name=name, a=a, b=b), []
    names = " and ".join(cell_name(i) for i in extra)
    rests = {pos.cands[i] & ~ab for i in extra}
    one_extra = len(rests) == 1 and POPCOUNT[next(iter(rests))] == 1
    if len(extra) == 4:
        return (f"no corner of {name} holds only {a},{b}: a Unique Rectangle needs two or three "
                f"such corners (Test 5: one)", [])
    if len(extra) == 3:
        if one_extra:
            return (f"no other cell that sees all of {cells_name(extra)} holds "
                    f"{digit_list(rests.pop())}", extra)
        return (f"{cells_name(extra)} do not all add the same one digit: with one bivalue corner "
                f"only Test 5 applies", extra)
    if ROW[extra[0]] != ROW[extra[1]] and COL[extra[0]] != COL[extra[1]]:
        return (f"{names} are diagonal, do not add the same one digit with a cell to remove it "
                f"from (Test 5), and neither {a} nor {b} is an X-Wing on {name} (Test 6)", extra)
    return (f"{names} fit no test: no same single extra digit that a cell seeing both holds "
            f"(Test 2), no naked subset with their extras (Test 3), and neither {a} nor {b} "
            f"lives only in them in a house they share (Test 4)", extra)


def _ur_label(step) -> str:
    return f"Uniqueness Test {step.extra['type']}"


def _ur_entry_keys(step) -> EntryKeys:
    more = {step.extra["extra_digit"]} if "extra_digit" in step.extra else set()
    return EntryKeys(frozenset(step.cells), digits=frozenset(step.digits),
                     more_digits=frozenset(more))


family("uniqueness", "Uniqueness", "uniqueness step")


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
    steps.sort(key=lambda s: (s.extra["type"], s.cells, s.digits, s.eliminations))
    return steps


# ================================================================ Hidden Rectangle

def _hr_check(pos: Position, q: PatternQuery) -> PatternReport:
    failed, rect, pairs = _rectangle_query(pos, q)
    if failed:
        return failed
    reasons = []
    for ab in pairs:
        steps = hidden_rectangle_steps(pos, rect, ab)
        if steps:
            return _holds(q, rect, "Hidden Rectangle", MASK_DIGITS[ab],
                          {e for s in steps for e in s.eliminations})
        reasons.append(_hr_why(pos, rect, ab))
    return _fail(q, rect, reasons[0][0], reasons[0][1], MASK_DIGITS[pairs[0]])


def _hr_why(pos, rect, ab) -> tuple[str, list[int]]:
    name, (a, b) = cells_name(rect), MASK_DIGITS[ab]
    bivalue = [k for k in range(4) if pos.cands[rect[k]] == ab]
    if len(bivalue) == 4:
        return _DEADLY.format(name=name, a=a, b=b), []
    if not bivalue:
        return (f"no corner of {name} holds only {a},{b}: a Hidden Rectangle starts from one "
                f"bivalue corner", [])
    masks, inside = digit_masks(pos), bits_of(rect)
    best = None
    for k in bivalue:
        far = rect[3 - k]
        for u in (a, b):
            for h in (ROW[far], 9 + COL[far]):
                outside = list(cell_bits(masks[u] & HOUSE_MASK[h] & ~inside))
                if outside and (best is None or len(outside) < len(best[3])):
                    best = (rect[k], u, h, outside)
    assert best is not None       # some digit leaves the rectangle (checked by the caller)
    k_cell, u, h, outside = best
    verb = "holds" if len(outside) == 1 else "hold"
    return (f"opposite the bivalue {cell_name(k_cell)}, {u} is not confined to the rectangle in "
            f"{house_name(h)} ({cells_name(outside)} {verb} it too)", outside)


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


# ================================================================ BUG+1

def _bug_check(pos: Position, q: PatternQuery) -> PatternReport:
    cells = sorted(set(q.cells))
    if len(cells) != 1:
        return _fail(q, cells, f"BUG+1 names one cell, the one with three candidates "
                     f"({len(cells)} named)", cells)
    x = cells[0]
    if pos.values[x]:
        return _fail(q, cells, f"{cell_name(x)} is already solved ({pos.values[x]})", cells)
    problem = _uniqueness_problem(pos)
    if problem:
        return _fail(q, cells, problem)
    n = POPCOUNT[pos.cands[x]]
    others = [i for i in range(81) if i != x and not pos.values[i] and POPCOUNT[pos.cands[i]] != 2]
    if n != 3:
        too = f" ({cell_name(others[0])} holds {POPCOUNT[pos.cands[others[0]]]})" if others else ""
        return _fail(q, cells, f"{cell_name(x)} holds {n} candidates: the BUG+1 cell holds three, "
                     f"every other cell two{too}", cells)
    if others:
        j = others[0]
        more = f" ({len(others) - 1} more cells too)" if len(others) > 1 else ""
        return _fail(q, cells, f"{cell_name(j)} holds {POPCOUNT[pos.cands[j]]} candidates: every "
                     f"cell but {cell_name(x)} must be bivalue for BUG+1{more}", [j])
    d = bug_digit(pos, x)
    if not d:
        return _fail(q, cells, f"no digit of {cell_name(x)} is the odd one out: without any single "
                     f"one of {digit_list(pos.cands[x])}, some digit still sits once or three "
                     f"times in a house", cells)
    return _holds(q, cells, "BUG+1", (d,), places={(x, d)})


def _bug_entry_keys(step) -> EntryKeys:
    """The BUG+1 cell, with the digit it takes; its step name lists all three
    candidates, which an entry naming BUG+1 may repeat."""
    return EntryKeys(frozenset(step.cells), digits=frozenset(step.digits),
                     more_digits=frozenset(step.extra["candidates"]))


@technique("bug-plus-one", "Bivalue Universal Grave + 1", "uniqueness", rank=210, weight=100,
           label="BUG+1",
           aliases=("bug+1", "bug + 1", "bug plus one", "bug plus 1", "bug 1", "bug",
                    "bivalue universal grave", "bivalue universal grave + 1",
                    "bivalue universal grave plus one"),
           uniqueness=True, check=_bug_check, entry_keys=_bug_entry_keys,
           prerequisites=("unique-rectangle",),
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
