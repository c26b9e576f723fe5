"""The warm parent (warm_parent.py, warm_link.py): students' apps forked from
one process that imported and drew the app once; each still a process of its
own, on its own PTY; none left behind when the server is killed with -9; and
sessions go on the slow way when the warm parent is gone."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from classroom_helpers import PASSWORDS, connect, group_alive, open_terminal, pid_alive, session_for, wait_until

from test_page_merging import kernel_can_mark, mergeable_areas

from tutor.store import Store

ROOT = Path(__file__).resolve().parents[2]
READY = "Press ? for help"


def _parent_of(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


async def _warm(room) -> None:
    assert room.warm is not None
    assert await wait_until(lambda: room.warm.alive, 120), "the warm parent did not get warm"


async def test_apps_are_forked_from_the_warm_parent_each_in_its_own_session(start_server, tmp_path):
    db = str(tmp_path / "progress.db")
    room = await start_server(fake=False, db_url=db)
    await _warm(room)
    async with await connect(room, "alice") as a, await connect(room, "carol") as c:
        alice = await open_terminal(a, cols=100, rows=32)
        carol = await open_terminal(c, cols=100, rows=32)
        await alice.wait_for(READY, timeout=60)
        await carol.wait_for(READY, timeout=60)
        pids = [session_for(room, u).proc.pid for u in ("alice", "carol")]
        assert all(_parent_of(p) == room.warm.pid for p in pids)
        assert all(os.getpgid(p) == p and os.getsid(p) == p for p in pids)    # own session and group
        assert len(set(pids)) == 2
        # marked for the kernel's samepage merging where it can be (page_merging.py)
        assert room.warm.merging == kernel_can_mark()
        assert all((mergeable_areas(p) > 0) == room.warm.merging for p in pids)
        alice.raw.clear()
        alice.send("\x1b[C")                                 # keys reach alice's app only
        await alice.wait_for("r5c6", timeout=20)
        # each app runs as its own student (its environment): activity is stored per name
        store = Store.open(db)
        assert await wait_until(lambda: {"alice", "carol"} <= set(store.activity()), 10)
        store.close()
    assert await wait_until(lambda: not any(group_alive(p) for p in pids), 15)


async def test_a_ctrl_c_at_the_servers_terminal_leaves_the_stopping_to_the_server(start_server, classroom_log):
    # the terminal sends SIGINT to the server's whole process group; the
    # warm parent used to die of it first and the log then cried "exited"
    room = await start_server(fake=False)
    await _warm(room)
    os.kill(room.warm.pid, signal.SIGINT)
    await asyncio.sleep(1.0)
    assert room.warm.alive and pid_alive(room.warm.pid)
    await room.stop()
    assert not any("the warm parent exited" in line for line in classroom_log())


async def test_page_merging_can_be_switched_off(start_server, classroom_log):
    room = await start_server(fake=False, page_merging=False)
    await _warm(room)
    assert not room.warm.merging
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=100, rows=32)
        await screen.wait_for(READY, timeout=60)
        assert mergeable_areas(session_for(room, "alice").proc.pid) == 0
    assert any("warm parent ready" in line and "page merging: off" in line for line in classroom_log())


async def test_without_the_warm_parent_sessions_start_the_slow_way(start_server, classroom_log):
    room = await start_server(fake=False)
    await _warm(room)
    os.kill(room.warm.pid, signal.SIGKILL)
    assert await wait_until(lambda: not room.warm.alive, 10)
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=100, rows=32)
        await screen.wait_for(READY, timeout=60)
        pid = session_for(room, "alice").proc.pid
        assert _parent_of(pid) == os.getpid()                # exec'd by the server itself
    assert any("the warm parent exited" in line for line in classroom_log())


def test_a_server_killed_with_9_leaves_neither_the_warm_parent_nor_an_app(tmp_path, roster_file, home):
    env = dict(os.environ, SUDOKU_TUTOR_HOME=str(home), PYTHONPATH=str(ROOT), SUDOKU_TUTOR_BANK_WORKER="on")
    log = tmp_path / "server.log"
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor.cli", "serve", "--port", "0", "--roster", str(roster_file),
         "--db", str(tmp_path / "p.db"), "--log", str(log)], env=env, cwd=str(ROOT))
    client = None

    def logged(pattern: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in log.read_text().splitlines() if log.exists() else ():
                if pattern in line:
                    return line
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} not in the server's log")

    try:
        port = int(logged("listening on", 30).split("listening on 127.0.0.1:")[1].split(",")[0])
        warm = int(logged("warm parent ready: pid", 120).split("pid ")[1].split(",")[0])
        client = subprocess.Popen([sys.executable, "-c", _CLIENT, str(port), PASSWORDS["alice"]],
                                  stdout=subprocess.PIPE, cwd=str(ROOT))
        app = int(logged("session start alice@", 60).split(" pid ")[1].split()[0])
        assert _parent_of(app) == warm and pid_alive(warm) and pid_alive(app)
        worker = _bank_worker_of(server.pid)
        assert worker is not None and pid_alive(worker)
        server.kill()
        server.wait()
        # the bank worker at once, though it is in the middle of seeding or of a generator
        # turn (which may take a minute)
        deadline = time.monotonic() + 3
        while pid_alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not pid_alive(worker)
        deadline = time.monotonic() + 15
        while (pid_alive(warm) or group_alive(app)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not pid_alive(warm) and not group_alive(app)
    finally:
        for p in (server, client):
            if p and p.poll() is None:
                p.kill()
                p.wait()


def _bank_worker_of(server: int) -> int | None:
    """The pid of the bank worker the server started (its child), if any."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        if b"tutor.teaching.bank_worker" in cmd and _parent_of(int(entry)) == server:
            return int(entry)
    return None


_CLIENT = r"""
import asyncio, sys, asyncssh
async def main():
    conn = await asyncssh.connect("127.0.0.1", int(sys.argv[1]), username="alice", password=sys.argv[2],
                                  known_hosts=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm", encoding=None)
    await asyncio.sleep(3600)
asyncio.run(main())
"""
