"""Placeholder app screen until the full tutor app lands."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class TutorApp(App):
    TITLE = "sudoku-tutor"
    BINDINGS = [("q", "quit", "Quit")]

    def __init__(self, puzzle: str | None = None, **options):
        super().__init__()
        self.puzzle = puzzle

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("sudoku-tutor: the app is on its way.", id="placeholder")
        yield Footer()
