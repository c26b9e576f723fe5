"""The SSH server's plumbing, with a tiny stand-in app (fake_app.py) so each
test takes a fraction of a second.  The real app runs in test_e2e.py."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.classroom.roster import Roster, hash_password

import asyncssh
from classroom_helpers import (PASSWORDS, Screen, connect, group_alive, open_terminal, pid_alive,
                       session_for, wait_until)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.smoke
async def test_each_session_gets_its_own_pty_process(start_server, classroom_log):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=100, rows=32)
        await screen.wait_for("READY user=alice role=student term=xterm-256color size=100x32")
        s = session_for(room, "alice")
        pid = s.proc.pid
        assert os.getsid(pid) == pid and os.getpgid(pid) == pid      # own session and group
        assert os.readlink(f"/proc/{pid}/fd/0").startswith("/dev/pts/")
        screen.send("ab")
        await screen.wait_for("KEY:6162")
        screen.proc.change_terminal_size(120, 40)
        await screen.wait_for("SIZE:120x40")
    # the client closed: the app and its whole process group are gone
    assert await wait_until(lambda: not group_alive(pid), 5)
    assert await wait_until(lambda: not room.sessions, 5)
    log = "\n".join(classroom_log())
    assert "login alice (student) from 127.0.0.1" in log
    assert "session start alice@127.0.0.1" in log and f"pid {pid}" in log
    assert "session end alice@" in log and "client disconnected" in log


async def test_two_students_are_isolated(start_server):
    room = await start_server()
    async with await connect(room, "alice") as a, await connect(room, "carol") as c:
        sa, sc = await open_terminal(a), await open_terminal(c)
        await sa.wait_for("READY user=alice")
        await sc.wait_for("READY user=carol")
        pa, pc = session_for(room, "alice").proc.pid, session_for(room, "carol").proc.pid
        assert pa != pc
        sa.send("x")                       # alice's app exits with status 3 ...
        assert await asyncio.wait_for(sa.proc.wait(), 10) and sa.proc.exit_status == 3
        sc.send("k")                       # ... carol's carries on
        await sc.wait_for("KEY:6b")
        assert not pid_alive(pa) and pid_alive(pc)


async def test_keys_typed_before_the_app_is_up_are_kept(start_server):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        proc = await conn.create_process(term_type="xterm", encoding=None)
        proc.stdin.write(b"q")
        screen = Screen(proc)
        await screen.wait_for("KEY:71")


# ------------------------------------------------------------------ refusals

async def test_refuses_session_without_terminal(start_server, classroom_log):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        proc = await conn.create_process(encoding=None)          # no term_type: no PTY
        result = await asyncio.wait_for(proc.wait(), 10)
        assert result.exit_status == 1
        assert b"needs a terminal" in result.stderr
    assert not room.sessions
    assert any("refused alice@" in m and "without a terminal" in m for m in classroom_log())


async def test_refuses_exec_command(start_server, classroom_log):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd", term_type="xterm")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("id")
    assert any("refused alice@" in m and "exec command 'cat /etc/passwd'" in m for m in classroom_log())


async def test_refuses_sftp(start_server, classroom_log):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()
    assert any("refused alice@" in m and "subsystem 'sftp'" in m for m in classroom_log())


async def test_refuses_local_port_forwarding(start_server, classroom_log):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", room.port)
    assert any("refused alice@" in m and f"local port forwarding to 127.0.0.1:{room.port}" in m
               for m in classroom_log())


async def test_refuses_remote_port_forwarding(start_server, classroom_log):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
    assert any("refused alice@" in m and "remote port forwarding" in m for m in classroom_log())


async def test_refuses_agent_forwarding(start_server, classroom_log, tmp_path):
    room = await start_server()
    async with await connect(room, "alice", agent_forwarding=True,
                             agent_path=str(tmp_path / "no-agent.sock")) as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=alice")           # the session itself goes on
    assert await wait_until(lambda: any("refused alice@" in m and "agent forwarding" in m
                                        for m in classroom_log()), 5)


async def test_refuses_x11_forwarding(start_server, classroom_log, tmp_path):
    room = await start_server()
    xauth = tmp_path / "Xauthority"
    xauth.write_bytes(b"")
    async with await connect(room, "alice") as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="X11"):
            await conn.create_process(term_type="xterm", x11_forwarding=True,
                                      x11_display="127.0.0.1:7", x11_auth_path=str(xauth))
    assert any("refused alice@" in m and "X11 forwarding" in m for m in classroom_log())


# ------------------------------------------------------------------ logins

async def _try_login(room, user, password):
    t = time.monotonic()
    try:
        conn = await connect(room, user, password=password)
    except asyncssh.PermissionDenied:
        return False, time.monotonic() - t
    conn.close()
    return True, time.monotonic() - t


@pytest.mark.slow
async def test_failed_logins_are_slowed_down(start_server, classroom_log):
    room = await start_server()
    room.throttle.base = 0.2
    took = []
    for _ in range(3):
        ok, t = await _try_login(room, "alice", "wrong")
        assert not ok
        took.append(t)
    # each failure is answered after 0.2 s doubled per recent failure: the
    # server says which delay it chose, and the client waited at least that
    # (a difference of the client's times is not tested: a loaded machine
    # adds a second to a login's handshake at random)
    assert took[0] >= 0.2 and took[1] >= 0.4 and took[2] >= 0.8, took
    fails = [m for m in classroom_log() if m.startswith("login failed: alice from 127.0.0.1")]
    assert len(fails) == 3 and "3 recent failures" in fails[-1]
    assert [m.rsplit("answered after ", 1)[1] for m in fails] == ["0.2 s)", "0.4 s)", "0.8 s)"]
    ok, _ = await _try_login(room, "alice", PASSWORDS["alice"])
    assert ok
    # an unknown name is refused the same way, and slowed too
    ok, t = await _try_login(room, "mallory", "guess")
    assert not ok and t >= 0.2


async def test_public_key_login(start_server, bob_key, classroom_log):
    room = await start_server()
    async with await connect(room, "bob", key=bob_key) as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=bob role=student")
    assert any(m.startswith("login bob (student)") and m.endswith("by key") for m in classroom_log())
    room.throttle.base = 0.05
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(room, "alice", key=bob_key)            # bob's key is not alice's
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(room, "bob", key=asyncssh.generate_private_key("ssh-ed25519"))


async def test_teacher_role_reaches_the_app(start_server):
    room = await start_server()
    async with await connect(room, "mrs-b") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=mrs-b role=teacher")


@pytest.mark.slow
async def test_open_mode_only_when_asked(start_server):
    closed = await start_server()
    closed.throttle.base = 0.05
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(closed, "zed", password="class-pw")
    room = await start_server(open_password_hash=hash_password("class-pw"))
    room.throttle.base = 0.05
    async with await connect(room, "zed", password="class-pw") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=zed role=student")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(room, "zed", password="nope")
    with pytest.raises(asyncssh.PermissionDenied):                 # roster names keep their own password
        await connect(room, "mrs-b", password="class-pw")
    with pytest.raises(asyncssh.PermissionDenied):                 # names must be plain
        await connect(room, "../etc", password="class-pw")


async def test_roster_changes_apply_without_restart(start_server, roster_file):
    room = await start_server()
    room.throttle.base = 0.05
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(room, "dave", password="dave-pw-4")
    r = Roster.load(roster_file)
    r.set_account("dave", password="dave-pw-4")
    r.save()
    os.utime(roster_file, ns=(time.time_ns(), time.time_ns() + 1_000_000))
    async with await connect(room, "dave", password="dave-pw-4") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=dave")


async def test_host_key_is_generated_once_and_kept(start_server, roster_file):
    room = await start_server()
    first = room.host_key.get_fingerprint()
    key_file = roster_file.parent / "ssh_host_ed25519_key"
    assert key_file.exists() and (key_file.stat().st_mode & 0o777) == 0o600
    await room.stop()
    again = await start_server()
    assert again.host_key.get_fingerprint() == first
    async with await connect(again, "alice") as conn:
        assert conn.get_server_host_key().get_fingerprint() == first


# ------------------------------------------------------------------ limits

async def test_max_sessions_counts_students_not_teachers(start_server, classroom_log):
    room = await start_server(max_sessions=1)
    async with await connect(room, "alice") as a:
        sa = await open_terminal(a)
        await sa.wait_for("READY user=alice")
        async with await connect(room, "carol") as c:
            proc = await c.create_process(term_type="xterm", encoding=None)
            result = await asyncio.wait_for(proc.wait(), 10)
            assert result.exit_status == 1 and b"classroom is full" in result.stderr
        async with await connect(room, "mrs-b") as t:
            st = await open_terminal(t)
            await st.wait_for("READY user=mrs-b role=teacher")
    assert any("refused carol@" in m and "classroom full (1 sessions)" in m for m in classroom_log())


async def test_idle_students_are_closed_teachers_kept(start_server, classroom_log):
    room = await start_server(idle_timeout=0.8)
    async with await connect(room, "alice") as a, await connect(room, "mrs-b") as t:
        sa, st = await open_terminal(a), await open_terminal(t)
        await sa.wait_for("READY user=alice")
        await st.wait_for("READY user=mrs-b")
        pa = session_for(room, "alice").proc.pid
        await sa.wait_for("without a key", timeout=10)
        assert await wait_until(lambda: not group_alive(pa), 5)
        assert session_for(room, "mrs-b") is not None
    assert any("session end alice@" in m and "idle" in m for m in classroom_log())


async def test_memory_watch_closes_a_greedy_session(start_server, classroom_log):
    room = await start_server(max_memory_mb=1)          # any Python process is over 1 MB
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn)
        assert await wait_until(lambda: session_for(room, "alice") is not None, 5)
        pid = session_for(room, "alice").proc.pid
        await screen.wait_for("too much memory", timeout=10)
        result = await asyncio.wait_for(screen.proc.wait(), 10)
        assert result.exit_status != 0
    assert not group_alive(pid)
    assert any("session end alice@" in m and "memory" in m and "over the limit of 1 MB" in m
               for m in classroom_log())


# ------------------------------------------------------------------ clients that vanish

_CLIENT = r"""
import asyncio, sys, asyncssh
async def main():
    conn = await asyncssh.connect("127.0.0.1", int(sys.argv[1]), username="alice", password=sys.argv[2],
                                  known_hosts=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm", encoding=None)
    data = b""
    while b"READY" not in data:
        data += await proc.stdout.read(1024)
    print("ready", flush=True)
    await asyncio.sleep(3600)
asyncio.run(main())
"""


async def _client_subprocess(room):
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _CLIENT, str(room.port), PASSWORDS["alice"],
        stdout=subprocess.PIPE, cwd=str(ROOT))
    line = await asyncio.wait_for(proc.stdout.readline(), 20)
    assert line.strip() == b"ready"
    return proc


async def test_client_killed_leaves_no_process(start_server, classroom_log):
    room = await start_server()
    client = await _client_subprocess(room)
    pid = session_for(room, "alice").proc.pid
    client.kill()
    await client.wait()
    assert await wait_until(lambda: not group_alive(pid), 10)
    assert await wait_until(lambda: not room.sessions, 5)


async def test_frozen_client_is_dropped_by_keepalive(start_server, classroom_log):
    room = await start_server(keepalive_interval=0.3, keepalive_count_max=2)
    client = await _client_subprocess(room)
    pid = session_for(room, "alice").proc.pid
    client.send_signal(signal.SIGSTOP)        # TCP stays up, the client answers nothing
    try:
        assert await wait_until(lambda: not group_alive(pid), 25)
        assert await wait_until(lambda: not room.sessions, 5)      # its end is noticed just after
    finally:
        client.kill()
        await client.wait()
    assert any("session end alice@" in m for m in classroom_log())


def test_server_killed_takes_the_apps_with_it(tmp_path, roster_file, home):
    """kill -9 of the server: every app process gets a hang-up and goes."""
    env = dict(os.environ, SUDOKU_TUTOR_HOME=str(home), PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor.cli", "serve", "--port", "0", "--roster", str(roster_file),
         "--db", str(tmp_path / "p.db")], stderr=subprocess.PIPE, text=True, env=env, cwd=str(ROOT))
    client = None
    try:
        port = None
        for line in server.stderr:
            if "listening on" in line:
                port = int(line.split("listening on 127.0.0.1:")[1].split(",")[0])
                break
        assert port
        client = subprocess.Popen([sys.executable, "-c", _CLIENT, str(port), PASSWORDS["alice"]],
                                  stdout=subprocess.PIPE, cwd=str(ROOT))
        pid = None
        for line in server.stderr:
            if "session start alice@" in line:
                pid = int(line.split(" pid ")[1].split()[0])
                break
        assert pid and pid_alive(pid)
        server.kill()
        server.wait()
        # an orphan never goes; a loaded machine (CI) may take some seconds
        deadline = time.monotonic() + 20
        while group_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not group_alive(pid)
    finally:
        for p in (server, client):
            if p and p.poll() is None:
                p.kill()
                p.wait()


async def test_odd_user_names_are_cut_short_in_the_log(start_server, classroom_log):
    room = await start_server()
    room.throttle.base = 0.05
    ok, _ = await _try_login(room, "e" * 300, "x")
    assert not ok
    failed = [m for m in classroom_log() if m.startswith("login failed: e")]
    assert len(failed) == 1 and ("e" * 40 + "… from") in failed[0] and "e" * 41 not in failed[0]


# ------------------------------------------------------------------ how a session ends

RESTORE = (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1003l", b"\x1b[?1006l", b"\x1b[?2004l")


async def _read_to_end(screen, timeout=10.0) -> bytes:
    async def rest():
        while True:
            data = await screen.proc.stdout.read(65536)
            if not data:
                return
            screen.raw += data
    try:
        await asyncio.wait_for(rest(), timeout)
    except asyncio.TimeoutError:
        pass
    return bytes(screen.raw)


async def test_app_killed_restores_the_terminal_and_says_why(start_server, classroom_log):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=alice")
        os.kill(session_for(room, "alice").proc.pid, signal.SIGKILL)
        out = await _read_to_end(screen)
    assert all(seq in out for seq in RESTORE), out[-300:]
    assert "the tutor stopped unexpectedly" in screen.text and "connect again" in screen.text


async def test_server_stop_restores_the_terminal_and_says_why(start_server):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=alice")
        await room.stop()
        out = await _read_to_end(screen)
    assert all(seq in out for seq in RESTORE), out[-300:]
    assert "the class server stopped" in screen.text


async def test_app_that_fails_says_so(start_server):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("READY user=alice")
        screen.send("x")                              # the fake app exits with status 3
        out = await _read_to_end(screen)
    assert all(seq in out for seq in RESTORE)
    assert "stopped unexpectedly (status 3)" in screen.text


# ------------------------------------------------------------------ one session per account

async def test_a_second_login_takes_over_the_first(start_server, classroom_log, tmp_path):
    room = await start_server()
    async with await connect(room, "alice") as first_conn:
        first = await open_terminal(first_conn)
        await first.wait_for("READY user=alice")
        old_pid = session_for(room, "alice").proc.pid
        async with await connect(room, "alice") as second_conn:
            second = await open_terminal(second_conn)
            await second.wait_for("READY user=alice")
            # the first session was closed, with a message, before the second app started
            await first.wait_for("logged in again", timeout=10)
            assert not group_alive(old_pid)
            alive = [s for s in room.sessions if s.user == "alice"]
            assert len(alive) == 1 and alive[0].proc.pid != old_pid
            second.send("k")
            await second.wait_for("KEY:6b")
    assert any("session end alice@" in m and "replaced" in m for m in classroom_log())
    # the teacher view: one row for alice
    from tutor.classroom.events import dashboard
    from tutor.store import Store
    store = Store.open(str(tmp_path / "progress.db"))
    assert await wait_until(lambda: len(store.backend.query(
        "SELECT id FROM class_sessions WHERE user_name = 'alice'")) == 2, 5)
    board = dashboard(store, "5B")
    assert [st.user for st in board.students].count("alice") == 1
    store.close()


async def test_a_returning_student_gets_in_when_the_class_is_full(start_server):
    room = await start_server(max_sessions=1)
    async with await connect(room, "alice") as a:
        first = await open_terminal(a)
        await first.wait_for("READY user=alice")
        async with await connect(room, "alice") as b:
            second = await open_terminal(b)
            await second.wait_for("READY user=alice")
