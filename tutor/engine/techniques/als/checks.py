"""Pattern checks of ALS-XZ, and what the checks of ALS-XY-Wing and ALS
chains (als_chain_checks.py) share: reading named cells as ALSs, judging a
reading, the failing-condition reports (the definitions are in als_xz.py
and als_chain.py).

A learner names the cells of the whole pattern (and maybe digits); which
cells form which ALS is not said.  So a check first looks for the pattern
among the position's ALSs that lie inside the named cells: ALSs that cover
the named cells exactly and form the technique (ALSs that are not
neighbours in a wing or chain may share cells, as the finders allow).  If
one or more do, the pattern holds and the report says what they remove.

If none does, the check reads the cells every way they split into groups
that each lie in one house (a *reading*; groups that are all ALSs first),
judges each reading condition by condition, and answers with the reading
that gets furthest: the first condition it fails, in standard notation
("r1c25 is not an ALS: 2 cells hold 4 digits (an ALS needs 3)").  At most
MAX_READINGS readings or chains are looked at (a learner's pattern has a
handful); named chains have at most MAX_CHAIN_CHECK ALSs.

`xz_report(pos, query, groups)` judges explicit groups, including two that
share a cell ("the two ALSs share r4c4").
"""
from __future__ import annotations

from itertools import combinations

from ...grid import (
    HOUSES_OF, HOUSE_MASK, MASK_DIGITS, PEER_MASK, POPCOUNT, cell_bits, cell_name, cells_name,
    one_house,
)
from ...position import Position
from ...registry import EntryKeys, PatternQuery, PatternReport
from ...roles import ALS
from .table import cells_of, als_table
from ..patterns import count_cells, fail_on, mask_list, named_cells, removal_reasons, z_targets

MAX_READINGS = 2000
MAX_CHAIN_CHECK = 6         # ALSs a named chain may have (as many as the finder's)


def als_entry_keys(step) -> EntryKeys:
    """All the pattern's cells (or, naming the technique, some of them); the
    digits, when named, are the step's or any digits of its ALSs."""
    more = frozenset(d for p in step.roles.parts(step) if p.role == ALS for d in p.digits)
    return EntryKeys(frozenset(step.cells), digits=frozenset(step.digits), more_digits=more,
                     partial=True)


# ------------------------------------------------------------------ groups

def union_of(pos: Position, cells) -> int:
    m = 0
    for c in cells:
        m |= pos.cands[c]
    return m


def als_problem(pos: Position, cells) -> str:
    """Why the cells are not one ALS ('' if they are)."""
    if one_house(cells) is None:
        return f"{cells_name(cells)} share no house, so they are not one ALS"
    n = len(cells)
    k = POPCOUNT[union_of(pos, cells)]
    if k != n + 1:
        verb = "holds" if n == 1 else "hold"
        return f"{cells_name(cells)} is not an ALS: {count_cells(cells)} {verb} {k} digits " \
               f"(an ALS needs {n + 1})"
    return ""


def als_text(pos: Position, cells) -> str:
    return f"{cells_name(cells)} #{''.join(map(str, MASK_DIGITS[union_of(pos, cells)]))}"


def with_digit(pos: Position, cells, d: int) -> list[int]:
    return [c for c in cells if pos.cands[c] >> (d - 1) & 1]


def not_restricted(pos: Position, a, b, d: int):
    """(p, r): a cell of a and one of b holding d that do not see each other,
    or None when d is a restricted common of a and b."""
    for p in with_digit(pos, a, d):
        for r in with_digit(pos, b, d):
            if not PEER_MASK[p] >> r & 1:
                return p, r
    return None


def rccs_of(pos: Position, a, b) -> list[int]:
    common = union_of(pos, a) & union_of(pos, b)
    return [d for d in MASK_DIGITS[common] if not_restricted(pos, a, b, d) is None]


def readings(cells, groups: range, all_als, pos, limit=MAX_READINGS):
    """Splits of the cells into a number of groups in `groups`, each lying
    in one house (larger groups first); with all_als, only groups that are
    ALSs."""
    out: list[list[tuple]] = []
    most = groups[-1]

    def fits(g):
        return not als_problem(pos, g) if all_als else one_house(g) is not None

    budget = [limit * 20]

    def rec(left: tuple, chosen: list):
        budget[0] -= 1
        if len(out) >= limit or budget[0] < 0:
            return
        if not left:
            if len(chosen) in groups:
                out.append(list(chosen))
            return
        if len(chosen) >= most:
            return
        first, rest = left[0], left[1:]
        options = set()
        for h in HOUSES_OF[first]:
            mates = [c for c in rest if HOUSE_MASK[h] >> c & 1]
            for k in range(len(mates), -1, -1):
                for sub in combinations(mates, k):
                    options.add((first,) + sub)
        for g in sorted(options, key=lambda g: (-len(g), g)):
            if fits(g):
                rec(tuple(c for c in rest if c not in g), chosen + [g])

    rec(tuple(cells), [])
    return out


def alses_inside(pos: Position, cells) -> list[tuple[int, ...]]:
    """The position's ALSs lying inside the named cells (as cell tuples)."""
    named = 0
    for c in cells:
        named |= 1 << c
    records, _ = als_table(pos)
    return [cells_of(r[0]) for r in records if not r[0] & ~named]


def cover(groups) -> set:
    return {c for g in groups for c in g}


