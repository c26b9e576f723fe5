"""A student's side of the classroom: follow what the teacher pushes.

Attached by TutorApp when the session runs with role "student" (the SSH
classroom sets it).  About once a second, in a thread, it reads the class's
newest event and settings from the store (indexed queries) and posts this
student's result for the running event when it changed, with what is needed
to resume it (the quiz's state: its answers so far).  The UI thread hears
back only when there is news: a class of a hundred idle students polls a
hundred times a second, and each of those would otherwise wake its app.
On the UI thread:
  - a new running event (or one the teacher reopened): a pushed position
    opens on the grid, a pushed quiz on the quiz screen; the hint lock takes
    effect (app.hint_limit, and app.lock_answers() closes what gives answers
    away).  A student who comes back during the event resumes it: the quiz
    (of any kind) with its answers replayed and its log shown again, the
    position from their saved game;
  - before a pushed position replaces the student's own game, that game is
    parked in the store (Store.keep_game); once the push ends, the palette
    offers "Back to my own game";
  - the event ended: the lock goes, a last result is posted.
The stored result is the student's best (events.post_result never replaces
it with a worse one), so a fresh start can never wipe it.  The app never
computes Sudoku facts here: results come from the Game (solution from the
engine) and from the quiz model.
"""
from __future__ import annotations

import asyncio
import contextvars
import inspect

from ..classroom import events
from .commands import register_commands
from .palette import PaletteCommand

POLL_S = 1.0


