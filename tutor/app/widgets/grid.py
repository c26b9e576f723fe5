"""The candidate grid: a Line-API widget drawing the 9x9 board line by line.

Three layouts (chosen from the terminal size, or forced):

* compact  cells 5x2, no thin rules between cell rows: 55x22, fits 80x24
           with a header, a footer and a 25-column side panel.  Candidates
           sit at fixed places: 1-5 on the first line, 6-9 on the second; the
           tenth slot (bottom right) carries the cell's text cue.
* medium   cells 7x3 with a 3x3 mini grid per cell: 73x31.
* large    medium plus thin rules between cell rows: 73x37.

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

A state change repaints only the cells whose look changed: the widget keeps
a key per cell and refreshes the regions of the cells whose key moved.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...engine.grid import BOX, COL, ROW, bit
from ...engine.position import Position

# ------------------------------------------------------------------ layouts


@dataclass(frozen=True)
class GridLayout:
    name: str
    cw: int           # cell width
    ch: int           # cell height
    thin_rows: bool   # thin rule between cell rows inside a box

    @property
    def box_w(self) -> int:
        return 3 * self.cw + 2

    @property
    def box_h(self) -> int:
        return 3 * self.ch + (2 if self.thin_rows else 0)

    @property
    def width(self) -> int:
        return 4 + 3 * self.box_w

    @property
    def height(self) -> int:
        return 4 + 3 * self.box_h

    def col_x(self, c: int) -> int:
        return 1 + (c // 3) * (self.box_w + 1) + (c % 3) * (self.cw + 1)

    def row_y(self, r: int) -> int:
        step = self.ch + (1 if self.thin_rows else 0)
        return 1 + (r // 3) * (self.box_h + 1) + (r % 3) * step

    def cell_region(self, i: int) -> Region:
        return Region(self.col_x(COL[i]), self.row_y(ROW[i]), self.cw, self.ch)


COMPACT = GridLayout("compact", 5, 2, False)
MEDIUM = GridLayout("medium", 7, 3, False)
LARGE = GridLayout("large", 7, 3, True)
LAYOUTS = {lay.name: lay for lay in (COMPACT, MEDIUM, LARGE)}


def choose_layout(width: int, height: int, side: int = 26) -> GridLayout:
    """The biggest layout that leaves `side` columns for the panel."""
    for lay in (LARGE, MEDIUM):
        if height >= lay.height and width >= lay.width + side:
            return lay
    return COMPACT


# ------------------------------------------------------------------ big digits

_LIGHT = {
    1: ("╶┐ ", " │ ", "╶┴╴"), 2: ("╶─┐", "┌─┘", "└─╴"), 3: ("╶─┐", " ─┤", "╶─┘"),
    4: ("╷ ╷", "└─┤", "  ╵"), 5: ("┌─╴", "└─┐", "╶─┘"), 6: ("┌─╴", "├─┐", "└─┘"),
    7: ("╶─┐", "  │", "  ╵"), 8: ("┌─┐", "├─┤", "└─┘"), 9: ("┌─┐", "└─┤", "╶─┘"),
}
_HEAVY_MAP = str.maketrans("╶╴╷╵─│┐┌└┘├┤┴", "╺╸╻╹━┃┓┏┗┛┣┫┻")
_HEAVY = {d: tuple(s.translate(_HEAVY_MAP) for s in rows) for d, rows in _LIGHT.items()}


# ------------------------------------------------------------------ highlight

@dataclass(frozen=True)
class Highlight:
    """What to show on top of the position: a step, a verdict, a check."""
    cells: frozenset = frozenset()          # pattern cells
    digits: frozenset = frozenset()         # pattern digits
    eliminations: frozenset = frozenset()   # (cell, digit)
    placements: frozenset = frozenset()     # (cell, digit)
    failing: frozenset = frozenset()        # cells: a failed condition or a mistake
    solution: frozenset = frozenset()       # (cell, digit) solution digits to point at
    label: str = ""

    @classmethod
    def of_step(cls, step, effects: bool = True, label: str = "") -> "Highlight":
        return cls(
            cells=frozenset(step.cells), digits=frozenset(step.digits),
            eliminations=frozenset(step.eliminations) if effects else frozenset(),
            placements=frozenset(step.placements) if effects else frozenset(),
            label=label or step.name,
        )

    @classmethod
    def of_dict(cls, hl: dict | None, label: str = "") -> "Highlight":
        """The judge's verdict.highlight: lists of cells / (cell, digit) pairs."""
        hl = hl or {}

        def pairs(key):
            return frozenset((int(i), int(d)) for i, d in hl.get(key) or ())

        cells = frozenset(int(i) for i in hl.get("cells") or ())
        digits = frozenset(int(d) for d in hl.get("digits") or ())
        return cls(cells=cells, digits=digits, eliminations=pairs("eliminations"),
                   placements=pairs("placements"),
                   failing=frozenset(int(i) for i in hl.get("failing") or ()),
                   solution=pairs("solution"), label=label)

    def __bool__(self) -> bool:
        return bool(self.cells or self.eliminations or self.placements or self.failing
                    or self.solution)


