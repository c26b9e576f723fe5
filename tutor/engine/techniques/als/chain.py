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
extra["overlap"] and comes after the others of its length); A1 and An are
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
other chain of that length exists).  extra["merged"] = how many pairs of
end ALSs give the effect at that length, when more than one.

Search: als_chain_search.py (breadth-first over the restricted commons,
every start at once; the chain shown read back through the levels).

Bound.  Chains have at most MAX_CHAIN ALSs.  A longer chain's effect can
still be proved further up the ladder (forcing chains, forcing nets, and
trial as the last resort), so a solve never stops because of this bound;
only this room's list is shorter.

Step data: extra["alses"] in chain order ({"cells", "digits"}), extra["rcc"]
(x1 .. x(n-1)), extra["z"] ([z]), extra["length"] (n), extra["overlap"],
extra["chain"] (the chain format shared by the chain rooms: each ALS is two
nodes, the digit it lacks and the digit it then places, joined by "=", and
"-" to the next ALS), extra["eureka"] (e.g. (5=3)r1c25-(3=7)r4c2-(7=5)r7c23)
and, for the wing, extra["pivot"] (the middle ALS's cells).  The step's
digits are the links and z.
"""
from __future__ import annotations

from ...registry import technique
from ...grid import MASK_DIGITS, cell_bits
from ...position import Position
from ...step import make_step
from .chain_checks import check_als_chain, check_als_xy_wing
from .checks import als_entry_keys
from .chain_search import chain_search
from .index import AlsIndex
from .xz import als_houses

MAX_CHAIN = 6


def _steps(pos: Position, tid: str, lengths) -> list:
    search = chain_search(pos)
    search.upto(max(lengths))
    idx = search.idx
    steps = []
    for z, cells, length, ends in search.effects(lengths):
        alses, links, count = search.chain(z, length, ends)
        steps.append(_step(idx, tid, alses, links, z, cells, count))
    steps.sort(key=lambda s: (s.extra["length"], s.extra["overlap"], len(s.cells), s.cells,
                              s.digits, s.eliminations))
    return steps


def _step(idx: AlsIndex, tid: str, alses, links, z: int, targets: int, count: int):
    """The step of one chain, read in one pass over its ALSs: the nodes, the
    texts, the cells, and whether an ALS shares a cell with one that is not
    its neighbour."""
    about = idx.about
    last = len(alses) - 1
    nodes, parts, data = [], [], []
    cells = 0
    overlap = False
    near = 0            # the cells of the ALS before the previous one and earlier
    prev = 0
    all_cells = idx.cells
    for i, k in enumerate(alses):
        _, text, names, digits = about(k)
        d_in = links[i - 1] if i else z
        d_out = links[i] if i < last else z
        nodes.append({"cells": names, "digits": digits, "als": True, "digit": d_in, "link": "="})
        nodes.append({"cells": names, "digits": digits, "als": True, "digit": d_out,
                      "link": None if i == last else "-"})
        parts.append(f"({d_in}={d_out}){text}")
        data.append({"cells": names, "digits": digits})
        m = all_cells[k]
        if near & m:
            overlap = True
        near |= prev
        prev = m
        cells |= m
    eureka = "-".join(parts)
    extra = {"alses": data, "rcc": list(links),
             "z": [z], "length": len(alses), "overlap": overlap, "chain": nodes, "eureka": eureka}
    if tid == "als-xy-wing":
        head = "ALS-XY-Wing" + (" [overlap]" if overlap else "")
        lead = (f"{head}: {about(alses[0])[0]} -{links[0]}- {about(alses[1])[0]} -{links[1]}- "
                f"{about(alses[2])[0]}, z={z}")
        extra["pivot"] = about(alses[1])[2]
    else:
        lead = "ALS Chain" + (" [overlap]" if overlap else "") + f": {eureka}"
    if count > 1:
        extra["merged"] = count
    digit_mask = 1 << (z - 1)
    for x in links:
        digit_mask |= 1 << (x - 1)
    return make_step(tid, lead, cells=list(cell_bits(cells)), digits=MASK_DIGITS[digit_mask],
                     houses=als_houses(idx, alses),
                     eliminations=[(i, z) for i in cell_bits(targets)], lead=lead, extra=extra)


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
    return _steps(pos, "als-xy-wing", (2,))


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
    return _steps(pos, "als-chain", range(3, MAX_CHAIN))
