"""Does an entry name a step?  Each room says which parts of its steps an
entry must match (`entry_keys`: the cells, other cell sets such as a chain's
ends, ordered lines such as a fish's base and cover, the digits)."""
from __future__ import annotations

from ...engine.registry import default_entry_keys, get
from ...engine.step import Step
from .entries import Entry


def match_score(entry: Entry, step: Step) -> int:
    """0: not this step; 1: a partial description that fits; 2: exact."""
    t = get(step.technique)
    keys = t.entry_keys(step) if t else default_entry_keys(step)
    fam = t.family if t else ""
    # a partial description (some cells of a chain, a blossom's stem digits)
    # counts only when the learner named the technique or its family
    named = entry.technique == step.technique or (entry.technique is None and entry.family == fam)
    if entry.digits and set(entry.digits) != keys.digits:
        # further digits of the pattern (a wing's other digits, a blossom's
        # stem digits) may be named with the ones it must name (an entry
        # naming no technique: a pick on the grid), or instead of them when
        # the technique is named
        said = set(entry.digits)
        bare = entry.technique is None and entry.family is None
        if not (keys.more_digits and said <= keys.more_digits | keys.digits
                and (named or bare and keys.digits <= said)):
            return 0
    score = 2
    if entry.houses:
        if keys.lines:
            if len(entry.houses) > len(keys.lines):
                return 0
            if any(g != keys.lines[k] for k, g in enumerate(entry.houses)):
                return 0
        else:
            wanted = {h for g in entry.houses for h in g}
            if not wanted <= set(step.houses):
                return 0
    if entry.cells:
        want = frozenset(entry.cells)
        if want == keys.cells or want in keys.alternatives:
            pass
        elif keys.lines and len(entry.houses) == len(keys.lines) and want <= keys.cells:
            pass        # every line named (a fish's base and cover): the cells may be its fins
        elif named and keys.partial and len(want) >= 2 and want <= keys.cells:
            score = 1
        else:
            return 0
    elif not entry.houses:
        return 0
    return score


def best_match(entry: Entry, steps: list[Step], found=None) -> tuple[int, Step] | None:
    """The step an entry most likely means: exact before partial, named
    technique and family before others, not yet found before found."""
    scored = []
    for k, s in enumerate(steps):
        sc = match_score(entry, s)
        if sc:
            t = get(s.technique)
            named_ok = entry.technique in (None, s.technique)
            fam_ok = entry.family in (None, t.family if t else "")
            fresh = found is None or k not in found
            scored.append(((sc, named_ok, fam_ok, fresh, -k), k, s))
    if not scored:
        return None
    scored.sort(key=lambda x: x[0], reverse=True)
    return scored[0][1], scored[0][2]
