"""Wings (W-Wing, XY-Wing, XYZ-Wing, WXYZ-Wing) and Remote Pair finders.

Positions: the mid-solve sample of benchmarks/engine.py (two per puzzle
along full-ladder solve paths of qqwing-expert and -intermediate) plus the
early positions right after singles (qqwing-expert), where cells still hold
many candidates.  Each finder is timed from cold (the per-position caches
are cleared before every call); XY-, XYZ- and WXYZ-Wing share one search,
so the three together are timed as well.

Run with `python -m benchmarks.bench_wings` from the checkout.
"""
from __future__ import annotations

import statistics
import time

from benchmarks.engine import mid_solve_positions, puzzles
from tutor.engine.registry import REGISTRY, find_all
from tutor.engine.formats import parse_position
from tutor.engine.solve import apply_until_stuck
from tutor.engine.techniques.common import clear_memos

FINDERS = ["remote-pair", "w-wing", "xy-wing", "xyz-wing", "wxyz-wing"]
REPEAT = 3


def early_positions(count: int = 150):
    out = []
    for text in puzzles("expert")[:count]:
        pos = apply_until_stuck(parse_position(text), ["singles"])
        if not pos.is_solved():
            out.append(pos)
    return out


def timed(fn, pos):
    """Best of REPEAT cold calls, in ms, and the number of steps found."""
    best, found = None, 0
    for _ in range(REPEAT):
        clear_memos()
        t = time.perf_counter()
        found = len(fn(pos))
        dt = (time.perf_counter() - t) * 1000
        best = dt if best is None or dt < best else best
    return best, found


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    samples = {
        "mid-solve": mid_solve_positions("expert") + mid_solve_positions("intermediate"),
        "after singles": early_positions(),
    }
    rows = [(tid, REGISTRY[tid].finder) for tid in FINDERS]
    rows.append(("xy+xyz+wxyz", lambda p: find_all(p, ["xy-wing", "xyz-wing", "wxyz-wing"])))
    rows.append(("all five", lambda p: find_all(p, FINDERS)))
    for label, positions in samples.items():
        print(f"== {len(positions)} {label} positions (best of {REPEAT} cold calls each)")
        print(f"{'finder':14} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'found':>7}")
        for name, fn in rows:
            times, found = [], 0
            for pos in positions:
                ms, n = timed(fn, pos)
                times.append(ms)
                found += n
            print(f"{name:14} {statistics.median(times):10.3f} {pct(times, 0.95):8.3f} "
                  f"{max(times):8.3f} {found:7d}")


if __name__ == "__main__":
    main()
