"""The candidate grid: a Line-API widget drawing the 9x9 board line by line.

The widget holds the state (position, cursor, claim marks, conflicts, a
Highlight, the highlighted digit) and turns it into a look per cell; the
layouts and where everything sits are in grid_layout.py, how a cell line
looks (and every cue's text form) in grid_cells.py, what a highlight holds
in highlight.py, the nine column widgets Textual draws in grid_column.py.
Layouts: compact (55x22, fits 80x24), medium (73x31) and
large (73x37), chosen from the terminal size or forced.

A state change repaints only the cells whose look changed: the widget keeps
a key per cell and refreshes the regions of the cells whose key moved.
"""
from __future__ import annotations

import os

from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...engine.grid import COL, ROW
from ...engine.position import Position
from .grid_cells import CUE, cell_keys, cell_segments, rule_letter, merge, rule_segments
from .grid_column import GridColumn
from .grid_layout import COMPACT, LARGE, LAYOUTS, MEDIUM, GridLayout, choose_layout
from .highlight import NO_HIGHLIGHT, Highlight

# ------------------------------------------------------------------ widget

# benchmarks/bench_app.py sets this to compare against whole-widget repaints
FULL_REPAINT = os.environ.get("SUDOKU_TUTOR_BENCH_FULL_REPAINT") == "1"

