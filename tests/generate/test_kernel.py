"""The generator's kernel (tutor/generate/kernel.py): the compiled path and
the pure-Python path give the same answers, and the cheap pass keeps the
promise the generator relies on (the logic solve passes through the
position where it gets stuck, and its level is the solve's hardest rung)."""
from __future__ import annotations

import random

import pytest

from tutor.engine.exact import solve_values
from tutor.engine.formats import parse_position
from tutor.engine.position import Position
from tutor.engine.registry import get, ladder, tier_of
from tutor.engine.solve import logic_solve
from tutor.generate import kernel
from tutor.generate.grids import SYMMETRIES, full_grid
from tutor.generate.run import make_puzzle

from puzzle_helpers import qqwing

BACKENDS = kernel.backends()
PUZZLES = [make_puzzle("kernel-test", n) for n in range(30)]
EXPERT = [parse_position(p).values for p in qqwing("expert")[:15]]


def _masks(values):
    return [1 << (v - 1) if v else 0x1FF for v in values]


def _lists(answer):
    level, values, cands = answer
    return level, list(values), list(cands)


def test_the_compiled_kernel_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert "c" in BACKENDS and kernel.COMPILED


@pytest.mark.skipif("c" not in BACKENDS, reason="the C kernel is not built here")
def test_count_gives_the_same_count_and_first_solution_on_both_paths():
    c_count, py_count = BACKENDS["c"][0], BACKENDS["python"][0]
    grids = [PUZZLES[0], EXPERT[0], [0] * 81]
    several = list(PUZZLES[1])
    several[next(i for i, v in enumerate(several) if v)] = 0       # a minimal puzzle less a clue
    broken = [1, 1] + [0] * 79                                    # two 1s in r1
    for values in grids + [several, broken]:
        for limit in (1, 2, 5):
            assert c_count(_masks(values), limit) == py_count(_masks(values), limit)
    assert c_count(_masks(several), 2)[0] == 2
    assert c_count(_masks(broken), 2) == (0, None)


@pytest.mark.skipif("c" not in BACKENDS, reason="the C kernel is not built here")
@pytest.mark.parametrize("symmetry", sorted(SYMMETRIES))
def test_dig_makes_the_same_puzzle_on_both_paths(symmetry):
    c_dig, py_dig = BACKENDS["c"][1], BACKENDS["python"][1]
    for n in range(4):
        rng = random.Random(f"dig:{symmetry}:{n}")
        grid = full_grid(rng)
        orbits = list(SYMMETRIES[symmetry])
        rng.shuffle(orbits)
        assert c_dig(grid, orbits) == py_dig(grid, orbits)


@pytest.mark.skipif("c" not in BACKENDS, reason="the C kernel is not built here")
def test_cheap_pass_agrees_on_both_paths():
    c_cheap, py_cheap = BACKENDS["c"][2], BACKENDS["python"][2]
    levels = set()
    for values in PUZZLES + EXPERT:
        pos = Position.from_values(values)
        got = _lists(c_cheap(pos.values, pos.cands))
        assert got == _lists(py_cheap(pos.values, pos.cands))
        levels.add(got[0])
    assert kernel.STUCK in levels and len(levels) >= 4      # the sample reaches several rungs


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_cheap_level_is_the_hardest_rung_of_the_logic_solve(backend):
    cheap = BACKENDS[backend][2]
    for values in PUZZLES[:12] + EXPERT[:6]:
        start = Position.from_values(values)
        level, vals, cands = cheap(start.values, start.cands)
        result = logic_solve(start)
        if level < kernel.STUCK:
            # the singles exactly; past them no harder than the level's tier:
            # a Locked Pair (two naked sets, before Pointing on the ladder) or
            # a hidden set may do what the kernel's naked subsets do
            lower = get(kernel.CHEAP[level - 1]).rank if level <= 2 else get("hidden-single").rank
            upper = max(t.rank for t in ladder() if tier_of(t) == tier_of(get(kernel.CHEAP[level])))
            assert lower < get(result.hardest).rank <= upper
            continue
        # stuck: the logic solve passes through that very position
        pos, seen = start.copy(), {start.key()}
        for step in result.steps:
            pos.apply(step)
            seen.add(pos.key())
        assert (tuple(vals), tuple(cands)) in seen


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_full_grids_and_dug_puzzles_have_one_solution(backend, monkeypatch):
    count, dig, _ = BACKENDS[backend]
    monkeypatch.setattr(kernel, "count", count)
    monkeypatch.setattr(kernel, "dig", dig)
    for n in range(3 if backend == "python" else 10):
        rng = random.Random(f"unique:{n}")
        grid = full_grid(rng)
        assert sorted(grid) == sorted(list(range(1, 10)) * 9) and solve_values(grid) == (1, grid)
        orbits = list(SYMMETRIES["none"])
        rng.shuffle(orbits)
        puzzle = dig(grid, orbits)
        assert solve_values(puzzle) == (1, grid)


def test_pure_python_is_chosen_by_the_environment():
    import os
    import subprocess
    import sys
    code = "from tutor.generate import kernel; print(kernel.COMPILED, kernel.count.__name__)"
    env = dict(os.environ, SUDOKU_TUTOR_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["False", "_count_py"]
