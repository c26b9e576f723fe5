"""A fresh practice set for a class: new positions of one technique from
the generator, the same for every student (the teacher's app makes them
once from a seed and pushes each position in turn, tutor/app/screens/teacher.py).

The run is guided toward the technique and stops after SET_PUZZLES puzzles
at most (a count, not a time, so a seed always gives the same set); a rung
too rare for that is made up from the practice cache, taken in a seeded
order.
"""
from __future__ import annotations

import random

from ..engine.registry import resolve
from ..generate.run import run, source_label
from .practice_cache import load_cache
from .practice_sources import PracticePosition

SET_SIZE = 5
SET_PUZZLES = 3000          # puzzles a set may take from the generator


def fresh_set(target: str, count: int = SET_SIZE, seed: int | str = 0,
              uniqueness: bool = True) -> list[PracticePosition]:
    """`count` practice positions of the technique `target` (an id; a
    family gives its simplest member's), new ones from the generator first."""
    technique = resolve([target], uniqueness)[0].id
    run_seed = f"class:{technique}:{seed}"
    out: list[PracticePosition] = []
    keys: set = set()
    for made in run(run_seed, wanted=[technique], guide=technique):
        for f in made.found:
            if f.position.key() not in keys:
                keys.add(f.position.key())
                out.append(PracticePosition(technique, f.position, source_label(run_seed, made),
                                            f.puzzle, instances=f.instances))
        if len(out) >= count or made.index >= SET_PUZZLES:
            break
    cached = [p for p in load_cache(technique) if p.position.key() not in keys]
    random.Random(run_seed).shuffle(cached)
    return (out + cached)[:count]
