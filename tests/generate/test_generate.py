"""The generator: every puzzle has one solution, a seed makes the same
puzzles, and the practice positions it keeps follow the accept rules."""
from __future__ import annotations

import itertools

import pytest

from tutor.engine.exact import solve_values
from tutor.engine.names import leans_on
from tutor.engine.position import Position
from tutor.engine.registry import get, ladder
from tutor.engine.solve import logic_solve
from tutor.generate.accept import practice_in, simplest
from tutor.generate.grids import SYMMETRIES
from tutor.generate.run import make_puzzle, run

SAMPLE = [make_puzzle("accept-test", n) for n in range(14)]


@pytest.mark.parametrize("symmetry", sorted(SYMMETRIES))
def test_every_puzzle_has_one_solution_and_is_minimal_for_its_symmetry(symmetry):
    for n in range(6):
        puzzle = make_puzzle(f"unique:{symmetry}", n, symmetry)
        count, solution = solve_values(puzzle)
        assert count == 1
        for orbit in SYMMETRIES[symmetry]:
            clues = [i for i in orbit if puzzle[i]]
            assert len(clues) in (0, len(orbit))            # the clues keep the symmetry
            if clues and n < 2:                             # and none can go
                fewer = [0 if i in orbit else v for i, v in enumerate(puzzle)]
                assert solve_values(fewer)[0] == 2


def test_a_seed_makes_the_same_puzzles_and_another_seed_others():
    first = [m.values for m in itertools.islice(run(11), 4)]
    again = [make_puzzle(11, n) for n in range(4)]
    assert first == again
    assert len({tuple(p) for p in first}) == 4
    assert all(a != b for a, b in zip(first, (make_puzzle(12, n) for n in range(4))))
    # a run started part way makes the same puzzles from there
    assert [m.values for m in itertools.islice(run(11, start=2), 2)] == first[2:]


def _path(values):
    """(position, simplest technique) at every position of the logic solve."""
    pos = Position.from_values(values)
    out = []
    for step in logic_solve(pos).steps:
        t, _ = simplest(pos)
        out.append((pos.copy(), t))
        pos.apply(step)
    return out


def _expected(values, wanted=None):
    """The practice positions by the rules, read straight off the path."""
    out, climbed = [], 0
    for pos, t in _path(values):
        if t.rank > climbed:
            real = [s for s in t.finder(pos) if not leans_on(s)]
            if real and (wanted is None or t.id in wanted):
                out.append((t.id, pos.key(), len(real)))
            climbed = t.rank
    return out


def test_practice_positions_are_every_climb_of_the_path_and_only_those():
    later_repeats = 0
    for values in SAMPLE:
        got = [(f.technique, f.position.key(), f.instances) for f in practice_in(values)]
        assert got == _expected(values)
        ranks = [t.rank for _, t in _path(values)]
        # a rung met again after a harder one is no practice position: the sample has some
        later_repeats += sum(1 for k, r in enumerate(ranks) if 0 < r < max(ranks[:k], default=0))
    assert later_repeats > 0


def test_a_wanted_rung_above_the_cheap_pass_gets_the_same_positions():
    """Starting where the cheap pass is stuck (kernel.py) finds what the
    whole walk finds."""
    hard = [t.id for t in ladder() if t.rank >= get("x-wing").rank]
    seen = 0
    for values in SAMPLE:
        got = [(f.technique, f.position.key()) for f in practice_in(values, hard)]
        assert got == [(t, key) for t, key, _ in _expected(values, set(hard))]
        seen += len(got)
    assert seen > 0


def test_each_practice_position_meets_the_accept_rules():
    checked = 0
    for values in SAMPLE:
        solution = solve_values(values)[1]
        for f in practice_in(values):
            t, steps = simplest(f.position)
            assert t.id == f.technique
            assert any(not leans_on(s) for s in steps)
            assert all(f.position.values[i] == solution[i] or f.position.has(i, solution[i])
                       for i in range(81))
            assert f.puzzle == "".join(str(v) if v else "." for v in values)
            checked += 1
    assert checked > len(SAMPLE)      # every puzzle gives several rungs


def test_neighbours_keep_the_solution_and_stay_minimal():
    import random
    from tutor.generate.grids import neighbour
    puzzle = SAMPLE[0]
    solution = solve_values(puzzle)[1]
    for k in range(3):
        near = neighbour(puzzle, solution, random.Random(k))
        assert near != puzzle and solve_values(near) == (1, solution)
        for i in (i for i, v in enumerate(near) if v):
            assert solve_values([0 if j == i else v for j, v in enumerate(near)])[0] == 2


def test_a_guided_run_follows_the_puzzles_that_reach_the_technique():
    made = list(itertools.islice(run("guided", wanted=["xy-wing"], guide="xy-wing"), 60))
    again = list(itertools.islice(run("guided", wanted=["xy-wing"], guide="xy-wing"), 60))
    assert [m.values for m in made] == [m.values for m in again]
    roots = [m for m in made if m.neighbour == 0]
    assert len(roots) < len(made)
    for k, m in enumerate(made):
        root = next(r for r in reversed(made[:k + 1]) if r.neighbour == 0)
        if m.neighbour:
            assert root.index == m.index and solve_values(m.values)[1] == solve_values(root.values)[1]
        if k + 1 < len(made):        # only the puzzles that reach the technique are followed
            followed = made[k + 1].neighbour == 1
            assert followed == (m.neighbour == 0 and any(f.technique == "xy-wing" for f in m.found))


def test_each_rung_wanted_alone_gets_its_positions():
    """Wanting one rung (the walk then starts as late and stops as early as
    it may) finds the same positions as the walk over every rung."""
    for rung in ("hidden-single", "naked-subset", "hidden-subset", "x-wing", "xy-wing", "wxyz-wing", "aic"):
        for values in SAMPLE[:8]:
            got = [f.position.key() for f in practice_in(values, [rung])]
            assert got == [key for t, key, _ in _expected(values, {rung})]
