"""The quiz screen: one screen for every kind of quiz.
(The progress screen, M, is screens/progress.py.)

The screen draws any quiz through the quiz protocol
(tutor/teaching/quiz/protocol.py): its heading, prompt, placeholder, status
line, the verdicts' log lines and what they show on the grid.  It never
asks which kind a quiz is, and never decides a Sudoku fact itself.

Keys: type an answer in the entry line and press Enter (`r6c45 #38`,
`hidden r8c79 #57`, `Swordfish #3 R348 C136`, a claim `r6c9<>5`, or an
option's number); or pick it on the grid (screens/quiz_picks.py): move with
the arrows, Space (or a click) selects a cell, 1-9 toggle digits, Enter
submits the selection (where the quiz offers options, 1-9 pick one).
Ctrl+G gives up; then Ctrl+N (n on the grid, or typing `next`) shows the
answers one by one (screens/quiz_end.py).  Tab moves between the grid and
the entry line, Ctrl+R starts a new quiz of the same kind (next seed), M
shows progress, Esc leaves.
"""
from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, Input, RichLog, Static

from ...engine.position import PositionError
from ...engine.registry import UnknownTechnique
from ...teaching.quiz import get_kind, make_quiz
from ...teaching.quiz.common import REFERENCE_TARGET
from ..settings import setting_of
from ..widgets.grid import NO_HIGHLIGHT, Highlight, SudokuGrid, choose_layout
from .play import LOG_KEEP
from .play_log import breakable
from .quiz_end import QuizEnding
from .quiz_picks import QuizPicks
from ..widgets.footer import KeyBar

LOG_STYLES = {"found": "bold green", "correct": "bold green", "duplicate": "yellow",
              "wrong": "bold red", "other": "bold magenta", "invalid": "yellow",
              "true-unproved": "cyan", "info": "", "score": "bold", "reveal": "cyan", "tip": "italic"}
WORDS = {"give up": "give_up", "giveup": "give_up", "give-up": "give_up", "next": "reveal",
         "reveal": "reveal", "new": "new_quiz", "again": "new_quiz", "score": "score",
         "progress": "progress"}          # typed words that act like keys


