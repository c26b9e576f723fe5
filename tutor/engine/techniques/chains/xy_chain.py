"""XY-Chain (family `chains`): a chain of bivalue cells.

Each cell holds two digits, so inside a cell the link is strong (if one is
false the other is true); from one cell to the next the chain moves on a
digit both hold, and two cells that see each other cannot both hold it
(weak).  Start with digit z in the first cell: if z is false there, its
other digit is true, which rules that digit out of the next cell, whose
other digit is then true, and so on.  When the last cell's remaining digit
is z again, the first cell or the last cell holds z, so z goes from every
cell that sees both ends.

When the two ends also see each other on z, the chain closes into a loop
(an XY-loop): every weak link between cells then holds exactly one true end,
and each such link's digit goes from the cells that see both of its cells.

Searched as chain_search.py says (breadth-first over the bivalue cells'
candidates, one step per distinct effect with its shortest chain).  An
XY-Chain of three cells is an XY-Wing, and a Remote Pair's chain is an
XY-Chain too (each end digit gives one); both are still listed here: the
ladder offers the simpler names first.  A chain of bivalue cells whose two
ends differ in digit is an AIC (`aic`).
"""
from __future__ import annotations

from ...position import Position
from ...registry import technique
from .checks import check_xy_chain
from .search import find_chains
from .text import chain_step
from ..common import per_position
from .links import CELL_NODES, link_graph
from ..patterns import chain_entry_keys


@per_position
def xy_chains(pos: Position) -> list:
    """Every XY-Chain effect with its shortest chain (chain_search.Chain)."""
    graph = link_graph(pos)
    cands = pos.cands
    bivalue = 0
    for n in graph.strong:
        if cands[n % 81].bit_count() == 2:
            bivalue |= 1 << n
    strong, weak = {}, {}
    for n in graph.strong:
        if bivalue >> n & 1:
            cell = CELL_NODES[n % 81]
            strong[n] = graph.strong[n] & cell
            weak[n] = graph.weak(n) & bivalue & ~cell
    return find_chains(graph, strong, weak, same_digit=True)


@per_position
def _xy_steps(pos: Position) -> tuple:
    graph = link_graph(pos)
    return tuple(chain_step("xy-chain", "XY-Chain", graph, c) for c in xy_chains(pos))


@technique(
    "xy-chain", "XY-Chain", "chains", rank=280, label="XY-Chain", weight=260,
    aliases=("xy chain", "xychain", "xy chains", "xy loop", "xy cycle", "bivalue chain"),
    check=check_xy_chain, entry_keys=chain_entry_keys,
    confusions=(   # Remote Pair vs XY-Chain is declared by remote_pair.py
        ("xy-wing", "XY-Chain vs XY-Wing",
         "an XY-Wing is the shortest XY-Chain (three cells, the pivot in the middle); longer "
         "chains of bivalue cells work the same way, z going from cells that see both ends"),
    ),
    prerequisites=("xy-wing", "remote-pair"),
    distractors=("xy-wing", "remote-pair", "aic", "w-wing"),
)
def xy_chain(pos: Position):
    return list(_xy_steps(pos))


xy_chain.first = lambda pos: list(_xy_steps(pos)[:1])
