"""What a technique found: its pattern, what it removes or places, its roles;
its words are made when shown."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .grid import CELL_NAMES, HOUSES, MASK_DIGITS, cells_name, digits_text, house_name
from .roles import Roles, made_once

# Texts every step's JSON repeats, made once: 'r3c7<>5', 'r3c7=5' (by
# 9 * cell + digit - 1), 'c7' (by house).
_NOT_TEXT = tuple(f"{CELL_NAMES[k // 9]}<>{k % 9 + 1}" for k in range(729))
_IS_TEXT = tuple(f"{CELL_NAMES[k // 9]}={k % 9 + 1}" for k in range(729))
_HOUSE_NAMES = tuple(house_name(h) for h in range(len(HOUSES)))


@dataclass(frozen=True)
class Step:
    """A step keeps its cells, digits, effects and its room's roles; its
    name and one-line text are made when first shown (most of the ~195
    steps a position gives are never shown)."""
    technique: str                                   # registry id, e.g. 'naked-subset'
    roles: Roles                                     # the room's typed roles (roles.py)
    cells: tuple[int, ...] = ()                      # pattern cells
    digits: tuple[int, ...] = ()                     # pattern digits
    houses: tuple[int, ...] = ()                     # houses the pattern lives in
    eliminations: tuple[tuple[int, int], ...] = ()   # (cell, digit), sorted
    placements: tuple[tuple[int, int], ...] = ()     # (cell, digit), sorted

    @made_once
    def name(self) -> str:
        """Display name, e.g. 'Naked Pair r6c45 #38'."""
        return self.roles.name(self)

    @made_once
    def lead(self) -> str:
        """The pattern part of the text, before '=>'."""
        return self.roles.lead(self)

    @made_once
    def text(self) -> str:
        """One line in standard notation: `lead => effects`."""
        return f"{self.lead} => {_sorted_effects_text(self.eliminations, self.placements)}"

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
        out.update(self.roles.json(self))
        return out


def make_step(technique: str, roles: Roles, *, cells=(), digits=(), houses=(),
              eliminations=(), placements=()) -> Step:
    """Build a step with sorted, de-duplicated effects."""
    elims = tuple(sorted(set(eliminations)))
    places = tuple(sorted(set(placements))) if placements else ()
    return Step(technique, roles, tuple(cells), tuple(digits), tuple(houses), elims, places)


def effects_text(eliminations, placements=()) -> str:
    """'r6c1<>3, r6c2<>38' and 'r1c2=7': cells with the same digits share a name."""
    return _sorted_effects_text(tuple(sorted(set(eliminations))),
                                tuple(sorted(set(placements))) if placements else ())


def _sorted_effects_text(eliminations: tuple, placements: tuple) -> str:
    """effects_text of sorted, de-duplicated (cell, digit) pairs."""
    parts = [_IS_TEXT[9 * i + d - 1] for i, d in placements]
    if eliminations:
        # the common case, one digit on (so distinct) cells, is a single group
        d0 = eliminations[0][1]
        for _, d in eliminations:
            if d != d0:
                break
        else:
            parts.append(f"{_comma_name(tuple(i for i, _ in eliminations))}<>{d0}")
            return ", ".join(parts)
    by_cell: dict[int, int] = {}            # cell -> 9-bit mask of its digits
    for i, d in eliminations:
        by_cell[i] = by_cell.get(i, 0) | 1 << (d - 1)
    by_digits: dict[int, list[int]] = {}
    for i, ds in by_cell.items():          # cells in order: the pairs are sorted
        by_digits.setdefault(ds, []).append(i)
    # groups by their first cell (distinct cells: no ties)
    for ds, cells in sorted(by_digits.items(), key=lambda kv: kv[1][0]):
        parts.append(f"{_comma_name(tuple(cells))}<>{digits_text(MASK_DIGITS[ds])}")
    return ", ".join(parts)


@lru_cache(maxsize=8192)
def _comma_name(cells: tuple[int, ...]) -> str:
    """cells_name of sorted distinct cells with commas for spaces: 'r4c7,r5c79'."""
    return cells_name(cells).replace(" ", ",")
