"""Almost Locked Sets: every ALS of a position, found once per position and
shared by the techniques built on them: the ALS Death Blossom
(death_blossom.py), ALS-XZ, ALS-XY-Wing and ALS chains (als_index.py indexes
them by digit and cell and finds their restricted commons) and Sue de Coq.

An almost locked set (ALS) is a group of n empty cells of one house whose
candidates together number exactly n + 1.  A bivalue cell is an ALS of one
cell.  If one of the ALS's digits is ruled out of all its cells, the other n
digits must fill the n cells: the group becomes a locked set and each of
those digits lands somewhere inside it.

Bounds: ALSs of 1 to MAX_ALS_SIZE = 8 cells, which is every ALS there is
(nine cells would fill a house); the same cell group found in a row and in
a box is kept once.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter


from ...grid import (
    HOUSES, MASK_DIGITS, PEER_MASK, POPCOUNT, cell_bits, cell_name, cells_name,
    digits_text,
)
from ...position import Position
from ..common import Memo, once_per_position

MAX_ALS_SIZE = 8


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
        return als_name(self.cell_list, self.digits)

    def cell_names(self) -> list[str]:
        return list(cell_names(self.cell_list))


# Names repeat from one position to the next along a solve: keep them.
@lru_cache(maxsize=65536)
def als_name(cell_list: tuple[int, ...], digits: int) -> str:
    return f"{cells_name(cell_list)} #{digits_text(MASK_DIGITS[digits])}"


def part_name(part) -> str:
    """An ALS part of a step as its text names it: 'r1c25 #345'."""
    return _part_name(part.cells, part.digits)


# Steps name the same ALSs again and again: keep the names.
@lru_cache(maxsize=65536)
def _part_name(cells: tuple[int, ...], digits: tuple[int, ...]) -> str:
    return f"{cells_name(cells)} #{digits_text(digits)}"


def part_json(part) -> dict:
    """An ALS part of a step as its JSON writes it: cells and digits (the
    lists are shared by every step naming that ALS: read-only)."""
    names, digits = _part_lists(part.cells, part.digits)
    return {"cells": names, "digits": digits}


@lru_cache(maxsize=65536)
def _part_lists(cells: tuple[int, ...], digits: tuple[int, ...]) -> tuple[list, list]:
    return list(cell_names(cells)), list(digits)


@lru_cache(maxsize=65536)
def cell_names(cell_list: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(cell_name(i) for i in cell_list)


# ------------------------------------------------------------ finding ALSs
#
# An ALS record is a tuple (cells mask, digits mask, sub, seeing, places)
# describing a subset `sub` (a bit mask over the empty cells of the house it
# was found in); seeing and places belong to that house: places[d] is the
# subset of its cells holding d, seeing[q] the mask of the cells that see
# every cell of subset q.  So P(d) = seeing[sub & places[d]] is the set of
# cells seeing every cell of the ALS holding d.  The ALSs of a house depend
# on that house's cells alone, and along a solve most houses keep their
# candidates from one step to the next, so each house's list is kept (by
# its candidates) and reused.

# (an entry holds a table of 2**n masks: keep fewer of them)
_HOUSE_MEMO = Memo(256)
_HOUSE_GET = tuple(itemgetter(*cells) for cells in HOUSES)


def _house_alses(h: int, cands_t: tuple, values_t: tuple, max_size: int) -> tuple:
    """The ALS records of one house, in depth-first order (_dfs_order).

    The digit union of every subset of the house's n empty cells comes from
    one doubling pass (the subsets without the newest cell, then the same
    with it); the ALSs are the subsets of 1..limit cells whose union has
    one digit more than cells.  (A search cut off where the union grows past
    limit + 1 digits meets the same ALSs in the same order: nothing under
    such a cut is an ALS.)
    """
    empty = [(i, m) for i, m, v in zip(HOUSES[h], cands_t, values_t) if not v and m]
    n = len(empty)
    if n < 2:
        # a lone empty cell would be a single; it is still met as a
        # bivalue cell in its other houses
        return ()
    # an ALS never fills a whole house (n cells there hold n digits)
    limit = min(max_size, n - 1)
    unions = [0]
    for _, m in empty:
        unions += [u | m for u in unions]
    hits = [sub for sub, want in _dfs_order(n, limit) if POPCOUNT[unions[sub]] == want]
    if not hits:
        return ()
    cell_masks = [0]
    seeing = [-1]
    for i, _ in empty:
        b = 1 << i
        cell_masks += [c | b for c in cell_masks]
        pm = PEER_MASK[i]
        seeing += [p & pm for p in seeing]
    places = [0] * 10
    for k, (_, m) in enumerate(empty):
        for d in MASK_DIGITS[m]:
            places[d] |= 1 << k
    return tuple([(cell_masks[sub], unions[sub], sub, seeing, places) for sub in hits])


@lru_cache(maxsize=None)
def _dfs_order(n: int, limit: int) -> tuple:
    """(subset, cells + 1) for the subsets of 1..limit of n cells, in the
    order a depth-first search in cell order meets them (the order ALSs have
    always been listed in)."""
    out = []
    stack = [(0, 0, 0)]
    while stack:
        start, sub, size = stack.pop()
        for k in range(start, n):
            c = sub | 1 << k
            out.append((c, size + 2))
            if size + 1 < limit:
                stack.append((k + 1, c, size + 1))
    return tuple(out)


@lru_cache(maxsize=8192)
def cells_of(cells: int) -> tuple[int, ...]:
    """The sorted cell tuple of a cell mask."""
    return tuple(cell_bits(cells))


def alses_up_to(pos: Position, max_size: int) -> tuple[list, list]:
    """(records, houses): every ALS of 1..max_size cells once (a group inside
    a row and a box is found in both), in house order, and for each the
    houses it was found in."""
    cands = pos.cands
    values = pos.values
    found: dict[int, list] = {}
    get = _HOUSE_MEMO.get
    a = pos.analysis
    for h in range(27):
        kept = a.house_kept(h)          # kept while the house stays, along a solve
        records = kept.get((_house_alses, max_size))
        if records is None:
            take = _HOUSE_GET[h]
            cands_t = take(cands)
            values_t = take(values)
            records = kept[_house_alses, max_size] = get(
                (h, max_size, cands_t, values_t), _house_alses, h, cands_t, values_t, max_size)
        for rec in records:
            seen = found.get(rec[0])
            if seen is None:
                found[rec[0]] = [rec, h]
            else:
                seen.append(h)
    table = list(found.values())
    return [e[0] for e in table], [e[1:] for e in table]


@once_per_position
def als_table(pos: Position) -> tuple[list, list]:
    """alses_up_to(pos, MAX_ALS_SIZE), kept for the position: every ALS
    technique (Death Blossom, ALS-XZ, ALS-XY-Wing, ALS chains, Sue de Coq)
    reads the same list.  Read-only."""
    return alses_up_to(pos, MAX_ALS_SIZE)


def find_alses(pos: Position, max_size: int = MAX_ALS_SIZE) -> list[Als]:
    """Every ALS of 1..max_size empty cells in every house, each cell group
    once (a group inside a row and a box is found twice, kept once)."""
    out = []
    records, houses = als_table(pos) if max_size == MAX_ALS_SIZE else alses_up_to(pos, max_size)
    for (cells, digits, _, _, _), hs in zip(records, houses):
        a = Als(cells, cells_of(cells), digits, pos.cands)
        a.houses = list(hs)
        out.append(a)
    return out


