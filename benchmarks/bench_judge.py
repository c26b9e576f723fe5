"""How long the judge takes for one verdict on mid-solve positions.

Positions: snapshots from the middle half of the simplest-first solve path of
QQWing puzzles (all three levels).  On each, one claim of each sort:

  named        an elimination a step makes, judged with --by its technique
  unnamed      the same claim without --by
  pattern      the same with --by and --pattern (the step's cells)
  other        the same claim named as a different technique
  solution     the solution digit of a cell (false)
  open         a wrong candidate no step removes now (true-unproved; the
               engine then solves on to say how far away the proof is)
  solved       a claim on a solved cell (invalid)

'cold' clears the judge's per-position cache (and the position's cached
solution) before every call: the cost of the first claim on a new position,
which is what a learner meets after each move.  'warm' judges the claim a
second time on the same position.  The run is repeated without the
death-blossom finder to show how much of the time is that one search.

Run with `python -m benchmarks.bench_judge [--puzzles N] [--seed S]` from
the checkout.
"""
from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from tutor.engine import judge as judge_module
from tutor.engine.registry import REGISTRY, find_all, ladder
from tutor.engine.formats import parse_position
from tutor.engine.grid import cell_name, cells_name
from tutor.engine.judge import judge, step_effect
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.common import clear_memos
from tutor.paths import data_dir

TARGET_MS = 50.0
SLOW = ("death-blossom",)


def puzzles(n: int, seed: int) -> list[str]:
    texts = []
    for level in ("easy", "intermediate", "expert"):
        with open(data_dir("puzzles") / f"qqwing-{level}.txt", encoding="utf-8") as f:
            texts += [ln.strip() for ln in f if ln.strip()]
    return random.Random(seed).sample(texts, n)


def mid_solve_positions(texts, rng, per_puzzle=2):
    out = []
    for text in texts:
        pos = parse_position(text)
        steps = logic_solve(pos).steps
        if len(steps) < 4:
            continue
        picks = sorted(rng.sample(range(len(steps) // 4, 3 * len(steps) // 4), per_puzzle))
        walk = pos.copy()
        for k, step in enumerate(steps):
            if k in picks:
                out.append(walk.copy())
            walk.apply(step)
    return out


def claims_for(pos, rng, fast_ids):
    """(sort, claim, by, pattern) tuples; chosen with the fast finders only."""
    sol = pos.solution()
    steps = [s for s in find_all(pos, fast_ids) if s.eliminations]
    out = []
    if steps:
        s = rng.choice(steps)
        i, d = rng.choice(s.eliminations)
        claim = f"{cell_name(i)}<>{d}"
        out.append(("named", claim, s.technique, None))
        out.append(("unnamed", claim, None, None))
        out.append(("pattern", claim, s.technique, cells_name(s.cells)))
        other = rng.choice([t for t in fast_ids if t != s.technique])
        out.append(("other", claim, other, None))
    empty = [i for i in range(81) if not pos.values[i]]
    i = rng.choice(empty)
    out.append(("solution", f"{cell_name(i)}<>{sol[i]}", None, None))
    settled = set()
    for s in find_all(pos, fast_ids):
        settled |= {(j, e) for j, e, p in step_effect(pos, s) if not p}
    open_ = [(j, e) for j in empty for e in pos.candidates(j) if e != sol[j] and (j, e) not in settled]
    if open_:
        j, e = rng.choice(open_)
        out.append(("open", f"{cell_name(j)}<>{e}", None, None))
    solved = [j for j in range(81) if pos.values[j]]
    j = rng.choice(solved)
    out.append(("solved", f"{cell_name(j)}<>{pos.values[j]}", None, None))
    return out


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def run(cases, label):
    cold = defaultdict(list)
    warm = defaultdict(list)
    kinds = defaultdict(lambda: defaultdict(int))
    for pos, sort, claim, by, pattern in cases:
        judge_module.clear_cache()
        clear_memos()  # a cold verdict: no finder result left over from earlier claims
        p = pos.copy()
        p._solution = None
        t = time.perf_counter()
        v = judge(p, claim, by=by, pattern=pattern)
        dt = (time.perf_counter() - t) * 1000
        cold[sort].append(dt)
        kinds[sort][v.kind] += 1
        t = time.perf_counter()
        judge(p, claim, by=by, pattern=pattern)
        warm[sort].append((time.perf_counter() - t) * 1000)
    print(f"\n{label}: {len(cases)} claims")
    print(f"  {'claim':<10} {'n':>4} {'cold p50':>9} {'p95':>8} {'max':>9} {'warm p95':>9}  verdicts")
    for sort in ("named", "unnamed", "pattern", "other", "solution", "open", "solved"):
        if not cold[sort]:
            continue
        got = ", ".join(f"{k} {n}" for k, n in sorted(kinds[sort].items()))
        print(f"  {sort:<10} {len(cold[sort]):>4} {pct(cold[sort], .5):>9.1f} {pct(cold[sort], .95):>8.1f} "
              f"{max(cold[sort]):>9.1f} {pct(warm[sort], .95):>9.1f}  {got}")
    every = [x for v in cold.values() for x in v]
    every_warm = [x for v in warm.values() for x in v]
    p95 = pct(every, .95)
    print(f"  {'all':<10} {len(every):>4} {pct(every, .5):>9.1f} {p95:>8.1f} {max(every):>9.1f} "
          f"{pct(every_warm, .95):>9.1f}")
    print(f"  target p95 < {TARGET_MS:.0f} ms (cold): {'met' if p95 < TARGET_MS else 'NOT met'} ({p95:.1f} ms)")
    return p95


def finder_costs(positions):
    print("\nfinder cost on these positions (ms, one call each)")
    for t in ladder():
        times = []
        for pos in positions:
            start = time.perf_counter()
            t.finder(pos)
            times.append((time.perf_counter() - start) * 1000)
        print(f"  {t.id:<16} p50 {pct(times, .5):7.2f}  p95 {pct(times, .95):8.2f}  max {max(times):9.2f}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-finder-table", action="store_true")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    positions = mid_solve_positions(puzzles(args.puzzles, args.seed), rng)
    fast_ids = [t.id for t in ladder() if t.id not in SLOW]
    cases = [(pos, *c) for pos in positions for c in claims_for(pos, rng, fast_ids)]
    print(f"{len(positions)} mid-solve positions from {args.puzzles} QQWing puzzles, seed {args.seed}; "
          f"ladder: {', '.join(t.id for t in ladder())}")
    run(cases, "full ladder")
    removed = {tid: REGISTRY.pop(tid) for tid in SLOW if tid in REGISTRY}
    try:
        run(cases, f"without {', '.join(removed) or 'nothing'}")
    finally:
        REGISTRY.update(removed)
        judge_module.clear_cache()
    if not args.no_finder_table:
        finder_costs(positions)


if __name__ == "__main__":
    main()
