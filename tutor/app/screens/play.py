"""The main screen: the candidate grid, and a side panel with the Lesson,
Log and Steps tabs.

This module holds the screen's frame: its layout, the game it shows (start,
load, save), the status line, the log and the Lesson tab.  Its other ideas
each have a room, joined here as parts of one screen: the playing keys and
the mouse (play_keys.py), the hint ladder (play_hints.py), claims and the
judge (play_claims.py), the rating and the Steps tab (play_steps.py),
solving up to a technique (play_solve.py).

Whatever the tutor says goes to the Log; while another tab is in front,
the latest of it shows under the status line too, where the learner looks:
the last hint, verdict or warning, and the plain notes after it.

Sudoku facts come from the engine (steps, solution) and the judge
(verdicts); this screen only moves the learner's state around and shows it.
"""
from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static, TabbedContent, TabPane, Tree
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.grid import cell_name
from ...engine.position import Position
from .. import catalog
from ..game import COLOUR_NAMES, Change, Game
from ..hints import HintState
from ..widgets.grid import LAYOUTS, NO_HIGHLIGHT, Highlight, SudokuGrid, choose_layout
from ..widgets.role_view import panel_text
from ..widgets.grid_layout import fitting_layouts
from . import SCREENS
from .play_claims import ClaimJudge
from .play_hints import HintLadder
from .play_keys import GameKeys
from .play_log import LOG_KEEP, LOG_STYLES, LatestLines, PlayLog, breakable
from .play_solve import SolveUpTo
from .play_steps import StepsTab, StepsTree
from ..widgets.footer import KeyBar

NO_LESSON = ("No lesson open yet. Press L to open the lessons; in a lesson, t tries an "
             "example here on the grid.")


class StatusLine(Widget):
    """One line of state (cursor cell, mode, pending prefix); changing it
    repaints the line without a layout pass."""

    text: reactive[str] = reactive("", layout=False)

    def render(self) -> Text:
        return Text(self.text)


def _screen_bindings() -> list[Binding]:
    out = []
    for name, entry in SCREENS.items():
        if entry.key:
            out.append(Binding(entry.key, f"app.open_screen('{name}')", entry.description,
                               show=entry.show))
    return out


