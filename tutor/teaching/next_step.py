""""What's next?" practice: a position near the learner's rating, and the
learner finds the next step alone, with no technique named.

Themed practice tells the learner which technique to look for; real
solving does not.  Here the judge rules on the claim as in play (a claim
named by no technique is credited to the simplest technique that proves
it), the learner model credits the technique that proved it, and weighs
the result fully, where a themed drill's counts `learner.THEMED` of it
(tutor/teaching/learner.py).  "Practise next" offers it once NEXT_STEP_AFTER
rungs are mastered.

The position is drawn from the practice bank (practice_bank.py) for a
technique the learner has met, near their rating for it, never one they
have been given before.
"""
from __future__ import annotations

import random

from ..engine.position import Position
from ..engine.registry import get, technique_name
from ..generate.accept import simplest
from .learner import NEXT_STEP
from .quiz import EliminateQuiz
from .quiz.common import Verdict, highlight_of

NEXT_STEP_AFTER = 3        # rungs mastered before "Practise next" offers it


class NextStepQuiz(EliminateQuiz):
    """Find the next step here, any technique: claim what it removes or
    places.  Not a registered kind: it is made from the bank for a learner
    (next_step_quiz), not for a technique named."""

    kind = NEXT_STEP
    asks = "find the next step"

    def __init__(self, position: Position, source: str = "", uniqueness: bool = True):
        found = simplest(position)
        if found is None:
            raise ValueError("no technique of the ladder has a step in this position")
        super().__init__(position, found[0].id, source, uniqueness)
        self.credited: str | None = None        # the technique that proved the right claim

    @property
    def solved(self) -> bool:
        return self.credited is not None

    def heading(self) -> str:
        return "What's next?"                   # the title must not name the technique

    def sub_title(self) -> str:
        return self.asks

    @property
    def places(self) -> bool:
        return False                            # any step: an elimination or a placement

    def prompt(self) -> str:
        return ("What's next? Find a step here yourself, any technique, and claim what it removes "
                "or places (e.g. r6c9<>5 or r1c2=7; name it with 'by x-wing' if you like).")

    def judge(self, claim: str) -> Verdict:
        from ..engine import judge as judge_mod
        claim, _, named = claim.partition(" by ")
        try:
            jv = judge_mod.judge(self.position, claim.strip(), by=named.strip() or None,
                                 uniqueness=self.uniqueness)
        except Exception as e:  # the judge answers bad claims itself; guard the UI anyway
            return Verdict("invalid", f"could not read '{claim}': {e}")
        step = jv.steps[0] if jv.steps else None
        if jv.kind in ("proved", "proved-other"):
            self.solved_by = step
            self.credited = jv.technique or (step.technique if step else self.target)
            return Verdict("correct", f"right, a {technique_name(self.credited)} step: {jv.message}",
                           step, highlight=highlight_of(step) if step else {})
        if jv.kind == "true-unproved":
            return Verdict("true-unproved", f"right answer, no reason yet: {jv.message}")
        if jv.kind == "false":
            return Verdict("wrong", jv.message, highlight=dict(jv.highlight or {}))
        return Verdict("invalid", jv.message)

    def records(self) -> list[tuple[str, float]]:
        """The technique that proved the claim, or (not solved) the simplest
        one there, with the score."""
        return [(self.credited or self.target, self.result())]


def next_step_ready(rows) -> bool:
    """Whether "Practise next" offers "what's next?" (learner_view rows)."""
    return sum(1 for r in rows if r.mastered) >= NEXT_STEP_AFTER


def next_step_quiz(store, user: str, rows, seed: int = 0, uniqueness: bool = True) -> NextStepQuiz:
    """A "what's next?" quiz for the user: a technique they have met, drawn
    by seed, and a bank position of it near their rating for it."""
    from .practice_bank import draw
    usable = [r for r in rows if uniqueness or not get(r.technique).uniqueness]
    met = [r for r in usable if r.attempts] or [r for r in usable if r.ready][:1]
    row = random.Random(f"next-step:{user}:{seed}").choice(met)
    practice = draw(store, user, row.technique, row.rating)
    return NextStepQuiz(practice.position, practice.source, uniqueness)
