"""Uniqueness (Unique Rectangle, Hidden Rectangle, BUG+1) and Multi-Colours
finders on positions along solve paths.

"mid-solve": positions sampled along full-ladder solves of qqwing-expert
and qqwing-intermediate (benchmarks/engine.py's sample); "after singles":
each qqwing-expert puzzle once singles are exhausted, the early positions
with the most candidates.  The solution count the uniqueness techniques need
is cached on the position (it does not change along a solve), so these are
the finders' own costs.

Run with `python -m benchmarks.bench_uniqueness` from the checkout.
"""
from __future__ import annotations

from benchmarks.engine import mid_solve_positions, puzzles, summary, timed
from tutor.engine.formats import parse_position
from tutor.engine.solve import apply_until_stuck
from tutor.engine.techniques.colouring.multi import multi_colours
from tutor.engine.techniques.uniqueness.rooms import bug_plus_one, hidden_rectangle, unique_rectangle

FINDERS = (("unique-rectangle", unique_rectangle), ("hidden-rectangle", hidden_rectangle),
           ("bug-plus-one", bug_plus_one), ("multi-colours", multi_colours))


def main() -> None:
    print("== uniqueness and multi-colours finders")
    groups = {
        "mid-solve": mid_solve_positions("expert") + mid_solve_positions("intermediate"),
        "after singles": [apply_until_stuck(parse_position(p), ["singles"])
                          for p in puzzles("expert")],
    }
    for tag, positions in groups.items():
        for label, finder in FINDERS:
            times = [min(timed(finder, p)[0] for _ in range(3)) for p in positions]
            print(summary(f"{label}, {tag}", times))


if __name__ == "__main__":
    main()
