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
technique); e ends the running push; r reopens the last one (ended by e, or
by a server restart with nobody in the class); u switches the uniqueness
techniques on or off for the whole class (a class setting); Esc goes back
to the grid (load or set up a position there, then T to come back and push
it).  Changes to the class run off the UI thread, so a stalled store never
freezes this screen.
A student's result shows their tries at help that a locked test keeps closed.
"""
from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ...classroom import events
from ...engine.registry import counted
from ...store.class_board import Dashboard, StudentRow
from ...teaching import class_progress, learner
from .teacher_push import PushDialog

REFRESH_S = 1.0
VERDICT_MARK = {"proved": "✓", "correct": "✓", "right": "✓", "valid": "✓",
                "wrong": "✗", "false": "✗", "invalid": "?", "unproved": "~", "true-unproved": "~"}


# the table's columns: (title, share of the free width); 0 = fixed HINTS_WIDTH
COLUMNS = (("Student", 3), ("Doing", 3), ("Mastery", 4), ("Hints L1-5", 0),
           ("Last claims", 4), ("Result", 2))
HINTS_WIDTH = 10
ROW_LINES = 5            # a row grows to at most this many lines (a busy student at 80 columns)


def column_widths(total: int) -> list[int]:
    """Column widths that fit a table `total` columns wide (each cell has a
    column of padding either side, the scrollbar takes two)."""
    free = max(36, total - 2 * len(COLUMNS) - 2 - HINTS_WIDTH)
    shares = sum(w for _, w in COLUMNS)
    return [HINTS_WIDTH if w == 0 else max(6, free * w // shares) for _, w in COLUMNS]


def _ago(t: float | None, now: float) -> str:
    if t is None:
        return ""
    s = max(0, int(now - t))
    return f"{s}s" if s < 60 else f"{s // 60}m" if s < 3600 else f"{s // 3600}h"


def result_text(ev: events.ClassEvent | None, st: StudentRow) -> str:
    r = st.result
    if ev is None or r is None:
        return "" if ev is None else "…"
    tried = r.get("locked_tries")
    locked = f" · {tried} locked {'try' if tried == 1 else 'tries'}" if tried else ""
    return _result_body(ev, r, st) + locked


def _result_body(ev: events.ClassEvent, r: dict, st: StudentRow) -> str:
    if ev.kind == "quiz" and r:
        from ...teaching.quiz import get_kind
        try:
            return get_kind(ev.payload.get("quiz")).result_text(r, st.done)
        except ValueError:          # a kind this version does not know
            return "…"
    if "filled" in r:
        if r.get("solved"):
            return "solved" + (f" ({counted(r['hints'], 'hint')})" if r.get("hints") else "")
        text = f"{r.get('filled', 0)}/{r.get('to_fill', '?')}"
        if r.get("wrong"):
            text += f" {r['wrong']}✗"
        return text
    return "joined"


def student_cells(ev, st: StudentRow, now: float, mastery: str) -> tuple[str, ...]:
    """The row's cells; `mastery` is the learner model's (class_progress.mastery_text)."""
    name = ("● " if st.online else "○ ") + st.user + (" (teacher)" if st.role == "teacher" else "")
    if st.online:                            # how they joined
        name += f" · {st.via or 'ssh'}"
    doing = st.activity or ""
    if st.activity_at is not None:
        doing += f" · {_ago(st.activity_at, now)}"
    hints = " ".join(str(st.hints.get(level, 0)) for level in range(1, 6))
    if st.hints.get(0):
        hints += f" ({st.hints[0]} checks)"
    claims = ", ".join(f"{c} {VERDICT_MARK.get(v, v)}" for c, v, _ in st.claims)
    return name, doing, mastery, hints, claims, result_text(ev, st)


class TeacherScreen(Screen):
    BINDINGS = [
        Binding("p", "push('position')", "Push my position"),
        Binding("z", "push('quiz')", "Push a quiz"),
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

    # ---------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static("", id="teacher-head")
        yield Static("", id="teacher-event")
        table = DataTable(id="teacher-table", zebra_stripes=True, cursor_type="row")
        yield table
        with VerticalScroll(id="class-progress"):
            yield Static("", id="class-progress-body")
        yield Footer()

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
            f"e end · r reopen · u uniqueness: {unique} · g ratings · Esc my grid)"))

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
        mastery: dict[str, str] = {}
        try:
            board, err = events.dashboard(store, self.class_name), ""
            self.model = learner.follow(store, self.model)
            mastery = {st.user: class_progress.mastery_text(self.model, st.user) for st in board.students}
        except Exception as e:
            board, err = None, str(e)
        self.app.call_from_thread(self._show, board, err, mastery)

    def _show(self, board, err: str, mastery: dict[str, str]) -> None:
        self._busy = False
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
        return (f"{head} Running: {ev.title} ({what}{lock}) for {_ago(ev.created, now)}; "
                f"{len(reporting)} reporting, {done} done.")

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

    def _teacher_position(self):
        play = getattr(self.app, "play", None)
        return None if play is None else play.game

    def action_push(self, kind: str) -> None:
        if not self.allowed:
            return
        game = self._teacher_position()
        if game is None:
            self.notify("Load a position on your grid first (Esc).", severity="warning")
            return
        title = game.name if kind == "position" else ""        # a quiz: the dialog names it
        note = ""
        if kind == "quiz":
            from ...teaching.quiz import singles_note
            note = singles_note(game.position)
        dialog = PushDialog(kind, title, note, build=lambda choice: self._payload(kind, choice))
        self.app.push_screen(dialog, lambda payload: self._pushed(kind, payload))

    def _payload(self, kind: str, choice: dict) -> dict:
        """The push the teacher chose, on the teacher's position; for a quiz,
        made here first through the quiz protocol (the engine's count): a
        ValueError (one line) says why nothing can be pushed as chosen."""
        from ...engine.formats import to_braces
        position = self._teacher_position().position.copy()
        payload = {"title": choice["title"], "hint_limit": choice["hint_limit"]}
        if kind == "quiz":
            from ...teaching.quiz import after_singles, make_quiz
            if choice.get("after_singles"):
                position = after_singles(position)    # the quiz asks for no single in disguise
                if position.is_solved():
                    raise ValueError("The singles alone solve this position: after them there is "
                                     "nothing to ask. Untick 'Push the position after the singles', "
                                     "or Cancel and push the position itself (p).")
            unique = self._class_uniqueness()
            quiz = make_quiz(choice["quiz"], choice["target"], position=position.copy(),
                             uniqueness=unique, title=choice["title"])
            payload.update(quiz=quiz.kind, target=choice["target"], total=quiz.size,
                           uniqueness=unique)
        payload["position"] = to_braces(position)
        return payload

    def _pushed(self, kind: str, payload: dict | None) -> None:
        if not payload:
            return
        user = self.app.user
        self._in_background(lambda store: events.push_event(store, self.class_name, kind, payload, user),
                            lambda ev: f"Pushed to class {self.class_name}: {ev.title}", "Could not push")

    def action_end_push(self) -> None:
        if not self.allowed:
            return
        board = self.board
        if board is None or board.event is None or not board.event.active:
            self.notify("Nothing is running.")
            return
        self._in_background(lambda store: events.end_event(store, self.class_name),
                            lambda ev: f"Ended: {ev.title if ev else board.event.title}",
                            "Could not end it")

    def action_reopen_push(self) -> None:
        """Run the last push again (ended by e, or by a server restart)."""
        if not self.allowed:
            return
        board = self.board
        if board is None or board.event is None or board.event.active:
            self.notify("There is no ended push to reopen." if board is None or board.event is None
                        else "The last push still runs.")
            return
        self._in_background(lambda store: events.reopen_event(store, self.class_name),
                            lambda ev: f"Reopened: {ev.title}" if ev else "Nothing to reopen.",
                            "Could not reopen it")

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

    def _in_background(self, change, said, failed: str) -> None:
        """Change the class in the store off the UI thread (a stalled store
        must not freeze the teacher's screen), then say how it went."""
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
            self.refresh_board()
        self.run_worker(run, thread=True, group="teacher-change", exit_on_error=False)
