"""Counting the templates of one digit without listing them.

A template is one way to place a digit nine times, once in every row,
column and box.  There are 46,656 of them on an empty grid; a digit's
templates here are those that put it only on its candidates and on the
cells where it is already placed.

Rows are taken one at a time; the columns used so far (a 9-bit mask) say
all that matters for the rest: inside a band of three rows a column may be
taken only in a stack (three columns) that this band has not used yet, and
that is a stack that holds as many used columns as there are bands before
this one.  So the number of ways to fill rows 0..r-1 ending with a mask
(forward) and the number of ways to fill rows r..8 from a mask (backward)
multiply to the number of templates through each cell, in about 9 x 126 x
9 steps at worst instead of 46,656 templates.
"""
from __future__ import annotations

from typing import NamedTuple

from ...grid import PEER_MASK, POPCOUNT, cell_bits
from ..common import Memo

_STACK_OF = tuple(0b111 << 3 * (c // 3) for c in range(9))
_FULL = 0x1FF
_MEMO = Memo(2048)


class Templates(NamedTuple):
    """How many templates there are, and through each cell how many."""
    total: int
    through: dict[int, int]        # cell -> templates using it (cells some template uses)


def allowed_cells(candidates: int, placed: int) -> int:
    """The cells a template of the digit may use: its placed cells, and its
    candidates that see none of them."""
    free = candidates
    for i in cell_bits(placed):
        free &= ~PEER_MASK[i]
    return free | placed


def templates(allowed: int) -> Templates:
    """The templates on `allowed` (an 81-bit cell mask), kept by that mask:
    along a solve most digits keep theirs from one step to the next."""
    return _MEMO.get(allowed, _count, allowed)


def _count(allowed: int) -> Templates:
    rows = [(allowed >> 9 * r) & _FULL for r in range(9)]
    forward: list[dict[int, int]] = [{0: 1}]
    for r in range(9):
        band = r // 3
        nxt: dict[int, int] = {}
        for used, n in forward[r].items():
            for c in _columns(rows[r] & ~used, used, band):
                m = used | 1 << c
                nxt[m] = nxt.get(m, 0) + n
        forward.append(nxt)
    count = forward[9].get(_FULL, 0)
    if not count:
        return Templates(0, {})
    backward: dict[int, int] = {_FULL: 1}
    through: dict[int, int] = {}
    for r in range(8, -1, -1):
        band = r // 3
        here: dict[int, int] = {}
        for used, n in forward[r].items():
            total = 0
            for c in _columns(rows[r] & ~used, used, band):
                ways = backward.get(used | 1 << c, 0)
                if ways:
                    total += ways
                    through[9 * r + c] = through.get(9 * r + c, 0) + n * ways
            if total:
                here[used] = total
        backward = here
    return Templates(count, through)


def _columns(free: int, used: int, band: int):
    """The columns of `free` whose stack this band has not used yet."""
    for c in range(9):
        if free >> c & 1 and POPCOUNT[used & _STACK_OF[c]] == band:
            yield c
