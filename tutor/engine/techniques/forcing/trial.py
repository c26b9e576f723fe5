"""Trial (family `forcing`): the last resort, a guess the solution confirms.

When no logical rung of the ladder applies (forcing nets included), trial
places one digit: the solution's, in a cell chosen so that the guess is
easy to believe.  It is not logic and says so: "Trial: r4c5=7 is the
solution's digit; the other candidates are not ruled out by any technique
the tutor knows".  So logic solve, hints and the judge always have a next
step on a puzzle with one solution; on a position with none or several,
trial offers nothing.

Which cell: among the TRIAL_CELLS empty cells with the fewest candidates
(then in cell order), the one whose wrong candidates, each assumed, run
into a contradiction the quickest when solving on with the techniques
ranked below forcing chains (TRIAL_STEPS steps at most; uniqueness
techniques left out: the assumed position has no solution, so they do not
hold there; forcing chains and nets left out because on the positions
that reach trial one such solve with them costs as much as a whole hard
solve, about 0.1 s, against some 5 ms without).  The step then names that
refutation; failing any, the first of those cells is taken, with no
refutation named.

The judge asks `trial.prove(position, (cell, digit, is_placement))` for a
true claimed item that no step of any technique gives: the opposite is
assumed and solved on the same way (PROVE_STEPS steps at most); the
contradiction it reaches is the proof, or, when none comes within the
bound, the exact solver's finding that the assumed position has no
solution.  Such a step removes a candidate (or places a digit) that the
solution confirms, and names the trial as such.
"""
from __future__ import annotations

from dataclasses import dataclass

from ... import registry
from ...grid import MASK_DIGITS, POPCOUNT, cell_name
from ...hint_words import HintWords
from ...position import Position
from ...registry import PatternReport, technique
from ...roles import PREMISE, Part, Roles
from ...step import make_step
from ..patterns import digits_list, fail

RANK = 380
TRIAL_CELLS = 6        # cells (fewest candidates first) whose wrong candidates are tried
TRIAL_STEPS = 60       # steps a solve from a wrong guess may take to break down
PROVE_STEPS = 60       # the same for the judge's proofs
NESTED_BELOW = 360     # those solves use the techniques ranked below forcing chains


def _below(rank: int = RANK) -> list[str]:
    """The techniques below a rank, without the uniqueness ones."""
    return [t.id for t in registry.ladder(uniqueness=False) if t.rank < rank]


def _assume(pos: Position, i: int, d: int, placing: bool) -> Position:
    """A fresh position where cell i is d (placing) or is not d."""
    out = Position(pos.values, pos.cands, pos.givens)
    out.place(i, d) if placing else out.eliminate(i, d)
    return out


def _breaks_down(pos: Position, i: int, d: int, placing: bool, max_steps: int):
    """Assume cell i is d (placing) or is not d, and solve on with the
    techniques below the forcing family: (steps, what breaks) when that
    reaches a contradiction, else None."""
    from ...solve import logic_solve
    result = logic_solve(_assume(pos, i, d, placing), _below(NESTED_BELOW), max_steps=max_steps,
                         uniqueness=False)
    if result.status == "contradiction":
        return len(result.steps), result.problem
    return None


def _guess(pos: Position, sol) -> object:
    empty = [i for i in range(81) if not pos.values[i]]
    cells = sorted(empty, key=lambda i: (POPCOUNT[pos.cands[i]], i))[:TRIAL_CELLS]
    best = None
    for i in cells:
        refuted = {}
        for d in MASK_DIGITS[pos.cands[i]]:
            if d == sol[i]:
                continue
            broke = _breaks_down(pos, i, d, True, TRIAL_STEPS)
            if broke is None:
                break
            refuted[d] = broke[0]
        else:
            total = sum(refuted.values())
            if best is None or total < best[0]:
                best = (total, i, refuted)
    i, refuted = (best[1], best[2]) if best else (cells[0], {})
    d = sol[i]
    others = tuple(e for e in MASK_DIGITS[pos.cands[i]] if e != d)
    return make_step("trial", GuessRoles(others, tuple(refuted.items())), cells=(i,), digits=(d,),
                     placements=[(i, d)])


