"""What the judge learns about one position, kept for the next claims.

Finder results, solutions and look-ahead walks are cached per position
(keyed by its values and candidates), so judging many claims on one
position costs one search."""
from __future__ import annotations

import threading
from collections import OrderedDict

from .. import registry
from ..grid import MASK_DIGITS, PEERS
from ..position import Position
from ..step import Step

CACHE_SIZE = 32             # positions whose finder results are kept


def _tier(tid: str) -> int:
    """The judge's preference among techniques: the ladder rank, unless the
    room gives a tier (the two subset views share one: every split of a house
    is both a naked and a hidden set, and the smaller side should win)."""
    t = registry.get(tid)
    return 1000 if t is None else registry.tier_of(t)


def step_effect(pos: Position, step: Step) -> frozenset:
    """What a step settles: its eliminations, its placements, and what each
    placement removes at once (the cell's other digits, the digit from peers)."""
    out = {(i, d, False) for i, d in step.eliminations}
    for i, d in step.placements:
        out.add((i, d, True))
        out.update((i, e, False) for e in MASK_DIGITS[pos.cands[i]] if e != d)
        out.update((j, d, False) for j in PEERS[i] if pos.has(j, d))
    return frozenset(out)


class _Entry:
    """Everything the judge learns about one position."""

    def __init__(self, pos: Position):
        self.pos = pos.copy()
        self._steps: dict[str, list[Step]] = {}
        self._effects: dict[str, list[tuple[int, Step, frozenset]]] = {}
        self._index: dict[str, dict] = {}
        self._broken: tuple | None = None
        self._solution = pos._solution
        self._next: dict[bool, Step | None] = {}
        self.looks: dict = {}
        self.walks: dict = {}           # uniqueness switch -> the solve on from here (lookahead.Walk)

    def broken(self) -> str | None:
        """What is wrong with the position itself, or None (cached)."""
        if self._broken is None:
            self._broken = (self.pos.contradiction() or self.pos.conflicts_with_values() or "",)
        return self._broken[0] or None

    def solution_info(self):
        if self._solution is None:
            self._solution = self.pos.solution_info()
        return self._solution

    def steps(self, tid: str) -> list[Step]:
        found = self._steps.get(tid)
        if found is None:
            found = self._steps[tid] = registry.REGISTRY[tid].finder(self.pos)
        return found

    def effects(self, tid: str) -> list[tuple[int, Step, frozenset]]:
        """(index, step, effect set of (cell, digit, is_placement))."""
        out = self._effects.get(tid)
        if out is None:
            out = self._effects[tid] = [(k, s, step_effect(self.pos, s)) for k, s in enumerate(self.steps(tid))]
        return out

    def covering(self, tid: str, item) -> list[tuple[int, Step, frozenset]]:
        """The steps of `tid` whose effect includes `item` (an inverted index,
        so judging many claims on one position stays cheap)."""
        index = self._index.get(tid)
        if index is None:
            index = self._index[tid] = {}
            for entry in self.effects(tid):
                for it in entry[2]:
                    index.setdefault(it, []).append(entry)
        found = index.get(item)
        if found is None:
            index[item] = []        # asked again while proving: nothing yet
            found = index[item] = self._proved_on_demand(tid, item)
        return found

    def _proved_on_demand(self, tid: str, item) -> list:
        """A room may prove one item on demand (`finder.prove(pos, item)`:
        trial from the opposite assumption) when no step of another technique
        gives it (uniqueness ones aside: they may be switched off); the step
        joins the room's steps here."""
        prove = getattr(registry.REGISTRY[tid].finder, "prove", None)
        if prove is None or any(self.covering(t.id, item) for t in registry.ladder(uniqueness=False)
                                if t.id != tid):
            return []
        step = prove(self.pos, item)
        if step is None:
            return []
        effects = self.effects(tid)
        entry = (len(effects), step, step_effect(self.pos, step))
        effects.append(entry)
        for it in entry[2]:
            if it != item:
                self._index[tid].setdefault(it, []).append(entry)
        return [entry]

    def next_step(self, uniqueness: bool = True) -> Step | None:
        """The simplest step here (the judge only sees positions with one
        solution, so the uniqueness techniques may run when switched on)."""
        if uniqueness not in self._next:
            first = None
            for group in registry.tiers(registry.ladder(uniqueness)):
                picked = registry.simplest([(t, self.steps(t.id)) for t in group])
                if picked:
                    first = picked[1][0]
                    break
            self._next[uniqueness] = first
        return self._next[uniqueness]


_CACHE: OrderedDict = OrderedDict()
_CACHE_LOCK = threading.Lock()   # the app may judge from a worker thread


def entry_for(pos: Position) -> _Entry:
    # which digits were given matters too (the Avoidable Rectangle needs placed ones)
    key = (pos.key(), sum(1 << i for i, g in enumerate(pos.givens) if g))
    with _CACHE_LOCK:
        e = _CACHE.get(key)
        if e is None:
            e = _CACHE[key] = _Entry(pos)
            while len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
        else:
            _CACHE.move_to_end(key)
    return e


def clear_cache() -> None:
    with _CACHE_LOCK:
        _CACHE.clear()