def best_report(pos: Position, q: PatternQuery, label: str, judge, groups: range, shape: str,
                holds=None):
    """Answer as the module docstring says: holds(cells) lists the reports
    of the patterns found among the position's ALSs; judge(groups) ->
    (score, report) judges one reading."""
    cells = named_cells(q)
    if not cells:
        return PatternReport(False, label, [], f"name the cells of the {label}", fits=False)
    found = holds(cells) if holds else []
    if found:
        return _merge(found)
    for all_als in (True, False):
        scored = [judge(g) for g in readings(cells, groups, all_als, pos)]
        if not scored:
            continue
        holding = [r for _, r in scored if r.ok]
        if holding:
            return _merge(holding)
        return max(scored, key=lambda sr: sr[0])[1]
    subject = f"one cell, {cells_name(cells)}, does" if len(cells) == 1 else f"{cells_name(cells)} do"
    return PatternReport(False, label, cells, f"{subject} not split into {shape}", fits=False)


def _merge(reports: list[PatternReport]) -> PatternReport:
    """One report for the readings that hold: the first, removing what any of
    them removes (each is a valid pattern on its own)."""
    first = reports[0]
    removes = set().union(*(r.removes or () for r in reports))
    return PatternReport(True, first.label, first.cells, digits=first.digits, removes=removes,
                         why_not=first.why_not)


# ------------------------------------------------------------------ effects

def holds_report(pos: Position, label: str, cells, digits, reach) -> PatternReport:
    """ok: what the pattern removes, d from cells seeing one list of reach[d]."""
    removes = set()
    for d, groups in reach.items():
        for g in groups:
            removes |= {(i, d) for i in cell_bits(z_targets(pos, g, d))}
    # a cell seeing all of one list is removed: why_not explains the first
    first = {d: groups[0] for d, groups in reach.items()}
    return PatternReport(True, label, list(cells), digits=tuple(sorted(digits)), removes=removes,
                         why_not=removal_reasons(pos, label, cells, first))


def alses_fail(pos, label, cells, groups):
    """(number of groups that are ALSs before the first that is not, report) or None."""
    for k, g in enumerate(groups):
        why = als_problem(pos, g)
        if why:
            return k, fail_on(label, cells, why, g)
    return None


def shared_cells(label, cells, groups, what):
    for a, b in combinations(groups, 2):
        both = sorted(set(a) & set(b))
        if both:
            return fail_on(label, cells, f"{what} share {cells_name(both)}", both)
    return None


def not_linked(pos, a, b, d, named) -> tuple[str, list[int]]:
    p, r = not_restricted(pos, a, b, d)
    if named:
        return (f"{d} is not a restricted common of the two ALSs: {cell_name(p)} and "
                f"{cell_name(r)} hold {d} and do not see each other", [p, r])
    return (f"{als_text(pos, a)} and {als_text(pos, b)} have no restricted common: "
            f"{cell_name(p)} and {cell_name(r)} both hold {d} and do not see each other", [p, r])


# ------------------------------------------------------------------ ALS-XZ

def xz_report(pos: Position, q: PatternQuery, groups, label: str = "ALS-XZ"):
    """(score, report) for two named groups as ALS A and ALS B."""
    cells = sorted({c for g in groups for c in g})
    bad = alses_fail(pos, label, cells, groups)
    if bad:
        return bad
    bad = shared_cells(label, cells, groups, "the two ALSs")
    if bad:
        return 3, bad
    a, b = groups
    common = union_of(pos, a) & union_of(pos, b)
    if not common:
        return 4, fail_on(label, cells, f"{als_text(pos, a)} and {als_text(pos, b)} share no digit")
    rccs = rccs_of(pos, a, b)
    named = [d for d in q.digits if common >> (d - 1) & 1]
    if not rccs:
        d = named[0] if named else MASK_DIGITS[common][0]
        reason, failing = not_linked(pos, a, b, d, bool(named))
        return 5, fail_on(label, cells, reason, failing)
    if len(rccs) > 2:
        return 6, fail_on(label, cells, f"the two ALSs have three restricted commons "
                                      f"({mask_list(sum(1 << (d - 1) for d in rccs))}): this "
                                      f"position has no solution")
    reach: dict[int, list[list[int]]] = {}
    if len(rccs) == 1:
        for z in MASK_DIGITS[common]:
            if z != rccs[0]:
                reach[z] = [with_digit(pos, a + b, z)]
    else:
        for x in rccs:
            reach[x] = [with_digit(pos, a + b, x)]
        for g in (a, b):
            for d in MASK_DIGITS[union_of(pos, g)]:
                if d not in rccs:
                    reach.setdefault(d, []).append(with_digit(pos, g, d))
    return 7, holds_report(pos, label, cells, set(rccs) | set(reach), reach)


def check_als_xz(pos: Position, q: PatternQuery) -> PatternReport:
    def holds(cells):
        inside = alses_inside(pos, cells)
        want = set(cells)
        out = []
        for a, b in combinations(inside, 2):
            if not set(a) & set(b) and cover((a, b)) == want:
                r = xz_report(pos, q, (a, b))[1]
                if r.ok:
                    out.append(r)
        return out

    return best_report(pos, q, "ALS-XZ", lambda g: xz_report(pos, q, g), range(2, 3),
                       "two ALSs", holds)
