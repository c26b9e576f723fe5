"""The judge's answer, and the words it is made of."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..grid import cell_name
from ..names import a_step  # noqa: F401  (the judge and the quizzes take it from here)
from ..step import Step
from ..techniques.patterns import item_text
from .claims import Claim


@dataclass
class Verdict:
    kind: str                 # 'proved' | 'proved-other' | 'true-unproved' | 'false' | 'invalid'
    message: str              # never empty
    technique: str | None = None
    steps: list = field(default_factory=list)        # the proof (Step objects)
    claim: Claim | None = None
    highlight: dict = field(default_factory=dict)
    also: list = field(default_factory=list)         # (cell, digit) the proof removes beyond the claim
    hint: Step | None = None                         # true-unproved: the simplest step available now
    later: dict | None = None                        # true-unproved: {'steps': n, 'technique': id} or None

    def to_json(self) -> dict:
        return {
            "verdict": self.kind,
            "technique": self.technique,
            "step": self.steps[0].to_json() if self.steps else None,
            "steps": [s.to_json() for s in self.steps],
            "message": self.message,
            "claim": self.claim.text() if self.claim else None,
            "also": [f"{cell_name(i)}<>{d}" for i, d in self.also],
            "hint": self.hint.to_json() if self.hint else None,
            "later": self.later,
        }


def highlight(cells=(), eliminations=(), placements=(), failing=(), solution=()) -> dict:
    return {"cells": sorted(set(cells)), "eliminations": sorted(set(eliminations)),
            "placements": sorted(set(placements)), "failing": sorted(set(failing)),
            "solution": sorted(set(solution))}


def lead(step: Step) -> str:
    """The pattern part of a step's text (before '=>')."""
    return step.lead


def items_text(items) -> str:
    return ", ".join(item_text(i, d, p) for i, d, p in items)


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "The claim cannot be judged."
    if text[0].islower() and not re.match(r"r\d", text):
        text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."
