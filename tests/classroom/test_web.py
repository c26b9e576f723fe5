"""The browser classroom (web.py) with an HTTP/websocket client on 127.0.0.1:
logins and their cookie, refusals, the same sessions and limits as SSH,
keys and resizes reaching the app, and no process left behind."""
from __future__ import annotations

import asyncio
import socket
import subprocess

import pytest

aiohttp = pytest.importorskip("aiohttp")

from classroom_helpers import connect, group_alive, open_terminal, session_for, wait_until  # noqa: E402
from tutor.classroom import events  # noqa: E402
from tutor.classroom.events import dashboard  # noqa: E402
from tutor.classroom.web import COOKIE, _loopback  # noqa: E402
from tutor.store import Store  # noqa: E402
from web_client import base_url, open_web_terminal, web_login, web_student  # noqa: E402


def jar():
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


def set_cookie_header(resp) -> str:
    return "; ".join(resp.headers.getall("Set-Cookie", []))


async def test_login_page_and_its_headers(start_server):
    room = await start_server(web_port=0)
    async with jar() as http:
        resp = await http.get(base_url(room) + "/")
        page = await resp.text()
    assert resp.status == 200
    assert '<form method="post" action="/login">' in page
    assert 'name="name"' in page and 'name="password" type="password"' in page
    assert "class 5B" in page
    assert "default-src 'self'" in resp.headers["Content-Security-Policy"]
    assert resp.headers["X-Frame-Options"] == "DENY"


