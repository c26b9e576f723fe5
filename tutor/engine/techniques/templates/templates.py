"""Template Set and Template Delete: for one digit, every template (one
placement in each row, column and box, on its candidates and agreeing with
where it is placed; see search.py) that fits the grid.

In the solution the digit fills one of them, so a cell that every template
uses holds the digit (Template Set), and a candidate that no template uses
is false (Template Delete).  This is a computer's technique: nobody lists
hundreds of templates by eye.  It sees everything any pattern on one digit
alone can prove (fish of every size and shape, X-Cycles, Empty Rectangles),
so it sits just below the forcing chains, as the last rung that reasons
about one digit at a time.

One instance is one digit and one kind: all its placements (Set), or all
its eliminations (Delete), in one step.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...grid import BOX, cell_bits, cell_name, lines_text
from ...hint_words import HintWords, Place, houses_text, place_text
from ...position import Position
from ...registry import EntryKeys, Notation, PatternQuery, PatternReport, technique
from ...roles import HOUSE, TEMPLATE, Part, Roles
from ...step import effects_text, make_step
from ..common import digit_masks
from ..patterns import fail_on
from .search import Templates, allowed_cells, templates


def digit_templates(pos: Position, d: int) -> Templates:
    placed = pos.analysis.placed[d]
    return templates(allowed_cells(digit_masks(pos)[d], placed))


@dataclass(frozen=True)
class TemplateKind:
    """What sets Template Set and Template Delete apart."""
    id: str
    label: str
    places: bool          # cells every template uses; else candidates none uses


SET = TemplateKind("template-set", "Template Set", True)
DELETE = TemplateKind("template-delete", "Template Delete", False)


def effects(pos: Position, d: int, kind: TemplateKind, found: Templates) -> list[tuple[int, int]]:
    if not found.total:
        return []       # no template: the position is broken, not ours to say
    if kind.places:
        return [(i, d) for i, n in found.through.items() if n == found.total and not pos.values[i]]
    return [(i, d) for i in cell_bits(digit_masks(pos)[d]) if i not in found.through]


def _steps(pos: Position, kind: TemplateKind) -> list:
    steps = []
    for d in range(1, 10):
        if not digit_masks(pos)[d]:
            continue
        found = digit_templates(pos, d)
        done = effects(pos, d, kind, found)
        if not done:
            continue
        used = tuple(sorted(i for i in found.through if not pos.values[i]))
        boxes = tuple(sorted({18 + BOX[i] for i in used}))      # boxes: a redrawn grid keeps them boxes
        steps.append(make_step(kind.id, TemplateRoles(kind, found.total), cells=used, digits=(d,),
                               houses=boxes, **{"placements" if kind.places else "eliminations": done}))
    return steps


@dataclass(frozen=True)
class TemplateRoles(Roles):
    """The step's digit, its cells those some template uses (unsolved), its
    houses the boxes where the digit is still to be placed; `count` the
    templates."""
    kind: TemplateKind
    count: int

    def name(self, step) -> str:
        plural = "template" if self.count == 1 else "templates"
        return f"{self.kind.label}: {self.count} {plural} of {step.digits[0]} in {lines_text(step.houses)}"

    def json(self, step) -> dict:
        return {"templates": self.count, "boxes": lines_text(step.houses)}

    def parts(self, step):
        return (Part(HOUSE, houses=step.houses, digits=step.digits),   # not a fish's base
                Part(TEMPLATE, cells=step.cells, digits=step.digits))


class TemplateHints(HintWords):
    """Honest words: a computer's count, and what a cell used by none or by
    all of the templates means."""

    def technique(self, step) -> str:
        return (f"look for a {step.roles.kind.label} step. This is a computer's technique, not a "
                f"pattern to see by eye: it counts every way one digit could still fill the grid.")

    def place(self, step) -> Place:
        return Place(houses=step.houses, digits=step.digits)

    def where(self, step, position=None) -> str:
        d, n = step.digits[0], step.roles.count
        seen = ("some cell is used by every one of them, so the digit goes there" if step.roles.kind.places
                else "some candidates are used by none of them, so they are false")
        return (f"look {place_text(self.place(step))}: there are {n} ways to place all of the {d}s, one in "
                f"each row, column and box, on the candidates; {seen}.")


    def pattern(self, step) -> str:
        # not the cells the templates use: the candidates they leave out are the answer
        d, n = step.digits[0], step.roles.count
        box = houses_text(self.pattern_place(step).houses)
        if step.roles.kind.places:
            return f"the pattern: every one of the {n} templates of {d} puts its {d} of {box} in the same cell."
        return f"the pattern: in {box}, some candidate {d} is used by none of the {n} templates of {d}."

    def pattern_place(self, step) -> Place:
        """The box (or boxes) of the effect, never the templates' cells."""
        cells = [i for i, _ in step.eliminations + step.placements]
        return Place(houses=tuple(sorted({18 + BOX[i] for i in cells})), digits=step.digits)


def _check(kind: TemplateKind):
    def check(pos: Position, q: PatternQuery) -> PatternReport:
        digits = sorted(set(q.digits) or {d for _, d, _ in q.claim})
        if len(digits) != 1:
            return fail_on(q.label, q.cells, f"a template is about one digit, not "
                           f"{','.join(map(str, digits)) or 'none'}")
        d = digits[0]
        found = digit_templates(pos, d)
        done = effects(pos, d, kind, found)
        if not found.total:
            return fail_on(q.label, q.cells, f"no template of {d} fits the grid: the position is broken",
                           digits=digits)
        if not done:
            what = "no cell is used by all" if kind.places else "every candidate is used by some"
            return fail_on(q.label, q.cells, f"of the {found.total} templates of {d}, {what}",
                           digits=digits)
        places = set(done) if kind.places else set()
        removes = set() if kind.places else set(done)
        text = effects_text(sorted(removes), sorted(places))

        def why_not(i, e, placing):
            item = f"{cell_name(i)}={e}" if placing else f"{cell_name(i)}<>{e}"
            return f"the templates of {d} give {text}, not {item}"

        return PatternReport(True, q.label or kind.label, list(q.cells), digits=(d,), removes=removes,
                             places=places, why_not=why_not)
    return check


def _entry_keys(step) -> EntryKeys:
    """The digit and some of its cells name the step: cells a template uses,
    or the cells its effect is on (`Template Delete #9 r1c6`)."""
    return EntryKeys(frozenset(step.cells), (frozenset(i for i, _ in step.eliminations + step.placements),),
                     digits=frozenset(step.digits), partial=True)


# a step text's count ('8 templates of 9') is not a digit of the pattern
_NOTATION = Notation(words=("of", "in"), drop=(r"\b\d+ templates? of\b",))


def _register(kind: TemplateKind, rank: int, aliases: tuple[str, ...]):
    return technique(kind.id, kind.label, "templates", rank=rank, weight=400, check=_check(kind),
                     aliases=aliases, entry_keys=_entry_keys, hints=TemplateHints(),
                     notation=_NOTATION, computed=True, prerequisites=("x-wing", "finned-x-wing"),
                     distractors=("forcing-chain", "jellyfish", "x-cycle"))


@_register(SET, 350, ("template set",))
def template_set(pos: Position):
    return _steps(pos, SET)


@_register(DELETE, 352, ("template delete", "template elimination"))
def template_delete(pos: Position):
    return _steps(pos, DELETE)
