"""Solving by logic alone: simplest technique first, and back to the
simplest after every bit of progress (as a person would).

The score of a solve is the sum of its steps' weights: each step counts its
technique's `Technique.score` (the registry's `weight`, or its rank on the
ladder when no weight is set), so a long path of simple steps and a short
one through a hard technique can both score high, as in HoDoKu's ratings.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .registry import FAMILIES, Technique, first_steps, ladder, resolve, simplest, tiers
from .position import Position
from .step import Step


@dataclass
class SolveResult:
    status: str                       # 'solved', 'stuck' or 'contradiction'
    position: Position                # where the solve ended
    steps: list[Step] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    hardest: str | None = None        # technique id with the highest rank used
    problem: str | None = None        # for 'contradiction': what and where
    score: int = 0                    # sum of the steps' weights (see the module notes)

    @property
    def rating(self) -> str:
        return self.hardest or "none"

    def to_json(self, with_steps: bool = True) -> dict:
        from .formats import to_givens
        out: dict[str, object] = {
            "status": self.status,
            "grid": to_givens(self.position),
            "counts": dict(self.counts),
            "hardest": self.hardest,
            "score": self.score,
        }
        if self.problem:
            out["problem"] = self.problem
        if with_steps:
            out["steps"] = [s.to_json() for s in self.steps]
        return out


def _applicable(pos: Position, step: Step) -> bool:
    """Whether the step still places or removes something (Position.has,
    written out: this runs for every step of every solve)."""
    values = pos.values
    cands = pos.cands
    for i, d in step.placements:
        if not values[i] and cands[i] >> (d - 1) & 1:
            return True
    for i, d in step.eliminations:
        if not values[i] and cands[i] >> (d - 1) & 1:
            return True
    return False


def logic_solve(position: Position, techniques=None, max_steps: int = 2000,
                uniqueness: bool = True) -> SolveResult:
    """Solve a copy of the position with the chosen techniques (default: the
    whole ladder).  Stops when solved, stuck or broken.  The uniqueness
    techniques run only when `uniqueness` is on and the position has exactly
    one solution (counted once, the first time one of them finds a step: a
    sound step never changes the solutions)."""
    pos = position.copy()
    ladder: list[Technique] = resolve(techniques, uniqueness)
    unique: bool | None = None
    result = SolveResult("stuck", pos)
    rank_of = {t.id: t.rank for t in ladder}
    weight_of = {t.id: t.score for t in ladder}
    # The techniques of one tier are offered together (the two views of a
    # LockedSet: its smaller side first); only a batched technique's steps
    # are all applied, so `first_steps` takes the cheaper first step of the
    # others.
    plan = tiers(ladder)
    while len(result.steps) < max_steps:
        problem = pos.contradiction()
        if problem:
            result.status, result.problem = "contradiction", problem
            break
        if pos.is_solved():
            result.status = "solved"
            break
        progress = False
        for group in plan:
            offered = []
            for t in group:
                found = first_steps(t, pos)
                if found and t.uniqueness:
                    # counted only once a uniqueness step is on offer: most
                    # solves never get that far
                    if unique is None:
                        unique = position.solution_info()[0] == 1
                    if not unique:
                        continue
                offered.append((t, found))
            picked = simplest(offered)
            if picked is None:
                continue
            t, found = picked
            batch = found if t.batched else found[:1]
            for step in batch:
                if _applicable(pos, step):
                    pos.apply(step)
                    result.steps.append(step)
                    result.counts[step.technique] += 1
                    result.score += weight_of.get(step.technique, 0)
                    progress = True
            if progress:
                break
        if not progress:
            result.status = "stuck"
            break
    if result.counts:
        result.hardest = max(result.counts, key=lambda t: rank_of.get(t, 0))
    result.position = pos
    return result


def apply_until_stuck(position: Position, techniques, uniqueness: bool = True) -> Position:
    """`--after`: apply the given techniques, simplest first, until none applies."""
    return logic_solve(position, techniques, uniqueness=uniqueness).position


def ladder_up_to(limit: str, uniqueness: bool = True) -> list[Technique]:
    """The ladder through `limit`, a technique id or a family id: every
    technique no harder than the hardest one `limit` names ('chains' reaches
    Grouped AIC, so the wings below it come too).  UnknownTechnique for a
    name the registry does not know."""
    top = max(t.rank for t in resolve([limit]))
    return [t for t in ladder(uniqueness) if t.rank <= top]


def solve_up_to(position: Position, limit: str, uniqueness: bool = True) -> SolveResult:
    """Apply steps, simplest first, until the next one is harder than
    `limit` (see ladder_up_to) or none is left: 'stuck' here means the next
    step needs a harder technique, or none on the ladder."""
    techniques = [t.id for t in ladder_up_to(limit, uniqueness)]
    return logic_solve(position, techniques, uniqueness=uniqueness)


def levels(uniqueness: bool = True) -> list[tuple[str, str]]:
    """(family id, display name) in the order of each family's hardest
    technique: the levels `solve_up_to` can stop after, easiest first."""
    top: dict[str, int] = {}
    for t in ladder(uniqueness):
        top[t.family] = max(top.get(t.family, 0), t.rank)
    return [(f, FAMILIES.get(f, f)) for f in sorted(top, key=lambda f: top[f])]
