"""The strong and weak links among a position's candidates: the graph every
chain walks (XY-Chains, AICs, grouped AICs; forcing chains may reuse it).

Nodes are numbered so that a set of nodes is one int (a bit per node):

* a candidate (cell, digit) is node `(digit - 1) * 81 + cell` (0..728), so the
  candidates of digit d are that digit's 81-bit cell mask shifted left by
  `81 * (digit - 1)`;
* a group (grouped graph only) is node `729 + k`: the cells of one digit in
  one box-line intersection, two or three of them.  "The group is on" means
  one of its cells holds the digit;
* an ALS node (grouped graph only) follows the groups: a digit d of an
  almost locked set A of two or more cells (als/table.py).  "It is on"
  means d lies in A (in one of A's d-cells).  If another digit x of A is
  off, A is a locked set of its other digits, so d is on: the ALS nodes of
  one ALS are strongly linked in pairs, `(x=d)A` in Eureka.  An ALS node is
  only ever inside a chain, never an end (so a chain with one removes what
  its candidate or group ends rule out, as any chain).

Links:

* strong (at least one end is true): the only two places of a digit in a
  house; the two candidates of a bivalue cell; with groups, two disjoint
  nodes (cells or groups) that hold every place of a digit in a house;
* weak (at most one end is true): two candidates of one cell; two disjoint
  nodes of one digit whose cells all lie in one house; an ALS node and a
  node of its digit outside the ALS whose cells all see all the ALS's
  d-cells (two ALS nodes: a restricted common, als/index.py).  A strong link
  between two nodes that also share a cell or a house is weak as well, so a
  chain may use it in either role.

The interface, for a `graph = link_graph(pos)` (or `link_graph(pos,
groups=True)`), both built once per position:

* `graph.strong[n]`: the nodes strongly linked to n (only nodes that have a
  strong link are keys; `graph.linked` is their set);
* `graph.weak(n)`: the nodes weakly linked to n (candidates present, and
  groups in the grouped graph);
* `graph.excl(n)`: the candidates n rules out when it is true (its weak
  candidate partners): what a chain end may remove;
* `graph.present`: the set of candidate nodes still in the position;
* `digit_of(n)`, `graph.cells_of(n)` (an 81-bit mask: an ALS node's
  d-cells), `graph.name(n)` ('(8)r3c7', '(8)r3c12'; an ALS node names all
  its ALS's cells), `graph.bits(n)` (the candidate nodes n stands
  for), `graph.link_house(a, b)` (where a link lives).
"""
from __future__ import annotations

import copy

from ...grid import HOUSE_MASK, HOUSES_OF, MASK_DIGITS, PEER_MASK, POPCOUNT, cell_bits, cells_name
from ...position import Position
from ..als.index import AlsIndex, als_index
from ..common import digit_masks, once_per_position

GROUP_BASE = 729

# The candidate nodes of one cell, and each candidate's weak partners when
# every candidate were present (same cell, or same digit in a peer).
CELL_NODES = tuple(sum(1 << (k * 81 + c) for k in range(9)) for c in range(81))
_PEER_NODES = tuple(tuple((PEER_MASK[c] << (81 * k)) | (CELL_NODES[c] & ~(1 << (k * 81 + c)))
                          for c in range(81)) for k in range(9))

# The 54 box-line intersections: (box house, line house, cell mask).
INTERSECTIONS = tuple((b, line, HOUSE_MASK[b] & HOUSE_MASK[line])
                      for b in range(18, 27) for line in range(18)
                      if HOUSE_MASK[b] & HOUSE_MASK[line])


def digit_of(n: int, groups=()) -> int:
    return n // 81 + 1 if n < GROUP_BASE else groups[n - GROUP_BASE][0]


def node(cell: int, digit: int) -> int:
    return (digit - 1) * 81 + cell


