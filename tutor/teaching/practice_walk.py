"""The practice generator: walk the logic solve of a puzzle and, at every
position, look up the simplest technique that has a step there; a position
is a practice position for that technique.

A learner practising X-Wings should not be shown a position that still holds
a Hidden Single: they would (rightly) take the single first.  The walk is
deterministic for a route ('first', 'batch', 'last' or a seeded
'random:N'), so the same route always reaches the same positions.
`survey` walks every shipped puzzle along many routes and buckets the
positions by technique (the cache, practice_cache.py, is built from it).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Iterator

from ..engine.registry import Technique, ladder, offered
from ..engine.formats import parse_position
from ..engine.position import Position, PositionError
from ..engine.step import Step
from .practice_sources import PracticePosition, shipped_puzzles

CACHE_LIMIT = 40               # positions kept per technique in the shipped cache (the survey's aim)
MAX_WALK = 400                 # steps per puzzle walk (a safety net; real solves are shorter)


def simplest(pos: Position, techniques: list[Technique] | None = None) -> tuple[Technique, list[Step]] | None:
    """The technique whose step the engine offers first here, with all its
    steps (the registry's `offered`: the two views of a LockedSet share a
    tier, so a hidden set is the simplest step where it is a split's smaller
    side)."""
    return offered(pos, techniques, lambda t, p: t.finder(p))


def simplest_id(pos: Position) -> str | None:
    found = simplest(pos)
    return found[0].id if found else None


POLICIES = ("first", "batch", "last", "random")
# The routes the cache is built from: every policy over every puzzle, then a
# few seeded random routes over the puzzles that reach the harder techniques.
ROUTES = ("first", "batch", "last")
HARD_ROUTES = tuple(f"random:{n}" for n in range(4))
HARD_FROM = 70                 # a puzzle is 'hard' when its solve reaches rank >= 70 (X-Wing)
# For a technique still short of CACHE_LIMIT positions after that: more
# random routes over the puzzles that gave it, then (fewer) over its near
# misses (puzzles where its pattern shows up but something simpler comes first).
EXTRA_ROUTES = tuple(f"random:{n}" for n in range(4, 68))
NEAR_ROUTES = EXTRA_ROUTES[:16]


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


def survey(puzzles: list[tuple[str, str]] | None = None, routes=ROUTES, hard_routes=HARD_ROUTES,
           progress=None, extra_routes=EXTRA_ROUTES, near_routes=NEAR_ROUTES,
           want: int = CACHE_LIMIT) -> dict[str, list[PracticePosition]]:
    """Walk every puzzle along every route (and the hard ones along the hard
    routes too); bucket every distinct position by its simplest technique.
    Then, for each technique with fewer than `want` positions, walk more
    seeded random routes until it has `want`: `extra_routes` over the
    puzzles that gave it, then `near_routes` over its near misses (see
    `near_misses`).
    Within a technique, positions come in puzzle order, then route order.
    `progress(done, total, phase)` is called after each walk."""
    puzzles = shipped_puzzles() if puzzles is None else puzzles
    text_of = dict(puzzles)
    rank = {t.id: t.rank for t in ladder()}
    seen: dict[tuple, str] = {}
    per_source: dict[str, list[PracticePosition]] = {}
    count: Counter = Counter()
    top: dict[str, int] = {}          # the highest rank each puzzle's walks reached

    def visit(source: str, route: str, only: str | None = None) -> None:
        puzzle = text_of[source]
        try:
            pos = parse_position(puzzle)
        except PositionError:
            return
        for k, p, t, _ in walk(pos, route=route, key=source):
            if rank[t.id] > top.get(source, 0):
                top[source] = rank[t.id]
            if only is not None and t.id != only:
                continue
            key = p.key()
            if key in seen:
                continue
            seen[key] = t.id
            count[t.id] += 1
            per_source.setdefault(source, []).append(
                PracticePosition(t.id, p, source, puzzle, k, route))

    jobs = [(r, False) for r in routes] + [(r, True) for r in hard_routes]
    total = len(puzzles) * len(jobs)
    done = 0
    for route, only_hard in jobs:
        for source, _ in puzzles:
            done += 1
            if not only_hard or top.get(source, 0) >= HARD_FROM:
                visit(source, route)
            if progress:
                progress(done, total, "survey")
    for t in ladder():
        if count[t.id] >= want:
            continue
        gave = [s for s, _ in puzzles if any(p.technique == t.id for p in per_source.get(s, []))]
        for group, more, phase in ((gave, extra_routes, "more routes"), (None, near_routes, "near misses")):
            if count[t.id] >= want:
                break
            if not more:
                continue
            if group is None:
                group = [s for s in near_misses(t.id, puzzles, top) if s not in gave]
            total, done = len(group) * len(more), 0
            for route in more:
                if count[t.id] >= want:
                    break
                for source in group:
                    done += 1
                    visit(source, route, only=t.id)
                    if progress:
                        progress(done, total, f"{t.id}, {phase}")
    out: dict[str, list[PracticePosition]] = {t.id: [] for t in ladder()}
    for source, _ in puzzles:
        for p in per_source.get(source, []):
            out.setdefault(p.technique, []).append(p)
    return out


def near_misses(technique: str, puzzles: list[tuple[str, str]],
                top: dict[str, int] | None = None) -> list[str]:
    """Puzzles whose plain solve passes positions where the technique has a
    step but a simpler one comes first: other routes through them may meet
    it as the simplest step.  Only puzzles whose solve reaches the
    technique's rank or beyond are looked at (`top`: the highest rank each
    puzzle's walks reached).  In puzzle order."""
    t = next(x for x in ladder() if x.id == technique)
    out = []
    for source, puzzle in puzzles:
        if top is not None and top.get(source, 0) < t.rank:
            continue
        try:
            pos = parse_position(puzzle)
        except PositionError:
            continue
        if any(s.rank < t.rank and t.finder(p) for _, p, s, _ in walk(pos)):
            out.append(source)
    return out


def is_practice_position(pos: Position, technique: str) -> bool:
    """The generator's rule: the technique is the simplest step (see
    `simplest`), and the position has one solution, every empty cell still
    holding its solution digit as a candidate."""
    found = simplest(pos)
    if found is None or found[0].id != technique:
        return False
    count, sol = pos.solution_info()
    return count == 1 and all(pos.values[i] == sol[i] or pos.has(i, sol[i]) for i in range(81))
