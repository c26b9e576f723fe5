"""A student's side of the classroom: follow what the teacher pushes.

Attached by TutorApp when the session runs with role "student" (the SSH
classroom sets it).  About once a second, in a worker thread, it reads the
class's newest event from the store (one indexed query) and posts this
student's result for the running event when it changed.  On the UI thread:
  - a new running event: a pushed position opens on the grid; a pushed quiz
    opens the quiz screen on the pushed position (or, without one, the grid
    with the task in the log); the hint lock takes effect (app.hint_limit);
  - the event ended: the lock goes, a last result is posted.
The app never computes Sudoku facts here: results come from the Game
(solution from the engine) and from the quiz model.
"""
from __future__ import annotations

import inspect

from ..classroom import events

POLL_S = 1.0


class ClassLink:
    def __init__(self, app, class_name: str):
        self.app = app
        self.class_name = class_name
        self.event: events.ClassEvent | None = None      # the event followed (running or ended)
        self.seen_id: int | None = None
        self.game = None          # the Game a pushed position started
        self.quiz = None          # the quiz model of a pushed quiz
        self._posted = None
        self._busy = False
        self.polls = 0
        self.errors = 0

    def start(self) -> None:
        self.app.set_interval(POLL_S, self.tick)
        self.tick()

    # ---------------------------------------------------------- polling
    def tick(self) -> None:
        if self._busy or self.app.store is None:
            return
        self._busy = True
        post = self._result_to_post()
        self.app.run_worker(lambda: self._poll(post), thread=True, group="classlink",
                            exclusive=False, exit_on_error=False)

    def _poll(self, post) -> None:
        store = self.app.store
        ev = None
        try:
            if post is not None:
                event_id, result, score, done = post
                events.post_result(store, event_id, self.app.user, result, score, done)
            ev = events.latest_event(store, self.class_name)
            ok = True
        except Exception:            # a store hiccup: try again next second
            ok = False
        self.app.call_from_thread(self._polled, ev, post, ok)

    def _polled(self, ev, post, ok: bool) -> None:
        self._busy = False
        self.polls += 1
        if not ok:
            self.errors += 1
            return
        if post is not None:
            self._posted = post
        if ev is None:
            return
        followed = self.event
        if followed is None or ev.id != followed.id:
            if ev.active and ev.id != self.seen_id:
                self._begin(ev)
            self.seen_id = ev.id
        elif followed.active and not ev.active:
            self._end(ev)

    # ---------------------------------------------------------- events
    def _log(self, text: str, kind: str = "info") -> None:
        play = getattr(self.app, "play", None)
        if play is not None:
            play.log_line(text, kind)

    def _begin(self, ev: events.ClassEvent) -> None:
        self.event = ev
        self.game = self.quiz = None
        self._posted = None
        self.app.hint_limit = ev.hint_limit
        position = ev.payload.get("position")
        lock = ""
        if ev.hint_limit is not None:
            lock = " Hints are off." if ev.hint_limit <= 0 else f" Hints go up to level {ev.hint_limit}."
        if ev.kind == "quiz" and position:
            self._start_quiz(ev, position)
        elif position:
            self._play(ev, position)
        self._log(f"Your teacher started: {ev.title}.{lock}", "hint")
        self.app.set_activity(f"class: {ev.title}")
        try:
            self.app.notify(f"Your teacher started: {ev.title}.{lock}", title="Class", markup=False)
        except Exception:
            pass

    def _play(self, ev, position: str) -> None:
        play = self.app.play
        self.app.pop_to_play()
        try:
            play.load_position(position, name=ev.title)
        except Exception as e:           # a bad push: say so, keep the current game
            self._log(f"The pushed position could not be loaded: {e}", "bad")
            return
        self.game = play.game

    def _start_quiz(self, ev, position: str) -> None:
        from ..engine.formats import parse_position
        from ..teaching.quiz import FindAllQuiz
        target = ev.payload.get("target") or "locked-set"
        try:
            pos = parse_position(position)
            self.quiz = FindAllQuiz(pos, target, title=ev.title, source="class")
        except Exception as e:
            self._log(f"The pushed quiz could not be started: {e}", "bad")
            return
        if not self._open_quiz_screen():
            self._play(ev, position)
            self._log(f"{self.quiz.title}: {self.quiz.total} to find.", "hint")

    def _open_quiz_screen(self) -> bool:
        """Hand the quiz model to the quiz screen when it takes one."""
        from .screens import available, screen_class
        if not available("quiz"):
            return False
        try:
            cls = screen_class("quiz")
            params = inspect.signature(cls.__init__).parameters
        except (ImportError, AttributeError, ValueError, TypeError):
            return False
        if "quiz" not in params:
            return False
        self.app.pop_to_play()
        self.app.push_screen(cls(quiz=self.quiz))
        return True

    def _end(self, ev: events.ClassEvent) -> None:
        self.event = ev
        self.app.hint_limit = None
        self._log(f"Your teacher ended: {ev.title}. Hints are back.", "info")
        try:
            self.app.notify(f"{ev.title} has ended.", title="Class", markup=False)
        except Exception:
            pass

    # ---------------------------------------------------------- results
    def result(self):
        """(result dict, score 0..1, done) for the followed event, or None."""
        if self.quiz is not None:
            sc = self.quiz.score()
            return ({"found": sc.found, "total": sc.total, "wrong": sc.wrong, "gave_up": sc.gave_up},
                    self.quiz.result(), bool(self.quiz.done))
        if self.game is not None:
            game = self.game
            solution = game.solution()
            if solution is None:
                return None
            start, now = game.start.values, game.position.values
            to_fill = sum(1 for v in start if not v)
            right = sum(1 for i, v in enumerate(now) if v and not start[i] and v == solution[i])
            wrong = sum(1 for i, v in enumerate(now) if v and v != solution[i])
            hints = self.app.play.hints_used if self.app.play.game is game else None
            solved = game.is_solved()
            res = {"filled": right, "to_fill": to_fill, "wrong": wrong, "solved": solved}
            if hints is not None:
                res["hints"] = hints
            return res, (right / to_fill if to_fill else 1.0), solved
        return None

    def _result_to_post(self):
        ev = self.event
        if ev is None:
            return None
        got = self.result()
        if got is None:
            return None
        post = (ev.id, *got)
        if self._posted is not None and self._posted[1:] == post[1:] and self._posted[0] == ev.id:
            return None
        if not ev.active and self._posted is not None and self._posted[0] == ev.id:
            return None
        return post