class PlayScreen(GameKeys, HintLadder, ClaimJudge, StepsTab, SolveUpTo, Screen):
    """The grid and its side panel."""

    BINDINGS = [
        Binding("H", "hint", "Hint"),
        Binding("S", "apply_singles", "Apply every single (u takes them back)", show=False),
        Binding("U", "choose_limit", "Solve up to a technique or level (u takes it back)",
                show=False),
        Binding("p,space", "toggle_pencil", "Pencil"),
        Binding("x", "claim_prefix", "Claim"),
        Binding("enter", "submit", "Submit"),
        Binding("b", "submit_by", "Submit naming the technique", show=False),
        Binding("c", "check", "Check"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo", show=False),
        Binding("a", "fill", "Fill in all candidates", show=False),
        Binding("A", "toggle_auto", "Auto-update candidates", show=False),
        Binding("f", "digit_prefix", "Highlight a digit (f then 1-9)", show=False),
        Binding("X", "clear_marks", "Clear claim marks", show=False),
        Binding("0,delete,backspace", "clear_cell", "Clear the cell", show=False),
        Binding("escape", "escape", "Keys back to the grid; cancel; clear the highlight",
                show=False),
        Binding("z", "cycle_layout", "Grid size", show=False),
        Binding("C", "clear_candidates", "Clear all candidates (pencil them yourself)",
                show=False),
        Binding("v", "colour_prefix", "Colour a candidate (v then 1-9; v then 0 clears all)",
                show=False),
        Binding("V", "next_colour", "Next colour: a, A (first pair), b, B (second pair)",
                show=False),
        Binding("right_square_bracket", "next_example", "Next lesson example (after t)",
                show=False),
        Binding("s", "show_tab('steps')", "Steps tab", show=False),
        Binding("g", "show_tab('log')", "Log tab", show=False),
        *[Binding(str(d), f"digit({d})", "Place a digit (pencil: toggle it; after x: mark it)",
                  show=False) for d in range(1, 10)],
        *_screen_bindings(),
    ]

    DEFAULT_CSS = """
    PlayScreen #main { height: 1fr; }
    PlayScreen #board { width: auto; height: 100%; }
    PlayScreen #side { width: 1fr; min-width: 20; height: 100%; }
    PlayScreen #status-bar { height: 1; background: $panel; }
    PlayScreen #status { height: 1; width: 1fr; max-width: 36; padding: 0 1; background: $panel; }
    PlayScreen #latest { height: auto; max-height: 6; padding: 0 1; display: none; }
    PlayScreen #latest.-shown { display: block; }
    PlayScreen #chain-line { height: auto; max-height: 8; padding: 0 1; display: none; }
    PlayScreen #chain-line.-shown { display: block; }
    PlayScreen TabbedContent { height: 1fr; }
    PlayScreen TabPane { padding: 0; }
    PlayScreen RichLog { height: 1fr; scrollbar-size-vertical: 1; }
    PlayScreen Tree { height: 1fr; scrollbar-size-vertical: 1; }
    PlayScreen #lesson-pane { height: 1fr; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    /* the panel is 25 columns at 80x24: Markdown's own margins would leave 19 */
    PlayScreen #lesson-pane Markdown { padding: 0; }
    PlayScreen #lesson-pane MarkdownH1 { margin: 0 0 1 0; content-align: left middle; }
    """

    def __init__(self, game: Game, notes=(), **kwargs) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.notes = list(notes)                # (text, kind) logged once mounted
        self.pencil = False
        self.pending: str | None = None        # 'x', 'f' or 'v' waiting for a digit
        self.colour = 1                         # the colour `v` gives (1-4: a, A, b, B)
        self.digit = 0
        self.highlight = NO_HIGHLIGHT
        self._chain_shown = ""                  # the chain line's text (empty: hidden)
        self.hint = HintState()
        self.hint_busy = False
        self.judge_busy = False
        self.layout_choice = "auto"
        self.layout_by_z = False                # the size was picked with z (it follows resizes)
        self.log_lines: list[str] = []          # plain text of the log (tests read it)
        self.rating = ""
        self.rating_short = ""
        self.rating_counts: dict = {}
        self.steps: list = []
        self.step_counts: dict[str, int] = {}   # technique id -> steps found (Steps tab)
        self.steps_key = None
        self.started = time.monotonic()
        self.hints_used = 0
        self._steps_timer = None
        self._focus_technique: str | None = None
        self.was_solved = False                 # announce a solve once, however it came
        self.lesson_try = None                  # a lesson example being tried (lesson_links.py)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield SudokuGrid(self.game.position, id="grid")
            with Vertical(id="side"):
                with Horizontal(id="status-bar"):
                    yield StatusLine(id="status")
                # the Log's latest lines, while another tab is in front
                yield LatestLines(id="latest")
                # the chain and the roles of the step on the grid, lettered as on the grid
                yield Static(Text(""), id="chain-line")
                with TabbedContent(initial="log", id="tabs"):
                    with TabPane("Lesson", id="lesson"):
                        with VerticalScroll(id="lesson-pane"):
                            yield Static(NO_LESSON, id="lesson-text")
                    with TabPane("Log", id="log"):
                        yield PlayLog(id="log-view", wrap=True, markup=False, min_width=16,
                                      auto_scroll=True, max_lines=LOG_KEEP)
                    with TabPane("Steps", id="steps"):
                        # labels are Text, never str: a str label is parsed as Rich markup,
                        # which loads Rich's emoji table (about 1.1 MB per process)
                        yield StepsTree(Text("steps"), id="steps-tree")
        yield KeyBar()

    @property
    def grid(self) -> SudokuGrid:
        return self.query_one("#grid", SudokuGrid)

    def on_mount(self) -> None:
        tree = self.query_one("#steps-tree", Tree)
        tree.show_root = False
        tree.guide_depth = 2
        self._apply_layout()
        self.grid.cursor_follows_focus = True
        self.grid.focus()
        self.grid.cursor_listener = lambda cell: self._update_status()
        for text, kind in self.notes:
            self.log_line(text, kind)
        self.start_game(self.game, announce=False)

    def on_resize(self, event) -> None:
        self._apply_layout()
        if self.rating:
            self._show_rating()
        self.call_after_refresh(self.fit_step_headers)

    def _apply_layout(self) -> None:
        size = self.app.size
        if self.layout_by_z and self.layout_choice != "auto" and \
                LAYOUTS[self.layout_choice] not in fitting_layouts(size.width, size.height - 2):
            self.layout_choice = "auto"        # a size chosen with z that no longer fits
        if self.layout_choice == "auto":
            lay = choose_layout(size.width, size.height - 2)
        else:
            lay = LAYOUTS[self.layout_choice]
        self.grid.set_layout(lay)

    # ------------------------------------------------------------ focus
    def on_descendant_focus(self, event) -> None:
        self._update_status()

    def on_descendant_blur(self, event) -> None:
        self._update_status()

    def keys_on_grid(self) -> bool:
        """Whether the grid has the keys.  If not, it gets them back and the
        key that asked does nothing: a digit never lands in a cell the
        learner cannot see selected."""
        if self.grid.has_focus:
            return True
        self.grid.focus()
        self.log_line(f"The grid has the keys again (cursor at {cell_name(self.grid.cursor)}); "
                      "press the key again.", "info")
        return False

    # ------------------------------------------------------------ game life
    def start_game(self, game: Game, announce: bool = True) -> None:
        """Show a (new) game: reset the hint ladder, highlights, steps, rating."""
        self.game = game
        self.pending = None
        self.lesson_try = None
        self.query_one("#latest", LatestLines).clear()   # an earlier game's news is old
        self._show_latest()
        self.was_solved = game.is_solved()
        self.highlight = NO_HIGHLIGHT
        self.hint.reset()
        self.started = time.monotonic()
        self.hints_used = 0
        self.rating = self.rating_short = ""
        self.rating_counts = {}
        self.steps, self.steps_key = [], None
        self.title = game.name
        self.sub_title = "rating…"
        self._refresh_grid()
        if announce:
            self.log_line(f"New game: {game.name}", "info")
        self._save()
        self.app.set_activity(f"puzzle {game.name}")
        # the rating runs in a thread once the grid is on screen (it shares the GIL)
        self.set_timer(0.15, self.rate_puzzle)
        self._schedule_steps()

    def load_game(self, game: Game) -> None:
        self.start_game(game)

    def load_catalog(self, puzzle: "catalog.Puzzle") -> None:
        game = Game.from_text(puzzle.givens, name=puzzle.name)
        if getattr(self.app, "start_without_candidates", False):
            game.without_candidates()
        self.start_game(game)

    def load_random(self, level: str) -> None:
        self.load_catalog(catalog.random_puzzle(level))

    def load_position(self, position: Position | str, name: str = "position",
                      step=None) -> None:
        """Used by other screens (lessons, quizzes): play this position,
        optionally with a step highlighted."""
        if isinstance(position, str):
            game = Game.from_text(position, name=name)
        else:
            game = Game(position, name)
        self.start_game(game)
        if step is not None:
            self.show_step(step)

    # ------------------------------------------------------------ refresh
    def _refresh_grid(self) -> None:
        self.grid.update(position=self.game.position, cursor=self.grid.cursor,
                         marks=self.game.marks, conflicts=self.game.conflicts(),
                         highlight=self.highlight, digit=self.digit, colours=self.game.colours)
        self._show_chain_line()
        self._update_status()

    def _show_chain_line(self) -> None:
        """The shown step's chain as numbered Eureka text and its roles in
        words, as the grid letters them (empty: hidden)."""
        text = panel_text(self.highlight)
        if text == self._chain_shown:
            return          # (the grid refreshes on every move: no repaint for nothing)
        self._chain_shown = text
        line = self.query_one("#chain-line", Static)
        line.update(Text(text))
        line.set_class(bool(text), "-shown")

    def _update_status(self) -> None:
        g = self.game
        mode = "PENCIL" if self.pencil else "normal"
        parts = [cell_name(self.grid.cursor), mode]
        if self.pending in ("x", "f"):
            parts.append(f"{self.pending}: digit?")
        elif self.pending == "v":
            parts.append(f"v: digit? (colour {COLOUR_NAMES[self.colour]})")
        elif g.colours:
            parts.append(f"colour {COLOUR_NAMES[self.colour]}")
        if g.marks:
            parts.append(f"{len(g.marks)} marked")
        if self.digit:
            parts.append(f"#{self.digit}")
        if not g.auto_update:
            parts.append("manual")
        if self.is_mounted and not self.grid.has_focus:
            parts.append("(Esc: grid)")          # the keys are elsewhere
        if getattr(self.app, "save_status", ""):
            parts.append(self.app.save_status)
        self.query_one("#status", StatusLine).text = " ".join(parts)

    def set_highlight(self, highlight: Highlight) -> None:
        self.highlight = highlight
        self.grid.update(highlight=highlight)
        self._show_chain_line()

    def show_step(self, step, effects: bool = True) -> None:
        self.set_highlight(Highlight.of_step(step, effects))

    def set_digit(self, d: int) -> None:
        self.digit = d
        self.grid.update(digit=d)
        self._update_status()

    def after_change(self, change: Change | None, keep_highlight: bool = False) -> None:
        if change is None:
            return
        if not keep_highlight:
            self.highlight = NO_HIGHLIGHT
        self._refresh_grid()
        self._save()
        self._schedule_steps()
        solved = self.game.is_solved()
        if solved and not self.was_solved:
            self.announce_solved()
        self.was_solved = solved
        if self.lesson_try is not None:
            self.lesson_try.check(self, change)

    def announce_solved(self) -> None:
        """However the last digit came (typed, a hint, a redo): say so, and
        keep it (the saved game and the activity the teacher sees)."""
        secs = int(time.monotonic() - self.started)
        self.log_line(f"Solved {self.game.name} in {secs // 60} min {secs % 60} s "
                      f"with {self.hints_used} hint steps. Well done! n picks another puzzle.",
                      "ok")
        self.app.set_activity(f"solved {self.game.name}")

    def _save(self) -> None:
        store = self.app.store
        if store is None:
            return
        rec = self.game.to_record()
        try:
            store.save_game(self.app.user, rec["puzzle_name"], rec["givens"],
                            rec["position_text"], rec["history"])
        except Exception as e:  # never lose the game over a full disk
            self.log_line(f"Could not save the game: {e}", "bad")

    # ------------------------------------------------------------ log
    def log_line(self, text: str, kind: str = "info") -> None:
        self.log_lines.append(text)
        if len(self.log_lines) > LOG_KEEP:
            del self.log_lines[:-LOG_KEEP]
        line = Text(breakable(text), style=LOG_STYLES.get(kind, ""))
        self.query_one("#log-view", PlayLog).add(line)
        self.query_one("#latest", LatestLines).add(line, kind)
        self._show_latest()

    def _show_latest(self) -> None:
        """The latest lines under the status line, unless the Log is in front."""
        latest = self.query_one("#latest", LatestLines)
        latest.set_class(bool(latest.lines) and self.query_one("#tabs", TabbedContent).active
                         != "log", "-shown")

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self._show_latest()

    def show_tab(self, tab: str) -> None:
        self.query_one("#tabs", TabbedContent).active = tab
        if tab == "steps":
            self._schedule_steps(now=True)

    def action_show_tab(self, tab: str) -> None:
        self.show_tab(tab)

    def close_answers(self) -> None:
        """A locked class test starts: empty the Steps and Lesson tabs."""
        self.close_steps()
        pane = self.query_one("#lesson-pane", VerticalScroll)
        pane.remove_children()
        pane.mount(Static(Text("Lessons are closed during the class test.")))
        self.show_tab("log")

    def set_lesson(self, content, title: str | None = None) -> None:
        """Put a lesson (Markdown text or a widget) in the Lesson tab and show it."""
        pane = self.query_one("#lesson-pane", VerticalScroll)
        pane.remove_children()
        if isinstance(content, str):
            from textual.widgets import Markdown
            pane.mount(Markdown(content))
        else:
            pane.mount(content)
        if title:
            self.query_one("#tabs", TabbedContent).get_tab("lesson").label = title[:12]
        self.show_tab("lesson")