def low_bits(mask: int):
    """The set bits of a mask, lowest first (nodes or cells)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class LinkGraph:
    """Strong and weak links among candidates (and groups); see the module
    docstring.  Read-only once built."""

    def __init__(self, pos: Position, with_groups: bool = False):
        self.masks = masks = digit_masks(pos)
        present = 0
        for d in range(1, 10):
            present |= masks[d] << (81 * (d - 1))
        self.present = present
        # groups[k] = (digit, cell mask, box house, line house)
        self.groups: list[tuple[int, int, int, int]] = []
        self.strong: dict[int, int] = {}
        self._weak: dict[int, int] = {}
        self._group_cands: dict[int, int] = {}    # group -> candidate nodes it rules out
        self._group_groups: dict[int, int] = {}   # group -> groups it rules out
        self._cand_groups: dict[int, int] = {}    # candidate -> groups it rules out
        for d in range(1, 10):
            m = masks[d]
            for h in range(27):
                pair = HOUSE_MASK[h] & m
                if pair and pair.bit_count() == 2:
                    low = pair & -pair
                    self._add((d - 1) * 81 + low.bit_length() - 1,
                              (d - 1) * 81 + (pair ^ low).bit_length() - 1)
        values = pos.values
        for c, cm in enumerate(pos.cands):
            if POPCOUNT[cm] == 2 and not values[c]:
                a, b = MASK_DIGITS[cm]
                self._add((a - 1) * 81 + c, (b - 1) * 81 + c)
        # ALS nodes are numbered from als_base: (digit, d-cells, all cells, ALS number)
        self.als_nodes: list[tuple[int, int, int, int]] = []
        self._als_index: AlsIndex | None = None     # set with the ALS nodes
        self._als_weak: dict[int, int] = {}
        self._als_excl: dict[int, int] = {}
        if with_groups:
            self._add_groups()
        self.als_base = GROUP_BASE + len(self.groups)
        self.linked = self._linked()
        # node -> what the chain search asks of it (paths.Local), kept:
        # several searches walk one graph
        self.node_facts: dict[int, tuple] = {}

    def _linked(self) -> int:
        linked = 0
        for n in self.strong:
            linked |= 1 << n
        return linked

    def with_als_nodes(self, pos: Position) -> LinkGraph:
        """This graph (with its groups) and the ALS nodes of the position:
        a new graph; this one is left as it is."""
        new = copy.copy(self)
        new.strong = dict(self.strong)
        new._weak = {}
        new.als_nodes, new._als_weak, new._als_excl = [], {}, {}
        new.node_facts = {}
        new._add_als_nodes(pos)
        # every ALS node has a strong link (to another digit of its ALS)
        new.linked = self.linked | ((1 << len(new.als_nodes)) - 1) << new.als_base
        return new

    def _add(self, a: int, b: int) -> None:
        strong = self.strong
        strong[a] = strong.get(a, 0) | 1 << b
        strong[b] = strong.get(b, 0) | 1 << a

    # ------------------------------------------------------------ groups

    def _add_groups(self) -> None:
        masks = self.masks
        by_digit: dict[int, list[int]] = {}
        for d in range(1, 10):
            m = masks[d]
            for box, line, cells in INTERSECTIONS:
                g = cells & m
                if g.bit_count() >= 2:
                    by_digit.setdefault(d, []).append(GROUP_BASE + len(self.groups))
                    self.groups.append((d, g, box, line))
        for d, ids in by_digit.items():
            shift = 81 * (d - 1)
            m = masks[d]
            for n in ids:
                _, g, box, line = self.groups[n - GROUP_BASE]
                seen = (HOUSE_MASK[box] | HOUSE_MASK[line]) & m & ~g
                self._group_cands[n] = seen << shift
                for c in cell_bits(seen):
                    k = shift + c
                    self._cand_groups[k] = self._cand_groups.get(k, 0) | 1 << n
                others = 0
                for o in ids:
                    _, og, obox, oline = self.groups[o - GROUP_BASE]
                    if o != n and not og & g and (obox == box or oline == line):
                        others |= 1 << o
                self._group_groups[n] = others
            # strong links: a house whose places are exactly two disjoint nodes,
            # at least one of them a group
            units: dict = {}
            for n in ids:
                _, g, box, line = self.groups[n - GROUP_BASE]
                units.setdefault(box, []).append(n)
                units.setdefault(line, []).append(n)
            for h, inside in units.items():
                places = HOUSE_MASK[h] & m
                for n in inside:
                    rest = places & ~self.groups[n - GROUP_BASE][1]
                    if rest.bit_count() == 1:
                        self._add(n, shift + rest.bit_length() - 1)
                    else:
                        for o in inside:
                            if o > n and self.groups[o - GROUP_BASE][1] == rest:
                                self._add(n, o)

    def _add_als_nodes(self, pos: Position) -> None:
        """The ALS nodes and their links.  An ALS enters a chain on one digit
        and leaves on another, each through a weak link to a node with a
        strong link: only ALSs with such partners (candidates, groups or
        other ALSs) on two digits are kept; the others could never be inside
        a chain."""
        self._als_index = idx = als_index(pos)
        # a partner is only of use if it has a strong link: a chain goes on
        # from a node it reaches by a weak link through a strong one
        linked = self.linked             # this graph's, before the ALS nodes
        group_by_digit: dict[int, list[tuple[int, int]]] = {}
        group_cells = [0] * 10          # digit -> the cells of its linked groups
        for k, (d, g, _, _) in enumerate(self.groups):
            if linked >> (GROUP_BASE + k) & 1:
                group_by_digit.setdefault(d, []).append((g, 1 << (GROUP_BASE + k)))
                group_cells[d] |= g
        # per kept ALS: (k, [(d, candidate and group nodes, what d in it rules out)])
        kept: list[tuple[int, list[tuple[int, int, int]]]] = []
        all_cells, all_digits = idx.cells, idx.digits
        for k in range(idx.n):
            cells = all_cells[k]
            if not cells & (cells - 1):
                continue            # a bivalue cell: its candidates are nodes already
            found = []
            rcc = idx.rcc(k)
            for d in MASK_DIGITS[all_digits[k]]:
                sees, rules_out = self._sees(k, d)
                got = rules_out & linked
                if sees & group_cells[d]:          # else no group lies inside what it sees
                    for g, bit in group_by_digit[d]:
                        if g & ~sees == 0:
                            got |= bit
                if got or d in rcc:
                    found.append((d, got, rules_out))
            if len(found) >= 2:
                kept.append((k, found))
        base = self.als_base
        number = {}                     # k * 10 + d -> its node
        with_node = [0] * 10            # d -> bitset of the kept ALSs (they have a node for d)
        nodes = self.als_nodes
        z_cells = idx.z_cells
        for k, found in kept:
            for d, _, _ in found:
                number[k * 10 + d] = base + len(nodes)
                with_node[d] |= 1 << k
                nodes.append((d, all_cells[k] & z_cells[d], all_cells[k], k))
        weak, excl, strong = self._als_weak, self._als_excl, self.strong
        for k, found in kept:
            rcc = idx.rcc(k)
            mine = 0                    # the nodes of this ALS
            for d, got, rules_out in found:
                n = number[k * 10 + d]
                mine |= 1 << n
                excl[n] = rules_out
                # restricted commons on d with the other kept ALSs
                partners = rcc.get(d, 0) & with_node[d]
                while partners:
                    low = partners & -partners
                    partners ^= low
                    got |= 1 << number[(low.bit_length() - 1) * 10 + d]
                weak[n] = weak.get(n, 0) | got
                for m in low_bits(got & ((1 << base) - 1)):
                    weak[m] = weak.get(m, 0) | 1 << n
            # the nodes of one ALS are strongly linked in pairs
            for d, _, _ in found:
                n = number[k * 10 + d]
                strong[n] = strong.get(n, 0) | (mine & ~(1 << n))

    def _sees(self, k: int, d: int) -> tuple[int, int]:
        """(cells, candidates as nodes) outside ALS k that see all its d-cells:
        what d in k rules out."""
        idx = self._als_index
        assert idx is not None          # only ALS nodes ask, and they come with it
        sees = idx.sees_table.get(k * 10 + d, 0) & ~idx.cells[k]
        return sees, (sees & self.masks[d]) << (81 * d - 81)

    # ------------------------------------------------------------ queries

    def weak(self, n: int) -> int:
        """The nodes weakly linked to n."""
        got = self._weak.get(n)
        if got is None:
            if n < GROUP_BASE:
                got = (_PEER_NODES[n // 81][n % 81] & self.present) | self._cand_groups.get(n, 0)
            elif n < self.als_base:
                got = self._group_cands[n] | self._group_groups[n]
            else:
                got = 0
            got |= self._als_weak.get(n, 0)
            self._weak[n] = got
        return got

    def excl(self, n: int) -> int:
        """The candidate nodes ruled out when n is true."""
        if n < GROUP_BASE:
            return _PEER_NODES[n // 81][n % 81] & self.present
        if n < self.als_base:
            return self._group_cands[n]
        return self._als_excl[n]

    def locked_by(self, a: int, b: int) -> int:
        """For two ALS nodes of one ALS linked in a continuous loop (exactly
        one of the two digits is in the ALS): the candidates its other
        digits rule out, since those digits are then locked in it."""
        if a < self.als_base or b < self.als_base:
            return 0
        da, _, _, k = self.als_nodes[a - self.als_base]
        db, _, _, kb = self.als_nodes[b - self.als_base]
        if k != kb:
            return 0
        out = 0
        assert self._als_index is not None
        for e in MASK_DIGITS[self._als_index.digits[k]]:
            if e not in (da, db):
                out |= self._sees(k, e)[1]
        return out

    def digit(self, n: int) -> int:
        if n >= self.als_base:
            return self.als_nodes[n - self.als_base][0]
        return digit_of(n, self.groups)

    def cells_of(self, n: int) -> int:
        if n < GROUP_BASE:
            return 1 << (n % 81)
        if n < self.als_base:
            return self.groups[n - GROUP_BASE][1]
        return self.als_nodes[n - self.als_base][1]

    def bits(self, n: int) -> int:
        """The candidate nodes n stands for (itself, or a group's or an ALS
        node's cells of its digit)."""
        if n < GROUP_BASE:
            return 1 << n
        return self.cells_of(n) << (81 * (self.digit(n) - 1))

    def is_group(self, n: int) -> bool:
        return GROUP_BASE <= n < self.als_base

    def is_als(self, n: int) -> bool:
        return n >= self.als_base

    def cell_list(self, n: int) -> list[int]:
        """The cells a node is written with (an ALS node: all its ALS's)."""
        if n >= self.als_base:
            return list(cell_bits(self.als_nodes[n - self.als_base][2]))
        return list(cell_bits(self.cells_of(n)))

    def name(self, n: int) -> str:
        return f"({self.digit(n)}){cells_name(self.cell_list(n))}"

    def link_house(self, a: int, b: int) -> int | None:
        """A house holding both nodes' cells (the first of row, column, box),
        or None for two candidates of one cell."""
        both = self.cells_of(a) | self.cells_of(b)
        if both.bit_count() == 1:
            return None
        first = next(cell_bits(both))
        for h in HOUSES_OF[first]:
            if HOUSE_MASK[h] & both == both:
                return h
        return None

    def others_in_house(self, a: int, b: int) -> int:
        """For a link on one digit: the cells of the linking house, besides
        both nodes', that still hold the digit (none: the link is strong)."""
        h = self.link_house(a, b)
        if h is None:
            return 0
        return HOUSE_MASK[h] & self.masks[self.digit(a)] & ~(self.cells_of(a) | self.cells_of(b))


@once_per_position
def _plain_graph(pos: Position) -> LinkGraph:
    return LinkGraph(pos)


@once_per_position
def _grouped_graph(pos: Position) -> LinkGraph:
    return LinkGraph(pos, with_groups=True)


@once_per_position
def _als_graph(pos: Position) -> LinkGraph:
    return _grouped_graph(pos).with_als_nodes(pos)


def link_graph(pos: Position, groups: bool = False, als: bool = False) -> LinkGraph:
    """The position's link graph (with group nodes, and ALS nodes as well,
    when asked), built once per position.  The groups are numbered alike
    with and without ALS nodes, so a chain of the one reads in the other."""
    if als:
        return _als_graph(pos)
    return _grouped_graph(pos) if groups else _plain_graph(pos)
