"""Solving on from a claim the engine cannot prove yet: after how many
steps (as logic_solve takes them) does one step do what is still open?"""
from __future__ import annotations

import threading

from .. import registry
from ..position import Position
from ..step import Step
from .cache import _Entry, step_effect

LOOKAHEAD_STEPS = 100       # how far the engine solves on for 'true-unproved' (steps)


def _open(pos: Position, item) -> bool:
    i, d, placing = item
    return not pos.values[i] if placing else pos.has(i, d)


def _covering(pos: Position, found: list[Step], remaining) -> Step | None:
    """A step of `found` doing all of `remaining`; failing that, when the
    steps together do it, the one doing most (they share one position)."""
    union: set = set()
    best = None
    for s in found:
        eff = step_effect(pos, s) & remaining
        if eff == remaining:
            return s
        union |= eff
        if best is None or len(eff) > best[0]:
            best = (len(eff), s)
    if remaining and union >= remaining and best is not None:
        return best[1]
    return None


def lookahead(entry: _Entry, items, uniqueness: bool = True) -> dict:
    """Solve on simplest-first (as logic_solve does: a batched technique's
    steps all at once, else the simplest step of the simplest tier) and
    report after how many steps one step of the techniques tried there does
    what is still open of the claim (a last resort's steps do not count:
    they prove anything true).
    {'status': 'proved'|'bound'|'stuck'|'end', 'steps': n, 'step'}."""
    key = (tuple(items), uniqueness)
    if key in entry.looks:
        return entry.looks[key]
    walk = entry.walks.get(uniqueness)
    if walk is None:
        walk = entry.walks[uniqueness] = Walk(entry, uniqueness)
    k = 0
    while True:
        level = walk.level(k)
        if level is None:
            result = {"status": walk.end, "steps": walk.applied, "step": None}
            break
        if k:           # the position itself: its steps were judged before the walk
            pos, applied, offered = level
            remaining = frozenset(it for it in items if _open(pos, it))
            hit = next((h for t, found in offered if found and not t.last_resort
                        for h in (_covering(pos, found, remaining),) if h is not None), None)
            if hit is not None:
                result = {"status": "proved", "steps": applied, "step": hit}
                break
        k += 1
    entry.looks[key] = result
    return result


class Walk:
    """The solve on from a judged position, shared by every claim judged
    there (the path does not depend on the claim): level k is the position
    after k rounds, the steps applied so far, and the steps each technique
    offered there, tier by tier up to the tier that moved on.  Levels are
    made when a claim first needs them."""

    def __init__(self, entry: _Entry, uniqueness: bool):
        self.entry, self.uniqueness = entry, uniqueness
        self.levels: list[tuple[Position, int, list]] = []
        self.end: str | None = None       # 'end', 'stuck' or 'bound' once the walk stops
        self.applied = 0
        self._pos = entry.pos.copy()
        self._lock = threading.Lock()    # the app may judge from a worker thread

    def level(self, k: int):
        with self._lock:
            while len(self.levels) <= k and self.end is None:
                self._next_level()
            return self.levels[k] if k < len(self.levels) else None

    def _next_level(self) -> None:
        from ..solve import _applicable
        pos = self._pos
        if self.applied >= LOOKAHEAD_STEPS:
            self.end = "bound"
            return
        if pos.contradiction() or pos.is_solved():
            self.end = "end"
            return
        first = not self.levels
        offered: list = []
        self.levels.append((pos.copy(), self.applied, offered))
        for group in registry.tiers(registry.ladder(self.uniqueness)):
            tier = [(t, self.entry.steps(t.id) if first else t.finder(pos)) for t in group]
            offered += tier
            picked = registry.simplest(tier)
            if picked:
                t, found = picked
                progress = False
                for s in (found if t.batched else found[:1]):
                    if _applicable(pos, s):
                        pos.apply(s)
                        self.applied += 1
                        progress = True
                if progress:
                    return
        self.end = "stuck"
