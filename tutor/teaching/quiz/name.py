"""Name the technique: one step is shown; the learner picks its technique
from four (the right one and the likeliest mix-ups its room lists)."""
from __future__ import annotations

import random
import time

from ...engine.position import Position
from ...engine.registry import get, ladder, technique_name
from ...engine.step import Step
from .common import Verdict, highlight_of
from .confusions import Confusion, confusion


def name_options(answer: str, seed: int = 0, count: int = 4, uniqueness: bool = True) -> list[str]:
    """The right id plus count-1 plausible distractors, in a seeded order
    (no uniqueness technique among them when those are switched off)."""
    known = {t.id for t in ladder(uniqueness)} | {answer}
    room = get(answer)
    pool = [t for t in (room.distractors if room else ()) if t in known and t != answer]
    rank = {t.id: t.rank for t in ladder()}
    near = sorted((t for t in known if t != answer and t not in pool),
                  key=lambda t: (abs(rank[t] - rank.get(answer, 0)), rank[t]))
    rng = random.Random(f"name:{answer}:{seed}")
    first = pool[:2]                       # the two likeliest mix-ups always appear
    rest = pool[2:] + near[:2]
    rng.shuffle(rest)
    options = [answer] + first + rest
    options = list(dict.fromkeys(options))[:count]
    rng.shuffle(options)
    return options


class NameQuiz:
    """One step is shown on the grid; which technique is it?"""

    kind = "name"

    def __init__(self, position: Position, step: Step, seed: int = 0, source: str = "",
                 uniqueness: bool = True):
        self.position = position
        self.step = step
        self.answer = step.technique
        self.options = name_options(step.technique, seed, uniqueness=uniqueness)
        self.source = source
        self.picked: str | None = None
        self.verdict: Verdict | None = None
        self.started = time.monotonic()
        self.confusions: list[Confusion] = []

    @property
    def target(self) -> str:
        return self.answer

    @property
    def done(self) -> bool:
        return self.picked is not None

    def highlight(self) -> dict:
        return highlight_of(self.step)

    def prompt(self) -> str:
        letters = "  ".join(f"{k + 1}) {technique_name(t)}" for k, t in enumerate(self.options))
        return f"Which technique is highlighted? {letters}"

    def answer_with(self, choice) -> Verdict:
        """choice: a technique id, a display name, or 1..4."""
        if self.picked is not None:
            return self.verdict
        tid = None
        if isinstance(choice, int) or (isinstance(choice, str) and choice.strip().isdigit()):
            k = int(choice) - 1
            if not 0 <= k < len(self.options):
                return Verdict("invalid", f"pick 1 to {len(self.options)}")
            tid = self.options[k]
        else:
            text = str(choice).strip().lower()
            for t in self.options:
                if text in (t, technique_name(t).lower()):
                    tid = t
            if tid is None:
                return Verdict("invalid", f"'{choice}' is not one of the options")
        self.picked = tid
        if tid == self.answer:
            self.verdict = Verdict("correct", f"right: {self.step.name}", self.step,
                                   highlight=highlight_of(self.step))
        else:
            conf = confusion(tid, self.answer)
            if conf:
                self.confusions.append(conf)
            msg = f"no, it is {technique_name(self.answer)}: {self.step.name}"
            if conf:
                msg += f". {conf.label}: {conf.tip}"
            self.verdict = Verdict("wrong", msg, self.step, confusion=conf,
                                   highlight=highlight_of(self.step))
        return self.verdict

    def give_up(self) -> Verdict:
        if self.picked is None:
            self.picked = ""
            self.verdict = Verdict("wrong", f"it is {technique_name(self.answer)}: {self.step.name}",
                                   self.step, highlight=highlight_of(self.step))
        return self.verdict

    def result(self) -> float:
        return 1.0 if self.verdict and self.verdict.kind == "correct" else 0.0
