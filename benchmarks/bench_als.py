"""ALS Death Blossom finder timings.

Positions:
* stuck: qqwing-expert and sudoku-exchange diabolical-40 puzzles solved with
  every technique ranked below Death Blossom until none applies (unsolved
  ones only);
* mid-solve: two positions per puzzle sampled along those solve paths, many
  of them early and full of candidates (the hardest case for this finder).

For each set: median, p95 and max time of the finder (best of REPEAT calls
per position), the blossoms found (total, and median per position), the
number of positions with at least one, and find_all of every technique.

Run with `python -m benchmarks.bench_als` from the checkout.
"""
from __future__ import annotations

import random
import statistics
import time

from tutor.engine.registry import REGISTRY, find_all, ladder
from tutor.engine.formats import parse_position
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.als.death_blossom import death_blossom
from tutor.engine.techniques.common import clear_memos
from tutor.paths import data_dir

REPEAT = 3


def _lines(name: str) -> list[str]:
    with open(data_dir("puzzles") / name, encoding="utf-8") as f:
        return [ln.strip() for ln in f if ln.strip()]


def puzzle_sets() -> dict[str, list[str]]:
    return {
        "qqwing-expert": _lines("qqwing-expert.txt"),
        "diabolical-40": [ln.split()[1] for ln in _lines("sudoku-exchange/diabolical-40.txt")],
    }


def positions(puzzles: list[str], seed: int = 1):
    """(stuck positions, mid-solve positions) for a list of puzzles."""
    simpler = [t.id for t in ladder() if t.rank < REGISTRY["death-blossom"].rank]
    rng = random.Random(seed)
    stuck, mid = [], []
    for text in puzzles:
        start = parse_position(text)
        result = logic_solve(start, simpler)
        walk = start.copy()
        snaps = []
        for step in result.steps:
            walk.apply(step)
            if not walk.is_solved():
                snaps.append(walk.copy())
        mid.extend(rng.sample(snaps, min(2, len(snaps))))
        if result.status == "stuck":
            stuck.append(result.position)
    return stuck, mid


def best_of(fn, pos):
    best, out = None, None
    for _ in range(REPEAT):
        clear_memos()   # each run a full search, not the engine's kept results
        fresh = pos.copy()      # with an Analysis of its own, empty
        t = time.perf_counter()
        out = fn(fresh)
        dt = time.perf_counter() - t
        best = dt if best is None or dt < best else best
    return best * 1000, out


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def report(label: str, poss) -> None:
    if not poss:
        print(f"{label:34} (no positions)")
        return
    times, counts, overlap, alls = [], [], 0, []
    for pos in poss:
        ms, steps = best_of(death_blossom, pos)
        times.append(ms)
        counts.append(len(steps))
        overlap += sum(s.roles.overlap for s in steps)
        clear_memos()
        fresh = pos.copy()
        t = time.perf_counter()
        find_all(fresh)
        alls.append((time.perf_counter() - t) * 1000)
    print(f"{label:34} n={len(poss):4d}  death-blossom median {statistics.median(times):6.2f} ms"
          f"  p95 {pct(times, 0.95):6.2f}  max {max(times):7.2f}")
    print(f"{'':34} blossoms {sum(counts)} ({overlap} with overlap), median "
          f"{statistics.median(counts):g} per position, {sum(1 for c in counts if c)} positions with one")
    print(f"{'':34} find_all (every technique) median {statistics.median(alls):6.2f} ms"
          f"  p95 {pct(alls, 0.95):6.2f}")


def main() -> None:
    print(f"ALS Death Blossom (best of {REPEAT} calls per position)")
    for name, puzzles in puzzle_sets().items():
        stuck, mid = positions(puzzles)
        report(f"{name}, stuck", stuck)
        report(f"{name}, mid-solve", mid)


if __name__ == "__main__":
    main()
