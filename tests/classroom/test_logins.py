"""Logins under pressure, and what the server keeps on disk.

Failed logins are slowed per account and per connection, never per
address: a class behind one NAT must not wait behind a student who mistypes
(or five bad connections).  Connections that have not logged in are
capped.  A key that is not in the roster is logged and slowed like a wrong
password.  Password hashes are scrypt N=2^17, r=8, p=1; older hashes still
verify and are upgraded at the next login.  Files are 0600; the PostgreSQL
password can come from the environment or a file instead of the command line."""
from __future__ import annotations

import asyncio
import os
import socket
import stat
import time

import asyncssh
import pytest

from classroom_helpers import PASSWORDS, connect, open_terminal, wait_until
from tutor.classroom.connection import LoginThrottle
from tutor.classroom.roster import Roster, hash_password, needs_rehash, verify_password


async def _login(room, user, password=None, **kw):
    t = time.monotonic()
    try:
        conn = await connect(room, user, password=password, **kw)
    except asyncssh.PermissionDenied:
        return False, time.monotonic() - t
    conn.close()
    return True, time.monotonic() - t


@pytest.mark.slow
async def test_a_wrong_password_does_not_hold_up_the_rest_of_the_class(start_server):
    room = await start_server()
    room.throttle.base = 2.0
    done = []

    async def attempt(user, password):
        got = await _login(room, user, password)
        done.append(user)
        return got
    # carol mistypes again and again, from the same address as everyone else,
    # and five connections try made-up names
    bad = [asyncio.ensure_future(attempt("carol", "oops")) for _ in range(3)]
    bad += [asyncio.ensure_future(attempt(f"x{k}", "guess")) for k in range(5)]
    await asyncio.sleep(0.3)
    ok, took = await attempt("alice", PASSWORDS["alice"])
    assert ok
    results = await asyncio.gather(*bad)
    assert not any(r[0] for r in results)
    # alice did not wait for them: she was answered before any made-up name
    # (roster names are checked first); before her came at most carol's first
    # check, which her identical retries share (a name and password are checked
    # once however often they arrive)
    first = done.index("alice")
    assert all(first < done.index(f"x{k}") for k in range(5)), done
    assert set(done[:first]) <= {"carol"}, done
    # carol's own attempts were slowed down: one after another, each later than the last
    carol = sorted(t for (_, t) in results[:3])
    assert carol[1] >= 2.0 and carol[2] >= 4.0, carol


def test_the_throttle_slows_accounts_and_connections_not_addresses():
    t = LoginThrottle(base=0.5, cap=16.0)
    assert t.wait_before("alice") == 0
    assert t.failed("10.0.0.1", "carol", 1) == 0.5
    assert t.failed("10.0.0.1", "carol", 2) == 1.0           # the account and the connection
    assert t.failed("10.0.0.1", "dave", 3) == 2.0            # a connection trying names: its count
    assert t.wait_before("alice") == 0                       # same address, another account
    assert 0.5 < t.wait_before("carol") <= 1.0               # carol's next try waits her turn
    t.succeeded("10.0.0.1", "carol")
    assert t.wait_before("carol") == 0
    for k in range(1, 20):
        assert t.failed("10.0.0.2", "erin", k) <= 16.0


async def test_connections_that_do_not_log_in_are_capped_and_make_room(start_server, classroom_log):
    room = await start_server(max_unauthenticated=3)
    idle = [socket.create_connection(("127.0.0.1", room.port)) for _ in range(3)]
    try:
        assert await wait_until(lambda: room.pending.anonymous_count() == 3, 5)
        # a student still gets in: the oldest idle connection is closed for her
        async with await asyncio.wait_for(connect(room, "alice"), 20) as conn:
            screen = await open_terminal(conn)
            await screen.wait_for("READY user=alice")
        assert any("before its login: too many connections not logged in" in m for m in classroom_log())
        assert room.pending.anonymous_count() <= 3
    finally:
        for s in idle:
            s.close()


async def test_an_unknown_key_is_logged_and_slowed(start_server, classroom_log, bob_key):
    room = await start_server()
    room.throttle.key_base = 0.3
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    t = time.monotonic()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(room, "alice", key=stranger, password="wrong")
    assert time.monotonic() - t >= 0.3
    fp = stranger.get_fingerprint()
    assert any(m.startswith("login failed: alice from 127.0.0.1") and "key" in m and fp in m
               for m in classroom_log())
    with pytest.raises(asyncssh.PermissionDenied):            # bob's key is not alice's
        await connect(room, "alice", key=bob_key)
    assert any("login failed: alice" in m and bob_key.get_fingerprint() in m for m in classroom_log())


