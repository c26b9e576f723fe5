"""The quiz screen's ending: giving up, the answers shown one by one after
it (closed while the class's test runs), and the finished quiz recorded
for the learner model.

A part of QuizScreen (screens/quiz.py), kept in its own room: it works on
the quiz screen's state (`self.quiz`, `self.say`, `self._keep`, ...).
"""
from __future__ import annotations

import time

from textual.screen import Screen


class QuizEnding(Screen):
    """Give up, reveal and finish, for the quiz screen."""

    def action_give_up(self) -> None:
        q = self.quiz
        if q is None or q.done:
            if q is not None and q.gave_up:
                self.action_reveal()
            return
        for line in q.give_up():
            self.say(line, "score")
        if q.size > 1:
            self.say("Ctrl+N (or 'next') shows the missed ones one by one.", "info")
        self._counter()
        self._maybe_finish()
        if self._class_test_runs():
            self.say("The answers are shown once your teacher ends the test.", "info")
        else:
            self.action_reveal()
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
        if q is None or self._locked("Showing the answers is"):
            return
        if not q.done:
            self.say("Give up first (Ctrl+G) to see the answers.", "invalid")
            return
        v = q.reveal() if q.gave_up else None
        if v is None:
            self.say("Nothing more to show.", "info")
            return
        self.say(v.message, v.kind)
        self._show_verdict(v)
        self._counter()

    def _maybe_finish(self) -> None:
        q = self.quiz
        if q is None or not q.done or self.recorded:
            return
        self.recorded = True
        for line in q.closing():
            self.say(line, "correct")
        store = getattr(self.app, "store", None)
        if store is not None:
            from ...teaching.mastery import record_quiz
            try:
                self.stored = record_quiz(store, self.app.user, q, seconds=time.monotonic() - q.started)
            except Exception as e:      # never lose the quiz over the store
                self.say(f"Could not save the attempt: {e}", "invalid")
        self.say("Ctrl+R: a new quiz; M: your progress; Esc: back to the grid.", "info")
