"""The quiz screen: find them all, find the elimination, name the technique.
(The progress screen, M, is screens/progress.py.)

The screen drives a quiz model from tutor/quiz.py and shows what it says:
it never decides a Sudoku fact itself.

Find them all:
  type an instance in the entry line (`r6c45 #38`, `hidden r8c79 #57`,
  `Swordfish #3 R348 C136`) and press Enter; or pick it on the grid: move
  with the arrows, Space (or a click) selects a cell, 1-9 toggle digits,
  Enter submits the selection.  Ctrl+G gives up; then Ctrl+N (n on the grid,
  or typing `next`) reveals the missed instances one by one on the grid.
Find the elimination:
  type a claim (`r6c9<>5`) or select cells and digits and press Enter.
Name the technique:
  press 1-4 (or type the number or the name).
Everywhere: Tab moves between the grid and the entry line, Ctrl+R starts a
new quiz of the same kind (next seed), M shows progress, Esc leaves.
"""
from __future__ import annotations

import time

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, RichLog, Static

from ...engine.grid import cell_name
from ...engine.position import PositionError
from ...engine.registry import UnknownTechnique
from ...teaching.quiz import EliminateQuiz, FindAllQuiz, NameQuiz, make_quiz, target_name
from ..settings import setting_of
from ..widgets.grid import NO_HIGHLIGHT, Highlight, SudokuGrid, choose_layout
from .play import LOG_KEEP

LOG_STYLES = {"found": "bold green", "correct": "bold green", "correct-other": "green",
              "duplicate": "yellow", "wrong": "bold red", "other": "bold magenta",
              "invalid": "yellow", "true-unproved": "cyan", "info": "", "score": "bold",
              "reveal": "cyan", "tip": "italic"}


