"""The practice bank in the progress store: positions per technique, and
which ones each learner has seen.  Every SQL statement of the bank is
here; the policy (what to store, what to serve) is tutor/teaching/practice_bank.py.

Tables, made on first use beside the store's own (plain SQL, so SQLite and
PostgreSQL run the same statements):

* bank_positions: one row a practice position (technique, its key: the
  digits and candidates, whichever of the digits are givens; brace grid,
  starting puzzle, where it came from, its kind: 'generated', 'seed' or
  'variant' with the symmetry code of a variant, its difficulty on the
  learner model's scale, its instances); a position is stored once per
  technique;
* bank_seen: (learner, technique, key) once the learner has been given it,
  so a draw never gives it again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .events import _now_ms

KINDS = ("generated", "seed", "variant")


def _schema(serial: str) -> list[str]:
    return [
        f"CREATE TABLE IF NOT EXISTS bank_positions (id {serial}, technique TEXT NOT NULL,"
        " pkey TEXT NOT NULL, position TEXT NOT NULL, puzzle TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL,"
        " symmetry TEXT NOT NULL, difficulty DOUBLE PRECISION NOT NULL, instances INTEGER NOT NULL,"
        " made_ms BIGINT NOT NULL,"
        " UNIQUE (technique, pkey))",
        "CREATE INDEX IF NOT EXISTS bank_by_difficulty ON bank_positions (technique, difficulty)",
        "CREATE TABLE IF NOT EXISTS bank_seen (user_name TEXT NOT NULL, technique TEXT NOT NULL,"
        " pkey TEXT NOT NULL, at_ms BIGINT NOT NULL, PRIMARY KEY (user_name, technique, pkey))",
    ]


@dataclass(frozen=True)
class Banked:
    """A row of bank_positions."""
    id: int
    technique: str
    pkey: str
    position: str          # brace grid
    puzzle: str
    source: str
    kind: str
    symmetry: str          # a variant's symmetry code (tutor/teaching/symmetry.py), else ''
    difficulty: float
    instances: int


_COLUMNS = "id, technique, pkey, position, puzzle, source, kind, symmetry, difficulty, instances"


def _backend(store):
    """The store's backend, with the bank's tables made (once per backend)."""
    backend = store.backend
    if not getattr(backend, "bank_ready", False):
        for sql in _schema(backend.serial_key):
            backend.execute(sql)
        backend.bank_ready = True
    return backend


def add(store, technique: str, pkey: str, position: str, puzzle: str, source: str, kind: str,
        difficulty: float, instances: int, symmetry: str = "") -> None:
    """Keep a position (nothing happens when the technique has it already)."""
    if kind not in KINDS:
        raise ValueError(f"a bank position's kind is one of {', '.join(KINDS)}, not {kind!r}")
    _backend(store).execute(
        f"INSERT INTO bank_positions ({_COLUMNS[4:]}, made_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (technique, pkey) DO NOTHING",
        (technique, pkey, position, puzzle, source, kind, symmetry, float(difficulty), int(instances),
         _now_ms()))


def counts(store, kinds: Iterable[str] = ("generated", "seed")) -> dict[str, int]:
    """{technique: positions} of the given kinds (default: real ones, not variants)."""
    kinds = list(kinds)
    marks = ", ".join("?" * len(kinds))
    rows = _backend(store).query(
        f"SELECT technique, COUNT(*) FROM bank_positions WHERE kind IN ({marks}) GROUP BY technique",
        kinds)
    return {t: int(n) for t, n in rows}


def draw(store, user: str, technique: str, rating: float, limit: int = 1,
         kinds: Iterable[str] = KINDS) -> list[Banked]:
    """The positions of the technique the user has not seen, of the given
    kinds, real ones before variants, nearest `rating` first."""
    kinds = list(kinds)
    marks = ", ".join("?" * len(kinds))
    rows = _backend(store).query(
        f"SELECT {_COLUMNS} FROM bank_positions b WHERE technique = ? AND kind IN ({marks})"
        " AND NOT EXISTS (SELECT 1 FROM bank_seen s WHERE s.user_name = ?"
        " AND s.technique = b.technique AND s.pkey = b.pkey)"
        " ORDER BY CASE WHEN kind = 'variant' THEN 1 ELSE 0 END, ABS(difficulty - ?), id LIMIT ?",
        (technique, *kinds, user, float(rating), int(limit)))
    return [Banked(*row) for row in rows]


def all_of(store, technique: str, kinds: Iterable[str] = ("generated", "seed")) -> list[Banked]:
    """Every position of the technique of the given kinds, in the order they came."""
    kinds = list(kinds)
    marks = ", ".join("?" * len(kinds))
    rows = _backend(store).query(
        f"SELECT {_COLUMNS} FROM bank_positions WHERE technique = ? AND kind IN ({marks}) ORDER BY id",
        (technique, *kinds))
    return [Banked(*row) for row in rows]


def has(store, technique: str) -> bool:
    """Whether the bank holds any position of the technique."""
    return bool(_backend(store).query(
        "SELECT 1 FROM bank_positions WHERE technique = ? LIMIT 1", (technique,)))


def mark_seen(store, user: str, technique: str, pkey: str) -> None:
    _backend(store).execute(
        "INSERT INTO bank_seen (user_name, technique, pkey, at_ms) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (user_name, technique, pkey) DO NOTHING",
        (user, technique, pkey, _now_ms()))


def last_puzzle(store, user: str, technique: str) -> str | None:
    """The puzzle of the position of the technique the user was given last."""
    rows = _backend(store).query(
        "SELECT b.puzzle FROM bank_seen s JOIN bank_positions b ON b.technique = s.technique"
        " AND b.pkey = s.pkey WHERE s.user_name = ? AND s.technique = ? ORDER BY s.at_ms DESC LIMIT 1",
        (user, technique))
    return rows[0][0] if rows else None


def seen(store, user: str, technique: str) -> set[str]:
    """The keys of the positions of the technique the user has been given."""
    return {row[0] for row in _backend(store).query(
        "SELECT pkey FROM bank_seen WHERE user_name = ? AND technique = ?", (user, technique))}
