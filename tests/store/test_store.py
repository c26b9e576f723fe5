"""The progress store: games, hints, claims, attempts, mastery, safety.

The tests of the store's interface run once per backend (`any_target`:
a SQLite file, and a fresh PostgreSQL database, which skips with the reason
when no PostgreSQL server can be started); the SQLite file's own promises
(WAL mode, the default path, kill -9 of a writer) are tested on SQLite."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tutor.store import Backend, PostgresBackend, SQLiteBackend, Store, StoreError, default_path

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_target(request, tmp_path):
    """Where a new, empty store lives: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "t.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(any_target):
    s = Store.open(any_target)
    yield s
    s.close()


def test_default_path_honours_the_env(tmp_path, monkeypatch):
    monkeypatch.setenv("SUDOKU_TUTOR_HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / "tutor.db"
    s = Store.open()
    s.save_game("a", "n", "." * 81, "{1}" * 81)
    s.close()
    assert (tmp_path / "home" / "tutor.db").exists()


def test_file_is_created_in_wal_mode(tmp_path):
    path = tmp_path / "deep" / "dir" / "t.db"
    s = Store.open(path)
    assert path.exists()
    mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode.lower() == "wal"
    s.close()


def test_game_round_trip_and_replace(store):
    givens = "1" + "." * 80
    history = {"undo": [{"l": "r1c2=3", "c": [[1, 0, 6, 3, 0]]}], "auto": True}
    store.save_game("alice", "easy #1", givens, "{23}" * 81, history)
    got = store.load_game("alice")
    assert (got.user, got.puzzle_name, got.givens, got.position) == ("alice", "easy #1", givens, "{23}" * 81)
    assert got.history == history
    assert store.load_game("bob") is None
    store.save_game("alice", "expert #2", givens, "{4}" * 81)      # one game per user
    got = store.load_game("alice")
    assert got.puzzle_name == "expert #2" and got.history is None
    store.delete_game("alice")
    assert store.load_game("alice") is None


def test_mastery_is_the_mean_of_the_last_ten(store):
    for k in range(12):
        store.record_attempt("alice", "x-wing", "eliminate", 0.0 if k < 2 else 1.0, 10, 0)
    store.record_attempt("alice", "skyscraper", "name", True, 5, 1)
    store.record_attempt("alice", "skyscraper", "name", False, 5, 0)
    store.record_attempt("bob", "x-wing", "eliminate", 0.5, 5, 0)
    assert store.mastery("alice") == {"x-wing": 1.0, "skyscraper": 0.5}
    assert store.mastery("alice", window=12)["x-wing"] == pytest.approx(10 / 12)
    assert store.mastery("bob") == {"x-wing": 0.5}
    assert store.attempt_counts("alice") == {"x-wing": 12, "skyscraper": 2}
    with pytest.raises(ValueError, match="between 0 and 1"):
        store.record_attempt("alice", "x-wing", "eliminate", 1.5, 1, 0)


def test_hints_claims_activity_and_users(store):
    store.record_hint("alice", "x-wing", 1)
    store.record_hint("alice", "x-wing", 2)
    store.record_hint("alice", "naked-single", 1)
    assert store.hint_levels("alice") == {1: 2, 2: 1}
    store.record_claim("alice", "r1c2<>3", "false", None)
    store.record_claim("alice", "r4c3<>3", "proved", "naked-subset")
    claims = store.recent_claims("alice")
    assert [c[:3] for c in claims] == [("r4c3<>3", "proved", "naked-subset"),
                                      ("r1c2<>3", "false", None)]
    store.set_activity("alice", "lesson x-wing")
    store.set_activity("alice", "puzzle easy #3")
    store.set_activity("carol", "quiz")
    act = store.activity()
    assert act["alice"][0] == "puzzle easy #3" and act["carol"][0] == "quiz"
    store.record_confusion("dave", "x-wing", "skyscraper")
    assert store.confusions("dave") == {("x-wing", "skyscraper"): 1}
    assert store.users() == ["alice", "carol", "dave"]


def test_everything_is_committed_at_once(any_target):
    a = Store.open(any_target)
    b = Store.open(any_target)        # a second process/connection sees it at once
    a.save_game("alice", "n", "." * 81, "{1}" * 81)
    a.record_hint("alice", "x-wing", 3)
    assert b.load_game("alice").puzzle_name == "n"
    assert b.hint_levels("alice") == {3: 1}
    a.close()
    b.close()


def test_a_killed_writer_loses_nothing_it_reported(tmp_path):
    """A child writes moves and prints after each; we kill -9 it mid-stream."""
    path = tmp_path / "t.db"
    code = textwrap.dedent(f"""
        import sys
        from tutor.store import Store
        s = Store.open({str(path)!r})
        n = 0
        while True:
            n += 1
            s.save_game("alice", f"move {{n}}", "." * 81, "{{1}}" * 81, {{"n": n}})
            s.record_hint("alice", "x", n)
            print(n, flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                            cwd=str(ROOT))
    last = 0
    for line in proc.stdout:
        last = int(line)
        if last >= 40:
            break
    proc.kill()
    proc.wait()
    s = Store.open(path)
    got = s.load_game("alice")
    assert got.history["n"] >= last           # every reported move is there
    assert sum(s.hint_levels("alice").values()) >= last
    s.close()


def test_unusable_places_fail_with_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError) as e:
        Store.open(blocker / "t.db")
    assert "\n" not in str(e.value)
    with pytest.raises(StoreError, match="no progress-store backend for 'mysql://'"):
        Store.open("mysql://x/y")


def test_sqlite_url_and_memory(tmp_path):
    s = Store.open(f"sqlite:///{tmp_path}/u.db")
    assert isinstance(s.backend, SQLiteBackend)
    assert (tmp_path / "u.db").exists()
    m = Store.open(":memory:")
    m.save_game("a", "n", "." * 81, "x")
    assert m.load_game("a").position == "x"


def test_lessons_read_survive_a_reopen(any_target):
    store = Store.open(any_target)
    store.mark_lesson_read("alice", "fish")
    store.mark_lesson_read("alice", "fish")          # twice is still one
    store.mark_lesson_read("bob", "singles")
    store.close()
    again = Store.open(any_target)
    assert again.lessons_read("alice") == {"fish"}
    assert again.lessons_read("bob") == {"singles"}
    assert again.lessons_read("carol") == set()
    again.close()


def test_each_backend_implements_the_one_interface():
    for backend in (SQLiteBackend, PostgresBackend):
        assert issubclass(backend, Backend)
        for method in ("execute", "query", "close"):
            assert getattr(backend, method) is not getattr(Backend, method), (backend, method)
        assert backend.serial_key != Backend.serial_key
