"""What every quiz kind shares: verdicts, target names, practice positions,
the reference position."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...engine.position import Position
from ...engine.registry import (
    FAMILIES, FAMILY_NOUNS, REGISTRY, UnknownTechnique, counted, resolve, technique_name,
)
from ...engine.step import Step
from .confusions import Confusion

# The shipped reference quiz: this puzzle after its singles holds 25 LockedSets.
REFERENCE_PUZZLE = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
REFERENCE_AFTER = ("singles",)
REFERENCE_TARGET = "locked-set"


class NoQuiz(ValueError):
    """No quiz of this kind can be made here (one line, for the learner or
    the teacher): nothing to find, no such step in the position."""


@dataclass
class Verdict:
    """The answer to one entry (or claim, or pick)."""
    kind: str                   # found / duplicate / wrong / other / invalid (find-all);
    #                             correct / other / true-unproved / wrong / invalid (others)
    message: str
    step: Step | None = None
    index: int | None = None    # which instance (0-based) for find-all
    confusion: Confusion | None = None
    highlight: dict = field(default_factory=dict)
    label: str = ""             # what the grid calls what it shows (default: the step's name)

    @property
    def counts(self) -> bool:
        """Whether the entry is a scored attempt (invalid input, repeats and a
        real pattern of another technique are not)."""
        return self.kind not in ("invalid", "duplicate", "other")

    def lines(self) -> list[tuple[str, str]]:
        """(text, kind) lines for a log: the message, then the mix-up's tip
        when the message does not say it already."""
        out = [(self.message, self.kind)]
        c = self.confusion
        if c is not None and self.kind in ("wrong", "other") and c.tip not in self.message:
            out.append((f"({c.label}: {c.tip})", "tip"))
        return out


def showing(step: Step, message: str, kind: str = "reveal") -> Verdict:
    """A verdict that shows one step on the grid."""
    return Verdict(kind, message, step, highlight=highlight_of(step))


def target_ids(target: str, uniqueness: bool = True) -> list[str]:
    """The technique ids a quiz target (an id or a family) stands for; with
    `uniqueness` off, a target made only of uniqueness techniques is refused
    (UnknownTechnique, one line)."""
    ids = [t.id for t in resolve([target], uniqueness)]
    if not ids:
        raise UnknownTechnique(f"{target_name(target)} is a uniqueness technique, and uniqueness "
                               f"techniques are switched off")
    return ids


def target_name(target: str) -> str:
    if target in REGISTRY:
        return REGISTRY[target].name
    return FAMILIES.get(target, target)


def target_noun(target: str) -> str:
    """What one instance is called: 'LockedSet', 'X-Wing'."""
    return technique_name(target) if target in REGISTRY else FAMILY_NOUNS.get(target, target)


def practice_for(target: str, seed: int, limit: int = 8, uniqueness: bool = True) -> list:
    """Seeded practice positions for a technique or family (NoQuiz when
    there are none)."""
    from ..practice import NoPracticePositions, practice_positions
    ids = target_ids(target, uniqueness)
    if len(ids) == 1:
        out = practice_positions(ids[0], limit, seed, uniqueness)
    else:
        out = []
        for tid in ids:
            try:
                out.extend(practice_positions(tid, limit, seed, uniqueness))
            except NoPracticePositions:      # a rung never simplest on the shipped puzzles
                continue
        random.Random(f"family:{target}:{seed}").shuffle(out)
        out = out[:limit]
    if not out:
        raise NoQuiz(f"no practice positions for {target}")
    return out


def family_of(tid: str) -> str:
    t = REGISTRY.get(tid)
    return t.family if t else ""


def highlight_of(step: Step) -> dict:
    return {"cells": list(step.cells), "digits": list(step.digits),
            "eliminations": list(step.eliminations), "placements": list(step.placements),
            "houses": list(step.houses)}


def pending_singles(position: Position) -> list[Step]:
    """The singles a position still holds.  A find-all quiz there would ask
    for patterns that are singles in disguise (a set whose other side is one
    cell, a fish on a line with one cell): offer the position after them."""
    from ...engine.registry import find_all
    return find_all(position, ["singles"])


def after_singles(position: Position) -> Position:
    """The position once every single is placed (as the reference is taken)."""
    from ...engine.solve import apply_until_stuck
    return apply_until_stuck(position.copy(), ["singles"])


def singles_note(position: Position) -> str:
    """One line saying that singles are pending, or ''."""
    singles = pending_singles(position)
    if not singles:
        return ""
    cells = sorted({i for s in singles for i, _ in s.placements})
    head = (f"This position still has singles to place ({counted(len(cells), 'cell')}, "
            f"e.g. {singles[0].placement_texts()[0]}): ")
    if after_singles(position).is_solved():
        return head + "the singles alone solve it, so a find-all quiz has little to ask here."
    return head + "a find-all quiz is best taken after them."


def reference_position() -> Position:
    """The LockedSet reference position: its puzzle after all singles."""
    from ...engine.formats import parse_position
    from ...engine.solve import apply_until_stuck
    return apply_until_stuck(parse_position(REFERENCE_PUZZLE), list(REFERENCE_AFTER))
