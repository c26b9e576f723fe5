"""Brute-force solver: bitmask search with singles propagation, most
constrained cell first.  Counts solutions up to a limit (2 is enough to
tell unique from several) and returns the first one found."""
from __future__ import annotations

from .compiled import PURE_PYTHON, optional_module
from .grid import ALL_DIGITS, HOUSES, PEERS, POPCOUNT, SINGLE_DIGIT, bit

_ABI = 1        # what _exact.c's count takes and gives (its ABI constant)
_exact = optional_module(f"{__package__}._exact", _ABI)
COMPILED = _exact is not None and not PURE_PYTHON

_LOWEST = tuple((m & -m) for m in range(512))


def _propagate(masks: list[int], done: list[bool]) -> bool:
    """Naked and hidden singles until nothing changes.  masks holds every
    cell's candidate mask (a filled cell has one bit); done marks cells whose
    digit has already been removed from their peers.  False on contradiction."""
    while True:
        progress = False
        for i in range(81):
            m = masks[i]
            if done[i]:
                continue
            if m == 0:
                return False
            if POPCOUNT[m] == 1:
                done[i] = True
                progress = True
                keep = ~m
                for j in PEERS[i]:
                    pm = masks[j]
                    if pm & m:
                        if done[j]:
                            return False
                        pm &= keep
                        if not pm:
                            return False
                        masks[j] = pm
        if progress:
            continue
        # hidden singles: a digit with one place in a house
        for cells in HOUSES:
            once = 0
            twice = 0
            for i in cells:
                m = masks[i]
                twice |= once & m
                once |= m
            if once != ALL_DIGITS:
                return False
            only = once & ~twice
            if only:
                for i in cells:
                    m = masks[i]
                    hit = m & only
                    if hit:
                        if POPCOUNT[hit] > 1:
                            return False  # two digits need this same cell
                        if m != hit:
                            masks[i] = hit
                            progress = True
        if not progress:
            return True


def _search(masks: list[int], done: list[bool], limit: int, found: list) -> None:
    if not _propagate(masks, done):
        return
    best = -1
    best_count = 10
    for i in range(81):
        if not done[i]:
            c = POPCOUNT[masks[i]]
            if c < best_count:
                best, best_count = i, c
                if c == 2:
                    break
    if best < 0:
        found.append([SINGLE_DIGIT[m] for m in masks])
        return
    m = masks[best]
    while m and len(found) < limit:
        low = _LOWEST[m]
        m ^= low
        trial = masks[:]
        trial[best] = low
        _search(trial, done[:], limit, found)


def solve_masks(masks: list[int], limit: int = 2) -> tuple[int, list[int] | None]:
    """Count solutions of a grid of candidate masks (filled cells: one bit),
    up to `limit`, and give the first one found; in C where it is built
    (_exact.c: the same search, the same first solution)."""
    if COMPILED:
        return _exact.count(masks, limit)
    return solve_masks_py(masks, limit)


def solve_masks_py(masks: list[int], limit: int = 2) -> tuple[int, list[int] | None]:
    """solve_masks in Python."""
    found: list[list[int]] = []
    _search(list(masks), [False] * 81, limit, found)
    return len(found), (found[0] if found else None)


def solve_values(values, limit: int = 2) -> tuple[int, list[int] | None]:
    """Count solutions of a grid of digits (0 = empty)."""
    return solve_masks([bit(v) if v else ALL_DIGITS for v in values], limit)


def solve_position(pos, limit: int = 2) -> tuple[int, list[int] | None]:
    """Solutions of a position, honouring its candidates as well as its digits."""
    masks = [bit(v) if v else c for v, c in zip(pos.values, pos.cands)]
    return solve_masks(masks, limit)
