"""One column of cells of the SudokuGrid (grid.py): the widget Textual asks
for the column's lines.

The grid holds the state and makes each line (`column_line`, with the key
that says what the line looks like); the column keeps the Strip of each line
on screen while its look holds.  Nine narrow widgets, because Textual
re-sends a dirty span from the left edge of its widget."""
from __future__ import annotations

from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


class GridColumn(Widget):
    """One column of cells of a SudokuGrid (drawing only; the grid holds the state)."""

    ALLOW_SELECT = False            # see SudokuGrid

    DEFAULT_CSS = """
    GridColumn { width: auto; height: auto; background: transparent; }
    """

    def __init__(self, col: int) -> None:
        super().__init__()
        self.col = col
        self._strips: dict[int, tuple[tuple, Strip]] = {}     # y -> (its look, its filtered Strip)
        self._filters: tuple = ()                              # the app's line filters they went through

    @property
    def grid(self):
        """The SudokuGrid it belongs to (not imported here: grid.py imports this module)."""
        return self.parent

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.grid.column_width(self.col)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.grid.grid_layout.height

    def render_line(self, y: int) -> Strip:
        return self.grid.column_line(self.col, y)

    def forget_lines(self) -> None:
        """The look of every line may have changed (a new layout or theme)."""
        self._strips.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The column's lines, each Strip kept while its line looks the same.

        Textual's own path (the widget's StylesCache) would redo a changed
        line's borders, padding, tint and opacity (a column has none of them)
        and pass every line through the app's line filters again: about a
        quarter of the work of a cursor move.  Here a line whose look did not
        change is the same Strip as in the last frame, filtered already, with
        the crops, divisions and rendered text Textual cached on it."""
        grid = self.grid
        col = self.col
        filters = tuple(self.app.get_line_filters())
        if filters != self._filters:
            self._strips.clear()
            self._filters = filters
        cached = self._strips
        background = None
        strips = []
        for y in crop.line_range:
            key = grid.column_line_key(col, y)
            got = cached.get(y)
            if got is None or got[0] != key:
                strip = grid.column_line(col, y, key)
                if filters:
                    if background is None:
                        background = self.background_colors[1]
                    for line_filter in filters:
                        strip = strip.apply_filter(line_filter, background)
                got = (key, strip)
                cached[y] = got
            strips.append(got[1])
        x1, x2 = crop.column_span
        if (x1, x2) != (0, self.size.width):
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips
