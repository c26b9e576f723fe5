"""AIC and grouped AIC (family `chains`): alternating inference chains over
any digits, with the nice-loop rules (chain_search.py has the logic and
the search; links.py the graph).

Which technique lists a chain.  A step is the shortest chain of its effect,
and that chain decides its technique, the simplest that covers it:

* every node on one digit, single cells: an X-Chain or X-Cycle, listed by
  `x-cycle` (loops of up to 16 links), not here;
* only bivalue cells, linked strongly inside each cell and weakly from cell
  to cell, ending on the digit it starts with (or closing into a loop): an
  XY-Chain, listed by `xy-chain`, not here;
* a group node anywhere: `grouped-aic` (this gives grouped X-Cycles on one
  digit too);
* anything else: `aic`.  A short AIC may do what a simpler technique does (a
  W-Wing is a three-link AIC); it is still listed: the ladder offers the
  simpler one first.

An effect whose shortest chain is an X- or XY-chain is left to those rooms
even when a longer AIC has it too; an effect reached more shortly through a
group is listed by `grouped-aic` and, when plain chains reach it at all, by
`aic` with its shortest plain chain.
"""
from __future__ import annotations

from ..grid import POPCOUNT
from ..position import Position
from ..registry import technique
from .chain_check import check_aic, check_grouped_aic
from .chain_search import find_chains
from .chain_text import chain_step
from .common import per_position
from .links import GROUP_BASE, link_graph
from .patterns import chain_entry_keys


def is_x_chain(graph, chain) -> bool:
    """Every node on one digit (and no groups)."""
    d = graph.digit(chain.nodes[0])
    return all(n < GROUP_BASE and graph.digit(n) == d for n in chain.nodes)


def is_xy_chain(graph, cands, chain) -> bool:
    """Bivalue cells only, strong inside each cell, weak between cells, on
    the start digit at both ends (or a loop)."""
    nodes = chain.nodes
    if chain.kind == "strong" or any(n >= GROUP_BASE for n in nodes):
        return False
    if any(POPCOUNT[cands[n % 81]] != 2 for n in nodes):
        return False
    for j in range(len(nodes) - 1):
        same_cell = nodes[j] % 81 == nodes[j + 1] % 81
        if same_cell != (j % 2 == 0):
            return False
    if chain.kind == "continuous":
        return nodes[-1] % 81 != nodes[0] % 81
    return graph.digit(nodes[0]) == graph.digit(nodes[-1])


def _graph_links(graph):
    linked = graph.linked
    return graph.strong, {n: graph.weak(n) & linked for n in graph.strong}


@per_position
def _aic_steps(pos: Position) -> tuple:
    graph = link_graph(pos)
    strong, weak = _graph_links(graph)
    cands = pos.cands

    def plain_aic(chain) -> bool:
        return not is_x_chain(graph, chain) and not is_xy_chain(graph, cands, chain)

    return tuple(chain_step("aic", "AIC", graph, c)
                 for c in find_chains(graph, strong, weak, accept=plain_aic))


@per_position
def _grouped_steps(pos: Position) -> tuple:
    graph = link_graph(pos, groups=True)
    strong, weak = _graph_links(graph)

    def has_group(chain) -> bool:
        return any(n >= GROUP_BASE for n in chain.nodes)

    return tuple(chain_step("grouped-aic", "Grouped AIC", graph, c)
                 for c in find_chains(graph, strong, weak, accept=has_group))


def grouped_x_cycles(pos: Position) -> list:
    """The chains of the grouped graph that stay on one digit (grouped
    X-Chains and X-Cycles), one digit at a time: each digit's own shortest
    chain per effect.  grouped-aic lists these among its steps when a group
    node is in the shortest chain of their effect; this view serves the
    lesson and the tests of the grouped X-cycle cases."""
    graph = link_graph(pos, groups=True)
    steps = []
    for d in range(1, 10):
        mine = 0
        for n in graph.strong:
            if graph.digit(n) == d:
                mine |= 1 << n
        strong = {n: graph.strong[n] & mine for n in graph.strong if mine >> n & 1}
        strong = {n: m for n, m in strong.items() if m}
        linked = sum(1 << n for n in strong)
        weak = {n: graph.weak(n) & linked for n in strong}
        steps += [chain_step("grouped-aic", "Grouped X-Cycle", graph, c)
                  for c in find_chains(graph, strong, weak)]
    return steps


CONFUSIONS = (
    ("x-cycle", "AIC vs X-Cycle",
     "an X-Cycle stays on one digit; an AIC may change digit inside a cell, where two "
     "candidates of the cell are linked"),
    ("xy-chain", "AIC vs XY-Chain",
     "an XY-Chain uses bivalue cells only, changing digit inside every cell; an AIC may also "
     "run along a digit's strong links between cells and through cells with more candidates"),
)


@technique(
    "aic", "Alternating Inference Chain", "chains", rank=290, label="AIC", weight=280,
    aliases=("aic", "alternating inference chain", "alternating inference chains",
             "nice loop", "nice loops", "discontinuous nice loop", "continuous nice loop"),
    check=check_aic, entry_keys=chain_entry_keys, confusions=CONFUSIONS,
    prerequisites=("x-cycle", "xy-chain"),
    distractors=("xy-chain", "x-cycle", "grouped-aic", "w-wing"),
)
def aic(pos: Position):
    return list(_aic_steps(pos))


aic.first = lambda pos: list(_aic_steps(pos)[:1])


@technique(
    "grouped-aic", "Grouped AIC", "chains", rank=300, label="Grouped AIC", weight=300,
    aliases=("grouped aic", "grouped chain", "grouped nice loop", "grouped x cycle",
             "grouped x cycles", "grouped x-cycle", "group nodes", "group node"),
    check=check_grouped_aic, entry_keys=chain_entry_keys,
    confusions=(
        ("aic", "Grouped AIC vs AIC",
         "a grouped AIC has a node made of two or three cells of one digit in a box-line "
         "intersection; a plain AIC's nodes are single candidates"),
        ("pointing", "group node vs Pointing",
         "a group node is the candidates of a digit in one box and one line, used as one link "
         "end; Pointing removes the digit when a box's candidates lie in such a group"),
    ),
    prerequisites=("aic",),
    distractors=("aic", "x-cycle", "empty-rectangle", "xy-chain"),
)
def grouped_aic(pos: Position):
    return list(_grouped_steps(pos))


grouped_aic.first = lambda pos: list(_grouped_steps(pos)[:1])
