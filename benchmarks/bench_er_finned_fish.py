"""Empty Rectangle and finned fish finders on mid-solve positions from
qqwing-expert: early ones (right after the singles) and stuck ones (where
singles, Locked Candidates and LockedSets make no more progress).

Each finder is timed on its own, best of three calls, with every kept
result cleared first (the full search).  The three finned fish finders
share one search per digit, so the first of them pays for all three; the
last line times the three through find_all, as the solver and the hints
would call them.

Run with `python -m benchmarks.bench_er_finned_fish` from the checkout.
"""
from __future__ import annotations

import random

from tutor.engine.registry import REGISTRY, find_all
from tutor.engine.formats import parse_position
from tutor.engine.solve import apply_until_stuck
from tutor.paths import data_dir

from .bench_colouring_xcycles import line, measure

STAGES = {"early": ["singles"], "stuck": ["singles", "locked-candidates", "locked-set"]}
FINDERS = ["empty-rectangle", "finned-x-wing", "finned-swordfish", "finned-jellyfish"]
SAMPLE = 150


def positions(after, sample: int = SAMPLE, seed: int = 1):
    with open(data_dir("puzzles") / "qqwing-expert.txt", encoding="utf-8") as f:
        texts = [ln.strip() for ln in f if ln.strip()]
    out = [p for p in (apply_until_stuck(parse_position(t), after) for t in texts)
           if not p.is_solved()]
    random.Random(seed).shuffle(out)
    return out[:sample]


def main() -> None:
    rows = [(tid, REGISTRY[tid].finder) for tid in FINDERS]
    rows.append(("finned fish (find_all)", lambda p: find_all(p, ["finned-fish"])))
    for stage, after in STAGES.items():
        sample = positions(after)
        print(f"== {len(sample)} {stage} positions from qqwing-expert")
        for name, fn in rows:
            print(line(name, *measure(fn, sample)))


if __name__ == "__main__":
    main()
