"""The quiz screen's picks on the grid: Space (or a click) selects a cell,
1-9 toggle digits, Enter submits the selection as the answer it stands for
(the quiz says which: an entry, a claim); where the quiz offers options,
1-9 pick one instead.

A part of QuizScreen (screens/quiz.py), kept in its own room: it works on
the quiz screen's state (`self.quiz`, `self.grid`, `self.say`, ...).
"""
from __future__ import annotations

from textual import on
from textual.screen import Screen

from ...engine.grid import cell_name
from ...teaching.quiz import EntryError
from ..widgets.grid import Highlight, SudokuGrid


class QuizPicks(Screen):
    """Cells and digits picked on the grid, for the quiz screen."""

    def selection_text(self) -> str:
        """The pick so far, for the status line: '  | picked r4c6 r5c6 #45'."""
        if not (self.selected or self.selected_digits):
            return ""
        sel = " ".join(cell_name(i) for i in sorted(self.selected))
        if self.selected_digits:
            sel += " #" + "".join(map(str, sorted(self.selected_digits)))
        return f"  | picked {sel.strip()}"

    def _show_selection(self) -> None:
        self._show(Highlight(cells=frozenset(self.selected), digits=frozenset(self.selected_digits),
                             label="selection"))
        self._counter()

    def action_submit_selection(self) -> None:
        q = self.quiz
        if q is None or q.picks_options or self.focused is self.entry:
            return      # (the Input handles its own Enter)
        if not self.selected:
            self.say("Select cells first: Space (or a click) on each cell, 1-9 for the digits.", "invalid")
            return
        try:
            text = q.selection_text(sorted(self.selected), sorted(self.selected_digits))
        except EntryError as e:
            self.say(str(e), "invalid")
            return
        self.selected, self.selected_digits = [], []
        self.submit_text(text)

    def action_select_cell(self) -> None:
        i = self.grid.cursor
        if i in self.selected:
            self.selected.remove(i)
        else:
            self.selected.append(i)
        self._show_selection()

    def action_digit(self, d: int) -> None:
        if self.quiz is not None and self.quiz.picks_options:
            self.submit_text(str(d))
            return
        if d in self.selected_digits:
            self.selected_digits.remove(d)
        else:
            self.selected_digits.append(d)
        self._show_selection()

    @on(SudokuGrid.Clicked, "#quiz-grid")
    def _clicked(self, event: SudokuGrid.Clicked) -> None:
        event.stop()
        self.grid.update(cursor=event.cell)
        if event.cell not in self.selected:
            self.selected.append(event.cell)
        elif event.digit is None:
            self.selected.remove(event.cell)
        if event.digit is not None and event.digit not in self.selected_digits:
            self.selected_digits.append(event.digit)
        self.grid.focus()
        self._show_selection()