class QuizScreen(Screen):
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
                 kind: str = "find-all", seed: int | None = None, position=None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.target = target or technique or (getattr(quiz, "target", None)) or "locked-set"
        self.kind = getattr(quiz, "kind", None) or kind or "find-all"
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
        self.resumed = False
        if self.quiz is None:
            self._make()

    def _make(self) -> None:
        from ..quiz_resume import quiz_key, resume
        uniqueness = setting_of(self, "uniqueness")
        try:
            fresh = make_quiz(self.kind, self.target, self.seed, self.start_position,
                              uniqueness=uniqueness)
            self.error = None
        except (UnknownTechnique, PositionError, ValueError) as e:
            self.quiz = None
            self.error = str(e)
            return
        self.resume_key = quiz_key(self.kind, self.target, self.seed, self.start_position, uniqueness)
        try:
            self.quiz, self.resumed = resume(self.app, self.resume_key, fresh)
        except Exception:                # no app yet: a quiz of its own
            self.quiz, self.resumed = fresh, False

    def _keep(self) -> None:
        """Keep the quiz's progress for a return (dropped once it is over)."""
        if self.resume_key is not None and self.quiz is not None:
            from ..quiz_resume import remember
            remember(self.app, self.resume_key, self.quiz)

    def _replay(self) -> None:
        """Back in a quiz left unfinished: its log as it was, and where it stands."""
        q = self.quiz
        for entry, v in getattr(q, "entries", None) or getattr(q, "attempts", None) or ():
            self.say(f"> {getattr(entry, 'text', entry)}", "info")
            self.say(v.message, v.kind)
        where = f"found {q.counter()}" if isinstance(q, FindAllQuiz) else "not solved yet"
        self.say(f"Resumed where you left this quiz: {where}. Ctrl+G gives up, Ctrl+R starts "
                 f"a new one.", "info")

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="quiz-main"):
            with Vertical(id="quiz-board"):
                yield SudokuGrid(self.quiz.position if self.quiz else None, id="quiz-grid")
            with Vertical(id="quiz-side"):
                yield Static("", id="quiz-prompt")
                yield Static("", id="quiz-counter")
                yield Input(placeholder="r6c45 #38  (Enter to submit)", id="quiz-entry", max_length=200)
                yield RichLog(id="quiz-log", wrap=True, markup=False, min_width=16,
                              max_lines=LOG_KEEP)
        yield Footer()

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
        # a name-the-technique quiz must not give its answer away in the title
        self.title = "Quiz" if isinstance(q, NameQuiz) else f"Quiz: {target_name(q.target)}"
        places = isinstance(q, EliminateQuiz) and q.places
        self.sub_title = {"find-all": "find them all",
                          "eliminate": "find the placement" if places else "find the elimination",
                          "name": "name the technique"}[q.kind]
        self.prompt_text = self._prompt()
        self.query_one("#quiz-prompt", Static).update(Text(self.prompt_text))
        placeholder = {"find-all": "r6c45 #38 or X-Wing #5 r26 c37, Enter",
                       "eliminate": "r1c2=7, Enter" if places else "r6c9<>5, Enter",
                       "name": "1-4 or the name, Enter"}[q.kind]
        self.entry.placeholder = placeholder
        self.entry.value = ""
        if isinstance(q, NameQuiz):
            self._show(Highlight.of_step(q.step, effects=True, label="which technique?"))
        self._counter()
        if self.resumed:
            self._replay()
            self.resumed = False
        if hasattr(self.app, "set_activity"):
            self.app.set_activity(f"quiz {q.kind} {q.target}")
        self.entry.focus()

    def _prompt(self) -> str:
        q = self.quiz
        if isinstance(q, FindAllQuiz):
            return q.title if str(q.total) in q.title else f"{q.title}: {q.total} to find."
        if isinstance(q, EliminateQuiz):
            return q.prompt()
        return q.prompt()

    def _counter(self) -> None:
        q = self.quiz
        text = ""
        if isinstance(q, FindAllQuiz):
            text = f"found {q.counter()}"
            wrong = q.score().wrong
            if wrong:
                text += f"  wrong {wrong}"
            if q.gave_up:
                text += f"  revealed {len(q.revealed)}/{len(q.missed())}"
        elif isinstance(q, EliminateQuiz):
            text = "solved" if q.solved else f"tries {sum(1 for _, v in q.attempts if v.counts)}"
        elif isinstance(q, NameQuiz):
            text = "answered" if q.done else "pick 1-4"
        if self.selected or self.selected_digits:
            sel = " ".join(cell_name(i) for i in sorted(self.selected))
            if self.selected_digits:
                sel += " #" + "".join(map(str, sorted(self.selected_digits)))
            text += f"  | picked {sel.strip()}"
        self.query_one("#quiz-counter", Static).update(Text(text))

    # ------------------------------------------------------------ output
    def say(self, text: str, kind: str = "info") -> None:
        self.log_lines.append(text)
        if len(self.log_lines) > LOG_KEEP:
            del self.log_lines[:-LOG_KEEP]
        self.query_one("#quiz-log", RichLog).write(Text(text, style=LOG_STYLES.get(kind, "")))

    def _show(self, hl: Highlight) -> None:
        self.highlight = hl
        self.grid.update(highlight=hl)

    def _show_selection(self) -> None:
        self._show(Highlight(cells=frozenset(self.selected), digits=frozenset(self.selected_digits),
                             label="selection"))
        self._counter()

    def _verdict(self, v) -> None:
        self.say(v.message, v.kind)
        if v.confusion is not None and v.kind in ("wrong", "other"):
            self.say(f"({v.confusion.label}: {v.confusion.tip})", "tip")
        if v.step is not None:
            self._show(Highlight.of_step(v.step, label=v.step.name))
        elif v.highlight:
            self._show(Highlight.of_dict(v.highlight, label=v.kind))
        self._counter()
        self._maybe_finish()
        self._keep()

    # ------------------------------------------------------------ entries
    @on(Input.Submitted, "#quiz-entry")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        self.entry.value = ""
        if not text:
            if self.selected:
                self.action_submit_selection()
            return
        word = text.lower()
        if word in ("give up", "giveup", "give-up"):
            self.action_give_up()
            return
        if word in ("next", "reveal"):
            self.action_reveal()
            return
        if word in ("new", "again"):
            self.action_new_quiz()
            return
        if word in ("score", "progress"):
            self.action_progress() if word == "progress" else self._say_score()
            return
        self.submit_text(text)

    def submit_text(self, text: str) -> None:
        q = self.quiz
        if q is None:
            return
        self.say(f"> {text}", "info")
        if isinstance(q, FindAllQuiz):
            v = q.submit(text)
        elif isinstance(q, EliminateQuiz):
            if q.done:
                self.say("This one is over: Ctrl+R for a new quiz.", "info")
                return
            v = q.submit(text)
        else:
            v = q.answer_with(text)
        self._verdict(v)

    def action_submit_selection(self) -> None:
        q = self.quiz
        if q is None:
            return
        if self.focused is self.entry:
            return   # the Input handles its own Enter
        if isinstance(q, NameQuiz):
            return
        if not self.selected:
            self.say("Select cells first: Space (or a click) on each cell, 1-9 for the digits.", "invalid")
            return
        cells, digits = sorted(self.selected), sorted(self.selected_digits)
        if isinstance(q, FindAllQuiz):
            self.say(f"> {' '.join(cell_name(i) for i in cells)}"
                     + (f" #{''.join(map(str, digits))}" if digits else ""), "info")
            v = q.submit_selection(cells, digits)
        else:
            if q.places:
                if len(cells) != 1 or len(digits) != 1:
                    self.say("Pick one cell and the digit it takes (1-9).", "invalid")
                    return
                claim = f"{cell_name(cells[0])}={digits[0]}"
            elif not digits:
                self.say("Pick the digits to eliminate with 1-9.", "invalid")
                return
            else:
                claim = ",".join(f"{cell_name(i)}<>{''.join(map(str, digits))}" for i in cells)
            self.say(f"> {claim}", "info")
            v = q.submit(claim)
        self.selected, self.selected_digits = [], []
        self._verdict(v)

    def action_select_cell(self) -> None:
        i = self.grid.cursor
        if i in self.selected:
            self.selected.remove(i)
        else:
            self.selected.append(i)
        self._show_selection()

    def action_digit(self, d: int) -> None:
        q = self.quiz
        if isinstance(q, NameQuiz):
            if d <= len(q.options):
                self.say(f"> {d}", "info")
                self._verdict(q.answer_with(d))
            return
        if d in self.selected_digits:
            self.selected_digits.remove(d)
        else:
            self.selected_digits.append(d)
        self._show_selection()

    @on(SudokuGrid.Clicked, "#quiz-grid")
    def _clicked(self, event: SudokuGrid.Clicked) -> None:
        event.stop()
        self.grid.update(cursor=event.cell)
        if event.cell not in self.selected:
            self.selected.append(event.cell)
        elif event.digit is None:
            self.selected.remove(event.cell)
        if event.digit is not None and event.digit not in self.selected_digits:
            self.selected_digits.append(event.digit)
        self.grid.focus()
        self._show_selection()

    # ------------------------------------------------------------ giving up, score
    def action_give_up(self) -> None:
        q = self.quiz
        if q is None or q.done:
            if isinstance(q, FindAllQuiz) and q.gave_up:
                self.action_reveal()
            return
        if isinstance(q, FindAllQuiz):
            missed = q.give_up()
            self.say(f"You gave up with {q.counter()} found; {len(missed)} missed. "
                     f"Ctrl+N (or 'next') shows them one by one.", "info")
            self._say_score()
            self._maybe_finish()
            if self._class_test_runs():
                self.say("The missed ones are shown once your teacher ends the test.", "info")
            else:
                self.action_reveal()
        elif isinstance(q, EliminateQuiz):
            step = q.give_up()
            if step is not None:
                self.say(f"One answer: {step.text}", "reveal")
                self._show(Highlight.of_step(step, label=step.name))
            self._maybe_finish()
        elif isinstance(q, NameQuiz):
            self._verdict(q.give_up())
        self._keep()

    def _class_test_runs(self) -> bool:
        """This is the class's quiz and its test is locked: no answers yet."""
        return (getattr(self.quiz, "source", "") == "class"
                and getattr(self.app, "answers_locked", False))

    def _locked(self, what: str) -> bool:
        if self._class_test_runs():
            self.app.locked_out(f"{what} closed during the class test.")
            self.say(f"{what} closed during the class test.", "invalid")
            return True
        return False

    def action_reveal(self) -> None:
        q = self.quiz
        if not isinstance(q, FindAllQuiz):
            return
        if self._locked("Showing the missed ones is"):
            return
        if not q.gave_up:
            self.say("Give up first (Ctrl+G) to see the missed ones.", "invalid")
            return
        step = q.reveal_next()
        if step is None:
            self.say("No more missed instances.", "info")
            return
        self.say(f"missed {len(q.revealed)}/{len(q.missed())}: {step.name}", "reveal")
        self._show(Highlight.of_step(step, label=step.name))
        self._counter()

    def _say_score(self) -> None:
        q = self.quiz
        if isinstance(q, FindAllQuiz):
            for line in q.summary().splitlines():
                self.say(line, "score")

    def _maybe_finish(self) -> None:
        q = self.quiz
        if q is None or not q.done or self.recorded:
            return
        self.recorded = True
        if isinstance(q, FindAllQuiz) and not q.gave_up:
            self.say(f"All {q.total} found!", "correct")
            self._say_score()
        store = getattr(self.app, "store", None)
        if store is not None:
            from ...teaching.mastery import record_quiz
            hints = (len(getattr(q, "revealed", [])) if isinstance(q, FindAllQuiz)
                     else int(q.gave_up if isinstance(q, EliminateQuiz) else 0))
            try:
                self.stored = record_quiz(store, self.app.user, q, hints=hints,
                                          seconds=time.monotonic() - q.started)
            except Exception as e:      # never lose the quiz over the store
                self.say(f"Could not save the attempt: {e}", "invalid")
        self.say("Ctrl+R: a new quiz; M: your progress; Esc: back to the grid.", "info")

    # ------------------------------------------------------------ navigation
    def action_new_quiz(self) -> None:
        if self._locked("A new quiz is"):
            return
        self.seed = (self.seed if self.seed is not None else 0) + 1
        self.start_position = None
        target = getattr(self.quiz, "target", None) or self.target
        if isinstance(self.quiz, NameQuiz):
            target = self.target
        self.target = target
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
