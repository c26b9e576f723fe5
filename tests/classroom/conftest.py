"""Fixtures for the classroom tests: a roster, and a server on a free
loopback port (in-process).  Client helpers are in classroom_helpers.py."""
from __future__ import annotations

import logging
import sys

import pytest

asyncssh = pytest.importorskip("asyncssh")

from classroom_helpers import FAKE_APP, PASSWORDS  # noqa: E402
from tutor.classroom import roster as roster_module  # noqa: E402
from tutor.classroom.roster import Roster  # noqa: E402
from tutor.classroom.server import Classroom, ServerConfig  # noqa: E402


@pytest.fixture(scope="session")
def bob_key():
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
def home(tmp_path, monkeypatch):
    h = tmp_path / "home"
    monkeypatch.setenv("SUDOKU_TUTOR_HOME", str(h))
    return h


# scrypt at N=2^10: about a millisecond a check instead of half a second, so
# the ~150 logins of these tests cost no CPU worth naming (the real cost is
# tested where it matters: mark a test `real_password_cost`)
CHEAP = roster_module.ScryptCost(1 << 10, 8, 1)


@pytest.fixture(autouse=True)
def cheap_password_checks(request, monkeypatch):
    if not request.node.get_closest_marker("real_password_cost"):
        monkeypatch.setattr(roster_module, "COST", CHEAP)


@pytest.fixture(scope="session")
def roster_text(bob_key):
    """The test roster, hashed once per run at the cheap cost (a test with
    the real cost sees its hashes as old ones, upgraded at a login)."""
    from tutor.classroom.roster import dumps
    r = Roster(class_name="5B")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(roster_module, "COST", CHEAP)
        r.set_account("alice", password=PASSWORDS["alice"])
        r.set_account("carol", password=PASSWORDS["carol"])
        r.set_account("mrs-b", role="teacher", password=PASSWORDS["mrs-b"])
    r.set_account("bob", keys=[bob_key.export_public_key().decode().strip()])
    return dumps(r)


@pytest.fixture
def roster_file(tmp_path, roster_text):
    path = tmp_path / "class" / "roster.toml"
    path.parent.mkdir(parents=True)
    path.write_text(roster_text)
    return path


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A class store file (SQLite) with the class tables, for Pilot tests."""
    from tutor.classroom import events
    from tutor.store import Store
    monkeypatch.setenv("SUDOKU_TUTOR_HOME", str(tmp_path / "home"))
    path = str(tmp_path / "class.db")
    store = Store.open(path)
    events.ensure_schema(store)
    yield path
    store.close()


@pytest.fixture
def classroom_log(caplog):
    caplog.set_level(logging.INFO, logger="tutor.classroom")

    def lines():
        return [r.getMessage() for r in caplog.records if r.name == "tutor.classroom"]
    return lines


@pytest.fixture
async def start_server(tmp_path, home, roster_file, classroom_log):
    """start_server(**config) -> a running Classroom; stopped after the test."""
    rooms = []

    async def start(fake=True, **overrides):
        cfg = dict(host="127.0.0.1", port=0, roster_path=roster_file,
                   db_url=str(tmp_path / "progress.db"), watch_interval=0.2)
        if fake:
            cfg["app_argv"] = [sys.executable, FAKE_APP]
        cfg.update(overrides)
        room = await Classroom(ServerConfig(**cfg)).start()
        rooms.append(room)
        return room

    yield start
    for room in rooms:
        await room.stop()

