"""ALS-XZ: two almost locked sets (als.py) joined by a restricted common
(als_index.py).

Singly linked.  Two ALSs A and B that share no cell, with a restricted
common x (every x of A sees every x of B, so at most one of them holds x).
Then x is missing from A or from B, and that one is locked: every other
digit of it lands inside it.  So for any other digit z of both ALSs, z is
in A or in B, and a cell that sees every z of A and of B loses z.

Doubly linked.  With two restricted commons x1 and x2, each ALS holds
exactly one of them (if A held both, B would hold neither and its n cells
would keep n - 1 digits; if A held neither, the same would happen to A), so
both ALSs are locked at once:

* every digit of A other than x1 and x2 is placed in A: it goes from every
  cell outside A that sees all of that digit in A (cells of B included);
  the same for B;
* x1 is placed exactly once in A or B: it goes from every cell that sees
  all x1 of A and of B; the same for x2.

Three restricted commons between two ALSs cannot happen in a position with
a solution (each ALS would need two of them); such pairs are left out.

One instance: one pair of ALSs with all its eliminations.  Several pairs
often clear the same candidates: one step per distinct set of eliminations,
shown with the simplest pair (fewest cells, then smaller ALSs in cell
order); `merged` = how many pairs gave that set, when more than one.
Steps come simplest first (fewest cells).

Roles (XZRoles): the ALSs A and B (the simpler first), the restricted
commons (x, or x1 and x2: doubly linked), z (the other digits it removes).
The step's digits are the restricted commons
and z.  ALS-XY-Wing and ALS chains, the longer chains of ALSs, are in
als_chain.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...registry import technique
from ...grid import MASK_DIGITS, cell_bits
from ...position import Position
from ...roles import Part, Roles
from ...step import make_step
from .checks import als_entry_keys, check_als_xz
from .index import AlsIndex, als_index
from .table import part_json, part_name
from ..common import once_per_position, tally


def als_houses(idx: AlsIndex, alses) -> list[int]:
    """The houses of the ALSs of more than one cell."""
    sizes = idx.sizes
    return sorted({h for k in alses if sizes[k] > 1 for h in idx.houses[k]})


def xz_effect(idx: AlsIndex, a: int, b: int, rcc: int) -> int:
    """The eliminations of ALSs a and b with restricted commons rcc (a
    9-bit mask of one or two digits), as one int: bit (d - 1) * 81 + i for
    r?c?<>d (cheap to make, compare and merge; _eliminations lists it)."""
    targets = idx.target_table
    effect = 0
    if rcc & (rcc - 1):
        zs = rcc
        for k in (a, b):
            for d in MASK_DIGITS[idx.digits[k] & ~rcc]:
                effect |= targets[k * 10 + d] << (d - 1) * 81
    else:
        zs = idx.digits[a] & idx.digits[b] & ~rcc
    for z in MASK_DIGITS[zs]:
        effect |= (targets[a * 10 + z] & targets[b * 10 + z]) << (z - 1) * 81
    return effect


def _eliminations(effect: int) -> list[tuple[int, int]]:
    """xz_effect's int as sorted (cell, digit) pairs."""
    all_cells = (1 << 81) - 1
    return sorted((i, d) for d in range(1, 10)
                  for i in cell_bits(effect >> (d - 1) * 81 & all_cells))


@once_per_position
def _xz_steps(pos: Position) -> tuple:
    idx = als_index(pos)
    targets = idx.target_table
    digits = idx.digits
    sizes = idx.sizes
    # the digits z of an ALS with targets (a z no cell sees clears
    # nothing), so most singly linked pairs fail on one AND
    clears = idx.clears
    best: dict[int, list] = {}
    for a in range(idx.n):
        links: dict[int, int] = {}
        later = -1 << (a + 1)
        for x, partners in idx.rcc(a).items():
            xb = 1 << (x - 1)
            partners &= later
            while partners:
                low = partners & -partners
                partners ^= low
                b = low.bit_length() - 1
                links[b] = links.get(b, 0) | xb
        mine = digits[a] & clears[a]
        for b, rcc in links.items():
            if rcc & (rcc - 1):
                if rcc.bit_count() > 2:
                    continue            # three restricted commons: no solution
            else:
                # most pairs clear nothing: test the z first
                zs = mine & digits[b] & clears[b] & ~rcc
                if not zs:
                    continue
                for z in MASK_DIGITS[zs]:
                    if targets[a * 10 + z] & targets[b * 10 + z]:
                        break
                else:
                    continue
            effect = xz_effect(idx, a, b, rcc)
            if not effect:
                continue
            tally(best, effect, (sizes[a] + sizes[b], a, b), rcc)
    # each pair gives one effect, so no two effects share their key
    ordered = sorted(best.items(), key=lambda e: e[1][0])
    return tuple(_xz_step(idx, key[1], key[2], rcc, _eliminations(effect), count)
                 for effect, (key, rcc, count) in ordered)


def _xz_step(idx: AlsIndex, a: int, b: int, rcc: int, elims, count: int):
    zs = 0
    for _, d in elims:
        zs |= 1 << (d - 1)
    zs &= ~rcc
    roles = XZRoles(idx.part(a, "A"), idx.part(b, "B"), MASK_DIGITS[rcc], MASK_DIGITS[zs], count)
    return make_step("als-xz", roles, cells=sorted(cell_bits(idx.cells[a] | idx.cells[b])),
                     digits=MASK_DIGITS[rcc | zs], houses=als_houses(idx, (a, b)),
                     eliminations=elims)


@dataclass(frozen=True)
class XZRoles(Roles):
    """Two ALSs, the simpler first, their restricted commons (two: doubly
    linked) and the other digits they remove (z); `merged`: how many pairs
    gave the same eliminations."""
    a: Part
    b: Part
    rcc: tuple[int, ...]
    z: tuple[int, ...]
    merged: int

    @property
    def doubly(self) -> bool:
        return len(self.rcc) > 1

    def name(self, step) -> str:
        head = "ALS-XZ (doubly linked)" if self.doubly else "ALS-XZ"
        name = f"{head}: {part_name(self.a)} -{','.join(map(str, self.rcc))}- {part_name(self.b)}"
        return name if self.doubly else name + f", z={','.join(map(str, self.z))}"

    def json(self, step) -> dict:
        out = {"alses": [part_json(self.a), part_json(self.b)], "rcc": list(self.rcc),
               "z": list(self.z), "doubly": self.doubly}
        if self.merged > 1:
            out["merged"] = self.merged
        return out

    def parts(self, step):
        return self.a, self.b


# ------------------------------------------------------------------ registration

_XZ_TIP = ("an ALS-XZ joins two ALSs by one restricted common; an ALS-XY-Wing joins three, the "
           "middle one linked to each end by a different digit")


@technique(
    "als-xz", "ALS-XZ", "als", rank=310, label="ALS-XZ", weight=300,
    aliases=("als xz", "alsxz", "als-xz rule", "xz rule", "doubly linked als-xz", "als xz rule"),
    check=check_als_xz, entry_keys=als_entry_keys,
    prerequisites=("naked-subset", "xy-wing"),
    distractors=("als-xy-wing", "death-blossom", "xy-wing", "w-wing"),
    confusions=(
        ("als-xy-wing", "ALS-XZ vs ALS-XY-Wing", _XZ_TIP),
        ("xy-wing", "ALS-XZ vs XY-Wing",
         "an XY-Wing is three bivalue cells; an ALS-XZ is two almost locked sets of any size "
         "joined by a restricted common"),
    ),
)
def als_xz(pos: Position):
    return list(_xz_steps(pos))
