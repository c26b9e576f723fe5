"""Pick a shipped puzzle: a level, then a puzzle of it (dismisses with a
catalog.Puzzle or None).

The focus starts on the level list: Up/Down choose the level (its puzzles
show at once on the right), Right, Enter or Tab go into its puzzles, Left or
shift+Tab back.  Enter loads the highlighted puzzle, `r` a random one of the
level shown, `c` switches between puzzles starting with every candidate and
with none.  Each puzzle shows its score and hardest technique, worked out by
the engine in a worker thread, one puzzle after another, as the level is
shown (never on the UI thread).
"""
from __future__ import annotations

import random
import time

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from .. import catalog
from .play_steps import fit_text

BATCH_SECONDS = 0.2         # ratings reach the list at most this often


def puzzle_prompt(puzzle: "catalog.Puzzle", width: int) -> Text:
    """'#12   24 givens  score   730  Naked Subset (LockedSet)', fitted to
    `width` columns (the hardest technique is cut, never the rest)."""
    givens = sum(ch != "." for ch in puzzle.givens)
    head = f"#{puzzle.number:<4} {givens:>2} givens  "
    rating = catalog.known_rating(puzzle)
    if rating is None:
        return Text(head + "rating…")
    from ...engine.registry import get
    technique = get(rating.hardest) if rating.hardest else None
    hardest = technique.short if technique else "no step"
    if not rating.solved:
        hardest = f"stuck after {hardest}"
    head += f"score {rating.score:>5}  "
    return Text(head + fit_text(hardest, max(8, width - len(head))))


class PuzzlePicker(ModalScreen["catalog.Puzzle | None"]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("r", "random", "Random puzzle of this level"),
        Binding("c", "candidates", "Start with / without candidates"),
        Binding("right", "into_puzzles", "The level's puzzles", show=False),
        Binding("left", "to_levels", "The levels", show=False),
    ]
    DEFAULT_CSS = """
    PuzzlePicker { align: center middle; }
    PuzzlePicker > Vertical {
        width: 96%; max-width: 110; height: 90%;
        border: thick $primary; background: $surface;
    }
    PuzzlePicker #levels { width: 16; height: 1fr; }
    PuzzlePicker #list { width: 1fr; height: 1fr; }
    PuzzlePicker Label { width: 1fr; padding: 0 1; }
    """

    def __init__(self, level: str | None = None, **_):
        super().__init__()
        self.level = level if level in catalog.LEVEL_IDS else None
        self.shown: list = []            # the level's puzzles, in list order

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("", id="picker-help")
            with Horizontal():
                yield OptionList(*[Option(lv.title, id=lv.id) for lv in catalog.LEVELS],
                                 id="levels")
                yield OptionList(id="list")

    def on_mount(self) -> None:
        if self.level is None:          # the level of the puzzle being played
            play = getattr(self.app, "play", None)
            now = catalog.find_by_name(play.game.name) if play is not None else None
            self.level = now.level if now is not None else "easy"
        levels = self.query_one("#levels", OptionList)
        levels.highlighted = catalog.LEVEL_IDS.index(self.level)
        self._fill(self.level)
        levels.focus()
        self._show_help()

    def _show_help(self) -> None:
        title = catalog.LEVEL_BY_ID[self.level].title
        cands = "none" if getattr(self.app, "start_without_candidates", False) else "all"
        self.query_one("#picker-help", Label).update(Text(
            f"Up/Down: level · Right/Enter: its puzzles · Enter loads one · r: a random "
            f"{title} puzzle · c: candidates at start ({cands}) · Esc"))

    def _list_width(self) -> int:
        width = self.query_one("#list", OptionList).scrollable_content_region.width
        return (width or 56) - 1

    def _fill(self, level: str) -> None:
        self.level = level
        lst = self.query_one("#list", OptionList)
        lst.clear_options()
        self.shown = list(catalog.puzzles(level))
        width = self._list_width()
        lst.add_options([Option(puzzle_prompt(p, width), id=f"{level}:{p.number}")
                         for p in self.shown])
        lst.highlighted = 0
        if self.is_mounted:
            self._show_help()
        self.rate_level(level)

    # ------------------------------------------------------------ ratings
    @work(thread=True, exclusive=True, group="ratings")
    def rate_level(self, level: str) -> None:
        worker = get_current_worker()
        batch: list = []
        last = time.monotonic()
        for puzzle in catalog.puzzles(level):
            if worker.is_cancelled:
                return
            if catalog.known_rating(puzzle) is None:
                catalog.rate(puzzle)
                batch.append(puzzle)
            if batch and time.monotonic() - last >= BATCH_SECONDS:
                self.app.call_from_thread(self._rated, level, batch)
                batch, last = [], time.monotonic()
        if batch and not worker.is_cancelled:
            self.app.call_from_thread(self._rated, level, batch)

    def _rated(self, level: str, puzzles: list) -> None:
        if level != self.level or self.app.screen is not self:
            return                  # another level shown, or the picker has closed
        lst = self.query_one("#list", OptionList)
        width = self._list_width()
        for p in puzzles:
            lst.replace_option_prompt(f"{level}:{p.number}", puzzle_prompt(p, width))

    # ------------------------------------------------------------ moving
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "levels" and event.option.id != self.level:
            self._fill(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "levels":
            if event.option.id != self.level:
                self._fill(event.option.id)
            self.action_into_puzzles()
            return
        level, num = event.option.id.split(":")
        self.dismiss(catalog.get(level, int(num)))

    def action_into_puzzles(self) -> None:
        self.query_one("#list", OptionList).focus()

    def action_to_levels(self) -> None:
        self.query_one("#levels", OptionList).focus()

    def action_random(self) -> None:
        self.dismiss(catalog.random_puzzle(self.level, random.Random()))

    def action_candidates(self) -> None:
        from ..commands import toggle_start_without_candidates
        toggle_start_without_candidates(self.app)
        self._show_help()

    def action_cancel(self) -> None:
        self.dismiss(None)
