"""How long a fresh practice position takes, per technique of the ladder.

`python -m benchmarks.bench_practice [--seeds N] [--blind-budget S]`

* indexed: `fresh_position(tid, seed)`: walks the solve of a puzzle the
  cache names as a source for the technique (the route it was found on),
  then picks a position where the technique is the simplest step.  This is
  what a quiz does when it wants a position that is not read from the cache.
  Target: under 1 s for every technique.
* blind: the same without the cache's index: shipped puzzles in a seeded
  order along the plain solve path until one reaches the technique (capped
  at --blind-budget seconds; rare techniques may find nothing in time).
* cached: reading the cache and picking by seed (`practice_positions`).
  The `cached` column counts positions from the shipped puzzles + marked
  variants (symmetric redrawings; a fresh one for a cached variant walks its
  source puzzle and redraws the position found).
Figures: median and max over the seeds, in milliseconds.
"""
from __future__ import annotations

import argparse
import statistics
import time

from tutor.engine.registry import ladder
from tutor.teaching.practice import fresh_position, load_cache, practice_positions


def _time(fn):
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000.0, out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_practice")
    ap.add_argument("--seeds", type=int, default=5, help="seeds per technique")
    ap.add_argument("--blind-budget", type=float, default=5.0,
                    help="seconds a blind search may take per seed")
    ap.add_argument("--no-blind", action="store_true", help="skip the blind search")
    args = ap.parse_args(argv)
    fresh_position("naked-single", 0)          # warm up imports and the puzzle list
    print(f"fresh practice positions, {args.seeds} seeds each (ms)")
    print(f"{'technique':16} {'cached':>8} {'indexed med':>12} {'max':>7} "
          f"{'blind med':>10} {'max':>7} {'found':>6}  {'pick':>6}")
    worst = 0.0
    for t in ladder():
        idx, blind, found_blind = [], [], 0
        for seed in range(args.seeds):
            ms, p = _time(lambda: fresh_position(t.id, seed))
            idx.append(ms)
            if p is None:
                idx[-1] = float("inf")
            if not args.no_blind:
                ms, p = _time(lambda: fresh_position(t.id, seed, indexed=False,
                                                     budget=args.blind_budget))
                blind.append(ms)
                found_blind += p is not None
        pick, _ = _time(lambda: practice_positions(t.id, 1, 0))
        worst = max(worst, max(idx))
        b_med = f"{statistics.median(blind):10.0f}" if blind else f"{'-':>10}"
        b_max = f"{max(blind):7.0f}" if blind else f"{'-':>7}"
        b_found = f"{found_blind}/{args.seeds}" if blind else "-"
        cached = load_cache(t.id)
        variants = sum(p.is_variant for p in cached)
        held = f"{len(cached) - variants}+{variants}" if variants else str(len(cached))
        print(f"{t.id:16} {held:>8} {statistics.median(idx):12.0f} {max(idx):7.0f} "
              f"{b_med} {b_max} {b_found:>6}  {pick:6.1f}")
    verdict = "meets" if worst < 1000 else "MISSES"
    print(f"slowest indexed fresh position: {worst:.0f} ms ({verdict} the 1 s target)")


if __name__ == "__main__":
    main()
