"""Shared test helpers: shipped puzzle sets, technique cases, soundness checks.

A plain module (not conftest) so that `from puzzle_helpers import ...` is
unambiguous next to the classroom tests' own conftest."""
from __future__ import annotations

import csv
import functools
import random

from tutor.engine.formats import parse_position
from tutor.paths import data_dir

PUZZLES = data_dir("puzzles")


def load_lines(name: str) -> list[str]:
    with open(PUZZLES / name, encoding="utf-8") as f:
        return [ln.strip() for ln in f if ln.strip()]


def qqwing(level: str) -> list[str]:
    return load_lines(f"qqwing-{level}.txt")


def all_qqwing() -> list[str]:
    return qqwing("easy") + qqwing("intermediate") + qqwing("expert")


def technique_cases(prefix: str | None = None) -> list[dict]:
    with open(PUZZLES / "technique-cases" / "cases.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [r for r in rows if prefix is None or r["technique"].startswith(prefix)]


def solve_path(text: str, techniques=None) -> tuple:
    """The positions along the logic solve of `text` (the start, then one
    after each step), computed once per test process (an xdist worker):
    several property tests sample the same shipped puzzles.  Shared: copy
    a position before changing it (sampled_positions does)."""
    key = (text, None if techniques is None else tuple(techniques))
    path = _PATHS.get(key)
    if path is None:
        from tutor.engine.solve import logic_solve
        pos = parse_position(text)
        walk = pos.copy()
        snapshots = [walk.copy()]
        for step in logic_solve(pos, techniques).steps:
            walk.apply(step)
            snapshots.append(walk.copy())
        path = _PATHS[key] = tuple(snapshots)
    return path


_PATHS: dict[tuple, tuple] = {}


def sampled_positions(puzzles, techniques=None, per_puzzle=3, seed=7):
    """Positions along logic-solve paths: a few per puzzle, chosen by seed
    (each a copy of its own; the paths are solved once, solve_path)."""
    rng = random.Random(seed)
    out = []
    for text in puzzles:
        snapshots = solve_path(text, techniques)
        picks = rng.sample(range(len(snapshots)), min(per_puzzle, len(snapshots)))
        out.extend((text, snapshots[k].copy()) for k in sorted(picks))
    return out


PER_RUNG = 2            # practice positions per rung
STEPS_EACH = 6          # steps per position


def practice_positions(tid: str, count: int = PER_RUNG):
    path = data_dir("puzzles") / "practice" / f"{tid}.txt"
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#")]
    return [parse_position(ln.split("\t")[0]) for ln in lines[:count]]


@functools.cache
def rung_steps():
    """(position, step) for steps of every rung, at positions where the rung
    is the simplest step (the shipped practice positions); made once, when a
    test first asks (not at collection) and shared by the tests of the hint
    words and of the roles."""
    from tutor.engine.registry import find_all, ladder
    out = []
    for t in ladder():
        for pos in practice_positions(t.id):
            out += [(pos, s) for s in find_all(pos, [t.id])[:STEPS_EACH]]
    return tuple(out)


def assert_sound(pos, steps, solution):
    """No step removes a solution digit or places a wrong one."""
    from tutor.engine.grid import cell_name
    for s in steps:
        for i, d in s.eliminations:
            assert solution[i] != d, f"{s.text}: removes the solution {cell_name(i)}={d}"
        for i, d in s.placements:
            assert solution[i] == d, f"{s.text}: places {cell_name(i)}={d}, solution is {solution[i]}"


def expected_set(row: dict) -> set[str]:
    """A case's expected effects, one candidate each: 'r6c2<>38' -> r6c2<>3, r6c2<>8."""
    import re
    out = set()
    for item in row["expected_normalized"].split():
        m = re.fullmatch(r"(r\dc\d)(<>|=)(\d+)", item)
        assert m, f"unreadable expectation {item!r}"
        for d in m.group(3):
            out.add(f"{m.group(1)}{m.group(2)}{d}")
    return out


def effects_of(steps) -> set[str]:
    out = set()
    for s in steps:
        out |= set(s.elimination_texts()) | set(s.placement_texts())
    return out


def conjugate_pairs(pos, digit: int) -> set[frozenset]:
    """Strong links on a digit, from the definition (for checks written apart
    from the finders): the two cells of a house that alone hold the digit."""
    from tutor.engine.grid import HOUSES
    pairs = set()
    for cells in HOUSES:
        found = [i for i in cells if pos.has(i, digit)]
        if len(found) == 2:
            pairs.add(frozenset(found))
    return pairs


def with_solutions(picks):
    """(position, solution) for sampled (text, position) pairs, each puzzle
    solved once."""
    solutions: dict[str, list[int]] = {}
    for text, pos in picks:
        if text not in solutions:
            solutions[text] = parse_position(text).solution()
        yield pos, solutions[text]
