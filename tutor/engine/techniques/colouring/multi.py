"""Multi-Colours (HoDoKu's Multi-Colors 1 and 2) on one digit.

Simple Colours reads one cluster of conjugate pairs by itself; Multi-Colours
reads two clusters of the same digit together.  Each cluster is coloured in
two classes (colouring.py builds them), and in each cluster exactly one
class holds the digit.  Call the classes of one cluster a1/a2, of the other
b1/b2.

* Type 1: a cell of a1 sees a cell of b1.  They cannot both hold the digit,
  so a1 or b1 is false, hence a2 or b2 is true: the digit leaves every cell
  outside the two clusters that sees a cell of a2 and a cell of b2.
* Type 2: a1 sees cells of both b1 and b2.  One of b1, b2 is true and shares
  a house with an a1 cell, so a1 is false: the digit leaves every a1 cell.

One instance is a digit, a pair of clusters and a type: a type 1 step joins
the eliminations of every pair of classes that see each other, a type 2
step removes every false class of the pair.  A cluster with two cells of one
class in a house (a Simple Colours wrap) is left to Simple Colours.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ...grid import PEER_MASK, cell_bits, cell_name, cells_mask, cells_name
from ...position import Position
from ...registry import PatternQuery, PatternReport, technique
from ...roles import COLOUR, Part, Roles
from ...step import effects_text, make_step
from .simple import COLOUR_TAGS, has_clash, colour_text, seen_by, colour_chains
from ..common import Memo, digit_masks, query_digits

CLASS_NAMES = ("a1", "a2", "b1", "b2")


def clusters(digit_cells: int) -> list[tuple[list[int], list[int]]]:
    """The two-coloured clusters of a digit that do not wrap, each as its two
    classes (cell lists), lowest cell first."""
    out = []
    for groups, _ in colour_chains(digit_cells):
        if not any(has_clash(g, cells_mask(g)) for g in groups):
            out.append(groups)
    return out


def pair_steps(d: int, digit_cells: int, first, second) -> list:
    """The type 1 and type 2 steps of two clusters of digit d."""
    classes = [first[0], first[1], second[0], second[1]]
    masks = [cells_mask(c) for c in classes]
    seen = [seen_by(c) for c in classes]
    meets = [(i, j) for i in (0, 1) for j in (2, 3) if seen[i] & masks[j]]
    if not meets:
        return []
    inside = masks[0] | masks[1] | masks[2] | masks[3]
    cells = sorted(classes[0] + classes[1] + classes[2] + classes[3])
    four = tuple(tuple(c) for c in classes)
    steps = []
    targets = 0
    for i, j in meets:
        targets |= digit_cells & ~inside & seen[i ^ 1] & seen[j ^ 1]
    if targets:
        steps.append(make_step("multi-colours", MultiRoles(1, four, tuple(meets)), cells=cells,
                               digits=(d,), eliminations=[(i, d) for i in cell_bits(targets)]))
    false = [k for k in range(4) if all(seen[k] & masks[m] for m in _other_cluster(k))]
    if false and not (0 in false and 1 in false) and not (2 in false and 3 in false):
        steps.append(make_step("multi-colours", MultiRoles(2, four, tuple(meets), tuple(false)),
                               cells=cells, digits=(d,),
                               eliminations=[(i, d) for k in false for i in classes[k]]))
    return steps


@dataclass(frozen=True)
class MultiRoles(Roles):
    """Two clusters of the step's digit, each in its two classes (a1, a2,
    b1, b2), the pairs of classes that see each other (`meets`, by index)
    and, for type 2, the false classes."""
    type: int
    classes: tuple[tuple[int, ...], ...]
    meets: tuple[tuple[int, int], ...]
    false_classes: tuple[int, ...] = ()

    def name(self, step) -> str:
        c = self.classes
        return (f"Multi-Colours {self.type}: {step.digits[0]} {colour_text(c[0])} / "
                f"{colour_text(c[1])}, {colour_text(c[2])} / {colour_text(c[3])}")

    def json(self, step) -> dict:
        names = [[cell_name(i) for i in c] for c in self.classes]
        out = {"digit": step.digits[0], "clusters": [names[:2], names[2:]],
               "meets": [[CLASS_NAMES[i], CLASS_NAMES[j]] for i, j in self.meets],
               "type": self.type}
        if self.false_classes:
            out["false_classes"] = [CLASS_NAMES[k] for k in self.false_classes]
        return out

    def parts(self, step):
        return tuple(Part(COLOUR, cells=c, digits=step.digits, tag=tag)
                     for c, tag in zip(self.classes, COLOUR_TAGS))


def _other_cluster(k: int) -> tuple[int, int]:
    return (2, 3) if k < 2 else (0, 1)


def _digit_steps(d: int, digit_cells: int) -> tuple:
    found = clusters(digit_cells)
    steps = []
    for first, second in combinations(found, 2):
        steps.extend(pair_steps(d, digit_cells, first, second))
    return tuple(steps)


_MEMO = Memo()


# ================================================================ pattern check

def _check(pos: Position, q: PatternQuery) -> PatternReport:
    cells = sorted(set(q.cells))
    label = q.label or "Multi-Colours"

    def fail(reason, failing=(), digits=()):
        return PatternReport(False, label, cells, reason, list(failing), tuple(digits))

    for i in cells:
        if pos.values[i]:
            return fail(f"{cell_name(i)} is already solved ({pos.values[i]})", [i])
    if len(set(q.digits)) > 1:
        return fail("Multi-Colours works on one digit", digits=q.digits)
    common = 0x1FF
    for i in cells:
        common &= pos.cands[i]
    if not common and not q.digits and not q.claim:
        return fail(f"{cells_name(cells)} share no candidate: both clusters are of one digit")
    digits = query_digits(pos, q, cells)        # named, else claimed, else shared
    reasons = []
    for d in digits:
        report = _check_digit(pos, cells, d, label)
        if report.ok:
            return report
        reasons.append(report)
    return reasons[0]


def _check_digit(pos, cells, d, label) -> PatternReport:
    def fail(reason, failing=()):
        return PatternReport(False, label, cells, reason, list(failing), (d,))

    for i in cells:
        if not pos.has(i, d):
            return fail(f"{cell_name(i)} has no candidate {d}", [i])
    digit_cells = digit_masks(pos)[d]
    owner = {}
    for groups, _ in colour_chains(digit_cells):
        for g in groups:
            for i in g:
                owner[i] = groups
    lone = [i for i in cells if i not in owner]
    if lone:
        return fail(f"{cell_name(lone[0])} is in no conjugate pair of {d}, so it takes no colour",
                    lone[:1])
    touched = []
    for i in cells:
        if owner[i] not in touched:
            touched.append(owner[i])
    if len(touched) == 1:
        return fail(f"{cells_name(cells)} are one cluster of {d}: that is Simple Colours; "
                    f"Multi-Colours needs two")
    if len(touched) > 2:
        return fail(f"{cells_name(cells)} touch {len(touched)} clusters of {d}: Multi-Colours "
                    f"reads two")
    for groups in touched:
        left = sorted(set(groups[0] + groups[1]) - set(cells))
        if left:
            return fail(f"the cluster of {cell_name(groups[0][0])} also holds {cells_name(left)}: "
                        f"name every cell of both clusters", left)
        for g in groups:
            if has_clash(g, cells_mask(g)):
                return fail(f"{colour_text(g)} has two cells in one house: a Simple Colours wrap, "
                            f"not Multi-Colours", g)
    first, second = touched
    steps = pair_steps(d, digit_cells, first, second)
    if not steps:
        a, b = cells_name(first[0] + first[1]), cells_name(second[0] + second[1])
        meet = any(PEER_MASK[i] & cells_mask(second[0] + second[1]) for i in first[0] + first[1])
        if not meet:
            return fail(f"no cell of {a} sees a cell of {b}: the two clusters never meet")
        return fail("the clusters meet, but no cell outside them sees both of the other two "
                    "classes, and no class sees both classes of the other cluster")
    elims = {e for s in steps for e in s.eliminations}
    name = f"Multi-Colours {steps[0].roles.type}" if len(steps) == 1 else label

    def why_not(i, dd, placing):
        return f"{name} on {d} gives {effects_text(sorted(elims))}, " \
               f"not {cell_name(i)}{'=' if placing else '<>'}{dd}"

    return PatternReport(True, label, cells, digits=(d,), removes=elims, why_not=why_not)


@technique("multi-colours", "Multi-Colours", "colouring", rank=260, weight=200,
           aliases=("multi colours", "multi colors", "multicolours", "multicolors",
                    "multi colour", "multi color", "multi colouring", "multi coloring",
                    "multi colors 1", "multi colors 2", "multi colours 1", "multi colours 2",
                    "multi colours type 1", "multi colours type 2"),
           check=_check, step_label=lambda s: f"Multi-Colours {s.roles.type}",
           prerequisites=("simple-colours",),
           distractors=("simple-colours", "x-cycle", "skyscraper", "turbot-fish"),
           confusions=(("simple-colours", "Multi-Colours vs Simple Colours",
                        "Simple Colours reads one cluster by itself; Multi-Colours needs two "
                        "clusters of the same digit whose classes see each other"),))
def multi_colours(pos: Position):
    steps = []
    masks = digit_masks(pos)
    for d in range(1, 10):
        # a digit's clusters depend on its cells alone: reuse them while those stay
        steps.extend(_MEMO.get((d, masks[d]), _digit_steps, d, masks[d]))
    steps.sort(key=lambda s: (len(s.cells), s.roles.type, s.digits, s.cells))
    return steps
