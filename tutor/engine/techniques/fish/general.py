"""The search shared by Franken and Mutant fish: n base houses and n cover
houses of one digit, any of rows, columns and boxes (franken.py says which
mixes it admits).

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

The search, one walk for every size: base sets grow house by house
(disjoint candidates), a base set of n houses extending one of n-1.  A part
of a base set is grown only while a lower bound on the cover houses and
fins it needs stays within the largest size's: base candidates no two of
which share a house that may cover them each need a cover house or a fin
of their own.  A house joining the base holds no other base candidate, so
the bound is kept from one size to the next and grows by the new house's
candidates only (a base house never covers: in a base box, a candidate can
only be covered by its line).  For a base set of a size sought, covers by
exact-cover branching on a base candidate not yet covered, one with the
fewest houses left first: it is a fin (while fins are allowed and the fins
so far still share a peer holding the digit) or it is covered by one of
its houses the search admits as cover.  About three times faster than a
walk per size with the bound counted afresh (docs/engine.md).

The same walk is written in C (_walk.c), built where the machine has a
compiler and used when it is there: same fish, same order, the walk about
25 times faster (the Franken rung about 10 times: docs/benchmarks.md),
which is what makes fins and Mutant fish affordable.  The
Python walk below is the reference (tests/engine/test_fish_walk.py compares
the two) and the fallback; SUDOKU_TUTOR_PURE_PYTHON=1 forces it.
"""
from __future__ import annotations

from itertools import combinations

from ...compiled import PURE_PYTHON, optional_module
from ...grid import HOUSE_MASK, PEER_MASK, cell_bits

# The kinds of house, as `admit` and kinds() see them
ROWS, COLUMNS, BOXES = 1, 2, 4
_KIND = (ROWS,) * 9 + (COLUMNS,) * 9 + (BOXES,) * 9
_TABLES: dict = {}              # admit -> admitted(admit)

_ABI = 3        # what _walk.c's walk takes and gives (its ABI constant)
_walk = optional_module(f"{__package__}._walk", _ABI)
COMPILED = _walk is not None and not PURE_PYTHON


