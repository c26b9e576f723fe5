"""Class state kept in the progress store (SQLite or PostgreSQL).

Six tables beside the app's own (created on first use):
  class_sessions  who is connected: one row per session (SSH or web), written by the
                  server (start, a heartbeat every few seconds, end); rows
                  that no server keeps alive are closed (close_stale_sessions)
  class_events    what the teacher pushed to a class: a position or a quiz,
                  with an optional hint-level lock; `ended_ms` set when ended
  class_results   each student's best result for an event: a result never
                  replaces a better one (`score` is the progress, 0..1)
  class_state     what a student's app needs to resume an event after a
                  reconnect (the quiz entries so far), beside the result
  class_settings  the teacher's settings for the whole class (e.g. the
                  uniqueness techniques off): they override each student's
                  own setting while the student is in the class
  class_members   the roster's names and roles, written by the server at start
                  and when the roster changes

Students' apps poll `latest_event()` about once a second (one indexed query);
the teacher's screen reads everything it shows in one query (dashboard.py).
Plain SQL that both SQLite and PostgreSQL run.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass

ONLINE_MS = 45_000          # a session not seen for this long counts as gone
HEARTBEAT_S = 10.0


def _now_ms() -> int:
    return int(time.time() * 1000)


def _schema(serial: str) -> list[str]:
    return [
        "CREATE TABLE IF NOT EXISTS class_sessions (id TEXT PRIMARY KEY, class_name TEXT NOT NULL,"
        " user_name TEXT NOT NULL, role TEXT NOT NULL, peer TEXT NOT NULL, server_id TEXT NOT NULL,"
        " started_ms BIGINT NOT NULL, seen_ms BIGINT NOT NULL, ended_ms BIGINT, via TEXT)",
        "CREATE INDEX IF NOT EXISTS class_sessions_class ON class_sessions (class_name, ended_ms)",
        f"CREATE TABLE IF NOT EXISTS class_events (id {serial}, class_name TEXT NOT NULL,"
        " kind TEXT NOT NULL, payload TEXT NOT NULL, created_by TEXT NOT NULL,"
        " created_ms BIGINT NOT NULL, ended_ms BIGINT)",
        "CREATE INDEX IF NOT EXISTS class_events_class ON class_events (class_name, id)",
        "CREATE TABLE IF NOT EXISTS class_results (event_id BIGINT NOT NULL, user_name TEXT NOT NULL,"
        " result TEXT NOT NULL, score DOUBLE PRECISION, done INTEGER NOT NULL, at_ms BIGINT NOT NULL,"
        " PRIMARY KEY (event_id, user_name))",
        "CREATE TABLE IF NOT EXISTS class_state (event_id BIGINT NOT NULL, user_name TEXT NOT NULL,"
        " state TEXT NOT NULL, score DOUBLE PRECISION, at_ms BIGINT NOT NULL,"
        " PRIMARY KEY (event_id, user_name))",
        "CREATE TABLE IF NOT EXISTS class_settings (class_name TEXT NOT NULL, name TEXT NOT NULL,"
        " value TEXT NOT NULL, PRIMARY KEY (class_name, name))",
        "CREATE TABLE IF NOT EXISTS class_members (class_name TEXT NOT NULL, user_name TEXT NOT NULL,"
        " role TEXT NOT NULL, PRIMARY KEY (class_name, user_name))",
    ]


def ensure_schema(store) -> None:
    """Create the class tables once per Store object."""
    if getattr(store, "_class_schema_ok", False):
        return
    for sql in _schema(store.backend.serial_key):
        store.backend.execute(sql)
    _add_via_column(store)
    store._class_schema_ok = True


def _add_via_column(store) -> None:
    """class_sessions.via (ssh or web) in a store made before it existed."""
    from ..store.base import StoreError
    try:
        store.backend.query("SELECT via FROM class_sessions WHERE 1 = 0")
    except StoreError:
        try:
            store.backend.execute("ALTER TABLE class_sessions ADD COLUMN via TEXT")
        except StoreError:
            pass                # another process added it first


# ------------------------------------------------------------------ class settings

def set_class_setting(store, class_name: str, name: str, value: str) -> None:
    """The teacher sets `name` to `value` (text, as tutor.app.settings stores
    it) for every student of the class."""
    ensure_schema(store)
    store.backend.execute(
        "INSERT INTO class_settings (class_name, name, value) VALUES (?, ?, ?)"
        " ON CONFLICT (class_name, name) DO UPDATE SET value = excluded.value",
        (class_name, name, value))


def class_settings(store, class_name: str) -> dict[str, str]:
    """The class's settings by name (none set: empty)."""
    ensure_schema(store)
    rows = store.backend.query("SELECT name, value FROM class_settings WHERE class_name = ?",
                               (class_name,))
    return {name: value for name, value in rows}


