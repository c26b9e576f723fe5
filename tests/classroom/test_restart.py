"""What a server that stopped badly leaves behind, and what the next start
does with it: session rows left open by a server killed with -9 are closed;
a push left running with nobody in the class is ended (the teacher can
reopen it); a result is never replaced by a worse one."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from classroom_helpers import PASSWORDS, connect, open_terminal, wait_until
from pilot_helpers import until_sync
from tutor.classroom import events
from tutor.store import Store

ROOT = Path(__file__).resolve().parents[2]


def _gone_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def _open_rows(db) -> dict[str, str]:
    s = Store.open(db)
    try:
        return {sid: srv for sid, srv in s.backend.query(
            "SELECT id, server_id FROM class_sessions WHERE ended_ms IS NULL")}
    finally:
        s.close()


async def test_rows_left_open_by_dead_servers_are_closed_on_start(start_server, tmp_path, classroom_log):
    db = str(tmp_path / "progress.db")
    s = Store.open(db)
    host = socket.gethostname()
    dead = f"{host}:{_gone_pid()}:1700000000"           # an earlier server on this host, gone
    alive = f"{host}:{os.getpid()}:1700000001"           # a server on this host that still runs
    elsewhere = "other-host:123:1700000002"              # another machine, still beating
    events.session_started(s, f"{dead}/1", "5B", "alice", "student", "10.0.0.1", dead)
    events.session_started(s, f"{alive}/1", "5B", "carol", "student", "10.0.0.2", alive)
    events.session_started(s, f"{elsewhere}/1", "5B", "dave", "student", "10.0.0.3", elsewhere)
    events.session_started(s, "old-host:9:1/1", "5B", "erin", "student", "10.0.0.4", "old-host:9:1")
    s.backend.execute("UPDATE class_sessions SET seen_ms = ? WHERE user_name = 'erin'",
                      (int(time.time() * 1000) - events.ONLINE_MS - 5000,))    # no heartbeat for long
    s.close()
    await start_server(db_url=db)
    left = _open_rows(db)
    assert set(left) == {f"{alive}/1", f"{elsewhere}/1"}
    assert any("closed 2 session rows left open" in m for m in classroom_log())


@pytest.mark.slow
def test_a_server_killed_with_9_leaves_no_row_open_after_the_next_start(tmp_path, roster_file, home):
    """The real thing: serve, a student connects, kill -9 the server, start
    it again: the student's session row is closed."""
    db = str(tmp_path / "p.db")
    env = dict(os.environ, SUDOKU_TUTOR_HOME=str(home), PYTHONPATH=str(ROOT))

    def serve():
        return subprocess.Popen(
            [sys.executable, "-m", "tutor.cli", "serve", "--port", "0", "--roster", str(roster_file),
             "--db", db], stderr=subprocess.PIPE, text=True, env=env, cwd=str(ROOT))

    def port_of(server):
        for line in server.stderr:
            if "listening on" in line:
                return int(line.split("listening on 127.0.0.1:")[1].split(",")[0])
        raise AssertionError("the server did not start")

    client = _CLIENT_PROCESS
    first = serve()
    again = cl = None
    try:
        port = port_of(first)
        cl = subprocess.Popen([sys.executable, "-c", client, str(port), PASSWORDS["alice"]],
                              stdout=subprocess.PIPE, cwd=str(ROOT))
        assert cl.stdout.readline().strip() == b"ready"
        assert until_sync(lambda: len(_open_rows(db)) == 1, 10)
        first.kill()
        first.wait()
        assert len(_open_rows(db)) == 1                      # left open by the killed server
        again = serve()
        port_of(again)
        assert _open_rows(db) == {}
    finally:
        for p in (first, again, cl):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()


_CLIENT_PROCESS = r"""
import asyncio, sys, asyncssh
async def main():
    conn = await asyncssh.connect("127.0.0.1", int(sys.argv[1]), username="alice", password=sys.argv[2],
                                  known_hosts=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm", encoding=None)
    data = b""
    while b"help" not in data:
        data += await proc.stdout.read(65536)
    print("ready", flush=True)
    await asyncio.sleep(3600)
asyncio.run(main())
"""


async def test_a_push_left_running_with_nobody_in_is_ended_on_start(start_server, tmp_path,
                                                                     classroom_log):
    db = str(tmp_path / "progress.db")
    s = Store.open(db)
    ev = events.push_event(s, "5B", "position", {"position": "1" * 81, "title": "easy #1"}, "mrs-b")
    s.close()
    room = await start_server(db_url=db)
    s = Store.open(db)
    assert not events.latest_event(s, "5B").active
    assert any("ended the push 'easy #1'" in m for m in classroom_log())
    # the teacher can bring it back on purpose, with its results
    events.post_result(s, ev.id, "alice", {"found": 3, "total": 9}, 3 / 9)
    again = events.reopen_event(s, "5B")
    assert again.id == ev.id and again.active
    assert events.results(s, ev.id)["alice"]["score"] == 3 / 9
    assert events.reopen_event(s, "5B") is None             # it runs: nothing to reopen
    await room.stop()
    # with a student connected (through another server), a restart leaves the push alone
    events.session_started(s, "other:1:1/1", "5B", "alice", "student", "10.0.0.1", "other:1:1")
    await start_server(db_url=db)
    assert events.latest_event(s, "5B").active
    s.close()


async def test_a_live_push_survives_while_students_are_connected(start_server, tmp_path):
    db = str(tmp_path / "progress.db")
    room = await start_server(db_url=db)
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=alice")
        s = Store.open(db)
        assert await wait_until(lambda: events.open_sessions(s, "5B") == 1, 5)
        events.push_event(s, "5B", "position", {"position": "1" * 81, "title": "warm-up"}, "mrs-b")
        await start_server(db_url=db)                         # a second server on the same store
        assert events.latest_event(s, "5B").active
        s.close()


def test_a_result_is_never_replaced_by_a_worse_one(tmp_path):
    s = Store.open(str(tmp_path / "t.db"))
    ev = events.push_event(s, "5B", "quiz", {"title": "hunt"}, "mrs-b")
    events.post_result(s, ev.id, "alice", {"found": 5, "total": 25}, 5 / 25, state={"entries": ["a"] * 5})
    events.post_result(s, ev.id, "alice", {"found": 0, "total": 25}, 0.0, state={"entries": []})
    got = events.results(s, ev.id)["alice"]
    assert got["result"]["found"] == 5 and got["score"] == 5 / 25
    assert events.saved_state(s, ev.id, "alice") == {"entries": ["a"] * 5}
    # the same progress with one more wrong entry is news; more progress too
    events.post_result(s, ev.id, "alice", {"found": 5, "total": 25, "wrong": 1}, 5 / 25)
    assert events.results(s, ev.id)["alice"]["result"]["wrong"] == 1
    events.post_result(s, ev.id, "alice", {"found": 25, "total": 25}, 1.0, done=True)
    events.post_result(s, ev.id, "alice", {"found": 25, "total": 25}, 1.0, done=False)
    assert events.results(s, ev.id)["alice"]["done"]
    s.close()
