"""The judge's answer, and the words it is made of."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..grid import BOX, cell_name, house_name
from ..names import a_step, step_label
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


def next_step_text(step: Step) -> str:
    """The step a teacher would show next, by technique and place, never its
    answer: 'a Skyscraper (c5, c8)', 'a Hidden Single (b3)'.  A step without
    houses names its first cell's box; a row, a column and a box together
    would pin one cell, so then only the box is named."""
    houses = sorted(step.houses)
    if not houses and step.cells:
        houses = [18 + BOX[step.cells[0]]]
    if len(houses) == 3 and len({h // 9 for h in houses}) == 3:
        houses = houses[2:]
    place = f" ({', '.join(house_name(h) for h in houses)})" if houses else ""
    return a_step(step_label(step)) + place


def items_text(items) -> str:
    return ", ".join(item_text(i, d, p) for i, d, p in items)


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "The claim cannot be judged."
    if text[0].islower() and not re.match(r"r\d", text):
        text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."
