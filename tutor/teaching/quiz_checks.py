"""Why an entry is not an instance: one short reason a learner can act on.

A quiz entry names a pattern (cells, digits, maybe lines and a technique).
When no step of the engine matches it, these checks look at the pattern
itself and say which condition fails, in standard notation:
'r6c5 also holds 9, so r6c45 is not locked to 3,8'.
Pure functions over a Position; no UI.
"""
from __future__ import annotations

from ..engine.grid import (
    BOX, COL, HOUSES, HOUSES_OF, MASK_DIGITS, ROW, bit, cell_name, cells_name, house_name, mask_of,
)
from ..engine.position import Position

FISH_SIZE = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}
FISH_WORD = {2: "an X-Wing", 3: "a Swordfish", 4: "a Jellyfish"}


def _digits(ds) -> str:
    return ",".join(str(d) for d in sorted(ds))


def _or_digits(mask: int) -> str:
    ds = MASK_DIGITS[mask]
    return ds[0].__str__() if len(ds) == 1 else ",".join(map(str, ds))


def common_houses(cells) -> list[int]:
    if not cells:
        return []
    shared = set(HOUSES_OF[cells[0]])
    for i in cells[1:]:
        shared &= set(HOUSES_OF[i])
    return sorted(shared)


def solved_problem(pos: Position, cells) -> str | None:
    for i in cells:
        if pos.values[i]:
            return f"{cell_name(i)} is already solved ({pos.values[i]})"
    return None


# ------------------------------------------------------------ singles

def single_reason(pos: Position, cells, digits, kind: str | None) -> str:
    if len(cells) != 1:
        return "a single is one cell and one digit, e.g. r1c2=7"
    i = cells[0]
    if pos.values[i]:
        return f"{cell_name(i)} is already solved ({pos.values[i]})"
    if len(digits) != 1:
        return f"say which digit goes in {cell_name(i)} (e.g. {cell_name(i)}=7)"
    d = digits[0]
    if not pos.has(i, d):
        return f"{d} is not a candidate of {cell_name(i)}"
    other = pos.cands[i] & ~bit(d)
    naked_ok = not other
    hidden_houses = [h for h in HOUSES_OF[i]
                     if not any(j != i and pos.has(j, d) for j in HOUSES[h])]
    if kind == "naked-single" or (kind is None and not hidden_houses):
        if not naked_ok:
            return f"{cell_name(i)} also holds {_or_digits(other)}, so it is not a naked single"
    if kind == "hidden-single" or kind is None:
        if not hidden_houses:
            spots = []
            for h in HOUSES_OF[i]:
                j = next(j for j in HOUSES[h] if j != i and pos.has(j, d))
                spots.append(f"{cell_name(j)} ({house_name(h)})")
            return (f"{d} also fits {', '.join(spots[:-1])} and {spots[-1]}, "
                    f"so it is not a hidden single")
    return f"{cell_name(i)}={d} is not a single of that kind here"


# ------------------------------------------------------------ LockedSets

def subset_reason(pos: Position, cells, digits, kind: str | None) -> str:
    """kind: 'naked', 'hidden' or None (either)."""
    problem = solved_problem(pos, cells)
    if problem:
        return problem
    if len(cells) < 2:
        return "a LockedSet has at least two cells"
    houses = common_houses(cells)
    if not houses:
        return f"{cells_name(cells)} do not share a row, column or box"
    if not digits:
        return f"say which digits {cells_name(cells)} are locked to (e.g. #38)"
    if len(digits) != len(cells):
        return (f"{len(cells)} cells need {len(cells)} digits to be a LockedSet, "
                f"{'#' + ''.join(map(str, digits))} has {len(digits)}")
    dm = mask_of(digits)
    name = cells_name(cells)
    # naked view: the cells hold only these digits
    naked_problem = None
    for i in cells:
        extra = pos.cands[i] & ~dm
        if extra:
            naked_problem = (f"{cell_name(i)} also holds {_or_digits(extra)}, "
                             f"so {name} is not locked to {_digits(digits)}")
            break
    # hidden view: in some shared house the digits fit nowhere else
    hidden_problem = None
    for d in digits:
        if not any(pos.has(i, d) for i in cells):
            hidden_problem = f"{d} is not a candidate in {name}"
            break
    if hidden_problem is None:
        for h in houses:
            outside = [(d, j) for d in digits for j in HOUSES[h] if j not in cells and pos.has(j, d)]
            if not outside:
                break  # the digits are hidden in this house: no problem to name
            if hidden_problem is None:
                d, j = outside[0]
                hidden_problem = (f"{d} also fits {cell_name(j)} in {house_name(h)}, "
                                  f"so {_digits(digits)} are not hidden in {name}")
    if kind == "naked" or (kind is None and naked_problem is None):
        if naked_problem:
            return naked_problem
        others = [j for h in houses for j in HOUSES[h] if j not in cells and pos.cands[j] & dm]
        if not others:
            where = " and ".join(house_name(h) for h in houses)
            return (f"{name} is locked to {_digits(digits)}, but no other cell of {where} "
                    f"holds them, so it removes nothing")
        return f"{name} #{''.join(map(str, digits))} is not a naked set here"
    if kind == "hidden" or (kind is None and hidden_problem is None):
        if hidden_problem:
            return hidden_problem
        extra = [i for i in cells if pos.cands[i] & ~dm]
        if not extra:
            return (f"{_digits(digits)} are hidden in {name}, but those cells hold nothing else, "
                    f"so the hidden set removes nothing (it is a naked set)")
        return f"{name} #{''.join(map(str, digits))} is not a hidden set here"
    return f"{naked_problem}; and {hidden_problem}"