# ------------------------------------------------------------------ presence

def set_members(store, class_name: str, members: dict[str, str]) -> None:
    """The class's roster, name -> role, as the server read it: the teacher
    view counts and lists every member, logged in ever or not."""
    ensure_schema(store)
    for user, role in members.items():
        store.backend.execute(
            "INSERT INTO class_members (class_name, user_name, role) VALUES (?, ?, ?)"
            " ON CONFLICT (class_name, user_name) DO UPDATE SET role = excluded.role",
            (class_name, user, role))
    kept = ", ".join("?" * len(members))
    store.backend.execute(
        "DELETE FROM class_members WHERE class_name = ?" + (f" AND user_name NOT IN ({kept})" if members else ""),
        (class_name, *members))


def session_started(store, session_id: str, class_name: str, user: str, role: str, peer: str,
                    server_id: str, via: str = "ssh") -> None:
    ensure_schema(store)
    now = _now_ms()
    store.backend.execute(
        "INSERT INTO class_sessions (id, class_name, user_name, role, peer, server_id, started_ms,"
        " seen_ms, ended_ms, via) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)"
        " ON CONFLICT (id) DO UPDATE SET seen_ms = excluded.seen_ms, ended_ms = NULL",
        (session_id, class_name, user, role, peer, server_id, now, now, via))


def session_ended(store, session_id: str) -> None:
    ensure_schema(store)
    store.backend.execute("UPDATE class_sessions SET ended_ms = ? WHERE id = ?", (_now_ms(), session_id))


def heartbeat(store, server_id: str) -> None:
    """Every live session of this server is still there."""
    ensure_schema(store)
    store.backend.execute("UPDATE class_sessions SET seen_ms = ? WHERE server_id = ? AND ended_ms IS NULL",
                          (_now_ms(), server_id))


def server_stopped(store, server_id: str) -> None:
    ensure_schema(store)
    store.backend.execute("UPDATE class_sessions SET ended_ms = ? WHERE server_id = ? AND ended_ms IS NULL",
                          (_now_ms(), server_id))


def close_stale_sessions(store, host: str, own_server_id: str) -> int:
    """Close the session rows that no server keeps alive any more: rows not
    seen for ONLINE_MS (their server stopped its heartbeat: killed with -9,
    crashed, its machine gone), and at once those of an earlier server on
    this host whose process has gone.  Each is closed at the moment it was
    last seen.  Returns how many were closed."""
    ensure_schema(store)
    dead = []
    for (sid,) in store.backend.query(
            "SELECT DISTINCT server_id FROM class_sessions WHERE ended_ms IS NULL AND server_id <> ?",
            (own_server_id,)):
        parts = str(sid).split(":")
        if len(parts) == 3 and parts[0] == host and parts[1].isdigit() and not _pid_alive(int(parts[1])):
            dead.append(sid)
    cutoff = _now_ms() - ONLINE_MS
    where = " OR ".join(["seen_ms < ?"] + ["server_id = ?"] * len(dead))
    params = (own_server_id, cutoff, *dead)
    rows = store.backend.query(
        f"SELECT COUNT(*) FROM class_sessions WHERE ended_ms IS NULL AND server_id <> ? AND ({where})",
        params)
    n = int(rows[0][0]) if rows else 0
    if n:
        store.backend.execute(
            f"UPDATE class_sessions SET ended_ms = seen_ms WHERE ended_ms IS NULL AND server_id <> ?"
            f" AND ({where})", params)
    return n


def _pid_alive(pid: int) -> bool:
    import os
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
    rows = store.backend.query(
        "SELECT COUNT(*) FROM class_sessions WHERE class_name = ? AND ended_ms IS NULL", (class_name,))
    return int(rows[0][0]) if rows else 0


# ------------------------------------------------------------------ pushed events

KINDS = ("position", "quiz")


@dataclass(frozen=True)
class ClassEvent:
    id: int
    class_name: str
    kind: str                 # 'position' or 'quiz'
    payload: dict             # position text, title, quiz spec, hint_limit ...
    created_by: str
    created: float
    ended: float | None

    @property
    def active(self) -> bool:
        return self.ended is None

    @property
    def title(self) -> str:
        return str(self.payload.get("title") or self.kind)

    @property
    def hint_limit(self) -> int | None:
        """The highest hint level allowed while the event runs (None: no lock)."""
        v = self.payload.get("hint_limit")
        return None if v is None else int(v)