NO_HIGHLIGHT = Highlight()


# ------------------------------------------------------------------ widget

# benchmarks/bench_app.py sets this to compare against whole-widget repaints
FULL_REPAINT = os.environ.get("SUDOKU_TUTOR_BENCH_FULL_REPAINT") == "1"

# lines of cells kept ready (segment lists; a 9x9 grid in the large layout
# shows 9 x 27 cell lines, and a move changes at most 78 of them)
LINE_CACHE_SIZE = 1500

# cue characters (text form of each mark)
CUE = {"conflict": "!", "claim": "x", "elim": "-", "place": "+", "solution": "!", "failing": "?"}


class SudokuGrid(Widget, can_focus=True):
    """The board.  The owner sets the state with `update(...)`; the widget
    posts `SudokuGrid.Clicked` for mouse clicks (cell and candidate)."""

    # No mouse text selection on the board: a press there would start one,
    # and Textual repaints the whole screen when a selection starts and again
    # when it ends (some 20-50 KB for one click, instead of the changed cells)
    ALLOW_SELECT = False

    COMPONENT_CLASSES = {
        "sudoku-grid--border", "sudoku-grid--thin", "sudoku-grid--cand", "sudoku-grid--given",
        "sudoku-grid--placed", "sudoku-grid--conflict", "sudoku-grid--house",
        "sudoku-grid--cursor", "sudoku-grid--digit", "sudoku-grid--pattern-cell",
        "sudoku-grid--pattern", "sudoku-grid--elim", "sudoku-grid--place", "sudoku-grid--claim",
        "sudoku-grid--failing", "sudoku-grid--solution", "sudoku-grid--cue",
        "sudoku-grid--placed-big",
    }

    DEFAULT_CSS = """
    SudokuGrid {
        layout: horizontal;
        width: auto; height: auto;
        background: $surface;
        color: $foreground;
    }
    SudokuGrid > .sudoku-grid--border { color: $foreground; text-style: bold; }
    SudokuGrid > .sudoku-grid--thin { color: $foreground 45%; }
    SudokuGrid > .sudoku-grid--cand { color: $foreground 80%; }
    SudokuGrid > .sudoku-grid--given { color: $foreground; text-style: bold; }
    SudokuGrid > .sudoku-grid--placed { color: $primary-lighten-2; text-style: underline; }
    SudokuGrid > .sudoku-grid--placed-big { color: $primary-lighten-2; }
    SudokuGrid > .sudoku-grid--conflict { color: $error; text-style: bold; }
    SudokuGrid > .sudoku-grid--house { background: $primary 12%; }
    SudokuGrid > .sudoku-grid--cursor { text-style: reverse; }
    SudokuGrid > .sudoku-grid--digit { background: $warning 35%; color: $text; text-style: bold underline; }
    SudokuGrid > .sudoku-grid--pattern-cell { background: $accent 28%; }
    SudokuGrid > .sudoku-grid--pattern { color: $text; text-style: bold underline; }
    SudokuGrid > .sudoku-grid--elim { color: $error; text-style: strike bold; }
    SudokuGrid > .sudoku-grid--place { color: $success; text-style: bold reverse; }
    SudokuGrid > .sudoku-grid--claim { color: $secondary; text-style: strike italic; }
    SudokuGrid > .sudoku-grid--failing { background: $error 30%; }
    SudokuGrid > .sudoku-grid--solution { color: $success; text-style: bold overline; }
    SudokuGrid > .sudoku-grid--cue { color: $warning; text-style: bold; }
    """

    BINDINGS = [
        Binding("up,k", "move(-1, 0)", "Move the cursor", show=False),
        Binding("down,j", "move(1, 0)", "Move the cursor", show=False),
        Binding("left,h", "move(0, -1)", "Move the cursor", show=False),
        Binding("right,l", "move(0, 1)", "Move the cursor", show=False),
    ]

    class CursorMoved(Message):
        """The cursor moved by a key (clicks send Clicked instead)."""

        def __init__(self, grid: "SudokuGrid", cell: int) -> None:
            super().__init__()
            self.grid = grid
            self.cell = cell

        @property
        def control(self) -> "SudokuGrid":
            return self.grid

    def action_move(self, dr: int, dc: int) -> None:
        """Move the cursor; it wraps round at the edges."""
        r = (ROW[self.cursor] + dr) % 9
        c = (COL[self.cursor] + dc) % 9
        self.update(cursor=r * 9 + c)
        if self.cursor_listener is not None:
            # called at once so the owner's own repaint lands in the same frame
            self.cursor_listener(self.cursor)
        self.post_message(self.CursorMoved(self, self.cursor))

    class Clicked(Message):
        """A click on a cell; `digit` is the candidate under the mouse (or None)."""

        def __init__(self, grid: "SudokuGrid", cell: int, digit: int | None, button: int) -> None:
            super().__init__()
            self.grid = grid
            self.cell = cell
            self.digit = digit
            self.button = button

        @property
        def control(self) -> "SudokuGrid":
            return self.grid

    def __init__(self, position: Position | None = None, *, layout: GridLayout = COMPACT,
                 name=None, id=None, classes=None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.position = position.copy() if position is not None else Position()
        self.cursor = 40
        self.marks: frozenset = frozenset()
        self.conflicts: frozenset = frozenset()
        self.highlight: Highlight = NO_HIGHLIGHT
        self.digit = 0
        self.show_house = True
        self.grid_layout = layout
        self._keys: list = [None] * 81
        self._style_cache: dict = {}
        self._line_cache: dict = {}
        self.repaints = 0          # cells repainted by update() (for tests and benchmarks)
        self.cursor_listener = None  # optional callable(cell) run on key moves
        self._recompute_keys()

    # ------------------------------------------------------------ size
    def set_layout(self, layout: GridLayout) -> None:
        if layout == self.grid_layout:
            return
        self.grid_layout = layout
        self._line_cache.clear()
        for col in self.columns:
            col.refresh(layout=True)
        self.refresh(layout=True)

    # ------------------------------------------------------------ state
    def update(self, *, position: Position | None = None, cursor: int | None = None,
               marks=None, conflicts=None, highlight: Highlight | None = None,
               digit: int | None = None, show_house: bool | None = None) -> int:
        """Change any part of the state; repaint the cells whose look changed.
        Returns how many cells were marked for repaint."""
        if position is not None:
            self.position = position
        if cursor is not None:
            self.cursor = cursor
        if marks is not None:
            self.marks = frozenset(marks)
        if conflicts is not None:
            self.conflicts = frozenset(conflicts)
        if highlight is not None:
            self.highlight = highlight
        if digit is not None:
            self.digit = digit
        if show_house is not None:
            self.show_house = show_house
        old = self._keys
        self._recompute_keys()
        changed = [i for i in range(81) if old[i] != self._keys[i]]
        if changed and self.is_mounted:
            if FULL_REPAINT:
                for col in self.columns:
                    col.refresh()
            else:
                self._refresh_cells(changed)
        self.repaints += len(changed)
        return len(changed)

    def _recompute_keys(self) -> None:
        pos = self.position
        hl = self.highlight
        cur = self.cursor
        cr, cc, cb = ROW[cur], COL[cur], BOX[cur]
        house = self.show_house
        marks_by_cell: dict[int, int] = {}
        for i, d in self.marks:
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
        digit_bit = bit(self.digit) if self.digit else 0
        keys = []
        for i in range(81):
            v = pos.values[i]
            in_house = house and i != cur and (ROW[i] == cr or COL[i] == cc or BOX[i] == cb)
            in_pattern = i in hl.cells
            keys.append((
                v, bool(pos.givens[i]), pos.cands[i], i == cur, in_house,
                i in self.conflicts, marks_by_cell.get(i, 0),
                digit_bit if (v == self.digit or pos.cands[i] & digit_bit) else 0,
                in_pattern, pattern_digits if in_pattern else 0,
                elim.get(i, 0), place.get(i, 0), i in hl.failing, sol.get(i, 0),
            ))
        self._keys = keys

    # ------------------------------------------------------------ styles
    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style_cache.clear()
        self._line_cache.clear()
        for col in self.columns:
            col.refresh()

    def _style(self, fg: tuple, bg: tuple = ()) -> Style:
        key = (fg, bg)
        style = self._style_cache.get(key)
        if style is not None:
            return style
        _, back = self.background_colors
        base = back
        colour = self.styles.color
        auto = self.styles.auto_color
        text = Style()
        for kind in bg + fg:
            cs = self.get_component_styles(f"sudoku-grid--{kind}")
            if cs.has_rule("background"):
                back = back + cs.background
            if cs.has_rule("color"):
                colour, auto = cs.color, cs.auto_color
            if cs.has_rule("text_style"):
                text += cs.text_style
        if auto:
            fore = back + back.get_contrast_text(colour.a)
        else:
            # a translucent text colour is blended over the plain grid, not over
            # the cell's tint: the text then keeps one colour when only the tint
            # changes (row/column/box shading), and a repaint sends the new
            # background alone (see tutor/app/terminal.py)
            fore = base + colour
        style = Style(color=fore.rich_color, bgcolor=back.rich_color) + text
        self._style_cache[key] = style
        return style

    # ------------------------------------------------------------ drawing
    # The board is drawn by nine GridColumn children (one per cell column,
    # each with the rule to its right; column 0 also carries the left
    # border).  Textual re-sends a dirty span from the left edge of its
    # widget, so narrow widgets keep a repaint down to the changed cells.

    def compose(self):
        for c in range(9):
            yield GridColumn(c)

    @property
    def columns(self) -> list["GridColumn"]:
        return list(self.query_children(GridColumn))

    def column_x0(self, c: int) -> int:
        """Where column c's widget starts inside the grid."""
        return 0 if c == 0 else self.grid_layout.col_x(c)

    def column_width(self, c: int) -> int:
        return self.grid_layout.cw + (2 if c == 0 else 1)

    def _refresh_cells(self, cells) -> None:
        lay = self.grid_layout
        by_col: dict[int, list[Region]] = {}
        for i in cells:
            c = COL[i]
            by_col.setdefault(c, []).append(
                Region(lay.col_x(c) - self.column_x0(c), lay.row_y(ROW[i]), lay.cw, lay.ch))
        columns = self.columns
        for c, regions in by_col.items():
            if c < len(columns):
                columns[c].refresh(*regions)

    def column_line(self, c: int, y: int) -> Strip:
        lay = self.grid_layout
        width = self.column_width(c)
        if y >= lay.height:
            return Strip.blank(width)
        # The cache keeps segment lists, not Strips: Textual hangs its own
        # caches (crops, divisions, rendered text) on every Strip it is given,
        # so long-lived Strips would keep all of that alive too.  A Strip is a
        # cheap wrapper; Textual keeps the lines on screen itself.
        rule = self._rule_kind(y)
        if rule is not None:
            key = ("rule", rule, c)
        else:
            r, k = self._row_of_y(y)
            # the look of a cell line depends on the cell's key, the line within
            # the cell, and the borders of its column (left edge, box edge)
            key = (c == 0, c % 3 == 2, k, self._keys[r * 9 + c])
        segments = self._line_cache.get(key)
        if segments is None:
            if rule is not None:
                segments = self._rule_segments(rule, c)
            else:
                border = self._style(("border",))
                segs: list[tuple[str, Style]] = [("┃", border)] if c == 0 else []
                segs.extend(self._cell_segments(r * 9 + c, k))
                segs.append(("┃", border) if c % 3 == 2 else ("│", self._style(("thin",))))
                segments = _merge(segs)
            if len(self._line_cache) >= LINE_CACHE_SIZE:
                self._line_cache.clear()
            self._line_cache[key] = segments
        return Strip(segments, width)

    def _rule_kind(self, y: int) -> str | None:
        lay = self.grid_layout
        if y == 0:
            return "top"
        if y == lay.height - 1:
            return "bottom"
        inner = y - 1
        period = lay.box_h + 1
        if inner % period == lay.box_h:
            return "box"
        if lay.thin_rows:
            off = inner % period
            if off % (lay.ch + 1) == lay.ch:
                return "thin"
        return None

    def _row_of_y(self, y: int) -> tuple[int, int]:
        lay = self.grid_layout
        inner = y - 1
        period = lay.box_h + 1
        band, off = divmod(inner, period)
        step = lay.ch + (1 if lay.thin_rows else 0)
        sub, k = divmod(off, step)
        return band * 3 + sub, k

    def _rule_segments(self, kind: str, c: int) -> list[Segment]:
        lay = self.grid_layout
        heavy = kind in ("top", "bottom", "box")
        left, thin_join, box_join, right = {"top": "┏┯┳┓", "bottom": "┗┷┻┛",
                                            "box": "┣┿╋┫", "thin": "┠┼╂┨"}[kind]
        border = self._style(("border",))
        line_style = border if heavy else self._style(("thin",))
        segs: list[tuple[str, Style]] = [(left, border)] if c == 0 else []
        segs.append((("━" if heavy else "─") * lay.cw, line_style))
        if c == 8:
            segs.append((right, border))
        elif c % 3 == 2:
            segs.append((box_join, border))
        else:
            segs.append((thin_join, line_style))
        return _merge(segs)

    def _cell_segments(self, i: int, k: int) -> list[tuple[str, Style]]:
        (v, given, cands, is_cur, in_house, conflict, marks, digit_hl,
         in_pattern, pat_digits, elim, place, failing, sol) = self._keys[i]
        lay = self.grid_layout
        bg: tuple = ()
        if in_house:
            bg += ("house",)
        if in_pattern:
            bg += ("pattern-cell",)
        if failing:
            bg += ("failing",)
        tail = ("cursor",) if is_cur else ()
        if v:
            kinds = ("given",) if given else ("placed",)
            if digit_hl:
                kinds += ("digit",)
            if conflict:
                kinds += ("conflict",)
            style = self._style(kinds + tail, bg)
            # blanks share the digit's style unless it draws a line (underline)
            blank = style if given and not digit_hl else self._style(tail, bg)
            cue = "!" if conflict else ("?" if failing else " ")
            cue_style = self._style(("cue",) + tail, bg) if cue != " " else blank
            if lay.cw == 5:
                if k == 0:
                    return [("  ", blank), (str(v), style), ("  ", blank)]
                return [("    ", blank), (cue, cue_style)]
            font = _HEAVY if given else _LIGHT
            # the big digits tell givens (heavy) from placed (light) by shape
            first = ("given",) if given else ("placed-big",)
            plain = self._style(first + (("conflict",) if conflict else ()) + tail, bg)
            big_blank = plain
            if k == 0:
                return [(cue, cue_style), (" ", big_blank), (font[v][k], plain), ("  ", big_blank)]
            return [("  ", big_blank), (font[v][k], plain), ("  ", big_blank)]
        # an empty cell: its candidates; blanks and dots share the plain style
        base = self._style(("cand",) + tail, bg)
        segs: list[tuple[str, Style]] = []
        if lay.cw == 5:
            digits = range(1, 6) if k == 0 else range(6, 10)
            for d in digits:
                if cands & bit(d):
                    segs.append(self._cand(d, cands, marks, digit_hl, pat_digits, elim, place,
                                           sol, tail, bg))
                else:
                    segs.append(("·", base))
            if k == 1:
                segs.append(self._cell_cue(marks, elim, place, sol, failing, tail, bg, base))
            return segs
        cue_style = self._style(("cue",) + tail, bg)
        for d in range(3 * k + 1, 3 * k + 4):
            b = bit(d)
            if marks & b:
                cue = "x"
            elif elim & b:
                cue = "-"
            elif place & b:
                cue = "+"
            elif sol & b:
                cue = "!"
            elif failing and k == 0 and d == 1:
                cue = "?"
            else:
                cue = " "
            segs.append((cue, cue_style if cue != " " else base))
            if cands & b:
                segs.append(self._cand(d, cands, marks, digit_hl, pat_digits, elim, place, sol,
                                       tail, bg))
            else:
                segs.append((" ", base))
        segs.append((" ", base))
        return segs

    def _cand(self, d, cands, marks, digit_hl, pat_digits, elim, place, sol, tail, bg):
        b = bit(d)
        kinds = ("cand",)
        if digit_hl & b:
            kinds += ("digit",)
        if pat_digits & b:
            kinds += ("pattern",)
        if sol & b:
            kinds += ("solution",)
        if place & b:
            kinds += ("place",)
        if elim & b:
            kinds += ("elim",)
        if marks & b:
            kinds += ("claim",)
        return str(d), self._style(kinds + tail, bg)

    def _cell_cue(self, marks, elim, place, sol, failing, tail, bg, base):
        if marks:
            cue = "x"
        elif elim:
            cue = "-"
        elif place:
            cue = "+"
        elif sol:
            cue = "!"
        elif failing:
            cue = "?"
        else:
            return " ", base
        return cue, self._style(("cue",) + tail, bg)

    # ------------------------------------------------------------ mouse
    def hit(self, x: int, y: int) -> tuple[int, int | None] | None:
        """(cell, candidate digit or None) under widget offset (x, y)."""
        lay = self.grid_layout
        if not (0 <= x < lay.width and 0 <= y < lay.height) or self._rule_kind(y) is not None:
            return None
        r, k = self._row_of_y(y)
        col = None
        for c in range(9):
            x0 = lay.col_x(c)
            if x0 <= x < x0 + lay.cw:
                col, dx = c, x - x0
                break
        if col is None:
            return None
        i = r * 9 + col
        if self.position.values[i]:
            return i, None
        if lay.cw == 5:
            d = (dx + 1) if k == 0 else (dx + 6 if dx < 4 else None)
        else:
            d = 3 * k + min(dx // 2, 2) + 1
        return i, d

    def on_click(self, event: events.Click) -> None:
        # the click may come from a GridColumn child: use screen coordinates
        region = self.content_region
        if event.screen_offset not in region:
            return
        got = self.hit(event.screen_x - region.x, event.screen_y - region.y)
        if got is None:
            return
        event.stop()
        if not self.has_focus:
            self.focus()         # (focus() repaints the whole widget, even when focused)
        self.post_message(self.Clicked(self, got[0], got[1], event.button))

    def cell_offset(self, i: int, digit: int | None = None) -> tuple[int, int]:
        """Widget offset of a cell (or of one of its candidates): for tests
        and for anything that wants to point at a cell."""
        lay = self.grid_layout
        x, y = lay.col_x(COL[i]), lay.row_y(ROW[i])
        if digit is None:
            return x + lay.cw // 2, y
        if lay.cw == 5:
            return (x + digit - 1, y) if digit <= 5 else (x + digit - 6, y + 1)
        return x + 2 * ((digit - 1) % 3) + 1, y + (digit - 1) // 3

    # ------------------------------------------------------------ text
    def render_line(self, y: int) -> Strip:
        """The whole grid line y (the columns joined); for tests and reports."""
        return Strip.join([self.column_line(c, y) for c in range(9)])

    def text_lines(self) -> list[str]:
        """The grid as plain text (tests, screenshots in reports)."""
        return [self.render_line(y).text for y in range(self.grid_layout.height)]


def _merge(segs: list[tuple[str, Style]]) -> list[Segment]:
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


__all__ = ["SudokuGrid", "Highlight", "NO_HIGHLIGHT", "GridLayout", "COMPACT", "MEDIUM", "LARGE",
           "LAYOUTS", "choose_layout", "CUE"]


class GridColumn(Widget):
    """One column of cells of a SudokuGrid (drawing only; the grid holds the state)."""

    ALLOW_SELECT = False            # see SudokuGrid

    DEFAULT_CSS = """
    GridColumn { width: auto; height: auto; background: transparent; }
    """

    def __init__(self, col: int) -> None:
        super().__init__()
        self.col = col

    @property
    def grid(self) -> SudokuGrid:
        return self.parent  # type: ignore[return-value]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.grid.column_width(self.col)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.grid.grid_layout.height

    def render_line(self, y: int) -> Strip:
        return self.grid.column_line(self.col, y)