def is_naked(pos: Position, cells, digits) -> bool:
    """The cells share a house and hold only these digits (as many as cells)."""
    if len(cells) < 2 or len(digits) != len(cells) or solved_problem(pos, cells):
        return False
    dm = mask_of(digits)
    return bool(common_houses(cells)) and all(pos.cands[i] & ~dm == 0 for i in cells)


def is_hidden(pos: Position, cells, digits) -> bool:
    """In some shared house these digits fit only in these cells."""
    if len(cells) < 2 or len(digits) != len(cells) or solved_problem(pos, cells):
        return False
    if not all(any(pos.has(i, d) for i in cells) for d in digits):
        return False
    return any(not any(pos.has(j, d) for d in digits for j in HOUSES[h] if j not in cells)
               for h in common_houses(cells))


# ------------------------------------------------------------ Locked Candidates

def locked_reason(pos: Position, cells, digits, houses, kind: str | None) -> str:
    """Pointing (box -> line) or claiming (line -> box) on one digit."""
    if len(digits) != 1:
        return "Locked Candidates work on one digit: give it as #5"
    d = digits[0]
    problem = solved_problem(pos, cells)
    if problem:
        return problem
    for i in cells:
        if not pos.has(i, d):
            return f"{cell_name(i)} does not hold {d}"
    box = line = None
    if cells:
        if len({BOX[i] for i in cells}) == 1:
            box = 18 + BOX[cells[0]]
        if len({ROW[i] for i in cells}) == 1 and len(cells) > 1:
            line = ROW[cells[0]]
        elif len({COL[i] for i in cells}) == 1 and len(cells) > 1:
            line = 9 + COL[cells[0]]
    for h in houses:
        if h >= 18:
            box = h if box is None else box
        elif line is None:
            line = h
    if box is None:
        return f"{cells_name(cells)} are not in one box" if cells else "name the box (e.g. b5)"
    if line is None:
        return (f"{cells_name(cells)} are not on one row or column" if cells
                else "name the row or column (e.g. r6)")
    if not set(HOUSES[box]) & set(HOUSES[line]):
        return f"{house_name(line)} does not cross {house_name(box)}"
    in_box = [i for i in HOUSES[box] if pos.has(i, d)]
    in_line = [i for i in HOUSES[line] if pos.has(i, d)]
    inter = [i for i in in_box if i in in_line]
    if cells and set(cells) != set(inter):
        missing = [i for i in inter if i not in cells]
        if missing:
            return (f"{cells_name(missing)} also holds {d} where {house_name(box)} meets "
                    f"{house_name(line)}: name every such cell")
    off_line = [i for i in in_box if i not in in_line]
    off_box = [i for i in in_line if i not in in_box]
    if kind in ("pointing", None) and not off_line:
        if not off_box:
            return f"{d} lies only where {house_name(box)} and {house_name(line)} cross: nothing to remove"
        if kind == "pointing":
            return (f"{d} in {house_name(box)} lies only on {house_name(line)}, but no other cell of "
                    f"{house_name(line)} holds it, so nothing is removed")
    if kind in ("claiming", None) and not off_box:
        if kind == "claiming":
            return (f"{d} in {house_name(line)} lies only in {house_name(box)}, but no other cell of "
                    f"{house_name(box)} holds it, so nothing is removed")
    if kind == "pointing" or (kind is None and off_line and off_box):
        first = f"{house_name(box)} also holds {d} in {cells_name(off_line)}, off {house_name(line)}"
        if kind == "pointing":
            return first + ", so it does not point along the line"
        return (first + f"; and {house_name(line)} also holds {d} in {cells_name(off_box)}, "
                f"outside {house_name(box)}: neither pointing nor claiming")
    if kind == "claiming":
        return (f"{house_name(line)} also holds {d} in {cells_name(off_box)}, outside "
                f"{house_name(box)}, so it does not claim the box")
    return f"no Locked Candidates on {d} in {house_name(box)} and {house_name(line)} here"


# ------------------------------------------------------------ fish

def _lines_text(lines) -> str:
    if not lines:
        return ""
    kind = "r" if lines[0] < 9 else ("c" if lines[0] < 18 else "b")
    return kind + "".join(str(h % 9 + 1) for h in lines)


