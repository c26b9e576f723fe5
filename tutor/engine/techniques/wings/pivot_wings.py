"""Wings: XY-Wing, XYZ-Wing and WXYZ-Wing (the family also holds W-Wing).

XY-, XYZ- and WXYZ-Wing are one idea at two sizes.  Take n cells (n = 3 or
4), each with at least two candidates, whose candidates together are
exactly n digits.  Call a digit *restricted* when every two of those cells
holding it see each other: it can then go into the pattern at most once.
If all digits but one, z, are restricted, the n - 1 restricted digits fill
at most n - 1 of the n cells, so z sits in at least one pattern cell.  A
cell that sees every pattern cell holding z therefore loses z.

With three cells that gives exactly two shapes (each digit of the pivot is
shared with one pincer, and z, the digit common to both pincers, is the one
that is not restricted):

* XY-Wing: a bivalue pivot {x,y} and two bivalue pincers {x,z} and {y,z},
  each seeing the pivot; z goes from every cell seeing both pincers;
* XYZ-Wing: a pivot {x,y,z} with the same pincers; z goes from every cell
  seeing all three.

WXYZ-Wing is the four-cell case in full generality: a hinge holding all
four digits with three pincers, a hinge of three digits without z, or four
cells in a row of "sees" links with no hinge at all.

Roles (WingRoles): the pivot (XY, XYZ) or hinge (WXYZ: a cell that sees
the other three, when there is one), the pincers (the other cells: all
four for a WXYZ-Wing without a hinge), z (the step's last digit) and the
cells holding it.  The text names z last: `XY-Wing: 5/7/8 in r8c2 (pivot), r8c6,
r7c3 => r8c3<>8`.

Choices:

* Cells all in one house have every digit restricted: that is a Naked
  Triple or Quad, never a wing.  For an XY- or XYZ-Wing this means the
  pincers do not see each other (two pincers that see each other and the
  pivot share one house).  The XY-Wing in a single house can reach a box
  the triple does not, but the triple and then Claiming do the same.
* Every cell must be needed: a pattern is not listed when two or three of
  its cells, holding z, already hold only two or three digits.  Those cells
  alone place z (a Naked Pair, or an XY- or XYZ-Wing inside a WXYZ-Wing)
  and remove at least as much, so the larger pattern adds a cell for
  nothing.  For three cells that only rules out two equal pincers.
* One instance is the set of cells (z follows from them); each set is found
  once, under the union of its candidates.

W-Wing, the fourth wing of the family, lives in w_wing.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ...registry import EntryKeys, technique
from ...grid import HOUSES_OF, MASK_DIGITS, PEER_MASK, POPCOUNT, SINGLE_DIGIT, cell_bits, cell_name
from ...position import Position
from ...roles import HINGE, PINCER, PIVOT, Z, Part, Roles
from ...step import Step, make_step
from ..common import bivalue_pairs, per_position
from .checks import (
    check_wxyz_wing, check_xy_wing, check_xyz_wing, z_targets,
)


def _superset_table() -> tuple[tuple[int, ...], ...]:
    """table[m]: every mask of four digits that contains m (m of 2..4 digits)."""
    table: list[list[int]] = [[] for _ in range(512)]
    for full in range(512):
        if POPCOUNT[full] == 4:
            sub = full
            while sub:
                if POPCOUNT[sub] >= 2:
                    table[sub].append(full)
                sub = (sub - 1) & full
    return tuple(tuple(t) for t in table)


FOUR_DIGIT_SUPERSETS = _superset_table()


def three_cell_wings(pos: Position) -> list[tuple[int, tuple[int, int], int]]:
    """(pivot, pincers, z) for every XY- and XYZ-Wing (with or without an
    effect).  The pivot sees both pincers, so it is found from the pivot:
    bivalue peers sharing one pivot digit (XY) or lying inside the pivot's
    three digits (XYZ), taken in pairs that hold three digits in all with z
    as their one common digit, and that do not see each other."""
    cands, values = pos.cands, pos.values
    bivalue = 0
    for group in bivalue_pairs(pos).values():
        for c in group:
            bivalue |= 1 << c
    found = []
    for p in range(81):
        pm = cands[p]
        size = POPCOUNT[pm]
        if size not in (2, 3) or values[p]:
            continue
        if size == 2:
            pincers = [c for c in cell_bits(PEER_MASK[p] & bivalue) if POPCOUNT[cands[c] & pm] == 1]
        else:
            pincers = [c for c in cell_bits(PEER_MASK[p] & bivalue) if not cands[c] & ~pm]
        for a, b in combinations(pincers, 2):
            ma, mb = cands[a], cands[b]
            zmask = ma & mb
            if (ma != mb and POPCOUNT[pm | ma | mb] == 3 and POPCOUNT[zmask] == 1
                    and not PEER_MASK[a] >> b & 1):
                if (ma & ~zmask) > (mb & ~zmask):
                    a, b = b, a
                found.append((p, (a, b), SINGLE_DIGIT[zmask]))
    return found


def four_cell_wings(pos: Position) -> list[tuple[tuple[int, int, int, int], int]]:
    """(cells, z) for every WXYZ-Wing (with or without an effect): four cells
    (in cell order) of at least two candidates holding four digits together,
    exactly one of them, z, not restricted, and every cell needed.

    Cells are pooled by each four-digit set that contains their candidates,
    so every set of cells is tried once, under the union of its digits."""
    cands, values = pos.cands, pos.values
    pools: dict[int, list[int]] = {}
    for i in range(81):
        if not values[i]:
            for full in FOUR_DIGIT_SUPERSETS[cands[i]]:
                pools.setdefault(full, []).append(i)
    found = []
    for pool in pools.values():
        k = len(pool)
        if k < 4:
            continue
        masks = [cands[c] for c in pool]
        peers = [PEER_MASK[c] for c in pool]
        # A digit two cells share while apart is loose.  Sets where some
        # cells hold z within as many digits are not wings (unneeded_subset,
        # written out here): three cells with three digits (with four cells
        # and four digits z is always among them), or two equal bivalue
        # cells holding z.
        for a in range(k - 3):
            ma, pa, ca = masks[a], peers[a], pool[a]
            for b in range(a + 1, k - 2):
                mb, pb, cb = masks[b], peers[b], pool[b]
                lab = 0 if pa >> cb & 1 else ma & mb
                if lab & (lab - 1):
                    continue                  # two loose digits already
                uab = ma | mb
                pairs_ab = ma if ma == mb and POPCOUNT[ma] == 2 else 0
                for c in range(b + 1, k - 1):
                    mc, cc = masks[c], pool[c]
                    labc = lab | (0 if pa >> cc & 1 else ma & mc) | (0 if pb >> cc & 1 else mb & mc)
                    if labc & (labc - 1) or POPCOUNT[uab | mc] <= 3:
                        continue
                    pairs = pairs_ab | (mc if (mc == ma or mc == mb) and POPCOUNT[mc] == 2 else 0)
                    if labc & pairs:
                        continue
                    pc = peers[c]
                    for d in range(c + 1, k):
                        md, cd = masks[d], pool[d]
                        loose = (labc | (0 if pa >> cd & 1 else ma & md)
                                 | (0 if pb >> cd & 1 else mb & md) | (0 if pc >> cd & 1 else mc & md))
                        if (not loose or loose & (loose - 1) or loose & pairs
                                or (md & loose and POPCOUNT[md] == 2 and md in (ma, mb, mc))
                                or POPCOUNT[ma | mb | md] <= 3 or POPCOUNT[ma | mc | md] <= 3
                                or POPCOUNT[mb | mc | md] <= 3):
                            continue
                        found.append(((ca, cb, cc, cd), SINGLE_DIGIT[loose]))
    return found


def _joining_houses(cells) -> list[int]:
    """The houses shared by pattern cells that see each other."""
    houses: set[int] = set()
    for a, b in combinations(cells, 2):
        houses.update(h for h in HOUSES_OF[a] if h in HOUSES_OF[b])
    return sorted(houses)


def hinge_of(cells, cands) -> int | None:
    """A cell that sees the other three (the most candidates, then the first),
    or None."""
    hinges = [c for c in cells if all(PEER_MASK[c] >> o & 1 for o in cells if o != c)]
    if not hinges:
        return None
    return min(hinges, key=lambda c: (-POPCOUNT[cands[c]], c))


# ---------------------------------------------------------------- steps

@dataclass(frozen=True)
class WingKind:
    """What sets the three wings apart: the id, the label, the role of the
    cell that sees the others (a pivot; a WXYZ-Wing's hinge, which it may
    lack), and whether the digits are listed by the pincers that hold them
    (x and y, then z) or all in order (z last)."""
    id: str
    label: str
    centre: str
    by_pincers: bool


XY_WING = WingKind("xy-wing", "XY-Wing", PIVOT, True)
XYZ_WING = WingKind("xyz-wing", "XYZ-Wing", PIVOT, True)
WXYZ_WING = WingKind("wxyz-wing", "WXYZ-Wing", HINGE, False)


@dataclass(frozen=True)
class WingRoles(Roles):
    """The step's cells are the pivot or hinge (when `centred`), then the
    pincers; its digits end with z; `z_cells` the pattern cells holding z."""
    kind: WingKind
    centred: bool
    z_cells: tuple[int, ...]

    def _head(self, step) -> str:
        return f"{self.kind.label}: {'/'.join(map(str, step.digits))} in "

    def name(self, step) -> str:
        return self._head(step) + ", ".join(cell_name(c) for c in step.cells)

    def lead(self, step) -> str:
        names = [cell_name(c) for c in step.cells]
        if self.centred:
            names[0] += f" ({self.kind.centre})"
        return self._head(step) + ", ".join(names)

    def pincers(self, step) -> tuple[int, ...]:
        return step.cells[1:] if self.centred else step.cells

    def json(self, step) -> dict:
        z = step.digits[-1]
        out = {"z": z, "z_cells": [cell_name(c) for c in self.z_cells],
               self.kind.centre: cell_name(step.cells[0]) if self.centred else None,
               "pincers": [cell_name(c) for c in self.pincers(step)]}
        if self.kind.centre == HINGE:
            out["z_in_hinge"] = self.centred and step.cells[0] in self.z_cells
        return out

    def parts(self, step):
        centre = (Part(self.kind.centre, cells=step.cells[:1], digits=step.digits),) if self.centred else ()
        return centre + (Part(PINCER, cells=self.pincers(step), digits=step.digits),
                         Part(Z, cells=self.z_cells, digits=step.digits[-1:]))


def _wing_step(pos: Position, kind: WingKind, first: int | None, others, z: int, targets: int):
    """A step for an XY-, XYZ- or WXYZ-Wing: first is the pivot or hinge
    (None for a WXYZ-Wing without one)."""
    cands = pos.cands
    cells = ([first] if first is not None else []) + list(others)
    bz = 1 << (z - 1)
    if kind.by_pincers:
        # x and y in the order of the pincers that hold them
        digits = [SINGLE_DIGIT[cands[p] & ~bz] for p in others] + [z]
    else:
        union = 0
        for c in cells:
            union |= cands[c]
        digits = [d for d in MASK_DIGITS[union] if d != z] + [z]
    roles = WingRoles(kind, first is not None, tuple(c for c in cells if cands[c] & bz))
    return make_step(kind.id, roles, cells=cells, digits=digits, houses=_joining_houses(cells),
                     eliminations=[(i, z) for i in cell_bits(targets)])


@per_position
def _three_cell_steps(pos: Position) -> dict[str, tuple]:
    """Every XY- and XYZ-Wing with an effect, by technique id, in cell order
    (pivot first)."""
    found: dict[str, list] = {"xy-wing": [], "xyz-wing": []}
    for pivot, pincers, z in three_cell_wings(pos):
        targets = z_targets(pos, (pivot,) + pincers, z)
        if targets:
            kind = XY_WING if POPCOUNT[pos.cands[pivot]] == 2 else XYZ_WING
            found[kind.id].append(_wing_step(pos, kind, pivot, pincers, z, targets))
    return {tid: tuple(sorted(steps, key=lambda s: s.cells)) for tid, steps in found.items()}


@per_position
def _wxyz_steps(pos: Position) -> tuple:
    steps = []
    for cells, z in four_cell_wings(pos):
        targets = z_targets(pos, cells, z)
        if targets:
            hinge = hinge_of(cells, pos.cands)
            others = [c for c in cells if c != hinge]
            steps.append(_wing_step(pos, WXYZ_WING, hinge, others, z, targets))
    return tuple(sorted(steps, key=lambda s: s.cells))


# ---------------------------------------------------------------- registration

def bent_entry_keys(step: Step) -> EntryKeys:
    """The wing's cells; digits, when named, must include z (and may name the rest)."""
    z = step.digits[-1]
    return EntryKeys(frozenset(step.cells), digits=frozenset((z,)),
                     more_digits=frozenset(d for d in step.digits if d != z))


