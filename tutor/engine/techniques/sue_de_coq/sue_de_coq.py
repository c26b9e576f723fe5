"""Sue de Coq: the cells where a line crosses a box, their digits shared
out between a set of cells in the rest of the line and a set in the rest of
the box.

The pattern (HoDoKu's and Sudopedia's definition, basic and extended):

* C: two or three unsolved cells where a row or column crosses a box (all
  of that intersection's unsolved cells, or two of its three), holding
  together a set V of at least |C| + 2 digits;
* L: unsolved cells of the line outside the box, sharing a digit with V and
  holding more digits than cells (an ALS is the usual case, a bivalue cell
  the smallest; two cells with four digits will do as well);
* B: the same among the unsolved cells of the box outside the line;
* L and B share no digit, and C, L and B hold exactly as many digits as
  they have cells.

Why.  The cells of C and L lie in the line, those of C and B in the box, so
a digit appears at most once in C + L and at most once in C + B; twice in
the pattern only as once in L and once in B, which the split rules out.  So
the pattern's cells hold different digits, as many as there are digits:
every digit of the pattern is placed in it exactly once.  Then

* a digit of L is placed in C or L, both in the line: it goes from the rest
  of the line;
* a digit of B goes from the rest of the box, the same way;
* a digit of V in neither L nor B is placed in C: it goes from the rest of
  the line and of the box.

The third cell of the intersection, when C uses two of three, lies in both
houses and may lose digits both ways.  Counting: a set's gain, its cells
less its digits from outside V, is how many of V's digits it takes in; the
gains of L and B add up to |V| - |C|.  A set with no more digits than cells
is a LockedSet (or a single) of its own and is left out.  Basic form:
|V| = |C| + 2 and L and B are bivalue cells with digits from V; every other
case is the extended form (flagged `extended`).  Not covered: a digit in
both L and B, and using the spare intersection cell inside L or B.

One instance is one (C, L, B).  Several often clear the same candidates: one
step per distinct set of eliminations, shown with the fewest cells (then the
first in cell order), `merged` = how many gave it when more than one.

Roles (SdcRoles): the intersection, the line set and the box set (each its
cells and digits), the line and the box (the step's houses), `extended`.
The step's digits are all the pattern's digits.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ...compiled import PURE_PYTHON, optional_module
from ...registry import EntryKeys, PatternQuery, PatternReport, technique
from ...grid import HOUSE_MASK, MASK_DIGITS, POPCOUNT, cell_bits, cell_name, cells_name, house_name
from ...position import Position
from ...roles import ALS, HOUSE, SUBSET, Part, Roles
from ...step import make_step
from ..als.table import cells_of, part_json, part_name
from ..als.checks import union_of
from ..common import once_per_position, tally
from ..patterns import count_cells, mask_list, named_cells

_ABI = 1        # what _crossing.c's crossing takes and gives (its ABI constant)
_crossing = optional_module(f"{__package__}._crossing", _ABI)
COMPILED = _crossing is not None and not PURE_PYTHON


def _crossings():
    """(line, box, cells of the crossing) for the 54 line-box crossings."""
    out = []
    for b in range(9):
        box = 18 + b
        for line in range(18):
            cells = HOUSE_MASK[line] & HOUSE_MASK[box]
            if cells:
                out.append((line, box, cells))
    return tuple(out)


CROSSINGS = _crossings()


def sdc_effect(pos: Position, line: int, box: int, c: int, lset: int, bset: int) -> list:
    """The eliminations of intersection cells c with line ALS lset and box
    ALS bset (81-bit masks), as the module docstring says."""
    v = _union(pos, c)
    dl, db = _union(pos, lset), _union(pos, bset)
    both = v & ~dl & ~db
    elims = []
    for i in cell_bits(HOUSE_MASK[line] & ~(c | lset)):
        hit = pos.cands[i] & (dl | both) if not pos.values[i] else 0
        elims += [(i, d) for d in MASK_DIGITS[hit]]
    for i in cell_bits(HOUSE_MASK[box] & ~(c | bset)):
        hit = pos.cands[i] & (db | both) if not pos.values[i] else 0
        elims += [(i, d) for d in MASK_DIGITS[hit]]
    return sorted(set(elims))


def _union(pos: Position, cells: int) -> int:
    m = 0
    for i in cell_bits(cells):
        m |= pos.cands[i]
    return m


def _rest_sets(pos: Position, house: int, other: int) -> tuple:
    """(cells, digits, size) of every set of unsolved cells of `house` outside
    `other` (six cells at most, so 63 sets at most) holding more digits
    than cells (a set with as many is a LockedSet of its own, a single
    when it is one cell: it does not belong to a Sue de Coq),
    kept for the house while its cells stay as they are (along a solve
    most houses do)."""
    kept = pos.analysis.house_kept(house)
    got = kept.get((_rest_sets, other))
    if got is None:
        sets = [(0, 0, 0)]
        for i in cell_bits(HOUSE_MASK[house] & ~HOUSE_MASK[other]):
            if not pos.values[i]:
                b, m = 1 << i, pos.cands[i]
                sets += [(c | b, u | m, n + 1) for c, u, n in sets]
        got = kept[_rest_sets, other] = tuple(s for s in sets if POPCOUNT[s[1]] > s[2])
    return got


def _parts(sets: tuple, v: int) -> list:
    """(cells, digits, gain) of the sets sharing a digit with the
    intersection's digits v; gain: cells less digits from outside v, the
    number of v's digits the set takes in.  (In a sound position gain is
    never negative here: a negative one would leave the other set with
    more cells than digits beside the intersection.)"""
    return [(m, d, n - POPCOUNT[d & ~v]) for m, d, n in sets if d & v]


@once_per_position
def _sdc_steps(pos: Position) -> tuple:
    empty = pos.analysis.empty
    best: dict[tuple, list] = {}
    for line, box, cross in CROSSINGS:
        inter = cross & empty
        if inter.bit_count() < 2:
            continue
        for elims, key, pattern in _crossing_patterns(pos, line, box, inter):
            tally(best, elims, key, pattern)
    ordered = sorted(best.items(), key=lambda e: (e[1][0], e[0]))
    return tuple(_step(pos, line, box, c, lm, bm, elims, count)
                 for elims, (_, (line, box, c, lm, bm), count) in ordered)


def _crossing_patterns(pos: Position, line: int, box: int, inter: int):
    """(eliminations, rank key, (line, box, c, lset, bset)) of every
    pattern with an effect on the crossing of line and box (its unsolved
    cells `inter`).  They depend on the cells of the two houses alone, so
    they are kept for both houses (Analysis.house_kept) and found again only
    when a cell of either has changed: along a solve most crossings keep
    theirs."""
    analysis = pos.analysis
    by_line, by_box = analysis.house_kept(line), analysis.house_kept(box)
    kept = by_line.get((_crossing_patterns, box))
    if kept is not None and by_box.get((_crossing_patterns, line)) is kept:
        return kept
    if COMPILED:
        found = _crossing.crossing(pos.cands, pos.values, line, box)
    else:
        found = crossing_sets(pos, line, box, inter)
    got: list = []
    for c, lm, bm in found:
        key = (c.bit_count() + lm.bit_count() + bm.bit_count(), cells_of(c | lm | bm), cells_of(c),
               cells_of(lm))
        got.append((tuple(sdc_effect(pos, line, box, c, lm, bm)), key, (line, box, c, lm, bm)))
    by_line[_crossing_patterns, box] = by_box[_crossing_patterns, line] = got
    return got


def crossing_sets(pos: Position, line: int, box: int, inter: int) -> list:
    """(c, lset, bset) as cell masks for every pattern with an effect on the
    crossing of line and box (its unsolved cells `inter`), in search order:
    the intersection's groups by size, then the line's sets, then the
    box's.  In Python; _crossing.c is the same search in C."""
    got: list = []
    cells = cells_of(inter)
    for size in range(2, len(cells) + 1):
        for group in combinations(cells, size):
            c = sum(1 << i for i in group)
            v = _union(pos, c)
            nv = POPCOUNT[v]
            if nv < size + 2:
                continue
            # C, L and B hold as many digits as cells exactly when the
            # two sets' gains add up to nv - size
            want = nv - size
            by_gain: dict[int, list] = {}
            for m, d, g in _parts(_rest_sets(pos, box, line), v):
                if 0 <= g <= want:
                    by_gain.setdefault(g, []).append((m, d))
            if not by_gain:
                continue
            for lm, ld, g in _parts(_rest_sets(pos, line, box), v):
                for bm, bd in by_gain.get(want - g, ()):
                    if not bd & ld and sdc_effect(pos, line, box, c, lm, bm):
                        got.append((c, lm, bm))
    return got


