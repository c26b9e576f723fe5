"""The play screen's hint ladder (H): first a check of the learner's grid
(a mistake is pointed at, then repaired), else the simplest step, shown one
rung per press: technique, where, pattern, eliminations, apply.  Every rung
is recorded in the progress store.

A part of PlayScreen (screens/play.py), kept in its own room: it works on
the play screen's state (`self.game`, `self.grid`, `self.log_line`, ...).
"""
from __future__ import annotations

from textual import work
from textual.screen import Screen

from ...engine.position import Position
from ...teaching.learner import position_key
from ...engine.hint_words import words_for
from ...engine.names import step_label
from ..hints import LADDER_TOP, problem_text, rung_text
from ..widgets.grid import Highlight


class HintLadder(Screen):
    """The hint ladder of the play screen."""

    def action_hint(self) -> None:
        limit = getattr(self.app, "hint_limit", None)      # set while a class push locks hints
        if limit is not None and limit <= 0 and self.app.locked_out(
                "Hints are closed during the class test."):
            return
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
            tried = self.lesson_try if self.lesson_try is not None and not self.lesson_try.found \
                else None
            self.log_line(f"Looking for this example's {tried.technique}…" if tried else
                          "Looking for the simplest step…", "info")
            self.find_hint(game.engine_position(), key, tried)
            return
        self._next_rung()

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, pos: Position, key, tried=None) -> None:
        """The step to hint at: on a lesson example being tried (`tried`, a
        LessonTry), the example's step, else the simplest step."""
        from ...engine.registry import next_step
        from ..settings import setting_of
        try:
            step = tried.step_in(pos) if tried is not None else None
            if tried is not None and step is None:
                self.app.call_from_thread(
                    self.log_line, f"No {tried.technique} here now: the simplest step instead.",
                    "info")
            if step is None:
                step = next_step(pos, uniqueness=setting_of(self, "uniqueness"))
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
            self.app.locked_out(f"Hints stop at level {limit}: higher ones are closed during "
                                "the class test.")
            return
        step = h.step
        h.level = min(h.level + 1, LADDER_TOP)
        level = h.level
        self.hints_used += 1
        self._record_hint(step.technique, level)
        self.log_line(rung_text(step, level, self.game.position), "hint")
        words = words_for(step)
        if level == 2:
            place = words.place(step)
            self.set_highlight(Highlight(cells=place.cell_set(), label=f"where: {step_label(step)}"))
        elif level == 3:
            place = words.pattern_place(step)
            if place is None:
                self.show_step(step, effects=False)
            else:
                self.set_highlight(Highlight(cells=place.cell_set(), digits=frozenset(place.digits),
                                             label=f"pattern: {step_label(step)}"))
        elif level == 4:
            self.show_step(step, effects=True)
        elif level == 5:
            change = self.game.apply_step(step, label=f"hint: {step.name}")
            self.highlight = Highlight.of_step(step, effects=True)
            self.after_change(change, keep_highlight=True)
            self.hint.reset(self.game.position.key())

    def _record_hint(self, technique: str, level: int) -> None:
        store = self.app.store
        if store is not None:
            try:
                store.record_hint(self.app.user, technique, level,
                                  position=position_key(self.hint.key))
            except Exception as e:
                self.log_line(f"Could not record the hint: {e}", "bad")
