"""ALS-XY-Wing and ALS chains: almost locked sets (als.py) in a row, each
linked to the next by a restricted common (als_index.py).

A1 -x1- A2 -x2- ... -x(n-1)- An: consecutive ALSs share no cell and have the
restricted common xi; consecutive links are different digits (xi !=
x(i+1)); z is a digit of A1 and An other than x1 and x(n-1).  A cell T that
sees every z of A1 and of An is not z: if it were, A1 would lack z and be
locked, so it would place x1; A2 would then lack x1 (every x1 of A2 sees
that cell), be locked and place x2; and so on down the chain, until An lacks
both x(n-1) and z and keeps n - 1 digits for its n cells.  ALSs that are not
neighbours may share cells (the argument uses each ALS on its own, as with
the overlapping petals of a Death Blossom; such a step is flagged
`overlap` and comes after the others of its length); A1 and An are
different ALSs.

Three ALSs make an ALS-XY-Wing (B, the middle one, is its pivot); four to
MAX_CHAIN = 6 make an ALS chain.  Two make an ALS-XZ (als_xz.py).

One instance is one effect: a digit z and the cells it goes from.  For each
effect the shortest chain is kept: the ALS-XY-Wing room lists the effects
whose shortest chain has three ALSs, the ALS chain room those whose shortest
has four to six; an effect two ALSs give already is part of an ALS-XZ step.
Among the chains of that shortest length the step shows one whose end ALSs
have the fewest cells (then the first in cell order), its middle chosen
smaller ALSs first: one whose ALSs share no cell except as neighbours if
the first TRIES end pairs give one, else one with no ALS used twice (a walk
through one ALS twice is still a valid proof; it is shown only when no
other chain of that length exists).  `merged` = how many pairs of
end ALSs give the effect at that length, when more than one.

Search: als_chain_search.py (breadth-first over the restricted commons,
every start at once; the chain shown read back through the levels).

Bound.  Chains have at most MAX_CHAIN ALSs.  A longer chain's effect can
still be proved further up the ladder (forcing chains, forcing nets, and
trial as the last resort), so a solve never stops because of this bound;
only this room's list is shorter.

Roles (AlsChainRoles): the ALSs in chain order, the restricted commons
x1 .. x(n-1), the overlap flag; their chain (the encoding of every chain
room: each ALS is two nodes, the digit it lacks and the digit it then
places, joined by "=", and "-" to the next ALS), written in Eureka as
(5=3)r1c25-(3=7)r4c2-(7=5)r7c23; a wing's pivot is its middle ALS.  The
step's digits are the links and z.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...registry import technique
from ...grid import MASK_DIGITS, cell_bits
from ...position import Position
from ...roles import Chain, Node, Part, Roles, made_once
from ...step import make_step
from .chain_checks import check_als_chain, check_als_xy_wing
from .checks import als_entry_keys
from .chain_search import LONGEST, chain_search
from .index import AlsIndex
from .table import cell_names, part_json, part_name
from .xz import als_houses

MAX_CHAIN = LONGEST + 1        # ALSs in the longest chain listed


@dataclass(frozen=True)
class ChainKind:
    """What sets the two rooms apart: the id, the label, and whether the
    name lists the three ALSs with their links (a wing, whose middle ALS is
    its pivot) or writes the chain in Eureka notation."""
    id: str
    label: str
    wing: bool


ALS_XY_WING = ChainKind("als-xy-wing", "ALS-XY-Wing", True)
ALS_CHAIN = ChainKind("als-chain", "ALS Chain", False)


def _steps(pos: Position, kind: ChainKind, lengths) -> list:
    search = chain_search(pos)
    idx = search.idx
    steps = [_step(idx, kind, alses, links, z, cells, count)
             for z, cells, _, alses, links, count in search.chains(lengths)]
    steps.sort(key=lambda s: (len(s.roles.alses), s.roles.overlap, len(s.cells), s.cells,
                              s.digits, s.eliminations))
    return steps


def _step(idx: AlsIndex, kind: ChainKind, alses, links, z: int, targets: int, count: int):
    """The step of one chain, read in one pass over its ALSs: its cells, and
    whether an ALS shares a cell with one that is not its neighbour."""
    cells = 0
    overlap = False
    near = 0            # the cells of the ALS before the previous one and earlier
    prev = 0
    all_cells = idx.cells
    for k in alses:
        m = all_cells[k]
        if near & m:
            overlap = True
        near |= prev
        prev = m
        cells |= m
    parts = tuple(idx.part(k, TAGS[i]) for i, k in enumerate(alses))
    digit_mask = 1 << (z - 1)
    for x in links:
        digit_mask |= 1 << (x - 1)
    return make_step(kind.id, AlsChainRoles(kind, parts, tuple(links), z, overlap, count),
                     cells=list(cell_bits(cells)), digits=MASK_DIGITS[digit_mask],
                     houses=als_houses(idx, alses),
                     eliminations=[(i, z) for i in cell_bits(targets)])


TAGS = "ABCDEFGHI"          # the ALSs of a chain, in order


@dataclass(frozen=True)
class AlsChainRoles(Roles):
    """The ALSs in chain order, the restricted commons between them
    (x1 .. x(n-1)), whether an ALS shares a cell with one that is not its
    neighbour, how many pairs of end ALSs give the effect; z is the digit
    removed."""
    kind: ChainKind
    alses: tuple[Part, ...]
    rcc: tuple[int, ...]
    z: int
    overlap: bool
    merged: int

    @made_once
    def chain(self) -> Chain:
        """Each ALS is two nodes, the digit it lacks and the digit it then
        places, joined by '='; '-' to the next ALS."""
        z = self.z
        nodes = []
        last = len(self.alses) - 1
        for i, als in enumerate(self.alses):
            d_in = self.rcc[i - 1] if i else z
            d_out = self.rcc[i] if i < last else z
            nodes.append(Node(als.cells, d_in, "=", False, als.digits))
            nodes.append(Node(als.cells, d_out, "" if i == last else "-", True, als.digits))
        return Chain(tuple(nodes))

    def name(self, step) -> str:
        head = self.kind.label + (" [overlap]" if self.overlap else "")
        if not self.kind.wing:
            return f"{head}: {self.chain.eureka}"
        a, b, c = (part_name(p) for p in self.alses)
        return f"{head}: {a} -{self.rcc[0]}- {b} -{self.rcc[1]}- {c}, z={self.z}"

    def json(self, step) -> dict:
        chain = self.chain
        out = {"alses": [part_json(p) for p in self.alses], "rcc": list(self.rcc),
               "z": [self.z], "length": len(self.alses), "overlap": self.overlap,
               "chain": chain.json(), "eureka": chain.eureka}
        if self.kind.wing:
            out["pivot"] = list(cell_names(self.alses[1].cells))
        if self.merged > 1:
            out["merged"] = self.merged
        return out

    def parts(self, step):
        return self.alses

    def chains(self, step):
        return (self.chain,)


@technique(
    "als-xy-wing", "ALS-XY-Wing", "als", rank=320, label="ALS-XY-Wing", weight=320,
    aliases=("als xy wing", "als xy-wing", "alsxywing", "als wing", "als xy"),
    check=check_als_xy_wing, entry_keys=als_entry_keys,
    prerequisites=("als-xz",),
    distractors=("als-xz", "als-chain", "xy-wing", "death-blossom"),
    confusions=(
        ("als-xz", "ALS-XY-Wing vs ALS-XZ",
         "an ALS-XZ joins two ALSs by one restricted common; an ALS-XY-Wing joins three, the "
         "middle one linked to each end by a different digit"),
        ("xy-wing", "ALS-XY-Wing vs XY-Wing",
         "an XY-Wing is the ALS-XY-Wing made of three bivalue cells; the ALS form lets each "
         "of the three be a larger almost locked set"),
    ),
)
def als_xy_wing(pos: Position):
    return _steps(pos, ALS_XY_WING, (2,))


@technique(
    "als-chain", "ALS Chain", "als", rank=330, label="ALS Chain", weight=340,
    aliases=("als chain", "alschain", "als chains", "als xy chain"),
    check=check_als_chain, entry_keys=als_entry_keys,
    prerequisites=("als-xy-wing",),
    distractors=("als-xy-wing", "als-xz", "death-blossom", "x-cycle"),
    confusions=(
        ("als-xy-wing", "ALS Chain vs ALS-XY-Wing",
         "an ALS-XY-Wing is the chain of three ALSs; an ALS chain links four or more, each to "
         "the next by a restricted common on a different digit than the link before"),
    ),
)
def als_chain(pos: Position):
    return _steps(pos, ALS_CHAIN, range(3, MAX_CHAIN))
