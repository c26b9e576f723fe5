"""What a technique found: its pattern, what it removes or places, and words."""
from __future__ import annotations

from dataclasses import dataclass, field

from .grid import CELL_NAMES, HOUSES, cell_name, cells_name, digits_text, house_name

# Texts every step's JSON repeats, made once: 'r3c7<>5', 'r3c7=5' (by
# 9 * cell + digit - 1), 'c7' (by house).
_NOT_TEXT = tuple(f"{CELL_NAMES[k // 9]}<>{k % 9 + 1}" for k in range(729))
_IS_TEXT = tuple(f"{CELL_NAMES[k // 9]}={k % 9 + 1}" for k in range(729))
_HOUSE_NAMES = tuple(house_name(h) for h in range(len(HOUSES)))


@dataclass(frozen=True)
class Step:
    technique: str                                   # registry id, e.g. 'naked-subset'
    name: str                                        # display name, e.g. 'Naked Pair r6c45 #38'
    cells: tuple[int, ...] = ()                      # pattern cells
    digits: tuple[int, ...] = ()                     # pattern digits
    houses: tuple[int, ...] = ()                     # houses the pattern lives in
    eliminations: tuple[tuple[int, int], ...] = ()   # (cell, digit), sorted
    placements: tuple[tuple[int, int], ...] = ()     # (cell, digit), sorted
    text: str = ""                                   # one line in standard notation
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    # Technique-specific data (size, hidden, base/cover sets, chains, ALSs)
    # lives in `extra`; its JSON-friendly keys are merged into to_json().

    @property
    def effect(self) -> tuple:
        return self.eliminations, self.placements

    def elimination_texts(self) -> list[str]:
        return [_NOT_TEXT[9 * i + d - 1] for i, d in self.eliminations]

    def placement_texts(self) -> list[str]:
        return [_IS_TEXT[9 * i + d - 1] for i, d in self.placements]

    def to_json(self) -> dict:
        out = {
            "technique": self.technique,
            "name": self.name,
            "cells": [CELL_NAMES[i] for i in self.cells],
            "digits": list(self.digits),
            "houses": [_HOUSE_NAMES[h] for h in self.houses],
            "eliminations": self.elimination_texts(),
            "placements": self.placement_texts(),
            "text": self.text,
        }
        for k, v in self.extra.items():
            if not k.startswith("_"):
                out[k] = v
        return out


def make_step(technique: str, name: str, *, cells=(), digits=(), houses=(),
              eliminations=(), placements=(), lead: str = "", extra=None) -> Step:
    """Build a step with sorted, de-duplicated effects and its one-line text
    `lead => effects` (lead defaults to the name)."""
    elims = tuple(sorted(set(eliminations)))
    places = tuple(sorted(set(placements)))
    text = f"{lead or name} => {effects_text(elims, places)}"
    return Step(technique, name, tuple(cells), tuple(digits), tuple(houses),
                elims, places, text, dict(extra or {}))


def effects_text(eliminations, placements=()) -> str:
    """'r6c1<>3, r6c2<>38' and 'r1c2=7': cells with the same digits share a name."""
    parts = [f"{cell_name(i)}={d}" for i, d in sorted(placements)]
    eliminations = tuple(eliminations)
    if eliminations:
        # the common case, one digit on distinct cells, is a single group
        d0 = eliminations[0][1]
        cells = [i for i, d in eliminations if d == d0]
        if len(cells) == len(eliminations) and len(set(cells)) == len(cells):
            parts.append(f"{cells_name(cells).replace(' ', ',')}<>{d0}")
            return ", ".join(parts)
    by_cell: dict[int, list[int]] = {}
    for i, d in eliminations:
        by_cell.setdefault(i, []).append(d)
    by_digits: dict[tuple[int, ...], list[int]] = {}
    for i in sorted(by_cell):
        by_digits.setdefault(tuple(sorted(by_cell[i])), []).append(i)
    groups = sorted(by_digits.items(), key=lambda kv: (kv[1][0], kv[0]))
    for digits, cells in groups:
        parts.append(f"{cells_name(cells).replace(' ', ',')}<>{digits_text(digits)}")
    return ", ".join(parts)
