"""How the grid looks, cell line by cell line.

Every cue has a text form as well as a colour, so the grid reads the same
with NO_COLOR or a monochrome theme:

  cursor             reverse video
  given / placed     bold / underlined digit (large: heavy / light big digit)
  clash              '!' cue, error colour
  digit highlight    bold + underline on that digit's candidates
  pattern            pattern cells tinted, pattern candidates bold+underline
  elimination        struck through, '-' cue (error colour)
  placement          reverse digit, '+' cue (success colour)
  claim mark (x)     struck through, 'x' cue (secondary colour)
  solution digit     overlined, '!' cue (a claim that removes it)
  failing / mistake  cell tinted, '?' cue
  colour (by hand)   candidate tinted, cue a / A (first pair), b / B (second)
  chain node         its term's number 1-9, a-z beside the candidate (medium,
                     large; compact: the cell's cue slot), the link to the next
                     node ('=' strong, '~' weak: not the '-' of a removal) at
                     the end of that candidate line (medium, large); a compact
                     cell holding two terms shows '&' (the panel lists them);
                     a node the chain makes true is bold
                     reverse, one it makes false underlined (chain_view.py)
  step role          its letter beside the candidates it plays (medium, large;
                     compact: the cell's cue slot): p pivot, h hinge, w pincer
                     or wing, f fin, s stem, z the removed digit, l strong
                     link, r rectangle, u subset, P premise, A B C... ALSs and
                     petals, a A b B colours, 1 2 3... a net's implications,
                     ! where a net breaks; the pivot, hinge, stem and premise
                     bold on a tint, a fin italic (role_view.py)
  house role         its letter on the frame: B base, C cover, H house (rows
                     on the left border, columns on the top, a box on its
                     bottom edge); the house's cells tinted

The styles come from the widget (its component classes, see grid.py): the
functions here take `style_of(kinds, background_kinds) -> Style`.
"""
from __future__ import annotations

from typing import Callable

from rich.segment import Segment
from rich.style import Style

from ...engine.grid import BOX, COL, ROW, bit
from ...engine.position import Position
from .chain_view import LINK_GLYPH, SEVERAL
from .grid_layout import GridLayout
from .highlight import Highlight
from .role_view import frame_cells

StyleOf = Callable[..., Style]       # style_of(kinds, background kinds=()) -> Style

# cue characters (text form of each mark)
CUE = {"conflict": "!", "claim": "x", "elim": "-", "place": "+", "solution": "!", "failing": "?"}
# the learner's candidate colours 1-4 (two pairs) and their text cues
COLOUR_CUE = {1: "a", 2: "A", 3: "b", 4: "B"}
# role looks that tint the whole cell (the others style its candidates)
CELL_LOOKS = frozenset(("role-key", "role-arm", "role-fin"))

# ------------------------------------------------------------------ big digits

_LIGHT = {
    1: ("╶┐ ", " │ ", "╶┴╴"), 2: ("╶─┐", "┌─┘", "└─╴"), 3: ("╶─┐", " ─┤", "╶─┘"),
    4: ("╷ ╷", "└─┤", "  ╵"), 5: ("┌─╴", "└─┐", "╶─┘"), 6: ("┌─╴", "├─┐", "└─┘"),
    7: ("╶─┐", "  │", "  ╵"), 8: ("┌─┐", "├─┤", "└─┘"), 9: ("┌─┐", "└─┤", "╶─┘"),
}
_HEAVY_MAP = str.maketrans("╶╴╷╵─│┐┌└┘├┤┴", "╺╸╻╹━┃┓┏┗┛┣┫┻")
_HEAVY = {d: tuple(s.translate(_HEAVY_MAP) for s in rows) for d, rows in _LIGHT.items()}


# ------------------------------------------------------------------ the look of a cell