class QuizScreen(QuizPicks, QuizEnding, Screen):
    """One quiz on the grid, with an entry line and a verdict log."""

    BINDINGS = [
        Binding("ctrl+g", "give_up", "Give up", priority=True),
        Binding("ctrl+n", "reveal", "Next missed", priority=True),
        Binding("n", "reveal", "Next missed", show=False),   # a browser keeps ctrl+n for itself
        Binding("ctrl+r", "new_quiz", "New quiz", priority=True),
        Binding("tab", "toggle_focus", "Grid/entry", priority=True),
        Binding("space", "select_cell", "Select cell", show=False),
        Binding("enter", "submit_selection", "Submit", show=False),
        Binding("M", "progress", "Progress"),
        Binding("escape", "leave", "Back"),
        *[Binding(str(d), f"digit({d})", "Toggle a digit", show=False) for d in range(1, 10)],
    ]

    DEFAULT_CSS = """
    QuizScreen #quiz-main { height: 1fr; }
    QuizScreen #quiz-board { width: auto; height: 100%; }
    QuizScreen #quiz-side { width: 1fr; min-width: 24; height: 100%; }
    QuizScreen #quiz-prompt { padding: 0 1; background: $panel; }
    QuizScreen #quiz-counter { height: 1; padding: 0 1; text-style: bold; }
    QuizScreen #quiz-entry { height: 3; }
    QuizScreen #quiz-log { height: 1fr; scrollbar-size-vertical: 1; }
    """

    def __init__(self, quiz=None, target: str | None = None, technique: str | None = None,
                 kind: str | None = None, seed: int | None = None, position=None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.target = target or technique or (quiz.target if quiz else REFERENCE_TARGET)
        self.kind = quiz.kind if quiz else kind          # None: the default kind
        self.seed = seed
        self.quiz = quiz
        self.start_position = position
        self.error: str | None = None
        self.selected: list[int] = []
        self.selected_digits: list[int] = []
        self.highlight = NO_HIGHLIGHT
        self.log_lines: list[str] = []          # plain text of the log (tests read it)
        self.prompt_text = ""
        self.recorded = False
        self.stored: list = []
        self.resume_key: str | None = None      # a quiz made here resumes (quiz_resume.py)
        self.drawn = False                      # its position was drawn from the practice bank
        self.resumed = False
        if self.quiz is None:
            self._make()

    def _make(self) -> None:
        from ..quiz_resume import quiz_key, resume
        uniqueness = setting_of(self, "uniqueness")
        try:
            kind = get_kind(self.kind)
            key = quiz_key(kind.kind, self.target, self.seed, self.start_position, uniqueness)
            position, source = self._position(kind, key, uniqueness)
            fresh = make_quiz(self.kind, self.target, self.seed, position, uniqueness=uniqueness,
                              source=source)
            self.error = None
        except (UnknownTechnique, PositionError, ValueError) as e:
            self.quiz = None
            self.error = str(e)
            return
        self.kind = fresh.kind
        self.resume_key = key
        try:
            self.quiz, self.resumed = resume(self.app, self.resume_key, fresh)
        except Exception:                # no app yet: a quiz of its own
            self.quiz, self.resumed = fresh, False

    def _position(self, kind, key: str, uniqueness: bool):
        """(position, source) to ask on: the one given; else the unfinished
        quiz's of this kind and target (its resume `key`); else, with a
        store, a fresh one from the practice bank near the learner's rating
        (the teaching layer draws it); else (None, ''): the kind picks a
        practice position."""
        from ...teaching.practice_bank import quiz_pick   # the generator's imports: when needed
        from ..quiz_resume import kept_position
        self.drawn = False
        if self.start_position is not None or kind.fixed_position(self.target, self.seed):
            return self.start_position, ""
        store, user = getattr(self.app, "store", None), getattr(self.app, "user", None)
        if store is None or not user:
            return None, ""
        kept = kept_position(self.app, key)
        if kept is None:
            picked = quiz_pick(store, user, self.target, uniqueness)
            kept = None if picked is None else (picked.position, picked.source)
        if kept is None:
            return None, ""
        self.drawn = True
        return kept

    def _keep(self) -> None:
        """Keep the quiz's progress for a return (dropped once it is over)."""
        if self.resume_key is not None and self.quiz is not None:
            from ..quiz_resume import remember
            remember(self.app, self.resume_key, self.quiz, drawn=self.drawn)

    def _replay(self) -> None:
        """Back in a quiz left unfinished (here, or before a drop from the
        class): its log as it was, the grid's marks of its last verdict, and
        where it stands."""
        for text, v in self.quiz.log:
            self.say(f"> {text}", "info")
            for line, kind in v.lines():
                self.say(line, kind)
            self._show_verdict(v)
        self.say(f"Resumed where you left this quiz: {self.quiz.status_line()}. Ctrl+G gives up, "
                 f"Ctrl+R starts a new one.", "info")

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="quiz-main"):
            with Vertical(id="quiz-board"):
                yield SudokuGrid(self.quiz.position if self.quiz else None, id="quiz-grid")
            with Vertical(id="quiz-side"):
                yield Static("", id="quiz-prompt")
                yield Static("", id="quiz-counter")
                yield Input(placeholder="Enter to answer", id="quiz-entry", max_length=200)
                yield RichLog(id="quiz-log", wrap=True, markup=False, min_width=16,
                              max_lines=LOG_KEEP)
        yield KeyBar()

    @property
    def grid(self) -> SudokuGrid:
        return self.query_one("#quiz-grid", SudokuGrid)

    @property
    def entry(self) -> Input:
        return self.query_one("#quiz-entry", Input)

    def on_mount(self) -> None:
        size = self.app.size
        self.grid.set_layout(choose_layout(size.width, size.height - 2, 30))
        self._start()

    def on_resize(self, event) -> None:
        size = self.app.size
        self.grid.set_layout(choose_layout(size.width, size.height - 2, 30))

    def _start(self) -> None:
        self.selected, self.selected_digits = [], []
        self.recorded = False
        self.highlight = NO_HIGHLIGHT
        if self.quiz is None:
            self.title = "Quiz"
            self.query_one("#quiz-prompt", Static).update(Text(f"No quiz: {self.error}"))
            self.say(f"No quiz: {self.error}", "invalid")
            return
        q = self.quiz
        self.grid.update(position=q.position, highlight=NO_HIGHLIGHT)
        self.title, self.sub_title = q.heading(), q.sub_title()
        self.prompt_text = q.prompt()
        # the entry line is narrow at 80x24: the answer's format is said here too
        example = q.example()
        shown = self.prompt_text
        if example and example not in shown:
            shown += f"\nAnswer like: {example}"
        self.query_one("#quiz-prompt", Static).update(Text(shown))
        self.entry.placeholder = q.placeholder()
        self.entry.value = ""
        opening = q.opening()
        if opening is not None:
            self._show_verdict(opening)
        self._counter()
        if self.resumed or q.log:
            self._replay()
            self.resumed = False
        if hasattr(self.app, "set_activity"):
            self.app.set_activity(f"quiz {q.kind} {q.target}")
        self.entry.focus()

    def _counter(self) -> None:
        text = self.quiz.status_line() if self.quiz is not None else ""
        self.query_one("#quiz-counter", Static).update(Text(text + self.selection_text()))

    # ------------------------------------------------------------ output
    def say(self, text: str, kind: str = "info") -> None:
        self.log_lines.append(text)
        if len(self.log_lines) > LOG_KEEP:
            del self.log_lines[:-LOG_KEEP]
        self.query_one("#quiz-log", RichLog).write(Text(breakable(text), style=LOG_STYLES.get(kind, "")))

    def _show(self, hl: Highlight) -> None:
        self.highlight = hl
        self.grid.update(highlight=hl)

    def _show_verdict(self, v) -> None:
        """What a verdict points at, on the grid: its step, else its cells."""
        if v.step is not None:
            self._show(Highlight.of_step(v.step, label=v.label or v.step.name))
        elif v.highlight:
            self._show(Highlight.of_dict(v.highlight, label=v.label or v.kind))

    def _verdict(self, v) -> None:
        for line, kind in v.lines():
            self.say(line, kind)
        self._show_verdict(v)
        self._counter()
        self._maybe_finish()
        self._keep()

    # ------------------------------------------------------------ answers
    @on(Input.Submitted, "#quiz-entry")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        self.entry.value = ""
        if not text:
            if self.selected:
                self.action_submit_selection()
            return
        word = WORDS.get(text.lower())
        if word is not None:
            getattr(self, f"action_{word}")()
            return
        self.submit_text(text)

    def submit_text(self, text: str) -> None:
        if self.quiz is None:
            return
        self.say(f"> {text}", "info")
        self._verdict(self.quiz.submit(text))

    def action_score(self) -> None:
        if self.quiz is not None:
            for line in self.quiz.score_lines():
                self.say(line, "score")

    # ------------------------------------------------------------ navigation
    def action_new_quiz(self) -> None:
        if self._locked("A new quiz is"):
            return
        self.seed = (self.seed if self.seed is not None else 0) + 1
        self.start_position = None
        self._make()
        self.query_one("#quiz-log", RichLog).clear()
        self._start()

    def action_toggle_focus(self) -> None:
        if self.focused is self.entry:
            self.grid.focus()
        else:
            self.entry.focus()

    def action_progress(self) -> None:
        self.app.open_screen("progress")

    def action_leave(self) -> None:
        if self.selected or self.selected_digits:
            self.selected, self.selected_digits = [], []
            self._show_selection()
            return
        self.app.pop_screen()

    def check_action(self, action: str, parameters) -> bool | None:
        # letters and digits belong to the entry line while it has the focus (asked by
        # id: the footer may ask while the screen's widgets are being torn down)
        if getattr(self.focused, "id", None) == "quiz-entry" and action in (
                "digit", "select_cell", "progress", "submit_selection"):
            return False
        return True
