"""Find the elimination: a position where the technique is the simplest
step; the learner claims an elimination (or, for the singles, a placement)
and the judge grades it.  A true claim that another technique proves does
not answer the quiz: it asks for its own technique.  The learner model
credits the technique of the step that proved the claim (an XYZ-Wing found
in a Wings practice counts for XYZ-Wing), or of the answer shown on giving up."""
from __future__ import annotations

from ...engine.grid import cell_name
from ...engine.position import Position
from ...engine.registry import an, find_all, technique_name
from ...engine.step import Step
from .common import (
    NoQuiz, Verdict, highlight_of, practice_for, showing, target_ids, target_name, target_noun,
)
from .confusions import closest, confusion
from .entries import EntryError
from .examples import claim_example
from .kinds import quiz_kind
from .protocol import Quiz


@quiz_kind
class EliminateQuiz(Quiz):
    """The technique is the simplest step here: claim what it removes."""

    kind = "eliminate"
    asks = "find the elimination"
    order = 20

    def __init__(self, position: Position, target: str, source: str = "", uniqueness: bool = True,
                 title: str | None = None):
        super().__init__(position, target, source, title)
        self.uniqueness = uniqueness
        self.target_ids = target_ids(target, uniqueness)
        from ...engine.names import leans_on
        found = find_all(position, self.target_ids, uniqueness)
        self.answers: list[Step] = [s for s in found if not leans_on(s)] or found
        self.solved_by: Step | None = None      # the step that proved the right claim

    @classmethod
    def make(cls, target, seed=None, position=None, uniqueness=True, title=None, source=""):
        if position is None:
            practice = practice_for(target, seed or 0, 1, uniqueness)[0]
            position, source = practice.position, practice.source
        quiz = cls(position, target, source, uniqueness, title)
        if not quiz.answers:
            raise NoQuiz(f"this position holds no {target_noun(target)} to ask about")
        return quiz

    @property
    def solved(self) -> bool:
        return self.solved_by is not None

    @property
    def done(self) -> bool:
        return self.solved or self.gave_up

    def over(self) -> str:
        return "you solved it" if self.solved else super().over()

    @property
    def places(self) -> bool:
        """Whether the technique's steps here place digits and remove none
        (the singles): the learner claims a placement then."""
        return bool(self.answers) and all(s.placements and not s.eliminations for s in self.answers)

    # ------------------------------------------------------------ what the screen shows
    def sub_title(self) -> str:
        return "find the placement" if self.places else self.asks

    def prompt(self) -> str:
        what = "a digit it places" if self.places else "an elimination it makes"
        what += f" (e.g. {self.example()}, a claim that is not one here)"
        head = f"{self.title}: " if self.title else ""
        return f"{head}{target_name(self.target)} is the simplest step here. Claim {what}."

    def make_example(self) -> str:
        return claim_example(self.position, self.places)

    def status_line(self) -> str:
        return "solved" if self.solved else f"tries {self.tries()}"

    # ------------------------------------------------------------ claims
    def selection_text(self, cells, digits) -> str:
        if self.places:
            if len(cells) != 1 or len(digits) != 1:
                raise EntryError("Pick one cell and the digit it takes (1-9).")
            return f"{cell_name(cells[0])}={digits[0]}"
        if not digits:
            raise EntryError("Pick the digits to eliminate with 1-9.")
        return ",".join(f"{cell_name(i)}<>{''.join(map(str, digits))}" for i in cells)

    def judge(self, claim: str) -> Verdict:
        from ...engine import judge as judge_mod
        try:
            jv = judge_mod.judge(self.position, claim, by=self.target, uniqueness=self.uniqueness)
        except Exception as e:  # the judge answers bad claims itself; guard the UI anyway
            return Verdict("invalid", f"could not read '{claim}': {e}")
        step = jv.steps[0] if jv.steps else None
        tech = jv.technique or (step.technique if step else None)
        kind = "proved-other" if jv.kind == "proved" and tech not in self.target_ids else jv.kind
        if kind == "proved":
            self.solved_by = step
            return Verdict("correct", f"right: {jv.message}", step,
                           highlight=highlight_of(step) if step else {})
        if kind == "proved-other":
            said = self.target_ids[0] if len(self.target_ids) == 1 else closest(tech, self.target_ids)
            other = an(technique_name(tech)) if tech else "another technique"
            proof = step.text if step else jv.message     # (the judge's words name the target again)
            return Verdict("other", f"true, but that is {other}; find the {target_noun(self.target)}: "
                           f"{proof}", step, confusion=confusion(said, tech),
                           highlight=highlight_of(step) if step else {})
        if kind == "true-unproved":
            return Verdict("true-unproved", f"right answer, no reason yet: {jv.message}")
        if kind == "false":
            return Verdict("wrong", jv.message, highlight=dict(jv.highlight or {}))
        return Verdict("invalid", jv.message)

    # ------------------------------------------------------------ giving up
    def reveal(self) -> Verdict | None:
        if not self.gave_up or self.revealed or not self.answers:
            return None
        step = self.answers[0]
        self.revealed.append(step)
        return showing(step, f"One answer: {step.text}")

    # ------------------------------------------------------------ results
    def hints(self) -> int:
        return int(self.gave_up)          # giving up shows the answer

    def result(self) -> float:
        return 1.0 / max(1, self.tries()) if self.solved else 0.0

    def records(self) -> list[tuple[str, float]]:
        step = self.solved_by or (self.answers[0] if self.answers else None)
        return [(step.technique, self.result())] if step else []

    def class_result(self) -> tuple[dict, float]:
        return ({"solved": self.solved, "tries": self.tries(), "gave_up": self.gave_up},
                1.0 if self.solved else 0.0)

    @classmethod
    def result_text(cls, result: dict, done: bool) -> str:
        tries = int(result.get("tries") or 0)
        text = "solved" if result.get("solved") else "gave up" if result.get("gave_up") else "trying"
        return f"{text}, {tries} {'try' if tries == 1 else 'tries'}"
