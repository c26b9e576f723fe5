"""What the rooms of fish mixing lines and boxes share: Franken fish
(franken.py) and Mutant fish (mutant.py) are one search (general.py) told
apart by the kinds of house on each side.  A `MixedKind` names one such
kind; this module gives it its steps, roles, pattern check and first step.

One instance is (size, digit, eliminations): of the fish that remove the
same candidates, the simplest is kept (fewest fins, then boxes, then the
lowest houses) and `merged` says how many there were.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ...grid import HOUSE_MASK, PEER_MASK, cell_bits, cell_name, cells_name, house_name, lines_text
from ...position import Position
from ...registry import EntryKeys, PatternQuery, PatternReport, an
from ...roles import BASE, COVER, FIN, Part, Roles
from ...step import make_step
from ..common import Memo, digit_masks
from ..patterns import digit_guard, fail, one_digit
from .basic import FISH_NAMES
from .general import BOXES, COLUMNS, ROWS, fish_of_digit, kinds, simplest_fish_of_digit, simplicity

SIZES = (2, 3, 4)
ROW_HOUSES, COLUMN_HOUSES, BOX_HOUSES = tuple(range(9)), tuple(range(9, 18)), tuple(range(18, 27))
# Fins the pattern check's reading of named cells allows (any fins are judged
# when the houses are named)
READING_FINS = {2: 2, 3: 2, 4: 2}


def franken_kinds(base_kinds: int, cover_kinds: int) -> bool:
    """The kinds of house of a Franken fish's base and cover: a box among
    them, and lines of one kind in the base and of the other in the cover."""
    if not (base_kinds | cover_kinds) & BOXES:
        return False
    return (not base_kinds & COLUMNS and not cover_kinds & ROWS) or \
        (not base_kinds & ROWS and not cover_kinds & COLUMNS)


def basic_kinds(base_kinds: int, cover_kinds: int) -> bool:
    """A basic (or finned) fish: rows against columns, or columns against rows."""
    return (base_kinds, cover_kinds) in ((ROWS, COLUMNS), (COLUMNS, ROWS))


def mutant_kinds(base_kinds: int, cover_kinds: int) -> bool:
    """Any other mix: rows and columns on one side, or one kind of line on
    both."""
    return not basic_kinds(base_kinds, cover_kinds) and not franken_kinds(base_kinds, cover_kinds)


@dataclass(frozen=True)
class MixedKind:
    """One kind of fish mixing lines and boxes."""
    id: str                                     # the technique's id
    word: str                                   # 'Franken', 'Mutant'
    admit: Callable[[int, int], bool]           # (base kinds, cover kinds) of this kind
    searches: tuple                             # (base houses, cover houses) of each walk
    max_fins: dict                              # {size: fins the finder allows}
    not_this: str                               # why named houses are not of this kind
    min_fins: int = 0                           # fewer fins: another room's fish
    memo: Memo = field(default_factory=Memo, compare=False)

    def fish_of_digit(self, digit_mask: int, max_fins: dict) -> dict:
        """{size: [(base, cover, fins, eliminations)]} of this kind, every search."""
        found: dict = {size: [] for size in max_fins}
        for base, cover in self.searches:
            for size, fishes in fish_of_digit(digit_mask, max_fins, base, cover, self.admit).items():
                found[size].extend(fishes)
        return found


def _digit_fish(kind: MixedKind, digit_mask: int) -> dict:
    """{size: (base, cover, fins, eliminations, merged)} of every fish of
    the kind on one digit, one per size and set of eliminations (the
    simplest: fewest fins, then boxes, then the lowest houses), simplest
    first."""
    best: dict = {}
    for base_houses, cover_houses in kind.searches:
        for size, base, cover, fins, elims, merged in simplest_fish_of_digit(
                digit_mask, kind.max_fins, base_houses, cover_houses, kind.admit, kind.min_fins):
            key = simplicity(base, cover, fins)
            old = best.get((size, elims))
            if old is None:
                best[size, elims] = [key, fins, merged]
            else:               # the same effect from another search
                old[2] += merged
                if key < old[0]:
                    old[0], old[1] = key, fins
    found: dict = {size: [] for size in SIZES}
    for (size, elims), (key, fins, merged) in sorted(best.items(), key=lambda kv: kv[1][0]):
        found[size].append((key[2], key[3], fins, elims, merged))
    return {size: tuple(fishes) for size, fishes in found.items()}


@dataclass(frozen=True)
class MixedRoles(Roles):
    """A Franken or Mutant fish: the step's houses are its base houses, then
    its cover houses; `fins` the base candidates outside the cover."""
    fins: tuple[int, ...] = ()
    size: int = 2
    merged: int = 1
    kind: str = "Franken"

    @property
    def word(self) -> str:
        return ("Finned " if self.fins else "") + f"{self.kind} " + FISH_NAMES[self.size]

    def _texts(self, step) -> tuple[str, str, str]:
        base, cover = step.houses[:self.size], step.houses[self.size:]
        fins = (("fin " if len(self.fins) == 1 else "fins ") + cells_name(self.fins)) if self.fins else ""
        return lines_text(base), lines_text(cover), fins

    def name(self, step) -> str:
        base, cover, fins = self._texts(step)
        return f"{self.word} #{step.digits[0]} BaseSet:{base.upper()} CoverSet:{cover.upper()} {fins}".rstrip()

    def lead(self, step) -> str:
        base, cover, fins = self._texts(step)
        return f"{self.word}: {step.digits[0]} {base} {cover} {fins}".rstrip()

    def json(self, step) -> dict:
        base, cover, _ = self._texts(step)
        return {"digit": step.digits[0], "base": base, "cover": cover, "size": self.size,
                "fins": [cell_name(i) for i in self.fins], "pattern": cells_name(step.cells),
                "merged": self.merged}

    def parts(self, step):
        parts = [Part(BASE, houses=step.houses[:self.size], digits=step.digits),
                 Part(COVER, houses=step.houses[self.size:], digits=step.digits)]
        if self.fins:
            parts.append(Part(FIN, cells=self.fins, digits=step.digits))
        return tuple(parts)


def _steps_of(kind: MixedKind, digit_mask: int, d: int, size: int) -> tuple:
    steps = []
    for base, cover, fins, elims, merged in kind.memo.get(digit_mask, _digit_fish, kind, digit_mask)[size]:
        base_mask = 0
        for h in base:
            base_mask |= HOUSE_MASK[h]
        steps.append(make_step(kind.id, MixedRoles(tuple(cell_bits(fins)), size, merged, kind.word),
                               cells=list(cell_bits(digit_mask & base_mask)), digits=(d,),
                               houses=list(base) + list(cover),
                               eliminations=[(i, d) for i in cell_bits(elims)]))
    return tuple(steps)


def finder_steps(kind: MixedKind, pos: Position) -> list:
    """Every step of the kind, by size, then fins."""
    masks = digit_masks(pos)
    steps: list = []
    for size in SIZES:
        for d in range(1, 10):
            steps.extend(_steps_of(kind, masks[d], d, size))
    steps.sort(key=lambda s: (s.roles.size, len(s.roles.fins)))
    return steps


def first_step(kind: MixedKind, pos: Position) -> list:
    """[the finder's first step] or []: the smallest size that has one."""
    masks = digit_masks(pos)
    for size in SIZES:
        found = [s for d in range(1, 10) for s in _steps_of(kind, masks[d], d, size)]
        if found:
            return [min(found, key=lambda s: len(s.roles.fins))]
    return []


def entry_keys(step) -> EntryKeys:
    size = step.roles.size
    return EntryKeys(frozenset(step.cells), lines=(tuple(sorted(step.houses[:size])),
                                                   tuple(sorted(step.houses[size:]))),
                     digits=frozenset(step.digits))


# ------------------------------------------------------------------ the pattern check

def pattern_check(kind: MixedKind):
    """The room's check: named base houses, then cover houses ('#3 R47B2
    C145'), or the base candidates' cells, read as a fish of the kind."""
    return one_digit(lambda pos, q, d: _check_digit(kind, pos, q, d))


def _check_digit(kind: MixedKind, pos: Position, q: PatternQuery, d: int) -> PatternReport:
    label = q.label or f"{kind.word} Fish"
    groups = [tuple(sorted(g)) for g in q.lines if g]
    if not groups and q.cells:
        groups = _reading(kind, pos, q, d)
        if not groups:
            return fail(q, label, f"no {kind.word} fish of 2 to 4 base houses has exactly "
                                  f"{cells_name(q.cells)} as its candidates {d}", digits=(d,))
    if len(groups) != 2:
        return fail(q, label, "name the base houses, then the cover houses (e.g. #3 R47B2 C145)",
                    digits=(d,), fits=False)
    base, cover = groups
    if len(base) != len(cover) or not 2 <= len(base) <= 4:
        return fail(q, label, f"{an(label)} has as many cover houses as base houses (2 to 4); "
                              f"{lines_text(base).upper()} {lines_text(cover).upper()} has {len(base)} "
                              f"and {len(cover)}", digits=(d,), fits=False)
    if basic_kinds(kinds(base), kinds(cover)):
        return fail(q, label, "no box among the houses: that is a basic or finned fish",
                    digits=(d,), fits=False)
    if not kind.admit(kinds(base), kinds(cover)):
        return fail(q, label, kind.not_this, digits=(d,), fits=False)
    shared = set(base) & set(cover)
    if shared:
        return fail(q, label, f"{house_name(min(shared))} is both a base and a cover house", digits=(d,))
    dm = digit_masks(pos)[d]
    hm = {h: HOUSE_MASK[h] & dm for h in base + cover}
    base_mask = 0
    for h in base:
        if not hm[h]:
            return fail(q, label, f"{house_name(h)} has no candidate {d}", digits=(d,))
        both = base_mask & hm[h]
        if both:
            i = (both & -both).bit_length() - 1
            other = next(g for g in base if g != h and hm[g] >> i & 1)
            return fail(q, label, f"the base houses {house_name(other)} and {house_name(h)} share the "
                                  f"candidate {d} of {cell_name(i)}", [i], digits=(d,))
        base_mask |= hm[h]
    cover_mask = twice = 0
    for h in cover:
        if not hm[h] & base_mask:
            return fail(q, label, f"the cover house {house_name(h)} holds no candidate {d} of the base houses",
                        digits=(d,))
        twice |= cover_mask & hm[h]
        cover_mask |= hm[h]
    fins = base_mask & ~cover_mask
    see = (1 << 81) - 1
    for i in cell_bits(fins):
        see &= PEER_MASK[i]
    removes = ((cover_mask & ~base_mask) | (twice & base_mask)) & see & ~fins
    fin_text = f" (fins {cells_name(list(cell_bits(fins)))})" if fins else ""
    if not removes:
        because = "no cover candidate outside the base sees every fin" if fins else \
            "the cover houses hold no other candidate"
        return fail(q, label, f"{lines_text(base).upper()} {lines_text(cover).upper()}{fin_text} removes "
                              f"nothing: {because}", list(cell_bits(fins)), digits=(d,))

    def why(i):
        if not cover_mask >> i & 1:
            return f"{cell_name(i)} is in no cover house ({lines_text(cover)})"
        if fins and not see >> i & 1:
            return f"{cell_name(i)} does not see every fin{fin_text}"
        return f"{cell_name(i)} lies in a base house ({lines_text(base)})"

    word = ("Finned " if fins else "") + f"{kind.word} " + FISH_NAMES[len(base)]
    return PatternReport(True, word, list(cell_bits(base_mask)), digits=(d,),
                         removes={(i, d) for i in cell_bits(removes)}, why_not=digit_guard(d, why))


def _reading(kind: MixedKind, pos: Position, q: PatternQuery, d: int) -> list:
    """[base, cover] of a fish of the kind whose base candidates are the
    named cells (the judge's --pattern names cells): of those removing the
    claim, else of all, the simplest (smallest, then fewest fins); [] when
    there is none."""
    named = 0
    for i in q.cells:
        named |= 1 << i
    dm = digit_masks(pos)[d]
    claim = {i for i, e, placing in q.claim if e == d and not placing}
    readings = []
    for size, fishes in kind.fish_of_digit(dm, READING_FINS).items():
        for base, cover, fins, elims in fishes:
            if _union(base, dm) != named:
                continue
            removes = bool(claim) and all(elims >> i & 1 for i in claim)
            readings.append((not removes, size, fins.bit_count(), base, cover))
    return list(min(readings)[3:]) if readings else []


def _union(houses, digit_mask: int) -> int:
    m = 0
    for h in houses:
        m |= HOUSE_MASK[h] & digit_mask
    return m