@pytest.mark.real_password_cost
def test_password_hashes_use_the_strong_parameters_and_old_ones_verify():
    h = hash_password("pw")
    assert h.startswith("scrypt$131072$8$1$") and not needs_rehash(h)
    old = hash_password("pw", n=1 << 14)
    assert verify_password("pw", old) and needs_rehash(old)


@pytest.mark.real_password_cost
async def test_an_old_hash_is_upgraded_at_the_next_login(start_server, roster_file):
    r = Roster.load(roster_file)
    r.accounts["alice"].password = hash_password(PASSWORDS["alice"], n=1 << 14)
    r.save()
    room = await start_server()
    ok, _ = await _login(room, "alice", PASSWORDS["alice"])
    assert ok
    deadline = time.monotonic() + 10
    while needs_rehash(Roster.load(roster_file).accounts["alice"].password) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    new = Roster.load(roster_file).accounts["alice"].password
    assert new.startswith("scrypt$131072$") and verify_password(PASSWORDS["alice"], new)
    assert (os.stat(roster_file).st_mode & 0o777) == 0o600
    ok, _ = await _login(room, "alice", PASSWORDS["alice"])
    assert ok


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


async def test_the_store_and_the_log_are_private(start_server, tmp_path, monkeypatch):
    db = tmp_path / "progress.db"
    room = await start_server(fake=False, db_url=str(db))
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn)
        await screen.wait_for("Press ? for help", timeout=30)
        screen.send("H")
        await asyncio.sleep(1.0)
    for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        if path.exists():
            assert _mode(path) == 0o600, (path, oct(_mode(path)))
    from tutor.classroom.server import setup_logging
    log = tmp_path / "serve.log"
    import logging
    before = list(logging.getLogger("tutor.classroom").handlers)
    try:
        setup_logging(logfile=str(log))
        logging.getLogger("tutor.classroom").info("hello")
    finally:
        for h in logging.getLogger("tutor.classroom").handlers:
            if h not in before:
                h.close()
                logging.getLogger("tutor.classroom").removeHandler(h)
    assert _mode(log) == 0o600


def test_an_existing_store_file_is_made_private(tmp_path):
    from tutor.store import Store
    db = tmp_path / "t.db"
    db.touch()
    os.chmod(db, 0o644)
    s = Store.open(str(db))
    s.record_hint("a", "x-wing", 1)
    for path in (db, db.with_name("t.db-wal"), db.with_name("t.db-shm")):
        if path.exists():
            assert _mode(path) == 0o600, path
    s.close()


def test_the_postgres_password_comes_from_the_environment_or_a_file(tmp_path, monkeypatch, roster_file):
    import argparse

    from tutor.classroom.commands import add_subcommands, config_from_args
    from tutor.classroom.server import Classroom
    from tutor.store.postgres import parse_url
    parser = argparse.ArgumentParser()
    add_subcommands(parser.add_subparsers())
    monkeypatch.setenv("SUDOKU_TUTOR_DB_PASSWORD", "from-env")
    assert parse_url("postgresql://ann@db/school")["password"] == "from-env"
    assert parse_url("postgresql://ann:inline@db/school")["password"] == "inline"
    monkeypatch.delenv("SUDOKU_TUTOR_DB_PASSWORD")
    assert "password" not in parse_url("postgresql://ann@db/school")
    secret = tmp_path / "pgpass"
    secret.write_text("from-file\n")
    os.chmod(secret, 0o600)
    args = parser.parse_args(["serve", "--db", "postgresql://ann@db/school", "--db-password-file",
                              str(secret), "--roster", str(roster_file)])
    cfg = config_from_args(args)
    assert cfg.db_password == "from-file" and "from-file" not in cfg.db_url
    env = Classroom(cfg).child_env("alice", "student", "xterm")
    assert env["SUDOKU_TUTOR_DB"] == "postgresql://ann@db/school"
    assert env["SUDOKU_TUTOR_DB_PASSWORD"] == "from-file"
    bad = parser.parse_args(["serve", "--db", "postgresql://ann@db/school", "--db-password-file",
                             str(tmp_path / "missing"), "--roster", str(roster_file)])
    from tutor.usage import UsageError
    with pytest.raises(UsageError, match="cannot read"):
        config_from_args(bad)
