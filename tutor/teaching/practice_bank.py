"""The practice bank: practice positions per technique kept in the progress
store (SQL in tutor/store/bank.py), served near the learner's rating and
never twice to one learner.

Where positions come from:
* the seed: the shipped puzzles/practice/<technique>.txt (made by the
  generator: `python -m tutor.teaching.practice --rebuild`), put in the bank
  the first time a technique is asked for;
* the generator: `top_up` runs it guided toward one technique and keeps
  every practice position its walks meet for the rungs still short (the
  bank worker, tutor/teaching/bank_worker.py, does this in the background);
* variants: a banked position redrawn by a Sudoku symmetry, labelled as
  such (kind 'variant'), made only when the real positions run short: the
  worker keeps every rung at LOW_WATER positions at least, and a learner who
  has seen them all gets a fresh variant at once.

Each position keeps its difficulty on the learner model's scale
(`learner.item_difficulty`: the technique's base, its instances there, how
much of the grid is solved), so `draw` picks the one nearest the rating.
"""
from __future__ import annotations

import random
import time
from functools import lru_cache

from ..engine.formats import parse_position
from ..engine.names import leans_on
from ..engine.registry import get, ladder
from ..generate.accept import Found, cheap_rank
from ..generate.run import run
from ..store import bank
from .learner import item_difficulty, load as load_model, position_key
from .lessons import example_keys
from .practice_cache import load_cache
from .practice_sources import VARIANT_PREFIX, PracticePosition, redraw_puzzle
from .quiz.common import target_ids
from .symmetry import Symmetry

LOW_WATER = 100          # positions per technique the worker keeps the bank at, at least


def difficulty(technique: str, position, instances: int) -> float:
    filled = sum(1 for v in position.values if v) / 81
    return item_difficulty(technique, instances, filled)


def _as_practice(row: bank.Banked) -> PracticePosition:
    return PracticePosition(row.technique, parse_position(row.position), row.source, row.puzzle,
                            variant=row.symmetry)


def _real_instances(technique: str, position) -> int:
    return sum(1 for s in get(technique).finder(position) if not leans_on(s))


# ------------------------------------------------------------------ filling

def seed(store, technique: str) -> int:
    """Put the shipped seed positions of the technique in the bank (once:
    the bank keeps a position once); returns how many were new there."""
    before = bank.counts(store, bank.KINDS).get(technique, 0)
    for p in load_cache(technique):
        n = p.instances or _real_instances(technique, p.position)
        bank.add(store, technique, position_key(p.position), p.braces, p.puzzle, p.source,
                 "variant" if p.is_variant else "seed",
                 difficulty(technique, p.position, n), n, p.variant)
    return bank.counts(store, bank.KINDS).get(technique, 0) - before


def keep(store, found: Found, source: str) -> None:
    bank.add(store, found.technique, position_key(found.position), str(found.position), found.puzzle,
             source, "generated",
             difficulty(found.technique, found.position, found.instances), found.instances)


def top_up(store, technique: str, budget: float, run_seed: str | None = None,
           low: int = LOW_WATER) -> int:
    """Run the generator guided toward `technique` for about `budget` CPU
    seconds or until the technique has `low` positions, keeping every
    position met for it and for the other rungs above the cheap pass still
    below `low` (their walks are run anyway).  Returns the positions kept
    for `technique`."""
    run_seed = run_seed or f"bank:{random.SystemRandom().randrange(10 ** 9)}"
    have = bank.counts(store)
    cheap = cheap_rank(ladder())
    rank = get(technique).rank
    wanted = [t.id for t in ladder() if t.id == technique
              or cheap < t.rank <= rank and have.get(t.id, 0) < low]
    if rank <= cheap:
        wanted = [technique]          # a cheap rung wanted walks from the start: alone, it is quick
    kept: set = set()            # positions of `technique` (neighbours may meet one again)
    t0 = time.process_time()
    for made in run(run_seed, wanted=wanted, guide=technique):
        for f in made.found:
            keep(store, f, f"generated:{run_seed}:{made.index}" + (f".{made.neighbour}" if made.neighbour else ""))
            if f.technique == technique:
                kept.add(f.position.key())
        if have.get(technique, 0) + len(kept) >= low or time.process_time() - t0 > budget:
            break
    return bank.counts(store).get(technique, 0) - have.get(technique, 0)


def add_variants(store, technique: str, count: int, seed_text: str = "bank") -> int:
    """Up to `count` new variants of the technique's real positions (kind
    'variant', the symmetry in their source).  Not checked with the engine
    one by one: a symmetry keeps every step of a position a step
    (tests/teaching/test_symmetry.py)."""
    bases = [(b.position, b.puzzle, b.source, b.difficulty, b.instances) for b in bank.all_of(store, technique)]
    if not bases:
        return 0
    before = bank.counts(store, ["variant"]).get(technique, 0)
    for k in range(count):
        position, puzzle, source, level, instances = bases[k % len(bases)]
        sym = Symmetry.random(random.Random(f"variant:{technique}:{seed_text}:{k}"))
        pos = sym.position(parse_position(position))
        bank.add(store, technique, position_key(pos), str(pos), redraw_puzzle(puzzle, sym),
                 f"{VARIANT_PREFIX}{source} ({sym.describe()})", "variant", level, instances, sym.code)
    return bank.counts(store, ["variant"]).get(technique, 0) - before


# ------------------------------------------------------------------ serving

class NoBankPositions(LookupError):
    """The bank has no real position of the technique, and none to redraw."""


NEAREST = 12     # unseen positions looked at for one from another puzzle than the last


@lru_cache(maxsize=1)
def _example_pkeys() -> frozenset:
    """The bank keys of the lessons' examples: never drawn (a lesson prints their answers)."""
    return frozenset(position_key(k) for k in example_keys())


def draw(store, user: str, technique: str, rating: float) -> PracticePosition:
    """The unseen position of the technique nearest the rating (real ones
    before variants), marked seen; of the NEAREST, one from another puzzle
    than the position given last (two positions along one solve often hold
    the same step: the answer just shown would do again).  When the user has
    seen every banked one, a fresh variant of one."""
    if not bank.has(store, technique):
        seed(store, technique)
    def nearest() -> list:
        shown = _example_pkeys()
        return [r for r in bank.draw(store, user, technique, rating, limit=NEAREST) if r.pkey not in shown]

    rows = nearest()
    if not rows and add_variants(store, technique, 1, f"{user}:{time.time_ns()}"):
        rows = nearest()
    if not rows:
        raise NoBankPositions(f"no practice positions for {technique} in the bank")
    last = bank.last_puzzle(store, user, technique)
    row = next((r for r in rows if r.puzzle != last), rows[0])
    bank.mark_seen(store, user, technique, row.pkey)
    return _as_practice(row)


def quiz_pick(store, user: str, target: str, uniqueness: bool = True) -> PracticePosition | None:
    """A fresh position for a quiz on a technique or family: for a family
    one of its techniques at random, and of that the unseen bank position
    nearest the user's rating for it (`draw`).  None when the bank cannot
    serve (the quiz then takes a seeded practice position)."""
    try:
        ids = target_ids(target, uniqueness)
        tid = ids[0] if len(ids) == 1 else random.Random(time.time_ns()).choice(ids)
        model = load_model(store)
        rating = model.skill(model.learner(user), tid).rating
        return draw(store, user, tid, rating)
    except Exception:        # noqa: BLE001 - no bank here, or it is down: practice without it
        return None