# The houses of each cell (row, column, box), as house numbers 0..26.
_CELL_HOUSES = tuple((i // 9, 9 + i % 9, 18 + (i // 27) * 3 + (i % 9) // 3) for i in range(81))
ALL_CELLS = (1 << 81) - 1
# The houses of each cell that may cover it, for each set of cover houses used
_OPTIONS: dict = {}


def fish_of_digit(digit_mask: int, max_fins: dict, base_houses: tuple, cover_houses: frozenset,
                  admit) -> dict:
    """Every fish on one digit of the sizes `max_fins` names (with at most
    `max_fins[size]` fins) whose base houses come from `base_houses` and
    cover houses from `cover_houses`, kept when it removes something and
    `admit(base_kinds, cover_kinds)` says it is of the kind sought (the
    kinds of house on each side, ROWS | COLUMNS | BOXES: a kind of fish is
    told by them alone): {size: [(base, cover, fin mask, elimination
    mask)]}, base and cover sorted tuples of house numbers."""
    if COMPILED:
        return fish_of_digit_c(digit_mask, max_fins, base_houses, cover_houses, admit)
    return fish_of_digit_py(digit_mask, max_fins, base_houses, cover_houses, admit)


def simplest_fish_of_digit(digit_mask: int, max_fins: dict, base_houses: tuple, cover_houses: frozenset,
                           admit, min_fins: int = 0) -> list:
    """Of the fish fish_of_digit finds with at least `min_fins` fins, one per
    size and set of eliminations: the simplest (fewest fins, then boxes,
    then the lowest base houses, then cover houses), as (size, base, cover,
    fins, eliminations, merged), `merged` how many there were; in no
    particular order.  Most fish share their eliminations with many others
    (a Mutant walk finds thousands a digit): the compiled walk keeps only
    these."""
    if COMPILED:
        return simplest_fish_of_digit_c(digit_mask, max_fins, base_houses, cover_houses, admit, min_fins)
    return simplest_fish_of_digit_py(digit_mask, max_fins, base_houses, cover_houses, admit, min_fins)


def simplest_fish_of_digit_c(digit_mask: int, max_fins: dict, base_houses: tuple, cover_houses: frozenset,
                             admit, min_fins: int = 0) -> list:
    """simplest_fish_of_digit by the compiled walk."""
    return _walk.simplest([HOUSE_MASK[h] & digit_mask for h in range(27)], digit_mask,
                          _fins_at(max_fins), _usable(base_houses, digit_mask), _bits(cover_houses),
                          admitted(admit), min_fins)


def simplest_fish_of_digit_py(digit_mask: int, max_fins: dict, base_houses: tuple, cover_houses: frozenset,
                              admit, min_fins: int = 0) -> list:
    """simplest_fish_of_digit from the Python walk (the reference)."""
    best: dict = {}
    for size, fishes in fish_of_digit_py(digit_mask, max_fins, base_houses, cover_houses, admit).items():
        for base, cover, fins, elims in fishes:
            if fins.bit_count() >= min_fins:
                key = simplicity(base, cover, fins)
                old = best.get((size, elims))
                if old is None:
                    best[size, elims] = [key, fins, 1]
                else:
                    old[2] += 1
                    if key < old[0]:
                        old[0], old[1] = key, fins
    return [(size, base, cover, fins, elims, merged)
            for (size, elims), ((_, _, base, cover), fins, merged) in best.items()]


def simplicity(base: tuple, cover: tuple, fins: int) -> tuple:
    """How simple a fish is, lowest first: fewest fins, then boxes, then the
    lowest base houses, then cover houses (_walk.c's `simpler` says the same)."""
    return (fins.bit_count(), sum(h >= 18 for h in base) + sum(h >= 18 for h in cover), base, cover)


def _fins_at(max_fins: dict) -> list:
    return [max_fins.get(size, -1) for size in range(max(max_fins) + 1)]


def _usable(base_houses, digit_mask: int) -> list:
    return sorted(h for h in base_houses if HOUSE_MASK[h] & digit_mask)


def _bits(houses) -> int:
    out = 0
    for h in houses:
        out |= 1 << h
    return out


def kinds(houses) -> int:
    """The kinds of house among `houses`: ROWS, COLUMNS, BOXES or'ed."""
    k = 0
    for h in houses:
        k |= _KIND[h]
    return k


def admitted(admit) -> int:
    """`admit` as a table: bit base_kinds * 8 + cover_kinds is set when it
    admits that pair (what the C walk takes)."""
    table = _TABLES.get(admit)
    if table is None:
        table = _TABLES[admit] = sum(1 << (b * 8 + c) for b in range(8) for c in range(8) if admit(b, c))
    return table


def fish_of_digit_c(digit_mask: int, max_fins: dict, base_houses: tuple, cover_houses: frozenset,
                    admit) -> dict:
    """fish_of_digit by the compiled walk."""
    hm = [HOUSE_MASK[h] & digit_mask for h in range(27)]
    found: dict = {size: [] for size in max_fins}
    for size, base, cover, fins, elims in _walk.walk(hm, digit_mask, _fins_at(max_fins),
                                                      _usable(base_houses, digit_mask), _bits(cover_houses),
                                                      admitted(admit)):
        found[size].append((base, cover, fins, elims))
    return found


def fish_of_digit_py(digit_mask: int, max_fins: dict, base_houses: tuple, cover_houses: frozenset,
                     admit) -> dict:
    """fish_of_digit by the Python walk (the reference)."""
    hm = [HOUSE_MASK[h] & digit_mask for h in range(27)]
    options = _OPTIONS.get(cover_houses)
    if options is None:
        options = _OPTIONS[cover_houses] = tuple(
            tuple(h for h in houses if h in cover_houses) for houses in _CELL_HOUSES)
    walk = _Walk(hm, digit_mask, options, max_fins, cover_houses, admitted(admit))
    # ascending, so that each base set comes sorted
    walk.grow(sorted(h for h in base_houses if hm[h]), 0, (), 0, 0, 0, 0, 0)
    return walk.found


class _Walk:
    """The base sets of one digit, and the covers of each."""

    def __init__(self, hm, digit_mask, options, max_fins, cover_houses, admit: int):
        self.hm, self.digit_mask, self.options = hm, digit_mask, options
        self.admit = admit
        self.cover_list, self.cover_set = sorted(cover_houses), cover_houses
        self.top = max(max_fins)
        self.limit = max(size + fins for size, fins in max_fins.items())
        self.found: dict = {size: [] for size in max_fins}
        self.fins_at = [max_fins.get(size, -1) for size in range(self.top + 1)]
        self.covers_too = [h in cover_houses for h in range(27)]
        # reach[x]: the candidates sharing with x a house that may cover it
        self.reach = [0] * 81
        for x in cell_bits(digit_mask):
            self.reach[x] = 1 << x
            for h in options[x]:
                self.reach[x] |= hm[h]

    def grow(self, usable, start, chosen, base_bits, union, inside, reached, need):
        """Base sets from usable[start:] added to `chosen` (house bits
        `base_bits`, candidates `union`), with a lower bound on the cover
        houses and fins they need: `need` candidates no two of which share a
        house that may cover them, `reached` the candidates sharing one with
        any of them; `inside` the base candidates in a base house that might
        otherwise cover them.  A house joining the base changes no other base
        candidate's houses (it holds none of them), so the bound grows by the
        new house's candidates alone."""
        hm, top, limit, reach, options = self.hm, self.top, self.limit, self.reach, self.options
        fins_at, size = self.fins_at, len(chosen) + 1
        for j in range(start, len(usable)):
            h = usable[j]
            if hm[h] & union:
                continue
            bits = base_bits | 1 << h
            narrowed = self.covers_too[h]       # h no longer covers its own candidates
            grown_need, grown_reached = need, reached
            left = hm[h] & ~reached
            while left and grown_need <= limit:
                x = (left & -left).bit_length() - 1
                if narrowed:
                    r = 1 << x
                    for o in options[x]:
                        if o != h:
                            r |= hm[o]
                else:
                    r = reach[x]
                left &= ~r
                grown_reached |= r
                grown_need += 1
            if grown_need > limit:
                continue
            picked = chosen + (h,)
            fins = fins_at[size]
            grown_inside = inside | hm[h] if narrowed else inside
            if fins >= 0 and grown_need <= size + fins:
                self._covers(picked, bits, union | hm[h], grown_inside, size, fins)
            if size < top:
                self.grow(usable, j + 1, picked, bits, union | hm[h], grown_inside, grown_reached,
                          grown_need)

    def _covers(self, base, base_bits, base_mask, inside, size, max_fins):
        """The fish on one base set.  `inside`: its candidates in a base
        house that might cover them otherwise; they have fewer houses left
        to cover them, so they are branched on first."""
        hm, options, digit_mask = self.hm, self.options, self.digit_mask
        keys: set = set()

        def grow(chosen, taken, covered, fins, common):
            left = base_mask & ~covered & ~fins
            if not left:
                keys.update(self._filled(chosen, taken, size, base_bits, base_mask))
                return
            if len(chosen) == size and left.bit_count() + fins.bit_count() > max_fins:
                return      # no cover house left to take, and too many fins
            pick = left & inside or left
            x = (pick & -pick).bit_length() - 1
            if len(chosen) < size:
                # the last cover house must leave no more than the fins allowed
                spare = max_fins - fins.bit_count() if len(chosen) == size - 1 else 81
                for h in options[x]:
                    if not taken >> h & 1 and (left & ~hm[h]).bit_count() <= spare:
                        grow(chosen + (h,), taken | 1 << h, covered | hm[h], fins, common)  # noqa: F821
            if fins.bit_count() < max_fins:
                peers = common & PEER_MASK[x]
                if peers & digit_mask:
                    grow(chosen, taken, covered, fins | 1 << x, peers)  # noqa: F821

        grow((), base_bits, 0, 0, ALL_CELLS)
        del grow        # it refers to itself through its closure: break that cycle
        for cover in sorted(keys):
            cover_mask = twice = 0
            for h in cover:
                twice |= cover_mask & hm[h]
                cover_mask |= hm[h]
            fins = base_mask & ~cover_mask
            see = ALL_CELLS
            for i in cell_bits(fins):
                see &= PEER_MASK[i]
            # outside the base, or a base candidate two cover houses share
            elims = ((cover_mask & ~base_mask) | (twice & base_mask)) & see & ~fins
            if elims and self.admit >> (kinds(base) * 8 + kinds(cover)) & 1:
                self.found[size].append((base, cover, fins, elims))

    def _filled(self, chosen, taken, size, base_bits, base_mask):
        """Every base candidate is covered or a fin: any further cover houses
        holding a base candidate may fill the set (a fin taken early may be
        in one of them)."""
        if len(chosen) == size:
            return (tuple(sorted(chosen)),)
        spare = [h for h in self.cover_list if not taken >> h & 1 and self.hm[h] & base_mask]
        return (tuple(sorted(chosen + extra)) for extra in combinations(spare, size - len(chosen)))
