"""Why an entry is not an instance: one short reason a learner can act on.

When no step of the engine matches an entry, the rooms' pattern checks (the
same ones the judge runs for `--pattern`) look at the pattern itself and say
which condition fails, in standard notation: 'r6c5 also holds 9, so r6c45
is not locked to 3,9'.  This module only picks which techniques to check and
puts their answers into one sentence.
"""
from __future__ import annotations

from ...engine.grid import cells_name
from ...engine.names import needs_noun
from ...engine.position import Position
from ...engine.registry import FAMILIES, PatternQuery, check_pattern, get, ladder
from ...engine.techniques.patterns import an, digits_list
from .confusions import Confusion, confusion, partners
from .entries import Entry


def _query(t, entry: Entry) -> PatternQuery:
    return PatternQuery(t.id, tuple(entry.cells), tuple(entry.digits), tuple(entry.houses),
                        label=t.short)


def _candidates(entry: Entry, target_ids: list[str]) -> list:
    """The techniques the entry may mean: the one it names, the members of
    the family it names (the quiz's own first), else the quiz's own."""
    if entry.technique:
        return [get(entry.technique)]
    fam = entry.family
    if fam is None:
        return [get(t) for t in target_ids]
    return sorted((t for t in ladder() if t.family == fam), key=lambda t: t.id not in target_ids)


def why_not(pos: Position, entry: Entry, target_ids: list[str]) -> str:
    """The pattern checks' reason an entry is not an instance."""
    techs = [t for t in _candidates(entry, target_ids) if t is not None]
    reports = [r for r in (check_pattern(pos, _query(t, entry)) for t in techs) if r is not None]
    if not reports:
        return _not_here(entry, techs)
    held = [r for r in reports if r.ok]
    if held:
        return _holds(held[0], entry, techs)
    # the techniques whose shape the entry has; when several fail in
    # different ways, the first two reasons
    fitting = [r for r in reports if r.fits] or reports[:1]
    return "; and ".join(list(dict.fromkeys(r.reason for r in fitting))[:2])


def _holds(r, entry: Entry, techs) -> str:
    """The pattern holds, yet no step matches the entry: say what differs."""
    name = cells_name(entry.cells) if entry.cells else cells_name(r.cells)
    noun = r.label + " pattern" if needs_noun(r.label) else r.label
    if entry.digits and r.digits and set(entry.digits) != set(r.digits):
        return f"{name} is {an(noun)} on {digits_list(r.digits)}, not on {digits_list(entry.digits)}"
    if entry.cells and r.cells and set(entry.cells) != set(r.cells):
        return f"the {noun} is {cells_name(r.cells)}: name all of its cells"
    if r.removes is None:
        return _not_here(entry, techs)
    if not r.removes and not r.places:
        return f"{name} is {an(noun)}, but it removes nothing here"
    return f"{name} is {an(noun)}, but the engine finds no such step here"


def _not_here(entry: Entry, techs) -> str:
    """No check can tell more: 'no ALS Death Blossom on #57 uses r8c2 here'."""
    fams = {t.family for t in techs}
    if len(techs) == 1:
        label = techs[0].name
    elif len(fams) == 1:
        fam = fams.pop()
        label = FAMILIES.get(fam, fam)
    else:
        label = "such pattern"
    ds = entry.digits
    on = f" on {ds[0]}" if len(ds) == 1 else (f" on #{''.join(map(str, ds))}" if ds else "")
    return f"no {label}{on} uses {cells_name(entry.cells)} here"


def confusion_for_wrong(pos: Position, entry: Entry, target_ids: list[str]) -> Confusion | None:
    """A wrong entry named as one technique whose cells and digits make a
    valid pattern of a technique it is often taken for, e.g. 'hidden r6c45
    #38' where r6c45 is a naked set that removes nothing more: recorded as
    naked vs hidden."""
    if not entry.technique or len(entry.cells) < 2 or not entry.digits:
        return None
    for other in partners(entry.technique):
        r = check_pattern(pos, _query(get(other), entry))
        if r is not None and r.ok and set(r.digits) == set(entry.digits):
            return confusion(entry.technique, other)
    return None
