"""The progress screen (M): what to practise next (first, so it shows at
80x24 too), the mix-ups noticed, and per technique the learner model's
rating, how sure it is (±, the deviation), the tries, the trend and the
next review (the table scrolls); p starts a quiz on the suggestion, on a
practice position from the bank near the learner's rating; once a few
rungs are mastered, n starts "what's next?" practice (next_step.py)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from .quiz import QuizScreen
from ..widgets.footer import KeyBar


class ProgressScreen(Screen):
    """Ratings and reviews per technique (tutor/teaching/learner.py), the
    suggestion of what to practise next, and the mix-ups noticed."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back"),
                Binding("p", "practise", "Practise the suggestion"),
                Binding("n", "next_step", "What's next?", show=False)]

    DEFAULT_CSS = """
    ProgressScreen #progress-scroll { height: 1fr; }
    ProgressScreen #progress-body { padding: 1 2; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="progress-scroll"):
            yield Static("", id="progress-body")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = "Progress"
        self.refresh_table()

    def rows(self):
        """The learner model's rows (tutor/teaching/learner.py), every event counted."""
        from ...teaching import learner
        from ...teaching import learner_view as view
        store = getattr(self.app, "store", None)
        model = learner.Model()
        if store is not None:
            try:
                model = learner.load(store)
            except Exception:
                pass
        self.counted = view.counted_text(model, self.app.user)
        self.mixups = view.mixup_lines(model, self.app.user)
        return view.rows(model, self.app.user)

    def refresh_table(self) -> None:
        from ...teaching.learner_view import progress_text, suggestion_text
        rows = self.rows()
        self.table = rows
        lines = [suggestion_text(rows), "p: practise it   Esc: back"]
        from ...teaching.next_step import next_step_ready
        if next_step_ready(rows):
            lines.insert(1, "Or n: what's next? Find the next step yourself, any technique "
                            "(counts more than a drill).")
        if self.mixups:
            lines += ["", "Mix-ups to watch:"] + [f"  {m}" for m in self.mixups]
        lines += ["", self.counted, ""] + progress_text(rows)
        self.text = "\n".join(lines)
        self.query_one("#progress-body", Static).update(Text(self.text))

    def action_practise(self) -> None:
        from ...teaching.learner_view import pick_position, practise_next
        pick = practise_next(self.rows())
        if pick is None:
            return
        row = pick[0]
        chosen = pick_position(row.technique, row.rating, seed=row.attempts,   # a new set each try
                               store=getattr(self.app, "store", None), user=self.app.user)
        self.app.pop_screen()
        self.app.push_screen(QuizScreen(target=row.technique, kind="find-all",
                                        position=None if chosen is None else chosen.position))

    def action_next_step(self) -> None:
        from ...teaching.next_step import next_step_quiz, next_step_ready
        from ..settings import setting_of
        rows = self.rows()
        store = getattr(self.app, "store", None)
        if store is None or not next_step_ready(rows):
            return
        quiz = next_step_quiz(store, self.app.user, rows, seed=sum(r.attempts for r in rows),
                              uniqueness=setting_of(self, "uniqueness"))
        self.app.pop_screen()
        self.app.push_screen(QuizScreen(quiz=quiz))
