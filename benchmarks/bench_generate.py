"""The generator's speed and yield (tutor/generate/).

`python -m benchmarks.bench_generate [--puzzles N] [--python N] [--seeds N] [--budget S]`

* stages: CPU time per puzzle of the full grid, the digging, the cheap pass
  and the full rating (a logic solve of the whole ladder), with the
  compiled kernel and with the pure-Python path; and what that makes per
  second on one core: puzzles generated; generated and cheap-rated (the
  cheap pass names the hardest rung of the ~60% it finishes and throws
  them away for any harder rung); generated and fully rated;
* hit rates: practice positions per 1,000 puzzles for every rung (one walk
  a puzzle with every rung wanted: `practice_in`), with the CPU time a
  puzzle took there;
* time to a first hit: `run(seed, wanted=[rung])` until it gives a
  position, blind and guided (`guide=rung`: the neighbours of puzzles that
  reach the rung), median over the seeds (CPU seconds, capped
  at --budget; a rung that found none in time for most seeds shows '>').

CPU time (time.process_time) rather than the wall clock: a shared machine
inflates the wall clock by half or more.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from contextlib import contextmanager

from tutor.engine.position import Position
from tutor.engine.registry import ladder
from tutor.engine.solve import logic_solve
from tutor.generate import kernel
from tutor.generate.grids import dig, full_grid
from tutor.generate.run import run


@contextmanager
def backend(name: str):
    saved = kernel.count, kernel.dig, kernel.cheap
    kernel.count, kernel.dig, kernel.cheap = kernel.backends()[name]
    try:
        yield
    finally:
        kernel.count, kernel.dig, kernel.cheap = saved


def stages(n: int, rate: bool = True) -> dict[str, float]:
    """CPU ms per puzzle of each stage, over n puzzles."""
    spent = Counter()
    for k in range(n):
        rng = random.Random(f"bench:{k}")
        t0 = time.process_time()
        grid = full_grid(rng)
        t1 = time.process_time()
        values = dig(grid, rng)
        t2 = time.process_time()
        start = Position.from_values(values)
        kernel.cheap(start.values, start.cands)
        t3 = time.process_time()
        if rate:
            logic_solve(start)
        t4 = time.process_time()
        spent.update({"grid": t1 - t0, "dig": t2 - t1, "cheap": t3 - t2, "rate": t4 - t3})
    return {k: v * 1000 / n for k, v in spent.items()}


def print_stages(args) -> None:
    print(f"stages, CPU ms a puzzle (C: {args.puzzles} puzzles, Python: {args.python})")
    print(f"{'kernel':8} {'grid':>7} {'dig':>7} {'cheap':>7} {'rating':>8}   {'made/s':>7} "
          f"{'+cheap/s':>9} {'+rated/s':>9}")
    names = ["c", "python"] if "c" in kernel.backends() else ["python"]
    for name in names:
        if not (args.puzzles if name == "c" else args.python):
            continue
        with backend(name):
            ms = stages(args.puzzles if name == "c" else args.python)
        made = ms["grid"] + ms["dig"]
        print(f"{name:8} {ms['grid']:7.3f} {ms['dig']:7.3f} {ms['cheap']:7.3f} {ms['rate']:8.2f}   "
              f"{1000 / made:7.0f} {1000 / (made + ms['cheap']):9.0f} "
              f"{1000 / (made + ms['cheap'] + ms['rate']):9.1f}")


def print_hit_rates(n: int) -> None:
    print(f"\nhit rates: practice positions per 1,000 puzzles ({n} puzzles, every rung wanted)")
    hits = Counter()
    t0 = time.process_time()
    for made in run("hit-rates", wanted=[t.id for t in ladder()]):
        hits.update(f.technique for f in made.found)
        if made.index + 1 >= n:
            break
    cpu = time.process_time() - t0
    print(f"(one walk a puzzle: {cpu / n * 1000:.1f} CPU ms a puzzle, {n / cpu:.1f} puzzles/s)")
    for t in ladder():
        print(f"{t.id:18} {1000 * hits[t.id] / n:8.1f}")


def first_hit(rung: str, seed: int, budget: float, guided: bool) -> float | None:
    t0 = time.process_time()
    for made in run(f"first:{seed}", wanted=[rung], guide=rung if guided else None):
        if made.found:
            return time.process_time() - t0
        if time.process_time() - t0 > budget:
            return None


def _median(times: list, budget: float) -> str:
    found = [t for t in times if t is not None]
    if len(found) * 2 <= len(times):
        return f">{budget:.0f} ({len(found)}/{len(times)})"
    return f"{statistics.median(t if t is not None else float('inf') for t in times):.2f}"


def print_first_hits(rungs: list[str], seeds: int, budget: float) -> None:
    print(f"\ntime to a first hit, CPU s: median over {seeds} seeds ({budget:.0f} s budget each; "
          f"'>' with how many found in time)")
    print(f"{'rung':18} {'blind':>13} {'guided':>13}")
    for rung in rungs:
        cells = [_median([first_hit(rung, s, budget, guided) for s in range(seeds)], budget)
                 for guided in (False, True)]
        print(f"{rung:18} {cells[0]:>13} {cells[1]:>13}")


QUICK = ["x-wing", "skyscraper", "xy-wing"]
RARE = ["jellyfish", "x-cycle", "death-blossom", "sue-de-coq"]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_generate")
    ap.add_argument("--puzzles", type=int, default=300, help="puzzles for the C stages")
    ap.add_argument("--python", type=int, default=30, help="puzzles for the pure-Python stages")
    ap.add_argument("--hits", type=int, default=500, help="puzzles for the hit rates")
    ap.add_argument("--seeds", type=int, default=5, help="seeds for the time to a first hit")
    ap.add_argument("--budget", type=float, default=60.0, help="CPU seconds a first hit may take")
    ap.add_argument("--rungs", default=",".join(QUICK + RARE),
                    help="rungs for the time to a first hit (comma-separated ids)")
    args = ap.parse_args(argv)
    if args.puzzles:
        print_stages(args)
    if args.hits:
        print_hit_rates(args.hits)
    if args.seeds:
        print_first_hits([r for r in args.rungs.split(",") if r], args.seeds, args.budget)


if __name__ == "__main__":
    main()
