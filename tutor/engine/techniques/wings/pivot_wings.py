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

from ...compiled import PURE_PYTHON, optional_module
from ...registry import EntryKeys, technique
from ...grid import HOUSES_OF, MASK_DIGITS, PEER_MASK, POPCOUNT, SINGLE_DIGIT, cell_bits, cell_name
from ...position import Position
from ...roles import HINGE, PINCER, PIVOT, Z, Part, Roles
from ...step import Step, make_step
from ..common import bivalue_pairs, once_per_position
from .checks import (
    check_wxyz_wing, check_xy_wing, check_xyz_wing, z_targets,
)

_ABI = 1        # what _wings.c's four_cell_wings takes and gives (its ABI constant)
_wings = optional_module(f"{__package__}._wings", _ABI)
COMPILED = _wings is not None and not PURE_PYTHON


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


def four_cell_wings(pos: Position) -> list[tuple[tuple[int, int, int, int], int, int]]:
    """(cells, z, targets) for every WXYZ-Wing with an effect, in C where it
    is built (_wings.c), else in Python (four_cell_wings_py): the same
    wings in the same order."""
    if COMPILED:
        return _wings.four_cell_wings(pos.cands, pos.analysis.masks)
    return four_cell_wings_py(pos)


def four_cell_wings_py(pos: Position) -> list[tuple[tuple[int, int, int, int], int, int]]:
    """(cells, z, targets) for every WXYZ-Wing with an effect: four cells (in
    cell order) of two to four candidates holding four digits together,
    exactly one of them, z, not restricted, every cell needed, and some cell
    outside holding z that sees every pattern cell with z (the targets).

    Searched digit by digit (z), from the targets: the cells with z are
    taken first, in cell order, each seeing a target the ones before it
    leave, then the cells without z; each cell must keep the loose digits
    to z (a cell without z shares no digit with a cell it does not see).
    So each wing is met once, and a set of cells with z and no common
    target is dropped as soon as it has none."""
    cands = pos.cands
    masks = pos.analysis.masks
    pool = 0
    for i, m in enumerate(cands):
        if 2 <= POPCOUNT[m] <= 4:
            pool |= 1 << i
    # clear[c]: the cells no digit of c is loose with (its peers, and the
    # cells sharing none of its digits); loose_at[c][z]: z may be loose too
    clear: dict[int, int] = {}
    loose_at: dict[int, dict[int, int]] = {}
    for c in cell_bits(pool):
        digits = MASK_DIGITS[cands[c]]
        sharing = 0
        for d in digits:
            sharing |= masks[d]
        clear[c] = PEER_MASK[c] | ~sharing
        loose_at[c] = at = {}
        for z in digits:
            other = 0
            for d in digits:
                if d != z:
                    other |= masks[d]
            at[z] = PEER_MASK[c] | ~other
    found: list[tuple] = []
    adding: dict = {}
    for z in range(1, 10):
        zm = masks[z]
        holders = pool & zm
        if holders & (holders - 1) == 0:
            continue
        others = pool & ~zm
        for x in cell_bits(holders):
            tx = PEER_MASK[x] & zm
            fx = loose_at[x][z]
            ys = holders & fx & -(2 << x)
            while ys:
                low = ys & -ys
                ys ^= low
                y = low.bit_length() - 1
                ty = tx & PEER_MASK[y]
                u = cands[x] | cands[y]
                if not ty or POPCOUNT[u] > 4:
                    continue
                fxy = fx & loose_at[y][z]
                cxy = clear[x] & clear[y]
                # each three of the cells hold all four digits, so the third
                # cell brings the digits x and y lack, the fourth the same
                third = _adding(u, pool, masks, adding)
                # a third cell with z, then a fourth with or without
                ws = holders & third & fxy & -(2 << y)
                while ws:
                    low = ws & -ws
                    ws ^= low
                    w = low.bit_length() - 1
                    tw = ty & PEER_MASK[w]
                    if not tw:
                        continue
                    fourth = third & _adding(u | cands[w], pool, masks, adding)
                    for v in cell_bits(holders & fourth & fxy & loose_at[w][z] & -(2 << w)):
                        tv = tw & PEER_MASK[v]
                        if tv:
                            _keep(found, (x, y, w, v), z, tv, cands)
                    for v in cell_bits(others & fourth & cxy & clear[w]):
                        _keep(found, (x, y, w, v), z, tw, cands)
                # two cells without z
                for w in cell_bits(others & third & cxy):
                    fourth = third & _adding(u | cands[w], pool, masks, adding)
                    for v in cell_bits(others & fourth & cxy & clear[w] & -(2 << w)):
                        _keep(found, (x, y, w, v), z, ty, cands)
    return found


def _adding(digits: int, pool: int, masks, kept: dict) -> int:
    """The pool cells that make `digits` four digits exactly: those holding
    4 - |digits| digits outside it (none: the cells inside it)."""
    got = kept.get(digits)
    if got is None:
        once = twice = thrice = 0
        for d in MASK_DIGITS[0x1FF & ~digits]:
            m = masks[d]
            thrice |= twice & m
            twice |= once & m
            once |= m
        want = 4 - POPCOUNT[digits]
        got = kept[digits] = pool & (~once if want == 0 else once & ~twice if want == 1
                                     else twice & ~thrice if want == 2 else 0)
    return got


def _keep(found: list, cells: tuple, z: int, targets: int, cands) -> None:
    """Add (cells in order, z, targets) when the four cells make a wing:
    four digits, z loose (two cells holding it apart), and every cell
    needed: no three cells with three digits, no two equal bivalue cells
    holding z (those place z by themselves)."""
    a, b, c, d = sorted(cells)
    ma, mb, mc, md = cands[a], cands[b], cands[c], cands[d]
    if (POPCOUNT[ma | mb | mc | md] != 4 or POPCOUNT[ma | mb | mc] != 4 or POPCOUNT[ma | mb | md] != 4
            or POPCOUNT[ma | mc | md] != 4 or POPCOUNT[mb | mc | md] != 4):
        return
    zb = 1 << (z - 1)
    holders = [i for i in (a, b, c, d) if cands[i] & zb]
    if all(PEER_MASK[i] >> j & 1 for i, j in combinations(holders, 2)):
        return                          # z is not loose: a locked set, no wing
    pairs = [m for m in (ma, mb, mc, md) if m & zb and POPCOUNT[m] == 2]
    if len(set(pairs)) < len(pairs):
        return
    found.append(((a, b, c, d), z, targets))


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


@once_per_position
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


@once_per_position
def _wxyz_wings(pos: Position) -> list:
    """(hinge or None, the other cells, z, targets) for every WXYZ-Wing with
    an effect, in the order of its step's cells (the hinge first)."""
    wings = []
    for cells, z, targets in four_cell_wings(pos):
        hinge = hinge_of(cells, pos.cands)
        others = [c for c in cells if c != hinge]
        wings.append((hinge, others, z, targets))
    wings.sort(key=lambda w: ([] if w[0] is None else [w[0]]) + w[1])
    return wings


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
    return [_wing_step(pos, WXYZ_WING, *wing) for wing in _wxyz_wings(pos)]


# A solve applies one step at a time: build only the first.
wxyz_wing.first = lambda pos: [_wing_step(pos, WXYZ_WING, *wing) for wing in _wxyz_wings(pos)[:1]]
