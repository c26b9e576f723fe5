"""Making quizzes: from a technique id or family, on practice positions
picked by seed, or the shipped reference quiz (the 25 LockedSets)."""
from __future__ import annotations

import random

from ...engine.position import Position
from ...engine.registry import UnknownTechnique, find_all, resolve
from .common import (
    KINDS, REFERENCE_PUZZLE, REFERENCE_TARGET, reference_position, target_ids, target_name,
)
from .eliminate import EliminateQuiz
from .find_all import FindAllQuiz
from .name import NameQuiz


def _practice(target: str, seed: int, limit: int = 8, uniqueness: bool = True):
    """Seeded practice positions for a technique or family."""
    from ..practice import practice_positions
    ids = target_ids(target, uniqueness)
    if len(ids) == 1:
        return practice_positions(ids[0], limit, seed, uniqueness)
    rng = random.Random(f"family:{target}:{seed}")
    out = []
    from ..practice import NoPracticePositions
    for tid in ids:
        try:
            out.extend(practice_positions(tid, limit, seed, uniqueness))
        except NoPracticePositions:      # a rung never simplest on the shipped puzzles
            continue
    rng.shuffle(out)
    return out[:limit]


def check_target(target: str, kind: str = "find-all", uniqueness: bool = True) -> list[str]:
    """The technique ids a quiz target stands for; raises UnknownTechnique
    (one line, listing the known names) for an unknown target or kind, or a
    target made only of uniqueness techniques when those are switched off."""
    if kind not in KINDS:
        raise UnknownTechnique(f"unknown quiz kind '{kind}' (known: {', '.join(KINDS)})")
    return target_ids(target, uniqueness)


def make_quiz(kind: str, target: str, seed: int | None = None, position: Position | None = None,
              uniqueness: bool = True):
    """A quiz of a kind on a technique id or family.  With no seed, the
    LockedSet find-all quiz is the shipped reference (the 25 LockedSets);
    otherwise positions come from the practice cache by seed.  With
    `uniqueness` off, the uniqueness techniques neither count nor prove."""
    if kind not in KINDS:
        raise UnknownTechnique(f"unknown quiz kind '{kind}' (known: {', '.join(KINDS)})")
    resolve([target])                    # unknown names raise here, with the known list
    ids = target_ids(target, uniqueness)
    if kind == "find-all":
        if position is None and seed is None and target == REFERENCE_TARGET:
            return reference_quiz()
        if position is not None:
            return FindAllQuiz(position, target, uniqueness=uniqueness)
        cands = _practice(target, seed or 0, uniqueness=uniqueness)
        if not cands:
            raise UnknownTechnique(f"no practice positions for {target}")
        best = max(cands[:8], key=lambda p: min(len(find_all(p.position, ids)), 6))
        return FindAllQuiz(best.position, target, source=best.source, uniqueness=uniqueness)
    if position is None:
        cands = _practice(target, seed or 0, 1, uniqueness)
        if not cands:
            raise UnknownTechnique(f"no practice positions for {target}")
        position, source = cands[0].position, cands[0].source
    else:
        source = ""
    if kind == "eliminate":
        return EliminateQuiz(position, target, source, uniqueness)
    from ...engine.names import leans_on
    steps = find_all(position, ids, uniqueness)
    steps = [s for s in steps if not leans_on(s)] or steps    # never one that leans on a single
    if not steps:
        raise UnknownTechnique(f"no {target_name(target)} in this position")
    rng = random.Random(f"step:{target}:{seed or 0}")
    return NameQuiz(position, steps[rng.randrange(len(steps))], seed or 0, source, uniqueness)


def reference_quiz() -> FindAllQuiz:
    """The shipped quiz: all 25 LockedSets of the reference position."""
    return FindAllQuiz(reference_position(), REFERENCE_TARGET,
                       title="This position holds 25 LockedSets: find them all",
                       source=REFERENCE_PUZZLE)
