"""What makes a wing, cell by cell, and the pattern checks of XY-, XYZ- and
WXYZ-Wing (the definitions and choices are in wings.py).

The checks answer a learner who names a wing's cells: the first condition
that fails, in standard notation ("r2c6 holds 1,4,7: an XY-Wing pincer needs
two candidates"), or what the wing removes.  They never ask the finders.
The shared helpers (holds, fail, removal_reasons) serve W-Wing and Remote
Pair too.
"""
from __future__ import annotations

from itertools import combinations

from ...registry import PatternQuery, PatternReport, an
from ...grid import (
    MASK_DIGITS, PEER_MASK, POPCOUNT, SINGLE_DIGIT, cell_bits, cell_name, cells_name,
    house_name, one_house,
)
from ...position import Position
from ..patterns import count_cells, fail_on, holds, mask_list, named_cells, removal_reasons, z_targets


def unneeded_subset(cells, zmask: int, cands) -> tuple[int, ...] | None:
    """The first 2 or 3 of the cells that hold z and only as many digits as
    cells (they place z by themselves, so the other cells are not needed),
    or None."""
    for size in range(2, len(cells)):
        for sub in combinations(cells, size):
            union = 0
            for c in sub:
                union |= cands[c]
            if union & zmask and POPCOUNT[union] == size:
                return sub
    return None


def restricted_problems(cells, cands) -> dict[int, tuple[int, int]]:
    """{digit: (a, b)} for every digit held by two cells a, b of the pattern
    that do not see each other (the digit is not restricted)."""
    loose: dict[int, tuple[int, int]] = {}
    for a, b in combinations(cells, 2):
        if not PEER_MASK[a] >> b & 1:
            for d in MASK_DIGITS[cands[a] & cands[b]]:
                loose.setdefault(d, (a, b))
    return loose


def _wing_report(pos: Position, query: PatternQuery, label: str, cells, z: int, digits):
    """The report of a wing whose shape holds: what it removes (or the named
    digits that are not its own)."""
    other = sorted(set(query.digits) - set(digits))
    if other:
        return fail_on(label, cells, f"{cells_name(cells)} is {an(label)} on "
                    f"{','.join(map(str, digits))}, not on {','.join(map(str, other))}")
    zcells = [c for c in cells if pos.cands[c] & 1 << (z - 1)]
    removes = {(i, z) for i in cell_bits(z_targets(pos, cells, z))}
    return PatternReport(True, label, list(cells), digits=tuple(digits), removes=removes,
                         why_not=removal_reasons(pos, label, cells, {z: zcells}))


def _naked_set_instead(label: str, cells, size_word: str) -> PatternReport | None:
    h = one_house(cells)
    if h is None:
        return None
    return fail_on(label, cells, f"{cells_name(cells)} lie in one house ({house_name(h)}): "
                f"{size_word} cells with {size_word} digits there are a Naked "
                f"{'Triple' if size_word == 'three' else 'Quad'}, not {an(label)}")


def _pivot_by_sight(cells, order) -> int:
    """The cell that sees the most of the others (the first named on a tie)."""
    count = {c: sum(1 for o in cells if PEER_MASK[c] >> o & 1) for c in cells}
    best = max(count.values())
    return next(c for c in list(order) + list(cells) if count.get(c) == best)


def _pivot_wing_report(pos: Position, query: PatternQuery, label: str, cells, pivot: int,
                       z: int, digits) -> PatternReport:
    """The end of the XY- and XYZ-Wing checks, once the digits fit: both
    pincers see the pivot, the three cells are not one house; then what the
    wing removes."""
    for c in cells:
        if c != pivot and not PEER_MASK[c] >> pivot & 1:
            return fail_on(label, cells, f"{cell_name(c)} does not see the pivot "
                        f"{cell_name(pivot)}", [c])
    return (_naked_set_instead(label, cells, "three")
            or _wing_report(pos, query, label, cells, z, digits))


def check_xy_wing(pos: Position, query: PatternQuery) -> PatternReport:
    label = "XY-Wing"
    cells = named_cells(query)
    if len(cells) != 3:
        return fail_on(label, cells, f"an XY-Wing has three cells (a pivot and two pincers), "
                    f"not {count_cells(cells)}")
    cands = pos.cands
    pivot = _pivot_by_sight(cells, query.cells)
    a, b = (c for c in cells if c != pivot)
    for c, role in ((pivot, "pivot"), (a, "pincer"), (b, "pincer")):
        if POPCOUNT[cands[c]] != 2 or pos.values[c]:
            tip = " (with three it would be an XYZ-Wing)" if role == "pivot" and \
                POPCOUNT[cands[c]] == 3 else ""
            return fail_on(label, cells, f"{holds(pos, c)}: an XY-Wing {role} needs two "
                        f"candidates{tip}", [c])
    pm = cands[pivot]
    pv = cell_name(pivot)
    apart = [c for c in (a, b) if not cands[c] & pm]
    if apart:
        return fail_on(label, cells, f"{' and '.join(cell_name(c) for c in apart)} "
                    f"share{'s' if len(apart) == 1 else ''} no digit with the pivot {pv}", apart)
    for c in (a, b):
        if cands[c] == pm:
            return fail_on(label, cells, f"{cell_name(c)} holds the pivot's own pair "
                        f"{mask_list(pm)}: a pincer holds one pivot digit and z", [c])
    if cands[a] & pm == cands[b] & pm:
        return fail_on(label, cells, f"both pincers share {mask_list(cands[a] & pm)} with the "
                    f"pivot {pv}: one must hold {MASK_DIGITS[pm][0]}, the other "
                    f"{MASK_DIGITS[pm][1]}", [a, b])
    zmask = cands[a] & cands[b]
    if not zmask:
        return fail_on(label, cells, f"the pincers {cell_name(a)} and {cell_name(b)} share no "
                    f"digit z", [a, b])
    z = SINGLE_DIGIT[zmask]
    return _pivot_wing_report(pos, query, label, cells, pivot, z, MASK_DIGITS[pm] + (z,))