# lines of cells kept ready (segment lists; a 9x9 grid in the large layout
# shows 9 x 27 cell lines, and a move changes at most 78 of them)
LINE_CACHE_SIZE = 1500


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
        "sudoku-grid--placed-big", "sudoku-grid--colour1", "sudoku-grid--colour2",
        "sudoku-grid--colour3", "sudoku-grid--colour4", "sudoku-grid--chain-on",
        "sudoku-grid--chain-off", "sudoku-grid--role-key", "sudoku-grid--role-arm",
        "sudoku-grid--role-fin", "sudoku-grid--role-z", "sudoku-grid--role-base",
        "sudoku-grid--role-cover", "sudoku-grid--role-house",
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
    SudokuGrid > .sudoku-grid--colour1 { background: dodgerblue 55%; text-style: bold; }
    SudokuGrid > .sudoku-grid--colour2 { background: darkorange 55%; text-style: bold; }
    SudokuGrid > .sudoku-grid--colour3 { background: limegreen 50%; text-style: bold; }
    SudokuGrid > .sudoku-grid--colour4 { background: magenta 45%; text-style: bold; }
    SudokuGrid > .sudoku-grid--chain-on { color: $text; background: $success 45%; text-style: bold reverse; }
    SudokuGrid > .sudoku-grid--chain-off { color: $text; background: $accent 35%; text-style: underline; }
    SudokuGrid > .sudoku-grid--role-key { background: $warning 30%; text-style: bold; }
    SudokuGrid > .sudoku-grid--role-arm { background: $secondary 22%; }
    SudokuGrid > .sudoku-grid--role-fin { background: $error 25%; text-style: bold italic; }
    SudokuGrid > .sudoku-grid--role-z { color: $text; text-style: bold underline; }
    SudokuGrid > .sudoku-grid--role-base { background: $accent 12%; }
    SudokuGrid > .sudoku-grid--role-cover { background: $primary 16%; }
    SudokuGrid > .sudoku-grid--role-house { background: $accent 10%; }
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
        """A click on a cell; `digit` is the candidate under the mouse (or None);
        `ctrl` whether ctrl was held (where the terminal tells)."""

        def __init__(self, grid: "SudokuGrid", cell: int, digit: int | None, button: int,
                     ctrl: bool = False) -> None:
            super().__init__()
            self.grid = grid
            self.cell = cell
            self.digit = digit
            self.button = button
            self.ctrl = ctrl

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
        self.colours: dict = {}      # (cell, digit) -> colour 1-4, the learner's own colouring
        self.show_house = True
        self.cursor_shown = True
        # set by the owner: draw the cursor only while the grid has the focus
        # (the play screen: a key never acts on a cell the learner cannot see)
        self.cursor_follows_focus = False
        self.grid_layout = layout
        self._keys: list = [None] * 81
        self._frame: dict[int, str] = {}        # house -> the letter of its role on the frame
        self._style_cache: dict = {}
        self._line_cache: dict = {}
        self._columns: list[GridColumn] = []
        self.repaints = 0          # cells repainted by update() (for tests and benchmarks)
        self.cursor_listener = None  # optional callable(cell) run on key moves
        self._recompute_keys()

    def on_focus(self) -> None:
        if self.cursor_follows_focus:
            self.update(cursor_shown=True)

    def on_blur(self) -> None:
        if self.cursor_follows_focus:
            self.update(cursor_shown=False)

    # ------------------------------------------------------------ size
    def set_layout(self, layout: GridLayout) -> None:
        if layout == self.grid_layout:
            return
        self.grid_layout = layout
        self._line_cache.clear()
        for col in self.columns:
            col.forget_lines()
            col.refresh(layout=True)
        self.refresh(layout=True)

    # ------------------------------------------------------------ state
    def update(self, *, position: Position | None = None, cursor: int | None = None,
               marks=None, conflicts=None, highlight: Highlight | None = None,
               digit: int | None = None, show_house: bool | None = None,
               colours: dict | None = None, cursor_shown: bool | None = None) -> int:
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
        if colours is not None:
            self.colours = dict(colours)
        if cursor_shown is not None:
            self.cursor_shown = cursor_shown
        old = self._keys
        old_frame = self._frame
        self._recompute_keys()
        changed = [i for i in range(81) if old[i] != self._keys[i]]
        if self._frame != old_frame and self.is_mounted:
            for col in self.columns:       # the frame's letters: few, rare; repaint it all
                col.refresh()
        if changed and self.is_mounted:
            if FULL_REPAINT:
                for col in self.columns:
                    col.refresh()
            else:
                self._refresh_cells(changed)
        self.repaints += len(changed)
        return len(changed)

    def _recompute_keys(self) -> None:
        self._keys = cell_keys(self.position, self.cursor if self.cursor_shown else -1,
                               self.marks, self.conflicts, self.highlight, self.digit,
                               self.show_house, self.colours)
        self._frame = {m.house: m.cue for m in self.highlight.frame}

    # ------------------------------------------------------------ styles
    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style_cache.clear()
        self._line_cache.clear()
        for col in self.columns:
            col.forget_lines()
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
        self._columns = [GridColumn(c) for c in range(9)]
        yield from self._columns

    @property
    def columns(self) -> list["GridColumn"]:
        """The nine column widgets once mounted (kept: a DOM query at every
        key was a few percent of a move)."""
        return self._columns if self.is_mounted else []

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

    def column_line_key(self, c: int, y: int) -> tuple:
        """What the look of column c's line y depends on (equal keys, equal lines)."""
        lay = self.grid_layout
        if y >= lay.height:
            return ("blank",)
        rule = lay.rule_kind(y)
        if rule is not None:
            return ("rule", rule, c, rule_letter(self._frame, rule, y, c, lay))
        r, k = lay.row_of_y(y)
        # a row's role letter sits on the left border, on the cell's middle line
        row_letter = self._frame.get(r, "") if c == 0 and k == (lay.ch - 1) // 2 else ""
        # the look of a cell line depends on the cell's key, the line within
        # the cell, and the borders of its column (left edge, box edge)
        return (c == 0, c % 3 == 2, k, self._keys[r * 9 + c], row_letter)

    def column_line(self, c: int, y: int, key: tuple | None = None) -> Strip:
        lay = self.grid_layout
        width = self.column_width(c)
        if key is None:
            key = self.column_line_key(c, y)
        if key[0] == "blank":
            return Strip.blank(width)
        # The cache keeps segment lists, not Strips: Textual hangs its own
        # caches (crops, divisions, rendered text) on every Strip it is given,
        # so long-lived Strips would keep all of that alive too.  Only the
        # lines on screen keep their Strips (GridColumn.render_lines).
        segments = self._line_cache.get(key)
        if segments is None:
            if key[0] == "rule":
                _, rule, _, letter = key
                segments = rule_segments(rule, c, lay, self._style, letter)
            else:
                r, k = lay.row_of_y(y)
                row_letter = key[4]
                border = self._style(("border",))
                segs: list[tuple[str, Style]] = []
                if c == 0:
                    segs.append((row_letter, self._style(("cue",))) if row_letter else ("┃", border))
                segs.extend(cell_segments(self._keys[r * 9 + c], k, lay, self._style))
                segs.append(("┃", border) if c % 3 == 2 else ("│", self._style(("thin",))))
                segments = merge(segs)
            if len(self._line_cache) >= LINE_CACHE_SIZE:
                self._line_cache.clear()
            self._line_cache[key] = segments
        return Strip(segments, width)

    # ------------------------------------------------------------ mouse
    def hit(self, x: int, y: int) -> tuple[int, int | None] | None:
        """(cell, candidate digit or None) under widget offset (x, y)."""
        found = self.grid_layout.locate(x, y)
        if found is None:
            return None
        i, d = found
        return (i, None) if self.position.values[i] else (i, d)

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
        self.post_message(self.Clicked(self, got[0], got[1], event.button, bool(event.ctrl)))

    def cell_offset(self, i: int, digit: int | None = None) -> tuple[int, int]:
        """Widget offset of a cell (or of one of its candidates): for tests
        and for anything that wants to point at a cell."""
        return self.grid_layout.offset(i, digit)

    # ------------------------------------------------------------ text
    def render_line(self, y: int) -> Strip:
        """The whole grid line y (the columns joined); for tests and reports."""
        return Strip.join([self.column_line(c, y) for c in range(9)])

    def text_lines(self) -> list[str]:
        """The grid as plain text (tests, screenshots in reports)."""
        return [self.render_line(y).text for y in range(self.grid_layout.height)]


__all__ = ["SudokuGrid", "Highlight", "NO_HIGHLIGHT", "GridLayout", "COMPACT", "MEDIUM", "LARGE",
           "LAYOUTS", "choose_layout", "CUE"]
