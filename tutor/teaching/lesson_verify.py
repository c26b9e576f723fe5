"""A lesson checked against the engine: each example must be the step the
engine finds, with the effects its front matter and its text state."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .lesson_text import parse_effects

if TYPE_CHECKING:
    from .lessons import Example, Lesson


def verify_example(lesson: Lesson, example: Example) -> list[str]:
    """What is wrong with an example, as one-line messages (empty: fine).

    The engine must find exactly one step of the named technique on the
    named cells and digits (and extra keys), with exactly the stated
    eliminations and placements, sound against the solution; and the
    section of the lesson that links the example must state every one of
    those effects in standard notation."""
    from ..engine.step import effects_text
    where = f"{lesson.id} example {example.id}"
    problems: list[str] = []
    try:
        pos = example.position()
    except ValueError as e:
        return [f"{where}: position does not parse: {e}"]
    found = example.matching_steps(pos)
    if not found:
        problems.append(f"{where}: the engine finds no {example.technique} step on these cells and digits")
    elif len(found) > 1:
        problems.append(f"{where}: {len(found)} engine steps match: " + "; ".join(s.text for s in found))
    else:
        step = found[0]
        if set(step.eliminations) != set(example.eliminations) or \
                set(step.placements) != set(example.placements):
            problems.append(f"{where}: front matter says "
                            f"{effects_text(sorted(example.eliminations), sorted(example.placements))}"
                            f" but the engine says {step.text}")
        solution = pos.solution()
        if solution is None:
            problems.append(f"{where}: the position has no unique solution")
        else:
            bad = [(i, d) for i, d in step.eliminations if solution[i] == d]
            bad += [(i, d) for i, d in step.placements if solution[i] != d]
            if bad:
                problems.append(f"{where}: the step is unsound at {effects_text(bad)}")
    text = lesson.section_of(f"(example:{example.id})")
    if not text:
        problems.append(f"{where}: no section links (example:{example.id})")
    else:
        elims, places = parse_effects(text)
        missing_e = sorted(set(example.eliminations) - elims)
        missing_p = sorted(set(example.placements) - places)
        if missing_e or missing_p:
            problems.append(f"{where}: the text never states {effects_text(missing_e, missing_p)}")
    return problems