async def test_good_login_sets_a_strict_httponly_cookie_and_a_bad_one_none(start_server, classroom_log):
    room = await start_server(web_port=0)
    async with jar() as http:
        bad = await web_login(http, room, "alice", "wrong")
        assert bad.status == 401 and "Set-Cookie" not in bad.headers
        assert "Wrong name or password." in (await bad.text())
        good = await web_login(http, room, "alice")
        assert good.status == 303 and good.headers["Location"] == "/class"
        cookie = set_cookie_header(good)
    assert cookie.startswith(COOKIE + "=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie                                 # no TLS here
    assert any("login failed: alice" in line and "(web)" in line for line in classroom_log())
    assert any(line.startswith("login alice (student)") and "by web password" in line
               for line in classroom_log())


@pytest.mark.slow
async def test_failed_logins_slow_down_like_ssh_but_not_other_accounts(start_server, classroom_log):
    room = await start_server(web_port=0)
    async with jar() as http, jar() as other:
        await web_login(http, room, "alice", "wrong-1")
        await web_login(http, room, "alice", "wrong-2")
        # the throttle counts failures of the account and of the connection: each
        # failure is answered after twice the delay of the one before
        assert room.throttle.failures("127.0.0.1", "alice") == 2
        delays = [line.rsplit("answered after ", 1)[1] for line in classroom_log()
                  if line.startswith("login failed: alice")]
        assert delays == ["0.5 s)", "1.0 s)"]
        # a third bad try (answered after 2 s) does not hold up another account's good login
        bad = asyncio.ensure_future(web_login(http, room, "alice", "wrong-3"))
        await asyncio.sleep(0.05)
        ok = await web_login(other, room, "carol")
        assert ok.status == 303 and not bad.done()
        assert (await bad).status == 401


async def test_key_only_account_is_told_to_use_ssh(start_server):
    room = await start_server(web_port=0)
    async with jar() as http:
        resp = await web_login(http, room, "bob", "anything")
        assert resp.status == 403 and "Set-Cookie" not in resp.headers
        assert "logs in with a key: use SSH" in await resp.text()


async def test_the_terminal_page_needs_a_login(start_server):
    room = await start_server(web_port=0)
    async with jar() as http:
        resp = await http.get(base_url(room) + "/class", allow_redirects=False)
        assert resp.status == 303 and resp.headers["Location"] == "/"
        await web_login(http, room, "alice")
        resp = await http.get(base_url(room) + "/class")
        page = await resp.text()
    assert '<script src="/static/xterm.js"></script>' in page and "/static/term.js" in page


async def test_vendored_xterm_is_served_with_its_notice(start_server):
    room = await start_server(web_port=0)
    async with jar() as http:
        js = await (await http.get(base_url(room) + "/static/xterm.js")).text()
        notice = await (await http.get(base_url(room) + "/static/THIRD-PARTY.txt")).text()
        listing = await http.get(base_url(room) + "/static/")
    assert "Terminal" in js and "The xterm.js authors" in notice and "Permission is hereby granted" in notice
    assert listing.status in (403, 404)


@pytest.mark.parametrize("case", ["no cookie", "forged cookie", "foreign origin", "no origin"])
async def test_websocket_refusals(start_server, classroom_log, case):
    room = await start_server(web_port=0)
    async with jar() as http:
        if case != "no cookie":
            await web_login(http, room, "alice")
        if case == "forged cookie":
            http.cookie_jar.clear()
            http.cookie_jar.update_cookies({COOKIE: "made-up"}, aiohttp.client.URL(base_url(room)))
        headers = {"Origin": "http://evil.example"} if case == "foreign origin" else {}
        url = base_url(room).replace("http", "ws") + "/ws"
        with pytest.raises(aiohttp.WSServerHandshakeError) as err:
            if case == "no origin":
                await http.ws_connect(url)
            else:
                await http.ws_connect(url, headers=headers, origin=headers.get("Origin") or base_url(room))
    expected = 401 if case in ("no cookie", "forged cookie") else 403
    assert err.value.status == expected
    assert not room.sessions
    assert any("refused a web terminal" in line for line in classroom_log())


async def test_keys_and_resize_reach_the_app_and_closing_leaves_no_process(start_server):
    room = await start_server(web_port=0)
    http, screen = await web_student(room, "alice", cols=100, rows=30)
    async with http:
        await screen.wait_for("READY user=alice role=student term=xterm-256color size=100x30")
        await screen.send("h")
        await screen.wait_for("KEY:68")
        await screen.send("é".encode())
        await screen.wait_for("KEY:c3a9")
        await screen.send(b"\x1b[<0;10;5M")                     # a mouse report passes as it is
        await screen.wait_for("KEY:1b5b3c303b31303b354d")
        await screen.resize(90, 20)
        await screen.wait_for("SIZE:90x20")
        pid = session_for(room, "alice").proc.pid
        await screen.ws.close()                                  # the tab is closed
    assert await wait_until(lambda: not group_alive(pid), 10)
    assert await wait_until(lambda: not room.sessions, 5)


async def test_junk_frames_close_the_socket_and_the_app(start_server, classroom_log):
    room = await start_server(web_port=0)
    http, screen = await web_student(room, "alice")
    async with http:
        await screen.wait_for("READY")
        pid = session_for(room, "alice").proc.pid
        await screen.ws.send_str("not json at all")
        assert await screen.wait_closed() == 1008
    assert await wait_until(lambda: not group_alive(pid), 10)
    assert any("junk frame on the websocket" in line for line in classroom_log())


async def test_one_session_per_student_across_ssh_and_web(start_server):
    room = await start_server(web_port=0)
    async with await connect(room, "alice") as conn:
        ssh = await open_terminal(conn)
        await ssh.wait_for("READY user=alice")
        old = session_for(room, "alice").proc.pid
        http, web = await web_student(room, "alice")            # the browser takes over
        async with http:
            await web.wait_for("READY user=alice")
            await ssh.wait_for("you logged in again somewhere else")
            assert not group_alive(old)
            new = session_for(room, "alice").proc.pid
            async with await connect(room, "alice") as conn2:    # and SSH takes it back
                ssh2 = await open_terminal(conn2)
                await ssh2.wait_for("READY user=alice")
                await web.wait_for("you logged in again somewhere else")
                assert await web.wait_closed() == 1000
                assert not group_alive(new)
                assert len([s for s in room.sessions if s.user == "alice"]) == 1


async def test_max_sessions_counts_ssh_and_web_students_alike(start_server, classroom_log):
    room = await start_server(web_port=0, max_sessions=1)
    async with await connect(room, "alice") as conn:
        ssh = await open_terminal(conn)
        await ssh.wait_for("READY user=alice")
        http, web = await web_student(room, "carol")
        async with http:
            await web.wait_for("the classroom is full right now")
            await web.wait_closed()
            http2, teacher = await web_student(room, "mrs-b")     # teachers always get in
            async with http2:
                await teacher.wait_for("READY user=mrs-b role=teacher")
    assert any("classroom full (1 sessions)" in line and "(web)" in line for line in classroom_log())


async def test_idle_timeout_ends_a_web_session(start_server):
    room = await start_server(web_port=0, idle_timeout=0.6)
    http, screen = await web_student(room, "alice")
    async with http:
        await screen.wait_for("READY")
        await screen.wait_for("closed after a long time without a key", timeout=10)
        await screen.wait_closed()


async def test_server_stop_closes_browsers_and_apps(start_server):
    room = await start_server(web_port=0)
    http, screen = await web_student(room, "alice")
    async with http:
        await screen.wait_for("READY")
        pid = session_for(room, "alice").proc.pid
        await room.stop()
        await screen.wait_for("the class server stopped; your progress is saved.")
        await screen.wait_closed()
    assert not group_alive(pid)


async def test_session_rows_say_how_each_student_joined(start_server, tmp_path):
    db = str(tmp_path / "progress.db")
    room = await start_server(web_port=0, db_url=db)
    async with await connect(room, "carol") as conn:
        ssh = await open_terminal(conn)
        await ssh.wait_for("READY user=carol")
        http, web = await web_student(room, "alice")
        async with http:
            await web.wait_for("READY user=alice")
            store = Store.open(db)

            def via():
                rows = {st.user: st.via for st in dashboard(store, "5B").students if st.online}
                return rows if len(rows) == 2 else None
            assert await wait_until(via, 10)
            assert via() == {"alice": "web", "carol": "ssh"}
            store.close()


def test_a_store_made_before_the_via_column_gets_it(tmp_path):
    store = Store.open(str(tmp_path / "old.db"))
    store.backend.execute(
        "CREATE TABLE class_sessions (id TEXT PRIMARY KEY, class_name TEXT NOT NULL,"
        " user_name TEXT NOT NULL, role TEXT NOT NULL, peer TEXT NOT NULL, server_id TEXT NOT NULL,"
        " started_ms BIGINT NOT NULL, seen_ms BIGINT NOT NULL, ended_ms BIGINT)")
    events.session_started(store, "s1", "5B", "alice", "student", "127.0.0.1", "h:1:1", via="web")
    board = dashboard(store, "5B")
    assert [(st.user, st.online, st.via) for st in board.students] == [("alice", True, "web")]
    store.close()


async def test_tls_serves_https_with_a_secure_cookie(start_server, tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    made = subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                           "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1",
                           "-subj", "/CN=127.0.0.1"], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"openssl could not make a test certificate: {made.stderr[-200:]!r}")
    room = await start_server(web_port=0, tls_cert=str(cert), tls_key=str(key))
    conn = aiohttp.TCPConnector(ssl=False)
    async with aiohttp.ClientSession(connector=conn, cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        resp = await web_login(http, room, "alice", scheme="https")
        assert resp.status == 303
        assert "Secure" in set_cookie_header(resp)
        screen = await open_web_terminal(http, room, scheme="https")
        await screen.wait_for("READY user=alice")
        await screen.ws.close()


async def test_no_tls_off_loopback_warns_that_passwords_travel_in_clear(start_server, classroom_log):
    assert _loopback("127.0.0.1") and _loopback("::1") and _loopback("localhost")
    assert not _loopback("0.0.0.0") and not _loopback("192.168.1.10")
    await start_server(web_port=0)
    assert not any("passwords travel in clear" in line for line in classroom_log())
    await start_server(web_port=0, host="0.0.0.0")
    assert any("passwords travel in clear" in line for line in classroom_log())


async def test_the_web_login_shares_the_cap_on_logins_in_progress(start_server):
    room = await start_server(web_port=0, max_unauthenticated=1)
    idle = socket.create_connection(("127.0.0.1", room.port))     # one SSH connection not logged in
    try:
        assert await wait_until(lambda: room.pending.full(), 5)
        async with jar() as http:
            stranger = await web_login(http, room, "mallory", "guess")
            alice = await web_login(http, room, "alice")
        assert stranger.status == 503 and "Set-Cookie" not in stranger.headers
        assert alice.status == 303                  # the roster's own logins always have room
    finally:
        idle.close()


async def test_login_from_another_site_is_refused(start_server):
    room = await start_server(web_port=0)
    async with jar() as http:
        resp = await http.post(base_url(room) + "/login", data={"name": "alice", "password": "alice-pw-1"},
                               headers={"Origin": "http://evil.example"}, allow_redirects=False)
    assert resp.status == 403 and "Set-Cookie" not in resp.headers


async def test_a_reload_resumes_the_same_app_state(start_server, tmp_path):
    """A reload is a new socket with the same cookie: a new session that takes
    over, as an SSH reconnect does."""
    room = await start_server(web_port=0)
    http, screen = await web_student(room, "alice")
    async with http:
        await screen.wait_for("READY user=alice")
        await screen.ws.close()
        again = await open_web_terminal(http, room)
        await again.wait_for("READY user=alice")
        assert len([s for s in room.sessions if s.user == "alice"]) == 1
        await again.ws.close()
    await asyncio.sleep(0)


def test_serve_options_for_the_web(tmp_path, roster_file):
    import argparse

    from tutor.classroom.commands import add_subcommands, config_from_args
    from tutor.usage import UsageError
    parser = argparse.ArgumentParser()
    add_subcommands(parser.add_subparsers())
    cert, key = tmp_path / "c.pem", tmp_path / "k.pem"
    cert.write_text("x")
    key.write_text("x")

    def cfg(*extra):
        return config_from_args(parser.parse_args(["serve", "--roster", str(roster_file), *extra]))
    assert cfg().web_port is None
    c = cfg("--web", "8080", "--tls-cert", str(cert), "--tls-key", str(key))
    assert (c.web_port, c.tls_cert, c.tls_key) == (8080, str(cert), str(key))
    for extra, message in ((["--web", "70000"], "bad --web port"),
                           (["--web", "8080", "--tls-cert", str(cert)], "go together"),
                           (["--tls-cert", str(cert), "--tls-key", str(key)], "go with --web"),
                           (["--web", "8080", "--tls-cert", str(cert), "--tls-key", str(tmp_path / "no")],
                            "no such file")):
        with pytest.raises(UsageError, match=message):
            cfg(*extra)


async def test_kill_9_of_the_server_leaves_no_app_behind(tmp_path, roster_file, home):
    """A browser student's app goes with a server killed with -9, and the
    browser's socket closes (the page then offers to join again)."""
    import os
    import re
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SUDOKU_TUTOR_HOME=str(home), PYTHONPATH=str(root))
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tutor.cli", "serve", "--port", "0", "--web", "0", "--roster", str(roster_file),
        "--db", str(tmp_path / "p.db"), stderr=asyncio.subprocess.PIPE, env=env, cwd=str(root))
    try:
        async def line_with(pattern):
            while True:
                line = (await asyncio.wait_for(server.stderr.readline(), 60)).decode()
                assert line, "the server stopped"
                m = re.search(pattern, line)
                if m:
                    return m
        port = int((await line_with(r"in browsers at http://127\.0\.0\.1:(\d+)/")).group(1))

        class Room:                              # what web_client needs of a classroom
            class web:
                pass
        Room.web.port = port
        http, screen = await web_student(Room, "alice")
        async with http:
            pid = int((await line_with(r"session start alice@.* pid (\d+)")).group(1))
            await screen.wait_for("for help", timeout=60)
            server.kill()
            await server.wait()
            assert await wait_until(lambda: not group_alive(pid), 10)
            await screen.wait_closed()
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()