def _part(pos: Position, cells: int, role: str, tag: str) -> Part:
    return Part(role, cells_of(cells), MASK_DIGITS[_union(pos, cells)], tag=tag)


def _step(pos: Position, line: int, box: int, c: int, lset: int, bset: int, elims, count: int):
    v = _union(pos, c)
    dl, db = _union(pos, lset), _union(pos, bset)
    basic = (POPCOUNT[v] == c.bit_count() + 2 and lset.bit_count() == 1 and bset.bit_count() == 1
             and not (dl | db) & ~v)
    roles = SdcRoles(_part(pos, c, SUBSET, "i"), _part(pos, lset, ALS, "L"),
                     _part(pos, bset, ALS, "B"), not basic, count)
    return make_step("sue-de-coq", roles, cells=cells_of(c | lset | bset),
                     digits=MASK_DIGITS[v | dl | db], houses=sorted((line, box)),
                     eliminations=elims)


@dataclass(frozen=True)
class SdcRoles(Roles):
    """The crossing's cells (tagged i), the line's ALS (L) and the box's
    (B), each with its digits; the step's houses are (line, box);
    `merged`: how many patterns gave the same eliminations."""
    intersection: Part
    line_set: Part
    box_set: Part
    extended: bool
    merged: int

    def name(self, step) -> str:
        return (f"Sue de Coq: {part_name(self.intersection)}, line {part_name(self.line_set)}, "
                f"box {part_name(self.box_set)}")

    def json(self, step) -> dict:
        out = {"intersection": part_json(self.intersection), "line_set": part_json(self.line_set),
               "box_set": part_json(self.box_set), "line": house_name(step.houses[0]),
               "box": house_name(step.houses[1]), "extended": self.extended}
        if self.merged > 1:
            out["merged"] = self.merged
        return out

    def parts(self, step):
        return (Part(HOUSE, houses=step.houses), self.intersection, self.line_set, self.box_set)


