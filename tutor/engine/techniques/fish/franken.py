"""Franken fish on one digit: Franken X-Wing (size 2), Swordfish (3) and
Jellyfish (4), without fins (finned_franken.py has those).

A Franken fish is a fish (general.py has the definition and the search)
whose base houses are rows and boxes and whose cover houses are columns and
boxes, or columns and boxes covered by rows and boxes, with at least one box
among them (with none it is a basic or finned fish, fish/basic.py and
fish/finned.py).  mixed.py makes the room's steps, roles and check.

Bounds (docs/engine.md): sizes 2 to 4, no fins.  The finned ones are a rung
of their own after the chains, where HoDoKu tries them: here, before the
X-Cycles, they would be the simplest step of every X-Cycle practice
position.  The pattern check takes any fins.
"""
from __future__ import annotations

from ...position import Position
from ...registry import technique
from .basic import FISH_NAMES
from .general import kinds
from .mixed import (BOX_HOUSES, COLUMN_HOUSES, ROW_HOUSES, MixedKind, entry_keys, finder_steps, first_step,
                    franken_kinds, pattern_check)

MAX_FINS = {2: 0, 3: 0, 4: 0}
# (base houses, cover houses): rows and boxes covered by columns and boxes, and the transpose
ORIENTATIONS = ((ROW_HOUSES + BOX_HOUSES, frozenset(COLUMN_HOUSES + BOX_HOUSES)),
                (COLUMN_HOUSES + BOX_HOUSES, frozenset(ROW_HOUSES + BOX_HOUSES)))

# what the check says of houses mixed more than a Franken fish's
NOT_FRANKEN = ("a Franken fish has rows and boxes as base and columns and boxes as cover (or columns "
               "and rows swapped); mixing more is a Mutant fish")
FRANKEN = MixedKind("franken-fish", "Franken", franken_kinds, ORIENTATIONS, MAX_FINS, NOT_FRANKEN)


def is_franken(base, cover) -> bool:
    """Base and cover houses of a Franken fish."""
    return franken_kinds(kinds(base), kinds(cover))


def aliases(word: str) -> tuple:
    """'franken swordfish', 'franken x wing', ...: what a learner may type."""
    return tuple(sorted({f"{word} {form}" for size in (2, 3, 4)
                         for form in (FISH_NAMES[size].lower(), FISH_NAMES[size].lower().replace("-", " "))}))


@technique("franken-fish", "Franken Fish", "franken", rank=265, weight=250,
           aliases=aliases("franken") + ("frankenfish",), check=pattern_check(FRANKEN), entry_keys=entry_keys,
           step_label=lambda step: step.roles.word, example="Franken Swordfish #3 R47B2 C145",
           confusions=(("finned-swordfish", "Franken fish vs finned fish",
                        "a Franken fish takes a box as a base or cover house; a finned fish has "
                        "only rows and columns, with its fins in one box"),),
           prerequisites=("finned-x-wing", "finned-swordfish"),
           distractors=("finned-swordfish", "swordfish", "empty-rectangle", "finned-x-wing"))
def franken_fish(pos: Position):
    return finder_steps(FRANKEN, pos)


franken_fish.first = lambda pos: first_step(FRANKEN, pos)  # type: ignore[attr-defined]
