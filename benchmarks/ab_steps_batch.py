"""A/B of a `steps --batch` line between two checkouts, in the same run
(issue 26's bound: the whole ladder's find_all within 1.3x of its median
before the issue).

`python -m benchmarks.ab_steps_batch BEFORE AFTER [--rounds 3]`

BEFORE and AFTER are checkouts (a `git worktree` of the older commit, with
its compiled modules built or copied in).  The sample is issue 26's: 150
mid-solve qqwing-expert positions and 50 right after singles, made once by
this checkout.  Each round runs one process per checkout at the same time,
one a core, so that both meet the same load (this machine drifts within a
run): each parses a line, looks for the solution, runs find_all over the
whole ladder and writes the JSON, as `steps --batch` does, timing each line
by CPU time.  Per line the median of its rounds; then the median and mean
over the lines, and their ratios.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

# what each checkout runs: argv[1] its root, argv[2] the positions file
CHILD = r"""
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
from tutor.cli_ladder import COLLECT_EVERY, _pause_collector, json_line
from tutor.engine.formats import parse_position
from tutor.engine.registry import find_all
lines = open(sys.argv[2]).read().splitlines()
find_all(parse_position(lines[0]), None, True)          # imports and tables
_pause_collector()
ms = []
for n, line in enumerate(lines, 1):
    c = time.process_time()
    pos = parse_position(line)
    pos.solution_info()
    out = json_line([s.to_json() for s in find_all(pos, None, True)])
    pos = out = None
    ms.append((time.process_time() - c) * 1000)
    if n % COLLECT_EVERY == 0:
        gc.collect()
print(json.dumps(ms))
"""


def sample_lines() -> list[str]:
    from benchmarks.bench_steps_batch import early_positions
    from benchmarks.engine import mid_solve_positions
    from tutor.engine.formats import to_braces
    mid = mid_solve_positions("expert", 1)
    random.Random(3).shuffle(mid)
    early = early_positions()
    random.Random(4).shuffle(early)
    return [to_braces(p) for p in mid[:150]] + [to_braces(p) for p in early[:50]]


def one_round(roots: list[str], path: str) -> list[list[float]]:
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, root, path], cwd=root, stdout=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": root}) for root in roots]
    return [json.loads(p.communicate()[0]) for p in procs]


def run(argv=None) -> None:
    """(Not `main`: `python -m benchmarks` runs every module's main, and this
    one needs two checkouts.)"""
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ab_steps_batch")
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    roots = [os.path.abspath(args.before), os.path.abspath(args.after)]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(sample_lines()) + "\n")
    try:
        rounds = [one_round(roots, f.name) for _ in range(args.rounds)]
    finally:
        os.unlink(f.name)
    figures = []
    for side in range(2):
        per_line = [statistics.median(r[side][k] for r in rounds) for k in range(len(rounds[0][side]))]
        figures.append((statistics.median(per_line), statistics.mean(per_line)))
    for root, (median, mean) in zip(roots, figures):
        print(f"{root}: median {median:.1f} ms, mean {mean:.1f} ms a line")
    print(f"after / before: median {figures[1][0] / figures[0][0]:.2f}x, "
          f"mean {figures[1][1] / figures[0][1]:.2f}x ({args.rounds} rounds)")


if __name__ == "__main__":
    run(sys.argv[1:])