def check_xyz_wing(pos: Position, query: PatternQuery) -> PatternReport:
    label = "XYZ-Wing"
    cells = named_cells(query)
    if len(cells) != 3:
        return fail_on(label, cells, f"an XYZ-Wing has three cells (a pivot and two pincers), "
                    f"not {count_cells(cells)}")
    cands = pos.cands
    for c in cells:
        if POPCOUNT[cands[c]] not in (2, 3) or pos.values[c]:
            return fail_on(label, cells, f"{holds(pos, c)}: an XYZ-Wing cell holds two or "
                        f"three candidates", [c])
    tri = [c for c in cells if POPCOUNT[cands[c]] == 3]
    if not tri:
        return fail_on(label, cells, f"no cell of {cells_name(cells)} holds three candidates: an "
                    f"XYZ-Wing pivot holds x, y and z (three bivalue cells make an XY-Wing)")
    pivot = _pivot_by_sight(tri, query.cells)
    if len(tri) > 1:
        c = next(t for t in tri if t != pivot)
        return fail_on(label, cells, f"{holds(pos, c)}: an XYZ-Wing pincer needs two candidates",
                    [c])
    a, b = (c for c in cells if c != pivot)
    pm = cands[pivot]
    pv = cell_name(pivot)
    for c in (a, b):
        if cands[c] & ~pm:
            return fail_on(label, cells, f"{cell_name(c)} holds {mask_list(cands[c] & ~pm)}, which "
                        f"the pivot {pv} does not: a pincer takes both digits from the pivot", [c])
    if cands[a] == cands[b]:
        return fail_on(label, cells, f"the pincers {cell_name(a)} and {cell_name(b)} hold the same "
                    f"pair {mask_list(cands[a])}: they must differ", [a, b])
    z = SINGLE_DIGIT[cands[a] & cands[b]]
    return _pivot_wing_report(pos, query, label, cells, pivot, z,
                              MASK_DIGITS[pm & ~(1 << (z - 1))] + (z,))


def check_wxyz_wing(pos: Position, query: PatternQuery) -> PatternReport:
    label = "WXYZ-Wing"
    cells = named_cells(query)
    if len(cells) != 4:
        return fail_on(label, cells, f"a WXYZ-Wing has four cells, not {count_cells(cells)}")
    cands = pos.cands
    for c in cells:
        if POPCOUNT[cands[c]] < 2 or pos.values[c]:
            return fail_on(label, cells, f"{holds(pos, c)}: a WXYZ-Wing cell needs at least two "
                        f"candidates", [c])
    union = 0
    for c in cells:
        union |= cands[c]
    if POPCOUNT[union] != 4:
        return fail_on(label, cells, f"{cells_name(cells)} hold {mask_list(union)} together: a "
                    f"WXYZ-Wing's four cells hold exactly four digits")
    loose = restricted_problems(cells, cands)
    if not loose:
        return _naked_set_instead(label, cells, "four") or fail_on(
            label, cells, f"every digit of {cells_name(cells)} is restricted (its cells see "
            f"each other): there is no z to remove")
    if len(loose) > 1:
        parts = [f"{d} in {cell_name(p)} and {cell_name(q)}" for d, (p, q) in sorted(loose.items())]
        return fail_on(label, cells, f"{len(loose)} digits are not restricted ({'; '.join(parts)} "
                    f"do not see each other): a WXYZ-Wing allows only one",
                    sorted({c for pq in loose.values() for c in pq}))
    (z,) = loose
    sub = unneeded_subset(cells, 1 << (z - 1), cands)
    if sub:
        rest = [c for c in cells if c not in sub]
        if len(sub) == 2:
            smaller = "a Naked Pair"
        elif one_house(list(sub)) is not None:
            smaller = "a Naked Triple"
        else:   # three cells, one digit loose: a trivalue pivot makes it an XYZ-Wing
            smaller = "an XYZ-Wing" if any(POPCOUNT[cands[c]] == 3 for c in sub) else "an XY-Wing"
        return fail_on(label, cells, f"{cells_name(sub)} already form {smaller} placing {z} "
                    f"among them: {cells_name(rest)} {'is' if len(rest) == 1 else 'are'} "
                    f"not needed", rest)
    digits = tuple(d for d in MASK_DIGITS[union] if d != z) + (z,)
    return _wing_report(pos, query, label, cells, z, digits)
