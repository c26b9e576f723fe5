"""TutorApp: the Textual application.

Structure
---------
* `make_app(puzzle=None, **options)` (tutor/app/__init__.py) builds the app;
  options: `store_path` (file, ":memory:" or URL; default the user data dir;
  `db` is accepted as an alias), `store` (an open Store), `user` (default
  $SUDOKU_TUTOR_USER or the login name), `layout` ("auto", "compact",
  "medium", "large"), `start_screen` + `start_args` (a registered screen to
  open above the grid at start, e.g. "quiz" or "teacher"), `save` (False: no
  progress store at all), `name` (the puzzle's name).  Unknown options are
  kept in `app.options` for other screens (e.g. the classroom's `role`).
* The main screen is `PlayScreen` (screens/play.py, joining its parts
  play_keys.py, play_hints.py, play_claims.py, play_steps.py), reachable as
  `app.play`: the grid (widgets/grid.py), the Lesson/Log/Steps tabs and every
  playing key.
  Its state lives in a `Game` (game.py: position, givens, claim marks,
  undo/redo), words for hints and verdicts in hints.py, shipped puzzles in
  catalog.py.
* Extra screens live in `tutor/app/screens/` and are listed in the registry
  in `tutor/app/screens/__init__.py` (name -> "module:Class", key,
  description).  Open one with `app.open_screen(name, **kwargs)`; a missing
  module means its key stays hidden and inactive.  Registered: help (?),
  puzzles (n), paste (i), export (e), lessons (L), quiz (Q), teacher (T).
* Palette commands: `tutor/app/commands.py`, `register_commands(source)`
  where `source(app)` yields `PaletteCommand(title, callback, help)`.
* Bytes and memory (one app per SSH student): terminal.py filters what is
  written to the terminal (the same screen in fewer bytes), memory.py tidies
  the process once start-up is over (run_app() only), and
  tutor/app/__init__.py keeps asyncio from loading OpenSSL; served.py is
  what a served app (one student's SSH session) does differently.

Push points for other screens
-----------------------------
* `app.play.load_position(position_or_text, name, step=None)`: play a
  position (a lesson example, a pushed class position) with a step
  highlighted; then `app.pop_to_play()` to show the grid.
* `app.play.show_step(step)`, `app.play.set_highlight(Highlight(...))`
  (widgets/grid.py: pattern cells/digits, eliminations, placements, failing
  cells, solution digits).
* `app.play.set_lesson(markdown_or_widget, title)`: fill the Lesson tab.
* `app.play.log_line(text, kind)`: a line in the Log tab (kind: info, ok,
  bad, warn, hint); `app.play.log_lines` keeps the plain text.
* `app.play.action_submit(by=None, pattern=None)`: judge the marked claim;
  `app.play.run_judge(position, claim_text, key, by, pattern)` judges any text.
* `app.store` (tutor.store.Store or None), `app.user`, `app.set_activity(text)`.
* `app.setting(name)`, `app.set_setting(name, value)`: the learner's settings
  by name (settings.py; today `uniqueness`), kept in the store; the hook a
  class channel uses to apply a teacher's class setting.

Keys are listed by the help screen (built from the binding tables).  Note:
h/j/k/l move the cursor (as arrows do), so the hint ladder is on H.
"""
from __future__ import annotations

import getpass
import os

from textual import events
from textual.app import App
from textual.binding import Binding

from ..engine.formats import read_position_arg
from ..engine.position import Position, PositionError
from . import catalog, entry_keys, guards, lazy_strips, leaks, partial_frames, settings
from .commands import TutorCommands
from .game import Game
from .screens import SCREENS, available, screen_class
from .served import ServedApp
from .themes import register_themes


def default_user() -> str:
    try:
        return os.environ.get("SUDOKU_TUTOR_USER") or getpass.getuser() or "me"
    except Exception:
        return "me"


# screens that give answers away (lessons show worked examples, practice
# quizzes reveal what was missed), closed during a locked class test
LOCKED_SCREENS = {"lessons": "Lessons are closed during the class test.",
                  "quiz": "Practice quizzes are closed during the class test."}


