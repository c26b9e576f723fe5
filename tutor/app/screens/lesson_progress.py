"""The learner's progress on lessons, as the lesson list shows it: which
lessons they opened (kept in the progress store, or for this session only
when there is none), and their mastery of each lesson's techniques.
"""
from __future__ import annotations

import weakref

from ...teaching.lessons import Lesson

# Lessons read in this session, per app, when the store cannot keep them.
_READ_FALLBACK: "weakref.WeakKeyDictionary[object, set[str]]" = weakref.WeakKeyDictionary()


def lessons_read(app) -> set[str]:
    """Ids of the lessons the user has opened (store if it can, else this session)."""
    store = getattr(app, "store", None)
    reader = getattr(store, "lessons_read", None)
    if callable(reader):
        try:
            return set(reader(app.user))
        except Exception:
            pass
    return set(_READ_FALLBACK.get(app, set()))


def mark_read(app, lesson_id: str) -> None:
    store = getattr(app, "store", None)
    writer = getattr(store, "mark_lesson_read", None)
    if callable(writer):
        try:
            writer(app.user, lesson_id)
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
