"""Variants: a practice position redrawn by a Sudoku symmetry
(`tutor.teaching.symmetry`: transposing, reordering bands, stacks and the
lines inside them, relabelling digits).

Some techniques are rare as the simplest step (a Jellyfish almost always
comes with a smaller fish in the other direction, which is simpler).  A
variant has the same logic as its source position, so the technique is
still the simplest step; each one is checked with the engine all the same.
"""
from __future__ import annotations

import random

from .practice_sources import VARIANT_PREFIX, PracticePosition, redraw_puzzle
from .practice_walk import is_practice_position
from .symmetry import Symmetry


def variant_of(base: PracticePosition, sym: Symmetry) -> PracticePosition | None:
    """`base` redrawn by `sym`, marked as a variant of it.  Checked with the
    engine (is_practice_position, and its solution is the base's solution
    redrawn); None if a check fails (it should not: the logic is the same)."""
    if base.is_variant:
        raise ValueError("make variants of positions from the shipped puzzles only")
    pos = sym.position(base.position)
    if not is_practice_position(pos, base.technique):
        return None
    if pos.solution() != sym.values(base.position.solution() or [0] * 81):
        return None
    # a redrawing keeps the logic, so the instances too (the bank's seeding reads them)
    return PracticePosition(base.technique, pos, f"{VARIANT_PREFIX}{base.source} ({sym.describe()})",
                            redraw_puzzle(base.puzzle, sym), base.step_index, base.route, sym.code,
                            base.instances)


def make_variants(technique: str, bases: list[PracticePosition], count: int, seed="cache",
                  exclude=()) -> list[PracticePosition]:
    """`count` variants of the (non-variant) `bases`, taken in turn, each
    redrawn by a symmetry drawn from the seed; positions whose key is in
    `exclude` (or repeat) are skipped.  Deterministic."""
    bases = [b for b in bases if not b.is_variant]
    out: list[PracticePosition] = []
    keys = set(exclude)
    k = 0
    while bases and len(out) < count and k < 4 * count + 16:
        base = bases[k % len(bases)]
        sym = Symmetry.random(random.Random(f"variant:{technique}:{seed}:{k}"))
        k += 1
        v = variant_of(base, sym)
        if v is None or v.position.key() in keys:
            continue
        keys.add(v.position.key())
        out.append(v)
    return out
