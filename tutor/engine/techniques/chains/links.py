"""The strong and weak links among a position's candidates: the graph every
chain walks (XY-Chains, AICs, grouped AICs; forcing chains may reuse it).

Nodes are numbered so that a set of nodes is one int (a bit per node):

* a candidate (cell, digit) is node `(digit - 1) * 81 + cell` (0..728), so the
  candidates of digit d are that digit's 81-bit cell mask shifted left by
  `81 * (digit - 1)`;
* a group (grouped graph only) is node `729 + k`: the cells of one digit in
  one box-line intersection, two or three of them.  "The group is on" means
  one of its cells holds the digit.

Links:

* strong (at least one end is true): the only two places of a digit in a
  house; the two candidates of a bivalue cell; with groups, two disjoint
  nodes (cells or groups) that hold every place of a digit in a house;
* weak (at most one end is true): two candidates of one cell; two disjoint
  nodes of one digit whose cells all lie in one house.  A strong link
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
* `digit_of(n)`, `graph.cells_of(n)` (an 81-bit mask), `graph.name(n)`
  ('(8)r3c7', '(8)r3c12'), `graph.bits(n)` (the candidate nodes n stands
  for), `graph.link_house(a, b)` (where a link lives).
"""
from __future__ import annotations

from ...grid import HOUSE_MASK, HOUSES_OF, MASK_DIGITS, PEER_MASK, POPCOUNT, cell_bits, cells_name
from ...position import Position
from ..common import digit_masks, per_position

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
        if with_groups:
            self._add_groups()
        linked = 0
        for n in self.strong:
            linked |= 1 << n
        self.linked = linked

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

    # ------------------------------------------------------------ queries

    def weak(self, n: int) -> int:
        """The nodes weakly linked to n."""
        got = self._weak.get(n)
        if got is None:
            if n < GROUP_BASE:
                got = (_PEER_NODES[n // 81][n % 81] & self.present) | self._cand_groups.get(n, 0)
            else:
                got = self._group_cands[n] | self._group_groups[n]
            self._weak[n] = got
        return got

    def excl(self, n: int) -> int:
        """The candidate nodes ruled out when n is true."""
        if n < GROUP_BASE:
            return _PEER_NODES[n // 81][n % 81] & self.present
        return self._group_cands[n]

    def digit(self, n: int) -> int:
        return digit_of(n, self.groups)

    def cells_of(self, n: int) -> int:
        return 1 << (n % 81) if n < GROUP_BASE else self.groups[n - GROUP_BASE][1]

    def bits(self, n: int) -> int:
        """The candidate nodes n stands for (itself, or a group's cells)."""
        if n < GROUP_BASE:
            return 1 << n
        d, g, _, _ = self.groups[n - GROUP_BASE]
        return g << (81 * (d - 1))

    def is_group(self, n: int) -> bool:
        return n >= GROUP_BASE

    def cell_list(self, n: int) -> list[int]:
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


@per_position
def _plain_graph(pos: Position) -> LinkGraph:
    return LinkGraph(pos)


@per_position
def _grouped_graph(pos: Position) -> LinkGraph:
    return LinkGraph(pos, with_groups=True)


def link_graph(pos: Position, groups: bool = False) -> LinkGraph:
    """The position's link graph (with group nodes when asked), built once
    per position."""
    return _grouped_graph(pos) if groups else _plain_graph(pos)
