"""Remote Pair (family `chains`): a chain of cells that all hold the same pair.

Cells holding only {x,y}, each seeing the next, alternate: if one is x its
neighbour is y, the next x again, and so on.  Cells an odd number of links
apart therefore hold opposite digits, one x and one y, whichever way the
chain falls; a cell that sees two of them sees an x and a y, and loses both.

Two cells one link apart are a Naked Pair, which removes the same; the ends
of a three-cell chain hold the same digit.  So the ends of a Remote Pair are
an odd number of links apart, three or more: the chain has four cells at
least.

The cells of one pair, joined where they see each other, form a network,
and a chain is a shortest path in it (breadth-first, lower cells first).
One instance is one set of cells reached: every two cells of the network
an odd number of links apart (three or more) remove the pair from the cells
that see both; chains that reach the same cells are one step, shown with
the shortest chain (then the first ends in cell order).  So no two steps
remove the same set, and the set of steps does not depend on how the grid
is drawn (which of several equal chains is shown may).  A network with an
odd loop exists only in a broken position; it is skipped.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ...registry import EntryKeys, PatternQuery, PatternReport, technique
from ...grid import HOUSES_OF, MASK_DIGITS, PEER_MASK, POPCOUNT, cell_bits, cell_name, cells_name
from ...position import Position
from ...roles import Roles, alternating
from ...step import Step, make_step
from ..common import bivalue_pairs, digit_masks, once_per_position
from ..patterns import fail_on, holds, named_cells, removal_reasons


def _network(cells) -> dict[int, list[int]]:
    """Each cell's neighbours (the cells it sees), in cell order."""
    return {c: [o for o in cells if PEER_MASK[c] >> o & 1] for c in cells}


def _paths_from(net: dict[int, list[int]], start: int) -> dict[int, int | None]:
    """Breadth-first parents from start (start maps to None): following
    them back from a cell gives a shortest path."""
    parent: dict[int, int | None] = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for c in frontier:
            for o in net[c]:
                if o not in parent:
                    parent[o] = c
                    nxt.append(o)
        frontier = nxt
    return parent


def _path(parent: dict[int, int | None], end: int) -> list[int]:
    """The path from the search's start to end, start first."""
    out = [end]
    while (back := parent[out[-1]]) is not None:
        out.append(back)
    return out[::-1]


def _depths(parent: dict[int, int | None]) -> dict[int, int]:
    """Links from the search's start to each cell reached (parents come in
    breadth-first order, so a cell's parent is always seen before it)."""
    depth: dict[int, int] = {}
    for c, p in parent.items():
        depth[c] = 0 if p is None else depth[p] + 1
    return depth


def _odd_loop(net: dict[int, list[int]], depth: dict[int, int]) -> bool:
    """Whether the cells reached hold a loop of odd length: two neighbours
    at the same parity of depth."""
    return any(depth[c] % 2 == depth[o] % 2 for c in depth for o in net[c])


@once_per_position
def _remote_pairs(pos: Position) -> tuple:
    masks = digit_masks(pos)
    steps = []
    for pair, cells in bivalue_pairs(pos).items():
        if len(cells) >= 4:
            steps.extend(_pair_steps(pos, pair, cells, masks))
    steps.sort(key=lambda s: (len(s.cells), s.digits, s.roles.ends(s)))
    return tuple(steps)


def _pair_steps(pos: Position, pair: int, cells, masks) -> list[Step]:
    x, y = MASK_DIGITS[pair]
    net = _network(cells)
    parents = {c: _paths_from(net, c) for c in cells}
    depths = {c: _depths(parents[c]) for c in cells}
    broken = set()
    for c in cells:
        if c not in broken and _odd_loop(net, depths[c]):
            broken |= set(depths[c])
    in_net = 0
    for c in cells:
        in_net |= 1 << c
    holders = (masks[x] | masks[y]) & ~in_net
    # one step per set of cells reached: the shortest chain whose two ends
    # they see (then the first ends in cell order)
    best: dict[int, tuple[int, int, int]] = {}
    for a, b in combinations(cells, 2):
        links = depths[a].get(b, 0)
        if links >= 3 and links % 2 and a not in broken:
            targets = PEER_MASK[a] & PEER_MASK[b] & holders
            if targets and (targets not in best or (links, a, b) < best[targets]):
                best[targets] = (links, a, b)
    steps = []
    for targets, (_, a, b) in best.items():
        chain = _path(parents[a], b)
        elims = [(i, d) for i in cell_bits(targets) for d in (x, y) if masks[d] >> i & 1]
        steps.append(_step(chain, x, y, elims))
    return steps


def _step(chain, x, y, elims):
    houses = sorted({h for a, b in zip(chain, chain[1:]) for h in HOUSES_OF[a] if h in HOUSES_OF[b]})
    return make_step("remote-pair", RemotePairRoles(tuple(chain)), cells=chain, digits=(x, y),
                     houses=houses, eliminations=elims)


@dataclass(frozen=True)
class RemotePairRoles(Roles):
    """The chain's cells in order (the step's cells are the same, in the
    order found); every one holds the step's pair."""
    chain: tuple[int, ...]

    def name(self, step) -> str:
        x, y = step.digits
        return f"Remote Pair: {x}/{y} {'-'.join(cell_name(c) for c in self.chain)}"

    def json(self, step) -> dict:
        names = [cell_name(c) for c in self.chain]
        return {"chain": names, "ends": [names[0], names[-1]], "pair": list(step.digits),
                "length": len(self.chain)}

    def chains(self, step):
        # (x=y)c1 - (y=x)c2 - ...: each cell's two digits, strongly linked
        x, y = step.digits
        terms = []
        for j, c in enumerate(self.chain):
            a, b = (x, y) if j % 2 == 0 else (y, x)
            terms += [(a, (c,), "="), (b, (c,), "-")]
        terms[-1] = (terms[-1][0], terms[-1][1], None)
        return (alternating(terms),)

    def ends(self, step):
        return self.chain[0], self.chain[-1]


