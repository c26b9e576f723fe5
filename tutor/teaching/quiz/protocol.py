"""The quiz protocol: what every quiz kind answers.

The app's quiz screen, the `quiz` command, resuming, the class push, the
student's class link and the learner model speak only this; none of them
asks which kind a quiz is.  A kind is a subclass registered once with
`@quiz_kind` (kinds.py), in a module of its own in this package.

A kind writes:
  * `make(target, seed, position, uniqueness, title, source)`: a quiz on a
    technique id or family, on the given position or a practice one;
  * `judge(text)`: the verdict on one typed answer (`submit` logs it);
  * `done`, and `give_up()` / `reveal()` for the answers after giving up;
  * what the screen shows: `prompt`, `status_line`, and maybe
    `make_example` (the placeholder's entry), `heading`, `opening`,
    `selection_text`;
  * the result: `records()` for the learner model, `class_result()` and
    `result_text()` for the class.
Saving and resuming need nothing more: the typed answers are kept and
replayed on a fresh quiz of the same position (the same answers give the
same verdicts).
"""
from __future__ import annotations

import time
from abc import ABC, abstractmethod
from typing import ClassVar

from ...engine.position import Position
from .common import Verdict, target_name
from .confusions import Confusion
from .entries import EntryError

MAX_KEPT = 300          # answers kept for a resume


class Quiz(ABC):
    """One quiz of one kind (subclass this and register it with @quiz_kind)."""

    kind: ClassVar[str] = ""           # the id: 'find-all'
    asks: ClassVar[str] = ""           # what it asks, short: 'find them all'
    order: ClassVar[int] = 100         # place in every list of kinds; the first is the default
    picks_options: ClassVar[bool] = False    # digit keys pick an option (no cells to select)
    many_is_harder: ClassVar[bool] = False   # more instances make it harder (the learner model)
    # asks for every instance: a pending single would be a pattern in disguise there,
    # so the push dialog offers the position after the singles
    best_after_singles: ClassVar[bool] = False

    def __init__(self, position: Position, target: str, source: str = "",
                 title: str | None = None) -> None:
        self.position = position
        self.target = target
        self.source = source              # where the position came from; 'class' for a push
        self.title = title                # a heading given by the teacher, or None
        self.log: list[tuple[str, Verdict]] = []     # every answer and its verdict
        self.confusions: list[Confusion] = []
        self.revealed: list = []          # what reveal() has shown
        self.gave_up = False
        self.started = time.monotonic()
        self._example: str | None = None

    # ------------------------------------------------------------ making
    @classmethod
    @abstractmethod
    def make(cls, target: str, seed: int | None = None, position: Position | None = None,
             uniqueness: bool = True, title: str | None = None, source: str = "") -> Quiz:
        """A quiz on `target` (a technique id or family) on `position`, or
        on a practice position picked by `seed`; NoQuiz when there is
        nothing to ask."""

    @classmethod
    def fixed_position(cls, target: str, seed: int | None) -> bool:
        """Whether this kind asks `target` on a position of its own (the
        shipped reference) rather than on a practice position."""
        return False

    # ------------------------------------------------------------ playing
    @property
    @abstractmethod
    def done(self) -> bool:
        """Nothing more to answer: solved, all found, picked, or given up."""

    @abstractmethod
    def judge(self, text: str) -> Verdict:
        """The verdict on one typed answer (the quiz is not over yet)."""

    def submit(self, text: str) -> Verdict:
        """Answer with a typed line; the verdict is logged."""
        text = text.strip()
        return self._refused(text) or self._record(text, self.judge(text))

    def _refused(self, text: str) -> Verdict | None:
        """An answer the quiz does not judge: after its end, or the placeholder's example."""
        if self.over():
            return Verdict("invalid", f"the quiz is over: {self.over()}; start a new one")
        if text and text == self.example():
            return Verdict("invalid", f"'{text}' is the placeholder's example, from another "
                           "position: type one from this grid")
        return None

    def _record(self, text: str, v: Verdict) -> Verdict:
        self.log.append((text, v))
        if v.confusion is not None:
            self.confusions.append(v.confusion)
        return v

    def over(self) -> str:
        """Why the quiz takes no more answers ('you gave up'), or ''."""
        return "you gave up" if self.gave_up else ""

    def selection_text(self, cells: list[int], digits: list[int]) -> str:
        """A pick on the grid (cells with digits) as the answer it stands
        for; EntryError (one line) when it cannot be one."""
        raise EntryError("type the answer in the entry line")

    def give_up(self) -> list[str]:
        """End the quiz; what to say (reveal() shows the answers)."""
        self.gave_up = True
        return []

    def reveal(self) -> Verdict | None:
        """After giving up: the next answer to show, or None."""
        return None

    # ------------------------------------------------------------ what the screen shows
    @classmethod
    def asks_title(cls) -> str:
        """What it asks, as a title: 'Find them all'."""
        return cls.asks[:1].upper() + cls.asks[1:]

    def heading(self) -> str:
        """The screen's title (a quiz that must not give its answer away says less)."""
        return f"Quiz: {target_name(self.target)}"

    def sub_title(self) -> str:
        return self.asks

    @abstractmethod
    def prompt(self) -> str:
        """What the quiz asks, above the entry line."""

    def example(self) -> str:
        """An answer in the format this quiz takes, on a pattern that is
        not in this position (the entry line's placeholder); made once."""
        if self._example is None:
            self._example = self.make_example()
        return self._example

    def make_example(self) -> str:
        return ""

    def placeholder(self) -> str:
        example = self.example()
        return f"e.g. {example}, Enter" if example else "Enter to answer"

    @abstractmethod
    def status_line(self) -> str:
        """Where the quiz stands, in a few words: 'found 4/25  wrong 1'."""

    def opening(self) -> Verdict | None:
        """What the grid shows before any answer (a step to name), or None."""
        return None

    def score_lines(self) -> list[str]:
        """The learner's score so far (typed 'score')."""
        return [self.status_line()]

    def closing(self) -> list[str]:
        """What to say once the quiz is done (a score), besides the verdicts."""
        return []

    # ------------------------------------------------------------ results
    def tries(self) -> int:
        return sum(1 for _, v in self.log if v.counts)

    @abstractmethod
    def records(self) -> list[tuple[str, float]]:
        """(technique, score 0..1) pairs the finished quiz stands for: the
        learner model credits each technique with its score."""

    def hints(self) -> int:
        return len(self.revealed)

    @property
    def size(self) -> int:
        """How many instances the item holds, for its seeded difficulty."""
        return 1

    @abstractmethod
    def class_result(self) -> tuple[dict, float]:
        """(result, progress 0..1) a student posts for a class push."""

    @classmethod
    @abstractmethod
    def result_text(cls, result: dict, done: bool) -> str:
        """A posted result as the teacher's table shows it."""

    # ------------------------------------------------------------ saving and resuming
    def state(self) -> dict:
        """What replays the quiz later on a fresh quiz of the same position."""
        return {"entries": [text for text, _ in self.log][-MAX_KEPT:], "gave_up": self.gave_up,
                "revealed": len(self.revealed)}

    def restore(self, state: dict | None) -> None:
        """Replay a state(): the same answers give the same verdicts, so the
        quiz is where it was, its log too."""
        if not state:
            return
        for text in state.get("entries") or ():
            if isinstance(text, str):
                self.submit(text)
        if state.get("gave_up") and not self.gave_up:
            self.give_up()
            for _ in range(int(state.get("revealed") or 0)):
                self.reveal()