def cell_keys(pos: Position, cur: int, marks, conflicts, hl: Highlight, digit: int,
              house: bool, colours=None) -> list[tuple]:
    """The look of every cell as a tuple: equal keys draw equal cells, so
    a state change repaints the cells whose key changed, and a drawn cell
    line is cached by its key.  `cur` is -1 when no cursor is shown;
    `colours` maps (cell, digit) to a colour 1-4."""
    cr, cc, cb = (ROW[cur], COL[cur], BOX[cur]) if cur >= 0 else (-1, -1, -1)
    marks_by_cell: dict[int, int] = {}
    for i, d in marks:
        marks_by_cell[i] = marks_by_cell.get(i, 0) | bit(d)
    elim: dict[int, int] = {}
    for i, d in hl.eliminations:
        elim[i] = elim.get(i, 0) | bit(d)
    place: dict[int, int] = {}
    for i, d in hl.placements:
        place[i] = place.get(i, 0) | bit(d)
    sol: dict[int, int] = {}
    for i, d in hl.solution:
        sol[i] = sol.get(i, 0) | bit(d)
    pattern_digits = 0
    for d in hl.digits:
        pattern_digits |= bit(d)
    digit_bit = bit(digit) if digit else 0
    coloured: dict[int, tuple] = {}
    for (i, d), c in sorted((colours or {}).items()):
        coloured[i] = coloured.get(i, ()) + ((d, c),)
    chain: dict[int, tuple] = {}
    for m in sorted(hl.chain, key=lambda m: (m.cell, m.digit)):
        chain[m.cell] = chain.get(m.cell, ()) + ((m.digit, m.number, m.role, m.link),)
    roles: dict[int, tuple] = {}
    for m in sorted(hl.roles, key=lambda m: (m.cell, m.digit)):
        roles[m.cell] = roles.get(m.cell, ()) + ((m.digit, m.cue, m.look),)
    house_looks = frame_cells(hl.frame)
    keys = []
    for i in range(81):
        v = pos.values[i]
        in_house = house and i != cur and (ROW[i] == cr or COL[i] == cc or BOX[i] == cb)
        in_pattern = i in hl.cells
        keys.append((
            v, bool(pos.givens[i]), pos.cands[i], i == cur, in_house,
            i in conflicts, marks_by_cell.get(i, 0),
            digit_bit if (v == digit or pos.cands[i] & digit_bit) else 0,
            in_pattern, pattern_digits if in_pattern else 0,
            elim.get(i, 0), place.get(i, 0), i in hl.failing, sol.get(i, 0),
            coloured.get(i, ()), chain.get(i, ()), roles.get(i, ()), house_looks.get(i, ()),
        ))
    return keys


# ------------------------------------------------------------------ segments

def rule_segments(kind: str, c: int, lay: GridLayout, style_of: StyleOf, letter: str = "") -> list[Segment]:
    """Column c's piece of a rule line ('top', 'bottom', 'box' or 'thin').
    `letter`: a house-role letter drawn in its middle (see rule_letter)."""
    heavy = kind in ("top", "bottom", "box")
    left, thin_join, box_join, right = {"top": "┏┯┳┓", "bottom": "┗┷┻┛",
                                        "box": "┣┿╋┫", "thin": "┠┼╂┨"}[kind]
    border = style_of(("border",))
    line_style = border if heavy else style_of(("thin",))
    segs: list[tuple[str, Style]] = []
    if c == 0:
        segs.append((left, border))
    run = "━" if heavy else "─"
    if letter:
        half = (lay.cw - 1) // 2
        segs += [(run * half, line_style), (letter, style_of(("cue",))), (run * (lay.cw - 1 - half), line_style)]
    else:
        segs.append((run * lay.cw, line_style))
    if c == 8:
        segs.append((right, border))
    elif c % 3 == 2:
        segs.append((box_join, border))
    else:
        segs.append((thin_join, line_style))
    return merge(segs)


