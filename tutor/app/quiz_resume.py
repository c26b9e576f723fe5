"""A quiz resumes where the learner left it until it is finished or given up.

The quiz screen asks here for the quiz it is about to make: one the learner
left unfinished (same kind, target, seed, start position and uniqueness
switch) comes back as it was while the app runs (kept on the app), and
also after a restart: its state (the quiz protocol's `state()`: the answers
so far) is kept in the store (the settings table, under a name of its own,
which the settings ignore) and replayed on a fresh quiz of the same
position, giving the same verdicts.  A quiz on a position drawn from the
practice bank keeps that position (and its source) with its state, since
the next draw would give another.
"""
from __future__ import annotations

import hashlib
import json

from ..engine.formats import PositionError, parse_position, to_braces

PREFIX = "quiz:"


def quiz_key(kind: str, target: str, seed, position, uniqueness: bool) -> str:
    """One name per quiz the learner can open: what it asks, on which position."""
    where = "" if position is None else repr(position.key())
    digest = hashlib.sha1(where.encode()).hexdigest()[:12] if where else "-"
    return f"{PREFIX}{kind}:{target}:{seed}:{digest}:{'u' if uniqueness else 'nu'}"


def _open(app) -> dict:
    quizzes = getattr(app, "open_quizzes", None)
    if quizzes is None:
        quizzes = {}
        try:
            app.open_quizzes = quizzes
        except Exception:
            pass
    return quizzes


def resume(app, key: str, fresh):
    """(quiz, resumed): the unfinished quiz of this key, else `fresh` with
    the stored entries of an earlier run replayed (resumed is True when any
    progress came back)."""
    quizzes = _open(app)
    kept = quizzes.get(key)
    if kept is not None and not kept.done:
        return kept, True
    state = _stored(app, key)
    if state:
        try:
            fresh.restore(state)
        except Exception:             # a state that no longer replays: start afresh
            return fresh, False
        if fresh.done:
            forget(app, key)
        else:
            quizzes[key] = fresh
            return fresh, bool(fresh.log)
    quizzes[key] = fresh
    return fresh, False


def kept_position(app, key: str):
    """(position, source) of the unfinished quiz of this key, when it was
    made on a drawn position; None otherwise."""
    kept = _open(app).get(key)
    if kept is not None and not kept.done:
        return kept.position, kept.source
    state = _stored(app, key)
    if state and isinstance(state.get("position"), str):
        try:
            return parse_position(state["position"]), str(state.get("source") or "")
        except PositionError:         # a kept position that no longer reads: draw afresh
            return None
    return None


def remember(app, key: str, quiz, drawn: bool = False) -> None:
    """Keep the quiz's progress (or drop it once the quiz is over); a quiz
    on a `drawn` position keeps the position too."""
    if quiz.done:
        forget(app, key)
        return
    _open(app)[key] = quiz
    store, user = getattr(app, "store", None), getattr(app, "user", None)
    if store is not None and user:
        state = quiz.state()
        if drawn:
            state = {**state, "position": to_braces(quiz.position), "source": quiz.source}
        try:
            store.set_setting(user, key, json.dumps(state))
        except Exception:             # never lose the quiz over the store
            pass


def forget(app, key: str) -> None:
    _open(app).pop(key, None)
    store, user = getattr(app, "store", None), getattr(app, "user", None)
    if store is not None and user:
        try:
            store.set_setting(user, key, "")
        except Exception:
            pass


def _stored(app, key: str) -> dict | None:
    store, user = getattr(app, "store", None), getattr(app, "user", None)
    if store is None or not user:
        return None
    try:
        text = store.settings(user).get(key)
        return json.loads(text) if text else None
    except Exception:
        return None
