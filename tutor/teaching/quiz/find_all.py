"""Find them all: every instance of a technique or family in one position
(as find_all reports them, so a set seen in a row and in its box is one).
The learner enters instances one at a time, typed (`r6c45 #38`, `hidden
r8c79 #57`, `Swordfish #3 R348 C136`, `Skyscraper #3 r5c3 r6c8`) or picked
on the grid; each entry gets a verdict at once."""
from __future__ import annotations

import time
from dataclasses import dataclass

from ...engine.judge.verdict import a_step, lead
from ...engine.names import leaning_note, leans_on, step_label, technique_label
from ...engine.position import Position
from ...engine.registry import REGISTRY, find_all
from ...engine.step import Step
from ...engine.techniques.patterns import an
from .common import Verdict, family_of, highlight_of, target_ids, target_name, target_noun
from .confusions import Confusion, closest, confusion
from .entries import Entry, EntryError, parse_entry, selection_entry
from .matching import best_match
from .why_not import confusion_for_wrong, why_not


def _pattern(step: Step) -> str:
    """A step's pattern in the words of its text: '3 r348 c136', '5,7 in r8c79'."""
    return lead(step).split(": ", 1)[-1]


class FindAllQuiz:
    """Find every instance of a technique or family in one position."""

    kind = "find-all"

    def __init__(self, position: Position, target: str, title: str | None = None,
                 source: str = "", uniqueness: bool = True):
        self.position = position
        self.target = target
        self.uniqueness = uniqueness          # False: uniqueness techniques count for nothing
        self.target_ids = target_ids(target, uniqueness)
        found = find_all(position, self.target_ids, uniqueness)
        # a pattern that stands only on a pending single is not asked for
        self.instances: list[Step] = [s for s in found if not leans_on(s)]
        self.leaning: list[Step] = [s for s in found if leans_on(s)]
        self.title = title or f"Find every {target_name(target)}"
        self.source = source
        self.found: list[int] = []                 # instance indexes, in the order found
        self.entries: list[tuple[Entry | str, Verdict]] = []
        self.confusions: list[Confusion] = []
        self.revealed: list[int] = []
        self.gave_up = False
        self.started = time.monotonic()
        self.finished_at: float | None = None
        self._all_steps: list[Step] | None = None

    # ---------------------------------------------------------- state
    @property
    def total(self) -> int:
        return len(self.instances)

    @property
    def done(self) -> bool:
        return self.gave_up or len(self.found) == self.total

    def missed(self) -> list[int]:
        return [k for k in range(self.total) if k not in self.found]

    def counter(self) -> str:
        return f"{len(self.found)}/{self.total}"

    def elapsed(self) -> float:
        end = self.finished_at if self.finished_at is not None else time.monotonic()
        return end - self.started

    def _all(self) -> list[Step]:
        if self._all_steps is None:
            self._all_steps = find_all(self.position, uniqueness=self.uniqueness)
        return self._all_steps

    # ---------------------------------------------------------- entries
    def submit(self, entry: Entry | str) -> Verdict:
        if self.gave_up:
            return Verdict("invalid", "the quiz is over (you gave up); start a new one")
        if isinstance(entry, str):
            try:
                entry = parse_entry(entry)
            except EntryError as e:
                v = Verdict("invalid", str(e))
                self.entries.append((entry, v))
                return v
        v = self._judge(entry)
        self.entries.append((entry, v))
        if v.confusion:
            self.confusions.append(v.confusion)
        if len(self.found) == self.total and self.finished_at is None:
            self.finished_at = time.monotonic()
        return v

    def submit_selection(self, cells, digits, technique: str | None = None) -> Verdict:
        try:
            entry = selection_entry(cells, digits, technique)
        except EntryError as e:
            return Verdict("invalid", str(e))
        return self.submit(entry)

    def _judge(self, entry: Entry) -> Verdict:
        if entry.technique and entry.technique not in REGISTRY:
            return Verdict("invalid", f"unknown technique '{entry.technique}'")
        hit = best_match(entry, self.instances, set(self.found))
        if hit:
            k, step = hit
            conf = confusion(entry.technique, step.technique)
            hl = highlight_of(step)
            if k in self.found:
                msg = f"already found (#{self.found.index(k) + 1}): {step.name}"
                if conf:
                    msg += f" (and it is {a_step(step_label(step))}, not {a_step(technique_label(conf.said))})"
                return Verdict("duplicate", msg, step, k, conf, hl)
            if (entry.technique and entry.technique != step.technique and not conf
                    and family_of(entry.technique) != family_of(step.technique)):
                # right cells, but named as something of another family
                return Verdict("wrong", f"{entry.describe()} is not {a_step(technique_label(entry.technique))}: "
                               f"those cells make {a_step(step_label(step))} ({_pattern(step)})",
                               None, None, None, {"cells": list(entry.cells)})
            self.found.append(k)
            msg = f"found {len(self.found)}/{self.total}: {step.name}"
            if conf:
                msg += f" (but it is {a_step(step_label(step))}, not {a_step(technique_label(conf.said))}: {conf.tip})"
            elif entry.technique and entry.technique != step.technique:
                msg += f" (it is {a_step(step_label(step))})"
            return Verdict("found", msg, step, k, conf, hl)
        hit = best_match(entry, self.leaning)
        if hit:
            step = hit[1]
            return Verdict("other", f"that {step_label(step)} ({_pattern(step)}) {leaning_note(step)}; "
                           f"it is not asked for here and does not count against you", step, None,
                           None, highlight_of(step))
        # an instance of something else?
        others = [s for s in self._all() if s.technique not in self.target_ids]
        hit = best_match(entry, others)
        if hit and len(entry.cells) == 1 and len(hit[1].cells) > 1:
            hit = None      # one cell (a BUG+1's) is no chain or loop that merely passes through it
        if hit:
            _, step = hit
            said = entry.technique if entry.technique else (
                self.target_ids[0] if len(self.target_ids) == 1 else None)
            if said is None:
                said = closest(step.technique, self.target_ids)
            conf = confusion(said, step.technique)
            msg = (f"that is {a_step(step_label(step))}, not {an(target_noun(self.target))} "
                   f"({_pattern(step)}): a real pattern, so it does not count against you")
            if conf:
                msg += f". {conf.label}: {conf.tip}"
            return Verdict("other", msg, step, None, conf, highlight_of(step))
        reason = why_not(self.position, entry, self.target_ids)
        return Verdict("wrong", f"not an instance: {reason}", None, None,
                       confusion_for_wrong(self.position, entry, self.target_ids), {
                           "cells": list(entry.cells)})

    # ---------------------------------------------------------- giving up and score
    def give_up(self) -> list[int]:
        """End the quiz; returns the missed instances (reveal them one by one)."""
        self.gave_up = True
        if self.finished_at is None:
            self.finished_at = time.monotonic()
        return self.missed()

    def reveal_next(self) -> Step | None:
        """After giving up: the next missed instance, or None when all are shown."""
        for k in self.missed():
            if k not in self.revealed:
                self.revealed.append(k)
                return self.instances[k]
        return None

    def score(self) -> "Score":
        right = len(self.found)
        # a real pattern of another technique is not held against the learner
        wrong = sum(1 for _, v in self.entries if v.kind == "wrong")
        return Score(found=right, total=self.total, wrong=wrong,
                     duplicates=sum(1 for _, v in self.entries if v.kind == "duplicate"),
                     gave_up=self.gave_up)

    def result(self) -> float:
        return self.score().f1

    def summary(self) -> str:
        sc = self.score()
        lines = [sc.text()]
        if self.confusions:
            seen = []
            for c in self.confusions:
                if c.label not in seen:
                    seen.append(c.label)
                    lines.append(f"watch out, {c.message}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Score:
    found: int
    total: int
    wrong: int
    duplicates: int = 0
    gave_up: bool = False

    @property
    def recall(self) -> float:
        return self.found / self.total if self.total else 1.0

    @property
    def precision(self) -> float:
        tried = self.found + self.wrong
        return self.found / tried if tried else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def text(self) -> str:
        return (f"found {self.found}/{self.total} (recall {self.recall:.0%}), "
                f"{self.wrong} wrong (precision {self.precision:.0%})"
                + (f", {self.duplicates} repeated" if self.duplicates else ""))
