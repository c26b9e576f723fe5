"""The pattern check of forcing chains and nets: the learner names a
premise, the check says which branch fails to reach the claim.

A premise is named by its cells:

* one cell and one digit (`--pattern r4c5` with `#7`, or a claim about the
  cell itself, `r4c5<>7`): a contradiction; the candidate is assumed on
  (off, when the claim places it) and must lead to a contradiction;
* one cell: a cell forcing chain, one branch per candidate;
* several cells of one house: a house forcing chain on the digit whose
  places in that house are exactly those cells.
"""
from __future__ import annotations

from ...grid import common_houses, HOUSES, MASK_DIGITS, cell_name, cells_name, house_name
from ...registry import PatternReport
from .implications import bits, consequences, lit_text
from ..patterns import digits_list, fail, no_shared_house

HOW = {"chain": "along single links", "net": "even with naked and hidden singles"}
LABEL = {"chain": "Forcing Chain", "net": "Forcing Net"}


def _lit(i: int, d: int, on: bool) -> int:
    return 2 * (9 * i + d - 1) + (1 if on else 0)


def _reaches(c, via: str, start: int, goal: int) -> bool:
    got = c.chain(start) if via == "chain" else c.net(start)
    return bool((got.on if goal & 1 else got.off) >> (goal >> 1) & 1)


def _breaks(c, via: str, start: int) -> bool:
    if via == "chain":
        return bool(c.chain(start).clash)
    return c.net(start).contradiction is not None


def _house_premise(pos, q, cells, label):
    """(house, digit) whose places are exactly the cells, or a failed report."""
    houses = common_houses(cells)
    if not houses:
        reason, where = no_shared_house(cells)
        return fail(q, label, f"{reason}: a forcing chain starts from one cell or from every place "
                              f"of one digit in one house", where)
    shared = 0x1FF
    for i in cells:
        shared &= pos.cands[i]
    if len(q.digits) > 1:
        return fail(q, label, "a house forcing chain starts from the places of one digit: name "
                              "just one")
    held = [d for d in q.digits if shared >> (d - 1) & 1] if q.digits else list(MASK_DIGITS[shared])
    if not held:
        if q.digits:
            d = q.digits[0]
            lacking = [i for i in cells if not pos.cands[i] >> (d - 1) & 1]
            return fail(q, label, f"{cell_name(lacking[0])} has no candidate {d}", lacking)
        return fail(q, label, f"{cells_name(cells)} share no candidate: a house forcing chain "
                              f"starts from the places of one digit")
    for d in held:
        for h in houses:
            places = [i for i in HOUSES[h] if not pos.values[i] and pos.cands[i] >> (d - 1) & 1]
            if places == cells:
                return h, d
    d, h = held[0], houses[0]
    others = [i for i in HOUSES[h] if not pos.values[i] and pos.cands[i] >> (d - 1) & 1
              and i not in cells]
    return fail(q, label, f"{d} also fits {cells_name(others)} in {house_name(h)}: a house forcing "
                          f"chain starts from every place of the digit in the house", others, (d,))


def check_forcing(pos, q, via: str) -> PatternReport:
    label = q.label or LABEL[via]
    cells = sorted(set(q.cells))
    how = HOW[via]
    if not cells:
        return fail(q, label, "name the premise: one cell, or the places of one digit in a house",
                    fits=False)
    c = consequences(pos)
    items = list(q.claim)
    if len(cells) == 1:
        i = cells[0]
        own = [(d, placing) for j, d, placing in items if j == i]
        if len(q.digits) == 1 or own:
            d, placing = own[0] if own else (q.digits[0], False)
            if not pos.has(i, d):
                return fail(q, label, f"{cell_name(i)} has no candidate {d}", [i])
            start = _lit(i, d, not placing)
            if not _breaks(c, via, start):
                return fail(q, label, f"assuming {lit_text(start)} leads to no contradiction {how}",
                            [i], (d,))
            effect = {(i, d)}
            return PatternReport(True, label, cells, digits=(d,), removes=set() if placing else effect,
                                 places=effect if placing else set(),
                                 why_not=lambda j, e, p: f"the contradiction from {lit_text(start)} "
                                                         f"proves {lit_text(start ^ 1)} only")
        digits = MASK_DIGITS[pos.cands[i]]
        if len(digits) < 2:
            return fail(q, label, f"{cell_name(i)} holds only {digits_list(digits)}: a cell forcing "
                                  f"chain needs two candidates or more", [i])
        starts = [_lit(i, d, True) for d in digits]
        premise = f"candidate of {cell_name(i)}"
    else:
        got = _house_premise(pos, q, cells, label)
        if isinstance(got, PatternReport):
            return got
        h, d = got
        digits = (d,)
        starts = [_lit(j, d, True) for j in cells]
        premise = f"place of {d} in {house_name(h)}"
    return _verity(c, q, via, label, cells, digits, starts, premise)


def _verity(c, q, via, label, cells, digits, starts, premise) -> PatternReport:
    how = HOW[via]

    def why(j: int, e: int, placing: bool) -> str:
        goal = _lit(j, e, placing)
        for s in starts:
            if not _reaches(c, via, s, goal):
                return f"{lit_text(s)} does not lead to {lit_text(goal)} {how}"
        return ""

    for j, e, placing in q.claim:
        reason = why(j, e, placing)
        if reason:
            return fail(q, label, reason, [(starts[0] >> 1) // 9] if len(cells) == 1 else
                        [(s >> 1) // 9 for s in starts if not _reaches(c, via, s, _lit(j, e, placing))],
                        digits)
    on = off = -1
    for s in starts:
        got = c.chain(s) if via == "chain" else c.net(s)
        on &= got.on
        off &= got.off
    removes = {(k // 9, k % 9 + 1) for k in bits(off)}
    places = {(k // 9, k % 9 + 1) for k in bits(on)}
    if not removes and not places:
        return fail(q, label, f"no fact follows from every {premise} {how}", [], digits)
    return PatternReport(True, label, cells, digits=tuple(digits), removes=removes, places=places,
                         why_not=why)


def check_forcing_chain(pos, q) -> PatternReport:
    return check_forcing(pos, q, "chain")


def check_forcing_net(pos, q) -> PatternReport:
    return check_forcing(pos, q, "net")
