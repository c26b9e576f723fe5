"""The search shared by Franken and Mutant fish: n base houses and n cover
houses of one digit, any of rows, columns and boxes (franken.py and
mutant.py say which mixes each admits).

Definition used here (HoDoKu's and SudokuWiki's "generalised fish", in our
words):

* the *base set* is n houses that share no candidate of the digit (a cell
  where two base houses meet may be in both only if it no longer holds the
  digit); so the base holds exactly n of the digit's solution cells, one a
  house, in n different cells;
* the *cover set* is n other houses, each holding some base candidate;
* the *fins* are the base candidates outside every cover house.  With no
  fin, the n solution cells of the base lie in the n cover houses, one a
  house (a cover house holds the digit once), so every cover candidate
  outside the base is false.  With fins, either a fin is true or the rest
  is such a fish: a cover candidate outside the base that sees every fin
  goes either way.
* *Cannibalism*: a base candidate in two cover houses, if true, would be
  the one digit of both, leaving n-2 cover houses for the n-1 other
  solution cells of the base: so it is false too (with fins, only if it
  sees every fin).  HoDoKu reports these eliminations with its fish; so do
  we.
* *Endo fins* (a base candidate in two base houses, which HoDoKu may treat
  as a fin) are not used: base houses never share a candidate.

The search: base sets by depth-first search over the admitted houses
(disjoint candidates); for each base set, covers by exact-cover branching
on the lowest base candidate not yet covered: it is a fin (while fins are
allowed and the fins so far still share a peer holding the digit) or it is
covered by one of its (at most three) houses the kind admits as cover.
"""
from __future__ import annotations

from itertools import combinations

from ...grid import HOUSE_MASK, PEER_MASK, cell_bits


# The houses of each cell (row, column, box), as house numbers 0..26.
_CELL_HOUSES = tuple((i // 9, 9 + i % 9, 18 + (i // 27) * 3 + (i % 9) // 3) for i in range(81))


def fish_of_digit(digit_mask: int, size: int, base_houses: tuple, cover_houses: frozenset,
                  admit, max_fins: int) -> list:
    """Every fish of one size on one digit whose base houses come from
    `base_houses` and cover houses from `cover_houses`, kept when
    `admit(base, cover)` says it is of the kind sought and it removes
    something, with at most `max_fins` fins: [(base, cover, fin mask,
    elimination mask)], base and cover sorted tuples of house numbers."""
    hm = [HOUSE_MASK[h] & digit_mask for h in range(27)]
    usable = [h for h in base_houses if hm[h]]
    out = []
    # reach[i]: the candidates sharing a cover house with cell i (base
    # houses not set apart: the bound below stays a lower bound)
    reach = {}
    for i in cell_bits(digit_mask):
        reach[i] = 1 << i
        for h in _CELL_HOUSES[i]:
            if h in cover_houses:
                reach[i] |= hm[h]
    for base, base_mask in _base_sets(hm, usable, size, reach, size + max_fins, 0, (), 0):
        search = _CoverSearch(hm, digit_mask, size, cover_houses, base, base_mask, max_fins)
        search.grow((), 0, 0, ALL_CELLS)
        for cover, fins, common in search.found:
            if not admit(base, cover):
                continue
            cover_mask = twice = 0
            for h in cover:
                twice |= cover_mask & hm[h]
                cover_mask |= hm[h]
            # outside the base, or a base candidate two cover houses share
            elims = ((cover_mask & ~base_mask) | (twice & base_mask)) & common & ~fins
            if elims:
                out.append((base, cover, fins, elims))
    return out


ALL_CELLS = (1 << 81) - 1


def _base_sets(hm, usable, size, reach, limit, start, chosen, union):
    """(base houses, their candidates) for every `size` houses of `usable`
    from index `start` on, added to `chosen`, sharing no candidate, that
    `limit` cover houses and fins might cover (a part of a base set needing
    more already is not grown)."""
    for j in range(start, len(usable)):
        h = usable[j]
        if hm[h] & union:
            continue
        grown = union | hm[h]
        if _cover_bound(reach, grown) > limit:
            continue
        picked = chosen + (h,)
        if len(picked) == size:
            yield picked, grown
        elif len(usable) - j - 1 >= size - len(picked):
            yield from _base_sets(hm, usable, size, reach, limit, j + 1, picked, grown)


def _cover_bound(reach, base_mask) -> int:
    """A lower bound on the cover houses and fins a base set needs: base
    candidates taken greedily so that no two share a cover house each need
    one of their own (or are fins)."""
    need = 0
    left = base_mask
    while left:
        left &= ~reach[(left & -left).bit_length() - 1]
        need += 1
    return need


class _CoverSearch:
    """The covers of one base set: `found` holds (cover, fin mask, the cells
    seeing every fin) for each set of cover houses."""

    def __init__(self, hm, digit_mask, size, cover_houses, base, base_mask, max_fins):
        self.hm, self.digit_mask, self.size, self.max_fins = hm, digit_mask, size, max_fins
        self.base_mask = base_mask
        self.allowed = cover_houses - set(base)
        self.touching = [h for h in sorted(self.allowed) if hm[h] & base_mask]
        self.seen: set = set()
        self.found: list = []

    def grow(self, chosen, covered, fins, common):
        left = self.base_mask & ~covered & ~fins
        if len(chosen) == self.size and left.bit_count() + fins.bit_count() > self.max_fins:
            return      # no cover house left to take, and too many fins
        if not left:
            self._complete(chosen, covered, fins, common)
            return
        x = (left & -left).bit_length() - 1
        if len(chosen) < self.size:
            for h in _CELL_HOUSES[x]:
                if h in self.allowed and h not in chosen:
                    self.grow(chosen + (h,), covered | self.hm[h], fins, common)
        if fins.bit_count() < self.max_fins:
            peers = common & PEER_MASK[x]
            if peers & self.digit_mask:
                self.grow(chosen, covered, fins | 1 << x, peers)

    def _complete(self, chosen, covered, fins, common):
        """Every base candidate is covered or a fin: any further cover
        houses holding a base candidate may fill the set."""
        spare = [h for h in self.touching if h not in chosen]
        for extra in combinations(spare, self.size - len(chosen)):
            key = tuple(sorted(chosen + extra))
            if key in self.seen:
                continue
            self.seen.add(key)
            more = covered
            for h in extra:
                more |= self.hm[h]
            # a fin taken early may be covered by a house taken later
            real = self.base_mask & ~more
            peers = common
            if real != fins:
                peers = ALL_CELLS
                for i in cell_bits(real):
                    peers &= PEER_MASK[i]
            self.found.append((key, real, peers))
