"""The teacher's view of a class: every student of it (the roster's members
and anyone who had a session), online or not, how they joined, what they
do, mastery, hints, recent claims and the current push's results, read
from the store (events.py's tables) in ONE query."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from ..store.base import MASTERY_WINDOW
from .events import ONLINE_MS, ClassEvent, _event, _now_ms, ensure_schema

RECENT_CLAIMS = 3          # claims shown per student


@dataclass
class StudentRow:
    user: str
    online: bool = False
    role: str = "student"
    via: str = ""                 # how an online student joined: ssh or web
    since: float | None = None
    activity: str = ""
    activity_at: float | None = None
    mastery: dict[str, float] = field(default_factory=dict)
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


def _dashboard_sql() -> str:
    # every branch yields (tag, user, key, num, text, at_ms); one round trip in all
    members = ("SELECT user_name FROM class_sessions WHERE class_name = ?"
               " UNION SELECT user_name FROM class_members WHERE class_name = ?")
    current = "SELECT MAX(id) FROM class_events WHERE class_name = ?"
    dbl = "DOUBLE PRECISION"
    return " UNION ALL ".join([
        f"SELECT 'member', user_name, MAX(role), CAST(NULL AS {dbl}), CAST(NULL AS TEXT), MAX(seen_ms)"
        " FROM class_sessions WHERE class_name = ? GROUP BY user_name",
        f"SELECT 'member', user_name, role, CAST(NULL AS {dbl}), CAST(NULL AS TEXT), CAST(NULL AS BIGINT)"
        " FROM class_members WHERE class_name = ?",
        f"SELECT 'online', user_name, role, CAST(MIN(started_ms) AS {dbl}), MAX(via), MAX(seen_ms)"
        " FROM class_sessions WHERE class_name = ? AND ended_ms IS NULL AND seen_ms > ?"
        " GROUP BY user_name, role",
        f"SELECT 'event', CAST(NULL AS TEXT), kind, CAST(id AS {dbl}), payload, created_ms FROM class_events"
        f" WHERE id = ({current})",
        f"SELECT 'ended', CAST(NULL AS TEXT), created_by, CAST(ended_ms AS {dbl}), CAST(NULL AS TEXT), created_ms"
        f" FROM class_events WHERE id = ({current})",
        f"SELECT 'activity', user_name, CAST(NULL AS TEXT), CAST(NULL AS {dbl}), text, at_ms FROM activity"
        f" WHERE user_name IN ({members})",
        f"SELECT 'hint', user_name, CAST(level AS TEXT), CAST(COUNT(*) AS {dbl}), CAST(NULL AS TEXT), MAX(at_ms)"
        f" FROM hints WHERE user_name IN ({members}) GROUP BY user_name, level",
        f"SELECT 'mastery', user_name, technique, AVG(score), CAST(NULL AS TEXT), MAX(at_ms) FROM"
        f" (SELECT user_name, technique, score, at_ms, ROW_NUMBER() OVER (PARTITION BY user_name, technique"
        f" ORDER BY at_ms DESC, id DESC) AS rn FROM attempts WHERE user_name IN ({members})) a"
        f" WHERE rn <= {MASTERY_WINDOW} GROUP BY user_name, technique",
        f"SELECT 'claim', user_name, verdict, CAST(NULL AS {dbl}), claim, at_ms FROM"
        f" (SELECT user_name, verdict, claim, at_ms, ROW_NUMBER() OVER (PARTITION BY user_name"
        f" ORDER BY at_ms DESC, id DESC) AS rn FROM claims WHERE user_name IN ({members})) c"
        f" WHERE rn <= {RECENT_CLAIMS}",
        f"SELECT 'result', user_name, CAST(done AS TEXT), score, result, at_ms FROM class_results"
        f" WHERE event_id = ({current})",
        f"SELECT 'setting', CAST(NULL AS TEXT), name, CAST(NULL AS {dbl}), value, CAST(NULL AS BIGINT)"
        " FROM class_settings WHERE class_name = ?",
    ])


_SQL_CACHE: list[str] = []


def dashboard(store, class_name: str) -> Dashboard:
    """Everything the teacher screen shows, from one query."""
    ensure_schema(store)
    if not _SQL_CACHE:
        _SQL_CACHE.append(_dashboard_sql())
    cutoff = _now_ms() - ONLINE_MS
    c = class_name
    rows = store.backend.query(_SQL_CACHE[0], (c, c, c, cutoff, c, c, c, c, c, c, c, c, c, c, c, c))
    students: dict[str, StudentRow] = {}
    event_parts: dict[str, Any] = {}
    settings: dict[str, str] = {}

    def row(user) -> StudentRow:
        st = students.get(user)
        if st is None:
            st = students[user] = StudentRow(user)
        return st

    for tag, user, key, num, text, at in rows:
        if tag == "member":
            row(user).role = key
        elif tag == "online":
            st = row(user)
            st.online, st.role, st.since = True, key, (num or 0) / 1000.0
            st.via = text or "ssh"
        elif tag == "event":
            event_parts.update(kind=key, id=int(num), payload=text, created=at)
        elif tag == "ended":
            event_parts.update(by=key, ended=num)
        elif tag == "activity":
            st = row(user)
            st.activity, st.activity_at = text, at / 1000.0
        elif tag == "hint":
            row(user).hints[int(key)] = int(num)
        elif tag == "mastery":
            row(user).mastery[key] = float(num)
        elif tag == "claim":
            row(user).claims.append((text, key, at / 1000.0))
        elif tag == "setting":
            settings[key] = text
        elif tag == "result":
            st = row(user)
            try:
                st.result = json.loads(text)
            except ValueError:
                st.result = {}
            st.score, st.done = num, key in ("1", "True", "true")
    event = None
    if "id" in event_parts:
        event = _event((event_parts["id"], class_name, event_parts["kind"], event_parts["payload"],
                        event_parts.get("by", ""), event_parts["created"], event_parts.get("ended")))
    for st in students.values():
        st.claims.sort(key=lambda c: c[2], reverse=True)
    order = sorted(students.values(), key=lambda s: (s.role == "teacher", not s.online, s.user))
    return Dashboard(event, order, time.time(), settings)
