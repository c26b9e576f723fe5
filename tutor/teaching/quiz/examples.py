"""The example a quiz's entry line shows: an entry in the format of the
technique asked, naming a pattern that is NOT in the quiz's position (so
the placeholder is never an answer, and never a wrong entry either).

A room may give its own (`example=` in its registration); else one is
made from its lesson's examples, then from its practice positions (other
positions), written the way the room's entry keys read it: the name, the
digits, then the lines (a fish's base and cover) or the fewest cells that
name it ('XY-Wing #136 r7c48 r9c6', 'X-Wing #5 R26 C37')."""
from __future__ import annotations

from collections.abc import Iterator

from ...engine.grid import cell_name
from ...engine.names import step_label
from ...engine.registry import default_entry_keys, find_all, get
from ...engine.step import Step
from .entries import Entry, EntryError, parse_entry
from .matching import best_match, match_score

GENERIC = "r6c45 #38"           # cells and digits: every room's entries read these
PRACTICE_TRIED = 3              # practice positions looked at when the lessons give none


def entry_text(step: Step) -> str | None:
    """A short entry that names `step` exactly, or None."""
    room = get(step.technique)
    keys = room.entry_keys(step) if room else default_entry_keys(step)
    cells = () if keys.lines else min((keys.cells, *keys.alternatives), key=len)
    pattern = Entry("", cells=tuple(sorted(cells)), digits=tuple(sorted(keys.digits)),
                    houses=tuple(keys.lines)).describe()
    text = f"{step_label(step)} {pattern}"
    try:
        return text if match_score(parse_entry(text), step) == 2 else None
    except EntryError:
        return None


def _steps_elsewhere(tid: str) -> Iterator[Step]:
    """Steps of the technique in its lesson's examples, then in a few of
    its practice positions."""
    from ..lessons import all_lessons
    for lesson in all_lessons():
        for ex in lesson.examples:
            if ex.technique == tid:
                step = ex.find_step()
                if step is not None:
                    yield step
    from ..practice_cache import load_cache
    for p in load_cache(tid)[:PRACTICE_TRIED]:
        yield from find_all(p.position, [tid])[:1]


def example_entry(target_ids: list[str], here: list[Step]) -> str:
    """An entry for one of the target techniques that names none of the
    steps `here` (the quiz's own); the generic format when none is found."""
    for tid in target_ids:
        room = get(tid)
        if room and room.example and _names_none(room.example, here):
            return room.example
        for step in _steps_elsewhere(tid):
            text = entry_text(step)
            if text and _names_none(text, here):
                return text
    return GENERIC


def _names_none(text: str, here: list[Step]) -> bool:
    try:
        return best_match(parse_entry(text), here) is None
    except EntryError:
        return False


def claim_example(position, places: bool) -> str:
    """A claim in the format asked (`r6c9<>5`, or `r1c2=7` for a quiz that
    places) that cannot be an answer here: its digit is no candidate."""
    for i in range(81):
        if places and position.values[i]:
            d = position.values[i] % 9 + 1
            return f"{cell_name(i)}={d}"
        if not places and not position.values[i]:
            d = next((d for d in range(1, 10) if not position.has(i, d)), None)
            if d is not None:
                return f"{cell_name(i)}<>{d}"
    return "r1c2=7" if places else "r6c9<>5"
