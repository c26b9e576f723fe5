"""The classroom's tables in the progress store, and every statement on them
(what they mean to a class, and when to call what: tutor/classroom/events.py;
the teacher's board: class_board.py).

  class_sessions  who is connected: one row per session (SSH or web), with
                  the server that keeps it alive, when it was last seen and
                  when it ended
  class_events    what the teacher pushed to a class: a position or a quiz
                  (`payload` JSON); `ended_ms` set when ended
  class_results   each student's best result for an event (`result` JSON,
                  `score` the progress, 0..1)
  class_state     what a student's app needs to resume an event after a
                  reconnect, beside the result
  class_settings  the teacher's settings for the whole class
  class_members   the roster's names and roles, written by the server at
                  start and when the roster changes

Plain SQL that both backends run; times are milliseconds since the epoch,
given by the caller.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from .base import Backend, StoreError


def class_schema(serial: str) -> list[str]:
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
        "CREATE TABLE IF NOT EXISTS class_members (class_name TEXT NOT NULL, user_name TEXT NOT NULL,"
        " role TEXT NOT NULL, PRIMARY KEY (class_name, user_name))",
        "CREATE TABLE IF NOT EXISTS class_settings (class_name TEXT NOT NULL, name TEXT NOT NULL,"
        " value TEXT NOT NULL, PRIMARY KEY (class_name, name))",
    ]


def create_class_tables(backend: Backend) -> None:
    for sql in class_schema(backend.serial_key):
        backend.execute(sql)
    try:        # class_sessions.via (ssh or web), in a store made before it existed
        backend.query("SELECT via FROM class_sessions WHERE 1 = 0")
    except StoreError:
        try:
            backend.execute("ALTER TABLE class_sessions ADD COLUMN via TEXT")
        except StoreError:
            pass                # another process added it first


def _json(value) -> str:
    return json.dumps(value, separators=(",", ":"))


def json_object(text) -> dict:
    """A stored JSON object; {} when it is not one."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


# ------------------------------------------------------------------ class settings

def set_class_setting(backend: Backend, class_name: str, name: str, value: str) -> None:
    backend.execute(
        "INSERT INTO class_settings (class_name, name, value) VALUES (?, ?, ?)"
        " ON CONFLICT (class_name, name) DO UPDATE SET value = excluded.value",
        (class_name, name, value))


def set_members(backend: Backend, class_name: str, members: dict[str, str]) -> None:
    """The class's roster, name -> role: members not in it are dropped."""
    for user, role in members.items():
        backend.execute(
            "INSERT INTO class_members (class_name, user_name, role) VALUES (?, ?, ?)"
            " ON CONFLICT (class_name, user_name) DO UPDATE SET role = excluded.role",
            (class_name, user, role))
    kept = ", ".join("?" * len(members))
    backend.execute(
        "DELETE FROM class_members WHERE class_name = ?" + (f" AND user_name NOT IN ({kept})" if members else ""),
        (class_name, *members))


def class_settings(backend: Backend, class_name: str) -> dict[str, str]:
    rows = backend.query("SELECT name, value FROM class_settings WHERE class_name = ?", (class_name,))
    return {name: value for name, value in rows}


# ------------------------------------------------------------------ sessions

def start_session(backend: Backend, session_id: str, class_name: str, user: str, role: str,
                  peer: str, server_id: str, via: str, now_ms: int) -> None:
    """A session starts (or one with that id is seen again: it is open once more)."""
    backend.execute(
        "INSERT INTO class_sessions (id, class_name, user_name, role, peer, server_id, started_ms,"
        " seen_ms, ended_ms, via) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)"
        " ON CONFLICT (id) DO UPDATE SET seen_ms = excluded.seen_ms, ended_ms = NULL",
        (session_id, class_name, user, role, peer, server_id, now_ms, now_ms, via))


def end_session(backend: Backend, session_id: str, now_ms: int) -> None:
    backend.execute("UPDATE class_sessions SET ended_ms = ? WHERE id = ?", (now_ms, session_id))


def touch_sessions(backend: Backend, server_id: str, now_ms: int) -> None:
    """Every open session of the server was seen now."""
    backend.execute("UPDATE class_sessions SET seen_ms = ? WHERE server_id = ? AND ended_ms IS NULL",
                    (now_ms, server_id))


def end_server_sessions(backend: Backend, server_id: str, now_ms: int) -> None:
    backend.execute("UPDATE class_sessions SET ended_ms = ? WHERE server_id = ? AND ended_ms IS NULL",
                    (now_ms, server_id))


def other_servers(backend: Backend, own_server_id: str) -> list[str]:
    """The servers, other than this one, that have open sessions."""
    return [str(sid) for (sid,) in backend.query(
        "SELECT DISTINCT server_id FROM class_sessions WHERE ended_ms IS NULL AND server_id <> ?",
        (own_server_id,))]


