"""The teacher's board: everything the class table shows, read in ONE query.

The query is a UNION of parts, one per kind of fact; each part is a SELECT
yielding (tag, user, key, num, text, at_ms) and a function that puts such a
row into the board.  A new column of the teacher's table is a new part here
(and a field of StudentRow for it) and its cell in
tutor/app/screens/teacher.py.  A part's `?`s are filled from its `params`
names: "class" (the class name) or "cutoff" (sessions seen after it are
online).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .base import Backend
from .class_tables import ClassEvent, class_event, json_object

RECENT_CLAIMS = 3


@dataclass
class StudentRow:
    user: str
    online: bool = False
    role: str = "student"
    via: str = ""                 # how an online student joined: ssh or web
    since: float | None = None
    activity: str = ""
    activity_at: float | None = None
    hints: dict[int, int] = field(default_factory=dict)
    claims: list[tuple[str, str, float]] = field(default_factory=list)   # (claim, verdict, when), newest first
    result: dict | None = None
    score: float | None = None
    done: bool = False


@dataclass
class Dashboard:
    event: ClassEvent | None
    students: list[StudentRow]
    taken_at: float
    settings: dict[str, str] = field(default_factory=dict)     # the class settings


class _Reading:
    """The board being put together from the query's rows."""

    def __init__(self):
        self.students: dict[str, StudentRow] = {}
        self.event: dict = {}
        self.settings: dict[str, str] = {}

    def row(self, user: str) -> StudentRow:
        st = self.students.get(user)
        if st is None:
            st = self.students[user] = StudentRow(user)
        return st


@dataclass(frozen=True)
class Part:
    sql: str
    put: Callable[[_Reading, str, str, float, str, int], None]     # (reading, user, key, num, text, at_ms)
    params: tuple[str, ...]


PARTS: dict[str, Part] = {}
DBL = "DOUBLE PRECISION"
# a member: anyone the roster names, and anyone who ever had a session
MEMBERS = ("SELECT user_name FROM class_sessions WHERE class_name = ?"
           " UNION SELECT user_name FROM class_members WHERE class_name = ?")
CURRENT = "SELECT MAX(id) FROM class_events WHERE class_name = ?"


def part(tag: str, sql: str, params: tuple[str, ...] = ("class",)):
    """Register a part of the board under `tag` (the first column its SELECT yields)."""
    if sql.count("?") != len(params):
        raise ValueError(f"board part {tag}: {sql.count('?')} placeholders, {len(params)} params")

    def register(put):
        PARTS[tag] = Part(sql, put, params)
        return put
    return register


@part("member", f"SELECT 'member', user_name, MAX(role), CAST(NULL AS {DBL}), CAST(NULL AS TEXT), MAX(seen_ms)"
      " FROM class_sessions WHERE class_name = ? GROUP BY user_name")
def _member(r, user, key, num, text, at):
    r.row(user).role = key


@part("roster", f"SELECT 'roster', user_name, role, CAST(NULL AS {DBL}), CAST(NULL AS TEXT), CAST(NULL AS BIGINT)"
      " FROM class_members WHERE class_name = ?")
def _roster(r, user, key, num, text, at):
    r.row(user).role = key          # the roster's role of now wins over an old session's


@part("online", f"SELECT 'online', user_name, role, CAST(MIN(started_ms) AS {DBL}), MAX(via), MAX(seen_ms)"
      " FROM class_sessions WHERE class_name = ? AND ended_ms IS NULL AND seen_ms > ? GROUP BY user_name, role",
      ("class", "cutoff"))
def _online(r, user, key, num, text, at):
    st = r.row(user)
    st.online, st.role, st.since = True, key, (num or 0) / 1000.0
    st.via = text or "ssh"


@part("event", f"SELECT 'event', CAST(NULL AS TEXT), kind, CAST(id AS {DBL}), payload, created_ms"
      f" FROM class_events WHERE id = ({CURRENT})")
def _event(r, user, key, num, text, at):
    r.event.update(kind=key, id=int(num), payload=text, created=at)


@part("ended", f"SELECT 'ended', CAST(NULL AS TEXT), created_by, CAST(ended_ms AS {DBL}), CAST(NULL AS TEXT),"
      f" created_ms FROM class_events WHERE id = ({CURRENT})")
def _ended(r, user, key, num, text, at):
    r.event.update(by=key, ended=num)


@part("activity", f"SELECT 'activity', user_name, CAST(NULL AS TEXT), CAST(NULL AS {DBL}), text, at_ms"
      f" FROM activity WHERE user_name IN ({MEMBERS})", ("class", "class"))
def _activity(r, user, key, num, text, at):
    st = r.row(user)
    st.activity, st.activity_at = text, at / 1000.0


@part("hint", f"SELECT 'hint', user_name, CAST(level AS TEXT), CAST(COUNT(*) AS {DBL}), CAST(NULL AS TEXT),"
      f" MAX(at_ms) FROM hints WHERE user_name IN ({MEMBERS}) GROUP BY user_name, level", ("class", "class"))
def _hint(r, user, key, num, text, at):
    r.row(user).hints[int(key)] = int(num)


@part("claim", f"SELECT 'claim', user_name, verdict, CAST(NULL AS {DBL}), claim, at_ms FROM"
      f" (SELECT user_name, verdict, claim, at_ms, ROW_NUMBER() OVER (PARTITION BY user_name"
      f" ORDER BY at_ms DESC, id DESC) AS rn FROM claims WHERE user_name IN ({MEMBERS})) c"
      f" WHERE rn <= {RECENT_CLAIMS}", ("class", "class"))
def _claim(r, user, key, num, text, at):
    r.row(user).claims.append((text, key, at / 1000.0))


@part("result", "SELECT 'result', user_name, CAST(done AS TEXT), score, result, at_ms FROM class_results"
      f" WHERE event_id = ({CURRENT})")
def _result(r, user, key, num, text, at):
    st = r.row(user)
    st.result, st.score, st.done = json_object(text), num, key in ("1", "True", "true")


@part("setting", f"SELECT 'setting', CAST(NULL AS TEXT), name, CAST(NULL AS {DBL}), value, CAST(NULL AS BIGINT)"
      " FROM class_settings WHERE class_name = ?")
def _setting(r, user, key, num, text, at):
    r.settings[key] = text


def class_board(backend: Backend, class_name: str, online_after_ms: int, now: float) -> Dashboard:
    """The board of the class from one query; sessions seen after
    `online_after_ms` count as online; `now` is when it was taken."""
    values = {"class": class_name, "cutoff": online_after_ms}
    params = [values[name] for p in PARTS.values() for name in p.params]
    r = _Reading()
    sql = " UNION ALL ".join(p.sql for p in PARTS.values())
    for tag, user, key, num, text, at in backend.query(sql, params):
        PARTS[tag].put(r, user, key, num, text, at)
    event = None
    if "id" in r.event:
        e = r.event
        event = class_event((e["id"], class_name, e["kind"], e["payload"], e.get("by", ""), e["created"],
                             e.get("ended")))
    for st in r.students.values():
        st.claims.sort(key=lambda c: c[2], reverse=True)
    order = sorted(r.students.values(), key=lambda s: (s.role == "teacher", not s.online, s.user))
    return Dashboard(event, order, now, r.settings)
