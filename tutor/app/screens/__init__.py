"""The screen registry: every screen the app can open by name.

An entry names a class as "module:Class" (imported only when first opened, so
start-up stays fast and a missing module simply means "not available yet"),
an optional key bound on the main screen, a description for the footer and
the help screen, and its command palette entry in a learner's words (the
command and a plain help line).

To add a screen (lessons, quiz, teacher, ...):
  1. write `tutor/app/screens/<module>.py` with a `Screen`/`ModalScreen` class
     whose __init__ accepts keyword arguments (all optional);
  2. point its entry below at it (entries for lessons, quiz and teacher are
     already here; their keys stay hidden and inactive until the module exists);
  3. open it with `app.open_screen("name", **kwargs)`, from a key, a palette
     command (tutor/app/commands.py) or `make_app(start_screen="name")`.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass


@dataclass(frozen=True)
class ScreenEntry:
    name: str
    target: str               # "tutor.app.screens.help:HelpScreen"
    key: str | None = None    # binding on the main screen (None: palette only)
    description: str = ""
    show: bool = False        # show the key in the footer
    command: str = ""         # the palette entry: "Practise with a quiz"
    help: str = ""            # its help line: "key Q: ..."

    @property
    def module(self) -> str:
        return self.target.split(":", 1)[0]


SCREENS: dict[str, ScreenEntry] = {}


def register_screen(name: str, target: str, key: str | None = None, description: str = "",
                    show: bool = False, command: str = "", help: str = "") -> ScreenEntry:
    entry = ScreenEntry(name, target, key, description or name, show, command or description or name,
                        help)
    SCREENS[name] = entry
    return entry


def available(name: str) -> bool:
    entry = SCREENS.get(name)
    if entry is None:
        return False
    try:
        return importlib.util.find_spec(entry.module) is not None
    except (ImportError, ValueError):
        return False


def screen_class(name: str):
    """The screen class for a registered name; KeyError / ImportError when absent."""
    entry = SCREENS[name]
    module, _, cls = entry.target.partition(":")
    return getattr(importlib.import_module(module), cls)


# built-in screens
register_screen("help", "tutor.app.screens.help:HelpScreen", "question_mark", "Help", show=True,
                command="Show the keys and help", help="key ?: every key of this screen")
register_screen("puzzles", "tutor.app.screens.puzzles:PuzzlePicker", "n", "New puzzle", show=True,
                command="Choose a new puzzle", help="key n: by level, or a random one")
register_screen("paste", "tutor.app.screens.dialogs:PasteDialog", "i", "Import (paste) a puzzle",
                command="Import a puzzle (paste it)", help="key i: 81 digits or a grid with candidates")
register_screen("export", "tutor.app.screens.dialogs:ExportDialog", "e", "Export the position",
                command="Export this position", help="key e: as text to copy or save")
# screens other helpers add (inactive until their module exists)
register_screen("lessons", "tutor.app.screens.lessons:LessonScreen", "L", "Lessons", show=True,
                command="Open the lessons", help="key L: every technique explained, with examples")
register_screen("quiz", "tutor.app.screens.quiz:QuizScreen", "Q", "Practice / quiz",
                command="Practise with a quiz",
                help="key Q: a quiz on what you are working on, or pick one")
register_screen("progress", "tutor.app.screens.progress:ProgressScreen", "M", "Progress and mastery",
                command="See my progress", help="key M: how well you know each technique, what to review")
register_screen("teacher", "tutor.app.screens.teacher:TeacherScreen", "T", "Teacher view",
                command="Open the teacher view", help="key T: your class, and pushing work to it")