class TutorApp(ServedApp):
    TITLE = "sudoku-tutor"
    CSS_PATH = "tutor.tcss"
    COMMANDS = App.COMMANDS | {TutorCommands}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
                Binding("q", "quit", "Quit")]

    def __init__(self, puzzle: str | Position | None = None, *, store_path=None, store=None,
                 user: str | None = None, layout: str = "auto", start_screen: str | None = None,
                 start_args: dict | None = None, save: bool = True, name: str | None = None,
                 **options) -> None:
        super().__init__()
        guards.guard_option_list_paging()
        leaks.free_styles_caches()
        lazy_strips.install()
        if os.environ.get("SUDOKU_TUTOR_BENCH_TEXTUAL_FRAMES") != "1":   # benchmarks compare with it
            partial_frames.install()
        if store_path is None and options.get("db"):
            store_path = options["db"]          # the classroom's --db URL
        self.options = options
        # served over SSH by the classroom (a role is given): the app then runs in
        # an account on the teacher's machine, so it offers only the tutor's own
        # commands and writes nothing but the progress store (no screenshots,
        # no export files)
        self.served = bool(options.get("role"))
        if self.served:
            self.COMMANDS = {TutorCommands}
            guards.keep_pumps_alive()
        # a locked class test (tutor/app/classlink.py sets the limit): what gives
        # answers away is closed, and each try at it is counted for the teacher
        self.hint_limit: int | None = None
        self.locked_tries = 0
        self.internal_errors: list[str] = []    # errors a served app lived through
        self._error_times: list[float] = []
        self.user = user or default_user()
        self.last_quiz: dict = {}                # the quiz last opened here (Q goes back to it)
        self.start_screen = start_screen
        self.start_args = start_args or {}
        self.layout_choice = layout
        self.store_note = ""
        # new puzzles start with no candidates written (the learner pencils
        # them, as in HoDoKu); the picker's `c` and the palette switch it
        self.start_without_candidates = False
        # parse the puzzle first: a bad one fails here, before the terminal is taken
        self.initial_game: Game | None = None
        if isinstance(puzzle, Position):
            self.initial_game = Game(puzzle, name or "position")
        elif puzzle:
            pos_text = puzzle
            label = name
            if len(puzzle) < 4096 and os.path.isfile(puzzle):
                label = name or os.path.basename(puzzle)
                pos = read_position_arg(puzzle)
                game = Game(pos, label)
                count, _ = pos.solution_info()
                if count != 1:
                    raise PositionError("the puzzle has no solution" if count == 0 else
                                        "the puzzle has several solutions; the tutor needs exactly one")
                self.initial_game = game
            else:
                self.initial_game = Game.from_text(pos_text, name=label or "custom")
            if label is None:
                self.initial_game.name = catalog.name_for(self.initial_game.givens_text)
        self.store = store
        self.save_status = ""                    # "saving…", "saved", "not saved yet" (saving.py)
        if self.store is None and save:
            from ..store import Store, StoreError
            try:
                self.store = Store.open(store_path)
            except (StoreError, OSError) as e:
                if store_path is not None:
                    raise StoreError(str(e)) from None   # asked for: say so, do not start
                # the default file cannot be used: play on, and say so in the log
                self.store = Store.open(":memory:")
                self.store_note = f"Progress is not saved: {e}"
        # settings: the user's stored ones; one given as an option holds for
        # this session only (the command line's --no-uniqueness)
        self.settings = settings.load(self.store, self.user)
        for name in settings.SETTINGS:
            if name in options:
                self.settings[name] = settings.coerce(name, options.pop(name))
        # the teacher's class settings (ClassLink keeps them): they win over the above
        self.class_settings: dict[str, bool] = {}
        from .saving import background
        self.store = background(self.store)     # writes in the background, retried until they commit
        self._play = None
        self.bank_worker = None                 # the practice bank's worker process (on_mount)
        # run_app() sets this: tidy the process's memory once start-up is over
        # (tutor/app/memory.py); tests that run many apps in one process do not
        self.settle_memory = False
        self._settle_tries = 0

    def get_driver_class(self):
        """The platform's terminal driver, its input thread asleep while the
        keyboard is (tutor/app/input_thread.py), writing fewer bytes per frame
        (tutor/app/terminal.py; SUDOKU_TUTOR_RAW_OUTPUT=1 switches that off)."""
        driver_class = super().get_driver_class()
        from textual import constants
        from . import terminal
        from .input_thread import quiet_input_driver
        terminal.tolerant_input()
        if constants.DRIVER is not None:            # a driver chosen from outside: as it is
            return driver_class
        driver_class = quiet_input_driver(driver_class)
        if terminal.enabled():
            driver_class = terminal.compressing_driver(driver_class)
        return driver_class

    # ------------------------------------------------------------ start
    def on_mount(self) -> None:
        register_themes(self)
        from .screens.play import PlayScreen
        game, note = self._first_game()
        notes = [(note, "info")] if note else []
        if self.store_note:
            notes.append((self.store_note, "warn"))
        self._play = PlayScreen(game, notes=notes)
        self._play.layout_choice = self.layout_choice
        self.push_screen(self._play)
        if self.start_screen:
            self.call_after_refresh(self.open_screen, self.start_screen, **self.start_args)
        if self.settle_memory:
            self.set_timer(1.0, self._settle_memory)
        from .saving import SaveWatch
        SaveWatch(self).start()
        if self.options.get("bank_worker") and not self.served and self.store is not None:
            from ..teaching import bank_worker        # a process of its own: the app never waits for it
            self.bank_worker = bank_worker.start(self.store.location)
        if self.options.get("role") == "student":       # SSH classroom: follow the teacher's pushes
            from .classlink import ClassLink
            self.class_link = ClassLink(self, self.options.get("class_name") or "class")
            self.class_link.start()

    def on_unmount(self) -> None:
        from ..teaching import bank_worker
        bank_worker.stop(self.bank_worker)

    def _settle_memory(self) -> None:
        """Once the first frame is out and the rating is done (or after 10 s)."""
        if self._settle_tries < 0:
            return                                  # done already
        self._settle_tries += 1
        if self._play is not None and not self._play.rating and self._settle_tries < 20:
            self.set_timer(0.5, self._settle_memory)
            return
        self._settle_tries = -1
        from . import memory
        memory.settle()

    def _first_game(self) -> tuple[Game, str]:
        keys = "L opens the lessons, n picks another puzzle. Press ? for help."
        if self.initial_game is not None:
            return self.initial_game, f"Playing {self.initial_game.name}. {keys}"
        if self.store is not None:
            try:
                saved = self.store.load_game(self.user)
            except Exception:
                saved = None
            if saved is not None:
                try:
                    game = Game.from_record(saved.puzzle_name, saved.givens, saved.position,
                                            saved.history)
                    solved = " (solved)" if game.is_solved() else ""
                    return game, f"Welcome back: resumed {game.name}{solved}. {keys}"
                except (PositionError, ValueError, KeyError, TypeError):
                    pass
        level, number = catalog.DEFAULT_PUZZLE
        puzzle = catalog.get(level, number)
        return (Game.from_text(puzzle.givens, name=puzzle.name),
                f"Welcome! This is {puzzle.name}, a first puzzle: move with the arrows and "
                f"type 1-9 to place a digit. New to the techniques? {keys}")

    @property
    def play(self):
        """The main (grid) screen."""
        return self._play

    # ------------------------------------------------------------ screens
    def open_screen(self, name: str, **kwargs) -> None:
        """Open a registered screen by name (see tutor/app/screens/__init__.py)."""
        if name in LOCKED_SCREENS and self.locked_out(LOCKED_SCREENS[name]):
            return
        entry = SCREENS.get(name)
        if entry is None or not available(name):
            what = entry.description if entry else name
            if self._play is not None:
                self._play.log_line(f"{what}: not available yet.", "warn")
            return
        if name == "quiz":
            from .quiz_choice import quiz_args
            kwargs = quiz_args(self, kwargs)
            if kwargs is None:
                return                      # the quiz chooser is open instead
        if name == "lessons" and not kwargs.get("lesson"):
            from .quiz_choice import shown_lesson
            lesson = shown_lesson(self)     # the one the learner has in front, not the first
            if lesson is not None:
                kwargs = {**kwargs, "lesson": lesson.id}
        cls = screen_class(name)
        if name == "puzzles":
            self.push_screen(cls(**kwargs), self._picked_puzzle)
        elif name == "paste":
            self.push_screen(cls(**kwargs), self._pasted)
        elif name == "export":
            self.push_screen(cls(game=self._play.game, **kwargs))
        else:
            self.push_screen(cls(**kwargs))

    def action_open_screen(self, name: str) -> None:
        self.open_screen(name)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "open_screen" and parameters:
            return bool(available(parameters[0]))   # False: hidden and inactive
        return True

    # ------------------------------------------------------------ class test lock
    @property
    def answers_locked(self) -> bool:
        """A class test with a hint lock runs: nothing may give answers away."""
        return self.hint_limit is not None

    def locked_out(self, message: str) -> bool:
        """True when a locked class test runs: the try is counted (the
        teacher sees the count) and `message` goes to the Log."""
        if not self.answers_locked:
            return False
        self.locked_tries += 1
        if self._play is not None:
            self._play.log_line(message, "warn")
        return True

    def lock_answers(self) -> None:
        """A locked test starts: close every view that gives answers away."""
        self.pop_to_play()
        if self._play is not None:
            self._play.close_answers()

    def pop_screen(self):
        """Pop the top screen, but never the grid: Textual's command palette
        dismisses itself on every click of its background, and a second
        dismiss in a row would take the grid away (a third ends the app)."""
        if len(self.screen_stack) <= 1 or (self._play is not None and self.screen is self._play):
            from textual.await_complete import AwaitComplete
            return AwaitComplete.nothing()
        return super().pop_screen()

    def pop_to_play(self) -> None:
        """Close every screen above the grid."""
        while len(self.screen_stack) > 1 and self.screen is not self._play:
            self.pop_screen()

    def _picked_puzzle(self, puzzle) -> None:
        if puzzle is not None:
            self._play.load_catalog(puzzle)

    def _pasted(self, game) -> None:
        if game is not None:
            self._play.load_game(game)

    # ------------------------------------------------------------ settings
    def setting(self, name: str) -> bool:
        """A setting's value now (see settings.py): the teacher's class
        setting where there is one, else the learner's own."""
        if name in self.class_settings:
            return self.class_settings[name]
        return self.settings.get(name, settings.SETTINGS[name].default)

    def set_setting(self, name: str, value, persist: bool = True) -> bool:
        """Change a setting by name (ValueError for an unknown one or a bad
        value), keep it in the store unless `persist` is False, and let the
        grid screen follow (hints, the Steps tab and the rating start again).
        A setting the teacher set for the class is not changed here."""
        value = settings.coerce(name, value)
        if name in self.class_settings:
            if value != self.class_settings[name] and self._play is not None:
                self._play.log_line(
                    f"Your teacher set {settings.SETTINGS[name].title.lower()} "
                    f"{settings.text_of(self.class_settings[name])} for the class.", "warn")
            return self.class_settings[name]
        changed = self.setting(name) != value
        self.settings[name] = value
        if persist and self.store is not None:
            try:
                self.store.set_setting(self.user, name, settings.text_of(value))
            except Exception as e:
                if self._play is not None:
                    self._play.log_line(f"Could not save the setting: {e}", "bad")
        if changed and self._play is not None:
            self._play.setting_changed(name, value)
        return value

    def set_class_setting(self, name: str, value) -> None:
        """The teacher's class setting arrived (ClassLink): it holds over the
        learner's own while in the class (None: the class sets nothing)."""
        before = self.setting(name)
        if value is None:
            self.class_settings.pop(name, None)
        else:
            self.class_settings[name] = settings.coerce(name, value)
        if self.setting(name) != before and self._play is not None:
            if name in self.class_settings:
                self._play.log_line(f"Your teacher set {settings.SETTINGS[name].title.lower()} "
                                    f"{settings.text_of(self.setting(name))} for the class.", "hint")
            self._play.setting_changed(name, self.setting(name))

    # ------------------------------------------------------------ size
    def on_resize(self, event) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        """Cover every screen with a notice while the terminal is too small
        for the grid (screens/too_small.py); the notice goes by itself."""
        from .screens.too_small import TooSmallScreen, too_small
        if too_small(*self.size) and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())

    def push_screen(self, screen, *args, **kwargs):
        """A screen opened while the terminal is too small gets the notice over it too."""
        pushed = super().push_screen(screen, *args, **kwargs)
        self.call_after_refresh(self.check_size)
        return pushed

    # ------------------------------------------------------------ keys
    async def on_event(self, event) -> None:
        """An Enter or a multi-line paste for an entry line is taken in order
        with the keys around it, however they arrive (entry_keys.py)."""
        if isinstance(event, (events.Key, events.Paste)):
            if not self.screen_stack:
                return                  # a key still queued as the app closes its screens
            if entry_keys.wants_order(self, event):
                run = entry_keys.submit_in_order if isinstance(event, events.Key) else entry_keys.paste_lines
                await run(self, event, super()._on_key)
                return
        await super().on_event(event)

    # ------------------------------------------------------------ store
    def set_activity(self, text: str) -> None:
        if self.store is not None:
            try:
                self.store.set_activity(self.user, text)
            except Exception:
                pass
