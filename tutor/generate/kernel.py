"""The generator's two hot loops, compiled where the machine could build
them and in plain Python otherwise:

* `count(masks, limit)`: solutions of a grid of candidate masks, counted up
  to `limit`, and the first one found (the engine's exact solver,
  tutor/engine/exact.py, searches the same way, so it is the same first
  solution);
* `dig(grid, orbits)`: digging (tutor/generate/grids.py): empty each orbit
  of cells in turn, keeping it empty while the puzzle keeps one solution;
* `cheap(values, cands)`: the cheap pass, the closure of a position under
  the lowest rungs of the ladder (CHEAP), one rung more at a time.  It says
  which rung finishes the puzzle, or where the puzzle is stuck once they
  are all spent: most generated puzzles are thrown away (or rated) here,
  long before the full ladder runs.

`tutor/generate/_kernel.c` is built by `pip install` when a C compiler is
there (setup.py; the build is optional).  The pure-Python path is the
engine itself: its exact solver, and its logic solve limited to CHEAP.  Set
SUDOKU_TUTOR_PURE_PYTHON=1 to use it even where the kernel is built.
tests/generate/test_kernel.py checks that both give the same answers.

Why the cheap pass may stop early: the rungs of CHEAP only ever remove
candidates, and a removal they allow stays allowed after other removals, so
they reach the same stuck position whatever order they run in.  A logic
solve therefore passes through that position, and nothing before it needs
more than CHEAP (a Locked Pair or Triple is two naked sets, which the
naked subsets cover); and the first rung whose closure solves the puzzle
bounds the hardest technique of its logic solve: the singles exactly, and
past them no harder than its own tier (the solve may take a Locked Pair,
which comes before Pointing, where the kernel needed naked subsets, or the
hidden set on the other side of a house split, registry.tiers).
"""
from __future__ import annotations

from ..engine.compiled import PURE_PYTHON, optional_module
from ..engine.exact import solve_masks_py
from ..engine.grid import ALL_DIGITS
from ..engine.position import Position

# The kernel's levels 0-4, in ladder order (locked sets: the naked subsets,
# and with them the hidden ones they mirror, which share their tier).
CHEAP = ("naked-single", "hidden-single", "pointing", "claiming", "naked-subset")
STUCK = len(CHEAP)          # level: CHEAP leaves the puzzle unsolved
BROKEN = STUCK + 1          # level: a contradiction (never for a puzzle with one solution)

ABI = 1         # what _kernel.c's functions take and give (its ABI constant)

_kernel = optional_module(f"{__package__}._kernel", ABI)
COMPILED = _kernel is not None and not PURE_PYTHON


def _count_py(masks: list[int], limit: int = 2) -> tuple[int, list[int] | None]:
    return solve_masks_py(masks, limit)


def _dig_py(grid: list[int], orbits) -> list[int]:
    values = list(grid)
    for orbit in orbits:
        masks = [1 << (v - 1) if v else ALL_DIGITS for v in values]
        for i in orbit:
            masks[i] = ALL_DIGITS
        if len(orbit) == 1:       # one solution left: none with another digit there
            masks[orbit[0]] &= ~(1 << (grid[orbit[0]] - 1))
            unique = _count_py(masks, 1)[0] == 0
        else:
            unique = _count_py(masks, 2)[0] == 1
        if unique:
            for i in orbit:
                values[i] = 0
    return values


def _cheap_py(values: list[int], cands: list[int]) -> tuple[int, list[int], list[int]]:
    from ..engine.solve import logic_solve
    pos = Position(values, cands)
    if pos.is_solved():
        return -1, list(values), list(cands)
    result = logic_solve(pos, CHEAP)
    if result.status == "contradiction":
        level = BROKEN
    elif result.status == "solved":
        level = CHEAP.index(result.hardest)
    else:
        level = STUCK
    return level, result.position.values, result.position.cands


def backends() -> dict:
    """{name: (count, dig, cheap)} of the kernels this machine has:
    'python' always, 'c' when it was built (tests run both)."""
    out = {"python": (_count_py, _dig_py, _cheap_py)}
    if _kernel is not None:
        out["c"] = (_kernel.count, _kernel.dig, _kernel.cheap)
    return out


count, dig, cheap = backends()["c" if COMPILED else "python"]
