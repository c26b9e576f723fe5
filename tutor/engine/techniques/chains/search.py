"""Alternating chains over a link graph (links.py), found breadth-first;
shared by XY-Chain, AIC and grouped AIC.

A chain n0 = n1 - n2 = ... = nk (k odd) starts and ends with a strong link
and alternates: if n0 is false, n1 is true, n2 false, ..., nk true.  So at
least one of its ends is true.  Three kinds of step follow:

* chain (the AIC rule): every candidate that both ends rule out goes.  Read
  as a loop through the removed candidate X (X - n0 = ... = nk - X), this is
  a discontinuous nice loop with two weak links at X, or, when X shares a
  cell with an end, a strong and a weak link on two digits of that cell;
* strong (discontinuous loop with two strong links at n0): the chain comes
  back to its own start (nk is n0), so n0 is true and is placed (a group
  node: its digit leaves every cell that sees the whole group);
* continuous (loop): nk and n0 are weakly linked, so the loop alternates all
  the way round and every link in a weak place holds exactly one true end:
  whatever both ends of such a link rule out goes (outside the loop).  Two
  candidates of one cell linked this way keep the cell to those two.

Search.  From every node s with a strong link, breadth-first over states
(node, off/on): s starts off; from an off node a strong link leads to an on
node, from an on node a weak link to an off node.  The layers are bit sets,
so this first pass costs one OR per state; it gives every end t reached
from s and the fewest links a walk needs to get there.  The first pass and
the read-back are written in C too (_search.c, built where the machine has
a compiler, the Python code the reference and the fallback: tests/engine/
test_chain_search_c.py).  The chain shown is
then read back through the layers, never using a candidate twice (nor a
group and a candidate inside it: paths.py reads chains back).  When every shortest walk repeats one, a
second breadth-first pass from s that refuses repeats as it goes gives a
longer chain (ranked by its own length); it keeps, for each node, every set
of candidates that chains of the first length reaching the node use, so
what it reaches does not depend on which chain came first.  A continuous
loop removes what its own weak links rule out, so every shortest loop
through a pair of ends is read back and offered.  The whole graph is
searched: there is no length bound.  The bounds, each decided by a count
that a redrawn grid (rows, columns, digits permuted) keeps, so that the
effects found do not depend on the cells' order (tests/teaching/
test_symmetry.py): a pair of ends with more than MAX_WALKS shortest walks
between them is read back only if a quick look finds a chain (a loop: not
at all), and the second pass drops a node at a length where more than
MAX_USED_SETS sets of candidates reach it.  What the second pass can still
miss is an end that only a chain longer than the shortest paths to its
nodes reaches, where every shorter way passes through some candidate x
twice, once off and once on: such a walk holds a loop through x that
already places or removes x (a step found from x).  Measured against an
exhaustive search of every chain of up to 11 links
(tests/engine/chain_reference.py), before these bounds: on stuck QQWing
expert positions nothing is missed; on 58 positions sampled along solve
paths, 4 of 1051 effects (3 placements and one removal, each needing 11
links) are.

One step per distinct effect (the set of eliminations, or the placement):
of all chains with that effect, the one with the fewest links, then the
kind (strong, chain, continuous), then the ends in cell order (a chain is
written from its end in the earlier cell).  `merged` counts the chains that
had the effect: one per pair of ends (a loop: one per set of nodes).
"""
from __future__ import annotations

import heapq
from bisect import bisect_left
from dataclasses import dataclass
from operator import itemgetter

from .links import GROUP_BASE, LinkGraph
from .paths import EXCL_BYTES, Local, PackedLayers, Paths, packed, search_c


@dataclass
class Chain:
    kind: str                 # 'chain', 'strong' or 'continuous'
    nodes: list[int]          # n0 ... nk ('strong': nk is n0; 'continuous': the link nk-n0 closes it)
    eliminations: int         # candidate nodes removed
    placement: int | None     # the candidate node placed ('strong' on a candidate)
    merged: int               # chains found with this effect
    rank: tuple

    @property
    def links(self) -> int:
        return len(self.nodes) - (1 if self.kind != "continuous" else 0)


# The kinds of chain, in rank order (a strong loop first), and an offer's rank.
KINDS = ("strong", "chain", "continuous")
STRONG, CHAIN, CONTINUOUS = range(3)
_RANK = itemgetter(0, 1, 2, 3)


