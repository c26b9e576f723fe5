"""The learner's progress on lessons, as the lesson list shows it: which
lessons they have gone through (kept in the progress store, or for this
session only when there is none), and their mastery of each lesson's
techniques.

A lesson counts as read once the learner has gone through it: scrolled its
text to the end, or tried one of its examples on the grid; opening it is
not enough.  `lesson_gone_through` is the one place that decides it.
"""
from __future__ import annotations

import weakref

from ...teaching.lessons import Lesson

# Lessons read in this session, per app, when the store cannot keep them.
_READ_FALLBACK: "weakref.WeakKeyDictionary[object, set[str]]" = weakref.WeakKeyDictionary()


READ_BY = ("scrolled", "tried")    # how a lesson is gone through: its end reached, an example tried


def lesson_gone_through(app, lesson_id: str, how: str) -> bool:
    """The learner went through a lesson (`how` is one of READ_BY): mark it
    read.  Returns True when it was not read before.  Both are events of
    the learner model: the lesson read (once), every example tried."""
    if how not in READ_BY:
        raise ValueError(f"a lesson is gone through by {' or '.join(READ_BY)}, not {how!r}")
    techniques = _lesson_techniques(lesson_id)
    store = getattr(app, "store", None)
    if how == "tried" and store is not None and hasattr(store, "record_event"):
        try:                      # every example tried is an event of the learner model
            store.record_event(app.user, "example", ",".join(techniques), detail=lesson_id)
        except Exception:
            pass
    if lesson_id in lessons_read(app):
        return False
    mark_read(app, lesson_id, techniques)
    return True


def _lesson_techniques(lesson_id: str) -> tuple[str, ...]:
    from ...teaching.lessons import all_lessons
    try:
        return next((tuple(l.techniques) for l in all_lessons() if l.id == lesson_id), ())
    except Exception:
        return ()


def lessons_read(app) -> set[str]:
    """Ids of the lessons the user has gone through (store if it can, else this session)."""
    store = getattr(app, "store", None)
    reader = getattr(store, "lessons_read", None)
    if callable(reader):
        try:
            return set(reader(app.user))
        except Exception:
            pass
    return set(_READ_FALLBACK.get(app, set()))


def mark_read(app, lesson_id: str, techniques=()) -> None:
    store = getattr(app, "store", None)
    writer = getattr(store, "mark_lesson_read", None)
    if callable(writer):
        try:
            writer(app.user, lesson_id, techniques=tuple(techniques))
            return
        except Exception:
            pass
    _READ_FALLBACK.setdefault(app, set()).add(lesson_id)


def lesson_mastery(app, lesson: Lesson) -> float | None:
    """Mean mastery of the lesson's techniques that have attempts, or None."""
    store = getattr(app, "store", None)
    if store is None or not hasattr(store, "mastery"):
        return None
    try:
        scores = store.mastery(app.user)
    except Exception:
        return None
    got = [scores[t] for t in lesson.techniques if t in scores]
    return sum(got) / len(got) if got else None
