"""Mutant fish on one digit: Mutant X-Wing (size 2), Swordfish (3) and
Jellyfish (4), with or without a fin.

A Mutant fish is a fish (general.py has the definition and the search)
whose houses mix in any other way than a basic or Franken fish: rows and
columns on one side (base r3c7b5), or lines of one kind on both (rows
covered by rows and boxes).  mixed.py makes the room's steps, roles and
check.

Bounds (measured, docs/engine.md): sizes 2 to 4 and one fin at most.  A
Mutant fish without a fin never came first on the sample of docs/engine.md
(a simpler step removes what it removes); with one fin it is also rare,
and a second fin costs four times the search.  The pattern check takes
any fins.
"""
from __future__ import annotations

from ...position import Position
from ...registry import technique
from .franken import aliases
from .mixed import MixedKind, entry_keys, finder_steps, first_step, mutant_kinds, pattern_check

MAX_FINS = {2: 1, 3: 1, 4: 1}
EVERY_HOUSE = tuple(range(27))

MUTANT = MixedKind("mutant-fish", "Mutant", mutant_kinds, ((EVERY_HOUSE, frozenset(EVERY_HOUSE)),), MAX_FINS,
                   "rows and boxes against columns and boxes (or the transpose) make a Franken fish, "
                   "not a Mutant one")

@technique("mutant-fish", "Mutant Fish", "mutant", rank=306, weight=320,
           aliases=aliases("mutant") + aliases("finned mutant") + ("mutantfish",), check=pattern_check(MUTANT),
           entry_keys=entry_keys,
           step_label=lambda step: step.roles.word, example="Mutant Swordfish #5 R3C7B5 C1R46",
           confusions=(("franken-fish", "Mutant fish vs Franken fish",
                        "a Franken fish keeps rows (or columns) with boxes on one side and the other "
                        "lines with boxes on the other; a Mutant fish mixes rows and columns on a side, "
                        "or has lines of one kind on both"),),
           prerequisites=("franken-fish", "finned-franken-fish"),
           distractors=("franken-fish", "finned-swordfish", "grouped-aic", "als-xz"))
def mutant_fish(pos: Position):
    return finder_steps(MUTANT, pos)


mutant_fish.first = lambda pos: first_step(MUTANT, pos)  # type: ignore[attr-defined]
