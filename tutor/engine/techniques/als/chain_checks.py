"""Pattern checks of ALS-XY-Wing and ALS chains (the definitions are in
als_chain.py): the named cells read as three ALSs, or as a chain of up to
MAX_CHAIN_CHECK, with the reading machinery of als_checks.py.
"""
from __future__ import annotations

from itertools import combinations

from ...grid import MASK_DIGITS
from ...position import Position
from ...registry import PatternQuery, PatternReport
from .checks import (
    MAX_CHAIN_CHECK, MAX_READINGS, alses_fail, alses_inside, als_text, best_report, cover, fail_on,
    holds_report, not_linked, rccs_of, shared_cells, union_of, with_digit,
)


# ------------------------------------------------------------------ ALS-XY-Wing

def xy_report(pos: Position, q: PatternQuery, groups, label: str = "ALS-XY-Wing"):
    """(score, report) for three named groups, the pivot chosen to get
    furthest (the two ends may share cells)."""
    cells = sorted({c for g in groups for c in g})
    bad = alses_fail(pos, label, cells, groups)
    if bad:
        return bad
    best = None
    for k in range(3):
        got = _xy_pivot(pos, label, cells, groups[k], [g for j, g in enumerate(groups) if j != k])
        if best is None or got[0] > best[0]:
            best = got
    return best


def _xy_pivot(pos, label, cells, b, ends):
    a, c = ends
    bad = shared_cells(label, cells, (a, b), "an end and the pivot") or \
        shared_cells(label, cells, (b, c), "an end and the pivot")
    if bad:
        return 3, bad
    if set(a) == set(c):
        return 3, fail_on(label, cells, "the two ends are the same ALS")
    piv = f"the pivot {als_text(pos, b)}"
    links = []
    for k, e in enumerate((a, c)):
        r = rccs_of(pos, e, b)
        if not r:
            common = union_of(pos, e) & union_of(pos, b)
            if not common:
                return 4 + k, fail_on(label, cells, f"{als_text(pos, e)} shares no digit with {piv}")
            reason, failing = not_linked(pos, e, b, MASK_DIGITS[common][0], False)
            return 4 + k, fail_on(label, cells, reason, failing)
        links.append(r)
    choices = [(x, y) for x in links[0] for y in links[1] if x != y]
    if not choices:
        return 6, fail_on(label, cells, f"{piv} is linked to both ALSs only by {links[0][0]}: the "
                                      f"two links need different digits")
    common = union_of(pos, a) & union_of(pos, c)
    reach: dict[int, list[list[int]]] = {}
    digits = set()
    for x, y in choices:
        for z in MASK_DIGITS[common]:
            if z not in (x, y):
                reach.setdefault(z, [with_digit(pos, a + c, z)])
                digits |= {x, y, z}
    if not reach:
        x, y = choices[0]
        return 7, fail_on(label, cells, f"{als_text(pos, a)} and {als_text(pos, c)} share no digit "
                                      f"other than the links {x} and {y}")
    return 8, holds_report(pos, label, cells, digits, reach)


def check_als_xy_wing(pos: Position, q: PatternQuery) -> PatternReport:
    label = "ALS-XY-Wing"

    def holds(cells):
        inside = alses_inside(pos, cells)
        want = set(cells)
        out = []
        for b in inside:
            ends = [g for g in inside if not set(g) & set(b)]
            for a, c in combinations(ends, 2):
                if cover((a, b, c)) == want:
                    r = _xy_pivot(pos, label, sorted(want), b, (a, c))[1]
                    if r.ok:
                        out.append(r)
        return out

    return best_report(pos, q, label, lambda g: xy_report(pos, q, g), range(3, 4),
                       "three ALSs", holds)


# ------------------------------------------------------------------ ALS chains

def _orders(pos, groups, limit=MAX_READINGS):
    """Orders of the groups in which each is linked to the next by a
    restricted common, consecutive links on different digits:
    [(order, links)]."""
    n = len(groups)
    link = {(i, j): rccs_of(pos, groups[i], groups[j]) for i in range(n) for j in range(n) if i != j}
    out = []

    def rec(path, digits):
        if len(out) >= limit:
            return
        if len(path) == n:
            if path[0] < path[-1]:          # each chain once, not also reversed
                out.append((list(path), list(digits)))
            return
        for j in range(n):
            if j in path:
                continue
            for y in link[(path[-1], j)]:
                if not digits or y != digits[-1]:
                    rec(path + [j], digits + [y])

    for i in range(n):
        rec([i], [])
    return out


