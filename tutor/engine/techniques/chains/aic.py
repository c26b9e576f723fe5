"""AIC and grouped AIC (family `chains`): alternating inference chains over
any digits, with the nice-loop rules (chain_search.py has the logic and
the search; links.py the graph).

Which technique lists an effect.  A step is an effect with its shortest
chain; an effect goes to the simplest technique whose chains reach it as
shortly as any chain does (so the split does not depend on how the grid is
drawn, nor on which of several equal chains is shown):

* `x-cycle` when a chain on one digit, single cells, is among the shortest
  (X-Chains and X-Cycles; x-cycle lists loops of up to 16 links);
* `xy-chain` when an XY-Chain (bivalue cells, ending on its starting digit,
  or an XY-loop) is;
* `aic` for the other effects of chains over single candidates;
* `grouped-aic` when chains with group or ALS nodes reach an effect in
  fewer links than any chain without (this gives grouped X-Cycles on one
  digit too); a removal an ALS rung (ALS-XZ, ALS-XY-Wing, ALS chain) gives
  is left to that rung when only the search with ALS nodes reaches it.

A short AIC may do what a simpler technique does (a W-Wing is a three-link
AIC); it is still listed: the ladder offers the simpler one first.
"""
from __future__ import annotations

from ...grid import cells_name
from ...hint_words import HintWords
from ...position import Position
from ...registry import technique
from .checks import check_aic, check_grouped_aic
from .search import find_chains
from .text import chain_step
from ..common import Memo, digit_masks, once_per_position
from .links import link_graph, low_bits
from ..als.chain import als_chain, als_xy_wing
from ..als.xz import als_xz
from ..patterns import chain_entry_keys
from .xy_chain import xy_chains


def _graph_links(graph):
    linked = graph.linked
    return graph.strong, {n: graph.weak(n) & linked for n in graph.strong}


def effect_key(chain):
    return ("=", chain.placement) if chain.placement is not None else ("-", chain.eliminations)


def _lengths(chains) -> dict:
    return {effect_key(c): c.links for c in chains}


@once_per_position
def _plain_chains(pos: Position) -> list:
    graph = link_graph(pos)
    return find_chains(graph, *_graph_links(graph))


def _digit_links(graph, d: int):
    """The strong and weak links of one digit (no turns inside cells)."""
    mine = 0
    for n in graph.strong:
        if graph.digit(n) == d:
            mine |= 1 << n
    strong = {n: graph.strong[n] & mine for n in graph.strong if mine >> n & 1}
    strong = {n: m for n, m in strong.items() if m}
    linked = sum(1 << n for n in strong)
    return strong, {n: graph.weak(n) & linked for n in strong}


@once_per_position
def _x_chains(pos: Position) -> list:
    masks = digit_masks(pos)
    return [c for d in range(1, 10) for c in _X_CHAINS.get((d, masks[d]), _digit_chains, pos, d)]


def _digit_chains(pos: Position, d: int) -> list:
    graph = link_graph(pos)
    return find_chains(graph, *_digit_links(graph, d))


# A digit's chains depend on its cells alone (their links, and what both
# ends of a chain on one digit rule out): kept while those stay.
_X_CHAINS = Memo()


def _aic_chains(pos: Position, first: bool = False) -> list:
    """The chains of AIC's steps (with `first`, the first one): those no X-
    or XY-Chain matches in links.  The search is told those lengths
    (`beat`), so it reads back no chain for an effect they already reach as
    shortly (most effects of a solve's positions): the same chains as
    filtering `_plain_chains`, which grouped AIC still needs in full."""
    simpler = _lengths(_x_chains(pos))
    for key, links in _lengths(xy_chains(pos)).items():
        simpler[key] = min(links, simpler.get(key, links))
    graph = link_graph(pos)
    return find_chains(graph, *_graph_links(graph), beat=simpler, first=first)


def _als_effects(pos: Position) -> set:
    """The removals the ALS rungs give (ALS-XZ, ALS-XY-Wing, ALS chains),
    each as a set of (cell, digit)."""
    return {frozenset(s.eliminations) for finder in (als_xz, als_xy_wing, als_chain)
            for s in finder(pos)}


