"""Small helpers shared by technique finders."""
from __future__ import annotations

from functools import lru_cache

from ..grid import HOUSE_MASK, HOUSES, MASK_DIGITS, POPCOUNT, bit
from ..position import Position

_MEMOS: list = []      # every Memo, for clear_memos


def digit_places(pos: Position) -> list[list[int]]:
    """places[h][d]: 9-bit mask of the positions (0..8) within house h where
    digit d is still a candidate."""
    out = []
    cands = pos.cands
    for cells in HOUSES:
        row = [0] * 10
        for k, i in enumerate(cells):
            m = cands[i]
            if m:
                here = 1 << k
                for d in MASK_DIGITS[m]:
                    row[d] |= here
        out.append(row)
    return out


def cells_with(pos: Position, digit: int) -> list[int]:
    """Empty cells that still hold the digit as a candidate."""
    b = bit(digit)
    return [i for i, m in enumerate(pos.cands) if m & b]


def positions_to_cells(house: int, places: int) -> list[int]:
    cells = HOUSES[house]
    return [cells[k] for k in range(9) if places >> k & 1]


def once_per_position(fn):
    """fn(pos), computed once for the position's content and kept in its
    Analysis (engine/analysis.py) until the position changes, so sibling
    finders that share a structure or a search (the link graph, the ALS
    index, naked and hidden subsets) build it once.  fn must depend on the
    position's content alone."""
    def wrapper(pos: Position):
        kept = pos.analysis.kept
        got = kept.get(fn, _MISSING)
        if got is _MISSING:
            got = kept[fn] = fn(pos)
        return got

    wrapper.__wrapped__ = fn
    wrapper.__doc__ = fn.__doc__
    return wrapper


def digit_masks(pos: Position) -> tuple[int, ...]:
    """masks[d]: 81-bit mask of the empty cells holding digit d (index 0
    unused), from the position's Analysis: shared by every finder that looks
    at one digit at a time, and kept up to date along a solve."""
    return pos.analysis.digit_masks


@once_per_position
def bivalue_pairs(pos: Position) -> dict[int, tuple[int, ...]]:
    """{candidate mask: cells} for the empty cells with exactly two
    candidates, grouped by their pair (the wings and Remote Pair start here)."""
    groups: dict[int, list[int]] = {}
    values = pos.values
    for i, m in enumerate(pos.cands):
        if POPCOUNT[m] == 2 and not values[i]:
            groups.setdefault(m, []).append(i)
    return {m: tuple(cells) for m, cells in groups.items()}


def tally(best: dict, effect, key, pattern) -> None:
    """Count one more pattern with this effect in best[effect] = [key,
    pattern, count], keeping the pattern with the lowest key."""
    old = best.get(effect)
    if old is None:
        best[effect] = [key, pattern, 1]
    else:
        old[2] += 1
        if key < old[0]:
            old[0], old[1] = key, pattern


# Colouring, X-cycles, W-Wings and the two-strong-link patterns all start
# from these links, usually on the same digit mask: keep the last few.
@lru_cache(maxsize=1024)
def conjugate_links(digit_mask: int) -> tuple[tuple[int, int, int], ...]:
    """(a, b, house) for every house where the digit (given by the mask of
    its cells) has exactly two cells."""
    links = []
    for h in range(27):
        m = HOUSE_MASK[h] & digit_mask
        if m and m.bit_count() == 2:
            low = m & -m
            links.append((low.bit_length() - 1, (m ^ low).bit_length() - 1, h))
    return tuple(links)


class Memo:
    """Results of a pure function kept by key, for inputs that come back:
    along a solve most digits (or houses) keep their candidates from one step
    to the next, so their part of a search can be reused.  Bounded: cleared
    whole when full.  Single dict operations only, so threads may share it.
    Callers must treat what they get as read-only."""

    __slots__ = ("data", "limit")

    def __init__(self, limit: int = 1024):
        self.data: dict = {}
        self.limit = limit
        _MEMOS.append(self)

    def get(self, key, fn, *args):
        """fn(*args), remembered under key (which must determine it)."""
        data = self.data
        got = data.get(key, _MISSING)
        if got is _MISSING:
            got = fn(*args)
            if len(data) >= self.limit:
                data.clear()
            data[key] = got
        return got

    def clear(self) -> None:
        self.data.clear()


_MISSING = object()


def clear_memos() -> None:
    """Forget the results kept by content between positions (benchmarks use
    it to time finders from cold, on a fresh copy of the position; results
    never depend on it)."""
    for memo in _MEMOS:
        memo.clear()


# ------------------------------------------------------------------ pattern checks

def query_digits(pos: Position, query, cells=()) -> list[int]:
    """The digits a pattern query may be about: the ones named, else the
    claim's, else every digit all the named cells hold (all nine if none)."""
    if query.digits:
        return sorted(set(query.digits))
    claimed = sorted({d for _, d, _ in query.claim})
    if claimed:
        return claimed
    common = 0x1FF
    for i in cells:
        common &= pos.cands[i]
    return list(MASK_DIGITS[common]) or list(range(1, 10))

