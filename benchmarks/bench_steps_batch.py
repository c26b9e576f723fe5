"""`find_all` of every technique of the ladder, through `sudoku-tutor steps
--batch` (issue 12's figure: median under 15 ms, p95 under 100 ms).

Positions: the mid-solve sample of benchmarks/engine.py (two per puzzle
along full-ladder solve paths of qqwing-expert and -intermediate) and the
early positions right after singles of every qqwing-expert puzzle, where
cells still hold many candidates.  One `steps - --batch --json` process is
fed one brace grid at a time; the time from writing a line to reading its
JSON array back is the figure (so it holds the parsing, every finder, and
the JSON).  A warm-up line goes first (imports and tables).

The same work in this process (parse the line, find_all, write the JSON),
timed by CPU time as well as wall clock: on a busy shared machine the wall
clock of a pipe holds other processes' turns, the CPU time much less.

Then, in this process, each finder alone from cold (on a fresh copy of the
position, with an empty Analysis, memos cleared), to see where the time goes.

Run with `python -m benchmarks.bench_steps_batch` from the checkout
(`--no-uniqueness` leaves the uniqueness techniques out).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from benchmarks.engine import mid_solve_positions, puzzles
from tutor.cli_ladder import json_line
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.registry import find_all, ladder
from tutor.engine.solve import apply_until_stuck
from tutor.engine.techniques.common import clear_memos

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def early_positions():
    out = []
    for text in puzzles("expert"):
        pos = apply_until_stuck(parse_position(text), ["singles"])
        if not pos.is_solved():
            out.append(pos)
    return out


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def line(label, ms, extra=""):
    return (f"{label:<40} median {statistics.median(ms):6.2f} ms  p95 {pct(ms, 0.95):6.2f} ms  "
            f"max {max(ms):7.1f} ms  (n={len(ms)}){extra}")


def through_batch(grids: list[str], uniqueness: bool = True) -> tuple[list[float], int]:
    """Per position: ms from writing its line to reading its answer; and the
    number of steps found in all."""
    argv = [sys.executable, "-m", "tutor.cli", "steps", "-", "--batch", "--json"]
    if not uniqueness:
        argv.append("--no-uniqueness")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=env, cwd=ROOT)
    times, steps = [], 0
    try:
        for k, grid in enumerate([grids[0]] + grids):          # the first is the warm-up
            t = time.perf_counter()
            proc.stdin.write(grid + "\n")
            proc.stdin.flush()
            answer = proc.stdout.readline()
            dt = (time.perf_counter() - t) * 1000
            if k:
                times.append(dt)
                steps += len(json.loads(answer))
    finally:
        proc.stdin.close()
        proc.wait()
    return times, steps


def in_process(grids: list[str], uniqueness: bool = True) -> tuple[list[float], list[float]]:
    """Per line, as `steps --batch` does it: (wall ms, CPU ms)."""
    wall, cpu = [], []
    for grid in grids:
        clear_memos()
        t, c = time.perf_counter(), time.process_time()
        pos = parse_position(grid)
        pos.solution_info()
        json_line([s.to_json() for s in find_all(pos, None, uniqueness)])
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return wall, cpu


def per_finder(positions, uniqueness: bool = True):
    rows = []
    for t in ladder(uniqueness):
        ms = []
        for p in positions:
            clear_memos()
            fresh = p.copy()        # with an Analysis of its own, empty
            t0 = time.perf_counter()
            find_all(fresh, [t.id])
            ms.append((time.perf_counter() - t0) * 1000)
        rows.append((t.id, statistics.median(ms), pct(ms, 0.95)))
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_steps_batch")
    ap.add_argument("--no-uniqueness", action="store_true")
    args = ap.parse_args(argv or [])
    on = not args.no_uniqueness
    samples = {
        "mid-solve (expert + intermediate)": mid_solve_positions("expert")
        + mid_solve_positions("intermediate"),
        "right after singles (expert)": early_positions(),
    }
    print("== find_all, every technique, through `steps - --batch --json` (one line at a time)")
    everything = []
    for label, positions in samples.items():
        ms, steps = through_batch([to_braces(p) for p in positions], on)
        everything += ms
        print(line(label, ms, f"  {steps / len(ms):.0f} steps a position"))
    print(line("all of them", everything))
    print("== the same work in process (parse, find_all, JSON), from cold")
    grids = [to_braces(p) for ps in samples.values() for p in ps]
    wall, cpu = in_process(grids, on)
    print(line("wall clock", wall))
    print(line("CPU time", cpu))
    print("== each finder alone, in process, from cold (all the positions above)")
    positions = [p for ps in samples.values() for p in ps]
    rows = per_finder(positions, on)
    for tid, med, p95 in sorted(rows, key=lambda r: -r[1]):
        print(f"    {tid:<18} median {med:6.3f} ms  p95 {p95:6.3f} ms")
    print(f"    {'sum of medians':<18} {sum(r[1] for r in rows):6.3f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
