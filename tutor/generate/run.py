"""A run of the generator: puzzle after puzzle from one seed, each kept or
thrown away by what is wanted.

Puzzle n of seed s is made from `random.Random(f"{s}:{n}")` alone, so a run
is reproducible, a run stopped half way keeps its puzzles, and puzzle n can
be made again on its own (`make_puzzle`).
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from ..engine.position import Position
from ..engine.solve import SolveResult, logic_solve
from .accept import Found, givens_text, practice_in
from .grids import dig, full_grid


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

    @property
    def givens(self) -> str:
        return givens_text(self.values)

    def rate(self) -> SolveResult:
        """The logic solve of the puzzle: its score, hardest technique, path."""
        return logic_solve(Position.from_values(self.values))


def run(seed: int | str, symmetry: str = "none", wanted: Iterable[str] | None = None,
        start: int = 0) -> Iterator[Made]:
    """Every puzzle of the run, from `start` on, without end.  With `wanted`
    (technique ids), each comes with its practice positions for them (often
    none: the caller keeps the puzzles it wants)."""
    wanted = list(wanted) if wanted else None
    for index in itertools.count(start):
        values = make_puzzle(seed, index, symmetry)
        yield Made(index, values, practice_in(values, wanted) if wanted else [])
