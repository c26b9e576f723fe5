"""Every fish of a kind, from the definition read plainly (the reference the
fish finders are tested against): n base houses sharing no candidate of
the digit, n other houses each holding a base candidate, the fins (base
candidates in no cover house) within the bound, and the cover candidates
outside the base (or in the base and in two cover houses) that see every
fin."""
from __future__ import annotations

from itertools import combinations

from tutor.engine.grid import HOUSE_MASK, PEER_MASK, cell_bits
from tutor.engine.techniques.common import digit_masks
from tutor.engine.techniques.fish.general import kinds

EVERY_HOUSE = tuple(range(27))


def brute_force_fish(pos, sizes: dict, admit, searches=((EVERY_HOUSE, EVERY_HOUSE),)) -> set:
    """Every (size, digit, eliminations) of a fish whose kinds of house
    `admit(base_kinds, cover_kinds)` takes, with at most sizes[size] fins,
    base houses from one search's first set and cover houses from its
    second."""
    out = set()
    for d in range(1, 10):
        hm = [HOUSE_MASK[h] & digit_masks(pos)[d] for h in range(27)]
        for base_houses, cover_houses in searches:
            for n, max_fins in sizes.items():
                for base in combinations([h for h in base_houses if hm[h]], n):
                    bm = _union(hm, base)
                    if sum(hm[h].bit_count() for h in base) != bm.bit_count():
                        continue
                    for cover in combinations([h for h in sorted(cover_houses) if h not in base and hm[h] & bm], n):
                        cm = _union(hm, cover)
                        fins = bm & ~cm
                        if fins.bit_count() > max_fins or not admit(kinds(base), kinds(cover)):
                            continue
                        twice = sum(1 << i for i in cell_bits(bm) if sum(hm[h] >> i & 1 for h in cover) > 1)
                        see = (1 << 81) - 1
                        for i in cell_bits(fins):
                            see &= PEER_MASK[i]
                        elims = ((cm & ~bm) | twice) & see & ~fins
                        if elims:
                            out.add((n, d, frozenset(cell_bits(elims))))
    return out


def _union(hm, houses) -> int:
    m = 0
    for h in houses:
        m |= hm[h]
    return m


def found(steps) -> set:
    """(size, digit, eliminations) of fish steps."""
    return {(s.roles.size, s.digits[0], frozenset(i for i, _ in s.eliminations)) for s in steps}
