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
  fish (HoDoKu accepts it too), but it stands only because the hidden single
  of that line is pending: its roles' `leans_on` lists those placements
  (`["r1c2=7"]`), the views mark such a step in words and the quizzes do
  not ask for it, and it comes after the other fish of its size.  On a
  position where the singles are done it cannot happen.
* A fish of size n may contain a smaller fish (some k of its base lines
  already covered by k of its cover lines), e.g. the reference Jellyfish
  r2348/c1346 around the Swordfish r348/c136.  It is still a correct fish
  with its own eliminations, so it is reported; `contains_smaller`
  says so, and the ladder makes the solver use the smaller fish first.
* The row-based and the column-based search are separate patterns; a row
  fish of size n and the column fish made of the complementary lines remove
  the same candidates, and both are reported (each is a fish a learner might
  spot).  Every step is unique by (digit, base set, cover set).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast
from functools import lru_cache
from itertools import combinations

from ...registry import EntryKeys, PatternReport, technique
from ...grid import COL, HOUSE_MASK, MASK_BITS, POPCOUNT, ROW, cell_bits, cell_name, cells_name, house_name
from ...position import Position
from ...roles import BASE, COVER, Part, Roles
from ...step import Step, make_step
from ..common import Memo, digit_masks
from ..patterns import (
    WORDS, an, digit_cells, digit_guard, fail, lines_name, lines_text, one_digit, pick_report,
)

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
FISH_IDS = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
FINNED_IDS = {2: "finned-x-wing", 3: "finned-swordfish", 4: "finned-jellyfish"}


def line_cell(by_rows: bool, line: int, cross: int) -> int:
    """The cell where base line `line` meets cross line `cross` (rows as
    base lines when `by_rows`, else columns)."""
    return line * 9 + cross if by_rows else cross * 9 + line