def _event(row) -> ClassEvent:
    eid, cls, kind, payload, by, created, ended = row
    try:
        data = json.loads(payload)
    except ValueError:
        data = {}
    return ClassEvent(int(eid), cls, kind, data if isinstance(data, dict) else {}, by,
                      created / 1000.0, None if ended is None else ended / 1000.0)


def push_event(store, class_name: str, kind: str, payload: dict, by: str) -> ClassEvent:
    """Start a new event for the class (ending the one that runs, if any)."""
    if kind not in KINDS:
        raise ValueError(f"unknown class event kind {kind!r}")
    ensure_schema(store)
    now = _now_ms()
    store.backend.execute("UPDATE class_events SET ended_ms = ? WHERE class_name = ? AND ended_ms IS NULL",
                          (now, class_name))
    store.backend.execute(
        "INSERT INTO class_events (class_name, kind, payload, created_by, created_ms, ended_ms)"
        " VALUES (?, ?, ?, ?, ?, NULL)",
        (class_name, kind, json.dumps(payload, separators=(",", ":")), by, now))
    ev = latest_event(store, class_name)
    assert ev is not None
    return ev


def end_event(store, class_name: str) -> ClassEvent | None:
    """End the class's running event; returns it (None when nothing ran)."""
    ensure_schema(store)
    ev = latest_event(store, class_name)
    store.backend.execute("UPDATE class_events SET ended_ms = ? WHERE class_name = ? AND ended_ms IS NULL",
                          (_now_ms(), class_name))
    return ev if ev is not None and ev.active else None


def reopen_event(store, class_name: str) -> ClassEvent | None:
    """Run the class's newest event again when it has ended (results and
    students' saved progress in it are kept); returns it, or None when the
    newest event still runs or there is none."""
    ensure_schema(store)
    ev = latest_event(store, class_name)
    if ev is None or ev.active:
        return None
    store.backend.execute("UPDATE class_events SET ended_ms = NULL WHERE id = ?", (ev.id,))
    return latest_event(store, class_name)


def latest_event(store, class_name: str) -> ClassEvent | None:
    """The class's newest event, running or ended: what students poll."""
    ensure_schema(store)
    rows = store.backend.query(
        "SELECT id, class_name, kind, payload, created_by, created_ms, ended_ms FROM class_events"
        " WHERE class_name = ? ORDER BY id DESC LIMIT 1", (class_name,))
    return _event(rows[0]) if rows else None


# a new row replaces the stored one only when it is no worse: not less progress,
# and not "still going" over "done" (a reconnect that started over at 0 could
# otherwise wipe a student's result)
_NO_WORSE = ("(excluded.score IS NULL OR {t}.score IS NULL OR excluded.score >= {t}.score)"
             " AND excluded.done >= {t}.done")


def post_result(store, event_id: int, user: str, result: dict, score: float | None = None,
                done: bool = False, state: dict | None = None) -> None:
    """A student's result for an event: `score` is their progress (0..1),
    `state` what their app needs to resume it.  Kept only when no worse than
    the stored one (see _NO_WORSE)."""
    ensure_schema(store)
    now = _now_ms()
    score = None if score is None else float(score)
    store.backend.execute(
        "INSERT INTO class_results (event_id, user_name, result, score, done, at_ms)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id, user_name) DO UPDATE SET"
        " result = excluded.result, score = excluded.score, done = excluded.done, at_ms = excluded.at_ms"
        " WHERE " + _NO_WORSE.format(t="class_results"),
        (int(event_id), user, json.dumps(result, separators=(",", ":")), score, 1 if done else 0, now))
    if state is not None:
        store.backend.execute(
            "INSERT INTO class_state (event_id, user_name, state, score, at_ms) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (event_id, user_name) DO UPDATE SET state = excluded.state,"
            " score = excluded.score, at_ms = excluded.at_ms WHERE"
            " (excluded.score IS NULL OR class_state.score IS NULL OR excluded.score >= class_state.score)",
            (int(event_id), user, json.dumps(state, separators=(",", ":")), score, now))


def saved_state(store, event_id: int, user: str) -> dict | None:
    """What post_result kept for resuming the event, or None."""
    ensure_schema(store)
    rows = store.backend.query("SELECT state FROM class_state WHERE event_id = ? AND user_name = ?",
                               (int(event_id), user))
    if not rows:
        return None
    try:
        data = json.loads(rows[0][0])
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def results(store, event_id: int) -> dict[str, dict]:
    ensure_schema(store)
    rows = store.backend.query(
        "SELECT user_name, result, score, done, at_ms FROM class_results WHERE event_id = ?", (int(event_id),))
    out = {}
    for user, result, score, done, at in rows:
        try:
            data = json.loads(result)
        except ValueError:
            data = {}
        out[user] = {"result": data, "score": score, "done": bool(done), "at": at / 1000.0}
    return out
