"""Walking a puzzle's logic solve and, at every position, looking up the
simplest technique that has a step there (tutor.generate.accept.simplest);
a position is a practice position for that technique.

A learner practising X-Wings should not be shown a position that still holds
a Hidden Single: they would (rightly) take the single first.  The walk is
deterministic for a route ('first', 'batch', 'last' or a seeded
'random:N'), so the same route always reaches the same positions: a
position of the cache (practice_cache.py, made by the generator) is found
again by walking its puzzle.
"""
from __future__ import annotations

import random
from typing import Iterator

from ..engine.registry import Technique, ladder
from ..engine.formats import parse_position
from ..engine.position import Position, PositionError
from ..engine.step import Step
from ..generate.accept import simplest
from .practice_sources import PracticePosition

MAX_WALK = 400                 # steps per puzzle walk (a safety net; real solves are shorter)


def simplest_id(pos: Position) -> str | None:
    found = simplest(pos)
    return found[0].id if found else None


POLICIES = ("first", "batch", "last", "random")
# The routes practice_positions walks further puzzles along.
ROUTES = ("first", "batch", "last")


def walk(pos: Position, techniques: list[Technique] | None = None,
         max_steps: int = MAX_WALK, route: str = "first",
         key: str = "") -> Iterator[tuple[int, Position, Technique, list[Step]]]:
    """Yield (index, position, simplest technique, its steps) along a logic
    solve, simplest technique first (singles in batches, as logic_solve
    does).  Which step of the simplest technique is applied depends on the
    policy: 'first' (logic_solve's path), 'last', 'batch' (all of them) or
    'random' (one drawn with `rng`).
    Every policy is a real solve path; they reach different positions.  The
    route is a policy name, or 'random:N' where N and `key` (the puzzle's
    source) seed the draws, so a route replays identically.  The position
    yielded is a copy the caller may keep."""
    techniques = techniques or ladder()
    policy, _, n = route.partition(":")
    if policy not in POLICIES:
        raise ValueError(f"unknown solve route '{route}' (known: {', '.join(POLICIES)}, random:N)")
    rng = random.Random(f"{key}:{n}") if policy == "random" else None
    pos = pos.copy()
    for k in range(max_steps):
        if pos.is_solved() or pos.contradiction():
            return
        found = simplest(pos, techniques)
        if found is None:
            return
        t, steps = found
        yield k, pos.copy(), t, steps
        if t.batched or policy == "batch":
            chosen = steps
        elif policy == "last":
            chosen = steps[-1:]
        elif policy == "random":
            chosen = [steps[rng.randrange(len(steps))]]
        else:
            chosen = steps[:1]
        for s in chosen:
            pos.apply(s)


def positions_in(source: str, puzzle: str, technique: str, route: str = "first") -> list[PracticePosition]:
    """Every position of one puzzle's solve (along a route) where
    `technique` is the simplest step."""
    try:
        pos = parse_position(puzzle)
    except PositionError:
        return []
    return [PracticePosition(technique, p, source, puzzle, k, route)
            for k, p, t, _ in walk(pos, route=route, key=source) if t.id == technique]


def climbs_clean(p: PracticePosition) -> bool:
    """Whether every step before `p` on its puzzle's route is simpler than
    its technique (the generator's accept rule; positions found by walking
    the shipped puzzles were kept by the simplest-step rule alone)."""
    rank = next(t.rank for t in ladder() if t.id == p.technique)
    try:
        start = parse_position(p.puzzle)
    except PositionError:
        return False
    for _, pos, t, _ in walk(start, route=p.route, key=p.source):
        if pos.key() == p.position.key():
            return True
        if t.rank >= rank:
            return False
    return False


def is_practice_position(pos: Position, technique: str) -> bool:
    """The generator's rule: the technique is the simplest step (see
    `simplest`), and the position has one solution, every empty cell still
    holding its solution digit as a candidate."""
    found = simplest(pos)
    if found is None or found[0].id != technique:
        return False
    count, sol = pos.solution_info()
    return count == 1 and all(pos.values[i] == sol[i] or pos.has(i, sol[i]) for i in range(81))
