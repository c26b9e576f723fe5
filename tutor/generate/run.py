"""A run of the generator: puzzle after puzzle from one seed, each kept or
thrown away by what is wanted.

Puzzle n of seed s is made from `random.Random(f"{s}:{n}")` alone, so a run
is reproducible, a run stopped half way keeps its puzzles, and puzzle n can
be made again on its own (`make_puzzle`).

Guided by one technique (`guide`), the run looks closer where it pays: a
puzzle that reaches the technique is followed by NEIGHBOURS puzzles near it
(grids.neighbour), seeded from the puzzle's own seed.  Measured on the rare
rungs that gives as many to twice as many practice positions a CPU second
as blind runs (docs/engine.md, "Generating puzzles"); following the near misses as well
(the technique has a step before the path climbs to its rung, but a
simpler one comes first) gave fewer.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from ..engine.position import Position
from ..engine.solve import SolveResult, logic_solve
from . import kernel
from .accept import Found, givens_text, practice_in
from .grids import dig, full_grid, neighbour

NEIGHBOURS = 20


def make_puzzle(seed: int | str, index: int, symmetry: str = "none") -> list[int]:
    """Puzzle `index` of the run with `seed`: 81 digits, 0 for an empty cell,
    exactly one solution."""
    rng = random.Random(f"{seed}:{index}")
    return dig(full_grid(rng), rng, symmetry)


@dataclass
class Made:
    """One puzzle of a run, with the practice positions found in it (only
    when techniques were wanted)."""
    index: int
    values: list[int]
    found: list[Found] = field(default_factory=list)
    neighbour: int = 0       # k > 0: the k-th neighbour of puzzle `index`

    @property
    def givens(self) -> str:
        return givens_text(self.values)

    def rate(self) -> SolveResult:
        """The logic solve of the puzzle: its score, hardest technique, path."""
        return logic_solve(Position.from_values(self.values))


def run(seed: int | str, symmetry: str = "none", wanted: Iterable[str] | None = None,
        start: int = 0, guide: str | None = None) -> Iterator[Made]:
    """Every puzzle of the run, from `start` on, without end.  With `wanted`
    (technique ids), each comes with its practice positions for them (often
    none: the caller keeps the puzzles it wants); with `guide` (one of them)
    the neighbours of the puzzles that reach it come too."""
    wanted = list(wanted) if wanted else None
    for index in itertools.count(start):
        values = make_puzzle(seed, index, symmetry)
        if not wanted:
            yield Made(index, values)
            continue
        found = practice_in(values, wanted)
        yield Made(index, values, found)
        if guide and any(f.technique == guide for f in found):
            yield from _neighbours(seed, index, values, symmetry, wanted)


def _neighbours(seed, index: int, values: list[int], symmetry: str, wanted) -> Iterator[Made]:
    rng = random.Random(f"{seed}:{index}:near")
    solution = kernel.count([1 << (v - 1) if v else 0x1FF for v in values], 1)[1]
    for k in range(1, NEIGHBOURS + 1):
        near = neighbour(values, solution, rng, symmetry)
        yield Made(index, near, practice_in(near, wanted) if wanted else [], k)


SOURCE = "generated:"


def source_label(seed, made: Made) -> str:
    """Where a puzzle of a run comes from: 'generated:SEED:INDEX', with
    '.K' for its K-th neighbour (`remake` reads it back)."""
    return f"{SOURCE}{seed}:{made.index}" + (f".{made.neighbour}" if made.neighbour else "")


def remake(label: str, symmetry: str = "none") -> list[int]:
    """The puzzle a source label names, made again."""
    seed, _, where = label[len(SOURCE):].rpartition(":")
    index, _, k = where.partition(".")
    values = make_puzzle(seed, int(index), symmetry)
    if not k:
        return values
    near = _neighbours(seed, int(index), values, symmetry, None)
    return next(m.values for m in near if m.neighbour == int(k))
