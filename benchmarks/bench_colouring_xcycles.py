"""Simple Colours and X-Cycle finders on stuck positions.

A stuck position is where singles, Locked Candidates and LockedSets make no
more progress: the place these techniques are meant for.  "deeper" lines
use the later positions of a solve that also has these two techniques,
wherever it needs one of them.  Puzzles come from qqwing-expert and the
sudoku-exchange diabolical-40 set.

Run with `python -m benchmarks.bench_colouring_xcycles` from the checkout.
"""
from __future__ import annotations

import statistics
import time

from tutor.engine.formats import parse_position
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.colouring.simple import simple_colours
from tutor.engine.techniques.common import clear_memos
from tutor.engine.techniques.chains.x_cycle import MAX_LINKS, x_cycles
from tutor.paths import data_dir

SIMPLE = ["singles", "locked-candidates", "locked-set"]
SETS = {
    "qqwing-expert": "qqwing-expert.txt",
    "diabolical-40": "sudoku-exchange/diabolical-40.txt",
}


def puzzles(name: str) -> list[str]:
    """Puzzle strings of a set: plain 81-char lines or `id puzzle rating`."""
    out = []
    with open(data_dir("puzzles") / SETS[name], encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if not fields:
                continue
            out.append(fields[1] if len(fields) >= 2 else fields[0])
    return out


def stuck_positions(name: str):
    out = []
    for text in puzzles(name):
        result = logic_solve(parse_position(text), SIMPLE)
        if result.status == "stuck":
            out.append(result.position)
    return out


def deeper_positions(name: str):
    """Positions further along: each one where a solve using these two
    techniques as well had to use one of them (later stuck points)."""
    out = []
    ladder = SIMPLE + ["simple-colours", "x-cycle"]
    for text in puzzles(name):
        walk = parse_position(text)
        for step in logic_solve(walk, ladder).steps:
            if step.technique in ("simple-colours", "x-cycle"):
                out.append(walk.copy())
            walk.apply(step)
    return out


def measure(finder, positions, repeat: int = 3):
    """Best of `repeat` runs per position (keeps scheduler noise out); the
    engine's kept results are dropped before each run, so each is a full search."""
    times, counts = [], []
    for pos in positions:
        best = None
        for _ in range(repeat):
            clear_memos()
            t = time.perf_counter()
            steps = finder(pos)
            dt = time.perf_counter() - t
            best = dt if best is None else min(best, dt)
        times.append(best * 1000)
        counts.append(len(steps))
    return sorted(times), counts


def line(label: str, ms: list[float], counts: list[int]) -> str:
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return (f"{label:<40} median {statistics.median(ms):6.2f} ms   p95 {p95:6.2f} ms   "
            f"max {ms[-1]:6.2f} ms   steps/position median {statistics.median(counts):g} "
            f"max {max(counts)}   (n={len(ms)})")


def main() -> None:
    print(f"== Simple Colours and X-Cycles (loops up to {MAX_LINKS} links) on stuck positions")
    for name in SETS:
        groups = (("", stuck_positions(name)), (" deeper", deeper_positions(name)))
        for tag, positions in groups:
            for label, finder in (("simple-colours", simple_colours), ("x-cycle", x_cycles)):
                ms, counts = measure(finder, positions)
                print(line(f"{label}, {name}{tag}", ms, counts))


if __name__ == "__main__":
    main()
