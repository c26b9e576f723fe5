"""The main screen: the candidate grid, and a side panel with the Lesson,
Log and Steps tabs.  All the playing keys live here.

Sudoku facts come from the engine (steps, solution) and the judge
(verdicts); this screen only moves the learner's state around and shows it.
"""
from __future__ import annotations

import time

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, RichLog, Static, TabbedContent, TabPane, Tree
from textual.reactive import reactive
from textual.widget import Widget
from textual.worker import get_current_worker

from ...engine.grid import cell_name
from ...engine.position import Position
from .. import catalog
from ..game import Change, Game, GameError
from ..hints import (LADDER_TOP, HintState, claim_text, kind_name, problem_text, rung_text,
                     verdict_line)
from ..widgets.grid import LAYOUTS, NO_HIGHLIGHT, Highlight, SudokuGrid, choose_layout
from . import SCREENS

STEP_LEAVES = 200        # steps shown per technique in the Steps tab

LOG_STYLES = {"info": "", "ok": "bold green", "bad": "bold red", "warn": "bold yellow",
              "hint": "cyan", "verdict": "bold"}


def step_label(step) -> str:
    """A short line for the Steps tab: what the step does, then its pattern
    (the technique is already the group's title)."""
    from ...engine.grid import cells_name
    from ...engine.step import effects_text
    effect = effects_text(step.eliminations, step.placements)
    touched = {i for i, _ in step.eliminations} | {i for i, _ in step.placements}
    if not step.cells or set(step.cells) <= touched:
        return effect
    digits = "".join(map(str, sorted(step.digits)))
    return f"{effect} · {cells_name(step.cells)}" + (f" #{digits}" if digits else "")


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