@dataclass(frozen=True)
class GuessRoles(Roles):
    """The solution's digit in one cell (the step's), named as a guess: the
    cell's other candidates, and how many steps each took to break down
    when assumed (when every one did)."""
    others: tuple[int, ...]
    refuted: tuple[tuple[int, int], ...]

    def name(self, step) -> str:
        name, d = cell_name(step.cells[0]), step.digits[0]
        lead = f"Trial: {name}={d} is the solution's digit"
        if self.refuted:
            tried = " or ".join(f"{name}={e}" for e in self.others)
            counts = " and ".join(str(n) for _, n in self.refuted)
            return lead + (f"; no technique the tutor knows rules out {digits_list(self.others)} "
                           f"directly, but assuming {tried} runs into a contradiction after "
                           f"{counts} more steps")
        return lead + (f"; the other candidates ({digits_list(self.others)}) are not ruled out by "
                       f"any technique the tutor knows")

    def json(self, step) -> dict:
        name = cell_name(step.cells[0])
        return {"kind": "Trial", "guess": f"{name}={step.digits[0]}", "others": list(self.others),
                "refuted": {f"{name}={e}": n for e, n in self.refuted}}

    def premise(self, step) -> Part:
        """The guess is made in the cell: every one of its candidates."""
        return Part(PREMISE, cells=step.cells, digits=tuple(sorted(self.others + step.digits)))

    def parts(self, step):
        return (self.premise(step),)


def _prove(pos: Position, item):
    """A trial step proving one true claimed item (cell, digit,
    is_placement), or None when the position lacks one solution or the
    item is false."""
    i, d, placing = item
    count, sol = pos.solution_info()
    if count != 1 or pos.values[i] or not pos.has(i, d) or (sol[i] == d) != placing:
        return None
    broke = _breaks_down(pos, i, d, not placing, PROVE_STEPS)
    if broke is None and _assume(pos, i, d, not placing).solution_info()[0] != 0:
        return None
    effect = [(i, d)]
    return make_step("trial", ProofRoles(not placing, *(broke or (None, ""))), cells=(i,),
                     digits=(d,), eliminations=() if placing else effect,
                     placements=effect if placing else ())


@dataclass(frozen=True)
class ProofRoles(Roles):
    """A claim proved by assuming its opposite (`assumed_on`: the digit in
    the cell) and solving on: the steps it took to break down and what
    broke, or None when only an exhaustive search finds no solution."""
    assumed_on: bool
    steps: int | None
    problem: str

    def assumed(self, step) -> str:
        return f"{cell_name(step.cells[0])}{'=' if self.assumed_on else '<>'}{step.digits[0]}"

    def name(self, step) -> str:
        if self.steps is not None:
            return (f"Trial: assuming {self.assumed(step)}, solving on runs into a contradiction "
                    f"after {self.steps} step{'s' if self.steps != 1 else ''} ({self.problem})")
        return (f"Trial: with {self.assumed(step)} the position has no solution (an exhaustive "
                f"search finds none), and solving on with the techniques below forcing chains "
                f"reaches no contradiction within {PROVE_STEPS} steps")

    def json(self, step) -> dict:
        return {"kind": "Trial", "assumed": self.assumed(step), "steps": self.steps}

    def premise(self, step) -> Part:
        return Part(PREMISE, cells=step.cells, digits=step.digits, on=self.assumed_on)

    def parts(self, step):
        return (self.premise(step),)


class TrialHints(HintWords):
    """A guess names its cell, never the digit, before level 4."""

    def where(self, step, position=None) -> str:
        return f"look at {cell_name(step.cells[0])}: the solution holds one of its candidates."

    def pattern(self, step) -> str:
        return (f"the pattern: a guess in {cell_name(step.cells[0])}, one of its candidates, that "
                f"only the solution confirms.")


def check_trial(pos: Position, q) -> PatternReport:
    label = q.label or "Trial"
    if len(q.cells) != 1:
        return fail(q, label, "a trial is one guess in one cell: name that cell", fits=False)
    i = q.cells[0]
    count, sol = pos.solution_info()
    if count != 1:
        return fail(q, label, "the position does not have exactly one solution, so no guess can be "
                              "confirmed")
    d = sol[i]

    def why_not(j, e, placing):
        if j == i and not placing and e != d:
            return ""
        return f"a trial in {cell_name(i)} places {cell_name(i)}={d} only"

    others = {(i, e) for e in MASK_DIGITS[pos.cands[i]] if e != d}
    return PatternReport(True, label, [i], digits=(d,), removes=others, places={(i, d)},
                         why_not=why_not)


@technique("trial", "Trial", "forcing", rank=RANK, weight=1000, label="Trial", last_resort=True, guess=True,
           aliases=("trial", "trial and error", "guess", "guessing", "bifurcation"),
           check=check_trial, hints=TrialHints(), prerequisites=("forcing-net",),
           distractors=("forcing-net", "forcing-chain", "aic", "death-blossom"),
           confusions=(("forcing-net", "Trial vs Forcing Net",
                        "a forcing net proves its step from the assumption alone; a trial is a "
                        "guess that only the known solution confirms"),))
def trial(pos: Position):
    if pos.is_solved() or registry.next_step(pos, _below(), uniqueness=False) is not None:
        return []
    count, sol = pos.solution_info()
    return [_guess(pos, sol)] if count == 1 else []


trial.prove = _prove
