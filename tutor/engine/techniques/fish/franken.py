"""Franken fish on one digit: Franken X-Wing (size 2), Swordfish (3) and
Jellyfish (4).

A Franken fish is a fish (general.py has the definition and the search)
whose base houses are rows and boxes and whose cover houses are columns and
boxes, or columns and boxes covered by rows and boxes, with at least one box
among them (with none it is a basic or finned fish, fish/basic.py and
fish/finned.py).  One instance is (size, digit, eliminations): of the fish
that remove the same candidates, the simplest is kept (fewest boxes, then
the lowest houses) and `merged` says how many there were.

Bounds (measured, docs/engine.md): sizes 2 to 4 and no fins; one fin would
take the search past twice its time.  The roles and the pattern check take
fins (`check --by 'finned franken swordfish'` is judged on its pattern).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...grid import HOUSE_MASK, PEER_MASK, cell_bits, cell_name, cells_name, house_name, lines_text
from ...position import Position
from ...registry import EntryKeys, PatternQuery, PatternReport, an, technique
from ...roles import BASE, COVER, FIN, Part, Roles
from ...step import make_step
from ..common import Memo, digit_masks, tally
from ..patterns import digit_guard, fail, one_digit
from .basic import FISH_NAMES
from .general import fish_of_digit

SIZES = (2, 3, 4)
# Fins the finder allows at each size (docs/engine.md has the cost of one)
MAX_FINS = {2: 0, 3: 0, 4: 0}
_ROWS, _COLS, _BOXES = tuple(range(9)), tuple(range(9, 18)), tuple(range(18, 27))
# (base houses, cover houses): rows and boxes covered by columns and boxes, and the transpose
ORIENTATIONS = ((_ROWS + _BOXES, frozenset(_COLS + _BOXES)),
                (_COLS + _BOXES, frozenset(_ROWS + _BOXES)))
_MEMO = Memo()


def is_franken(base, cover) -> bool:
    """Base and cover of a Franken fish: a box among them, and lines of one
    kind in the base and of the other in the cover."""
    if not any(h >= 18 for h in (*base, *cover)):
        return False
    return any(all(h in allowed for h in base) and all(h in covers for h in cover)
               for allowed, covers in ORIENTATIONS)


def _has_box(base, cover) -> bool:
    """Within one orientation, a Franken fish is one with a box (base and
    cover are sorted: a box is the last house of one)."""
    return base[-1] >= 18 or cover[-1] >= 18


def _digit_franken(digit_mask: int) -> dict:
    """{size: (base, cover, fins, eliminations, merged)} of every Franken
    fish on one digit, one per size and set of eliminations (the simplest)."""
    found = [fish_of_digit(digit_mask, MAX_FINS, allowed, covers, _has_box)
             for allowed, covers in ORIENTATIONS]
    return {size: _simplest(fish for one in found for fish in one[size]) for size in SIZES}


def _simplest(fishes) -> tuple:
    """One fish per set of eliminations: the fewest fins, then boxes, then
    the lowest houses; `merged` says how many there were."""
    best: dict = {}
    for base, cover, fins, elims in fishes:
        tally(best, elims, (fins.bit_count(), sum(h >= 18 for h in base + cover), base, cover),
              (base, cover, fins))
    return tuple((base, cover, fins, elims, merged)
                 for elims, (_, (base, cover, fins), merged) in sorted(best.items(), key=lambda kv: kv[1][0]))


@dataclass(frozen=True)
class FrankenRoles(Roles):
    """A Franken fish: the step's houses are its base houses, then its cover
    houses; `fins` the base candidates outside the cover."""
    fins: tuple[int, ...] = ()
    size: int = 2
    merged: int = 1

    @property
    def word(self) -> str:
        return ("Finned " if self.fins else "") + "Franken " + FISH_NAMES[self.size]

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


def _steps_of(digit_mask: int, d: int, size: int) -> tuple:
    steps = []
    for base, cover, fins, elims, merged in _MEMO.get(digit_mask, _digit_franken, digit_mask)[size]:
        base_mask = 0
        for h in base:
            base_mask |= HOUSE_MASK[h]
        steps.append(make_step("franken-fish", FrankenRoles(tuple(cell_bits(fins)), size, merged),
                               cells=list(cell_bits(digit_mask & base_mask)), digits=(d,),
                               houses=list(base) + list(cover),
                               eliminations=[(i, d) for i in cell_bits(elims)]))
    return tuple(steps)


# ------------------------------------------------------------------ the pattern check

def _check_digit(pos: Position, q: PatternQuery, d: int) -> PatternReport:
    """Named base houses, then cover houses ('#3 R47B2 C145'), as a Franken fish."""
    label = q.label or "Franken Fish"
    groups = [tuple(sorted(g)) for g in q.lines if g]
    if not groups and q.cells:
        groups = _reading(pos, q, d)
        if not groups:
            return fail(q, label, f"no Franken fish of 2 to 4 base houses has exactly "
                                  f"{cells_name(q.cells)} as its candidates {d}", digits=(d,))
    if len(groups) != 2:
        return fail(q, label, "name the base houses, then the cover houses (e.g. #3 R47B2 C145)",
                    digits=(d,), fits=False)
    base, cover = groups
    if len(base) != len(cover) or not 2 <= len(base) <= 4:
        return fail(q, label, f"{an(label)} has as many cover houses as base houses (2 to 4); "
                              f"{lines_text(base).upper()} {lines_text(cover).upper()} has {len(base)} "
                              f"and {len(cover)}", digits=(d,), fits=False)
    if not any(h >= 18 for h in base + cover):
        return fail(q, label, "no box among the houses: that is a basic or finned fish",
                    digits=(d,), fits=False)
    if not is_franken(base, cover):
        return fail(q, label, "a Franken fish has rows and boxes as base and columns and boxes as "
                              "cover (or columns and rows swapped); mixing more is a Mutant fish",
                    digits=(d,), fits=False)
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
            return fail(q, label, f"the cover house {house_name(h)} holds no {d} of the base houses",
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

    word = ("Finned " if fins else "") + "Franken " + FISH_NAMES[len(base)]
    return PatternReport(True, word, list(cell_bits(base_mask)), digits=(d,),
                         removes={(i, d) for i in cell_bits(removes)}, why_not=digit_guard(d, why))


def _reading(pos: Position, q: PatternQuery, d: int) -> list:
    """[base, cover] of a Franken fish whose base candidates are the named
    cells (the judge's --pattern names cells): of those removing the claim,
    else of all, the simplest (smallest, then fewest fins); [] when there
    is none."""
    named = 0
    for i in q.cells:
        named |= 1 << i
    dm = digit_masks(pos)[d]
    claim = {i for i, e, placing in q.claim if e == d and not placing}
    readings = []
    for allowed, covers in ORIENTATIONS:
        for size, fishes in fish_of_digit(dm, {2: 2, 3: 2, 4: 2}, allowed, covers, _has_box).items():
            for base, cover, fins, elims in fishes:
                if _union(base, dm) == named:
                    removes = bool(claim) and all(elims >> i & 1 for i in claim)
                    readings.append((not removes, size, fins.bit_count(), base, cover))
    return list(min(readings)[3:]) if readings else []


def _union(houses, digit_mask: int) -> int:
    m = 0
    for h in houses:
        m |= HOUSE_MASK[h] & digit_mask
    return m


check = one_digit(_check_digit)


def _entry_keys(step) -> EntryKeys:
    size = step.roles.size
    return EntryKeys(frozenset(step.cells), lines=(tuple(sorted(step.houses[:size])),
                                                   tuple(sorted(step.houses[size:]))),
                     digits=frozenset(step.digits))


# ------------------------------------------------------------------ the room

def _finder_steps(pos: Position):
    masks = digit_masks(pos)
    steps: list = []
    for size in SIZES:
        for d in range(1, 10):
            steps.extend(_steps_of(masks[d], d, size))
    steps.sort(key=lambda s: (s.roles.size, len(s.roles.fins)))
    return steps


_ALIASES = tuple(f"{fin}franken {form}" for fin in ("", "finned ")
                 for size in (2, 3, 4) for form in {FISH_NAMES[size].lower(),
                                                    FISH_NAMES[size].lower().replace("-", " ")}) + (
    "frankenfish",)


@technique("franken-fish", "Franken Fish", "franken", rank=265, weight=250,
           aliases=tuple(sorted(set(_ALIASES))), check=check, entry_keys=_entry_keys,
           step_label=lambda step: step.roles.word, example="Franken Swordfish #3 R47B2 C145",
           confusions=(("finned-swordfish", "Franken fish vs finned fish",
                        "a Franken fish takes a box as a base or cover house; a finned fish has "
                        "only rows and columns, with its fins in one box"),),
           prerequisites=("finned-x-wing", "finned-swordfish"),
           distractors=("finned-swordfish", "swordfish", "empty-rectangle", "finned-x-wing"))
def franken_fish(pos: Position):
    return _finder_steps(pos)


def _first(pos: Position):
    """[the finder's first step] or []: the smallest size that has one."""
    masks = digit_masks(pos)
    for size in SIZES:
        found = [s for d in range(1, 10) for s in _steps_of(masks[d], d, size)]
        if found:
            return [min(found, key=lambda s: len(s.roles.fins))]
    return []


franken_fish.first = _first  # type: ignore[attr-defined]
