"""XY-Chain, AIC and grouped AIC finders (and the link graphs they share)
on positions right after singles ("early"), where singles, Locked
Candidates and LockedSets are stuck ("stuck"), and sampled along full
logic-solve paths ("mid-solve"); qqwing-expert puzzles.

Run with `python -m benchmarks.bench_chains` from the checkout.
"""
from __future__ import annotations

import random

from benchmarks.bench_colouring_xcycles import line, measure, puzzles
from benchmarks.engine import mid_solve_positions
from tutor.engine.formats import parse_position
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.chains.aic import aic, grouped_aic
from tutor.engine.techniques.chains.links import link_graph
from tutor.engine.techniques.chains.xy_chain import xy_chain

SIMPLE = ["singles", "locked-candidates", "locked-set"]
FINDERS = (
    ("link graph", lambda pos: [link_graph(pos)][:0]),
    ("grouped link graph", lambda pos: [link_graph(pos, groups=True)][:0]),
    ("xy-chain", xy_chain),
    ("aic", aic),
    ("grouped-aic", grouped_aic),
)


def main() -> None:
    sample = random.Random(1).sample(puzzles("qqwing-expert"), 100)
    groups = (
        ("early", [logic_solve(parse_position(t), ["singles"]).position for t in sample]),
        ("stuck", [logic_solve(parse_position(t), SIMPLE).position for t in sample]),
        ("mid-solve", mid_solve_positions("expert")[:200]),
    )
    print("== chains: link graphs, XY-Chain, AIC, grouped AIC")
    for tag, positions in groups:
        for label, finder in FINDERS:
            ms, counts = measure(finder, positions, repeat=3)
            print(line(f"{label}, {tag}", ms, counts))


if __name__ == "__main__":
    main()
