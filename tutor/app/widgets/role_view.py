"""A step's roles as the grid draws them: each role has a text cue (a letter,
or the part's own tag) and a look, so the fin, the pivot, the pincers, the
base and cover lines, the stem, a net's premise and implications read apart
without colour; house roles are lettered on the grid's frame; the panel
gets a legend in words.

The app computes no Sudoku logic: everything comes from the step's typed
roles (engine/roles.py), drawn as they are.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine import roles as R
from ...engine.grid import HOUSES, cells_name, lines_text

# role -> (cue, look, word).  An empty cue: the part's tag is its cue (an
# ALS's letter, a colour's, an implication's number).  Looks are the grid's
# component classes: role-key (the cell the others hang on), role-arm (the
# other cells of the pattern), role-fin, role-z; the house looks tint cells.
LOOKS = {
    R.BASE: ("B", "role-base", "base"),
    R.COVER: ("C", "role-cover", "cover"),
    R.HOUSE: ("H", "role-house", "house"),
    R.PIVOT: ("p", "role-key", "pivot"),
    R.HINGE: ("h", "role-key", "hinge"),
    R.STEM: ("s", "role-key", "stem"),
    R.PREMISE: ("P", "role-key", "premise"),
    R.PINCER: ("w", "role-arm", "pincers"),
    R.WING: ("w", "role-arm", "wings"),
    R.LINK: ("l", "role-arm", "strong link"),
    R.CORNER: ("r", "role-arm", "rectangle"),
    R.SUBSET: ("u", "role-arm", "subset"),
    R.TEMPLATE: ("t", "role-arm", "in a template"),
    R.ALS: ("", "role-arm", "ALS"),
    R.PETAL: ("", "role-arm", "petal"),
    R.FIN: ("f", "role-fin", "fin"),
    R.Z: ("z", "role-z", ""),
    R.COLOUR: ("", "", "colour"),
    R.IMPLICATION: ("", "chain-on", ""),
    R.CLASH: ("!", "failing", "clash"),
}
# a colouring's tags and the grid's colour looks (the learner's own colours share them)
COLOUR_LOOKS = {"a": "colour1", "A": "colour2", "b": "colour3", "B": "colour4"}


@dataclass(frozen=True)
class RoleMark:
    """One role on the grid: a candidate (digit > 0) or a whole cell (0)."""
    cell: int
    digit: int
    cue: str
    look: str


@dataclass(frozen=True)
class FrameMark:
    """A house role, lettered on the frame (rows on the left, columns on
    top, a box on its bottom edge)."""
    house: int
    cue: str
    look: str


@dataclass(frozen=True)
class RoleView:
    marks: tuple[RoleMark, ...]
    frame: tuple[FrameMark, ...]
    legend: tuple[str, ...]


def cue_and_look(part: R.Part) -> tuple[str, str]:
    cue, look, _ = LOOKS.get(part.role, ("?", "role-arm", part.role))
    if part.role == R.COLOUR:
        return part.tag, COLOUR_LOOKS.get(part.tag, "role-arm")
    if part.role == R.PREMISE and not part.on:
        look = "chain-off"
    return (part.tag or cue)[:1], look


def role_view(step) -> RoleView | None:
    """The roles a step carries, or None when it has none."""
    parts = step.roles.parts(step)
    if not parts:
        return None
    marks: dict[tuple[int, int], tuple[int, RoleMark]] = {}
    frame: dict[int, FrameMark] = {}
    for part in parts:
        cue, look = cue_and_look(part)
        if part.role in R.HOUSE_ROLES:
            for h in part.houses:
                frame.setdefault(h, FrameMark(h, cue, look))
            continue
        # a candidate goes to the part that names the fewest digits (a wing's
        # z before its pincer); a whole cell to the first part naming it
        for c in part.cells:
            marks.setdefault((c, 0), (0, RoleMark(c, 0, cue, look)))
            for d in part.digits:
                old = marks.get((c, d))
                if old is None or len(part.digits) < old[0]:
                    marks[(c, d)] = (len(part.digits), RoleMark(c, d, cue, look))
        if part.houses:           # a premise in a house: its cells are marked
            for h in part.houses:
                frame.setdefault(h, FrameMark(h, cue, look))
    return RoleView(tuple(m for _, m in marks.values()), tuple(frame.values()), legend(parts))


def legend(parts) -> tuple[str, ...]:
    """The roles in words, a line per role: 'B base r28', 'p pivot r8c2',
    'z z=8 r8c6 r7c3', 'A ALS r1c25 #345', '3 r4c5=7'."""
    lines = []
    for part in parts:
        cue, _ = cue_and_look(part)
        word = LOOKS.get(part.role, ("", "", part.role))[2]
        lines.append(" ".join(w for w in (cue, word, _where(part)) if w))
    return tuple(dict.fromkeys(lines))


def _where(part: R.Part) -> str:
    """Where a part is, in the notation of the step texts."""
    digits = "".join(map(str, part.digits))
    if part.houses:
        where = " ".join(lines_text([h for h in part.houses if h // 9 == k]) for k in range(3)
                         if any(h // 9 == k for h in part.houses))
        return f"{digits} in {where}" if part.role == R.PREMISE else where
    if part.role == R.Z:
        return f"{digits} in {cells_name(part.cells)}"
    if part.role in (R.PREMISE, R.IMPLICATION) and len(part.cells) == 1 and len(part.digits) == 1:
        return f"{cells_name(part.cells)}{'=' if part.on else '<>'}{digits}"
    if part.role in (R.ALS, R.PETAL, R.SUBSET, R.STEM, R.PREMISE):
        return f"{cells_name(part.cells)} #{digits}"
    return cells_name(part.cells)


def frame_cells(frame) -> dict[int, tuple[str, ...]]:
    """cell -> the looks of the house roles holding it (the grid tints them)."""
    out: dict[int, tuple[str, ...]] = {}
    for mark in frame:
        for c in HOUSES[mark.house]:
            if mark.look not in out.get(c, ()):
                out[c] = out.get(c, ()) + (mark.look,)
    return out


def panel_text(highlight) -> str:
    """The panel's text for a shown step: its chains, numbered as on the
    grid, then its roles in words; '' when it has neither."""
    from .chain_view import chain_legend, chain_text
    chain = chain_text(highlight.chain_lines)
    legend = "\n".join(chain_legend(highlight.chain)) if chain else ""
    roles = " · ".join(highlight.legend)
    return "\n".join(t for t in (chain, legend, roles) if t)
