"""The event log of the progress store: every action of a learner, one row.

Events are the truth the learner model (tutor/teaching/learner.py) is
derived from: a judged claim, a hint rung, a quiz or practice result, a
confusion, a lesson gone through, a lesson example tried.  A row holds the
user, the kind, the technique (the one the engine credits), the one the
learner named, the item (a practice position or quiz, for its difficulty),
the position, the outcome, the hints used, a detail (a claim's verdict, a
quiz's kind, a lesson's id) and the time.

Each event carries a `uid` made before it is queued (tutor/store/queued.py
adds one), and the insert ignores a uid it already holds: a write retried
after a lost connection, or two sessions of the same learner, never lose an
event nor count one twice.  The Store's writing methods (record_claim,
record_hint, record_attempt, ...) write their event first, then the older
per-kind tables the classroom reads.

A store made before the event log is migrated when it is opened: the rows
of the older tables are replayed into events (uid ``legacy:<table>:<id>``),
once; rows written after the first new event are not (they have their own).

`derived` keeps the learner model's snapshot: one JSON state per name with
the id of the last event it includes; a snapshot is only ever replaced by
one that includes more events.
"""
from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Any

EVENT_KINDS = ("claim", "hint", "attempt", "confusion", "lesson", "example")


def _now_ms() -> int:
    return int(time.time() * 1000)


def new_uid() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Event:
    id: int
    user: str
    kind: str
    technique: str          # the technique the engine credits ('' when none)
    named: str              # the technique the learner named ('' when none)
    item: str               # what was practised (a quiz's position), for its difficulty
    position: str           # which position (a short key), e.g. to tie hints to a claim
    outcome: float | None   # a score from 0 to 1, or None (claims: see detail)
    hints: int              # hints used (a hint event: its level)
    difficulty: float | None    # the item's difficulty seeded from the engine
    detail: str             # a claim's verdict, a quiz's kind, a lesson's id, ...
    at_ms: int


def event_schema(serial: str) -> list[str]:
    return [
        f"CREATE TABLE IF NOT EXISTS events (id {serial}, uid TEXT NOT NULL UNIQUE,"
        " user_name TEXT NOT NULL, kind TEXT NOT NULL, technique TEXT NOT NULL,"
        " named TEXT NOT NULL, item TEXT NOT NULL, position TEXT NOT NULL,"
        " outcome DOUBLE PRECISION, hints INTEGER NOT NULL, difficulty DOUBLE PRECISION,"
        " detail TEXT NOT NULL, at_ms BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS events_user ON events (user_name, id)",
        "CREATE TABLE IF NOT EXISTS derived (name TEXT PRIMARY KEY, upto BIGINT NOT NULL,"
        " state TEXT NOT NULL)",
    ]


_COLUMNS = ("uid, user_name, kind, technique, named, item, position, outcome, hints,"
            " difficulty, detail, at_ms")
_FIRST_NEW = ("COALESCE((SELECT MIN(at_ms) FROM events WHERE uid NOT LIKE 'legacy:%'),"
              " 9000000000000000000)")
_NULL = "CAST(NULL AS DOUBLE PRECISION)"      # typed, for PostgreSQL's UNION
# older table -> the SELECT list that makes its rows events (see _COLUMNS)
_LEGACY = {
    "claims": f"'claim', COALESCE(technique, ''), '', '', '', {_NULL}, 0, {_NULL}, verdict",
    "hints": f"'hint', technique, '', '', '', {_NULL}, level, {_NULL}, ''",
    "attempts": f"'attempt', technique, '', '', '', score, hints, {_NULL}, kind",
    "confusions": f"'confusion', actual, said, '', '', {_NULL}, 0, {_NULL}, ''",
}


class EventLog:
    """The Store's event methods (mixed into tutor.store.base.Store)."""

    backend: Any            # the Store's Backend (base.py)

    def _migrate_events(self) -> None:
        if self.backend.query("SELECT value FROM meta WHERE name = 'events'"):
            return
        parts = [f"SELECT 'legacy:{table}:' || CAST(id AS TEXT) AS uid, user_name, {select},"
                 f" at_ms FROM {table}" for table, select in _LEGACY.items()]
        parts.append("SELECT 'legacy:lessons_read:' || user_name || ':' || lesson AS uid, user_name,"
                     f" 'lesson', '', '', '', '', {_NULL}, 0, {_NULL}, lesson, at_ms FROM lessons_read")
        # one statement, in time order, so the events' ids follow the time they happened
        self.backend.execute(
            f"INSERT INTO events ({_COLUMNS}) SELECT * FROM ({' UNION ALL '.join(parts)}) legacy"
            f" WHERE at_ms < {_FIRST_NEW} ORDER BY at_ms, uid ON CONFLICT (uid) DO NOTHING")
        self.backend.execute("INSERT INTO meta (name, value) VALUES ('events', '1')"
                             " ON CONFLICT (name) DO NOTHING")

    def record_event(self, user: str, kind: str, technique: str = "", *, named: str = "",
                     item: str = "", position: str = "", outcome: float | None = None,
                     hints: int = 0, difficulty: float | None = None, detail: str = "",
                     at_ms: int | None = None, uid: str | None = None) -> None:
        """One event (see the module's text); `at_ms` defaults to now."""
        if kind not in EVENT_KINDS:
            raise ValueError(f"an event is one of {', '.join(EVENT_KINDS)}, not {kind!r}")
        self.backend.execute(
            f"INSERT INTO events ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (uid) DO NOTHING",
            (uid or new_uid(), user, kind, technique or "", named or "", item or "",
             position or "", None if outcome is None else float(outcome), int(hints),
             None if difficulty is None else float(difficulty), detail or "",
             _now_ms() if at_ms is None else int(at_ms)))

    def events(self, user: str | None = None, after: int = 0) -> list[Event]:
        """Events in the order they were stored (by id), of one user or all,
        after the event id `after`."""
        sql = ("SELECT id, user_name, kind, technique, named, item, position, outcome, hints,"
               " difficulty, detail, at_ms FROM events WHERE id > ?")
        params: list = [int(after)]
        if user is not None:
            sql += " AND user_name = ?"
            params.append(user)
        rows = self.backend.query(sql + " ORDER BY id", params)
        return [Event(int(r[0]), r[1], r[2], r[3], r[4], r[5], r[6],
                      None if r[7] is None else float(r[7]), int(r[8]),
                      None if r[9] is None else float(r[9]), r[10], int(r[11])) for r in rows]

    def event_counts(self, user: str) -> dict[str, int]:
        """{kind: how many} of the user's events."""
        rows = self.backend.query(
            "SELECT kind, COUNT(*) FROM events WHERE user_name = ? GROUP BY kind", (user,))
        return {k: int(n) for k, n in rows}

    # ------------------------------------------------------------- derived state
    def derived(self, name: str) -> tuple[int, str] | None:
        """(last event id included, state text) of a stored snapshot, or None."""
        rows = self.backend.query("SELECT upto, state FROM derived WHERE name = ?", (name,))
        return (int(rows[0][0]), rows[0][1]) if rows else None

    def save_derived(self, name: str, upto: int, state: str) -> None:
        """Keep a snapshot, unless the stored one already includes as many events."""
        self.backend.execute(
            "INSERT INTO derived (name, upto, state) VALUES (?, ?, ?)"
            " ON CONFLICT (name) DO UPDATE SET upto = excluded.upto, state = excluded.state"
            " WHERE derived.upto < excluded.upto", (name, int(upto), state))

    def drop_derived(self, name: str) -> None:
        self.backend.execute("DELETE FROM derived WHERE name = ?", (name,))
