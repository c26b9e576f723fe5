"""How far the ladder gets: per puzzle set, how many puzzles logic solve
finishes, how many it leaves stuck, and which technique each one needs at
its hardest (the puzzle's rating), with the time per puzzle (wall clock,
and the process's CPU time, which a busy shared machine inflates less).

Run with `python -m benchmarks.bench_ladder` (add `--no-uniqueness` to leave
the uniqueness techniques out).
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from tutor.engine.formats import parse_position
from tutor.engine.registry import get
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.common import clear_memos
from tutor.paths import data_dir


def puzzle_sets() -> dict[str, list[str]]:
    root = data_dir("puzzles")
    sets = {}
    for level in ("easy", "intermediate", "expert"):
        sets[f"qqwing-{level}"] = [ln.strip() for ln in open(root / f"qqwing-{level}.txt") if ln.strip()]
    sets["exchange-diabolical"] = [ln.split()[1] for ln in open(root / "sudoku-exchange" / "diabolical-40.txt")
                                   if ln.strip()]
    tdoku = []
    for ln in open(root / "tdoku" / "test-puzzles.txt"):
        parts = ln.strip().split(":")
        if len(parts) >= 2 and parts[1] == "1":
            tdoku.append(parts[0])
    sets["tdoku-unique"] = tdoku
    return sets


def run_set(name: str, texts: list[str], uniqueness: bool = True) -> None:
    status = Counter()
    hardest = Counter()
    times, cpu = [], []
    for text in texts:
        pos = parse_position(text)
        clear_memos()
        t, c = time.perf_counter(), time.process_time()
        kwargs = {} if uniqueness else {"uniqueness": False}
        result = logic_solve(pos, **kwargs)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        status[result.status] += 1
        hardest[result.hardest if result.status == "solved" else "(stuck)"] += 1
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"{name:<22} n={len(texts):<4} solved {status['solved']:<4} stuck {status['stuck']:<4} "
          f"contradiction {status['contradiction']:<2}  median {statistics.median(times):6.1f} ms  "
          f"p95 {p95:6.1f} ms  (cpu median {statistics.median(cpu):5.1f} ms)")

    def rank(tid: str) -> int:
        t = get(tid)
        return t.rank if t else 10_000
    for tid, n in sorted(hardest.items(), key=lambda kv: rank(kv[0])):
        print(f"    {tid:<20} {n}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_ladder")
    ap.add_argument("--no-uniqueness", action="store_true")
    args = ap.parse_args(argv or [])
    print("== logic solve over the shipped puzzle sets (hardest technique per solved puzzle)")
    for name, texts in puzzle_sets().items():
        run_set(name, texts, uniqueness=not args.no_uniqueness)


if __name__ == "__main__":
    import sys
    main(sys.argv[1:])
