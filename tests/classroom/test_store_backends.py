"""The progress store under the classroom: SQLite surviving kill -9 of
writers, the PostgreSQL backend against a real server, and the class tables
(presence, pushed events, results, the teacher's one-query dashboard)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from classroom_helpers import connect, open_terminal, wait_until
from tutor.classroom import events
from tutor.classroom.events import dashboard
from tutor.store import Store, StoreError

ROOT = Path(__file__).resolve().parents[2]

_WRITER = r"""
import sys
from tutor.store import Store
store = Store.open(sys.argv[1])
name = sys.argv[2]
i = 0
while True:
    i += 1
    store.record_attempt(name, "x-wing", "eliminate", 1.0, float(i), 0)
    store.set_activity(name, f"step {i}")
    print(i, flush=True)
"""


def test_sqlite_kill_9_of_a_writer_loses_nothing_committed(tmp_path):
    db = str(tmp_path / "tutor.db")
    Store.open(db).close()
    writers = [subprocess.Popen([sys.executable, "-c", _WRITER, db, f"w{k}"], stdout=subprocess.PIPE,
                                cwd=str(ROOT), env=dict(os.environ, PYTHONPATH=str(ROOT)))
               for k in range(3)]
    last = {}
    try:
        # read until every writer has committed a good number of rows, then kill -9 one
        # of them mid-stream (the others keep writing), then the rest
        for k, w in enumerate(writers):
            n = 0
            while n < 150:
                n = int(w.stdout.readline())
            last[k] = n
        victim = writers[0]
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        for line in victim.stdout:           # whatever it reported before dying
            last[0] = int(line)
        for k, w in enumerate(writers[1:], 1):
            for _ in range(50):
                last[k] = int(w.stdout.readline())
            w.send_signal(signal.SIGKILL)
            w.wait()
            for line in w.stdout:
                last[k] = int(line)
    finally:
        for w in writers:
            if w.poll() is None:
                w.kill()
                w.wait()
    store = Store.open(db)
    assert store.backend.query("PRAGMA integrity_check") == [("ok",)]
    assert store.backend.query("PRAGMA journal_mode") == [("wal",)]
    for k in range(3):
        rows = store.backend.query("SELECT COUNT(*), MAX(seconds) FROM attempts WHERE user_name = ?",
                                   (f"w{k}",))
        count, top = rows[0]
        # every attempt it reported as done is there (one more may have committed unreported)
        assert last[k] <= count <= last[k] + 1, (k, last[k], count)
        assert int(top) == count
        assert store.activity()[f"w{k}"][0] in (f"step {last[k]}", f"step {last[k] + 1}", f"step {last[k] - 1}")


# ------------------------------------------------------------------ PostgreSQL

def test_postgres_url_parsing_and_redaction():
    from tutor.store.postgres import parse_url, redact, to_named
    kw = parse_url("postgresql://ann:s%40cret@db.example:6543/school?sslmode=disable")
    assert kw["user"] == "ann" and kw["password"] == "s@cret" and kw["host"] == "db.example"
    assert kw["port"] == 6543 and kw["database"] == "school"
    kw = parse_url("postgres://ann@/school?host=/run/postgresql")
    assert kw["unix_sock"] == "/run/postgresql/.s.PGSQL.5432" and "host" not in kw
    assert redact("postgresql://ann:secret@h/db") == "postgresql://ann:***@h/db"
    assert redact("postgresql://h/db") == "postgresql://h/db"
    assert to_named("SELECT '?' , ? FROM t WHERE a = ? AND b = 'x?y'") == \
        ("SELECT '?' , :p1 FROM t WHERE a = :p2 AND b = 'x?y'", 2)
    with pytest.raises(ValueError):
        parse_url("mysql://x/y")


def test_postgres_store_round_trip(pg_url):
    store = Store.open(pg_url)
    assert "***" in store.location and "tutor-test-pw" not in store.location
    store.save_game("alice", "qqwing easy #1", "." * 81, "{123}" * 81, {"undo": [1, 2]})
    store.save_game("alice", "qqwing easy #2", "1" * 81, "pos", None)        # replaces
    game = store.load_game("alice")
    assert (game.puzzle_name, game.givens, game.history) == ("qqwing easy #2", "1" * 81, None)
    for level in (1, 1, 2, 5):
        store.record_hint("alice", "x-wing", level)
    assert store.hint_levels("alice") == {1: 2, 2: 1, 5: 1}
    store.record_claim("alice", "r1c2<>3", "proved", "x-wing")
    store.record_claim("alice", "r4c4=9", "wrong", None)
    assert [c[:3] for c in store.recent_claims("alice")] == [("r4c4=9", "wrong", None),
                                                             ("r1c2<>3", "proved", "x-wing")]
    for ok in (1.0, 0.0, 1.0, 1.0):
        store.record_attempt("alice", "x-wing", "eliminate", ok, 12.5, 0)
    assert store.mastery("alice") == {"x-wing": 0.75}
    store.set_activity("bob", "lesson fish")
    assert store.activity()["bob"][0] == "lesson fish"
    assert store.users() == ["alice", "bob"]
    # a second connection (another server process) sees the same data
    other = Store.open(pg_url)
    assert other.mastery("alice") == {"x-wing": 0.75}
    store.close()
    other.close()


def test_postgres_bad_password_is_one_line(pg_url):
    bad = pg_url.replace("tutor-test-pw", "wrong-pw")
    with pytest.raises(StoreError) as err:
        Store.open(bad)
    msg = str(err.value)
    assert "\n" not in msg and "wrong-pw" not in msg and "password authentication failed" in msg


def test_postgres_many_writers_at_once(pg_url):
    """Several stores open the same new database at the same moment (the
    schema is created under a lock) and write concurrently."""
    errors, barrier = [], threading.Barrier(6)

    def work(k):
        try:
            barrier.wait()
            s = Store.open(pg_url)
            events.ensure_schema(s)
            for i in range(20):
                s.record_hint(f"u{k}", "pointing", 1 + i % 5)
            s.close()
        except Exception as e:           # noqa: BLE001 - reported below
            errors.append(repr(e))
    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    store = Store.open(pg_url)
    assert store.backend.query("SELECT COUNT(*) FROM hints") == [(120,)]
    assert all(sum(store.hint_levels(f"u{k}").values()) == 20 for k in range(6))


# ------------------------------------------------------------------ class tables

@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request, tmp_path):
    if request.param == "sqlite":
        store = Store.open(str(tmp_path / "tutor.db"))
    else:
        store = Store.open(request.getfixturevalue("pg_url"))
    yield store
    store.close()


def test_push_poll_results_and_end(any_store):
    s = any_store
    assert events.latest_event(s, "5B") is None
    first = events.push_event(s, "5B", "position", {"position": "1" * 81, "title": "warm-up"}, "mrs-b")
    assert first.active and first.title == "warm-up" and first.hint_limit is None
    ev = events.push_event(s, "5B", "quiz", {"quiz": "find-all", "target": "locked-set",
                                             "hint_limit": 0, "title": "find all 25 LockedSets"}, "mrs-b")
    got = events.latest_event(s, "5B")
    assert got == ev and got.kind == "quiz" and got.hint_limit == 0 and got.id > first.id
    # pushing a new event ended the previous one; another class is not touched
    assert events.latest_event(s, "6A") is None
    events.post_result(s, ev.id, "alice", {"found": 3, "total": 25}, 0.12)
    events.post_result(s, ev.id, "alice", {"found": 5, "total": 25}, 0.2)         # replaces
    events.post_result(s, ev.id, "carol", {"found": 25, "total": 25}, 1.0, done=True)
    res = events.results(s, ev.id)
    assert res["alice"]["result"] == {"found": 5, "total": 25} and not res["alice"]["done"]
    assert res["carol"]["done"] and res["carol"]["score"] == 1.0
    events.end_event(s, "5B")
    assert not events.latest_event(s, "5B").active


def test_dashboard_is_one_query_and_complete(any_store):
    s = any_store
    events.session_started(s, "srv/1", "5B", "alice", "student", "127.0.0.1", "srv")
    events.session_started(s, "srv/2", "5B", "carol", "student", "127.0.0.1", "srv")
    events.session_started(s, "srv/3", "5B", "mrs-b", "teacher", "127.0.0.1", "srv")
    events.session_started(s, "srv/4", "6A", "zed", "student", "127.0.0.1", "srv")     # other class
    s.set_activity("alice", "puzzle qqwing easy #3")
    for level in (1, 2, 2):
        s.record_hint("alice", "x-wing", level)
    for k in range(5):
        s.record_claim("alice", f"r1c{k + 1}<>3", "proved" if k % 2 else "wrong", "x-wing")
    ev = events.push_event(s, "5B", "quiz", {"title": "fish hunt", "hint_limit": 2}, "mrs-b")
    events.post_result(s, ev.id, "carol", {"found": 2, "total": 4}, 0.5)
    events.session_ended(s, "srv/2")
    events.set_class_setting(s, "5B", "uniqueness", "off")
    events.set_class_setting(s, "6A", "uniqueness", "on")

    calls = []
    real = s.backend.query
    s.backend.query = lambda sql, params=(): calls.append(sql) or real(sql, params)
    try:
        d = dashboard(s, "5B")
    finally:
        s.backend.query = real
    assert len(calls) == 1
    by = {st.user: st for st in d.students}
    assert set(by) == {"alice", "carol", "mrs-b"}                 # zed is in another class
    a, c = by["alice"], by["carol"]
    assert a.online and not c.online and by["mrs-b"].role == "teacher"
    assert a.activity == "puzzle qqwing easy #3"
    assert a.hints == {1: 1, 2: 2}
    assert [cl[0] for cl in a.claims] == ["r1c5<>3", "r1c4<>3", "r1c3<>3"]
    assert [cl[1] for cl in a.claims] == ["wrong", "proved", "wrong"]
    assert c.result == {"found": 2, "total": 4} and c.score == 0.5 and not c.done
    assert d.event.id == ev.id and d.event.title == "fish hunt" and d.event.active
    assert d.event.hint_limit == 2
    assert d.settings == {"uniqueness": "off"}
    # students first (online before offline), the teacher last
    assert [st.user for st in d.students] == ["alice", "carol", "mrs-b"]


async def test_classroom_on_postgres_records_who_is_connected(start_server, pg_url):
    room = await start_server(db_url=pg_url)
    assert room.store.location.startswith("postgresql://tutor:***@")
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=alice")
        store = Store.open(pg_url)
        assert await wait_until(lambda: any(st.user == "alice" and st.online
                                            for st in dashboard(store, "5B").students), 5)
    assert await wait_until(lambda: not any(st.online for st in dashboard(store, "5B").students), 5)
    store.close()
