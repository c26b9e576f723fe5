"""The technique registry: id -> finder, family and place on the ladder.

A finder is a plain function `(position) -> list[Step]` that returns every
instance of its technique, deduplicated, simplest first.  Technique modules
register themselves with @technique; importing tutor.engine.techniques loads
them all.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from .position import Position
from .step import Step


@dataclass(frozen=True)
class Technique:
    id: str
    name: str          # what a learner calls it: 'Hidden Single'
    family: str        # alias covering a group: 'singles', 'fish', ...
    rank: int          # place on the ladder: lower is simpler
    finder: Callable[[Position], list[Step]]


REGISTRY: dict[str, Technique] = {}

# Ranks leave gaps so a technique can be slotted in between later.
LADDER_RANKS = {
    "naked-single": 10, "hidden-single": 20,
    "pointing": 30, "claiming": 40,
    "naked-subset": 50, "hidden-subset": 60,
    "x-wing": 70, "skyscraper": 80, "two-string-kite": 90, "turbot-fish": 100,
    "simple-colours": 110, "swordfish": 120, "jellyfish": 130,
    "x-cycle": 140, "death-blossom": 150,
}

FAMILIES = {
    "singles": "Singles",
    "locked-candidates": "Locked Candidates",
    "locked-set": "LockedSets (naked and hidden subsets)",
    "fish": "Fish",
    "single-digit": "Single-digit patterns",
    "colouring": "Colouring",
    "chains": "Chains and loops",
    "als": "Almost Locked Sets",
}


def technique(id: str, name: str, family: str):
    """Decorator registering a finder under an id on the ladder."""
    def wrap(fn):
        REGISTRY[id] = Technique(id, name, family, LADDER_RANKS.get(id, 1000), fn)
        return fn
    return wrap


def _load() -> None:
    from . import techniques  # noqa: F401  (registers every finder)


def ladder() -> list[Technique]:
    """Every registered technique, simplest first."""
    _load()
    return sorted(REGISTRY.values(), key=lambda t: t.rank)


class UnknownTechnique(ValueError):
    pass


def resolve(names: Iterable[str] | None) -> list[Technique]:
    """Technique ids or family aliases -> techniques in ladder order."""
    _load()
    if not names:
        return ladder()
    chosen: dict[str, Technique] = {}
    for raw in names:
        for name in str(raw).split(","):
            name = name.strip().lower()
            if not name:
                continue
            if name in REGISTRY:
                chosen[name] = REGISTRY[name]
                continue
            members = [t for t in REGISTRY.values() if t.family == name]
            if not members:
                known = ", ".join(sorted(set(REGISTRY) | {t.family for t in REGISTRY.values()}))
                raise UnknownTechnique(f"unknown technique '{name}' (known: {known})")
            for t in members:
                chosen[t.id] = t
    return sorted(chosen.values(), key=lambda t: t.rank)


def find_all(position: Position, techniques: Iterable[str] | None = None) -> list[Step]:
    """Every instance of the chosen techniques (default: all), ladder order."""
    steps: list[Step] = []
    for t in resolve(techniques):
        steps.extend(t.finder(position))
    return steps


def next_step(position: Position, techniques: Iterable[str] | None = None) -> Step | None:
    """The simplest step available: first technique on the ladder that applies."""
    for t in resolve(techniques):
        found = t.finder(position)
        if found:
            return found[0]
    return None


def technique_name(id: str) -> str:
    _load()
    t = REGISTRY.get(id)
    return t.name if t else id
