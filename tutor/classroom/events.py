"""Class state kept in the progress store (SQLite or PostgreSQL): who is
connected, what the teacher pushed, each student's result and saved
progress in it, the class's settings, and the teacher's board.

The tables and their statements are in tutor/store/class_tables.py, the
board's one query in tutor/store/class_board.py; this module says when a
session counts as gone, what an event may be, and stamps the time.  The
tables are created on first use (`ensure_schema`).

Students' apps poll `latest_event()` about once a second (one indexed query);
the teacher's screen calls `dashboard()`, which reads the whole board in ONE
query.
"""
from __future__ import annotations

import os
import time

from ..store import class_tables as tables
from ..store.class_board import Dashboard, class_board
from ..store.class_tables import ClassEvent

ONLINE_MS = 45_000          # a session not seen for this long counts as gone
HEARTBEAT_S = 10.0
KINDS = ("position", "quiz")


def _now_ms() -> int:
    return int(time.time() * 1000)


def ensure_schema(store) -> None:
    """Create the class tables once per Store object."""
    if getattr(store, "_class_schema_ok", False):
        return
    tables.create_class_tables(store.backend)
    store._class_schema_ok = True


# ------------------------------------------------------------------ class settings

def set_class_setting(store, class_name: str, name: str, value: str) -> None:
    """The teacher sets `name` to `value` (text, as tutor.app.settings stores
    it) for every student of the class."""
    ensure_schema(store)
    tables.set_class_setting(store.backend, class_name, name, value)


def class_settings(store, class_name: str) -> dict[str, str]:
    """The class's settings by name (none set: empty)."""
    ensure_schema(store)
    return tables.class_settings(store.backend, class_name)


# ------------------------------------------------------------------ presence

def set_members(store, class_name: str, members: dict[str, str]) -> None:
    """The class's roster, name -> role, as the server read it: the teacher
    view counts and lists every member, logged in ever or not."""
    ensure_schema(store)
    tables.set_members(store.backend, class_name, members)


def session_started(store, session_id: str, class_name: str, user: str, role: str, peer: str,
                    server_id: str, via: str = "ssh") -> None:
    ensure_schema(store)
    tables.start_session(store.backend, session_id, class_name, user, role, peer, server_id, via, _now_ms())


def session_ended(store, session_id: str) -> None:
    ensure_schema(store)
    tables.end_session(store.backend, session_id, _now_ms())


def heartbeat(store, server_id: str) -> None:
    """Every live session of this server is still there."""
    ensure_schema(store)
    tables.touch_sessions(store.backend, server_id, _now_ms())


def server_stopped(store, server_id: str) -> None:
    ensure_schema(store)
    tables.end_server_sessions(store.backend, server_id, _now_ms())


def close_stale_sessions(store, host: str, own_server_id: str) -> int:
    """Close the session rows that no server keeps alive any more: rows not
    seen for ONLINE_MS (their server stopped its heartbeat: killed with -9,
    crashed, its machine gone), and at once those of an earlier server on
    this host whose process has gone.  Each is closed at the moment it was
    last seen.  Returns how many were closed."""
    ensure_schema(store)
    dead = []
    for sid in tables.other_servers(store.backend, own_server_id):
        parts = sid.split(":")
        if len(parts) == 3 and parts[0] == host and parts[1].isdigit() and not _pid_alive(int(parts[1])):
            dead.append(sid)
    return tables.close_sessions(store.backend, own_server_id, _now_ms() - ONLINE_MS, dead)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except OSError:
        return True


def open_sessions(store, class_name: str) -> int:
    """How many sessions of the class are open (any server)."""
    ensure_schema(store)
    return tables.open_sessions(store.backend, class_name)


# ------------------------------------------------------------------ pushed events

def push_event(store, class_name: str, kind: str, payload: dict, by: str) -> ClassEvent:
    """Start a new event for the class (ending the one that runs, if any)."""
    if kind not in KINDS:
        raise ValueError(f"unknown class event kind {kind!r}")
    ensure_schema(store)
    tables.add_event(store.backend, class_name, kind, payload, by, _now_ms())
    ev = latest_event(store, class_name)
    assert ev is not None
    return ev


def end_event(store, class_name: str) -> ClassEvent | None:
    """End the class's running event; returns it (None when nothing ran)."""
    ensure_schema(store)
    ev = latest_event(store, class_name)
    tables.end_events(store.backend, class_name, _now_ms())
    return ev if ev is not None and ev.active else None


def reopen_event(store, class_name: str) -> ClassEvent | None:
    """Run the class's newest event again when it has ended (results and
    students' saved progress in it are kept); returns it, or None when the
    newest event still runs or there is none."""
    ensure_schema(store)
    ev = latest_event(store, class_name)
    if ev is None or ev.active:
        return None
    tables.reopen(store.backend, ev.id)
    return latest_event(store, class_name)


def latest_event(store, class_name: str) -> ClassEvent | None:
    """The class's newest event, running or ended: what students poll."""
    ensure_schema(store)
    return tables.latest_event(store.backend, class_name)


def post_result(store, event_id: int, user: str, result: dict, score: float | None = None,
                done: bool = False, state: dict | None = None) -> None:
    """A student's result for an event: `score` is their progress (0..1),
    `state` what their app needs to resume it.  Each is kept only when no
    worse than the stored one: not less progress, and not "still going" over
    "done" (a reconnect that started over at 0 could otherwise wipe a
    student's result)."""
    ensure_schema(store)
    now = _now_ms()
    score = None if score is None else float(score)
    tables.post_result(store.backend, event_id, user, result, score, done, now)
    if state is not None:
        tables.save_state(store.backend, event_id, user, state, score, now)


def saved_state(store, event_id: int, user: str) -> dict | None:
    """What post_result kept for resuming the event, or None."""
    ensure_schema(store)
    return tables.saved_state(store.backend, event_id, user)


def results(store, event_id: int) -> dict[str, dict]:
    ensure_schema(store)
    return tables.results(store.backend, event_id)


# ------------------------------------------------------------------ the teacher's view

def dashboard(store, class_name: str) -> Dashboard:
    """Everything the teacher's table shows, from one query (a session
    seen within ONLINE_MS is online)."""
    ensure_schema(store)
    return class_board(store.backend, class_name, _now_ms() - ONLINE_MS, time.time())
