"""Fish (X-Wing, Swordfish, Jellyfish) and single-digit finders (Skyscraper,
2-String Kite, Turbot Fish) on stuck positions from qqwing-expert.

A stuck position is where singles, Locked Candidates and LockedSets make no
more progress.  Each finder is timed on its own; the three single-digit
finders share one search whose result is kept for the last position, so that
cache is cleared before every timed call (the figure is the full search).
The last line times all six through find_all, as the solver would call them.

Run with `python -m benchmarks.bench_fish_single_digit` from the checkout.
"""
from __future__ import annotations

import random
import statistics
import time

from tutor.engine.registry import REGISTRY, find_all
from tutor.engine.formats import parse_position
from tutor.engine.solve import apply_until_stuck
from tutor.engine.techniques.single_digit import two_links as single_digit
from tutor.paths import data_dir

SIMPLE = ["singles", "locked-candidates", "locked-set"]
FINDERS = ["x-wing", "swordfish", "jellyfish", "skyscraper", "two-string-kite", "turbot-fish"]
SAMPLE = 150
REPEAT = 3


def stuck_positions(sample: int = SAMPLE, seed: int = 1):
    with open(data_dir("puzzles") / "qqwing-expert.txt", encoding="utf-8") as f:
        texts = [ln.strip() for ln in f if ln.strip()]
    out = []
    for text in texts:
        pos = apply_until_stuck(parse_position(text), SIMPLE)
        if not pos.is_solved():
            out.append(pos)
    random.Random(seed).shuffle(out)
    return out[:sample]


def timed(fn, pos, repeat=REPEAT):
    """Best of `repeat` calls, in ms (keeps scheduler noise out)."""
    best = None
    result = None
    for _ in range(repeat):
        single_digit.clear_cache()
        t = time.perf_counter()
        result = fn(pos)
        dt = time.perf_counter() - t
        best = dt if best is None or dt < best else best
    return best * 1000, len(result)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    positions = stuck_positions()
    print(f"{len(positions)} stuck positions from qqwing-expert (best of {REPEAT} calls each)")
    print(f"{'finder':18} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'found':>6}")
    rows = [(tid, REGISTRY[tid].finder) for tid in FINDERS]
    rows.append(("all six (find_all)", lambda p: find_all(p, ["fish", "single-digit"])))
    for name, fn in rows:
        times, found = [], 0
        for pos in positions:
            ms, n = timed(fn, pos)
            times.append(ms)
            found += n
        print(f"{name:18} {statistics.median(times):10.3f} {pct(times, 0.95):8.3f} "
              f"{max(times):8.3f} {found:6d}")


if __name__ == "__main__":
    main()
