"""Practice positions in a generated puzzle: walk its logic solve and keep
the places a teacher would pick.

A position is a practice position for technique T when

* T is the simplest step there (`simplest`): no lower rung has a step, so a
  learner told to look for T is not rightly distracted by something easier;
* every step before it on the solve path is simpler than T: the learner
  meets T clean, with nothing as hard on the way;
* T's step there is a real instance: at least one of its steps stands on
  its own, not only on a pending single (`leans_on`).

So each solve gives at most one position per technique, at the places
where its path climbs to a rung it has not used before; every one of them
is kept (`practice_in`), not only the first.  The walk follows the logic
solve (tutor/engine/solve.py: the simplest technique first, back to the
simplest after every step), starting from where the cheap pass got stuck
when nothing below it is wanted (kernel.py says why that is the same path),
and it runs only the rungs up to the hardest one wanted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..engine.names import leans_on
from ..engine.position import Position
from ..engine.registry import Technique, get, ladder, offered, tier_of
from ..engine.step import Step
from . import kernel


def simplest(pos: Position, techniques: list[Technique] | None = None) -> tuple[Technique, list[Step]] | None:
    """The technique whose step the engine offers first here (the registry's
    `offered`, the one definition of the simplest step: the first tier with
    a step, and in it the simplest step, so a hidden set wins where it is
    the smaller side of a house split), with all its steps, not only the
    first: practice counts its instances there."""
    return offered(pos, techniques, lambda t, p: t.finder(p))


@dataclass(frozen=True)
class Found:
    """A practice position found in a generated puzzle."""
    technique: str
    position: Position
    puzzle: str              # the generated puzzle, 81 characters
    instances: int           # the technique's real steps there

    @property
    def filled(self) -> float:
        """The share of the grid solved at the practice position."""
        return sum(1 for v in self.position.values if v) / 81


def givens_text(values) -> str:
    return "".join(str(v) if v else "." for v in values)


def cheap_rank(rungs: list[Technique]) -> int:
    """The highest rank the cheap pass covers: its rungs, and those sharing
    their tier (the hidden sets its naked sets mirror: a hidden set is the
    other side of a naked one in the same house)."""
    cheap_tiers = {tier_of(get(t)) for t in kernel.CHEAP}
    return max(t.rank for t in rungs if tier_of(t) in cheap_tiers)


def practice_in(values: list[int], wanted: Iterable[str] | None = None) -> list[Found]:
    """The practice positions of the puzzle `values` (81 digits, 0 empty,
    one solution) for the wanted techniques (default: every rung), in path
    order."""
    rungs = ladder()
    wanted_ids = {t.id for t in rungs} if wanted is None else set(wanted)
    top_rank = max((get(t).rank for t in wanted_ids), default=0)
    cheap_top = cheap_rank(rungs)
    start = Position.from_values(values)
    if all(get(t).rank > cheap_top for t in wanted_ids):
        # nothing wanted below the cheap pass's rungs: start where it got stuck
        level, vals, cands = kernel.cheap(start.values, start.cands)
        if level != kernel.STUCK:
            return []              # the cheap rungs finish it: no harder step ever comes
        start = Position(vals, cands, start.givens)
        climbed = cheap_top        # the path so far used cheap rungs only
    else:
        climbed = 0
    # the rungs up to the hardest wanted, with the whole of its tier: a
    # hidden set may be offered before the naked set it mirrors
    top_tier = max((tier_of(get(t)) for t in wanted_ids), default=0)
    return list(_walk(start, [t for t in rungs if tier_of(t) <= top_tier], wanted_ids, climbed,
                      top_rank, givens_text(values)))


def _walk(pos: Position, rungs: list[Technique], wanted: set[str], climbed: int,
          top_rank: int, puzzle: str):
    """Follow the logic solve from `pos` (`climbed`: the highest rank used
    before it) until no wanted technique can come any more."""
    while climbed < top_rank and not pos.is_solved():
        found = offered(pos, rungs)    # the logic solve's choice, from first steps
        if found is None:
            return                     # stuck below every wanted rung
        t, steps = found
        if t.rank > climbed:
            if t.id in wanted:
                real = [s for s in t.finder(pos) if not leans_on(s)]
                if real:
                    yield Found(t.id, pos.copy(), puzzle, len(real))
            climbed = t.rank
        for step in (steps if t.batched else steps[:1]):
            pos.apply(step)
