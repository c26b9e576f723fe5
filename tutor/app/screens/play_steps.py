"""The play screen's rating and Steps tab: the puzzle's rating in the
header (a logic solve in a thread), and every step the ladder finds in the
current position, grouped by technique; selecting one shows it on the grid.

A part of PlayScreen (screens/play.py), kept in its own room: it works on
the play screen's state (`self.game`, `self.grid`, `self.log_line`, ...).
"""
from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.screen import Screen
from textual.widgets import TabbedContent, Tree
from textual.worker import get_current_worker

from ...engine.registry import counted
from ..game import Game

STEP_LEAVES = 200        # steps shown per technique in the Steps tab


class StepsTree(Tree):
    """The Steps tab's list.  The caption above the tabs (the chosen step's
    chain and roles) grows and shrinks it: its chosen row stays in view."""

    def on_resize(self) -> None:
        if self.cursor_node is not None:
            self.call_after_refresh(self.scroll_to_node, self.cursor_node, False)


def fit_text(text: str, width: int) -> str:
    """`text` cut to `width` characters in the middle, keeping both ends:
    'Locked Candidates Type 1 (Pointing)' -> 'Locke…(Pointing)' (16),
    so two long names that share their start stay apart."""
    if width <= 0 or len(text) <= width:
        return text
    if width < 5:
        return text[:width]
    tail = (width - 1) * 2 // 3          # the end tells names apart: "(Pointing) (4)"
    return text[:width - 1 - tail] + "…" + text[len(text) - tail:]


def header_text(technique, count: int, width: int = 0) -> str:
    """A technique's header in the Steps tab: its short label (cut in the
    middle when the panel is narrow) and how many (never cut)."""
    tail = f" ({count})"
    return fit_text(technique.short, width - len(tail) if width else 0) + tail


def step_label(step) -> str:
    """A short line for the Steps tab: what the step does, then its pattern
    (the technique is already the group's title)."""
    from ...engine.grid import cells_name
    from ...engine.names import leans_on
    from ...engine.step import effects_text
    effect = effects_text(step.eliminations, step.placements)
    lean = leans_on(step)
    # a pattern that stands only on a pending single says so (it comes last)
    mark = f" · leans on the single{'s' if len(lean) > 1 else ''} {', '.join(lean)}" if lean else ""
    touched = {i for i, _ in step.eliminations} | {i for i, _ in step.placements}
    if not step.cells or set(step.cells) <= touched:
        return effect + mark
    digits = "".join(map(str, sorted(step.digits)))
    return f"{effect} · {cells_name(step.cells)}" + (f" #{digits}" if digits else "") + mark