class ClassLink:
    def __init__(self, app, class_name: str):
        self.app = app
        self.class_name = class_name
        self.event: events.ClassEvent | None = None      # the event followed (running or ended)
        self.game = None          # the Game a pushed position started
        self.quiz = None          # the quiz model of a pushed quiz
        self.kept_name: str | None = None     # the student's own game, parked during a push
        self._posted = None
        self._busy = False
        self._ready_play = None   # the play screen found ready
        self._seen = None         # (event, class settings) the UI thread last acted on
        self.polls = 0
        self.errors = 0

    def start(self) -> None:
        self.app.set_interval(POLL_S, self.tick)
        self.tick()

    # ---------------------------------------------------------- polling
    def _ready(self) -> bool:
        """The grid screen is up (the first poll may come before it is)."""
        play = getattr(self.app, "play", None)
        if play is None or not play.is_mounted:
            return False
        if self._ready_play is not play:            # looked up once per play screen, not each second
            if not play.query("#log-view"):
                return False
            self._ready_play = play
        return True

    def tick(self) -> None:
        if self._busy or self.app.store is None or not self._ready():
            return
        self._busy = True
        post = self._result_to_post()
        loop = asyncio.get_running_loop()
        # the answer runs in the app's context (Textual's active app and pump)
        loop.run_in_executor(None, self._poll, post, loop, contextvars.copy_context())

    def _poll(self, post, loop, context) -> None:
        """In a thread: read the store; wake the UI thread only for news."""
        store = self.app.store
        ev = state = kept = class_settings = None
        try:
            if post is not None:
                event_id, result, score, done, qstate = post
                events.post_result(store, event_id, self.app.user, result, score, done, qstate)
            ev = events.latest_event(store, self.class_name)
            class_settings = events.class_settings(store, self.class_name)
            if ev is not None and ev.active and self._is_new(ev):
                state = events.saved_state(store, ev.id, self.app.user)
                kept = store.kept_game(self.app.user)
            elif ev is not None and not ev.active and self.event is not None and self.event.active:
                kept = store.kept_game(self.app.user)
            ok = True
        except Exception:            # a store hiccup: try again next second
            ok = False
        if ok and post is None and (ev, class_settings) == self._seen:
            self.polls += 1
            self._busy = False
            return
        try:
            loop.call_soon_threadsafe(self._deliver, ev, post, ok, state, kept, class_settings,
                                      context=context)
        except RuntimeError:         # the app has ended meanwhile
            pass

    def _deliver(self, *answer) -> None:
        """On the UI thread: act on the poll's answer.  A push that cannot be
        acted on is counted, as a store hiccup is (a callback's error would
        otherwise only reach asyncio's log)."""
        try:
            self._polled(*answer)
        except Exception:            # noqa: BLE001 - the next poll tries again
            self._busy = False
            self.errors += 1

    def _is_new(self, ev) -> bool:
        followed = self.event
        return followed is None or ev.id != followed.id or not followed.active

    def _polled(self, ev, post, ok: bool, state=None, kept=None, class_settings=None) -> None:
        self._busy = False
        self.polls += 1
        if not ok:
            self.errors += 1
            return
        self._apply_settings(class_settings or {})
        if post is not None:
            self._posted = post
        if ev is not None and not self._ready():
            return                                  # acted on once the grid is up
        self._seen = (ev, class_settings)
        if ev is None:
            return
        followed = self.event
        if ev.active and self._is_new(ev):          # a new push, or the followed one reopened
            self._begin(ev, state, kept)
        elif followed is not None and ev.id == followed.id and followed.active and not ev.active:
            self._end(ev, kept)

    def _apply_settings(self, class_settings: dict[str, str]) -> None:
        """The teacher's class settings hold over the student's own."""
        apply = getattr(self.app, "set_class_setting", None)
        if apply is None:
            return
        from .settings import SETTINGS, coerce
        for name in SETTINGS:
            text = class_settings.get(name)
            known = self.app.class_settings.get(name)
            try:
                if text is None and known is not None:
                    apply(name, None)
                elif text is not None:
                    if known is None or coerce(name, text) != known:
                        apply(name, text)
            except ValueError:          # a value this version does not know: ignore it
                pass

    # ---------------------------------------------------------- events
    def _log(self, text: str, kind: str = "info") -> None:
        play = getattr(self.app, "play", None)
        if play is not None:
            play.log_line(text, kind)

    def _begin(self, ev: events.ClassEvent, state=None, kept=None) -> None:
        again = self.event is not None and self.event.id == ev.id
        self.event = ev
        self.game = self.quiz = None
        self._posted = None
        if kept is not None:
            self.kept_name = kept.puzzle_name
        self.app.hint_limit = ev.hint_limit
        if ev.hint_limit is not None and hasattr(self.app, "lock_answers"):
            self.app.lock_answers()
        position = ev.payload.get("position")
        lock = ""
        if ev.hint_limit is not None:
            lock = " Hints are off." if ev.hint_limit <= 0 else f" Hints go up to level {ev.hint_limit}."
        if ev.kind == "quiz" and position:
            self._start_quiz(ev, position, state)
        elif position:
            self._play(ev, position)
        verb = "reopened" if again else "started"
        self._log(f"Your teacher {verb}: {ev.title}.{lock}", "hint")
        self.app.set_activity(f"class: {ev.title}")
        try:
            self.app.notify(f"Your teacher {verb}: {ev.title}.{lock}", title="Class", markup=False)
        except Exception:
            pass

    def _is_this_push(self, game, position: str) -> bool:
        """Is `game` the pushed position (resumed from the saved game)?"""
        from ..engine.formats import parse_position, to_braces
        try:
            return to_braces(game.start) == to_braces(parse_position(position))
        except Exception:
            return False

    def _play(self, ev, position: str) -> None:
        play = self.app.play
        self.app.pop_to_play()
        if play.game is not None and self._is_this_push(play.game, position):
            self.game = play.game                 # back after leaving: the class position, as it was
            play.game.name = ev.title
            return
        if self.kept_name is None and self.app.store is not None:
            self.kept_name = play.game.name       # park the student's own game first
            self.app.store.keep_game(self.app.user)
        try:
            play.load_position(position, name=ev.title)
        except Exception as e:           # a bad push: say so, keep the current game
            self._log(f"The pushed position could not be loaded: {e}", "bad")
            return
        self.game = play.game

    def _uniqueness(self, ev) -> bool:
        """A pushed quiz counts uniqueness techniques as the teacher's class
        had them when it was pushed (the same quiz for everyone)."""
        pushed = ev.payload.get("uniqueness")
        return bool(pushed) if isinstance(pushed, bool) else self.app.setting("uniqueness")

    def _start_quiz(self, ev, position: str, state=None) -> None:
        from ..engine.formats import parse_position
        from ..teaching.quiz import make_quiz
        from ..teaching.quiz.common import REFERENCE_TARGET
        try:
            self.quiz = make_quiz(ev.payload.get("quiz"), ev.payload.get("target") or REFERENCE_TARGET,
                                  position=parse_position(position), uniqueness=self._uniqueness(ev),
                                  title=ev.title, source="class")
            self.quiz.restore(state)
        except Exception as e:
            self._log(f"The pushed quiz could not be started: {e}", "bad")
            self.quiz = None
            return
        if self.quiz.log:
            self._log(f"Welcome back to {ev.title}: {self.quiz.status_line()}.", "hint")
        if not self._open_quiz_screen():
            self._play(ev, position)
            self._log(self.quiz.prompt(), "hint")

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

    def _end(self, ev: events.ClassEvent, kept=None) -> None:
        self.event = ev
        self.app.hint_limit = None
        if hasattr(self.app, "unlock_answers"):
            self.app.unlock_answers()
        self._log(f"Your teacher ended: {ev.title}. Hints are back.", "info")
        if kept is not None:
            self.kept_name = kept.puzzle_name
        if self.kept_name:
            self._log(f"Your own game {self.kept_name} is kept: ctrl+p \"Back to my own game\" "
                      "returns to it.", "hint")
        try:
            self.app.notify(f"{ev.title} has ended.", title="Class", markup=False)
        except Exception:
            pass

    # ---------------------------------------------------------- the own game
    def back_to_own_game(self) -> None:
        """Leave the class position for the game the push replaced."""
        from .game import Game
        store = self.app.store
        if self.event is not None and self.event.active:
            self._log("Your own game comes back once the class push has ended.", "warn")
            return
        try:
            saved = store.kept_game(self.app.user)
            game = Game.from_record(saved.puzzle_name, saved.givens, saved.position, saved.history)
        except Exception as e:              # noqa: BLE001 - gone, damaged, or the store is down
            self._log(f"Your own game cannot be loaded now: {e}", "bad")
            return
        self.app.pop_to_play()
        self.app.play.load_game(game)
        store.drop_kept_game(self.app.user)
        self.kept_name = None
        self.game = None

    # ---------------------------------------------------------- results
    def result(self):
        """(result dict, progress 0..1, done, resume state) for the followed
        event, or None."""
        blocked = getattr(self.app, "locked_tries", 0)
        if self.quiz is not None:
            res, progress = self.quiz.class_result()
            if blocked:
                res["locked_tries"] = blocked
            return res, progress, bool(self.quiz.done), self.quiz.state()
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
            if blocked:
                res["locked_tries"] = blocked
            return res, (right / to_fill if to_fill else 1.0), solved, None
        return None

    def _result_to_post(self):
        ev = self.event
        if ev is None:
            return None
        got = self.result()
        if got is None:
            return None
        post = (ev.id, *got)
        if self._posted is not None and self._posted[1:4] == post[1:4] and self._posted[0] == ev.id:
            return None
        if not ev.active and self._posted is not None and self._posted[0] == ev.id:
            return None
        return post


@register_commands
def own_game_command(app):
    """ "Back to my own game" once a class push that replaced it has ended."""
    link = getattr(app, "class_link", None)
    if link is None or not link.kept_name or (link.event is not None and link.event.active):
        return
    yield PaletteCommand(f"Back to my own game: {link.kept_name}", link.back_to_own_game,
                         "the game the class push replaced")
