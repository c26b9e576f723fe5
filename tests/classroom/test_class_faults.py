"""A class under faults: a quiz is running, two students work on it, then a
student's app is killed (-9), the database is killed (-9, every process) and
restarted, and the classroom server is killed (-9) and restarted.  Every
result committed before a fault is still there after it; work done while
the database was down arrives once it is back; after the restart the
teacher reopens the quiz and the student resumes with what she had found.

Runs the real server (`sudoku-tutor serve`) and the real app over SSH on
loopback, against a PostgreSQL server of its own (skipped without one)."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from classroom_helpers import connect, open_terminal
from tutor.classroom import events
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.solve import apply_until_stuck
from tutor.store import Store, StoreUnavailable

ROOT = Path(__file__).resolve().parents[2]
LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
ALICE = ["r6c45 #38", "r8c79 #57", "r38c3 #39"]
CAROL = ["r6c45 #38", "r8c79 #57"]
CAROL_LATER = "r38c3 #39"


@pytest.fixture
def durable_pg():
    from pg_helpers import start_postgres
    server = start_postgres(durable=True)
    try:
        yield server
    finally:
        server.stop()


class Serve:
    """`sudoku-tutor serve` in a process of its own, its log read in a thread."""

    def __init__(self, roster, db_url, password, home):
        env = dict(os.environ, SUDOKU_TUTOR_HOME=str(home), PYTHONPATH=str(ROOT),
                   SUDOKU_TUTOR_DB_PASSWORD=password)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tutor.cli", "serve", "--port", "0", "--roster", str(roster),
             "--db", db_url], stderr=subprocess.PIPE, text=True, env=env, cwd=str(ROOT))
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.port = int(self.wait_for("listening on 127.0.0.1:").split("listening on 127.0.0.1:")[1]
                        .split(",")[0])

    def _read(self):
        for line in self.proc.stderr:
            self.lines.append(line)

    def wait_for(self, text, timeout=30.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if text in line:
                    return line
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"{text!r} not in the server log: {''.join(self.lines)[-2000:]}")

    def app_pid(self, user) -> int:
        line = self.wait_for(f"session start {user}@")
        return int(line.split(" pid ")[1].split()[0])

    def kill(self):
        self.proc.kill()
        self.proc.wait()


class Room:
    """Enough of a Classroom for the test helpers: a port."""

    def __init__(self, port):
        self.port = port


def _kill_postgres(pg) -> None:
    from pg_helpers import kill_all
    kill_all(pg)


def _results(url, event_id) -> dict:
    s = Store.open(url)
    try:
        return {u: r["result"].get("found") for u, r in events.results(s, event_id).items()}
    finally:
        s.close()


async def _until(pred, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if pred():
                return True
        except StoreUnavailable:
            pass
        await asyncio.sleep(0.2)
    return pred()


async def _student(port, user):
    conn = await connect(Room(port), user)
    screen = await open_terminal(conn, cols=120, rows=40)
    await screen.wait_for("found 0/25", timeout=40)
    return conn, screen


async def _type(screen, entries):
    for text in entries:
        screen.send(text + "\r")
        await asyncio.sleep(0.3)


@pytest.mark.slow
async def test_results_survive_killed_apps_database_and_server(durable_pg, roster_file, home):
    from pg_helpers import PASSWORD
    url = durable_pg.new_database()
    bare = url.replace(f":{PASSWORD}@", "@") + "?connect_timeout=2"
    pos = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    server = Serve(roster_file, bare, PASSWORD, home)
    s = Store.open(url)
    ev = events.push_event(s, "5B", "quiz", {"position": pos, "target": "locked-set", "total": 25,
                                             "title": "LockedSet hunt"}, "mrs-b")
    s.close()
    again = None
    conns = []
    try:
        a_conn, alice = await _student(server.port, "alice")
        c_conn, carol = await _student(server.port, "carol")
        conns += [a_conn, c_conn]
        await _type(alice, ALICE)
        await _type(carol, CAROL)
        assert await _until(lambda: _results(url, ev.id) == {"alice": 3, "carol": 2})
        committed = _results(url, ev.id)

        # 1. alice's app is killed: her result stays
        os.kill(server.app_pid("alice"), signal.SIGKILL)
        await alice.wait_for("stopped unexpectedly", timeout=15)
        assert _results(url, ev.id) == committed

        # 2. the database is killed; carol works on meanwhile; it comes back
        _kill_postgres(durable_pg)
        await asyncio.sleep(0.5)
        await _type(carol, [CAROL_LATER])
        await asyncio.sleep(1.0)
        durable_pg.restart()
        assert _results(url, ev.id)["alice"] == committed["alice"]
        assert await _until(lambda: _results(url, ev.id)["carol"] == 3, 40)     # arrived once back
        committed = _results(url, ev.id)

        # 3. the classroom server is killed, and started again
        server.kill()
        for c in conns:
            c.close()
        conns = []
        assert _results(url, ev.id) == committed
        again = Serve(roster_file, bare, PASSWORD, home)
        again.wait_for("ended the push 'LockedSet hunt'")     # nobody was left in it
        assert _results(url, ev.id) == committed
        s = Store.open(url)
        assert s.backend.query("SELECT COUNT(*) FROM class_sessions WHERE ended_ms IS NULL") == [(0,)]
        events.reopen_event(s, "5B")                          # the teacher brings it back (r)
        s.close()
        conn = await connect(Room(again.port), "alice")
        conns.append(conn)
        screen = await open_terminal(conn, cols=120, rows=40)
        await screen.wait_for("found 3/25", timeout=40)       # she goes on where she was
        await asyncio.sleep(2.5)
        assert _results(url, ev.id) == committed
    finally:
        for c in conns:
            c.close()
        for srv in (server, again):
            if srv is not None and srv.proc.poll() is None:
                srv.proc.send_signal(signal.SIGTERM)
                try:
                    srv.proc.wait(15)
                except subprocess.TimeoutExpired:
                    srv.kill()
