"""ALS-XZ, ALS-XY-Wing, ALS chains and Sue de Coq finder timings.

Positions: the mid-solve sample of benchmarks/engine.py (two per puzzle
along full-ladder solve paths of qqwing-expert and -intermediate) and the
early positions right after singles (qqwing-expert), where cells still hold
many candidates and there are the most ALSs.

Rows (best of REPEAT calls per position, caches cleared before each):
* "ALS index": the ALS table and the index with its restricted commons,
  which the four finders share (the table is shared with Death Blossom);
* each finder with that index already built (its own cost; ALS-XY-Wing
  grows the shared chain search to two links, ALS chains to five);
* "all four, cold": the four finders in ladder order from nothing, as
  find_all runs them;
* find_all of every technique of the ladder.

Times are CPU time of this process (time.process_time), so that other
work on a shared machine does not inflate them.

Run with `python -m benchmarks.bench_als_chains` from the checkout.
"""
from __future__ import annotations

import statistics
import time

from benchmarks.bench_wings import early_positions, pct
from benchmarks.engine import mid_solve_positions
from tutor.engine.registry import REGISTRY, find_all
from tutor.engine.techniques.als.index import als_index
from tutor.engine.techniques.common import clear_memos

FINDERS = ["als-xz", "als-xy-wing", "als-chain", "sue-de-coq"]
REPEAT = 3


def build_index(pos):
    idx = als_index(pos)
    if idx.n:
        idx.rcc(0)
    return idx


def timed(fn, pos, warm=None):
    """Best of REPEAT calls from cold (after warm(pos), not timed), in ms,
    and what the call returned."""
    best, out = None, None
    for _ in range(REPEAT):
        clear_memos()
        if warm:
            warm(pos)
        t = time.process_time()
        out = fn(pos)
        dt = (time.process_time() - t) * 1000
        best = dt if best is None or dt < best else best
    return best, out


def main() -> None:
    samples = {
        "mid-solve": mid_solve_positions("expert") + mid_solve_positions("intermediate"),
        "after singles": early_positions(),
    }
    rows = [("ALS index", build_index, None)]
    rows += [(tid, REGISTRY[tid].finder, build_index) for tid in FINDERS]
    rows.append(("all four, cold", lambda p: find_all(p, FINDERS), None))
    rows.append(("find_all, ladder", find_all, None))
    for label, positions in samples.items():
        print(f"== {len(positions)} {label} positions (best of {REPEAT} cold calls each)")
        print(f"{'finder':18} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'found':>7}")
        for name, fn, warm in rows:
            times, found = [], 0
            for pos in positions:
                ms, out = timed(fn, pos, warm)
                times.append(ms)
                found += len(out) if isinstance(out, list) else 0
            print(f"{name:18} {statistics.median(times):10.3f} {pct(times, 0.95):8.3f} "
                  f"{max(times):8.3f} {found:7d}")


if __name__ == "__main__":
    main()