def fish_reason(pos: Position, digits, base, cover, technique: str | None) -> str:
    if len(digits) != 1:
        return "a fish works on one digit: give it as #3"
    d = digits[0]
    if not base:
        return "name the base lines (e.g. R348) and the cover lines (e.g. C136)"
    if any(h >= 18 for h in list(base) + list(cover)):
        return "a basic fish uses rows and columns, not boxes"
    if len({h < 9 for h in base}) != 1:
        return f"the base lines {', '.join(house_name(h) for h in base)} mix rows and columns"
    size = len(base)
    want = FISH_SIZE.get(technique or "", size)
    if size != want:
        return f"{FISH_WORD[want]} has {want} base lines, {_lines_text(base)} has {size}"
    if size not in FISH_WORD:
        return "a basic fish has 2 to 4 base lines (X-Wing, Swordfish, Jellyfish)"
    if cover:
        if len({h < 9 for h in cover}) != 1 or (cover[0] < 9) == (base[0] < 9):
            return "the cover lines must be of the other kind (columns for row base lines)"
        if len(cover) != size:
            return f"{FISH_WORD[size]} has {size} cover lines, {_lines_text(cover)} has {len(cover)}"
    by_rows = base[0] < 9
    cross = (lambda i: 9 + COL[i]) if by_rows else (lambda i: ROW[i])
    union = set()
    for h in base:
        cells = [i for i in HOUSES[h] if pos.has(i, d)]
        if not cells:
            return f"{house_name(h)} has no {d} left to place"
        lines = {cross(i) for i in cells}
        if cover:
            outside = [i for i in cells if cross(i) not in cover]
            if outside:
                return (f"{house_name(h)} holds {d} in {cells_name(outside)}, outside "
                        f"{_lines_text(sorted(cover))}")
        union |= lines
    if not cover and len(union) > size:
        return (f"the {d}s of {_lines_text(base)} sit in {len(union)} "
                f"{'columns' if by_rows else 'rows'} ({_lines_text(sorted(union))}); "
                f"{FISH_WORD[size]} needs {size}")
    cover_set = set(cover) or union
    if len(cover_set) < size:
        return (f"the {d}s of {_lines_text(base)} sit in only {len(cover_set)} "
                f"{'columns' if by_rows else 'rows'}: a smaller fish (or singles) is at work")
    rest = [i for h in cover_set for i in HOUSES[h] if pos.has(i, d)
            and (ROW[i] if by_rows else 9 + COL[i]) not in base]
    if not rest:
        return (f"no other cell of {_lines_text(sorted(cover_set))} holds {d}, "
                f"so the fish removes nothing")
    return f"no fish on {d} with base {_lines_text(base)} here"


# ------------------------------------------------------------ chains and the rest

def _judge_pattern(pos: Position, cells, d: int, technique: str | None) -> str | None:
    """The judge's own pattern check, when it has one for this technique."""
    if not technique or len(cells) < 2:
        return None
    try:
        from ..engine.judge_patterns import check_pattern
    except ImportError:
        return None
    try:
        report = check_pattern(pos, technique, None, list(cells), [(cells[0], d, False)], technique)
    except Exception:       # a check that cannot handle a partial pattern: use ours
        return None
    if report is not None and not report.ok and report.reason:
        return report.reason
    return None


def digit_reason(pos: Position, cells, digits, label: str, technique: str | None = None) -> str:
    """For single-digit patterns, colouring, loops and blossoms: the basic
    facts first, then a plain 'not here'."""
    problem = solved_problem(pos, cells)
    if problem:
        return problem
    if len(digits) == 1:
        d = digits[0]
        for i in cells:
            if not pos.has(i, d):
                return f"{cell_name(i)} does not hold {d}"
        judged = _judge_pattern(pos, cells, d, technique)
        if judged:
            return judged
        if label in ("Skyscraper", "2-String Kite", "Turbot Fish") and len(cells) == 4:
            return _link_reason(pos, cells, d, label)
        return f"no {label} on {d} uses {cells_name(cells)} here"
    if not digits:
        return f"no {label} uses {cells_name(cells)} here"
    return f"no {label} on #{''.join(map(str, digits))} uses {cells_name(cells)} here"


def _link_reason(pos: Position, cells, d: int, label: str) -> str:
    """Four cells of a two-link pattern: say which pair is not a strong link."""
    pairs = []
    for a in range(4):
        for b in range(a + 1, 4):
            x, y = cells[a], cells[b]
            for h in set(HOUSES_OF[x]) & set(HOUSES_OF[y]):
                others = [j for j in HOUSES[h] if j not in (x, y) and pos.has(j, d)]
                pairs.append((len(others), x, y, h, others))
    strong = [p for p in pairs if p[0] == 0]
    if len({frozenset((p[1], p[2])) for p in strong}) >= 2:
        return f"no {label} on {d} uses {cells_name(cells)} here"
    weak = sorted(p for p in pairs if p[0] > 0)
    if weak:
        _, x, y, h, others = weak[0]
        return (f"{cell_name(x)} and {cell_name(y)} are not linked strongly on {d}: "
                f"{cells_name(others)} also holds {d} in {house_name(h)}")
    return f"no {label} on {d} uses {cells_name(cells)} here"
