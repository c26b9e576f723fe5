"""The learner's settings: a few named switches, kept per user in the
progress store (like the saved game), shown on the help screen and offered
in the command palette.

    app.setting("uniqueness")            -> True / False
    app.set_setting("uniqueness", False) # kept in the store; the screens follow

`TutorApp.set_setting(name, value)` is the one way to change a setting, by
name: the palette uses it, and so can a class channel applying a teacher's
class setting.  A setting given when the app is made (`make_app(...,
uniqueness=False)`, the command line's `--no-uniqueness`) holds for that
session only and is not stored.

The screens read settings through `setting_of(node, name)`, which answers
the default when the node has no app yet (a screen built outside one).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Setting:
    name: str
    default: bool
    title: str                 # 'Uniqueness techniques'
    help: str                  # one line: what it changes


SETTINGS: dict[str, Setting] = {s.name: s for s in (
    Setting("uniqueness", True, "Uniqueness techniques",
            "Unique Rectangle, Hidden Rectangle and BUG+1 rely on the puzzle having one "
            "solution; when off, hints, the Steps tab, the rating, the judge, quizzes and "
            "practice leave them out"),
)}

_TRUE = {"1", "true", "on", "yes"}
_FALSE = {"0", "false", "off", "no"}


def coerce(name: str, value) -> bool:
    """A setting's value from a bool or its stored text; ValueError for an
    unknown setting or a value it cannot take."""
    if name not in SETTINGS:
        raise ValueError(f"unknown setting '{name}' (known: {', '.join(SETTINGS)})")
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"setting '{name}' is on or off, not '{value}'")


def text_of(value: bool) -> str:
    return "on" if value else "off"


def load(store, user: str) -> dict[str, bool]:
    """Every setting: the user's stored value, else the default."""
    values = {name: s.default for name, s in SETTINGS.items()}
    if store is None:
        return values
    try:
        stored = store.settings(user)
    except Exception:            # an old or broken store: play on with the defaults
        stored = {}
    for name, text in stored.items():
        try:
            values[name] = coerce(name, text)
        except ValueError:
            pass
    return values


def setting_of(node, name: str) -> bool:
    """The setting as the node's app has it (the default without an app)."""
    try:
        app = node.app
    except Exception:
        app = None
    get = getattr(app, "setting", None)
    return get(name) if get is not None else SETTINGS[name].default


def help_rows(values: dict[str, bool]) -> list[tuple[str, str]]:
    """(name, what it is now and does) per setting, for the help screen."""
    return [(name, f"{s.title}: {text_of(values.get(name, s.default))}. {s.help}.")
            for name, s in SETTINGS.items()]
