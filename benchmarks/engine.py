"""Engine figures: exact solver, logic solve per QQWing set, find_all.

Run with `python -m benchmarks.engine` (or `make bench` for everything).
"""
from __future__ import annotations

import random
import statistics
import time

from tutor.engine.exact import solve_values
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.common import clear_memos
from tutor.paths import data_dir

BASIC = ["singles", "locked-candidates", "locked-set"]


def puzzles(level: str) -> list[str]:
    with open(data_dir("puzzles") / f"qqwing-{level}.txt", encoding="utf-8") as f:
        return [ln.strip() for ln in f if ln.strip()]


def summary(label: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"{label:<48} median {statistics.median(ms):7.2f} ms   p95 {p95:7.2f} ms   (n={len(ms)})"


def timed(fn, *args):
    # the engine keeps results per digit and per house for the next step of
    # a solve; drop them so one call never profits from an earlier one
    clear_memos()
    t = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - t, out


def mid_solve_positions(level: str, per_puzzle: int = 2, seed: int = 1):
    """Positions sampled along full-ladder logic-solve paths (not the start)."""
    rng = random.Random(seed)
    out = []
    for text in puzzles(level):
        pos = parse_position(text)
        result = logic_solve(pos)
        walk = pos.copy()
        snaps = []
        for step in result.steps:
            walk.apply(step)
            if not walk.is_solved():
                snaps.append(walk.copy())
        out.extend(rng.sample(snaps, min(per_puzzle, len(snaps))))
    return out


def main() -> None:
    print("== exact solver")
    for level in ("easy", "intermediate", "expert"):
        times = [timed(solve_values, [int(c) if c.isdigit() else 0 for c in p])[0] for p in puzzles(level)]
        print(summary(f"exact solve, qqwing-{level}", times))

    print("== logic solve (whole ladder), per puzzle")
    for level in ("easy", "intermediate", "expert"):
        times, statuses = [], {}
        for p in puzzles(level):
            pos = parse_position(p)
            t, result = timed(logic_solve, pos)
            times.append(t)
            statuses[result.status] = statuses.get(result.status, 0) + 1
        print(summary(f"logic solve, qqwing-{level}", times), statuses)
    times = [timed(logic_solve, parse_position(p), BASIC)[0] for p in puzzles("expert")]
    print(summary("logic solve, qqwing-expert, issue-2 techniques", times))

    print("== find_all on positions sampled along solve paths")
    positions = mid_solve_positions("expert") + mid_solve_positions("intermediate")
    print(summary("find_all, issue-2 techniques", [timed(find_all, p, BASIC)[0] for p in positions]))
    print(summary("find_all, every technique", [timed(find_all, p, None)[0] for p in positions]))


if __name__ == "__main__":
    main()