def find_chains(graph: LinkGraph, strong: dict[int, int], weak: dict[int, int], *,
                same_digit: bool = False, beat: dict | None = None,
                second_pass: bool = True, first: bool = False) -> list[Chain]:
    """Every distinct effect of the alternating chains of the graph given by
    `strong` and `weak` (node -> linked nodes; the keys are the nodes with a
    strong link), with its shortest chain, best first.  same_digit: a chain
    must end on its start's digit (XY-Chains).  beat: effect key -> links;
    an effect no chain here reaches in fewer links is left out, before any
    chain is read back (a walk's depth is a floor on its chain's links, so
    nothing that could win is dropped).  second_pass: when every shortest
    walk to an end repeats a candidate, look for a longer chain (see the
    module docstring); without it such an end is left.  first: only the
    list's first chain (a solve's step), read back from as few effects as
    can hold it."""
    # The search numbers the nodes with a strong link 0, 1, ... in node
    # order (so bit order is node order): its bit sets are then a few words
    # long instead of a bit per candidate of the grid.
    local = Local(graph, strong, weak)
    nodes = local.nodes
    okey, excl_of = local.okey, local.excl
    # the ends a chain from each node may have: every node, or (XY-Chains)
    # the nodes of its digit; ALS nodes (grouped graph) stand only inside a
    # chain, never at an end (they come last in node order)
    first_als = bisect_left(nodes, graph.als_base)
    inner = ((1 << len(nodes)) - 1) & ~((1 << first_als) - 1)
    if same_digit:
        of_digit: dict = {}
        for i, n in enumerate(nodes):
            of_digit[graph.digit(n)] = of_digit.get(graph.digit(n), 0) | 1 << i
        may_end = [of_digit[graph.digit(n)] & ~inner for n in nodes]
    else:
        may_end = [((1 << len(nodes)) - 1) & ~inner] * len(nodes)
    # a walk back to the start places a candidate, or removes what a group
    # rules out
    loops_back = [n < GROUP_BASE or bool(excl_of[i]) for i, n in enumerate(nodes)]
    starts = [local.index[node] for node in strong if not inner >> local.index[node] & 1]
    layers_of: PackedLayers | list
    if local.packed is not None:
        events, layers_of = _first_pass_c(local, may_end, excl_of, starts, loops_back)
    else:
        events, layers_of = _first_pass_py(local.strong, local.weak, may_end, excl_of, starts, loops_back)

    # effect key -> offers (links, kind order, first end, second end, s, t,
    # ends, depth): the first four are the offer's rank; `ends` names the
    # pair of ends (a loop: its set of nodes) for the merged count; depth is
    # the walk's length from s to t; s and t are local numbers.  Flat
    # tuples: there are thousands of offers a position and few are ever
    # read back.
    offers: dict[tuple, list] = {}
    loops = []
    for code, s, t, depth in events:
        if code == STRONG:
            key = ("=", nodes[s]) if nodes[s] < GROUP_BASE else ("-", excl_of[s])
            offers.setdefault(key, []).append((depth, STRONG, okey[s], okey[s], s, s, -1 - s, depth))
        elif code == CHAIN:
            e = excl_of[s] & excl_of[t]
            a, b = okey[s], okey[t]
            pair = s << 12 | t if s < t else t << 12 | s
            offer = ((depth, CHAIN, a, b, s, t, pair, depth) if a < b
                     else (depth, CHAIN, b, a, s, t, pair, depth))
            waiting = offers.get(("-", e))
            if waiting is None:
                offers[("-", e)] = [offer]
            else:
                waiting.append(offer)
        else:
            loops.append((s, t, depth))

    paths = Paths(local, layers_of, second_pass)
    for s, t, depth in loops:
        # a loop's removals depend on which loop it is: every shortest one
        # from s to t is offered, so that none depends on the cells' order
        for walk in paths.local_loops(s, t, depth):
            e = _loop_eliminations(graph, walk, local, inner)
            if e:
                loop = [nodes[i] for i in walk]
                offers.setdefault(("-", e), []).append(
                    (len(loop), CONTINUOUS, okey[s], okey[t], s, t, frozenset(loop), depth, loop))

    def best_of(key) -> Chain | None:
        return _best_chain(key, offers[key], beat, paths, local.bits, okey)

    if first:
        return _first_chain(offers, best_of)
    chains = [c for c in map(best_of, offers) if c is not None]
    chains.sort(key=lambda c: c.rank)
    return chains


def _first_pass_py(cstrong: list, cweak: list, may_end: list, excl_of: list, starts: list,
                   loops_back: list) -> tuple[list, list]:
    """From every start, breadth-first over (node, off/on): the layers (on
    and off in turn, the start alone first) and, in the order found, the
    events (STRONG, s, s, depth): the walk came back to s on; (CHAIN, s,
    t, depth): it reached t on, and s and t rule out a common candidate;
    (CONTINUOUS, s, t, depth): it reached t on, weakly linked to s (a loop
    to read back).  The reference of _search.c's first_pass."""
    # cweak_on[n]: the weak partners of the nodes n turns on, so that one
    # pass over an off layer gives the next on layer and the off layer after
    # it (the partners of an on node seen before are all seen already, and
    # the layer drops them)
    cweak_on = _weak_on(cstrong, cweak)
    events: list = []
    layers_of: list = [None] * len(cstrong)
    for s in starts:
        es, ws, sbit, ends_ok = excl_of[s], cweak[s], 1 << s, may_end[s]
        layers = [sbit]
        layers_of[s] = layers
        on_seen = 0
        off_seen = front = sbit
        depth = 1
        while front:
            on = off = 0
            m = front
            while m:
                low = m & -m
                m ^= low
                n = low.bit_length() - 1
                on |= cstrong[n]
                off |= cweak_on[n]
            on &= ~on_seen
            if not on:
                break
            on_seen |= on
            layers.append(on)
            ends = on & ends_ok
            if ends & sbit and loops_back[s]:
                events.append((STRONG, s, s, depth))
            if depth >= 3:
                m = ends & ws
                while m:
                    low = m & -m
                    m ^= low
                    events.append((CONTINUOUS, s, low.bit_length() - 1, depth))
            m = ends & ~ws & ~sbit
            while m:
                low = m & -m
                m ^= low
                t = low.bit_length() - 1
                if es & excl_of[t]:
                    events.append((CHAIN, s, t, depth))
            off &= ~off_seen
            off_seen |= off
            layers.append(off)
            front = off
            depth += 2
    return events, layers_of


