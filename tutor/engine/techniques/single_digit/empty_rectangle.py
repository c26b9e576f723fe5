"""Empty Rectangle: one box and one strong link on the same digit.

Definition used here (the one of HoDoKu's and SudokuWiki's documentation,
in our words):

* the *ER box*: every candidate of digit d in box b lies on one row R or one
  column C of the box (the four cells off both lines hold no d: the "empty
  rectangle"); the box holds d at least twice.  The crossing cell (R, C),
  the hinge, may hold d or not.  HoDoKu takes every such box, also one whose
  candidates sit on a single line (then each column, or row, of the box may
  serve as the other line) or in just two cells on different lines (then
  both corners off them may be the hinge);
* the *strong link*: two cells p, q that are the only places of d in a
  column (or a row) that misses the box, p on the ER row R (or on the ER
  column C);
* the *target*: the cell t where q's row crosses C (or q's column crosses R).

Why: if p holds d, the box has no d on R, so its d is on C off R, and t (on
C, outside the box) loses d.  If p does not, q does, and t shares q's line.
t lies outside the box because q's line misses the box's band (or stack);
when it does not, nothing follows and no step is reported.

Choices worth knowing:

* One instance is (digit, box, strong link, target); it removes exactly one
  candidate, t.  A box joined to two links gives two steps; two boxes joined
  to one link give two steps too.
* The dual form (a "Dual" or "double" Empty Rectangle: one strong link whose
  two ends meet the lines of two ER boxes) is reported as those two steps,
  one per box, each with its own target; naming the box alone in a pattern
  check credits every removal of its Empty Rectangles.  When the two boxes
  share their ER row (or column), the pair also proves that the third box
  of that band has no d on the shared line; that extra removal is not
  claimed here (it takes both boxes at once, a grouped chain), so no step
  ever mixes two boxes.
* A box with two candidates on different lines is a strong link of its own,
  so its Empty Rectangles are Turbot Fish as well (rank 120, found first on
  the ladder); one whose candidates sit on one line also makes a Pointing
  step.  Both are still Empty Rectangles, as HoDoKu counts them, so a
  learner naming one is right.
* Why it holds whatever the box's shape: if p holds d, the box has no d on
  p's line, so its d is on the other line off p's, which t sees (and if the
  box had none there, p could not hold d at all).
* Only row and column links count: a box link beside the ER box would put
  the target inside the ER box.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...grid import BOX, COL, HOUSE_MASK, ROW, bit, cell_bits, cell_name, cells_name, house_name
from ...position import Position
from ...registry import EntryKeys, Notation, PatternQuery, PatternReport, technique
from ...roles import BASE, HOUSE, LINK, Part, Roles
from ...step import make_step
from ..common import Memo, digit_masks, query_digits

LABEL = "Empty Rectangle"
_MEMO = Memo()


# ------------------------------------------------------------------ the pattern

def er_lines(cells) -> list[tuple[int, int]]:
    """Every (row R, column C) of an ER box that together hold all its cells
    of the digit (given as `cells`, all in one box); none when the box holds
    the digit fewer than twice."""
    if len(cells) < 2:
        return []
    box = BOX[cells[0]]
    band, stack = range(box // 3 * 3, box // 3 * 3 + 3), range(box % 3 * 3, box % 3 * 3 + 3)
    return [(R, C) for R in band for C in stack
            if all(ROW[i] == R or COL[i] == C for i in cells)]


def _target(box: int, R: int, C: int, p: int, q: int) -> int | None:
    """The cell a link p=q (p the end on an ER line) makes lose the digit, or
    None when p is on neither line outside the box or q's line meets the box."""
    if BOX[p] == box or BOX[q] == box:
        return None
    if ROW[p] == R and COL[q] == COL[p] and ROW[q] // 3 != box // 3:
        return ROW[q] * 9 + C
    if COL[p] == C and ROW[q] == ROW[p] and COL[q] // 3 != box % 3:
        return R * 9 + COL[q]
    return None


def _line_of(p: int, q: int) -> int | None:
    if ROW[p] == ROW[q]:
        return ROW[p]
    if COL[p] == COL[q]:
        return 9 + COL[p]
    return None


