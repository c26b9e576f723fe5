"""What the rooms' pattern checks share: words, small facts about cells and
strong links, and the one-digit dispatcher.

A check answers with a PatternReport (tutor/engine/registry.py): the first
condition that fails, as a short phrase in standard notation, or what the
pattern removes.  The judge's `--pattern` reasons and the quiz's "not an
instance because ..." both come from the rooms' checks.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ..grid import (
    HOUSES, MASK_DIGITS, PEER_MASK, bit, cell_name, cells_name, common_houses, sees,
)
from ..grid import lines_text  # noqa: F401  (the quiz entries read it from here)
from ..registry import EntryKeys, PatternQuery, PatternReport, an  # noqa: F401  (an: re-exported)
from ..position import Position
from .common import digit_masks

WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
         8: "eight", 9: "nine"}
SET_WORDS = {2: "Pair", 3: "Triple", 4: "Quad", 5: "Quint", 6: "Sextuple", 7: "Septuple"}


def digits_list(ds) -> str:
    """'3,8' from digits."""
    return ",".join(str(d) for d in sorted(ds))


def mask_list(mask: int) -> str:
    """'3,8' from a 9-bit candidate mask."""
    return ",".join(str(d) for d in MASK_DIGITS[mask])


def item_text(i: int, d: int, placing: bool) -> str:
    return f"{cell_name(i)}={d}" if placing else f"{cell_name(i)}<>{d}"


def lines_name(letter: str, idx) -> str:
    """'r348' from a letter and line indexes 0-8."""
    return letter + "".join(str(x + 1) for x in sorted(idx))


def no_shared_house(cells) -> tuple[str, list[int]]:
    """The first two cells that share no house, as a reason and its cells."""
    for a, b in combinations(cells, 2):
        if not sees(a, b):
            return f"{cell_name(a)} and {cell_name(b)} share no house", [a, b]
    return f"{cells_name(cells)} do not all share one house", list(cells)


def digit_cells(pos, h: int, d: int) -> list[int]:
    """The cells of house h still holding candidate d."""
    b = bit(d)
    return [i for i in HOUSES[h] if pos.cands[i] & b and not pos.values[i]]


def fail(q: PatternQuery, label: str, reason: str, failing=(), digits=(), fits=True) -> PatternReport:
    """A failed check on the cells as named.  fits=False: the named cells or
    lines do not even have the technique's shape (a count is wrong)."""
    return PatternReport(False, label, list(q.cells), reason, list(failing), tuple(digits),
                         fits=fits)


def digit_guard(d: int, why):
    """why_not for a one-digit pattern: other digits and placements first."""
    def wrapped(i, e, placing):
        if e != d:
            return f"the pattern is about {d}, not {e}"
        if placing:
            return f"it removes candidates; it does not place {cell_name(i)}={e}"
        return why(i)
    return wrapped


def pick_report(reports: list[PatternReport], items) -> PatternReport | None:
    """One that reaches the whole claim, else one that holds, else None."""
    for r in reports:
        if r.covers(items):
            return r
    for r in reports:
        if r.ok:
            return r
    return None


# ------------------------------------------------------------------ one-digit patterns

def one_digit(check_digit):
    """A check for a pattern on one digit, from `check_digit(pos, q, d)`.

    The digit is the one the learner names; else each claimed digit all
    pattern cells hold; else each digit the cells share.  A pattern that
    holds on another digit than the claim's is named as such."""
    def check(pos, q: PatternQuery) -> PatternReport:
        cells = list(q.cells)
        label = q.label
        if len(q.digits) > 1:
            return fail(q, label, f"{an(label)} is about one digit: name just one "
                                  f"(e.g. #{q.digits[0]})")
        if q.digits:
            digits = list(q.digits)
        else:
            digits = list(dict.fromkeys(d for _, d, _ in q.claim))
        if not digits:
            if not cells:
                return fail(q, label, f"name the digit of the {label} (e.g. #3)")
            common = 0x1FF
            for i in cells:
                common &= pos.cands[i]
            digits = list(MASK_DIGITS[common]) or [1]
        held = [d for d in digits if all(pos.cands[i] & bit(d) for i in cells)]
        if not held:
            d = digits[0]
            lacking = [i for i in cells if not pos.cands[i] & bit(d)]
            return PatternReport(False, label, cells, f"{cell_name(lacking[0])} has no candidate {d}",
                                 lacking, (d,))
        reports = [check_digit(pos, q, d) for d in held]
        picked = pick_report(reports, q.claim)
        if picked:
            return picked
        if cells:
            # the cells may well form the pattern, on a digit the claim is not about
            common = 0x1FF
            for i in cells:
                common &= pos.cands[i]
            bare = replace(q, claim=())
            for e in MASK_DIGITS[common]:
                if e not in held and check_digit(pos, bare, e).ok:
                    return PatternReport(False, label, cells,
                                         f"{cells_name(cells)} is {an(label)} on {e}, not on "
                                         f"{digits_list(held)}", [], (e,))
        return reports[0]
    return check