def _weak_on(cstrong: list, cweak: list) -> list:
    out = []
    for m in cstrong:
        got = 0
        while m:
            low = m & -m
            m ^= low
            got |= cweak[low.bit_length() - 1]
        out.append(got)
    return out


def _first_pass_c(local: Local, may_end: list, excl_of: list, starts: list,
                  loops_back: list) -> tuple[list, PackedLayers]:
    """_first_pass_py by _search.c, on the links Local numbered there: a
    start's layers come back as bytes, made ints only when Python reads a
    chain back from them."""
    assert local.packed is not None
    n, size = len(local.nodes), local.size
    events, layers = search_c.first_pass(n, *local.packed, packed(excl_of, EXCL_BYTES), packed(may_end, size),
                                         starts, bytes(loops_back))
    return events, PackedLayers(layers, size)


def _best_chain(key, found: list, beat, paths, cbits, okey) -> Chain | None:
    """The chain of one effect: its offers' best read-back chain, or None
    (none reads back, or none beats `beat`)."""
    found.sort(key=_RANK)          # stable: equal ranks keep the order found
    # rank[0] is a floor on the links of the chain an offer gives
    limit = beat.get(key, 1 << 20) if beat is not None else 1 << 20
    best = None
    for offer in found:
        rank, kind, s, t, depth = offer[:4], KINDS[offer[1]], offer[4], offer[5], offer[7]
        if best is not None and rank >= best.rank or rank[0] >= limit:
            # ranks count the shortest walk, and a chain read back is never
            # shorter: none further on can do better (the pair's other
            # direction, of equal rank, included)
            break
        if s != t and cbits[s] & cbits[t]:
            continue            # ends sharing a candidate: never one chain
        path: list[int] | None = list(offer[8]) if kind == "continuous" else paths.path(s, t, depth)
        if path is None:
            continue
        if len(path) - (kind != "continuous") > rank[0]:
            rank = (len(path) - (kind != "continuous"),) + rank[1:]
        if best is not None and rank >= best.rank:
            continue
        if kind == "chain" and okey[t] < okey[s]:
            path.reverse()
        best = Chain(kind, path, key[1] if key[0] == "-" else 0,
                     key[1] if key[0] == "=" else None, 0, rank)
    if best is None or best.rank[0] >= limit:
        return None
    best.merged = len({f[6] for f in found})
    return best


def _first_chain(offers: dict, best_of) -> list[Chain]:
    """The first of find_chains' list (by rank, then the order the effects
    were found), reading back only the effects that may hold it: an
    effect's lowest offer rank is a floor on its chain's, so they are taken
    lowest floor first until the best chain so far is below every floor
    left.  What a chain reads back does not depend on the order (the
    read-backs are kept per pair of ends, each at its one depth)."""
    floors = [(min(map(_RANK, found)), k, key) for k, (key, found) in enumerate(offers.items())]
    heapq.heapify(floors)
    best = None
    while floors and (best is None or floors[0][:2] < best[:2]):
        _, k, key = heapq.heappop(floors)
        chain = best_of(key)
        if chain is not None and (best is None or (chain.rank, k) < best[:2]):
            best = (chain.rank, k, chain)
    return [best[2]] if best else []


def _loop_eliminations(graph: LinkGraph, walk: tuple, local: Local, inner: int) -> int:
    """What a continuous loop (a walk in local numbers) removes: for each
    link in a weak place (n1-n2, n3-n4, ..., nk-n0), the candidates both
    ends rule out, outside the loop; for each ALS entered and left in a
    strong place, what its other digits rule out (exactly one of the two
    digits is in it, so the others are locked there)."""
    bits, excl_of = local.bits, local.excl
    inside = 0
    for i in walk:
        inside |= bits[i]
    out = 0
    k = len(walk)
    for j in range(1, k, 2):
        out |= excl_of[walk[j]] & excl_of[walk[(j + 1) % k]]
    if inner:
        nodes = local.nodes
        for j in range(0, k, 2):
            a, b = walk[j], walk[j + 1]
            if inner >> a & 1 and inner >> b & 1:
                out |= graph.locked_by(nodes[a], nodes[b])
    return out & ~inside
