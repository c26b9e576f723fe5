"""Almost Locked Sets and the ALS Death Blossom.

An almost locked set (ALS) is a group of n empty cells of one house whose
candidates together number exactly n + 1.  A bivalue cell is an ALS of one
cell.  If one of the ALS's digits is ruled out of all its cells, the other n
digits must fill the n cells: the group becomes a locked set and each of
those digits lands somewhere inside it.

Death Blossom.  A stem cell S has candidates x1..xk.  For every xi there is
a petal: an ALS that holds xi, does not contain S, and in which every cell
holding xi sees S (so xi anywhere in the petal removes it from S).  All
petals share one more digit z that is not a candidate of S.  A cell T that
sees every cell holding z in every petal cannot be z:

    if T were z, no petal could hold z; each petal would be locked, so xi
    would be placed inside petal i and, since those cells see S, S would lose
    every xi and be left without a digit.

Choices made here (and why they are sound):

* z must not be a stem digit.  The stem digits are exactly the linking
  digits, and the argument needs z to differ from all of them: if z were the
  link of petal i, removing z from that petal would say nothing about S.  (The
  case z in S works only when T also sees S, and then petal i is not needed
  at all: that is a different, smaller pattern, which we do not report here.)
* Petals may overlap (share cells), even be the same group for two linking
  digits.  The argument uses each petal on its own: T = z empties z from every
  petal, each petal is then locked by itself, and each places its own link
  digit in cells seeing S.  Nothing requires the petals to be disjoint, so
  overlapping blossoms are sound too.  They are reported with
  extra["overlap"] = True and "[overlap]" in the name; blossoms with disjoint
  petals are the default form.
* The stem never holds z, so it is never a target; a petal cell holding z
  does not see itself, so targets always lie outside the z cells of the
  petals.

Bounds: ALSs of 1 to MAX_ALS_SIZE = 8 cells, which is every ALS there is
(nine cells would fill a house); the same cell group found in a row and in
a box is kept once.  Stems of MIN_STEM = 2 to MAX_STEM = 9 candidates.

One step per (stem, z, eliminations).  On a position still full of
candidates the same eliminations can come from thousands of petal choices
(one early position gave 57,000), so we show one of them: for each link
digit and each set of cells a petal would clear we keep the smallest petal,
and among the combinations the one with the fewest cells in all (a shared
cell counts once), then the fewest petal cells counted with repetition, then
the first in cell order.  So an overlapping blossom is shown instead of a
disjoint one with the same effect when it needs fewer cells (the reference
example on stem r1c7 is such a case).  Steps come simplest first: disjoint
before overlapping, then by stem size and number of cells.
"""
from __future__ import annotations

from functools import lru_cache

from ..finder import technique
from ..grid import (
    HOUSES, MASK_DIGITS, PEER_MASK, POPCOUNT, cell_bits, cell_name, cells_name, digits_text,
)
from ..position import Position
from ..step import make_step

MAX_ALS_SIZE = 8
MIN_STEM, MAX_STEM = 2, 9


class Als:
    """One almost locked set: its cells (81-bit mask and sorted tuple), its
    digits (9-bit mask), the houses holding all its cells and, per digit,
    the cells holding that digit."""

    __slots__ = ("cells", "cell_list", "digits", "houses", "where")

    def __init__(self, cells: int, cell_list: tuple[int, ...], digits: int, cands):
        self.cells = cells
        self.houses: list[int] = []
        self.cell_list = cell_list
        self.digits = digits
        where: list[list[int]] = [[] for _ in range(10)]
        for i in cell_list:
            for d in MASK_DIGITS[cands[i]]:
                where[d].append(i)
        self.where = where

    def common_peers(self, d: int) -> int:
        """Cells that see every cell of this ALS holding d (81-bit mask)."""
        got = -1
        for i in self.where[d]:
            got &= PEER_MASK[i]
        return got

    def name(self) -> str:
        return _als_name(self.cell_list, self.digits)

    def cell_names(self) -> list[str]:
        return list(_cell_names(self.cell_list))