def rule_letter(frame: dict, rule: str, y: int, c: int, lay: GridLayout) -> str:
    """The house-role letter (frame: house -> letter) on column c's piece of
    rule line y: a column's on the top line; a box's on its bottom edge,
    under its middle column.  Rows letter the left border (grid.py), so no
    two kinds of house share a place."""
    if rule == "top":
        return frame.get(9 + c, "")
    if rule in ("box", "bottom") and c % 3 == 1:
        band = 2 if rule == "bottom" else (y - 1) // (lay.box_h + 1)     # the band above the line
        return frame.get(18 + 3 * band + c // 3, "")
    return ""


def cell_segments(key: tuple, k: int, lay: GridLayout, style_of: StyleOf) -> list[tuple[str, Style]]:
    """Line k of a cell whose look is `key` (see cell_keys), as (text, style) pieces."""
    (v, given, cands, is_cur, in_house, conflict, marks, digit_hl,
     in_pattern, pat_digits, elim, place, failing, sol, colours, chain, roles, house_looks) = key
    colour_of = dict(colours)
    chain_of = {d: (number, role, link) for d, number, role, link in chain}
    role_of = {d: (cue, look) for d, cue, look in roles if d and cands & bit(d)}
    cell_role = next(((cue, look) for d, cue, look in roles if not d), None)
    bg: tuple = ()
    if in_house:
        bg += ("house",)
    bg += house_looks
    if in_pattern:
        bg += ("pattern-cell",)
    if cell_role and cell_role[1] in CELL_LOOKS:
        bg += (cell_role[1],)
    if failing:
        bg += ("failing",)
    tail = ("cursor",) if is_cur else ()
    if v:
        kinds = ("given",) if given else ("placed",)
        if digit_hl:
            kinds += ("digit",)
        if conflict:
            kinds += ("conflict",)
        style = style_of(kinds + tail, bg)
        # blanks share the digit's style unless it draws a line (underline)
        blank = style if given and not digit_hl else style_of(tail, bg)
        cue = "!" if conflict else ("?" if failing else " ")
        cue_style = style_of(("cue",) + tail, bg) if cue != " " else blank
        if lay.cw == 5:
            if k == 0:
                return [("  ", blank), (str(v), style), ("  ", blank)]
            return [("    ", blank), (cue, cue_style)]
        font = _HEAVY if given else _LIGHT
        # the big digits tell givens (heavy) from placed (light) by shape
        first = ("given",) if given else ("placed-big",)
        plain = style_of(first + (("conflict",) if conflict else ()) + tail, bg)
        big_blank = plain
        if k == 0:
            return [(cue, cue_style), (" ", big_blank), (font[v][k], plain), ("  ", big_blank)]
        return [("  ", big_blank), (font[v][k], plain), ("  ", big_blank)]
    # an empty cell: its candidates; blanks and dots share the plain style
    base = style_of(("cand",) + tail, bg)
    segs: list[tuple[str, Style]] = []
    if lay.cw == 5:
        digits = range(1, 6) if k == 0 else range(6, 10)
        for d in digits:
            if cands & bit(d):
                segs.append(_cand(style_of, d, cands, marks, digit_hl, pat_digits, elim, place,
                                  sol, tail, bg, colour_of.get(d), chain_of.get(d),
                                  role_of.get(d)))
            else:
                segs.append(("·", base))
        if k == 1:
            segs.append(_cell_cue(style_of, marks, elim, place, sol, failing, tail, bg, base,
                                  colours, chain, cell_role))
        return segs
    cue_style = style_of(("cue",) + tail, bg)
    # a role of the whole cell (no candidate of its own): in the first cue place
    lone_role = cell_role if cell_role and not role_of else None
    for d in range(3 * k + 1, 3 * k + 4):
        b = bit(d)
        if marks & b:
            cue = "x"
        elif elim & b:
            cue = "-"
        elif place & b:
            cue = "+"
        elif d in chain_of and cands & b:
            cue = chain_of[d][0]
        elif d in role_of:
            cue = role_of[d][0]
        elif sol & b:
            cue = "!"
        elif failing and k == 0 and d == 1:
            cue = "?"
        elif lone_role and k == 0 and d == 1:
            cue = lone_role[0]
        elif d in colour_of and cands & b:
            cue = COLOUR_CUE[colour_of[d]]
        else:
            cue = " "
        segs.append((cue, cue_style if cue != " " else base))
        if cands & b:
            segs.append(_cand(style_of, d, cands, marks, digit_hl, pat_digits, elim, place, sol,
                              tail, bg, colour_of.get(d), chain_of.get(d), role_of.get(d)))
        else:
            segs.append((" ", base))
    # the link from this line's (first) chain node to the next node
    link = next((chain_of[d][2] for d in range(3 * k + 1, 3 * k + 4)
                 if d in chain_of and chain_of[d][2] and cands & bit(d)), "")
    segs.append((LINK_GLYPH.get(link, link), cue_style) if link else (" ", base))
    return segs


def _cand(style_of: StyleOf, d, cands, marks, digit_hl, pat_digits, elim, place, sol, tail, bg,
          colour=None, chain_node=None, role=None):
    b = bit(d)
    kinds = ("cand",)
    if colour:
        kinds += (f"colour{colour}",)
    if digit_hl & b:
        kinds += ("digit",)
    if chain_node is not None and chain_node[1]:
        kinds += (f"chain-{chain_node[1]}",)        # on / off: what the chain makes of it
    elif role is not None and role[1]:
        kinds += (role[1],)                          # the role it plays (role_view.py)
    elif pat_digits & b:
        kinds += ("pattern",)
    if sol & b:
        kinds += ("solution",)
    if place & b:
        kinds += ("place",)
    if elim & b:
        kinds += ("elim",)
    if marks & b:
        kinds += ("claim",)
    return str(d), style_of(kinds + tail, bg)


def _cell_cue(style_of: StyleOf, marks, elim, place, sol, failing, tail, bg, base, colours=(),
              chain=(), role=None):
    """The compact layout's one cue slot: the first mark that applies (a
    chain cell's term number before the effects: the Eureka line in the
    panel names those; then the cell's role letter); a coloured candidate
    shows its colour's letter when nothing else does."""
    if marks:
        cue = "x"
    elif chain:
        numbers = {number for _, number, _, _ in chain}
        cue = numbers.pop() if len(numbers) == 1 else SEVERAL
    elif elim:
        cue = "-"
    elif place:
        cue = "+"
    elif role:
        cue = role[0]
    elif sol:
        cue = "!"
    elif failing:
        cue = "?"
    elif colours:
        cue = COLOUR_CUE[colours[0][1]]
    else:
        return " ", base
    return cue, style_of(("cue",) + tail, bg)


def merge(segs: list[tuple[str, Style]]) -> list[Segment]:
    out: list[Segment] = []
    last_text, last_style = "", None
    for text, style in segs:
        if style == last_style:
            last_text += text
        else:
            if last_text:
                out.append(Segment(last_text, last_style))
            last_text, last_style = text, style
    if last_text:
        out.append(Segment(last_text, last_style))
    return out