class StepsTab(Screen):
    """The rating and the Steps tab of the play screen."""

    # ------------------------------------------------------------ rating
    @work(thread=True, exclusive=True, group="rating")
    def rate_puzzle(self) -> None:
        from ...engine.registry import get
        from ...engine.solve import logic_solve
        from ..settings import setting_of
        game = self.game
        start = game.start.copy()
        result = logic_solve(start, uniqueness=setting_of(self, "uniqueness"))
        if get_current_worker().is_cancelled:
            return
        hardest = get(result.hardest) if result.hardest else None
        if result.status == "solved" and hardest:
            text = f"score {result.score}, hardest {hardest.name}, {counted(len(result.steps), 'step')}"
            short = f"score {result.score} · {hardest.short}"
        elif result.status == "solved":
            text = short = "already solved"
        else:
            text = f"beyond the ladder (stuck after {hardest.name if hardest else 'nothing'})"
            short = "beyond the ladder"
        self.app.call_from_thread(self._set_rating, game, text, dict(result.counts), short)

    def _set_rating(self, game: Game, text: str, counts: dict | None = None,
                    short: str = "") -> None:
        if game is self.game:
            self.rating = text
            self.rating_short = short or text
            self.rating_counts = counts or {}
            self._show_rating()

    def _show_rating(self) -> None:
        """The rating in the header: short on a narrow terminal, with the
        counts per technique too when wide."""
        from ...engine.registry import technique_name
        width = self.app.size.width
        text = (self.rating if width >= 100 else getattr(self, "rating_short", "")) or \
            self.rating or "rating…"
        if self.rating_counts and width >= 120:
            counts = sorted(self.rating_counts.items(), key=lambda kv: -kv[1])
            text += " (" + ", ".join(f"{n} {technique_name(t)}" for t, n in counts) + ")"
        self.sub_title = text

    # ------------------------------------------------------------ steps tab
    def close_steps(self) -> None:
        """Empty the Steps tab (a locked class test runs)."""
        tree = self.query_one("#steps-tree", Tree)
        tree.clear()
        tree.root.add_leaf(Text("The Steps tab is closed during the class test."), data=None)
        self.steps, self.steps_key = [], None

    def _schedule_steps(self, now: bool = False) -> None:
        tabs = self.query_one("#tabs", TabbedContent)
        if tabs.active != "steps" or getattr(self.app, "answers_locked", False):
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
            if self._steps_locked():
                return
            self._schedule_steps(now=True)

    def _steps_locked(self) -> bool:
        locked = getattr(self.app, "locked_out", None)
        if locked is not None and locked("The Steps tab is closed during the class test."):
            self.close_steps()
            return True
        return False

    @work(thread=True, exclusive=True, group="steps")
    def compute_steps(self) -> None:
        from ...engine.registry import find_all, ladder
        from ..settings import setting_of
        key = self.game.position.key()
        pos = self.game.engine_position()     # cells not pencilled yet: every allowed digit
        if key == self.steps_key or getattr(self.app, "answers_locked", False):
            return
        worker = get_current_worker()
        self.app.call_from_thread(self._steps_begin, key)
        for t in ladder(setting_of(self, "uniqueness")):
            if worker.is_cancelled:
                return
            found = find_all(pos, [t.id])         # a uniqueness room only on one solution
            if found:
                self.app.call_from_thread(self._steps_add, key, t, found)
        self.app.call_from_thread(self._steps_done, key)

    def _steps_begin(self, key) -> None:
        tree = self.query_one("#steps-tree", Tree)
        tree.clear()
        tree.root.add_leaf(Text("(looking…)"), data=None)
        self.steps = []
        self.step_counts = {}

    def _steps_add(self, key, technique, found) -> None:
        if key != self.game.position.key() or getattr(self.app, "answers_locked", False):
            return
        tree = self.query_one("#steps-tree", Tree)
        if not self.steps:
            tree.clear()
        self.steps.extend(found)
        self.step_counts[technique.id] = len(found)
        node = tree.root.add(Text(header_text(technique, len(found), self._header_width())),
                             data=technique.id, expand=len(found) <= 12)
        for step in found[:STEP_LEAVES]:
            node.add_leaf(Text(step_label(step)), data=step)
        if len(found) > STEP_LEAVES:
            node.add_leaf(Text(f"… {len(found) - STEP_LEAVES} more (sudoku-tutor steps)"),
                          data=None)

    def _header_width(self) -> int:
        """Columns a header has in the Steps tab (its guide takes two, the scrollbar one more)."""
        tree = self.query_one("#steps-tree", Tree)
        return max(0, tree.scrollable_content_region.width - 4)

    def fit_step_headers(self) -> None:
        """Fit the headers again (the panel's width changed)."""
        from ...engine.registry import get
        width = self._header_width()
        for node in self.query_one("#steps-tree", Tree).root.children:
            technique = get(node.data) if isinstance(node.data, str) else None
            if technique is not None:
                node.set_label(Text(header_text(technique, self.step_counts.get(node.data, 0),
                                                width)))

    def _steps_done(self, key) -> None:
        if key != self.game.position.key():
            return
        self.steps_key = key
        self.call_after_refresh(self.fit_step_headers)    # the tree has its width now
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
            from ...engine.names import step_line
            self.log_line(step_line(step), "hint")

    # ------------------------------------------------------------ settings
    def setting_changed(self, name: str, value) -> None:
        """A setting changed (app.set_setting): say so, and start the hint,
        the Steps tab and the rating again under it."""
        from ..settings import SETTINGS, text_of
        self.log_line(f"{SETTINGS[name].title}: {text_of(value)}.", "info")
        self.hint.reset(self.game.position.key())
        self.steps, self.steps_key = [], None
        self._schedule_steps(now=True)
        self.rating, self.rating_counts = "", {}
        self.sub_title = "rating…"
        self.rate_puzzle()

    def show_technique(self, technique_id: str) -> None:
        """Open the Steps tab on one technique's steps (palette command)."""
        if self._steps_locked():
            return
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
            from ...engine.registry import technique_name
            self.log_line(f"No {technique_name(tid)} in this position.", "info")
