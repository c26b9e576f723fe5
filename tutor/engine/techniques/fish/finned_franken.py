"""Finned Franken fish on one digit: Finned Franken X-Wing (size 2),
Swordfish (3) and Jellyfish (4), sashimi ones included.

A Franken fish (franken.py) with one or two fins: base candidates outside
every cover house.  Either a fin holds the digit or the rest is a Franken
fish, so what goes is a cover candidate outside the base that sees every
fin (general.py).  mixed.py makes the room's steps, roles and check.

Where it sits: after the chains, as HoDoKu tries it.  A fin or two lets a
Franken fish stand in for many one-digit chains: placed with the Franken
fish before the X-Cycles, it was the simplest step of all 40 X-Cycle
practice positions (docs/engine.md).  Bounds (measured there): sizes 2 to 4
and two fins; a third fin costs two and a half times the search.
"""
from __future__ import annotations

from ...position import Position
from ...registry import technique
from .franken import NOT_FRANKEN, ORIENTATIONS, aliases
from .mixed import MixedKind, entry_keys, finder_steps, first_step, franken_kinds, pattern_check

MAX_FINS = {2: 2, 3: 2, 4: 2}

FINNED_FRANKEN = MixedKind("finned-franken-fish", "Franken", franken_kinds, ORIENTATIONS, MAX_FINS,
                           NOT_FRANKEN, min_fins=1)


@technique("finned-franken-fish", "Finned Franken Fish", "finned-franken", rank=303, weight=310,
           aliases=aliases("finned franken") + aliases("sashimi franken"), check=pattern_check(FINNED_FRANKEN),
           entry_keys=entry_keys, step_label=lambda step: step.roles.word,
           example="Finned Franken Swordfish #3 R47B2 C145 fin r7c6",
           confusions=(("franken-fish", "Finned Franken fish vs Franken fish",
                        "without its fins the fish would clear every cover house; with them only the "
                        "cover cells that see every fin lose the digit"),),
           prerequisites=("franken-fish", "finned-swordfish"),
           distractors=("franken-fish", "finned-swordfish", "grouped-aic", "x-cycle"))
def finned_franken_fish(pos: Position):
    return finder_steps(FINNED_FRANKEN, pos)


finned_franken_fish.first = lambda pos: first_step(FINNED_FRANKEN, pos)  # type: ignore[attr-defined]
