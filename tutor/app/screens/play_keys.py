"""The play screen's game keys: place and clear digits, pencil marks, claim
marks, undo/redo, candidates filled in or kept up to date, the digit
highlight, the grid size, the check of the learner's grid, and the mouse.

A part of PlayScreen (screens/play.py), kept in its own room: it works on
the play screen's state (`self.game`, `self.grid`, `self.log_line`, ...).
"""
from __future__ import annotations

import time

from textual import on
from textual.screen import Screen

from ..game import Change, GameError
from ..widgets.grid import NO_HIGHLIGHT, Highlight, SudokuGrid


class GameKeys(Screen):
    """The playing keys of the play screen."""

    # ------------------------------------------------------------ keys
    def action_digit(self, d: int) -> None:
        i = self.grid.cursor
        pending, self.pending = self.pending, None
        if pending == "f":
            self.set_digit(0 if self.digit == d else d)
            return
        if pending == "x":
            self._guard(lambda: self.game.toggle_mark(i, d), keep_highlight=True)
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
        elif self.game.is_solved():
            secs = int(time.monotonic() - self.started)
            self.log_line(f"Solved {self.game.name} in {secs // 60} min {secs % 60} s "
                          f"with {self.hints_used} hint steps. Well done!", "ok")
            self.app.set_activity(f"solved {self.game.name}")

    def action_clear_cell(self) -> None:
        if self.pending:
            self.pending = None
            self._update_status()
            return
        self._guard(lambda: self.game.clear(self.grid.cursor))

    def action_toggle_pencil(self) -> None:
        self.pencil = not self.pencil
        self._update_status()

    def action_claim_prefix(self) -> None:
        self.pending = None if self.pending == "x" else "x"
        self._update_status()

    def action_digit_prefix(self) -> None:
        self.pending = None if self.pending == "f" else "f"
        self._update_status()

    def action_escape(self) -> None:
        if self.pending:
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
        self.log_line(f"Undid: {change.label}", "info")
        self.after_change(change)

    def action_redo(self) -> None:
        change = self.game.redo()
        if change is None:
            self.log_line("Nothing to redo.", "info")
            return
        self.log_line(f"Redid: {change.label}", "info")
        self.after_change(change)

    def action_fill(self) -> None:
        change = self._guard(self.game.fill_candidates)
        if change is not None:
            self.log_line(f"Filled in the candidates of {len(change.cells)} cells "
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
        order = ["auto", "compact", "medium", "large"]
        self.layout_choice = order[(order.index(self.layout_choice) + 1) % len(order)]
        self._apply_layout()
        self.log_line(f"Grid layout: {self.layout_choice} ({self.grid.grid_layout.name})", "info")

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
            self.log_line(f"Check: {len(check.wrong)} placed digit(s) contradict the solution: "
                          f"{cells_list(check.wrong)}", "bad")
        if check.missing:
            self.log_line(f"Check: {len(check.missing)} cell(s) lost a candidate that belongs "
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
        if self.pencil:
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
