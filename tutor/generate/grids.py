"""Full grids and digging: the first two stages of a generated puzzle.

A full grid: the three boxes of the main diagonal do not see each other, so
each gets a random arrangement of 1-9; the exact solver completes the rest
(its first solution: the same one whichever kernel runs, see kernel.py).

Digging (kernel.dig): take clues away, one symmetry orbit at a time in a
random order, keeping a removal only while the puzzle still has exactly one
solution.  Removing one clue (cell i, digit v) keeps it unique exactly when
no grid with i other than v fits the clues left, a single search that
usually stops at once.  The result is minimal for its symmetry: no orbit
can go without a second solution appearing.

A neighbour of a puzzle: the same solution, a few clues of it put back,
then dug again in a new order.  It keeps most of the puzzle, so most of its
solve path: where a puzzle almost reaches a technique (see run.py), its
neighbours often do.

Everything random comes from the `random.Random` passed in, so a seed gives
the same puzzle on every machine, with or without the compiled kernel.
"""
from __future__ import annotations

import random

from ..engine.grid import ALL_DIGITS
from . import kernel

BITS = (0,) + tuple(1 << (d - 1) for d in range(1, 10))
DIAGONAL_BOXES = tuple(tuple((b // 3) * 27 + (b % 3) * 3 + r * 9 + c for r in range(3) for c in range(3))
                       for b in (0, 4, 8))


def _orbit(i: int, symmetry: str) -> tuple[int, ...]:
    r, c = divmod(i, 9)
    images = {"none": [(r, c)],
              "rotational": [(r, c), (8 - r, 8 - c)],
              "mirror": [(r, c), (r, 8 - c)],
              "diagonal": [(r, c), (c, r)],
              "dihedral": [(r, c), (c, r), (8 - r, 8 - c), (8 - c, 8 - r),
                           (r, 8 - c), (8 - r, c), (c, 8 - r), (8 - c, r)]}[symmetry]
    return tuple(sorted({a * 9 + b for a, b in images}))


# symmetry name -> the orbits of the 81 cells (each once)
SYMMETRIES = {name: tuple(sorted({_orbit(i, name) for i in range(81)}))
              for name in ("none", "rotational", "mirror", "diagonal", "dihedral")}


def full_grid(rng: random.Random) -> list[int]:
    """A random solved grid (81 digits)."""
    masks = [ALL_DIGITS] * 81
    for box in DIAGONAL_BOXES:
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for i, d in zip(box, digits):
            masks[i] = BITS[d]
    found, grid = kernel.count(masks, 1)
    assert found == 1, "three diagonal boxes always complete"
    return grid


def dig(grid: list[int], rng: random.Random, symmetry: str = "none") -> list[int]:
    """A minimal puzzle (for the symmetry) with the one solution `grid`."""
    orbits = list(SYMMETRIES[symmetry])
    rng.shuffle(orbits)
    return kernel.dig(grid, orbits)


def neighbour(puzzle: list[int], solution: list[int], rng: random.Random,
              symmetry: str = "none", add: int = 2) -> list[int]:
    """A minimal puzzle near `puzzle`: `add` of its empty orbits filled from
    `solution`, then every orbit dug again (the empty ones first: they stay
    empty, the puzzle with them empty has one solution), clues in a random
    order."""
    empty = [o for o in SYMMETRIES[symmetry] if not puzzle[o[0]]]
    refill = set(rng.sample(range(len(empty)), min(add, len(empty))))
    stay = [o for k, o in enumerate(empty) if k not in refill]
    clues = [o for o in SYMMETRIES[symmetry] if puzzle[o[0]]] + [empty[k] for k in sorted(refill)]
    rng.shuffle(clues)
    return kernel.dig(solution, stay + clues)
