"""Find the elimination: a position where the technique is the simplest
step; the learner claims an elimination and the judge grades it."""
from __future__ import annotations

import time

from ...engine.position import Position
from ...engine.registry import find_all, technique_name
from ...engine.step import Step
from .common import Verdict, highlight_of, target_ids, target_name
from .confusions import Confusion, confusion


class EliminateQuiz:
    """The technique is the simplest step here: claim what it removes."""

    kind = "eliminate"

    def __init__(self, position: Position, target: str, source: str = "", uniqueness: bool = True):
        self.position = position
        self.target = target
        self.uniqueness = uniqueness
        self.target_ids = target_ids(target, uniqueness)
        from ...engine.names import leans_on
        found = find_all(position, self.target_ids, uniqueness)
        self.answers: list[Step] = [s for s in found if not leans_on(s)] or found
        self.source = source
        self.attempts: list[tuple[str, Verdict]] = []
        self.solved = False
        self.gave_up = False
        self.started = time.monotonic()
        self.confusions: list[Confusion] = []

    @property
    def done(self) -> bool:
        return self.solved or self.gave_up

    @property
    def places(self) -> bool:
        """Whether the technique's steps here place digits and remove none
        (the singles): the learner claims a placement then."""
        return bool(self.answers) and all(s.placements and not s.eliminations for s in self.answers)

    def prompt(self) -> str:
        if self.places:
            return (f"{target_name(self.target)} is the simplest step here. Claim a digit it places "
                    f"(e.g. r1c2=7).")
        return (f"{target_name(self.target)} is the simplest step here. Claim an elimination it makes "
                f"(e.g. r6c9<>5).")

    def submit(self, claim: str, by: str | None = None, pattern: str | None = None) -> Verdict:
        from ...engine import judge as judge_mod
        by = by or (self.target_ids[0] if len(self.target_ids) == 1 else None)
        try:
            jv = judge_mod.judge(self.position, claim, by=by, pattern=pattern,
                                 uniqueness=self.uniqueness)
        except Exception as e:  # the judge answers bad claims itself; guard the UI anyway
            v = Verdict("invalid", f"could not read '{claim}': {e}")
            self.attempts.append((claim, v))
            return v
        steps = list(getattr(jv, "steps", None) or [])
        step = steps[0] if steps else None
        kind = getattr(jv, "kind", "invalid")
        msg = getattr(jv, "message", "") or kind
        tech = getattr(jv, "technique", None) or (step.technique if step else None)
        if kind == "proved" and tech and tech not in self.target_ids:
            kind = "proved-other"
        if kind == "proved":
            v = Verdict("correct", f"right: {msg}", step, highlight=highlight_of(step) if step else {})
            self.solved = True
        elif kind == "proved-other":
            conf = confusion(by, tech)
            if conf:
                self.confusions.append(conf)
            v = Verdict("correct-other",
                        f"true, but by {technique_name(tech) if tech else 'another technique'}, "
                        f"not {target_name(self.target)}: {msg}", step, confusion=conf,
                        highlight=highlight_of(step) if step else {})
            self.solved = True
        elif kind == "true-unproved":
            v = Verdict("true-unproved", f"right answer, no reason yet: {msg}")
        elif kind == "false":
            v = Verdict("wrong", msg, highlight=dict(getattr(jv, "highlight", {}) or {}))
        else:
            v = Verdict("invalid", msg)
        self.attempts.append((claim, v))
        return v

    def give_up(self) -> Step | None:
        self.gave_up = True
        return self.answers[0] if self.answers else None

    def result(self) -> float:
        tried = [v for _, v in self.attempts if v.counts]
        if not self.solved:
            return 0.0
        return 1.0 / max(1, len(tried))