class PlayScreen(Screen):
    """The grid and its side panel."""

    BINDINGS = [
        Binding("H", "hint", "Hint"),
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
        Binding("escape", "escape", "Cancel / clear highlight", show=False),
        Binding("z", "cycle_layout", "Grid size", show=False),
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
    PlayScreen TabbedContent { height: 1fr; }
    PlayScreen TabPane { padding: 0; }
    PlayScreen RichLog { height: 1fr; scrollbar-size-vertical: 1; }
    PlayScreen Tree { height: 1fr; scrollbar-size-vertical: 1; }
    PlayScreen #lesson-pane { height: 1fr; padding: 0 1; }
    """

    def __init__(self, game: Game, notes=(), **kwargs) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.notes = list(notes)                # (text, kind) logged once mounted
        self.pencil = False
        self.pending: str | None = None        # 'x' or 'f' waiting for a digit
        self.digit = 0
        self.highlight = NO_HIGHLIGHT
        self.hint = HintState()
        self.hint_busy = False
        self.judge_busy = False
        self.layout_choice = "auto"
        self.log_lines: list[str] = []          # plain text of the log (tests read it)
        self.rating = ""
        self.rating_counts: dict = {}
        self.steps: list = []
        self.steps_key = None
        self.started = time.monotonic()
        self.hints_used = 0
        self._steps_timer = None
        self._focus_technique: str | None = None

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield SudokuGrid(self.game.position, id="grid")
            with Vertical(id="side"):
                with Horizontal(id="status-bar"):
                    yield StatusLine(id="status")
                with TabbedContent(initial="log", id="tabs"):
                    with TabPane("Lesson", id="lesson"):
                        with VerticalScroll(id="lesson-pane"):
                            yield Static("No lesson open yet. Lessons about each technique "
                                         "will show here.", id="lesson-text")
                    with TabPane("Log", id="log"):
                        yield RichLog(id="log-view", wrap=True, markup=False, min_width=16,
                                      auto_scroll=True)
                    with TabPane("Steps", id="steps"):
                        # labels are Text, never str: a str label is parsed as Rich markup,
                        # which loads Rich's emoji table (about 1.1 MB per process)
                        yield Tree(Text("steps"), id="steps-tree")
        yield Footer()

    @property
    def grid(self) -> SudokuGrid:
        return self.query_one("#grid", SudokuGrid)

    def on_mount(self) -> None:
        tree = self.query_one("#steps-tree", Tree)
        tree.show_root = False
        tree.guide_depth = 2
        self._apply_layout()
        self.grid.focus()
        self.grid.cursor_listener = lambda cell: self._update_status()
        for text, kind in self.notes:
            self.log_line(text, kind)
        self.start_game(self.game, announce=False)

    def on_resize(self, event) -> None:
        self._apply_layout()
        if self.rating:
            self._show_rating()

    def _apply_layout(self) -> None:
        if self.layout_choice == "auto":
            size = self.app.size
            lay = choose_layout(size.width, size.height - 2)
        else:
            lay = LAYOUTS[self.layout_choice]
        self.grid.set_layout(lay)

    # ------------------------------------------------------------ game life
    def start_game(self, game: Game, announce: bool = True) -> None:
        """Show a (new) game: reset the hint ladder, highlights, steps, rating."""
        self.game = game
        self.pending = None
        self.highlight = NO_HIGHLIGHT
        self.hint.reset()
        self.started = time.monotonic()
        self.hints_used = 0
        self.rating = ""
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
        self.start_game(Game.from_text(puzzle.givens, name=puzzle.name))

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
                         highlight=self.highlight, digit=self.digit)
        self._update_status()

    def _update_status(self) -> None:
        g = self.game
        mode = "PENCIL" if self.pencil else "normal"
        parts = [cell_name(self.grid.cursor), mode]
        if self.pending == "x":
            parts.append("x: digit?")
        elif self.pending == "f":
            parts.append("f: digit?")
        if g.marks:
            parts.append(f"{len(g.marks)} marked")
        if self.digit:
            parts.append(f"#{self.digit}")
        if not g.auto_update:
            parts.append("manual")
        self.query_one("#status", StatusLine).text = " ".join(parts)

    def set_highlight(self, highlight: Highlight) -> None:
        self.highlight = highlight
        self.grid.update(highlight=highlight)

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
        view = self.query_one("#log-view", RichLog)
        view.write(Text(text, style=LOG_STYLES.get(kind, "")))

    def show_tab(self, tab: str) -> None:
        self.query_one("#tabs", TabbedContent).active = tab
        if tab == "steps":
            self._schedule_steps(now=True)

    def action_show_tab(self, tab: str) -> None:
        self.show_tab(tab)

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

    # ------------------------------------------------------------ rating
    @work(thread=True, exclusive=True, group="rating")
    def rate_puzzle(self) -> None:
        from ...engine.finder import technique_name
        from ...engine.solve import logic_solve
        game = self.game
        start = game.start.copy()
        result = logic_solve(start)
        if get_current_worker().is_cancelled:
            return
        if result.status == "solved" and result.hardest:
            text = f"rated {technique_name(result.hardest)}, {len(result.steps)} steps"
        elif result.status == "solved":
            text = "already solved"
        else:
            hardest = technique_name(result.hardest) if result.hardest else "nothing"
            text = f"beyond the ladder (stuck after {hardest})"
        self.app.call_from_thread(self._set_rating, game, text, dict(result.counts))

    def _set_rating(self, game: Game, text: str, counts: dict | None = None) -> None:
        if game is self.game:
            self.rating = text
            self.rating_counts = counts or {}
            self._show_rating()

    def _show_rating(self) -> None:
        """The rating in the header; the counts per technique too when wide."""
        from ...engine.finder import technique_name
        text = self.rating or "rating…"
        if self.rating_counts and self.app.size.width >= 120:
            counts = sorted(self.rating_counts.items(), key=lambda kv: -kv[1])
            text += " (" + ", ".join(f"{n} {technique_name(t)}" for t, n in counts) + ")"
        self.sub_title = text

    # ------------------------------------------------------------ steps tab
    def _schedule_steps(self, now: bool = False) -> None:
        tabs = self.query_one("#tabs", TabbedContent)
        if tabs.active != "steps":
            return
        if self._steps_timer is not None:
            self._steps_timer.stop()
        if now:
            self.compute_steps()
        else:
            self._steps_timer = self.set_timer(0.25, self.compute_steps)

    @on(TabbedContent.TabActivated)
    def _tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "steps":
            self._schedule_steps(now=True)

    @work(thread=True, exclusive=True, group="steps")
    def compute_steps(self) -> None:
        from ...engine.finder import ladder
        pos = self.game.position.copy()
        key = pos.key()
        if key == self.steps_key:
            return
        worker = get_current_worker()
        self.app.call_from_thread(self._steps_begin, key)
        for t in ladder():
            if worker.is_cancelled:
                return
            found = t.finder(pos)
            if found:
                self.app.call_from_thread(self._steps_add, key, t, found)
        self.app.call_from_thread(self._steps_done, key)

    def _steps_begin(self, key) -> None:
        tree = self.query_one("#steps-tree", Tree)
        tree.clear()
        tree.root.add_leaf(Text("(looking…)"), data=None)
        self.steps = []

    def _steps_add(self, key, technique, found) -> None:
        if key != self.game.position.key():
            return
        tree = self.query_one("#steps-tree", Tree)
        if not self.steps:
            tree.clear()
        self.steps.extend(found)
        node = tree.root.add(Text(f"{technique.name} ({len(found)})"), data=technique.id,
                             expand=len(found) <= 12)
        for step in found[:STEP_LEAVES]:
            node.add_leaf(Text(step_label(step)), data=step)
        if len(found) > STEP_LEAVES:
            node.add_leaf(Text(f"… {len(found) - STEP_LEAVES} more (sudoku-tutor steps)"),
                          data=None)

    def _steps_done(self, key) -> None:
        if key != self.game.position.key():
            return
        self.steps_key = key
        if not self.steps:
            tree = self.query_one("#steps-tree", Tree)
            tree.clear()
            tree.root.add_leaf(Text("no step on the ladder applies"), data=None)

    @on(Tree.NodeHighlighted, "#steps-tree")
    def _step_highlighted(self, event: Tree.NodeHighlighted) -> None:
        step = event.node.data
        if step is not None and not isinstance(step, str):
            self.show_step(step)

    @on(Tree.NodeSelected, "#steps-tree")
    def _step_selected(self, event: Tree.NodeSelected) -> None:
        step = event.node.data
        if step is not None and not isinstance(step, str):
            self.show_step(step)
            self.log_line(step.text, "hint")

    def show_technique(self, technique_id: str) -> None:
        """Open the Steps tab on one technique's steps (palette command)."""
        self.show_tab("steps")
        self._focus_technique = technique_id
        self.set_timer(0.05, self._expand_technique)

    def _expand_technique(self) -> None:
        tid = self._focus_technique
        tree = self.query_one("#steps-tree", Tree)
        for node in tree.root.children:
            if node.data == tid:
                node.expand()
                tree.move_cursor(node)
                tree.focus()
                return
        if self.steps_key != self.game.position.key():
            self.set_timer(0.2, self._expand_technique)
        else:
            from ...engine.finder import technique_name
            self.log_line(f"No {technique_name(tid)} in this position.", "info")

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

    # ------------------------------------------------------------ hints
    def action_hint(self) -> None:
        if self.hint_busy:
            self.log_line("Still looking for a step…", "info")
            return
        game = self.game
        if game.is_solved():
            self.log_line("The puzzle is solved; no hint needed.", "ok")
            return
        key = game.position.key()
        if self.hint.key != key:
            self.hint.reset(key)
        if self.hint.problem is not None:
            change = self._guard(lambda: game.repair(self.hint.problem))
            self.log_line("Repaired your grid at the cells named above (u undoes it).", "hint")
            self.hint.reset(game.position.key())
            if change is not None:
                self._record_hint("repair", 0)
            return
        if self.hint.step is None:
            check = game.check()
            if not check.unknown and not check.ok:
                self.hint.problem = check
                self.log_line(problem_text(check), "warn")
                self.set_highlight(Highlight(failing=frozenset(check.cells), label="mistakes"))
                self.move_cursor(check.cells[0])
                self._record_hint("mistake", 0)
                return
            self.hint_busy = True
            self.log_line("Looking for the simplest step…", "info")
            self.find_hint(game.position.copy(), key)
            return
        self._next_rung()

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, pos: Position, key) -> None:
        from ...engine.finder import next_step
        try:
            step = next_step(pos)
        finally:
            self.app.call_from_thread(setattr, self, "hint_busy", False)
        self.app.call_from_thread(self._hint_found, key, step)

    def _hint_found(self, key, step) -> None:
        if key != self.game.position.key():
            return
        if step is None:
            self.log_line("No technique on the ladder applies here; the tutor is stuck too.",
                          "warn")
            return
        self.hint.step = step
        self._next_rung()

    def _next_rung(self) -> None:
        h = self.hint
        limit = getattr(self.app, "hint_limit", None)      # set while a class push locks hints
        if limit is not None and h.level >= limit:
            self.log_line("Hints are off during this class test." if limit <= 0 else
                          f"Hints stop at level {limit} during this class test.", "warn")
            return
        step = h.step
        h.level = min(h.level + 1, LADDER_TOP)
        level = h.level
        self.hints_used += 1
        self._record_hint(step.technique, level)
        if level == 1:
            self.log_line(rung_text(step, 1), "hint")
        elif level == 2:
            self.log_line(rung_text(step, 2), "hint")
            from ...engine.grid import HOUSES
            from ..hints import where_houses
            cells = frozenset(c for hh in where_houses(step) for c in HOUSES[hh])
            self.set_highlight(Highlight(cells=cells, label=f"where: {kind_name(step)}"))
        elif level == 3:
            self.log_line(rung_text(step, 3), "hint")
            self.show_step(step, effects=False)
        elif level == 4:
            self.log_line(rung_text(step, 4), "hint")
            self.show_step(step, effects=True)
        else:
            self.log_line(rung_text(step, 5), "hint")
            change = self.game.apply_step(step, label=f"hint: {step.name}")
            self.highlight = Highlight.of_step(step, effects=True)
            self.after_change(change, keep_highlight=True)
            self.hint.reset(self.game.position.key())

    def _record_hint(self, technique: str, level: int) -> None:
        store = self.app.store
        if store is not None:
            try:
                store.record_hint(self.app.user, technique, level)
            except Exception as e:
                self.log_line(f"Could not record the hint: {e}", "bad")

    # ------------------------------------------------------------ claims
    def action_submit_by(self) -> None:
        if not self.game.marks:
            self.action_submit()
            return
        from .dialogs import ClaimDialog

        def done(result) -> None:
            if result is not None:
                self.action_submit(by=result[0] or None, pattern=result[1] or None)

        self.app.push_screen(ClaimDialog(claim_text(sorted(self.game.marks))), done)

    def action_submit(self, by: str | None = None, pattern: str | None = None) -> None:
        if self.judge_busy:
            return
        marks = sorted(self.game.marks)
        if not marks:
            self.log_line("Nothing to submit: mark candidates with x then a digit "
                          "(or click them), then press Enter.", "info")
            return
        text = claim_text(marks)
        said = f" by {by}" + (f" in {pattern}" if pattern else "") if by else ""
        self.log_line(f"Claim: {text}{said}", "info")
        problem = self._grid_problem()
        if problem:
            self.log_line(problem, "warn")
            return
        self.judge_busy = True
        self.run_judge(self.game.position.copy(), text, self.game.position.key(), by, pattern)

    def _grid_problem(self) -> str | None:
        """Why the judge cannot work on the learner's grid, in words; else None."""
        from ..hints import cells_list
        check = self.game.check()
        if check.unknown:
            return None
        if not check.ok:
            self.set_highlight(Highlight(failing=frozenset(check.cells), label="mistakes"))
            return (f"Your grid holds a mistake at {cells_list(check.cells)}, so no claim can "
                    "be judged yet (c shows it; H, then H again, repairs it).")
        stale = self.game.position.conflicts_with_values()
        if stale:
            return f"First tidy the candidates: {stale} (a fills them in afresh)."
        return None

    @work(thread=True, exclusive=True, group="judge")
    def run_judge(self, pos: Position, text: str, key, by=None, pattern=None) -> None:
        verdict, error = None, None
        try:
            try:
                from ...engine import judge as judge_mod
            except ImportError:
                error = "The judge is not available yet."
            else:
                try:
                    claim = judge_mod.parse_claim(text)
                    verdict = judge_mod.judge(pos, claim, by=by, pattern=pattern)
                except judge_mod.ClaimError as e:
                    error = f"Claim not understood: {e}"
        finally:
            self.app.call_from_thread(setattr, self, "judge_busy", False)
        self.app.call_from_thread(self._show_verdict, key, text, verdict, error)

    def _show_verdict(self, key, text: str, verdict, error: str | None) -> None:
        if error:
            self.log_line(error, "warn")
            return
        kind = verdict.kind
        self.log_line(verdict_line(verdict), "ok" if kind.startswith("proved") else
                      ("warn" if kind == "true-unproved" else "bad"))
        store = self.app.store
        if store is not None:
            try:
                store.record_claim(self.app.user, text, kind, verdict.technique)
            except Exception as e:
                self.log_line(f"Could not record the claim: {e}", "bad")
        hl = Highlight.of_dict(getattr(verdict, "highlight", None), label=f"verdict: {kind}")
        if key != self.game.position.key():
            return
        if kind in ("proved", "proved-other"):
            pairs = list(verdict.claim.eliminations) if getattr(verdict, "claim", None) else \
                list(self.game.marks)
            change = self.game.eliminate(pairs, f"claim {text}")
            self.highlight = hl
            self.after_change(change, keep_highlight=True)
            if change is not None:
                self.log_line(f"Applied: {text}", "ok")
        else:
            self.set_highlight(hl)
