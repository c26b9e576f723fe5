"""Find them all: every instance of a technique or family in one position
(as find_all reports them, so a set seen in a row and in its box is one).
The learner enters instances one at a time, typed (`r6c45 #38`, `hidden
r8c79 #57`, `Swordfish #3 R348 C136`, `Skyscraper #3 r5c3 r6c8`) or picked
on the grid; each entry gets a verdict at once."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.judge.verdict import a_step, lead
from ...engine.names import leaning_note, leans_on, step_label, technique_label
from ...engine.position import Position
from ...engine.registry import REGISTRY, an, find_all
from ...engine.step import Step
from .common import (
    REFERENCE_PUZZLE, REFERENCE_TARGET, NoQuiz, Verdict, family_of, highlight_of, practice_for,
    reference_position, showing, target_ids, target_noun,
)
from .confusions import closest, confusion
from .entries import Entry, EntryError, parse_entry, selection_entry
from .examples import example_entry
from .kinds import quiz_kind
from .matching import best_match
from .protocol import Quiz
from .why_not import confusion_for_wrong, why_not


def _pattern(step: Step) -> str:
    """A step's pattern in the words of its text: '3 r348 c136', '5,7 in r8c79'."""
    return lead(step).split(": ", 1)[-1]


@quiz_kind
class FindAllQuiz(Quiz):
    """Find every instance of a technique or family in one position."""

    kind = "find-all"
    asks = "find them all"
    order = 10
    many_is_harder = True
    best_after_singles = True

    def __init__(self, position: Position, target: str, title: str | None = None,
                 source: str = "", uniqueness: bool = True):
        super().__init__(position, target, source, title)
        self.uniqueness = uniqueness          # False: uniqueness techniques count for nothing
        self.target_ids = target_ids(target, uniqueness)
        found = find_all(position, self.target_ids, uniqueness)
        # a pattern that stands only on a pending single is not asked for
        self.instances: list[Step] = [s for s in found if not leans_on(s)]
        self.leaning: list[Step] = [s for s in found if leans_on(s)]
        self.title = title or f"Find every {target_noun(target)}"
        self.found: list[int] = []                 # instance indexes, in the order found
        self._all_steps: list[Step] | None = None

    @classmethod
    def fixed_position(cls, target, seed):
        return seed is None and target == REFERENCE_TARGET

    @classmethod
    def make(cls, target, seed=None, position=None, uniqueness=True, title=None, source=""):
        """With no seed nor position, the LockedSet quiz is the shipped
        reference (the 25 LockedSets); otherwise the practice position with
        the most instances (up to 6) of the first 8 for the seed."""
        if position is None and cls.fixed_position(target, seed):
            return cls(reference_position(), REFERENCE_TARGET, source=REFERENCE_PUZZLE,
                       title=title or "This position holds 25 LockedSets: find them all")
        if position is None:
            ids = target_ids(target, uniqueness)
            cands = practice_for(target, seed or 0, uniqueness=uniqueness)
            best = max(cands[:8], key=lambda p: min(len(find_all(p.position, ids)), 6))
            position, source = best.position, best.source
        quiz = cls(position, target, title, source, uniqueness)
        if not quiz.total:
            raise NoQuiz(f"this position holds no {target_noun(target)} to find")
        return quiz

    # ---------------------------------------------------------- state
    @property
    def total(self) -> int:
        return len(self.instances)

    @property
    def size(self) -> int:
        return self.total

    @property
    def done(self) -> bool:
        return self.gave_up or len(self.found) == self.total

    def missed(self) -> list[int]:
        return [k for k in range(self.total) if k not in self.found]

    def found_text(self) -> str:
        return f"{len(self.found)}/{self.total}"

    def _all(self) -> list[Step]:
        if self._all_steps is None:
            self._all_steps = find_all(self.position, uniqueness=self.uniqueness)
        return self._all_steps

    # ---------------------------------------------------------- what the screen shows
    def prompt(self) -> str:
        return self.title if str(self.total) in self.title else f"{self.title}: {self.total} to find."

    def make_example(self) -> str:
        return example_entry(self.target_ids, self.instances + self.leaning)

    def status_line(self) -> str:
        text = f"found {self.found_text()}"
        wrong = self.score().wrong
        if wrong:
            text += f"  wrong {wrong}"
        if self.gave_up:
            text += f"  revealed {len(self.revealed)}/{len(self.missed())}"
        return text

    def score_lines(self) -> list[str]:
        return self.summary().splitlines()

    def closing(self) -> list[str]:
        return [] if self.gave_up else [f"All {self.total} found!"] + self.score_lines()

    # ---------------------------------------------------------- entries
    def judge(self, text: str) -> Verdict:
        try:
            entry = parse_entry(text)
        except EntryError as e:
            return Verdict("invalid", str(e))
        return self._judge(entry)

    def selection_text(self, cells, digits) -> str:
        return selection_entry(cells, digits).text

    def submit_selection(self, cells, digits, technique: str | None = None) -> Verdict:
        """A pick on the grid, maybe named as a technique."""
        try:
            entry = selection_entry(cells, digits, technique)
        except EntryError as e:
            return Verdict("invalid", str(e))
        return self._refused(entry.text) or self._record(entry.text, self._judge(entry))

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
        if hit and len(entry.cells) == 1 and len(hit[1].cells) > 1 \
                and entry.technique != hit[1].technique:
            # one cell (a BUG+1's) is no chain or loop that merely passes
            # through it; named as that technique, it is (a cell forcing
            # chain's premise)
            hit = None
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
    def give_up(self) -> list[str]:
        """End the quiz; reveal() then shows the missed instances one by one."""
        super().give_up()
        return [f"You gave up with {self.found_text()} found; {len(self.missed())} missed."
                ] + self.score_lines()

    def reveal(self) -> Verdict | None:
        """After giving up: the next missed instance, or None when all are shown."""
        for k in self.missed():
            if k not in self.revealed:
                self.revealed.append(k)
                step = self.instances[k]
                return showing(step, f"missed {len(self.revealed)}/{len(self.missed())}: {step.name}")
        return None

    def score(self) -> "Score":
        right = len(self.found)
        # a real pattern of another technique is not held against the learner
        wrong = sum(1 for _, v in self.log if v.kind == "wrong")
        return Score(found=right, total=self.total, wrong=wrong,
                     duplicates=sum(1 for _, v in self.log if v.kind == "duplicate"),
                     gave_up=self.gave_up)

    def result(self) -> float:
        return self.score().f1

    def records(self) -> list[tuple[str, float]]:
        """On a family, each member technique that had instances: the share
        of its instances found, times the quiz's precision."""
        sc = self.score()
        by_tech: dict[str, list[int]] = {}
        for k, s in enumerate(self.instances):
            by_tech.setdefault(s.technique, []).append(k)
        out = []
        for tid, ks in by_tech.items():
            recall = sum(1 for k in ks if k in self.found) / len(ks)
            out.append((tid, round(recall * sc.precision, 4) if sc.found + sc.wrong else 0.0))
        return out

    def class_result(self) -> tuple[dict, float]:
        sc = self.score()
        return ({"found": sc.found, "total": sc.total, "wrong": sc.wrong, "gave_up": sc.gave_up},
                sc.found / sc.total if sc.total else 1.0)

    @classmethod
    def result_text(cls, result: dict, done: bool) -> str:
        text = f"{result.get('found', 0)}/{result.get('total', '?')}"
        if result.get("wrong"):
            text += f" {result['wrong']}✗"
        if result.get("gave_up"):
            text += " gave up"
        elif done:
            text += " done"
        return text

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