def chain_report(pos: Position, q: PatternQuery, groups, label: str = "ALS chain"):
    cells = sorted({c for g in groups for c in g})
    bad = alses_fail(pos, label, cells, groups)
    if bad:
        return bad
    n = len(groups)
    if n < 4:
        other = "an ALS-XZ" if n == 2 else ("an ALS-XY-Wing" if n == 3 else "one ALS")
        return n, PatternReport(False, label, cells, f"{n} ALS{'s' if n > 1 else ''} make "
                                f"{other}: an ALS chain links four or more", fits=False)
    bad = shared_cells(label, cells, groups, "the ALSs")
    if bad:
        return n + 1, bad
    orders = _orders(pos, groups)
    if not orders:
        return n + 2, fail_on(label, cells, f"no order of the {n} ALSs links each one to the next by "
                                          f"a restricted common (consecutive links on different digits)")
    r = _chain_effect(pos, label, cells, orders, groups)
    return n + (4 if r.ok else 3), r


def _chain_effect(pos, label, cells, orders, groups) -> PatternReport:
    """What the chains (orders of the groups, with their links) remove, or
    why they remove nothing (no z)."""
    reach: dict[int, list[list[int]]] = {}
    digits = set()
    for order, links in orders:
        first, last = groups[order[0]], groups[order[-1]]
        for z in MASK_DIGITS[union_of(pos, first) & union_of(pos, last)]:
            if z not in (links[0], links[-1]):
                zc = with_digit(pos, list(first) + list(last), z)
                if zc not in reach.setdefault(z, []):
                    reach[z].append(zc)
                digits |= {z} | set(links)
    if not reach:
        order, links = orders[0]
        return fail_on(label, cells, f"the end ALSs {als_text(pos, groups[order[0]])} and "
                                   f"{als_text(pos, groups[order[-1]])} share no digit other "
                                   f"than the links {links[0]} and {links[-1]}")
    return holds_report(pos, label, cells, digits, reach)


def _chains_inside(pos: Position, cells, limit=MAX_READINGS):
    """Chains of 4..MAX_CHAIN_CHECK of the position's ALSs inside the named
    cells that cover them: [(ALSs in order, links)], each once."""
    inside = alses_inside(pos, cells)
    want = set(cells)
    n = len(inside)
    link = {}
    for i, j in combinations(range(n), 2):
        if not set(inside[i]) & set(inside[j]):
            r = rccs_of(pos, inside[i], inside[j])
            if r:
                link[(i, j)] = link[(j, i)] = r
    out: list = []
    budget = [limit * 10]

    def rec(path, digits, covered, length):
        budget[0] -= 1
        if budget[0] < 0 or len(out) >= limit:
            return
        if len(path) == length:
            if covered == want and path[0] < path[-1]:
                out.append(([inside[k] for k in path], list(digits)))
            return
        for j in range(n):
            if j in path:
                continue
            for y in link.get((path[-1], j), ()):
                if not digits or y != digits[-1]:
                    rec(path + [j], digits + [y], covered | set(inside[j]), length)

    # shorter chains first, so that a cap only ever cuts the longest
    for length in range(4, MAX_CHAIN_CHECK + 1):
        for i in range(n):
            rec([i], [], set(inside[i]), length)
    return out


def check_als_chain(pos: Position, q: PatternQuery) -> PatternReport:
    label = "ALS chain"

    def holds(cells):
        out = []
        for groups, links in _chains_inside(pos, cells):
            r = _chain_effect(pos, label, cells, [(list(range(len(groups))), links)], groups)
            if r.ok:
                out.append(r)
        return out

    return best_report(pos, q, label, lambda g: chain_report(pos, q, g),
                       range(2, MAX_CHAIN_CHECK + 1), "ALSs", holds)
