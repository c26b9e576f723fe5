"""Words for the hint ladder and the judge's verdicts (no Textual here).

The ladder has five rungs, one key press each:
  1 the technique's name, 2 where to look (houses and digits),
  3 the pattern highlighted, 4 the eliminations/placements shown, 5 apply it.
Before rung 1 the learner's own grid is checked: a wrong digit or a removed
true candidate is named first (rung 0), pointing at the cells.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.registry import technique_name
from ..engine.grid import BOX, HOUSES, cell_name
from ..engine.registry import an
from .game import Check

LADDER_TOP = 5


def kind_name(step) -> str:
    """What a learner calls the step's technique: 'Naked Pair', 'X-Wing'."""
    kind = step.extra.get("kind") if step.extra else None
    return kind or technique_name(step.technique)


def _houses_text(houses) -> str:
    by_kind: dict[str, list[str]] = {}
    for h in sorted(houses):
        by_kind.setdefault("rcb"[h // 9], []).append(str(h % 9 + 1))
    words = {"r": ("row", "rows"), "c": ("column", "columns"), "b": ("box", "boxes")}
    parts = []
    for k in "rcb":
        if k in by_kind:
            nums = by_kind[k]
            one, many = words[k]
            parts.append(f"{one if len(nums) == 1 else many} {', '.join(nums)}")
    return " and ".join(parts)


def _pins_one_cell(houses) -> bool:
    """Whether the houses meet in a single cell (row 9, column 9 and box 9
    meet only in r9c9): naming them all would name the cell."""
    common = set(HOUSES[houses[0]])
    for h in houses[1:]:
        common &= set(HOUSES[h])
    return len(common) == 1


def where_houses(step) -> list[int]:
    """The houses rung 2 points at: a place, never the answer's cell.  The
    step's own houses, but one of them (its box if it has one) where they
    would meet in one cell; without houses (a naked single), the box of its
    first cell."""
    houses = sorted(step.houses)
    if not houses and step.cells:
        houses = [18 + BOX[step.cells[0]]]
    if len(houses) > 1 and _pins_one_cell(houses):
        boxes = [h for h in houses if h >= 18]
        houses = [boxes[0] if boxes else houses[0]]
    return houses


def where_text(step, position=None) -> str:
    """Rung 2: where to look.  The digits too, unless with the place they
    would give the answer away: a naked single's box (its digit and one
    look at the box), or, given the position, a place with one empty cell
    left (a full house)."""
    houses = where_houses(step)
    digits = sorted(step.digits)
    place = _houses_text(houses) if houses else "the grid"
    if position is not None and houses and step.placements:
        empty = {i for h in houses for i in HOUSES[h] if not position.values[i]}
        if len(empty) == 1:
            return f"look in {place}: which digit is missing there?"
    if not step.houses and step.placements:
        return f"look in {place}: a cell there has one candidate left"
    if not digits:
        return f"look in {place}"
    noun = "digit" if len(digits) == 1 else "digits"
    return f"look in {place}, {noun} {', '.join(map(str, digits))}"


def rung_text(step, level: int, position=None) -> str:
    if level == 1:
        return f"Hint 1/5: look for {an(kind_name(step))}."
    if level == 2:
        text = where_text(step, position)
        return f"Hint 2/5: {text}" + ("" if text.endswith("?") else ".")
    if level == 3:
        return f"Hint 3/5: the pattern is highlighted: {step.name}."
    if level == 4:
        return f"Hint 4/5: {step.text}"
    return f"Hint 5/5: applied {step.text}"


def problem_text(check: Check) -> str:
    """Rung 0: the learner's grid holds mistakes; say which cells, not the digits."""
    parts = []
    if check.wrong:
        noun = "digit contradicts" if len(check.wrong) == 1 else "digits contradict"
        parts.append(f"the placed {noun} the solution at {cells_list(check.wrong)}")
    if check.missing:
        noun = "cell has" if len(check.missing) == 1 else "cells have"
        parts.append(f"{len(check.missing)} {noun} lost the candidate that belongs there: "
                     f"{cells_list(check.missing)}")
    return ("Before a hint: " + "; ".join(parts)
            + ". Fix it yourself, or press H again to repair it (u undoes the repair).")


def cells_list(cells, limit: int = 8) -> str:
    cells = sorted(cells)
    names = [cell_name(i) for i in cells[:limit]]
    more = f" and {len(cells) - limit} more" if len(cells) > limit else ""
    return ", ".join(names) + more


# ------------------------------------------------------------------ verdicts

VERDICT_WORDS = {
    "proved": ("✔", "Proved"),
    "proved-other": ("✔", "Proved by another technique"),
    "true-unproved": ("~", "True, but unproved"),
    "false": ("✘", "False"),
    "invalid": ("✘", "Not a valid claim"),
}


def verdict_line(verdict) -> str:
    """'✔ Proved by Naked Pair: ...', '✘ False: r4c3 is 4 in the solution.'
    The mark is a text cue; the judge's own message follows the verdict word
    unless it already starts with it."""
    mark, word = VERDICT_WORDS.get(verdict.kind, ("?", verdict.kind))
    msg = (verdict.message or "").strip()
    first = word.split()[0].lower()
    if msg.lower().startswith(first):
        return f"{mark} {msg}"
    return f"{mark} {word}: {msg}" if msg else f"{mark} {word}"


def claim_text(marks) -> str:
    """Claim marks as standard notation: 'r1c2<>3, r4c5<>6'."""
    return ", ".join(f"{cell_name(i)}<>{d}" for i, d in sorted(marks))


@dataclass
class HintState:
    """Where the learner is on the ladder for the current position."""
    key: tuple | None = None          # position.key() the hint belongs to
    step: object = None
    level: int = 0
    problem: Check | None = None      # set after rung 0 was shown

    def reset(self, key=None) -> None:
        self.key, self.step, self.level, self.problem = key, None, 0, None


__all__ = ["kind_name", "where_text", "rung_text", "problem_text", "verdict_line", "claim_text",
           "HintState", "cells_list", "LADDER_TOP"]