# Names repeat from one position to the next along a solve: keep them.
@lru_cache(maxsize=65536)
def _als_name(cell_list: tuple[int, ...], digits: int) -> str:
    return f"{cells_name(cell_list)} #{digits_text(MASK_DIGITS[digits])}"


@lru_cache(maxsize=65536)
def _cell_names(cell_list: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(cell_name(i) for i in cell_list)


def find_alses(pos: Position, max_size: int = MAX_ALS_SIZE) -> list[Als]:
    """Every ALS of 1..max_size empty cells in every house, each cell group
    once (a group inside a row and a box is found twice, kept once)."""
    cands = pos.cands
    values = pos.values
    found: dict[int, Als] = {}
    for h, house in enumerate(HOUSES):
        empty = [i for i in house if not values[i] and cands[i]]
        n = len(empty)
        if n < 2:
            # a lone empty cell would be a single; it is still met as a
            # bivalue cell in its other houses
            continue
        # an ALS never fills a whole house (n cells there hold n digits)
        limit = min(max_size, n - 1)
        masks = [cands[i] for i in empty]
        bits = [1 << i for i in empty]
        # depth-first over subsets in house order, so cell tuples come sorted:
        # (next index, cell mask, cell tuple, digit union)
        stack = [(0, 0, (), 0)]
        while stack:
            start, cm, cl, um = stack.pop()
            s = len(cl) + 1
            for k in range(start, n):
                u = um | masks[k]
                pc = POPCOUNT[u]
                # the union never shrinks: with at most `limit` cells it may
                # hold at most limit + 1 digits
                if pc > limit + 1:
                    continue
                c = cm | bits[k]
                t = cl + (empty[k],)
                if pc == s + 1:
                    a = found.get(c)
                    if a is None:
                        a = found[c] = Als(c, t, u, cands)
                    a.houses.append(h)
                if s < limit:
                    stack.append((k + 1, c, t, u))
    return list(found.values())


def _links(pos: Position, alses: list[Als]):
    """links[S][x]: indices of ALSs linked to stem cell S by digit x (x in
    the ALS, S outside it, every x cell of the ALS sees S)."""
    cands = pos.cands
    values = pos.values
    # stems_with[x]: possible stem cells holding x
    stems_with = [0] * 10
    for i in range(81):
        m = cands[i]
        if not values[i] and MIN_STEM <= POPCOUNT[m] <= MAX_STEM:
            for d in MASK_DIGITS[m]:
                stems_with[d] |= 1 << i
    links: dict[int, list[list[int]]] = {}
    for k, a in enumerate(alses):
        where = a.where
        outside = ~a.cells
        for x in MASK_DIGITS[a.digits]:
            seen = stems_with[x] & outside
            for i in where[x]:
                seen &= PEER_MASK[i]
                if not seen:
                    break
            while seen:
                low = seen & -seen
                s = low.bit_length() - 1
                seen ^= low
                per = links.get(s)
                if per is None:
                    per = links[s] = [[] for _ in range(10)]
                per[x].append(k)
    return links


def _cost(alses, petals):
    """How simple a blossom looks: fewest cells in all (shared cells count
    once), then fewest petal cells counted with repetition, then the first
    in cell order."""
    used = 0
    total = 0
    for _, k in petals:
        used |= alses[k].cells
        total += len(alses[k].cell_list)
    return (used.bit_count(), total, [alses[k].cell_list for _, k in petals])


def blossoms(pos: Position, alses: list[Als]) -> dict:
    """Every Death Blossom built from the given ALSs, one per (stem, z,
    eliminated cells): {(stem, z, targets mask): [(x, als index), ...]}.

    Only the eliminations matter for which blossoms exist, so for each stem,
    link digit x and z we keep one petal per set of cells it would let us
    clear (the smallest), combine those, and keep the simplest blossom for
    each resulting set of eliminations.
    """
    cands = pos.cands
    found: dict[tuple, tuple] = {}
    if not alses:
        return {}
    z_cells = [0] * 10
    for i in range(81):
        m = cands[i]
        if m and not pos.values[i]:
            for d in MASK_DIGITS[m]:
                z_cells[d] |= 1 << i
    # per ALS and digit z: the cells holding z that see all its z cells
    targets = []
    for a in alses:
        t = [0] * 10
        for z in MASK_DIGITS[a.digits]:
            t[z] = a.common_peers(z) & z_cells[z]
        targets.append(t)
    links = _links(pos, alses)
    for stem in sorted(links):
        per = links[stem]
        stem_mask = cands[stem]
        stem_digits = MASK_DIGITS[stem_mask]
        if any(not per[x] for x in stem_digits):
            continue
        possible = 0x1FF & ~stem_mask
        by_digit = []
        for x in stem_digits:
            groups: dict[int, dict[int, int]] = {}
            seen_z = 0
            for k in per[x]:
                a = alses[k]
                tk = targets[k]
                for z in MASK_DIGITS[a.digits & possible]:
                    t = tk[z]
                    if not t:
                        continue
                    seen_z |= 1 << (z - 1)
                    g = groups.get(z)
                    if g is None:
                        g = groups[z] = {}
                    best = g.get(t)
                    if best is None or (len(a.cell_list), a.cell_list) < (
                            len(alses[best].cell_list), alses[best].cell_list):
                        g[t] = k
            possible &= seen_z
            if not possible:
                break
            by_digit.append((x, groups))
        if not possible:
            continue
        for z in MASK_DIGITS[possible]:
            options = [(x, list(groups[z].items())) for x, groups in by_digit]
            # fewest choices first keeps the search narrow
            options.sort(key=lambda o: len(o[1]))
            for petals, t in _combine(options):
                key = (stem, z, t)
                cost = _cost(alses, petals)
                old = found.get(key)
                if old is None or cost < old[0]:
                    found[key] = (cost, petals)
    return {key: petals for key, (cost, petals) in found.items()}


def _combine(options):
    """List (sorted [(x, als index)], common targets) for every choice of
    one option per link digit whose targets still meet."""
    depth = len(options)
    chosen = [None] * depth
    out = []

    def rec(level, acc):
        x, opts = options[level]
        last = level + 1 == depth
        for t, k in opts:
            tt = acc & t
            if not tt:
                continue
            chosen[level] = (x, k)
            if last:
                out.append((sorted(chosen), tt))
            else:
                rec(level + 1, tt)

    rec(0, -1)
    return out


def _step(pos: Position, stem: int, petals, z: int, targets: int, alses: list[Als]):
    stem_digits = MASK_DIGITS[pos.cands[stem]]
    overlap = False
    used = 0
    for _, k in petals:
        if used & alses[k].cells:
            overlap = True
        used |= alses[k].cells
    elims = [(i, z) for i in cell_bits(targets)]
    head = "ALS Death Blossom" + (" [overlap]" if overlap else "")
    parts = [f"stem {cell_name(stem)} #{digits_text(stem_digits)}"]
    parts += [f"-{x}- {alses[k].name()}" for x, k in petals]
    lead = f"{head}: " + ", ".join(parts)
    cells = [stem] + sorted(cell_bits(used))
    houses = sorted({h for _, k in petals if len(alses[k].cell_list) > 1 for h in alses[k].houses})
    return make_step(
        "death-blossom", lead,
        cells=cells, digits=(z,), houses=houses, eliminations=elims, lead=lead,
        extra={
            "stem": cell_name(stem),
            "stem_digits": list(stem_digits),
            "petals": [
                {"digit": x, "cells": alses[k].cell_names(),
                 "digits": list(MASK_DIGITS[alses[k].digits])}
                for x, k in petals
            ],
            "z": z,
            "overlap": overlap,
        },
    )


@technique("death-blossom", "ALS Death Blossom", "als")
def death_blossom(pos: Position, max_size: int = MAX_ALS_SIZE):
    alses = find_alses(pos, max_size)
    steps = [_step(pos, stem, petals, z, targets, alses)
             for (stem, z, targets), petals in blossoms(pos, alses).items()]
    steps.sort(key=lambda s: (
        s.extra["overlap"], len(s.extra["stem_digits"]), len(s.cells), s.cells,
        s.digits, s.eliminations))
    return steps
