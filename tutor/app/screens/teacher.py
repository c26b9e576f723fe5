"""The teacher's screen: the class at a glance, and pushing work to it.

One row per student: online or not, what they are doing, their rating per
technique (the learner model, tutor/teaching/learner.py), hints taken per
ladder level, their last claims with verdicts, and their result for the
running push.  It refreshes every second in a worker thread: the class's
board from ONE store query (tutor/store/class_board.py, where a new
column's data goes), and the learner model's new events.

The columns share the terminal's width (every column stays on screen, at
80 columns too); a cell too long for its column wraps onto a second or
third line of its row instead of being cut.

Keys: p pushes the position on the teacher's grid; z pushes a quiz on it (of
any registered kind: find them all, find the elimination, name the
technique); f pushes a fresh practice set of one technique (new positions
from the generator, the same for every student,
tutor/teaching/practice_set.py): the first position, then f again for each
next one, with the results per position above the table; e ends the running push; r reopens the last one (ended by e, or
by a server restart with nobody in the class); u switches the uniqueness
techniques on or off for the whole class (a class setting); Esc goes back
to the grid (load or set up a position there, then T to come back and push
it).  Changes to the class run off the UI thread, so a stalled store never
freezes this screen.
A student's result shows their tries at help that a locked test keeps closed.

Beside it: teacher_table.py (the columns and each cell's text),
teacher_push_keys.py (p, z, f, e, r: what is pushed), teacher_push.py (the
push dialog).
"""
from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...classroom import events
from ...store.class_board import Dashboard
from ...teaching import class_progress, learner
from .teacher_push_keys import PushKeys
from .teacher_table import COLUMNS, ROW_LINES, ago, column_widths, student_cells
from ..widgets.footer import KeyBar

REFRESH_S = 1.0


