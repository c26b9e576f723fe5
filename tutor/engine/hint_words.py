"""The words of the hint ladder, level by level (views add the rest).

1 the technique, 2 where to look (a place holding the step's premise or
pattern, never the answer's cell and digit together), 3 the pattern (what
it is, in the notation of the step's text, no effect yet), 4 the effect
(the step's text), 5 apply it.

Each technique's registration may name its own `HintWords` (the registry's
`hints`); the default below words every level from the step's roles, and a
room subclasses it to word a level its own way (a single's pattern that
does not give its digit away, a net's premise).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from .grid import BOX, HOUSES, cells_name, lines_text
from .roles import BASE

LEVELS = 5


@dataclass(frozen=True)
class Place:
    """Where a hint points: houses, cells, and the digits to look at."""
    houses: tuple[int, ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()

    def cell_set(self) -> frozenset:
        """Every cell the place holds (for highlighting)."""
        return frozenset(self.cells) | frozenset(c for h in self.houses for c in HOUSES[h])


class HintWords:
    """A technique's words for each hint level, built from the step's roles."""

    def technique(self, step) -> str:
        from .names import a_step, step_label
        return f"look for {a_step(step_label(step))}."

    def place(self, step) -> Place:
        """Where level 2 points: the premise (forcing chains and nets,
        trial), else the pattern's base houses, else its houses (a few that
        do not meet in one cell), else the box of its first cell."""
        premise = step.roles.premise(step)
        if premise is not None:
            if premise.houses:
                return Place(houses=premise.houses, digits=premise.digits)
            return Place(cells=premise.cells)
        base = [p for p in step.roles.parts(step) if p.role == BASE]
        if base:
            return Place(houses=few_houses(base[0].houses, step.cells, limit=4), digits=step.digits)
        return Place(houses=few_houses(step.houses, step.cells), digits=step.digits)

    def where(self, step, position=None) -> str:
        return f"look {place_text(self.place(step))}."

    def pattern(self, step) -> str:
        return f"the pattern: {step.lead}"

    def pattern_place(self, step) -> Place | None:
        """What level 3 shows when it is not the whole pattern (None)."""
        return None

    def effect(self, step) -> str:
        return step.text

    def applied(self, step) -> str:
        return f"applied {step.text}"

    def text(self, step, level: int, position=None) -> str:
        if level == 1:
            return self.technique(step)
        if level == 2:
            return self.where(step, position)
        if level == 3:
            return self.pattern(step)
        if level == 4:
            return self.effect(step)
        return self.applied(step)


DEFAULT = HintWords()


def words_for(step) -> HintWords:
    """The hint words of the step's technique (the registry's `hints`)."""
    from .registry import get
    t = get(step.technique)
    return cast(HintWords, t.hints) if t is not None and t.hints is not None else DEFAULT


def hint_text(step, level: int, position=None) -> str:
    """Level 1-5 of the hint ladder for a step, without the 'Hint n/5' head."""
    return words_for(step).text(step, level, position)


# ------------------------------------------------------------------ places in words

def few_houses(houses, cells, limit: int = 3) -> tuple[int, ...]:
    """Houses to name as a place: never so many that they meet in one cell
    (row 9, column 9 and box 9 name r9c9: keep the box), never more than
    `limit` (a chain's: the box of its first cell instead)."""
    houses = sorted(houses)
    if len(houses) > 1 and _pins_one_cell(houses):
        boxes = [h for h in houses if h >= 18]
        houses = [boxes[0] if boxes else houses[0]]
    if (not houses or len(houses) > limit) and cells:
        houses = [18 + BOX[cells[0]]]
    return tuple(houses)


def _pins_one_cell(houses) -> bool:
    common = set(HOUSES[houses[0]])
    for h in houses[1:]:
        common &= set(HOUSES[h])
    return len(common) == 1


def houses_text(houses) -> str:
    """Houses in the notation of the step texts, a kind at a time: 'r3 and
    b1', 'r28', 'c47'."""
    return " and ".join(lines_text([h for h in houses if h // 9 == k]) for k in range(3)
                        if any(h // 9 == k for h in houses))


def digits_words(digits) -> str:
    """'digit 4', 'digits 3,8'."""
    digits = sorted(digits)
    return f"{'digit' if len(digits) == 1 else 'digits'} {','.join(map(str, digits))}"


def place_text(place: Place) -> str:
    """'in r3 and b1, digit 6', 'at r8c5', 'in the grid'."""
    if place.cells:
        text = f"at {cells_name(place.cells)}"
        if place.houses:
            text += f" in {houses_text(place.houses)}"
    elif place.houses:
        text = f"in {houses_text(place.houses)}"
    else:
        text = "in the grid"
    return text + (f", {digits_words(place.digits)}" if place.digits else "")
