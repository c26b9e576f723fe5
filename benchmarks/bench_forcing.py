"""Forcing chains, forcing nets and trial.

* find_all of each forcing room, and of the whole ladder, on the mid-solve
  sample of benchmarks/engine.py (two positions per qqwing-expert and
  -intermediate puzzle along full-ladder solve paths) and on early
  positions right after singles; each call from cold (caches cleared),
  best of REPEAT;
* logic solve of every shipped set with the whole ladder, and how many
  puzzles need forcing-chain, forcing-net or trial;
* the judge on true single-candidate eliminations of mid-solve positions
  (a cold judge per position, then every claim on it), and how each was
  proved.

Run with `python -m benchmarks.bench_forcing` from the checkout
(`--quick` skips the judge and the early positions).
"""
from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from benchmarks.bench_ladder import puzzle_sets
from benchmarks.bench_wings import early_positions
from benchmarks.engine import mid_solve_positions
from tutor.engine.registry import REGISTRY, find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import cell_name
from tutor.engine.judge import clear_cache, judge
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.common import clear_memos

REPEAT = 3
FORCING = ["forcing-chain", "forcing-net", "trial"]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def line(label: str, ms: list[float], extra: str = "") -> str:
    return (f"{label:34} median {statistics.median(ms):7.2f}  p95 {pct(ms, 0.95):7.2f}  "
            f"max {max(ms):7.2f} ms  {extra}")


def timed(fn, pos):
    best, out = None, None
    for _ in range(REPEAT):
        clear_memos()
        t = time.perf_counter()
        out = fn(pos)
        dt = (time.perf_counter() - t) * 1000
        best = dt if best is None or dt < best else best
    return best, out


def finders(label: str, positions) -> None:
    print(f"== find_all on {len(positions)} {label} positions (best of {REPEAT} cold calls)")
    rows = [(tid, REGISTRY[tid].finder) for tid in FORCING]
    rows.append(("forcing family", lambda p: find_all(p, FORCING)))
    rows.append(("every technique", lambda p: find_all(p)))
    for name, fn in rows:
        ms, found = [], 0
        for pos in positions:
            dt, steps = timed(fn, pos)
            ms.append(dt)
            found += len(steps)
        print(line(name, ms, f"steps {found}"))


def solves() -> None:
    print("== logic solve, whole ladder (cold), and the forcing rungs it needs")
    for name, texts in puzzle_sets().items():
        ms, status, needs = [], Counter(), Counter()
        for text in texts:
            pos = parse_position(text)
            clear_memos()
            t = time.perf_counter()
            result = logic_solve(pos)
            ms.append((time.perf_counter() - t) * 1000)
            status[result.status] += 1
            for tid in FORCING:
                if result.counts.get(tid):
                    needs[tid] += 1
        print(line(name, ms, f"{dict(status)} puzzles using {dict(needs)}"))


def judged(positions) -> None:
    ms, kinds = [], Counter()
    for pos in positions:
        sol = pos.solution()
        clear_cache()
        clear_memos()
        for i in range(81):
            for d in pos.candidates(i) if not pos.values[i] else ():
                if d == sol[i]:
                    continue
                t = time.perf_counter()
                v = judge(pos, f"{cell_name(i)}<>{d}")
                ms.append((time.perf_counter() - t) * 1000)
                kinds[(v.kind, v.technique if v.technique in FORCING else "other")] += 1
    print(f"== judge, {len(ms)} true eliminations on {len(positions)} mid-solve positions")
    print(line("verdict", ms, str(dict(kinds))))


def main() -> None:
    quick = "--quick" in sys.argv
    mid = mid_solve_positions("expert") + mid_solve_positions("intermediate")
    finders("mid-solve", mid)
    if not quick:
        finders("after-singles", early_positions(100))
    solves()
    if not quick:
        judged(mid[::6])


if __name__ == "__main__":
    main()
