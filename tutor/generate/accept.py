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
from ..engine.registry import Technique, get, ladder
from ..engine.step import Step
from . import kernel


# A naked set and the hidden set on the other cells of its house are one
# deduction seen from two sides, with the same eliminations.  Since every
# hidden set of 2..7 cells has a naked complement of 2..7 cells, a strict
# "first technique on the ladder" rule would never let a Hidden Subset be the
# simplest step.  So a naked set that is only the LARGER side of a hidden set
# does not count as simpler than that hidden set.  The registry says which
# techniques share a place this way: a room whose `tier` (the judge's
# preference) reaches down to another's rank stands level with it.
def _shadowing(t: Technique, techniques: list[Technique]) -> list[Technique]:
    """The later techniques of the same tier as `t` (hidden-subset for
    naked-subset)."""
    return [u for u in techniques if u.tier is not None and u.tier <= t.rank < u.rank]


def _size(step: Step) -> int:
    return int(step.extra.get("size") or len(step.cells))


def _all_shadowed(steps: list[Step], others: list[Step]) -> bool:
    """Every step has a smaller step in `others` with the same effect."""
    best: dict[tuple, int] = {}
    for s in others:
        best[s.effect] = min(best.get(s.effect, 99), _size(s))
    return all(s.effect in best and best[s.effect] < _size(s) for s in steps)


def simplest(pos: Position, techniques: list[Technique] | None = None) -> tuple[Technique, list[Step]] | None:
    """The simplest technique that has a step here, with its steps: the first
    on the ladder, except that a naked set which is only the larger view of a
    hidden set gives way to the hidden set (see _shadowing).  A uniqueness
    technique counts only where the position has exactly one solution."""
    techniques = techniques or ladder()
    for t in techniques:
        found = t.finder(pos)
        if not found:
            continue
        if t.uniqueness and pos.solution_info()[0] != 1:
            continue
        for other in _shadowing(t, techniques):
            hidden = other.finder(pos)
            if hidden and _all_shadowed(found, hidden):
                return other, hidden
        return t, found
    return None


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
    """The highest rank the cheap pass covers: its rungs, and the hidden sets
    its naked sets mirror (see _shadowing)."""
    cheap = [get(t) for t in kernel.CHEAP]
    return max(u.rank for t in cheap for u in [t, *_shadowing(t, rungs)])


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
    return list(_walk(start, [t for t in rungs if t.rank <= top_rank], wanted_ids, climbed,
                      top_rank, givens_text(values)))


def _walk(pos: Position, rungs: list[Technique], wanted: set[str], climbed: int,
          top_rank: int, puzzle: str):
    """Follow the logic solve from `pos` (`climbed`: the highest rank used
    before it) until no wanted technique can come any more."""
    # a finder's `first` (its first step, cheaper) finds the rung; every step
    # is asked for only where the path climbs, or where a hidden set may
    # stand in for a naked one
    plan = [(t, None if t.batched else getattr(t.finder, "first", None)) for t in rungs]
    mirrored = {t.id for t in rungs if _shadowing(t, rungs)}
    while climbed < top_rank and not pos.is_solved():
        found = None
        for t, first in plan:
            steps = first(pos) if first else t.finder(pos)
            if steps:
                found = t, steps
                break
        if found is None:
            return                 # stuck below every wanted rung
        t, steps = found
        if t.rank > climbed or t.id in mirrored:
            t, steps = simplest(pos, rungs)
        if t.rank > climbed:
            if t.id in wanted:
                real = [s for s in steps if not leans_on(s)]
                if real:
                    yield Found(t.id, pos.copy(), puzzle, len(real))
            climbed = t.rank
        for step in (steps if t.batched else steps[:1]):
            pos.apply(step)
