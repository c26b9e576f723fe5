"""The judge: check a learner's claimed eliminations/placements and say why.

    judge(position, "r6c3<>3", by="naked pair", pattern="r6c45") -> Verdict
    judge(position, "r5c2<>4", by="aic", pattern="(4=8)r3c2-(8)r3c7=(8-5)r5c7=(5)r5c2")

A pattern is cells ('r6c45', 'r1c2 r1c7 r5c7') or, for a chain, Eureka
text; the rooms' checks get the cells and the text as typed (a chain's
order counts), see `pattern_cells`.

Verdict kinds, tried in this order:

* invalid:       the claim cannot be judged (malformed, a solved cell, a
                 candidate that is not there, a broken position, or a puzzle
                 with no or several solutions);
* false:         a claimed elimination is the solution digit, or a claimed
                 placement is not;
* proved:        one step of the named technique (of any technique when none
                 is named) found in this position does everything claimed;
                 failing one step, several steps of it together.  Unnamed,
                 the proof whose hardest step is simplest: steps of lower
                 tiers together (a Hidden Single and an X-Wing) come before
                 one step of a higher tier (a Mutant Swordfish);
* proved-other:  steps of some other technique do it;
* true-unproved: everything claimed is true in the solution, but no step the
                 engine knows does it here yet.

With `uniqueness=False` the uniqueness techniques (Unique Rectangle,
Hidden Rectangle, BUG+1...) prove nothing: some teachers do not accept them.
A claim naming one is then invalid, and no proof, hint or look-ahead uses
them.

Placements count as their consequences too: a step placing r1c1=5 proves
r1c1<>3 and r1c7<>5 (they follow the moment the digit is written).

The pieces: claims.py reads claims, tutor/engine/names.py reads technique
names, the rooms' pattern checks judge a named pattern, judging.py picks the
proof and words the verdict (verdict.py), lookahead.py solves on for claims
not provable yet, cache.py keeps what is learnt per position.  Pure engine
code: no UI imports.
"""
from __future__ import annotations

from dataclasses import replace

from .. import registry
from ..grid import cell_name
from ..names import Named, read_name as resolve_technique, step_label, technique_label  # noqa: F401
from ..position import Position
from ..registry import UnknownTechnique
from .cache import CACHE_SIZE, _tier, clear_cache, entry_for, step_effect  # noqa: F401
from .claims import Claim, ClaimError, parse_claim  # noqa: F401
from .judging import _Judging
from .pattern import MAX_PATTERN_CHARS, Pattern, pattern_cells, read_pattern  # noqa: F401
from .lookahead import LOOKAHEAD_STEPS  # noqa: F401
from .verdict import Verdict, highlight, sentence


def judge(position, claim, by: str | None = None, pattern=None, uniqueness: bool = True) -> Verdict:
    """Judge a claim about a position; see the module docstring."""
    pos = position if isinstance(position, Position) else _parse_position(position)
    request = read_request(pos, claim, by, pattern, uniqueness)
    if isinstance(request, Verdict):
        return request
    c, named, pat, ptext = request
    tech_id = named.ids[0] if named and len(named.ids) == 1 else None
    entry = entry_for(pos)
    broken = entry.broken()
    if broken:
        return Verdict("invalid", f"The position is broken ({broken}), so the engine cannot "
                       f"call any claim true or false.", tech_id, [], c, highlight())
    count, sol = entry.solution_info()
    if count == 0:
        return Verdict("invalid", "This position has no solution, so the engine cannot call any "
                       "claim true or false.", tech_id, [], c, highlight())
    if count > 1:
        return Verdict("invalid", "This position has several solutions, so the engine cannot call "
                       "any claim true or false.", tech_id, [], c, highlight())
    return _Judging(entry, c, named, pat, sol, uniqueness, ptext).run()


def read_request(pos: Position, claim, by: str | None = None, pattern=None, uniqueness: bool = True):
    """The claim, the named technique and the pattern read and checked
    against `pos` (its cells and candidates), before any search: an invalid
    Verdict, or (claim, named, pattern cells, pattern text).  A claim that
    fails here fails on any later position of the same solve too (cells only
    get solved, candidates only go), so a caller may ask before working its
    way to that position (`check --after`)."""
    try:
        c = claim if isinstance(claim, Claim) else parse_claim(claim)
    except ClaimError as e:
        return Verdict("invalid", sentence(str(e)), None, [], None, highlight())
    named = None
    if by:
        try:
            named = resolve_technique(by)
        except UnknownTechnique as e:
            return Verdict("invalid", sentence(str(e)), None, [], c, highlight())
        off = [t for t in named.ids if not uniqueness and registry.REGISTRY[t].uniqueness]
        if off and len(off) == len(named.ids):
            return Verdict("invalid", sentence(f"{named.label} is a uniqueness technique, and "
                                               f"uniqueness techniques are switched off here"),
                           off[0], [], c, highlight())
        if off:
            named = replace(named, ids=tuple(t for t in named.ids if t not in off))
    tech_id = named.ids[0] if named and len(named.ids) == 1 else None
    pat = Pattern()
    ptext = pattern.strip() if isinstance(pattern, str) else ""
    if pattern is not None and pattern != "" and pattern != []:
        try:
            if len(ptext) > MAX_PATTERN_CHARS:
                raise ValueError(f"{len(ptext):,} characters; a pattern is at most "
                                 f"{MAX_PATTERN_CHARS:,}")
            mixed = named is not None and any(registry.named_by_mixed_lines(t) for t in named.ids)
            pat = read_pattern(pattern, by_houses=mixed) if isinstance(pattern, str) else \
                Pattern(sorted({int(i) for i in pattern}))
            if any(not 0 <= i < 81 for i in pat.cells):
                raise ValueError("pattern cells run from r1c1 to r9c9")
        except (ValueError, TypeError) as e:
            return Verdict("invalid", sentence(f"pattern: {e}"), tech_id, [], c, highlight())
    if not c.eliminations and not c.placements:
        return Verdict("invalid", "The claim is empty.", tech_id, [], c, highlight())
    problem = _claim_problem(pos, c)
    if problem:
        return Verdict("invalid", sentence(problem[0]), tech_id, [], c, highlight(cells=[problem[1]]))
    return c, named, pat, ptext


def _parse_position(text) -> Position:
    from ..formats import parse_position
    return parse_position(str(text))


def _claim_problem(pos: Position, c: Claim):
    for i, d, _placing in c.items():
        if pos.values[i]:
            return f"{cell_name(i)} is already solved ({pos.values[i]})", i
        if not pos.cands[i] >> (d - 1) & 1:
            return f"{cell_name(i)} has no candidate {d}", i
    return None