@lru_cache(maxsize=1024)   # X-Wing, Swordfish and Jellyfish ask in turn
def line_masks(digit_mask: int):
    """rows[r]: 9-bit mask of the columns of row r holding the digit (given
    by the 81-bit mask of its cells); cols[c]: the same for the rows of
    column c."""
    rows = tuple(digit_mask >> (9 * r) & 0x1FF for r in range(9))
    cols = [0] * 9
    for i in cell_bits(digit_mask):
        cols[i % 9] |= 1 << (i // 9)
    return rows, tuple(cols)


def base_sets(lines, size, width=None):
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
                grow(j + 1, picked, u)  # noqa: F821 (deleted below)

    if n >= size:
        grow(0, (), 0)
    del grow        # it refers to itself: drop it now rather than leave the cycle to the GC
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
    steps.sort(key=lambda s: (bool(s.roles.leans_on), s.roles.size, s.houses, s.digits))
    return steps


_MEMO = Memo()


@dataclass(frozen=True)
class FishRoles(Roles):
    """A basic fish: the step's houses are its `size` base lines, then its
    cover lines; `contains_smaller` when some of its base lines make a
    smaller fish; `leans_on` the pending hidden singles of base lines that
    hold the digit once."""
    contains_smaller: bool
    leans_on: tuple[tuple[int, int], ...]
    size: int

    def base(self, step) -> tuple[int, ...]:
        return step.houses[:self.size]

    def cover(self, step) -> tuple[int, ...]:
        return step.houses[self.size:2 * self.size]

    def name(self, step) -> str:
        return (f"{FISH_NAMES[self.size]} #{step.digits[0]} BaseSet:{lines_text(self.base(step)).upper()} "
                f"CoverSet:{lines_text(self.cover(step)).upper()}")

    def lead(self, step) -> str:
        return (f"{FISH_NAMES[self.size]}: {step.digits[0]} {lines_text(self.base(step))} "
                f"{lines_text(self.cover(step))}")

    def json(self, step) -> dict:
        d = step.digits[0]
        return {"digit": d, "base": lines_text(self.base(step)),
                "cover": lines_text(self.cover(step)), "size": self.size,
                "pattern": cells_name(step.cells), "contains_smaller": self.contains_smaller,
                "leans_on": [f"{cell_name(i)}={d}" for i, _ in self.leans_on]}

    def parts(self, step):
        return (Part(BASE, houses=self.base(step), digits=step.digits),
                Part(COVER, houses=self.cover(step), digits=step.digits))


def _digit_fish(digit_mask: int, size: int, d: int) -> tuple:
    """Every fish of one size on one digit (rows as base, then columns)."""
    steps = []
    tid = FISH_IDS[size]
    rows, cols = line_masks(digit_mask)
    for by_rows in (True, False):
        lines, cross = (rows, cols) if by_rows else (cols, rows)
        for base, cover_mask in base_sets(lines, size):
            base_mask = 0
            for k in base:
                base_mask |= 1 << k
            cover = list(MASK_BITS[cover_mask])
            elims = []
            for c in cover:
                for k in MASK_BITS[cross[c] & ~base_mask]:
                    elims.append((line_cell(by_rows, k, c), d))
            if not elims:
                continue
            base_houses = [k if by_rows else 9 + k for k in base]
            cover_houses = [9 + k if by_rows else k for k in cover]
            base_cells = 0
            for h in base_houses:
                base_cells |= HOUSE_MASK[h]
            cells = list(cell_bits(digit_mask & base_cells))
            # a base line with one cell is a hidden single the fish stands on
            alone = [(k * 9 + lines[k].bit_length() - 1 if by_rows else (lines[k].bit_length() - 1) * 9 + k)
                     for k in base if POPCOUNT[lines[k]] == 1]
            roles = FishRoles(_has_smaller(lines, base), tuple((i, d) for i in sorted(alone)), size)
            steps.append(make_step(tid, roles, cells=cells, digits=(d,),
                                   houses=base_houses + cover_houses, eliminations=elims))
    return tuple(steps)


# ------------------------------------------------------------------ pattern checks

def fish_check(n: int):
    """The check for a fish of size n, named by its cells or by its lines
    (base lines first, then maybe the cover lines: '#3 r348 c136')."""
    def check_digit(pos, q, d):
        if q.lines:
            return _named_lines(pos, q, d, n)
        cells = list(q.cells)
        rows = sorted({ROW[i] for i in cells})
        cols = sorted({COL[i] for i in cells})
        results = [_fish_side(pos, q, d, n, rows, cols, True), _fish_side(pos, q, d, n, cols, rows, False)]
        picked = pick_report(results, q.claim)
        if picked:
            return picked
        # report the side whose cover lines the claim lies on
        if q.claim:
            i = q.claim[0][0]
            if ROW[i] in rows and COL[i] not in cols:
                return results[1]
        return results[0]
    return one_digit(check_digit)


def _named_lines(pos, q, d, n):
    if len(q.lines) > 2:
        return fail(q, q.label, "name the base lines, then the cover lines (e.g. #3 r348 c136)",
                    fits=False)
    base, cover = list(q.lines[0]), list(q.lines[1]) if len(q.lines) > 1 else []
    if any(h >= 18 for h in base + cover):
        return fail(q, q.label, "a basic fish uses rows and columns, not boxes", fits=False)
    if len({h < 9 for h in base}) != 1:
        return fail(q, q.label, f"the base lines {', '.join(house_name(h) for h in base)} mix rows "
                                f"and columns", fits=False)
    by_rows = base[0] < 9
    if cover and (len({h < 9 for h in cover}) != 1 or (cover[0] < 9) == by_rows):
        return fail(q, q.label, "the cover lines must be of the other kind (columns for row base "
                                "lines)", fits=False)
    if cover and len(cover) != n:
        return fail(q, q.label, f"{an(q.label)} has {WORDS[n]} cover lines; {lines_text(cover)} "
                                f"has {WORDS.get(len(cover), len(cover))}", fits=False)
    return _fish_side(pos, q, d, n, [h % 9 for h in base], [h % 9 for h in cover], by_rows,
                      exact_cover=bool(cover))


def _fish_side(pos, q, d, n, base, named_cover, by_rows, exact_cover=False):
    """The fish with base lines `base` (rows when by_rows, else columns)."""
    label, cells = q.label, list(q.cells)
    kind, other = ("row", "column") if by_rows else ("column", "row")
    letter, oletter = ("r", "c") if by_rows else ("c", "r")
    off, coff = (0, 9) if by_rows else (9, 0)
    if len(base) != n:
        named = (f"{cells_name(cells)} spans" if cells else f"{lines_name(letter, base)} names")
        return PatternReport(False, label, cells, f"{an(label)} has {WORDS[n]} base {kind}s; "
                             f"{named} {WORDS[len(base)]}", [], (d,), fits=False)
    line_of = (lambda i: COL[i]) if by_rows else (lambda i: ROW[i])
    cover = set()
    for b in base:
        dc = digit_cells(pos, off + b, d)
        name = house_name(off + b)
        if not dc:
            return PatternReport(False, label, cells, f"{name} has no candidate {d}", [], (d,))
        if len(dc) > n:
            need = "two" if n == 2 else f"at most {WORDS[n]}"
            outside = [j for j in dc if line_of(j) not in named_cover] or dc
            return PatternReport(False, label, cells, f"{name} holds {d} in {WORDS[len(dc)]} cells, "
                                 f"{an(label)} base {kind} needs {need}", outside, (d,))
        cover |= {line_of(j) for j in dc}
    if len(cover) > n:
        ref = set(named_cover) if len(named_cover) <= n else set()
        for b in base:
            outside = [j for j in digit_cells(pos, off + b, d) if line_of(j) not in ref]
            if ref and outside:
                return PatternReport(False, label, cells,
                                     f"{house_name(off + b)} holds {d} at {cells_name(outside)}, "
                                     f"outside the cover {other}s {lines_name(oletter, ref)}",
                                     outside, (d,))
        return PatternReport(False, label, cells,
                             f"the {d}s of {lines_name(letter, base)} spread over "
                             f"{WORDS[len(cover)]} {other}s {lines_name(oletter, cover)}", [], (d,))
    if exact_cover and cover != set(named_cover):
        return PatternReport(False, label, cells,
                             f"the {d}s of {lines_name(letter, base)} lie in {other}s "
                             f"{lines_name(oletter, cover)}, not {lines_name(oletter, named_cover)}",
                             [], (d,))
    removes = {(j, d) for c in cover for j in digit_cells(pos, coff + c, d)
               if (ROW[j] if by_rows else COL[j]) not in base}
    cover_name = lines_name(oletter, cover)
    base_name = lines_name(letter, base)

    def why(i):
        if line_of(i) not in cover:
            return f"{cell_name(i)} is not in the cover {other}s {cover_name}"
        return f"{cell_name(i)} lies on a base {kind} ({base_name})"

    fish_cells = [j for b in base for j in digit_cells(pos, off + b, d)]
    return PatternReport(True, label, fish_cells, digits=(d,), removes=removes,
                         why_not=digit_guard(d, why))


def fish_entry_keys(step: Step) -> EntryKeys:
    """A fish is named by its cells or by its base lines, then its cover lines."""
    roles = cast(FishRoles, step.roles)
    return EntryKeys(frozenset(step.cells), lines=(tuple(sorted(roles.base(step))),
                                                   tuple(sorted(roles.cover(step)))),
                     digits=frozenset(step.digits))


# ------------------------------------------------------------------ finders

_COUNT = "count the base lines: "


@technique("x-wing", "X-Wing", "fish", rank=70, weight=100,
           check=fish_check(2), entry_keys=fish_entry_keys,
           confusions=(("swordfish", "X-Wing vs Swordfish", _COUNT + "two for an X-Wing, three for a "
                                                            "Swordfish"),),
           prerequisites=("pointing", "claiming", "naked-subset", "hidden-subset"),
           distractors=("skyscraper", "swordfish", "two-string-kite", "pointing"))
def x_wing(pos: Position):
    return _fish_steps(pos, 2)


@technique("swordfish", "Swordfish", "fish", rank=80, weight=140, check=fish_check(3),
           entry_keys=fish_entry_keys, aliases=("sword fish",),
           confusions=(("jellyfish", "Swordfish vs Jellyfish", _COUNT + "three for a Swordfish, four "
                                                                  "for a Jellyfish"),),
           prerequisites=("x-wing",), distractors=("x-wing", "jellyfish", "skyscraper", "simple-colours"))
def swordfish(pos: Position):
    return _fish_steps(pos, 3)


@technique("jellyfish", "Jellyfish", "fish", rank=90, weight=160, check=fish_check(4),
           entry_keys=fish_entry_keys, aliases=("jelly fish",),
           prerequisites=("swordfish",), distractors=("swordfish", "x-wing", "x-cycle", "simple-colours"))
def jellyfish(pos: Position):
    return _fish_steps(pos, 4)
