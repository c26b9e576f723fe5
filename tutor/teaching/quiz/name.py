"""Name the technique: one step is shown; the learner picks its technique
from four (the right one and the likeliest mix-ups its room lists)."""
from __future__ import annotations

import random

from ...engine.names import leans_on
from ...engine.position import Position
from ...engine.registry import find_all, get, ladder, technique_name
from ...engine.step import Step
from .common import NoQuiz, Verdict, highlight_of, practice_for, showing, target_ids, target_name
from .confusions import confusion
from .kinds import quiz_kind
from .protocol import Quiz


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


@quiz_kind
class NameQuiz(Quiz):
    """One step is shown on the grid; which technique is it?  The first
    pick answers: the quiz is over after it."""

    kind = "name"
    asks = "name the technique"
    order = 30
    picks_options = True

    def __init__(self, position: Position, step: Step, seed: int = 0, source: str = "",
                 uniqueness: bool = True, title: str | None = None):
        super().__init__(position, step.technique, source, title)
        self.step = step
        self.answer = step.technique
        self.options = name_options(step.technique, seed, uniqueness=uniqueness)
        self.picked: str | None = None
        self.verdict: Verdict | None = None

    @classmethod
    def make(cls, target, seed=None, position=None, uniqueness=True, title=None, source=""):
        if position is None:
            practice = practice_for(target, seed or 0, 1, uniqueness)[0]
            position, source = practice.position, practice.source
        steps = find_all(position, target_ids(target, uniqueness), uniqueness)
        steps = [s for s in steps if not leans_on(s)] or steps    # never one that leans on a single
        if not steps:
            raise NoQuiz(f"no {target_name(target)} in this position")
        rng = random.Random(f"step:{target}:{seed or 0}")
        return cls(position, steps[rng.randrange(len(steps))], seed or 0, source, uniqueness, title)

    @property
    def done(self) -> bool:
        return self.picked is not None

    def over(self) -> str:
        if self.gave_up or self.picked is None:
            return super().over()
        if self.picked == self.answer:
            return f"your first pick, {technique_name(self.picked)}, was right"
        return f"it ended with your first pick, {technique_name(self.picked)}; it is {technique_name(self.answer)}"

    # ------------------------------------------------------------ what the screen shows
    def heading(self) -> str:
        return f"Quiz: {self.title}" if self.title else "Quiz"   # the name would give it away

    def prompt(self) -> str:
        letters = "  ".join(f"{k + 1}) {technique_name(t)}" for k, t in enumerate(self.options))
        return f"Which technique is highlighted? {letters}"

    def placeholder(self) -> str:
        return f"1-{len(self.options)} or the name, Enter"

    def status_line(self) -> str:
        return "answered" if self.done else f"pick 1-{len(self.options)}"

    def opening(self) -> Verdict:
        return Verdict("info", "", self.step, highlight=highlight_of(self.step), label="which technique?")

    # ------------------------------------------------------------ the pick
    def judge(self, choice: str) -> Verdict:
        """choice: a technique id, a display name, or 1..4."""
        tid = None
        if choice.isdigit():
            k = int(choice) - 1
            if not 0 <= k < len(self.options):
                return Verdict("invalid", f"pick 1 to {len(self.options)}")
            tid = self.options[k]
        else:
            text = choice.lower()
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
            self.verdict = Verdict("wrong", f"no, it is {technique_name(self.answer)}: {self.step.name}",
                                   self.step, confusion=confusion(tid, self.answer),
                                   highlight=highlight_of(self.step))
        return self.verdict

    def give_up(self) -> list[str]:
        if self.picked is None:
            self.picked = ""
        return super().give_up()

    def reveal(self) -> Verdict | None:
        if not self.gave_up or self.revealed:
            return None
        self.revealed.append(self.step)
        return showing(self.step, f"it is {technique_name(self.answer)}: {self.step.name}")

    # ------------------------------------------------------------ results
    def result(self) -> float:
        return 1.0 if self.verdict and self.verdict.kind == "correct" else 0.0

    def records(self) -> list[tuple[str, float]]:
        return [(self.answer, self.result())]

    def class_result(self) -> tuple[dict, float]:
        return ({"picked": self.picked, "right": self.result() == 1.0, "gave_up": self.gave_up},
                self.result())

    @classmethod
    def result_text(cls, result: dict, done: bool) -> str:
        if result.get("gave_up"):
            return "gave up"
        if not result.get("picked"):
            return "looking"
        return "right" if result.get("right") else f"wrong ({technique_name(result['picked'])})"
