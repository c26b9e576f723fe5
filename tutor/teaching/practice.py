"""Practice positions: places in real solves where one technique is the
simplest step available.

A learner practising X-Wings should not be shown a position that still holds
a Hidden Single: they would (rightly) take the single first.  The generator
(tutor/generate/) makes puzzles and keeps the positions of their logic
solves where a technique is the simplest step and everything before it
simpler.

The choice is deterministic, so the same seed always gives the same
positions (a whole class can get the same one).  The rooms of this idea:

  practice_sources.py   PracticePosition; the shipped puzzles
  practice_walk.py      the solve walk along a route (finding a position again)
  practice_variants.py  positions redrawn by a Sudoku symmetry (for rare techniques)
  practice_cache.py     puzzles/practice/<technique>.txt, made by the generator
  practice_bank.py      the bank in the store: served near a rating, never twice
  bank_worker.py        the process that keeps the bank topped up
  practice.py           (here) choosing positions for a technique and a seed

Remake the cache with `python -m tutor.teaching.practice --rebuild`.
"""
from __future__ import annotations

import random
import sys
import time

from ..engine.registry import UnknownTechnique, ladder, resolve
from .lessons import example_keys
from .practice_cache import CACHE_LIMIT, load_cache, main
from .practice_sources import PracticePosition, shipped_puzzles
from .practice_variants import make_variants, variant_of
from .practice_walk import ROUTES, positions_in
from .symmetry import Symmetry


def _check_technique(technique: str, uniqueness: bool = True) -> str:
    ids = [t.id for t in ladder()]
    if technique not in ids:
        members = resolve([technique])    # raises UnknownTechnique with the known names
        raise UnknownTechnique(f"'{technique}' is a family; pick one technique of it "
                               f"({', '.join(t.id for t in members)})")
    if not uniqueness and technique not in {t.id for t in ladder(uniqueness)}:
        raise UnknownTechnique(f"{technique} is a uniqueness technique, and uniqueness "
                               f"techniques are switched off")
    return technique


class NoPracticePositions(UnknownTechnique):
    """The technique is never the simplest step on the shipped puzzles."""


def _refuse_known_empty(technique: str) -> None:
    from .practice_cache import known_empty
    if known_empty(technique):
        from ..engine.registry import technique_name
        raise NoPracticePositions(
            f"the generator found no position where {technique_name(technique)} is the simplest "
            f"step (a technique lower on the ladder always came first), so it has no "
            f"practice positions; its lesson's examples show it")


def practice_positions(technique: str, count: int, seed: int = 0,
                       uniqueness: bool = True) -> list[PracticePosition]:
    """`count` practice positions for the technique, the same ones for the
    same seed: the cache in a seeded order (positions from the shipped
    puzzles before variants), then, if more are asked for, positions found
    by walking further puzzles in a seeded order, or (when the cache holds
    variants, so the shipped puzzles have nothing more) further variants.

    With `uniqueness` off a uniqueness technique has no practice positions
    (UnknownTechnique); the others keep theirs: where a technique is the
    simplest step of the whole ladder, it is still the simplest once the
    uniqueness techniques are left out."""
    technique = _check_technique(technique, uniqueness)
    if count <= 0:
        return []
    cached = load_cache(technique)
    if not cached:
        _refuse_known_empty(technique)
    shown = example_keys()          # a lesson shows these with their answers
    real = [p for p in cached if not p.is_variant and p.position.key() not in shown]
    variants = [p for p in cached if p.is_variant]
    rng = random.Random(f"{technique}:{seed}")
    order = list(range(len(real)))
    rng.shuffle(order)
    out = [real[k] for k in order[:count]]
    if variants:
        order = list(range(len(variants)))
        rng.shuffle(order)
        out += [variants[k] for k in order[:count - len(out)]]
    if len(out) >= count:
        return out
    seen = {p.position.key() for p in cached}
    if variants:
        return out + make_variants(technique, real, count - len(out), seed=f"more:{seed}", exclude=seen)
    if 0 < len(cached) < CACHE_LIMIT:
        # a cache below its limit already holds every position the shipped
        # puzzles give (the rebuild walked them all): nothing more to find
        return out
    puzzles = shipped_puzzles()
    rng.shuffle(puzzles)
    for route in ROUTES:
        for source, puzzle in puzzles:
            for p in positions_in(source, puzzle, technique, route):
                if p.position.key() not in seen:
                    seen.add(p.position.key())
                    out.append(p)
                    if len(out) >= count:
                        return out
    return out


def replay(p: PracticePosition) -> list[PracticePosition]:
    """Walk the shipped puzzle a cached position names, along its route,
    and return the positions where its technique is the simplest step,
    redrawn (and checked) like the variant when `p` is one."""
    found = positions_in(p.origin, p.origin_puzzle, p.technique, p.route)
    if not p.is_variant:
        return found
    sym = p.symmetry
    return [v for v in (variant_of(f, sym) for f in found) if v is not None]


def fresh_position(technique: str, seed: int = 0, indexed: bool = True,
                   budget: float | None = None, uniqueness: bool = True) -> PracticePosition | None:
    """Compute one practice position now by walking a puzzle's solve (not by
    reading a cached position).  With `indexed`, the puzzles and routes the
    cache names are walked first (they are known to reach the technique);
    otherwise shipped puzzles are tried in a seeded order along the plain
    solve path.  For a cached variant, its source puzzle is walked and the
    position found is redrawn by the variant's symmetry (and checked).
    `budget` (seconds) stops a blind search that finds nothing.  With
    `uniqueness` off a uniqueness technique is refused (as practice_positions)."""
    technique = _check_technique(technique, uniqueness)
    _refuse_known_empty(technique)
    rng = random.Random(f"fresh:{technique}:{seed}")
    jobs: list[tuple[str, str, str, str]] = []
    if indexed:
        for p in load_cache(technique):
            job = (p.origin, p.origin_puzzle, p.route, p.variant)
            if job not in jobs:
                jobs.append(job)
        rng.shuffle(jobs)
    else:
        puzzles = shipped_puzzles()
        rng.shuffle(puzzles)
        jobs = [(s, pz, "first", "") for s, pz in puzzles]
    t0 = time.perf_counter()
    for source, puzzle, route, variant in jobs:
        found = positions_in(source, puzzle, technique, route)
        if found:
            pick = found[rng.randrange(len(found))]
            if not variant:
                return pick
            pick = variant_of(pick, Symmetry.parse(variant))
            if pick is not None:
                return pick
        if budget is not None and time.perf_counter() - t0 > budget:
            return None
    return None


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:          # e.g. piped into head
        sys.exit(0)
