"""The play screen's game keys: place and clear digits, pencil marks, claim
marks, candidate colours, undo/redo, candidates filled in, cleared or kept
up to date, the digit highlight, the grid size, the check of the learner's
grid, and the mouse.

Keys that change a cell act only while the grid has the focus (its cursor
is drawn only then): elsewhere they give the grid the focus back and do
nothing else, so a digit never lands in a cell the learner cannot see.

A part of PlayScreen (screens/play.py), kept in its own room: it works on
the play screen's state (`self.game`, `self.grid`, `self.log_line`, ...).
"""
from __future__ import annotations

from textual import on
from textual.screen import Screen

from ...engine.registry import counted
from ..game import COLOUR_NAMES, COLOURS, Change, GameError
from ..widgets.grid import LAYOUTS, NO_HIGHLIGHT, Highlight, SudokuGrid
from ..widgets.grid_layout import PANEL_WIDTH, fitting_layouts


class GameKeys(Screen):
    """The playing keys of the play screen."""

    # ------------------------------------------------------------ keys
    def action_digit(self, d: int) -> None:
        i = self.grid.cursor
        pending, self.pending = self.pending, None
        if pending == "f":
            self.set_digit(0 if self.digit == d else d)
            return
        if not self.keys_on_grid():
            self._update_status()
            return
        if pending == "x":
            self._guard(lambda: self.game.toggle_mark(i, d), keep_highlight=True)
            self._update_status()
            return
        if pending == "v":
            self._guard(lambda: self.game.colour(i, d, self.colour), keep_highlight=True)
            self._update_status()
            return
        if self.pencil:
            self._guard(lambda: self.game.toggle_candidate(i, d))
            return
        change = self._guard(lambda: self.game.place(i, d))
        if change is None:
            return
        clash = self.game.clash_text(i)
        if clash:
            self.log_line(clash, "bad")
            self.app.bell()

    def action_clear_cell(self) -> None:
        pending, self.pending = self.pending, None
        if pending == "f":
            self.set_digit(0)
        elif pending == "v":
            self.action_clear_colours()
        elif pending is None and self.keys_on_grid():
            self._guard(lambda: self.game.clear(self.grid.cursor))
        self._update_status()

    def action_toggle_pencil(self) -> None:
        self.pencil = not self.pencil
        self._update_status()

    def action_claim_prefix(self) -> None:
        self.pending = None if self.pending == "x" else "x"
        self._update_status()

    def action_digit_prefix(self) -> None:
        self.pending = None if self.pending == "f" else "f"
        self._update_status()

    def action_colour_prefix(self) -> None:
        self.pending = None if self.pending == "v" else "v"
        self._update_status()

    def action_next_colour(self) -> None:
        self.colour = self.colour % COLOURS + 1
        pair = "first" if self.colour <= 2 else "second"
        self.log_line(f"Colour {COLOUR_NAMES[self.colour]} ({pair} pair): v then a digit "
                      "colours that candidate.", "info")
        self._update_status()

    def action_clear_colours(self) -> None:
        if self._guard(self.game.clear_colours, keep_highlight=True) is not None:
            self.log_line("Cleared every colour (u undoes it).", "info")

    def action_clear_candidates(self) -> None:
        change = self._guard(self.game.clear_candidates)
        if change is not None:
            self.log_line("Cleared every candidate: pencil them yourself (p, then digits), "
                          "or a fills them in again. u undoes it.", "info")

    def action_escape(self) -> None:
        if not self.grid.has_focus:
            self.grid.focus()                # Esc first gives the grid the keys back
        elif self.pending:
            self.pending = None
        elif self.highlight:
            self.set_highlight(NO_HIGHLIGHT)
        elif self.digit:
            self.set_digit(0)
        elif self.game.marks:
            self.action_clear_marks()
        self._update_status()

    def action_clear_marks(self) -> None:
        self._guard(self.game.clear_marks, keep_highlight=True)
        self._update_status()

    def action_undo(self) -> None:
        change = self.game.undo()
        if change is None:
            self.log_line("Nothing to undo.", "info")
            return
        # news of its own: what it took back no longer heads the latest lines
        self.log_line(f"Undid: {change.label}", "undo")
        self.after_change(change)

    def action_redo(self) -> None:
        change = self.game.redo()
        if change is None:
            self.log_line("Nothing to redo.", "info")
            return
        self.log_line(f"Redid: {change.label}", "undo")
        self.after_change(change)

    def action_fill(self) -> None:
        change = self._guard(self.game.fill_candidates)
        if change is not None:
            self.log_line(f"Filled in the candidates of {counted(len(change.cells), 'cell')} "
                          "(u undoes it).", "info")
        else:
            self.log_line("The candidates are already complete.", "info")

    def action_toggle_auto(self) -> None:
        g = self.game
        g.auto_update = not g.auto_update
        self.log_line("Candidates now update after each placement." if g.auto_update else
                      "Candidates no longer update by themselves (manual).", "info")
        self._update_status()
        self._save()

    def action_toggle_house(self) -> None:
        self.grid.update(show_house=not self.grid.show_house)

    def action_cycle_layout(self) -> None:
        """The next grid size that fits the terminal (back to the smallest
        after the largest); none other fitting is said, not tried."""
        size = self.app.size
        fits = fitting_layouts(size.width, size.height - 2)
        now = self.grid.grid_layout
        if len(fits) == 1 and now in fits:
            bigger = LAYOUTS["medium"]          # with the panel, the header and the footer
            self.log_line(f"No larger grid fits this {size.width}x{size.height} terminal "
                          f"(the medium grid needs {bigger.width + PANEL_WIDTH}x"
                          f"{bigger.height + 2}).", "info")
            return
        later = [lay for lay in fits if lay.width * lay.height > now.width * now.height]
        chosen = later[0] if later else fits[0]
        self.layout_choice = chosen.name
        self.layout_by_z = True
        self._apply_layout()
        self.log_line(f"Grid size: {chosen.name}"
                      + (" (the largest that fits)" if chosen is fits[-1] else "") + ".", "info")

    def action_next_example(self) -> None:
        if self.lesson_try is None:
            self.log_line("] tries the next example of a lesson, once you tried one "
                          "(L opens the lessons, t tries an example).", "info")
            return
        self.lesson_try.next_example(self.app)

    def action_check(self) -> None:
        limit = getattr(self.app, "hint_limit", None)      # hints off in a class test: no check
        if limit is not None and limit <= 0 and self.app.locked_out(
                "Checking your grid is closed during the class test (hints are off)."):
            return
        check = self.game.check()
        if check.unknown:
            self.log_line(f"Cannot check: {check.unknown}.", "warn")
            return
        if check.ok:
            self.set_highlight(NO_HIGHLIGHT)
            self.log_line("Check: no mistakes so far.", "ok")
            return
        from ..hints import cells_list
        if check.wrong:
            self.log_line(f"Check: {counted(len(check.wrong), 'placed digit')} "
                          f"{'contradicts' if len(check.wrong) == 1 else 'contradict'} the solution: "
                          f"{cells_list(check.wrong)}", "bad")
        if check.missing:
            self.log_line(f"Check: {counted(len(check.missing), 'cell')} lost a candidate that belongs "
                          f"there: {cells_list(check.missing)}", "bad")
        self.set_highlight(Highlight(failing=frozenset(check.cells), label="check"))

    # ------------------------------------------------------------ moving
    def move_cursor(self, cell: int) -> None:
        self.grid.update(cursor=cell)
        self._update_status()

    @on(SudokuGrid.Clicked)
    def _grid_clicked(self, event: SudokuGrid.Clicked) -> None:
        self.move_cursor(event.cell)
        if event.digit is None:
            return
        if event.button == 3:
            self.set_digit(0 if self.digit == event.digit else event.digit)
            return
        if event.ctrl or self.pending == "v":
            self.pending = None
            self._guard(lambda: self.game.colour(event.cell, event.digit, self.colour),
                        keep_highlight=True)
            self._update_status()
        elif self.pencil:
            self._guard(lambda: self.game.toggle_candidate(event.cell, event.digit))
        elif self.game.position.has(event.cell, event.digit):
            self._guard(lambda: self.game.toggle_mark(event.cell, event.digit),
                        keep_highlight=True)

    def _guard(self, fn, keep_highlight: bool = False) -> Change | None:
        try:
            change = fn()
        except GameError as e:
            self.log_line(str(e), "warn")
            self.app.bell()
            return None
        self.after_change(change, keep_highlight=keep_highlight)
        return change