async def test_memory_limit_ends_a_web_session(start_server):
    room = await start_server(web_port=0, max_memory_mb=1)
    http, screen = await web_student(room, "alice")
    async with http:
        await screen.wait_for("your session used too much memory and was closed")
        await screen.wait_closed()
    assert not room.sessions


async def test_a_dropped_network_ends_the_session(start_server, classroom_log):
    """A browser that stops answering (pings unanswered) is let go like a
    dead SSH connection: its app ends."""
    room = await start_server(web_port=0, keepalive_interval=0.4)
    async with jar() as http:
        await web_login(http, room, "alice")
        url = base_url(room)
        ws = await http.ws_connect(url.replace("http", "ws", 1) + "/ws", origin=url, autoping=False)
        assert await wait_until(lambda: session_for(room, "alice") is not None, 10)
        pid = session_for(room, "alice").proc.pid
        # nothing read, no pong sent: the server's heartbeat gives up
        assert await wait_until(lambda: not room.sessions, 10)
        assert not group_alive(pid)
        await ws.close()
    assert any("session end alice@" in line and "client disconnected" in line for line in classroom_log())


@pytest.mark.slow
async def test_an_account_keeps_its_newest_few_browser_logins(start_server):
    from tutor.classroom.web import LOGINS_PER_ACCOUNT
    room = await start_server(web_port=0)
    sessions = [jar() for _ in range(LOGINS_PER_ACCOUNT + 1)]
    try:
        for http in sessions:
            assert (await web_login(http, room, "carol")).status == 303
        assert sorted(login.user for login in room.web.logins.values()) == ["carol"] * LOGINS_PER_ACCOUNT
        with pytest.raises(aiohttp.WSServerHandshakeError) as err:     # the oldest one is gone
            await open_web_terminal(sessions[0], room)
        assert err.value.status == 401
        screen = await open_web_terminal(sessions[-1], room)
        await screen.wait_for("READY user=carol")
        await screen.ws.close()
    finally:
        for http in sessions:
            await http.close()