# ------------------------------------------------------------------ pattern check

def _readings(cells):
    """(line, box) pairs whose union holds every named cell and whose
    crossing holds some of them."""
    m = sum(1 << i for i in cells)
    for line, box, cross in CROSSINGS:
        if m & cross and not m & ~(HOUSE_MASK[line] | HOUSE_MASK[box]):
            yield line, box


def _judge(pos: Position, label: str, cells, line: int, box: int):
    """(score, report) of the cells read as a Sue de Coq on line and box."""
    m = sum(1 << i for i in cells)
    c_cells = cells_of(m & HOUSE_MASK[line] & HOUSE_MASK[box])
    l_cells = cells_of(m & HOUSE_MASK[line] & ~HOUSE_MASK[box])
    b_cells = cells_of(m & HOUSE_MASK[box] & ~HOUSE_MASK[line])
    where = f"{house_name(line)} and {house_name(box)}"

    def fail(score, reason, failing=()):
        return score, PatternReport(False, label, list(cells), reason, list(failing))

    if len(c_cells) < 2:
        return fail(0, f"{cells_name(c_cells)} is the only named cell where {where} cross: a Sue "
                       f"de Coq needs two or three", c_cells)
    v = union_of(pos, c_cells)
    if POPCOUNT[v] < len(c_cells) + 2:
        verb = "holds" if len(c_cells) == 1 else "hold"
        return fail(1, f"{cells_name(c_cells)} {verb} {POPCOUNT[v]} digits: the intersection needs "
                       f"at least {len(c_cells) + 2}", c_cells)
    for score, part, house, name in ((2, l_cells, line, "line"), (3, b_cells, box, "box")):
        if not part:
            return fail(score, f"no cell of {house_name(house)} outside the crossing is named: the "
                               f"{name} part needs a cell there")
        digits = union_of(pos, part)
        held = POPCOUNT[digits]
        if held <= len(part):
            verb = "holds" if len(part) == 1 else "hold"
            return fail(score, f"the {name} part {cells_name(part)} {verb} {held} "
                               f"{'digit' if held == 1 else 'digits'}: it needs more digits than "
                               f"cells (with as many it is a LockedSet of its own)", part)
        if not digits & v:
            return fail(score, f"the {name} part {cells_name(part)} shares no digit with the "
                               f"intersection {cells_name(c_cells)}", part)
    dl, db = union_of(pos, l_cells), union_of(pos, b_cells)
    if dl & db:
        return fail(4, f"the line part and the box part share {mask_list(dl & db)}",
                    list(l_cells) + list(b_cells))
    total = POPCOUNT[v | dl | db]
    if total != len(cells):
        return fail(5, f"{count_cells(cells)} hold {total} digits: a Sue de Coq needs as many "
                       f"digits as cells")
    mask = lambda cs: sum(1 << i for i in cs)     # noqa: E731
    removes = set(sdc_effect(pos, line, box, mask(c_cells), mask(l_cells), mask(b_cells)))

    def why_not(i, d, placing):
        if placing:
            return f"a Sue de Coq only removes candidates; it does not place {cell_name(i)}={d}"
        if i in cells:
            return f"{cell_name(i)} is a cell of the Sue de Coq itself"
        if not pos.has(i, d):
            return f"{cell_name(i)} has no candidate {d}"
        if not (HOUSE_MASK[line] | HOUSE_MASK[box]) >> i & 1:
            return f"{cell_name(i)} is in neither {house_name(line)} nor {house_name(box)}"
        if not (v | dl | db) >> (d - 1) & 1:
            return f"this Sue de Coq's digits are {mask_list(v | dl | db)}, not {d}"
        if HOUSE_MASK[line] >> i & 1:
            return f"{d} may sit in the box part {cells_name(b_cells)}, outside {house_name(line)}"
        return f"{d} may sit in the line part {cells_name(l_cells)}, outside {house_name(box)}"

    return 6, PatternReport(True, label, list(cells), digits=MASK_DIGITS[v | dl | db],
                            removes=removes, why_not=why_not)


