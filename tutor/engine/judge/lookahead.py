"""Solving on from a claim the engine cannot prove yet: after how many
steps (as logic_solve takes them) does one step do what is still open?"""
from __future__ import annotations

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
    from ..solve import _applicable
    pos = entry.pos.copy()
    applied = 0
    first = True
    result = {"status": "bound", "steps": applied, "step": None}
    while applied < LOOKAHEAD_STEPS:
        if pos.contradiction() or pos.is_solved():
            result = {"status": "end", "steps": applied, "step": None}
            break
        remaining = frozenset(it for it in items if _open(pos, it))
        progress = False
        for group in registry.tiers(registry.ladder(uniqueness)):
            offered = []
            for t in group:
                found = entry.steps(t.id) if first else t.finder(pos)
                if not first and found and not t.last_resort:
                    hit = _covering(pos, found, remaining)
                    if hit is not None:
                        result = {"status": "proved", "steps": applied, "step": hit}
                        entry.looks[key] = result
                        return result
                offered.append((t, found))
            picked = registry.simplest(offered)
            if picked:
                t, found = picked
                batch = found if t.batched else found[:1]
                for s in batch:
                    if _applicable(pos, s):
                        pos.apply(s)
                        applied += 1
                        progress = True
                if progress:
                    break
        first = False
        if not progress:
            result = {"status": "stuck", "steps": applied, "step": None}
            break
    else:
        result = {"status": "bound", "steps": applied, "step": None}
    entry.looks[key] = result
    return result
