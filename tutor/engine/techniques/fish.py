"""Basic fish on one digit: X-Wing (size 2), Swordfish (3), Jellyfish (4).

Definition used here (the usual one for basic fish):

* the *base set* is n lines of one kind (n rows, or n columns), each still
  holding the digit as a candidate somewhere;
* the *cover set* is the lines of the other kind that those candidates touch;
  a fish exists when there are exactly n of them.

Each base line must place the digit once, in a different cover line each
time (n base lines, n cover lines), so every cover line gets its copy of the
digit inside the base lines.  The digit therefore leaves every cover-line
cell outside the base lines.  Only patterns that remove something are
reported.

Choices worth knowing:

* A base line may hold the digit in a single cell.  That is still a valid
  fish (HoDoKu accepts it too); on a position where the singles are done it
  cannot happen anyway, because such a line would be a hidden single.
* A fish of size n may contain a smaller fish (some k of its base lines
  already covered by k of its cover lines), e.g. the reference Jellyfish
  r2348/c1346 around the Swordfish r348/c136.  It is still a correct fish
  with its own eliminations, so it is reported; `extra["contains_smaller"]`
  says so, and the ladder makes the solver use the smaller fish first.
* The row-based and the column-based search are separate patterns; a row
  fish of size n and the column fish made of the complementary lines remove
  the same candidates, and both are reported (each is a fish a learner might
  spot).  Every step is unique by (digit, base set, cover set).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..registry import family, technique
from ..grid import HOUSE_MASK, POPCOUNT, cell_bits, cells_name
from ..position import Position
from ..step import make_step
from .common import Memo, digit_masks

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
FISH_IDS = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}


@lru_cache(maxsize=1024)   # X-Wing, Swordfish and Jellyfish ask in turn
def _line_masks(digit_mask: int):
    """rows[r]: 9-bit mask of the columns of row r holding the digit (given
    by the 81-bit mask of its cells); cols[c]: the same for the rows of
    column c."""
    rows = tuple(digit_mask >> (9 * r) & 0x1FF for r in range(9))
    cols = [0] * 9
    for i in cell_bits(digit_mask):
        cols[i % 9] |= 1 << (i // 9)
    return rows, tuple(cols)


def _bits(mask: int):
    return [k for k in range(9) if mask >> k & 1]


def _base_sets(lines, size, width=None):
    """[(base line indexes, cover mask)] for every set of `size` lines whose
    candidates together touch at most `width` (default: `size`) cross lines,
    in lexicographic order of the base lines.  Finned fish ask for part of
    a base set with the width of the whole fish."""
    width = size if width is None else width
    usable = [k for k in range(9) if lines[k] and POPCOUNT[lines[k]] <= width]
    n = len(usable)
    out = []

    def grow(start, chosen, union):
        for j in range(start, n):
            k = usable[j]
            u = union | lines[k]
            if POPCOUNT[u] > width:
                continue
            picked = chosen + (k,)
            if len(picked) == size:
                out.append((picked, u))
            elif n - j - 1 >= size - len(picked):
                grow(j + 1, picked, u)

    if n >= size:
        grow(0, (), 0)
    return out


def _has_smaller(lines, base) -> bool:
    """Whether some proper subset of the base lines is itself a fish."""
    size = len(base)
    for k in range(1, size):
        for sub in combinations(base, k):
            u = 0
            for line in sub:
                u |= lines[line]
            if u.bit_count() == k:
                return True
    return False


def _fish_steps(pos: Position, size: int):
    steps = []
    masks = digit_masks(pos)
    for d in range(1, 10):
        # a digit's fish depend on its cells alone: reuse them while those stay
        steps.extend(_MEMO.get((size, d, masks[d]), _digit_fish, masks[d], size, d))
    steps.sort(key=lambda s: (s.extra["size"], s.houses, s.digits))
    return steps


_MEMO = Memo()


def _digit_fish(digit_mask: int, size: int, d: int) -> tuple:
    """Every fish of one size on one digit (rows as base, then columns)."""
    steps = []
    tid = FISH_IDS[size]
    word = FISH_NAMES[size]
    rows, cols = _line_masks(digit_mask)
    for by_rows in (True, False):
        lines, cross = (rows, cols) if by_rows else (cols, rows)
        for base, cover_mask in _base_sets(lines, size):
            base_mask = 0
            for k in base:
                base_mask |= 1 << k
            cover = _bits(cover_mask)
            elims = []
            for c in cover:
                for k in _bits(cross[c] & ~base_mask):
                    elims.append((k * 9 + c if by_rows else c * 9 + k, d))
            if not elims:
                continue
            base_l, cover_l = ("r", "c") if by_rows else ("c", "r")
            base_txt = base_l + "".join(str(k + 1) for k in base)
            cover_txt = cover_l + "".join(str(k + 1) for k in cover)
            base_houses = [k if by_rows else 9 + k for k in base]
            cover_houses = [9 + k if by_rows else k for k in cover]
            base_cells = 0
            for h in base_houses:
                base_cells |= HOUSE_MASK[h]
            cells = list(cell_bits(digit_mask & base_cells))
            steps.append(make_step(
                tid,
                f"{word} #{d} BaseSet:{base_txt.upper()} CoverSet:{cover_txt.upper()}",
                cells=cells, digits=(d,), houses=base_houses + cover_houses,
                eliminations=elims,
                lead=f"{word}: {d} {base_txt} {cover_txt}",
                extra={"digit": d, "base": base_txt, "cover": cover_txt, "size": size,
                       "pattern": cells_name(cells),
                       "contains_smaller": _has_smaller(lines, base)},
            ))
    return tuple(steps)


family("fish", "Fish", "fish")


@technique("x-wing", "X-Wing", "fish", rank=70)
def x_wing(pos: Position):
    return _fish_steps(pos, 2)


@technique("swordfish", "Swordfish", "fish", rank=80)
def swordfish(pos: Position):
    return _fish_steps(pos, 3)


@technique("jellyfish", "Jellyfish", "fish", rank=90)
def jellyfish(pos: Position):
    return _fish_steps(pos, 4)
