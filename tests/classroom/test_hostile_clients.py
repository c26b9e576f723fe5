"""Issue 28, a class is a hostile place, round two: what hostile SSH and
websocket clients sent that lost a session, forged the log or locked the
class out.  Each test failed before its fix."""
from __future__ import annotations

import asyncio
import base64
import os
import socket
import stat
import time

import pytest

aiohttp = pytest.importorskip("aiohttp")

from classroom_helpers import connect, open_terminal, session_for, wait_until  # noqa: E402
from tutor.classroom import events  # noqa: E402
from tutor.classroom.web import COOKIE  # noqa: E402
from tutor.engine.formats import parse_position, to_braces  # noqa: E402
from tutor.engine.solve import apply_until_stuck  # noqa: E402
from tutor.store import Store  # noqa: E402
from web_client import base_url, web_login, web_student  # noqa: E402

LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"


# ------------------------------------------------------------------ sizes

async def test_a_resize_of_1e999_keeps_the_browser_session(start_server, classroom_log):
    room = await start_server(web_port=0)
    http, screen = await web_student(room, "alice")
    async with http:
        await screen.wait_for("READY user=alice")
        await screen.ws.send_str('{"type":"resize","cols":1e999,"rows":24}')
        await screen.wait_for("SIZE:400x24")              # as wide as the app may be
        await screen.ws.send_str('{"type":"resize","cols":-1e999,"rows":NaN}')
        assert await screen.wait_closed() == 1008         # not a size: a junk frame
    assert not any("Traceback" in line or "OverflowError" in line for line in classroom_log())


async def test_a_pixel_size_over_65535_keeps_the_ssh_session(start_server):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=100, rows=30)
        await screen.wait_for("READY user=alice")
        screen.proc.change_terminal_size(90, 25, 70000, 4_000_000_000)
        await screen.wait_for("SIZE:90x25")
        screen.send("a")
        await screen.wait_for("KEY:61")


async def test_a_huge_terminal_at_login_is_clamped_as_at_resize(start_server):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=10000, rows=10000)
        await screen.wait_for("READY user=alice role=student term=xterm-256color size=400x200")
        assert session_for(room, "alice").size[:2] == (400, 200)
        screen.proc.change_terminal_size(5000, 5000)
        await screen.wait_for("SIZE:400x200")


# ------------------------------------------------------------------ TERM

@pytest.mark.parametrize("term", ["xterm\0evil", "xterm\nLD_PRELOAD=/tmp/x.so 100x32", "x" * 20000])
async def test_a_term_that_is_no_terminal_name_gets_the_usual_one_and_one_log_line(
        start_server, classroom_log, term):
    room = await start_server()
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, term=term)
        await screen.wait_for("READY user=alice role=student term=xterm-256color")
    lines = classroom_log()
    assert any("refused alice@" in line and "TERM" in line for line in lines)
    assert all("\n" not in line and "\0" not in line and len(line) < 600 for line in lines)
    assert not any(line.startswith("LD_PRELOAD") for line in "\n".join(lines).splitlines())


async def test_subsystem_names_are_logged_escaped_and_bounded(start_server, classroom_log):
    import asyncssh
    room = await start_server()
    async with await connect(room, "alice") as conn:
        for name in ("sftp\nLD_PRELOAD=/tmp/x.so", "s" * 3000):
            with pytest.raises(asyncssh.Error):
                await conn.create_process(subsystem=name, encoding=None)
    lines = classroom_log()
    assert any("subsystem 'sftp\\nLD_PRELOAD" in line for line in lines), lines
    assert all("\n" not in line and len(line) < 600 for line in lines), [ln[:200] for ln in lines]


# ------------------------------------------------------------------ websocket frames

