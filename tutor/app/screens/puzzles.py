"""Pick a shipped puzzle by level (dismisses with a catalog.Puzzle or None)."""
from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from .. import catalog


class PuzzlePicker(ModalScreen["catalog.Puzzle | None"]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("r", "random", "Random puzzle of this level"),
    ]
    DEFAULT_CSS = """
    PuzzlePicker { align: center middle; }
    PuzzlePicker > Vertical {
        width: 96%; max-width: 110; height: 90%;
        border: thick $primary; background: $surface;
    }
    PuzzlePicker #levels { width: 18; height: 1fr; }
    PuzzlePicker #list { width: 1fr; height: 1fr; }
    PuzzlePicker Label { width: 1fr; padding: 0 1; }
    """

    def __init__(self, level: str = "easy", **_):
        super().__init__()
        self.level = level if level in catalog.LEVEL_IDS else "easy"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Choose a level, then a puzzle (Enter loads, r = random, Esc = cancel)")
            with Horizontal():
                yield OptionList(*[Option(lv.title, id=lv.id) for lv in catalog.LEVELS], id="levels")
                yield OptionList(id="list")

    def on_mount(self) -> None:
        levels = self.query_one("#levels", OptionList)
        levels.highlighted = catalog.LEVEL_IDS.index(self.level)
        self._fill(self.level)
        self.query_one("#list", OptionList).focus()

    def _fill(self, level: str) -> None:
        self.level = level
        lst = self.query_one("#list", OptionList)
        lst.clear_options()
        lst.add_options([
            Option(f"#{p.number:<4}" + (f"rated {p.rating:<5}" if p.rating else "")
                   + f"{p.givens[:27]}…  {sum(ch != '.' for ch in p.givens)} givens",
                   id=f"{level}:{p.number}")
            for p in catalog.puzzles(level)
        ])
        lst.highlighted = 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "levels" and event.option.id != self.level:
            self._fill(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "levels":
            self._fill(event.option.id)
            self.query_one("#list", OptionList).focus()
            return
        level, num = event.option.id.split(":")
        self.dismiss(catalog.get(level, int(num)))

    def action_random(self) -> None:
        self.dismiss(catalog.random_puzzle(self.level, random.Random()))

    def action_cancel(self) -> None:
        self.dismiss(None)