def close_sessions(backend: Backend, own_server_id: str, seen_before_ms: int,
                   servers: list[str]) -> int:
    """Close the open sessions of other servers that were last seen before
    `seen_before_ms` or belong to one of `servers`, each at the moment it was
    last seen; returns how many."""
    where = " OR ".join(["seen_ms < ?"] + ["server_id = ?"] * len(servers))
    params = (own_server_id, seen_before_ms, *servers)
    rows = backend.query(
        f"SELECT COUNT(*) FROM class_sessions WHERE ended_ms IS NULL AND server_id <> ? AND ({where})",
        params)
    n = int(rows[0][0]) if rows else 0
    if n:
        backend.execute(
            f"UPDATE class_sessions SET ended_ms = seen_ms WHERE ended_ms IS NULL AND server_id <> ?"
            f" AND ({where})", params)
    return n


def open_sessions(backend: Backend, class_name: str) -> int:
    rows = backend.query(
        "SELECT COUNT(*) FROM class_sessions WHERE class_name = ? AND ended_ms IS NULL", (class_name,))
    return int(rows[0][0]) if rows else 0


# ------------------------------------------------------------------ pushed events

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


def class_event(row) -> ClassEvent:
    """A ClassEvent from (id, class_name, kind, payload, created_by, created_ms, ended_ms)."""
    eid, cls, kind, payload, by, created, ended = row
    return ClassEvent(int(eid), cls, kind, json_object(payload), by, created / 1000.0,
                      None if ended is None else ended / 1000.0)


def add_event(backend: Backend, class_name: str, kind: str, payload: dict, by: str, now_ms: int) -> None:
    """End the class's running event, if any, and start a new one."""
    end_events(backend, class_name, now_ms)
    backend.execute(
        "INSERT INTO class_events (class_name, kind, payload, created_by, created_ms, ended_ms)"
        " VALUES (?, ?, ?, ?, ?, NULL)", (class_name, kind, _json(payload), by, now_ms))


def end_events(backend: Backend, class_name: str, now_ms: int) -> None:
    backend.execute("UPDATE class_events SET ended_ms = ? WHERE class_name = ? AND ended_ms IS NULL",
                    (now_ms, class_name))


def reopen(backend: Backend, event_id: int) -> None:
    backend.execute("UPDATE class_events SET ended_ms = NULL WHERE id = ?", (event_id,))


def latest_event(backend: Backend, class_name: str) -> ClassEvent | None:
    rows = backend.query(
        "SELECT id, class_name, kind, payload, created_by, created_ms, ended_ms FROM class_events"
        " WHERE class_name = ? ORDER BY id DESC LIMIT 1", (class_name,))
    return class_event(rows[0]) if rows else None


# ------------------------------------------------------------------ results

# a new row replaces the stored one only when it is no worse: not less progress,
# and not "still going" over "done" (a reconnect that started over at 0 could
# otherwise wipe a student's result)
_NOT_LESS = "(excluded.score IS NULL OR {t}.score IS NULL OR excluded.score >= {t}.score)"


def post_result(backend: Backend, event_id: int, user: str, result: dict, score: float | None,
                done: bool, now_ms: int) -> None:
    backend.execute(
        "INSERT INTO class_results (event_id, user_name, result, score, done, at_ms)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id, user_name) DO UPDATE SET"
        " result = excluded.result, score = excluded.score, done = excluded.done, at_ms = excluded.at_ms"
        " WHERE " + _NOT_LESS.format(t="class_results") + " AND excluded.done >= class_results.done",
        (int(event_id), user, _json(result), score, 1 if done else 0, now_ms))


def save_state(backend: Backend, event_id: int, user: str, state: dict, score: float | None,
               now_ms: int) -> None:
    backend.execute(
        "INSERT INTO class_state (event_id, user_name, state, score, at_ms) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (event_id, user_name) DO UPDATE SET state = excluded.state,"
        " score = excluded.score, at_ms = excluded.at_ms WHERE " + _NOT_LESS.format(t="class_state"),
        (int(event_id), user, _json(state), score, now_ms))


def saved_state(backend: Backend, event_id: int, user: str) -> dict | None:
    rows = backend.query("SELECT state FROM class_state WHERE event_id = ? AND user_name = ?",
                         (int(event_id), user))
    if not rows:
        return None
    try:
        data = json.loads(rows[0][0])
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def results(backend: Backend, event_id: int) -> dict[str, dict]:
    """{user: {result, score, done, at}} for the event."""
    rows = backend.query(
        "SELECT user_name, result, score, done, at_ms FROM class_results WHERE event_id = ?", (int(event_id),))
    return {user: {"result": json_object(result), "score": score, "done": bool(done), "at": at / 1000.0}
            for user, result, score, done, at in rows}