@technique(
    "xy-wing", "XY-Wing", "wings", rank=160, weight=160, label="XY-Wing",
    prerequisites=('naked-subset',), distractors=('xyz-wing', 'w-wing', 'death-blossom', 'wxyz-wing'),
    aliases=("xy wing", "xywing", "y wing", "ywing"),
    check=check_xy_wing, entry_keys=bent_entry_keys,
    confusions=(
        ("xyz-wing", "XY-Wing vs XYZ-Wing",
         "an XY-Wing pivot holds two digits and z goes from cells seeing both pincers; an "
         "XYZ-Wing pivot holds z too, so a target must also see the pivot"),
        ("w-wing", "XY-Wing vs W-Wing",
         "an XY-Wing is three bivalue cells with three digits; a W-Wing is two cells with the "
         "same pair joined by a strong link"),
        ("death-blossom", "XY-Wing vs Death Blossom",
         "a bivalue pivot with two bivalue pincers is an XY-Wing: it is also the smallest Death "
         "Blossom, but the wing is the simpler name, so call it that"),
    ),
)
def xy_wing(pos: Position):
    return list(_three_cell_steps(pos)["xy-wing"])


@technique(
    "xyz-wing", "XYZ-Wing", "wings", rank=170, weight=180, label="XYZ-Wing",
    prerequisites=('xy-wing',), distractors=('xy-wing', 'wxyz-wing', 'w-wing', 'naked-subset'),
    aliases=("xyz wing", "xyzwing"),
    check=check_xyz_wing, entry_keys=bent_entry_keys,
    confusions=(
        ("wxyz-wing", "XYZ-Wing vs WXYZ-Wing",
         "count the cells: three cells holding three digits make an XYZ-Wing, four holding four "
         "a WXYZ-Wing; both remove z from cells seeing every z of the pattern"),
    ),
)
def xyz_wing(pos: Position):
    return list(_three_cell_steps(pos)["xyz-wing"])


@technique(
    "wxyz-wing", "WXYZ-Wing", "wings", rank=248, weight=200, label="WXYZ-Wing",
    prerequisites=('xyz-wing',), distractors=('xyz-wing', 'xy-wing', 'death-blossom', 'naked-subset'),
    aliases=("wxyz wing", "wxyzwing", "bent quad"),
    check=check_wxyz_wing, entry_keys=bent_entry_keys,
)
def wxyz_wing(pos: Position):
    return list(_wxyz_steps(pos))
