"""The progress screen (M): what to practise next (first, so it shows at
80x24 too), the mix-ups the quizzes noticed, and mastery per technique (the
table scrolls); p starts a quiz on the suggestion."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from .quiz import QuizScreen


class ProgressScreen(Screen):
    """Mastery per technique (mean of the last 10 attempts), the suggestion
    of what to practise next, and the mix-ups the quizzes noticed."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back"),
                Binding("p", "practise", "Practise the suggestion")]

    DEFAULT_CSS = """
    ProgressScreen #progress-scroll { height: 1fr; }
    ProgressScreen #progress-body { padding: 1 2; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="progress-scroll"):
            yield Static("", id="progress-body")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Progress"
        self.refresh_table()

    def rows(self):
        from ...teaching.mastery import table, user_table
        store = getattr(self.app, "store", None)
        if store is None:
            return table({}, {})
        try:
            return user_table(store, self.app.user)
        except Exception:
            return table({}, {})

    def refresh_table(self) -> None:
        from ...teaching.mastery import confusion_lines, suggestion_text
        rows = self.rows()
        lines = [suggestion_text(rows), "p: practise it   Esc: back"]
        store = getattr(self.app, "store", None)
        mixups = []
        if store is not None:
            try:
                mixups = confusion_lines(store, self.app.user)
            except Exception:
                mixups = []
        if mixups:
            lines += ["", "Mix-ups to watch:"] + [f"  {m}" for m in mixups]
        lines += ["", f"{'technique':38} {'mastery':>7}  {'tries':>9}", ""]
        lines += [r.text() for r in rows]
        self.text = "\n".join(lines)
        self.query_one("#progress-body", Static).update(self.text)

    def action_practise(self) -> None:
        from ...teaching.mastery import suggest
        pick = suggest(self.rows())
        if pick is None:
            return
        self.app.pop_screen()
        self.app.push_screen(QuizScreen(target=pick.technique, kind="find-all"))