# ------------------------------------------------------------------ strong links on one digit

def strong_house(pos, a: int, b: int, d: int):
    """(house, is_strong, other d-cells) for the best house a and b share."""
    best = None
    for h in common_houses([a, b]):
        others = [j for j in digit_cells(pos, h, d) if j not in (a, b)]
        cand = (h, not others, others)
        if best is None or (cand[1] and not best[1]) or (cand[1] == best[1] and len(others) < len(best[2])):
            best = cand
    return best


def weak_text(a: int, b: int, d: int, others) -> str:
    verb = "holds" if len(others) == 1 else "hold"
    return (f"{cell_name(a)} and {cell_name(b)} are not linked strongly on {d}: "
            f"{cells_name(others)} also {verb} {d}")


def strong_graph(pos, cells, d: int) -> dict[int, set[int]]:
    """Which of the cells are linked strongly on d (conjugate in a house)."""
    edges: dict[int, set[int]] = {i: set() for i in cells}
    for a, b in combinations(cells, 2):
        hit = strong_house(pos, a, b, d)
        if hit and hit[1]:
            edges[a].add(b)
            edges[b].add(a)
    return edges


def components(cells, edges) -> list[list[int]]:
    seen, comps = set(), []
    for s in cells:
        if s in seen:
            continue
        comp, todo = [], [s]
        seen.add(s)
        while todo:
            x = todo.pop()
            comp.append(x)
            for y in edges[x]:
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        comps.append(sorted(comp))
    return comps


# ------------------------------------------------------------------ quiz entries

def chain_entry_keys(step) -> EntryKeys:
    """Chains and other long patterns: a learner may name the ends, or some
    of the cells when the technique is named."""
    ends = step.roles.ends(step)
    return EntryKeys(frozenset(step.cells), (frozenset(ends),) if ends else (),
                     digits=frozenset(step.digits), partial=True)


# ---------------------------------------------------------------- used by the checks of several families

def z_targets(pos: Position, cells, z: int) -> int:
    """81-bit mask of the cells holding z that see every pattern cell with z."""
    seen = digit_masks(pos)[z]
    bz = 1 << (z - 1)
    for c in cells:
        if pos.cands[c] & bz:
            seen &= PEER_MASK[c]
    return seen


def holds(pos: Position, c: int) -> str:
    """'r2c6 holds 1,4,7' (or 'r2c6 is already solved (4)')."""
    if pos.values[c]:
        return f"{cell_name(c)} is already solved ({pos.values[c]})"
    return f"{cell_name(c)} holds {mask_list(pos.cands[c])}"


def count_cells(cells) -> str:
    return "one cell" if len(cells) == 1 else f"{len(cells)} cells"


def named_cells(query: PatternQuery) -> list[int]:
    return sorted(set(query.cells))


def fail_on(label: str, cells, reason: str, failing=(), digits=()) -> PatternReport:
    """A failed check on the given cells (fail() takes the cells as named)."""
    return PatternReport(False, label, list(cells), reason, list(failing), tuple(digits))


def removal_reasons(pos: Position, label: str, cells, reach: dict[int, list[int]],
                    otherwise: str = ""):
    """why_not for a pattern that removes digit d from every cell seeing all
    of reach[d] (otherwise: what else a cell lacks, when that is not all)."""
    pattern = set(cells)

    def why_not(i: int, d: int, placing: bool) -> str:
        if placing:
            return f"{an(label)} only removes candidates; it does not place {cell_name(i)}={d}"
        if d not in reach:
            return f"this {label} removes {','.join(map(str, sorted(reach)))}, not {d}"
        if i in pattern:
            return f"{cell_name(i)} is a cell of the {label} itself"
        if not pos.has(i, d):
            return f"{cell_name(i)} has no candidate {d}"
        for c in reach[d]:
            if not PEER_MASK[i] >> c & 1:
                return f"{cell_name(i)} does not see {cell_name(c)}, which holds {d}"
        return f"{cell_name(i)} {otherwise}" if otherwise else ""

    return why_not