async def _raw_websocket(room, cookie: str):
    """A websocket opened by hand on a raw socket (so frames can be sent unmasked)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", room.web.port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write((f"GET /ws?cols=80&rows=24 HTTP/1.1\r\nHost: 127.0.0.1:{room.web.port}\r\n"
                  f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\nOrigin: {base_url(room)}\r\n"
                  f"Cookie: {COOKIE}={cookie}\r\n\r\n").encode())
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    assert head.startswith(b"HTTP/1.1 101"), head
    return reader, writer


def _frame(payload: bytes, masked: bool) -> bytes:
    head = bytes([0x82, (0x80 if masked else 0) | len(payload)])
    if not masked:
        return head + payload
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[k % 4] for k, b in enumerate(payload))


async def _read_until(reader, needle: bytes, timeout=10.0) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while needle not in seen:
        chunk = await asyncio.wait_for(reader.read(65536), max(0.1, deadline - time.monotonic()))
        if not chunk:
            break
        seen += chunk
    return seen


async def test_an_unmasked_client_frame_closes_the_websocket(start_server, classroom_log):
    room = await start_server(web_port=0)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        resp = await web_login(http, room, "alice")
        cookie = resp.cookies[COOKIE].value
    reader, writer = await _raw_websocket(room, cookie)
    assert b"READY user=alice" in await _read_until(reader, b"READY")
    writer.write(_frame(b"a", masked=True))                  # a masked key reaches the app
    assert b"KEY:61" in await _read_until(reader, b"KEY:61")
    writer.write(_frame(b"b", masked=False))                 # an unmasked one ends it all
    rest = await _read_until(reader, b"KEY:62", timeout=5)
    assert b"KEY:62" not in rest
    assert await wait_until(lambda: session_for(room, "alice") is None, 10)
    writer.close()
    assert any("a frame without a mask" in line for line in classroom_log())


# ------------------------------------------------------------------ logins under a flood

async def test_banner_only_connections_do_not_lock_the_class_out(start_server, classroom_log):
    room = await start_server(web_port=0)
    flood = []
    for _ in range(room.config.max_unauthenticated):
        s = socket.create_connection(("127.0.0.1", room.port))
        s.sendall(b"SSH-2.0-flood\r\n")
        flood.append(s)
    try:
        await asyncio.sleep(0.5)
        start = time.monotonic()
        async with await asyncio.wait_for(connect(room, "alice"), 30) as conn:
            screen = await open_terminal(conn)
            await screen.wait_for("READY user=alice")
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            resp = await web_login(http, room, "carol")
            assert resp.status == 303                         # not 503
        assert time.monotonic() - start < 20
        assert any("before its login: too many connections not logged in" in line
                   for line in classroom_log())
    finally:
        for s in flood:
            s.close()


async def test_a_silent_connection_is_closed_after_the_name_timeout(start_server, classroom_log):
    room = await start_server()
    room.pending.name_timeout = 0.5
    reader, writer = await asyncio.open_connection("127.0.0.1", room.port)
    writer.write(b"SSH-2.0-silent\r\n")
    start = time.monotonic()
    try:
        while await asyncio.wait_for(reader.read(65536), 10):    # the banner, then the end
            pass
    except ConnectionResetError:
        pass
    writer.close()
    assert time.monotonic() - start < 5
    assert await wait_until(lambda: any("no login begun within" in line for line in classroom_log()), 5)
    assert len(room.pending) == 0


# ------------------------------------------------------------------ files

def test_the_data_folders_are_private_whatever_the_umask(tmp_path, monkeypatch, capsys):
    from tutor.cli import main
    home = tmp_path / "home"
    monkeypatch.setenv("SUDOKU_TUTOR_HOME", str(home))
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("pw-123\n"))
    old = os.umask(0o022)
    try:
        assert main(["roster", "add", "dana", "--password-stdin"]) == 0
        deep = tmp_path / "a" / "b" / "roster.toml"
        monkeypatch.setattr("sys.stdin", __import__("io").StringIO("pw-123\n"))
        assert main(["roster", "add", "erin", "--password-stdin", "--roster", str(deep)]) == 0
        Store.open(str(tmp_path / "c" / "progress.db")).close()
    finally:
        os.umask(old)
    for folder in (home, home / "classroom", tmp_path / "a", tmp_path / "a" / "b", tmp_path / "c"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


# ------------------------------------------------------------------ two entries in one write

async def test_two_quiz_entries_in_one_write_over_ssh_are_two_entries(start_server, tmp_path):
    db = str(tmp_path / "progress.db")
    room = await start_server(fake=False, db_url=db)
    store = Store.open(db)
    events.ensure_schema(store)
    pos = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    ev = events.push_event(store, "5B", "quiz", {"position": pos, "target": "locked-set",
                                                 "title": "Hunt", "total": 25}, "mrs-b")
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=120, rows=40)
        await screen.wait_for("found 0/25", timeout=40)
        await asyncio.sleep(0.5)
        screen.send(b"r6c45 #38\rr8c79 #57\r")              # one write: a paste
        await screen.wait_for("found 2/25", timeout=20)
        assert await wait_until(lambda: events.results(store, ev.id).get("alice", {}).get(
            "result", {}).get("found") == 2, 10)
        assert events.results(store, ev.id)["alice"]["result"].get("wrong", 0) == 0
    store.close()


# ------------------------------------------------------------------ the mouse over SSH

def _motion(n: int, cols: int = 100, rows: int = 30) -> bytes:
    """n mouse motion reports (SGR, no button held): a pointer moving about."""
    return b"".join(b"\x1b[<35;%d;%dM" % (1 + k % cols, 1 + (k // cols) % rows) for k in range(n))


async def _click_while_moving(screen, x: int, y: int, cols: int = 100, rows: int = 30) -> None:
    """A pointer moving about as a pixel-reporting terminal reports it (a
    few motion reports every few milliseconds, about 12 KB a second), a
    click at (x, y) in the middle of it, and more moving after."""
    click = {1.0: b"\x1b[<35;%d;%dM\x1b[<0;%d;%dM" % (x, y, x, y), 1.1: b"\x1b[<0;%d;%dm" % (x, y)}
    screen.send(_motion(650, cols, rows))              # the pointer has been moving for a while
    start = time.monotonic()
    while (t := time.monotonic() - start) < 1.5:
        due = [k for k in click if k <= t]
        screen.send(_motion(4, cols, rows) + (click.pop(due[0]) if due else b""))
        await asyncio.sleep(0.004)


async def _fake_app_reads(screen, want: bytes, timeout: float = 10.0) -> bool:
    """Whether the fake app reads `want` (it prints KEY:<hex> for each read,
    so a sequence may be cut across two lines)."""
    import re
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if want in bytes.fromhex("".join(re.findall(r"KEY:([0-9a-f]+)\r\n", screen.text))):
            return True
        try:
            screen.raw += await asyncio.wait_for(screen.proc.stdout.read(65536), 0.5)
        except asyncio.TimeoutError:
            pass
    return False


async def test_a_click_after_much_mouse_motion_reaches_the_app(start_server):
    """Issue 25: clicks over SSH did not reach the push dialog's button.  A
    terminal reports every move of the pointer (every pixel in SGR-pixel
    mode); that used up the input allowance and the click was dropped."""
    room = await start_server()
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=100, rows=30)
        await screen.wait_for("READY user=alice")
        await _click_while_moving(screen, 42, 7)
        assert await _fake_app_reads(screen, b"\x1b[<0;42;7M")
        assert await _fake_app_reads(screen, b"\x1b[<0;42;7m")
        assert session_for(room, "alice").input.dropped == 0


async def test_the_teachers_click_on_push_works_over_ssh(start_server, tmp_path):
    from tutor.app import make_app
    db = str(tmp_path / "progress.db")
    cols, rows = 150, 40
    # where the dialog's Push button is at this size (the same app, in process)
    probe = make_app(LOCKEDSET, store_path=str(tmp_path / "probe.db"), user="mrs-b", role="teacher",
                     class_name="5B", start_screen="teacher")
    async with probe.run_test(size=(cols, rows)) as pilot:
        assert await wait_until(lambda: getattr(probe.screen, "refreshes", 0) >= 1, 20)
        await pilot.press("p")
        await pilot.pause(0.5)
        region = probe.screen.query_one("#push-ok").region
    x, y = region.x + region.width // 2 + 1, region.y + region.height // 2 + 1    # 1-based
    room = await start_server(fake=False, db_url=db)
    store = Store.open(db)
    async with await connect(room, "mrs-b") as conn:
        teacher = await open_terminal(conn, cols=cols, rows=rows)
        await teacher.wait_for("teacher view", timeout=40)
        teacher.send("p")
        await teacher.wait_for("Push this position", timeout=15)
        await asyncio.sleep(0.5)
        await _click_while_moving(teacher, x, y, cols, rows)
        await teacher.wait_for("Running:", timeout=15)
        ev = events.latest_event(store, "5B")
        assert ev is not None and ev.active and ev.created_by == "mrs-b"
    store.close()
