"""Serving a practice position from the bank (tutor/teaching/practice_bank.py).

`python -m benchmarks.bench_bank [--draws N] [--db PATH_OR_URL]`

A bank seeded with the shipped cache (every rung) in a fresh SQLite file
(or the store given by --db); then `draw` for learners in turn, each on
every rung, near a rating: the wall time of each draw (the SELECT nearest
the rating among the positions the learner has not seen, marking it seen,
reading the position), and of the draws that had to redraw a variant
because the learner had seen every banked position.  Target: p95 under
50 ms.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tutor.engine.registry import ladder
from tutor.store import Store, bank
from tutor.teaching import practice_bank


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_bank")
    ap.add_argument("--draws", type=int, default=60, help="draws per rung (over 3 learners)")
    ap.add_argument("--db", default=None, help="a store to use (default: a fresh SQLite file)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(args.db or Path(tmp) / "bank.db")
        t0 = time.perf_counter()
        for t in ladder():
            practice_bank.seed(store, t.id)
        seeded = time.perf_counter() - t0
        real = sum(bank.counts(store).values())
        times, redrawn = [], []
        for k in range(args.draws):
            for t in ladder():
                before = bank.counts(store, ["variant"]).get(t.id, 0)
                t1 = time.perf_counter()
                practice_bank.draw(store, f"learner{k % 3}", t.id, 1300 + 10 * k)
                ms = (time.perf_counter() - t1) * 1000
                (redrawn if bank.counts(store, ["variant"]).get(t.id, 0) > before else times).append(ms)
        store.close()
    every = sorted(times + redrawn)
    p95 = every[int(0.95 * (len(every) - 1))]
    print(f"bank seeded with {real} positions of {len(ladder())} rungs in {seeded:.1f} s")
    print(f"draw from the bank: median {statistics.median(every):.1f} ms, p95 {p95:.1f} ms "
          f"over {len(every)} draws (target: p95 under 50 ms)")
    if redrawn:
        print(f"  of which {len(redrawn)} redrew a variant (every banked one seen): "
              f"median {statistics.median(redrawn):.1f} ms")


if __name__ == "__main__":
    main()