class TeacherScreen(PushKeys, Screen):
    BINDINGS = [
        Binding("p", "push('position')", "Push my position"),
        Binding("z", "push('quiz')", "Push a quiz"),
        Binding("f", "fresh_set", "Push a fresh practice set", show=False),
        Binding("e", "end_push", "End the push"),
        Binding("r", "reopen_push", "Reopen the last push"),
        Binding("u", "toggle_uniqueness", "Uniqueness on/off for the class"),
        Binding("g", "toggle_progress", "Class progress"),
        Binding("escape", "back", "Back to my grid"),
    ]
    DEFAULT_CSS = """
    TeacherScreen #teacher-head { height: auto; padding: 0 1; background: $boost; }
    TeacherScreen #teacher-event { height: auto; padding: 0 1; }
    TeacherScreen DataTable { height: 1fr; }
    TeacherScreen #class-progress { height: 1fr; display: none; padding: 0 1; }
    """

    def __init__(self, class_name: str | None = None, **_):
        super().__init__()
        self.class_name = class_name
        self.board: Dashboard | None = None
        self.mastery: dict[str, str] = {}          # user -> Mastery cell, from self.model
        self.model: learner.Model | None = None    # the learner model, followed by the worker
        self.widths: list[int] = []
        self.refreshes = 0
        self.query_count = 0
        self.allowed = True
        self._busy = False
        self.last_error = ""
        self.class_values: dict[str, str] = {}     # the class's settings (events.class_settings)
        self.fresh: dict | None = None             # the fresh practice set being pushed
        self.set_results: list[tuple[int, int]] = []   # per position pushed: (reporting, done)

    # ---------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static("", id="teacher-head")
        yield Static("", id="teacher-event")
        table = DataTable(id="teacher-table", zebra_stripes=True, cursor_type="row")
        yield table
        with VerticalScroll(id="class-progress"):
            yield Static("", id="class-progress-body")
        yield KeyBar()

    def on_mount(self) -> None:
        app = self.app
        self.class_name = self.class_name or app.options.get("class_name") or "class"
        self.allowed = app.options.get("role") in (None, "teacher")
        head = self.query_one("#teacher-head", Static)
        if not self.allowed:
            head.update("The teacher view is for teacher accounts. Esc goes back.")
            return
        if app.store is None:
            head.update("No progress store: nothing to show. Esc goes back.")
            self.allowed = False
            return
        self._show_head()
        self._add_columns()
        app.set_activity("teacher view")
        self.set_interval(REFRESH_S, self.refresh_board)
        self.refresh_board()

    def _show_head(self) -> None:
        u = self.class_values.get("uniqueness")
        unique = "each student's own" if u is None else u
        self.query_one("#teacher-head", Static).update(Text(
            f"Class {self.class_name} — teacher view  (p push my position · z push a quiz · "
            f"f fresh set · e end · r reopen · u uniqueness: {unique} · g ratings · Esc my grid)"))

    # ---------------------------------------------------------- layout
    def _add_columns(self) -> None:
        table = self.query_one("#teacher-table", DataTable)
        self.widths = column_widths(self.app.size.width)
        for (title, _), width in zip(COLUMNS, self.widths):
            table.add_column(title, width=width)

    def on_resize(self, event) -> None:
        if not self.allowed or column_widths(self.app.size.width) == self.widths:
            return
        self.query_one("#teacher-table", DataTable).clear(columns=True)
        self._add_columns()
        if self.board is not None:
            self._fill_table(self.board, time.time())

    def _row_lines(self, cells) -> int:
        """Lines a row needs so no cell is cut (at most ROW_LINES)."""
        console = self.app.console
        need = max(len(Text(c).wrap(console, w)) for c, w in zip(cells, self.widths))
        return max(1, min(ROW_LINES, need))

    # ---------------------------------------------------------- data
    def refresh_board(self) -> None:
        if self._busy or not self.allowed:
            return
        self._busy = True
        self.run_worker(self._load, thread=True, group="teacher", exit_on_error=False)

    def _load(self) -> None:
        store = self.app.store
        pushed = list(self.fresh["events"]) if self.fresh else []
        mastery: dict[str, str] = {}
        try:
            board, err = events.dashboard(store, self.class_name), ""
            per_position = [events.results(store, ev_id) for ev_id in pushed]
            self.model = learner.follow(store, self.model)
            mastery = {st.user: class_progress.mastery_text(self.model, st.user) for st in board.students}
        except Exception as e:
            board, err, per_position = None, str(e), []
        self.app.call_from_thread(self._show, board, err, mastery, per_position)

    def _show(self, board, err: str, mastery: dict[str, str], per_position=()) -> None:
        self._busy = False
        self.set_results = [(len(r), sum(1 for x in r.values() if x["done"])) for r in per_position]
        if board is not None and board.settings != self.class_values:
            self.class_values = dict(board.settings)
            self._show_head()
        self.query_count += 1
        if board is None:
            self.last_error = err
            self.query_one("#teacher-event", Static).update(Text(f"Cannot read the store: {err}"))
            return
        self.board, self.mastery = board, mastery
        self.last_error = ""
        self.refreshes += 1
        now = time.time()
        self.query_one("#teacher-event", Static).update(Text(self.event_text(board, now)))
        self._fill_table(board, now)

    def _fill_table(self, board, now: float) -> None:
        ev = board.event
        table = self.query_one("#teacher-table", DataTable)
        rows = [st for st in board.students if st.role != "teacher" or st.online]
        keep = table.cursor_row
        table.clear()
        for st in rows:
            cells = student_cells(ev, st, now, self.mastery.get(st.user, ""))
            table.add_row(*(Text(c) for c in cells), key=st.user, height=self._row_lines(cells))
        if rows:
            table.move_cursor(row=min(keep, len(rows) - 1))

    def event_text(self, board, now: float) -> str:
        ev = board.event
        students = [s for s in board.students if s.role != "teacher"]
        online = sum(1 for s in students if s.online)
        head = f"{online} of {len(students)} students online."
        if ev is None or not ev.active:
            last = f" Last push: {ev.title} (ended)." if ev is not None else ""
            return head + " Nothing pushed right now." + last
        reporting = [s for s in students if s.result is not None]
        done = sum(1 for s in reporting if s.done)
        lock = ("" if ev.hint_limit is None else
                " · hints off" if ev.hint_limit <= 0 else f" · hints up to level {ev.hint_limit}")
        what = ev.kind if ev.kind == "position" else f"quiz: {ev.payload.get('target', '')}"
        return (f"{head} Running: {ev.title} ({what}{lock}) for {ago(ev.created, now)}; "
                f"{len(reporting)} reporting, {done} done.{self._set_text()}")

    def _set_text(self) -> str:
        """The fresh set's results per position: 'reporting/done' each."""
        if not self.fresh or not self.set_results:
            return ""
        n = len(self.fresh["positions"])
        parts = [f"{k}/{n}: {done} done of {reporting}" for k, (reporting, done) in
                 enumerate(self.set_results, 1)]
        more = " (f: next position)" if self.fresh["next"] < n else ""
        return f"\nFresh set of {self.fresh['target']}: " + "; ".join(parts) + more

    # ---------------------------------------------------------- class progress
    def action_toggle_progress(self) -> None:
        """g: the class's ratings and reviews (techniques by students) in
        place of the live table, and back."""
        if not self.allowed:
            return
        pane = self.query_one("#class-progress")
        showing = not pane.display
        pane.display = showing
        self.query_one("#teacher-table", DataTable).display = not showing
        if showing:
            self.query_one("#class-progress-body", Static).update("Reading the class's events…")
            self.run_worker(self._load_progress, thread=True, group="class-progress",
                            exit_on_error=False)

    def _load_progress(self) -> None:
        try:
            users = [s.user for s in self.board.students if s.role != "teacher"] \
                if self.board is not None else []
            model = learner.load(self.app.store)
            text = class_progress.class_table(model, users or sorted(model.learners),
                                              width=max(40, self.app.size.width - 4))
            text += "\nAll of it as CSV: sudoku-tutor class-progress --csv.  g: back to the class."
        except Exception as e:
            text = f"Cannot read the class's progress: {e}"
        self.progress_text = text
        self.app.call_from_thread(self.query_one("#class-progress-body", Static).update, Text(text))

    # ---------------------------------------------------------- actions
    def action_back(self) -> None:
        self.app.pop_screen()

    def _class_uniqueness(self) -> bool:
        """Uniqueness techniques for the class: the class setting, else the
        teacher's own."""
        from ..settings import coerce
        text = self.class_values.get("uniqueness")
        return coerce("uniqueness", text) if text is not None else self.app.setting("uniqueness")

    def action_toggle_uniqueness(self) -> None:
        """Switch the uniqueness techniques on or off for every student of
        the class (some teachers do not accept them)."""
        if not self.allowed:
            return
        from ..settings import text_of
        new = text_of(not self._class_uniqueness())
        name = self.class_name
        self.class_values = {**self.class_values, "uniqueness": new}
        self._show_head()
        self._in_background(lambda store: events.set_class_setting(store, name, "uniqueness", new),
                            lambda _: f"Uniqueness techniques {new} for class {name}.",
                            "Could not change the class setting")

    def _in_background(self, change, said, failed: str, then=None) -> None:
        """Change the class in the store off the UI thread (a stalled store
        must not freeze the teacher's screen), then say how it went (and
        hand what it gave to `then`)."""
        def run():
            try:
                got, err = change(self.app.store), None
            except Exception as e:          # noqa: BLE001 - shown to the teacher
                got, err = None, e
            self.app.call_from_thread(done, got, err)

        def done(got, err) -> None:
            if err is not None:
                self.notify(f"{failed}: {err}", severity="error", markup=False)
            else:
                self.notify(said(got), markup=False)
                if then is not None:
                    then(got)
            self.refresh_board()
        self.run_worker(run, thread=True, group="teacher-change", exit_on_error=False)