# _ER_LINES[pattern]: er_lines of a box whose cells of the digit are the
# 9 bits of `pattern` (bit 3r + c: row r, column c of the box), with rows
# and columns 0-2 within the box (read off the first box)
_ER_LINES = tuple(tuple(er_lines([k // 3 * 9 + k % 3 for k in range(9) if pattern >> k & 1]))
                  for pattern in range(512))
_BANDS = tuple(sum(HOUSE_MASK[r] for r in range(3 * b, 3 * b + 3)) for b in range(3))
_STACKS = tuple(sum(HOUSE_MASK[9 + c] for c in range(3 * s, 3 * s + 3)) for s in range(3))


def _digit_ers(dm: int, d: int) -> tuple:
    """Every Empty Rectangle on one digit, given the mask of its cells: for
    each ER box and pair of lines, the row links (by row) whose end p is on
    the ER column, then the column links (by column) whose p is on the ER
    row; the order of the links in strong_links, rows before columns."""
    steps = []
    for box in range(9):
        band, stack = divmod(box, 3)
        top = band * 27 + stack * 3          # the box's top left cell
        ers = _ER_LINES[dm >> top & 7 | (dm >> (top + 9) & 7) << 3 | (dm >> (top + 18) & 7) << 6]
        if not ers:
            continue
        cells = list(cell_bits(dm & HOUSE_MASK[18 + box]))
        for r, c in ers:
            R, C = 3 * band + r, 3 * stack + c
            # p on column C outside the box, q the other place of d in p's row
            for p in cell_bits(dm & HOUSE_MASK[9 + C] & ~_BANDS[band]):
                pair = dm & HOUSE_MASK[ROW[p]]
                if pair.bit_count() != 2:
                    continue
                q = (pair & ~(1 << p)).bit_length() - 1
                t = R * 9 + COL[q]
                if COL[q] // 3 != stack and dm >> t & 1:
                    steps.append(_step(d, box, R, C, cells, p, q, ROW[p], t))
            # p on row R outside the box, q the other place of d in p's column
            for p in cell_bits(dm & HOUSE_MASK[R] & ~_STACKS[stack]):
                pair = dm & HOUSE_MASK[9 + COL[p]]
                if pair.bit_count() != 2:
                    continue
                q = (pair & ~(1 << p)).bit_length() - 1
                t = ROW[q] * 9 + C
                if ROW[q] // 3 != band and dm >> t & 1:
                    steps.append(_step(d, box, R, C, cells, p, q, 9 + COL[p], t))
    return tuple(steps)


def _step(d, box, R, C, cells, p, q, line, t):
    return make_step("empty-rectangle", ER, cells=tuple(cells) + (p, q), digits=(d,),
                     houses=(18 + box, R, 9 + C, line), eliminations=[(t, d)])


@dataclass(frozen=True)
class EmptyRectangleRoles(Roles):
    """The step's cells are the box's candidates, then the strong link p=q;
    its houses (the box, the ER row, the ER column, the link's line)."""

    def name(self, step) -> str:
        box, row, col, _ = step.houses
        p, q = step.cells[-2:]
        return (f"{LABEL}: {step.digits[0]} in {house_name(box)} on {house_name(row)} and "
                f"{house_name(col)}, strong link {cell_name(p)}={cell_name(q)}")

    def json(self, step) -> dict:
        box, row, col, line = step.houses
        return {"digit": step.digits[0], "box": house_name(box), "er_row": house_name(row),
                "er_column": house_name(col), "hinge": cell_name(row * 9 + col - 9),
                "box_cells": cells_name(step.cells[:-2]),
                "link": [cell_name(c) for c in step.cells[-2:]], "link_house": house_name(line)}

    def parts(self, step):
        box, row, col, _ = step.houses
        return (Part(HOUSE, houses=(box,), digits=step.digits),
                Part(BASE, houses=(row, col), digits=step.digits),
                Part(LINK, cells=step.cells[-2:], digits=step.digits))


ER = EmptyRectangleRoles()


# ------------------------------------------------------------------ the pattern check

def check(pos: Position, query: PatternQuery) -> PatternReport:
    """Check named cells (box cells and/or the link, or just the link) and
    lines (the box) as an Empty Rectangle."""
    label = query.label or LABEL
    cells = sorted(set(query.cells))
    boxes = sorted({h - 18 for group in query.lines for h in group if h >= 18})
    if len(boxes) > 1:
        names = " and ".join(house_name(18 + b) for b in boxes)
        return PatternReport(False, label, cells, f"an {LABEL} uses one box; {names} are "
                             f"{len(boxes)}")
    if not boxes:
        boxes = sorted({BOX[i] for i in cells}) if len(cells) > 2 else list(range(9))
    scored = [_check_one(pos, d, box, cells, label)
              for d in query_digits(pos, query, cells) for box in boxes]
    claim = [(i, d) for i, d, placing in query.claim if not placing]
    for _, r in scored:
        if r.ok and claim and r.removes and set(claim) <= r.removes:
            return r
    return max(scored, key=lambda sr: (sr[1].ok, sr[0]))[1]


def _fail(score, label, cells, reason, failing, d):
    return score, PatternReport(False, label, cells, reason, list(failing), (d,))


def _check_one(pos: Position, d: int, box: int, named: list[int], label: str):
    """(score, report): how far the pattern got (0 box, 1 link cells, 2 link,
    3 how the link meets the box, 4 target), and the report."""
    b = bit(d)
    dm = digit_masks(pos)[d]
    bname = house_name(18 + box)
    cells = list(cell_bits(dm & HOUSE_MASK[18 + box]))
    inside = [i for i in named if BOX[i] == box]
    link = [i for i in named if BOX[i] != box]
    for i in inside + link:
        if not pos.cands[i] & b:
            return _fail(0 if i in inside else 2, label, named,
                         f"{cell_name(i)} has no candidate {d}", [i], d)
    if not cells:
        return _fail(0, label, named, f"{bname} has no candidate {d}", [], d)
    options = er_lines(cells)
    if not options:
        shape = (f"{bname} holds {d} only in {cell_name(cells[0])}: a single, not an {LABEL}"
                 if len(cells) == 1 else f"the {d}s of {bname} do not lie on one row and one column")
        return _fail(0, label, named, shape, cells, d)
    ers = _lines_text(options)
    if not link:
        return _whole_box(pos, d, box, ers, cells, named, label)
    if len(link) != 2:
        return _fail(1, label, named, f"an {LABEL}'s strong link is two cells outside {bname}; "
                     f"{cells_name(link)} is {len(link)}", link, d)
    p, q = link
    line = _line_of(p, q)
    if line is None:
        return _fail(2, label, named, f"{cell_name(p)} and {cell_name(q)} share no row or "
                     f"column", link, d)
    others = [i for i in cell_bits(dm & HOUSE_MASK[line]) if i not in link]
    if others:
        verb = "holds" if len(others) == 1 else "hold"
        return _fail(2, label, named, f"{cell_name(p)} and {cell_name(q)} are not a strong link "
                     f"on {d}: {cells_name(others)} also {verb} {d}", others, d)
    hits = [(t, R, C, a, b) for R, C in options for a, b in ((p, q), (q, p))
            if (t := _target(box, R, C, a, b)) is not None]
    if not hits:
        on_lines = [(i, R, C) for R, C in options for i in link if ROW[i] == R or COL[i] == C]
        if not on_lines:
            return _fail(3, label, named, f"neither {cell_name(p)} nor {cell_name(q)} lies on "
                         f"{ers}, the lines of the {LABEL} in {bname}", link, d)
        end, R, C = on_lines[0]
        far = q if end == p else p
        far_line, er_line = ((ROW[far], 9 + C) if ROW[end] == R else (9 + COL[far], R))
        return _fail(3, label, named, f"{cell_name(far)} lies on {house_name(far_line)}, which "
                     f"meets {house_name(er_line)} inside {bname}", [far], d)
    targets = [h for h in hits if dm >> h[0] & 1]
    if not targets:
        t, R, C, _, b = hits[0]
        return _fail(4, label, named, f"{cell_name(t)}, where {_crossing(t, R, C, b)}, has no "
                     f"candidate {d}: nothing to remove", [t], d)
    removes = {(t, d) for t, *_ in targets}
    what = f"{LABEL} {bname} with {cell_name(p)}={cell_name(q)}"
    spots = cells_name([t for t, *_ in targets])
    crossings = " or ".join(_crossing(t, R, C, b) for t, R, C, _, b in targets)

    def why_not(i, e, placing):
        if placing:
            return f"an {LABEL} only removes candidates"
        if e != d:
            return f"{what} is about {d}, not {e}"
        return f"{what} removes {d} only from {spots}: {cell_name(i)} is not where {crossings}"

    return 5, PatternReport(True, label, cells + [p, q], digits=(d,), removes=removes,
                            why_not=why_not)


def _crossing(t: int, R: int, C: int, q: int) -> str:
    """Where the target lies: q's line crossing the ER line through t."""
    q_line, t_line = _line_of(q, t), _line_of(t, R * 9 + C)
    assert q_line is not None and t_line is not None      # a target shares a line with each
    return f"{house_name(q_line)} crosses {house_name(t_line)}"


def _lines_text(options) -> str:
    """The ER lines of a box, read: 'r1 or c1', 'r1, c1, c2 or c3'."""
    rows = sorted({R for R, _ in options})
    cols = sorted({9 + C for _, C in options})
    names = [house_name(h) for h in rows + cols]
    return ", ".join(names[:-1]) + " or " + names[-1]


def _whole_box(pos, d, box, ers, cells, named, label):
    """No link named: what every link joined to this ER box removes (a Dual
    Empty Rectangle's two boxes are named one at a time)."""
    steps = [s for s in empty_rectangle(pos) if s.houses[0] == 18 + box and s.digits == (d,)]
    bname = house_name(18 + box)
    if not steps:
        return _fail(1, label, named, f"no strong link on {d} outside {bname} meets "
                     f"{ers} with something to remove", [], d)
    removes = {e for s in steps for e in s.eliminations}

    def why_not(i, e, placing):
        if placing:
            return f"an {LABEL} only removes candidates"
        links = ", ".join(f"{cell_name(s.cells[-2])}={cell_name(s.cells[-1])}" for s in steps)
        return f"the {LABEL}s of {bname} on {d} (links {links}) do not reach {cell_name(i)}"

    return 5, PatternReport(True, label, cells, digits=(d,), removes=removes, why_not=why_not)


# ------------------------------------------------------------------ the room

@technique("empty-rectangle", "Empty Rectangle", "single-digit", rank=130, weight=120,
           label=LABEL, prerequisites=("pointing", "two-string-kite", "turbot-fish"),
           distractors=("two-string-kite", "turbot-fish", "skyscraper", "finned-x-wing"),
           aliases=("empty rectangle", "empty rectangles", "emptyrectangle", "er"),
           notation=Notation(houses=True),      # its box may be named: 'b5'
           entry_keys=lambda s: EntryKeys(
               frozenset(s.cells), alternatives=(frozenset(s.cells[-2:]),),
               # as the step reads: the box, then its ER row and column
               lines=((s.houses[0],), (s.houses[1],), (s.houses[2],)), digits=frozenset(s.digits)),
           confusions=(
               ("turbot-fish", "Empty Rectangle vs Turbot Fish",
                "an Empty Rectangle's box holds its candidates on one row and one column; "
                "when it holds only two, on different lines, they are a strong link and the "
                "same removal is a Turbot Fish, the simpler name"),
               ("two-string-kite", "Empty Rectangle vs 2-String Kite",
                "a kite's row link and column link both reach into the box; an Empty "
                "Rectangle's strong link lies wholly outside the box and meets one of its lines"),
           ),
           check=check)
def empty_rectangle(pos: Position):
    masks = digit_masks(pos)
    steps = []
    for d in range(1, 10):
        steps.extend(_MEMO.get((d, masks[d]), _digit_ers, masks[d], d))
    return steps
