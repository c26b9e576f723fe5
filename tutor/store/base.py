"""The progress store: saved games, hints, claims, quiz attempts, activity.

`Store` keeps everything in a database reached through a `Backend`, the
small interface below that each backend implements (tutor/store/sqlite.py,
tutor/store/postgres.py).  Every call that changes something is its own
transaction and is committed before the call returns, so killing the
process mid-move loses nothing that was already reported as saved.

Usage::

    store = Store.open()                    # the default SQLite file
    store = Store.open("/tmp/x/tutor.db")   # a path
    store = Store.open(":memory:")          # throw-away (tests, fallbacks)
    store = Store.open("postgresql://...")  # a shared server (a classroom)
    store.save_game("alice", "qqwing easy #1", givens81, braces_text, history)
    game = store.load_game("alice")         # a SavedGame or None
    store.record_hint("alice", "x-wing", 2)
    store.record_claim("alice", "r1c2<>3", "proved", "x-wing")
    store.record_attempt("alice", "x-wing", "eliminate", 1.0, 42.5, 1)
    store.mastery("alice")                  # {"x-wing": 1.0}
    store.set_activity("alice", "puzzle qqwing easy #1")
    store.record_confusion("alice", "x-wing", "skyscraper")
    # for the teacher view and the mastery table:
    store.attempt_counts("alice"); store.confusions("alice"); store.hint_levels("alice")
    store.recent_claims("alice"); store.activity(); store.users()

The SQL is kept plain (CREATE TABLE IF NOT EXISTS, INSERT ... ON CONFLICT DO
UPDATE, no SQLite-only functions) so that a backend only has to run a
statement with ``?`` placeholders, fetch rows, and say how to spell an
auto-increment key.  Each backend module registers the URL scheme it serves
(`register_backend`); importing `tutor.store` registers both.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from .events import EventLog, _now_ms, event_schema

DB_NAME = "tutor.db"
SCHEMA_VERSION = 1
MASTERY_WINDOW = 10     # mastery = mean score of the last N attempts per technique


class StoreError(RuntimeError):
    """The store cannot be opened or written; the message says which file."""


class StoreUnavailable(StoreError):
    """The database cannot be reached right now (a lost or timed-out
    connection, a server that is starting or stopping): the same call may
    work when tried again, unlike a StoreError about the statement itself."""


# --------------------------------------------------------------------- backends

class Backend:
    """What the store needs from a database.  SQL uses ``?`` placeholders;
    a backend whose driver wants another style rewrites them in ``execute``."""

    #: column type of an auto-increment primary key
    serial_key = "INTEGER PRIMARY KEY"
    #: where the data lives, for messages (a path, or a URL without its password)
    location = ""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        raise NotImplementedError

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        raise NotImplementedError

    def close(self) -> None:
        pass


# URL scheme ("" for a plain path) -> a function opening that backend on a target
_BACKENDS: dict[str, Callable[[str], Backend]] = {}


def register_backend(scheme: str, opener: Callable[[str], Backend]) -> None:
    """Serve `scheme://...` targets (scheme "" serves plain paths) with `opener`."""
    _BACKENDS[scheme] = opener


# --------------------------------------------------------------------- records

@dataclass
class SavedGame:
    user: str
    puzzle_name: str
    givens: str          # 81 chars, '.' for an empty cell
    position: str        # the learner's position as a brace grid (with candidates)
    history: Any         # JSON value written by the app (undo/redo, marks, options)
    updated: float       # seconds since the epoch


def _schema(serial: str) -> list[str]:
    return [
        "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS games ("
        " user_name TEXT PRIMARY KEY, puzzle_name TEXT NOT NULL, givens TEXT NOT NULL,"
        " position TEXT NOT NULL, history TEXT, updated_ms BIGINT NOT NULL)",
        f"CREATE TABLE IF NOT EXISTS hints (id {serial}, user_name TEXT NOT NULL,"
        " technique TEXT NOT NULL, level INTEGER NOT NULL, at_ms BIGINT NOT NULL)",
        f"CREATE TABLE IF NOT EXISTS claims (id {serial}, user_name TEXT NOT NULL,"
        " claim TEXT NOT NULL, verdict TEXT NOT NULL, technique TEXT, at_ms BIGINT NOT NULL)",
        f"CREATE TABLE IF NOT EXISTS attempts (id {serial}, user_name TEXT NOT NULL,"
        " technique TEXT NOT NULL, kind TEXT NOT NULL, score DOUBLE PRECISION NOT NULL,"
        " seconds DOUBLE PRECISION NOT NULL, hints INTEGER NOT NULL, at_ms BIGINT NOT NULL)",
        # a user's own game, parked while a class push plays on their grid
        "CREATE TABLE IF NOT EXISTS kept_games ("
        " user_name TEXT PRIMARY KEY, puzzle_name TEXT NOT NULL, givens TEXT NOT NULL,"
        " position TEXT NOT NULL, history TEXT, updated_ms BIGINT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS activity (user_name TEXT PRIMARY KEY,"
        " text TEXT NOT NULL, at_ms BIGINT NOT NULL)",
        f"CREATE TABLE IF NOT EXISTS confusions (id {serial}, user_name TEXT NOT NULL,"
        " said TEXT NOT NULL, actual TEXT NOT NULL, at_ms BIGINT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS lessons_read (user_name TEXT NOT NULL,"
        " lesson TEXT NOT NULL, at_ms BIGINT NOT NULL, PRIMARY KEY (user_name, lesson))",
        "CREATE INDEX IF NOT EXISTS hints_user ON hints (user_name)",
        "CREATE INDEX IF NOT EXISTS claims_user ON claims (user_name)",
        "CREATE INDEX IF NOT EXISTS attempts_user ON attempts (user_name, technique)",
        "CREATE TABLE IF NOT EXISTS settings (user_name TEXT NOT NULL, name TEXT NOT NULL,"
        " value TEXT NOT NULL, PRIMARY KEY (user_name, name))",
    ]


def default_path() -> Path:
    from ..paths import user_data_dir
    return user_data_dir() / DB_NAME


# --------------------------------------------------------------------- store

class Store(EventLog):
    """The progress store.  All methods are safe to call from any thread.
    Every action is also an event (tutor/store/events.py): the writing
    methods take `uid` (made by the caller so a retry is not counted twice)
    and what the learner model needs (the position, the technique named)."""

    def __init__(self, backend: Backend, location: str):
        self.backend = backend
        self.location = location        # shown to the user ("saved in ...")
        for sql in _schema(backend.serial_key) + event_schema(backend.serial_key):
            backend.execute(sql)
        backend.execute(
            "INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
            ("schema", str(SCHEMA_VERSION)))
        self._migrate_events()

    @classmethod
    def open(cls, path_or_url: str | os.PathLike | None = None) -> "Store":
        """Open (creating if needed) the store: None = the default file under
        the user's data directory; a path; ``":memory:"``; or a URL
        (``sqlite:///path`` or ``postgresql://...``)."""
        if path_or_url is None:
            target = str(default_path())
        else:
            target = os.fspath(path_or_url)
        if target.startswith("sqlite:///"):
            target = target[len("sqlite:///") - 1:]
        scheme = target.split("://", 1)[0] if "://" in target else ""
        opener = _BACKENDS.get(scheme)
        if opener is None:
            raise StoreError(f"no progress-store backend for '{scheme}://' yet")
        backend = opener(target)
        return cls(backend, backend.location)

    def close(self) -> None:
        self.backend.close()

    # ------------------------------------------------------------- games
    def save_game(self, user: str, puzzle_name: str, givens: str, position_text: str,
                  history: Any = None) -> None:
        """Replace the user's current game (one per user)."""
        self.backend.execute(
            "INSERT INTO games (user_name, puzzle_name, givens, position, history, updated_ms)"
            " VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_name) DO UPDATE SET puzzle_name = excluded.puzzle_name,"
            " givens = excluded.givens, position = excluded.position,"
            " history = excluded.history, updated_ms = excluded.updated_ms",
            (user, puzzle_name, givens, position_text,
             None if history is None else json.dumps(history, separators=(",", ":")),
             _now_ms()))

    def load_game(self, user: str) -> SavedGame | None:
        rows = self.backend.query(
            "SELECT puzzle_name, givens, position, history, updated_ms FROM games"
            " WHERE user_name = ?", (user,))
        return _saved_game(user, rows[0]) if rows else None

    def delete_game(self, user: str) -> None:
        self.backend.execute("DELETE FROM games WHERE user_name = ?", (user,))

    def keep_game(self, user: str) -> None:
        """Park the user's current game (a class push is about to replace it).
        A game already parked stays: it is the user's own, the current one
        may be an earlier push."""
        self.backend.execute(
            "INSERT INTO kept_games (user_name, puzzle_name, givens, position, history, updated_ms)"
            " SELECT user_name, puzzle_name, givens, position, history, updated_ms FROM games"
            " WHERE user_name = ? ON CONFLICT (user_name) DO NOTHING", (user,))

    def kept_game(self, user: str) -> SavedGame | None:
        """The game parked by keep_game, or None."""
        rows = self.backend.query(
            "SELECT puzzle_name, givens, position, history, updated_ms FROM kept_games"
            " WHERE user_name = ?", (user,))
        return _saved_game(user, rows[0]) if rows else None

    def drop_kept_game(self, user: str) -> None:
        self.backend.execute("DELETE FROM kept_games WHERE user_name = ?", (user,))

    # ------------------------------------------------------------- events
    def record_hint(self, user: str, technique: str, level: int, *, position: str = "",
                    uid: str | None = None) -> None:
        """A hint-ladder level (1..5) shown for a technique; level 0 = the
        hint pointed at a mistake in the learner's grid instead."""
        self.record_event(user, "hint", technique, position=position, hints=int(level), uid=uid)
        self.backend.execute(
            "INSERT INTO hints (user_name, technique, level, at_ms) VALUES (?, ?, ?, ?)",
            (user, technique, int(level), _now_ms()))

    def record_claim(self, user: str, claim_text: str, verdict_kind: str,
                     technique: str | None, *, named: str = "", position: str = "",
                     uid: str | None = None) -> None:
        """A judged claim: the verdict, the technique the engine credits, the
        one the learner named (if any)."""
        self.record_event(user, "claim", technique or "", named=named, position=position,
                          detail=verdict_kind, uid=uid)
        self.backend.execute(
            "INSERT INTO claims (user_name, claim, verdict, technique, at_ms) VALUES (?, ?, ?, ?, ?)",
            (user, claim_text, verdict_kind, technique, _now_ms()))

    def record_attempt(self, user: str, technique: str, kind: str, result: float | bool,
                       seconds: float, hints: int = 0, *, item: str = "",
                       difficulty: float | None = None, position: str = "",
                       uid: str | None = None) -> None:
        """One exercise: result is a score from 0 to 1 (True/False allowed);
        `item` names what was practised, `difficulty` its seeded rating."""
        score = float(result)
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"an attempt's result must lie between 0 and 1, not {result!r}")
        self.record_event(user, "attempt", technique, item=item, position=position,
                          outcome=score, hints=int(hints), difficulty=difficulty, detail=kind,
                          uid=uid)
        self.backend.execute(
            "INSERT INTO attempts (user_name, technique, kind, score, seconds, hints, at_ms)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (user, technique, kind, score, float(seconds), int(hints), _now_ms()))

    def set_activity(self, user: str, text: str) -> None:
        """What the user is doing now (for the teacher view)."""
        self.backend.execute(
            "INSERT INTO activity (user_name, text, at_ms) VALUES (?, ?, ?)"
            " ON CONFLICT (user_name) DO UPDATE SET text = excluded.text, at_ms = excluded.at_ms",
            (user, text, _now_ms()))

    def mark_lesson_read(self, user: str, lesson_id: str, *, techniques: Sequence[str] = (),
                         uid: str | None = None) -> None:
        """Remember that the user went through a lesson (shown as read in
        the list); `techniques` are the lesson's, met from now on."""
        self.record_event(user, "lesson", ",".join(techniques), detail=lesson_id, uid=uid)
        self.backend.execute(
            "INSERT INTO lessons_read (user_name, lesson, at_ms) VALUES (?, ?, ?)"
            " ON CONFLICT (user_name, lesson) DO UPDATE SET at_ms = excluded.at_ms",
            (user, lesson_id, _now_ms()))

    # ------------------------------------------------------------- queries
    def lessons_read(self, user: str) -> set[str]:
        return {row[0] for row in self.backend.query(
            "SELECT lesson FROM lessons_read WHERE user_name = ?", (user,))}

    def mastery(self, user: str, window: int = MASTERY_WINDOW) -> dict[str, float]:
        """Per technique: the mean score of the user's last `window` attempts."""
        rows = self.backend.query(
            "SELECT technique, score FROM attempts WHERE user_name = ? ORDER BY at_ms DESC, id DESC",
            (user,))
        recent: dict[str, list[float]] = {}
        for technique, score in rows:
            got = recent.setdefault(technique, [])
            if len(got) < window:
                got.append(score)
        return {t: sum(s) / len(s) for t, s in recent.items()}

    def attempt_counts(self, user: str) -> dict[str, int]:
        """How many attempts the user made per technique (all time)."""
        rows = self.backend.query(
            "SELECT technique, COUNT(*) FROM attempts WHERE user_name = ? GROUP BY technique",
            (user,))
        return {t: int(n) for t, n in rows}

    def record_confusion(self, user: str, said: str, actual: str, *,
                         uid: str | None = None) -> None:
        """A quiz answer that took one technique for another (quiz.Confusion)."""
        self.record_event(user, "confusion", actual, named=said, uid=uid)
        self.backend.execute(
            "INSERT INTO confusions (user_name, said, actual, at_ms) VALUES (?, ?, ?, ?)",
            (user, said, actual, _now_ms()))

    def confusions(self, user: str) -> dict[tuple[str, str], int]:
        """{(said, actual): how often} for the user's recorded confusions."""
        rows = self.backend.query(
            "SELECT said, actual, COUNT(*) FROM confusions WHERE user_name = ? GROUP BY said, actual",
            (user,))
        return {(a, b): int(n) for a, b, n in rows}

    def hint_levels(self, user: str) -> dict[int, int]:
        """How many hints the user took at each ladder level."""
        rows = self.backend.query(
            "SELECT level, COUNT(*) FROM hints WHERE user_name = ? GROUP BY level", (user,))
        return {int(level): int(n) for level, n in rows}

    def recent_claims(self, user: str, limit: int = 10) -> list[tuple[str, str, str | None, float]]:
        """The user's last claims, newest first: (claim, verdict, technique, when)."""
        rows = self.backend.query(
            "SELECT claim, verdict, technique, at_ms FROM claims WHERE user_name = ?"
            " ORDER BY at_ms DESC, id DESC LIMIT ?", (user, int(limit)))
        return [(c, v, t, at / 1000.0) for c, v, t, at in rows]

    def activity(self) -> dict[str, tuple[str, float]]:
        """Every user's last activity: {user: (text, when)}."""
        rows = self.backend.query("SELECT user_name, text, at_ms FROM activity")
        return {u: (t, at / 1000.0) for u, t, at in rows}

    def users(self) -> list[str]:
        """Every user the store has heard of, sorted."""
        names: set[str] = set()
        for table in ("games", "hints", "claims", "attempts", "activity", "confusions", "events"):
            names.update(r[0] for r in self.backend.query(f"SELECT DISTINCT user_name FROM {table}"))
        return sorted(names)

    # ------------------------------------------------------------- settings
    def set_setting(self, user: str, name: str, value: str) -> None:
        """A named setting of the user's (tutor/app/settings.py says which)."""
        self.backend.execute(
            "INSERT INTO settings (user_name, name, value) VALUES (?, ?, ?)"
            " ON CONFLICT (user_name, name) DO UPDATE SET value = excluded.value",
            (user, name, str(value)))

    def settings(self, user: str) -> dict[str, str]:
        """{name: value} of every setting the user has changed."""
        return {n: v for n, v in self.backend.query(
            "SELECT name, value FROM settings WHERE user_name = ?", (user,))}


def _saved_game(user: str, row) -> SavedGame:
    name, givens, position, history, updated = row
    try:
        hist = json.loads(history) if history else None
    except ValueError:
        hist = None
    return SavedGame(user, name, givens, position, hist, updated / 1000.0)


def open_store(path_or_url=None) -> Store:
    """Shorthand for Store.open()."""
    return Store.open(path_or_url)