def check_sue_de_coq(pos: Position, q: PatternQuery) -> PatternReport:
    label = "Sue de Coq"
    cells = named_cells(q)
    scored = [_judge(pos, label, cells, line, box) for line, box in _readings(cells)]
    if not scored:
        return PatternReport(False, label, cells, f"{cells_name(cells)} do not lie in one line and "
                             f"one box that cross", fits=False)
    holding = [r for _, r in scored if r.ok]
    if holding:
        return holding[0]
    return max(scored, key=lambda sr: sr[0])[1]


def sdc_entry_keys(step) -> EntryKeys:
    return EntryKeys(frozenset(step.cells), digits=frozenset(step.digits),
                     more_digits=frozenset(step.digits), partial=True)


# A static pattern read without following a chain, like the fish and wings:
# it sits after the finned fish, below colouring and the chains, in a family
# of its own (its sets are ALSs, but it needs no ALS-XZ to be seen).
@technique(
    "sue-de-coq", "Sue de Coq", "disjoint-subsets", rank=245, label="Sue de Coq", weight=250,
    aliases=("sue de coq", "suedecoq", "sdc", "two-sector disjoint subsets",
             "two sector disjoint subsets"),
    check=check_sue_de_coq, entry_keys=sdc_entry_keys,
    prerequisites=("claiming", "naked-subset"),
    distractors=("naked-subset", "als-xz", "claiming", "death-blossom"),
    confusions=(
        ("naked-subset", "Sue de Coq vs LockedSet",
         "a LockedSet is n cells with n digits in one house; a Sue de Coq spreads its cells "
         "over a line and a box, and each digit leaves only the house it is locked to"),
        ("als-xz", "Sue de Coq vs ALS-XZ",
         "both use two ALSs; a Sue de Coq ties them to the cells where a line crosses a box, "
         "and removes digits from the rest of that line and box"),
    ),
)
def sue_de_coq(pos: Position):
    return list(_sdc_steps(pos))