# ---------------------------------------------------------------- pattern check

def _line_up(cells) -> list[int] | None:
    """The cells in an order where each sees the next (lowest start first), or
    None."""
    net = _network(cells)
    path: list[int] = []

    def walk(c: int) -> bool:
        path.append(c)
        if len(path) == len(cells):
            return True
        for o in net[c]:
            if o not in path and walk(o):
                return True
        path.pop()
        return False

    return next((list(path) for c in cells if walk(c)), None)


def _unchained(cells) -> str:
    """Why the cells do not line up as one chain."""
    net = _network(cells)
    for c in cells:
        if not net[c]:
            return f"{cell_name(c)} sees no other cell of the chain"
    group = _paths_from(net, cells[0])
    if len(group) < len(cells):
        rest = [c for c in cells if c not in group]
        return (f"the cells fall apart into {cells_name(group)} and {cells_name(rest)}: a "
                f"chain joins them all")
    return f"{cells_name(cells)} do not line up as one chain in which each cell sees the next"


def _misfit(report: PatternReport) -> PatternReport:
    """The named cells lack a Remote Pair's shape (bivalue cells, one pair):
    among the chains a learner may mean, another's reason goes first."""
    report.fits = False
    return report


def check_remote_pair(pos: Position, query: PatternQuery) -> PatternReport:
    label = "Remote Pair"
    cells = named_cells(query)
    cands = pos.cands
    if len(cells) < 2:
        return _misfit(fail_on(label, cells, "a Remote Pair names its chain (four cells or more) or "
                            "the chain's two ends"))
    for c in cells:
        if POPCOUNT[cands[c]] != 2 or pos.values[c]:
            return _misfit(fail_on(label, cells, f"{holds(pos, c)}: every Remote Pair cell holds "
                                f"just two candidates", [c]))
    for c in cells[1:]:
        if cands[c] != cands[cells[0]]:
            return _misfit(fail_on(label, cells, f"{holds(pos, cells[0])} and {holds(pos, c)}: a "
                                f"Remote Pair's cells all hold the same pair", [cells[0], c]))
    x, y = MASK_DIGITS[cands[cells[0]]]
    if len(cells) == 3:
        return fail_on(label, cells, "three cells are not enough: the ends of a three-cell chain "
                    "hold the same digit; a Remote Pair needs four cells or more")
    chain: list[int] | None
    if len(cells) == 2:
        a, b = cells
        if PEER_MASK[a] >> b & 1:
            return fail_on(label, cells, f"{cell_name(a)} and {cell_name(b)} see each other: two "
                        f"cells with one pair there are a Naked Pair, not a Remote Pair")
        parent = _paths_from(_network(bivalue_pairs(pos)[cands[a]]), a)
        if b not in parent:
            return fail_on(label, cells, f"no chain of {x},{y} cells joins {cell_name(a)} and "
                        f"{cell_name(b)}")
        chain = _path(parent, b)
        if len(chain) % 2:
            return fail_on(label, cells, f"{cell_name(a)} and {cell_name(b)} are {len(chain) - 1} "
                        f"links apart ({'-'.join(map(cell_name, chain))}): an even number, so "
                        f"they hold the same digit")
        reach = {x: [a, b], y: [a, b]}
        targets = PEER_MASK[a] & PEER_MASK[b]
        otherwise = ""
    else:
        chain = _line_up(cells)
        if chain is None:
            return fail_on(label, cells, _unchained(cells))
        odd, even = chain[1::2], chain[::2]
        for p, q in combinations(chain, 2):
            if PEER_MASK[p] >> q & 1 and (p in odd) == (q in odd):
                return fail_on(label, cells, f"{cell_name(p)} and {cell_name(q)} see each other "
                            f"but sit an even number of links apart: the position is broken",
                            [p, q])
        targets = 0
        for p in odd:
            for q in even:
                targets |= PEER_MASK[p] & PEER_MASK[q]
        reach = {x: [], y: []}
        otherwise = "does not see two chain cells an odd number of links apart"
    masks = digit_masks(pos)
    removes = {(i, d) for d in (x, y) for i in cell_bits(targets & masks[d]) if i not in chain}
    return PatternReport(True, label, cells, digits=(x, y), removes=removes,
                         why_not=removal_reasons(pos, label, chain, reach, otherwise))


def remote_entry_keys(step: Step) -> EntryKeys:
    """The chain's cells, or its two ends; a part of the chain counts when the
    technique is named."""
    return EntryKeys(frozenset(step.cells), alternatives=(frozenset(step.roles.ends(step)),),
                     digits=frozenset(step.digits), partial=True)


@technique(
    "remote-pair", "Remote Pair", "chains", rank=95, weight=110, label="Remote Pair",
    prerequisites=('naked-subset',), distractors=('x-cycle', 'w-wing', 'naked-subset', 'simple-colours'),
    aliases=("remote pair", "remote pairs", "remotepair"),
    check=check_remote_pair, entry_keys=remote_entry_keys,
    confusions=(
        ("naked-subset", "Remote Pair vs Naked Pair",
         "two cells with one pair that see each other are a Naked Pair; a Remote Pair chains "
         "four or more such cells and removes at its far ends"),
        ("xy-chain", "Remote Pair vs XY-Chain",
         "a Remote Pair's cells all hold the same two digits, so both digits go; an XY-Chain's "
         "cells hold different pairs and only the digit at both of its ends goes"),
    ),
)
def remote_pair(pos: Position):
    return list(_remote_pairs(pos))