def _removals(chain) -> frozenset:
    return frozenset((n % 81, n // 81 + 1) for n in low_bits(chain.eliminations))


@once_per_position
def _grouped_chains(pos: Position) -> list:
    """The chains of grouped AIC's steps: shorter than any without groups;
    then those with ALS nodes shorter than any without, save the removals
    an ALS rung gives (those are left to the ALS rungs).  The search with
    ALS nodes reads back only chains whose shortest walk repeats no
    candidate (no second pass: with ALS nodes it would cost four times the
    rest of the rung; see docs/engine.md)."""
    graph = link_graph(pos, groups=True)
    best = _lengths(_plain_chains(pos))
    grouped = [c for c in find_chains(graph, *_graph_links(graph), beat=best)
               if c.links < best.get(effect_key(c), 1 << 20)]
    for c in grouped:
        best[effect_key(c)] = c.links
    graph = link_graph(pos, als=True)
    with_als = [c for c in find_chains(graph, *_graph_links(graph), beat=best, second_pass=False)
                if c.links < best.get(effect_key(c), 1 << 20)]
    if with_als:
        left = _als_effects(pos)
        with_als = [c for c in with_als if c.placement is not None or _removals(c) not in left]
    found = {effect_key(c): c for c in grouped}
    found.update((effect_key(c), c) for c in with_als)
    return sorted(found.values(), key=lambda c: c.rank)


def _aic_steps(pos: Position, chains) -> list:
    graph = link_graph(pos)
    return [chain_step("aic", "AIC", graph, c) for c in chains]


def _grouped_steps(pos: Position, chains) -> list:
    graph = link_graph(pos, als=True)
    return [chain_step("grouped-aic", "Grouped AIC", graph, c) for c in chains]


def grouped_x_cycles(pos: Position) -> list:
    """The chains of the grouped graph that stay on one digit (grouped
    X-Chains and X-Cycles), one digit at a time: each digit's own shortest
    chain per effect.  grouped-aic lists these among its steps when no chain
    without groups is as short; this view serves the lesson and the tests of
    the grouped X-cycle cases."""
    graph = link_graph(pos, groups=True)
    return [chain_step("grouped-aic", "Grouped X-Cycle", graph, c)
            for d in range(1, 10) for c in find_chains(graph, *_digit_links(graph, d))]


class GroupedAicHints(HintWords):
    """A chain through an ALS says so from the first level: the learner who
    looks only for group nodes would not find it."""

    def technique(self, step) -> str:
        text = super().technique(step)
        if step.roles.als:
            text = (text[:-1] + " that passes through an almost locked set (n cells of one house "
                    "holding n+1 digits: take one digit away and the others fill it).")
        return text

    def pattern(self, step) -> str:
        alses = [n.cells for n in step.roles.chain.nodes if len(n.cells) > 1
                 and any(m.cells == n.cells and m.digit != n.digit for m in step.roles.chain.nodes)]
        text = super().pattern(step)
        if alses:
            names = sorted({cells_name(cells) for cells in alses})
            verb = "is an almost locked set" if len(names) == 1 else "are almost locked sets"
            text += f" ({', '.join(names)} {verb})"
        return text


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
    return _aic_steps(pos, _all_aic_chains(pos))


_all_aic_chains = once_per_position(_aic_chains)
# A solve applies one step at a time: find and build only the first.
aic.first = lambda pos: _aic_steps(pos, _aic_chains(pos, first=True))


@technique(
    "grouped-aic", "Grouped AIC", "chains", rank=300, label="Grouped AIC", weight=300,
    aliases=("grouped aic", "grouped chain", "grouped nice loop", "grouped x cycle",
             "grouped x cycles", "grouped x-cycle", "group nodes", "group node"),
    check=check_grouped_aic, entry_keys=chain_entry_keys, hints=GroupedAicHints(),
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
    return _grouped_steps(pos, _grouped_chains(pos))


grouped_aic.first = lambda pos: _grouped_steps(pos, _grouped_chains(pos)[:1])
