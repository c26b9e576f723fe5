"""`find_all` of each technique in turn on mid-solve positions, by CPU time
(issue 13's figure: every technique together under 30 ms median).

Positions: one mid-solve position per qqwing-expert puzzle
(benchmarks/engine.py), shuffled with random.Random(3), the first 100.
For each position the caches are cleared once, then every finder of the
ladder runs on its own copy in ladder order, as `steps --batch` runs them:
a finder pays for what it builds first (the ALS index falls to ALS-XZ, the
implications to forcing chains) and the later ones reuse it.  CPU time
(time.process_time), since the machine is shared.

Run with `python -m benchmarks.bench_find_all` from the checkout
(`--only als-xz,forcing-net` times just those, in ladder order).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from benchmarks.engine import mid_solve_positions
from tutor.engine.registry import find_all, ladder
from tutor.engine.techniques.common import clear_memos

SAMPLE = 100


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def positions(n: int = SAMPLE):
    out = mid_solve_positions("expert", 1)
    random.Random(3).shuffle(out)
    return out[:n]


def per_finder(sample, ids) -> tuple[dict, list]:
    """({id: [CPU ms per position]}, [total CPU ms per position])."""
    ms = {tid: [] for tid in ids}
    totals = []
    for p in sample:
        clear_memos()
        total = 0.0
        for tid in ids:
            c = time.process_time()
            find_all(p.copy(), [tid])
            dt = (time.process_time() - c) * 1000
            ms[tid].append(dt)
            total += dt
        totals.append(total)
    return ms, totals


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_find_all")
    ap.add_argument("--only", default="", help="comma-separated technique ids")
    args = ap.parse_args(argv or [])
    wanted = set(filter(None, args.only.split(",")))
    ids = [t.id for t in ladder() if not wanted or t.id in wanted]
    sample = positions()
    ms, totals = per_finder(sample, ids)
    print(f"== find_all of each technique, CPU ms on {len(sample)} mid-solve qqwing-expert positions")
    for tid in sorted(ids, key=lambda t: -statistics.median(ms[t])):
        print(f"    {tid:<18} median {statistics.median(ms[tid]):6.2f}  p95 {pct(ms[tid], 0.95):6.2f}")
    print(f"    {'total':<18} median {statistics.median(totals):6.2f}  p95 {pct(totals, 0.95):6.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
