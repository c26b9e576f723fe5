"""Fixtures shared by every test folder; helpers live in puzzle_helpers.py
(puzzles) and pg_helpers.py (a throw-away PostgreSQL server)."""
from __future__ import annotations

import gc
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from puzzle_helpers import parse_position  # noqa: E402


PG_FIXTURES = {"pg_server", "durable_pg"}      # the tests on a throw-away PostgreSQL server

# No practice-bank worker beside the apps and servers the tests start (each
# would generate puzzles for the rest of its test: a core for nothing); the
# tests of the worker start it themselves or set the switch back on.
os.environ["SUDOKU_TUTOR_BANK_WORKER"] = "off"


FOLDER_MARKS = ("app", "classroom")     # tests/app -> `app`, tests/classroom -> `classroom`


@pytest.hookimpl(optionalhook=True)      # a run without xdist (-p no:xdist) has no such hook
def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than the cores.  Many tests wait (an app
    repainting, a login, a server starting) while others compute; the extra
    worker fills those waits (on 2 cores: 18 minutes against 25)."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(config, items):
    """Mark the tests that start a PostgreSQL server (directly or as the
    "postgresql" case of a store fixture) `postgres`, the tests of
    tests/app and tests/classroom by their folder (`make test-fast` keeps
    only their `smoke` ones), and deal the `slow` ones out first."""
    for item in items:
        call = getattr(item, "callspec", None)
        if PG_FIXTURES & set(item.fixturenames) or (call is not None and "postgresql" in call.params.values()):
            item.add_marker(pytest.mark.postgres)
        folder = item.path.parent.name
        if folder in FOLDER_MARKS:
            item.add_marker(folder)
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    items[:] = dealt(items, workers)


def dealt(items: list, workers: int) -> list:
    """The order that keeps every worker busy to the end: xdist's worksteal
    gives each worker one contiguous share of the list, so each share starts
    with its part of the `slow` tests, dealt round the workers (all at the
    front of the list, they were one worker's share: it ran them one after
    another while the others, done, could only steal its quick ones)."""
    slow = [i for i in items if i.get_closest_marker("slow") is not None]
    quick = [i for i in items if i.get_closest_marker("slow") is None]
    out = []
    for k in range(workers):
        out += slow[k::workers] + quick[k * len(quick) // workers:(k + 1) * len(quick) // workers]
    return out


def pytest_collection_finish(session):
    """What the collection imported and built (the engine, Textual, the app,
    the test modules and their data) lives to the end of the run: frozen,
    the garbage collector's full passes no longer walk it.  A worker runs
    hundreds of apps, each leaving cycles that the younger passes free, and
    fills caches that live to the end: a full pass every 100 younger ones
    (not 10) keeps walking those from being a fifth of the run's CPU."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 100)


@pytest.fixture(autouse=True, scope="session")
def _private_home(tmp_path_factory):
    """A progress store of the run's own: no test writes the user's real one,
    and under xdist each worker has its own (a test that needs a fresh store
    sets SUDOKU_TUTOR_HOME again)."""
    patch = pytest.MonkeyPatch()
    patch.setenv("SUDOKU_TUTOR_HOME", str(tmp_path_factory.mktemp("home")))
    yield
    patch.undo()


@pytest.fixture
def lockedset_position():
    """The reference position: the LockedSet puzzle after all singles."""
    from tutor.engine.solve import apply_until_stuck
    return apply_until_stuck(parse_position(
        "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"),
        ["singles"])


@pytest.fixture
def without_forcing(monkeypatch):
    """The ladder without the forcing family: with it (trial above all), a
    true claim on a position with one solution is always proved
    (tests/engine/test_forcing.py), so 'true-unproved' is met only on a
    ladder that stops short of it."""
    from tutor.engine import judge as judge_module
    from tutor.engine.registry import REGISTRY
    for tid in ("forcing-chain", "forcing-net", "trial"):
        monkeypatch.delitem(REGISTRY, tid)
    judge_module.clear_cache()
    yield
    judge_module.clear_cache()


# ------------------------------------------------------------------ PostgreSQL

@pytest.fixture(scope="session")
def pg_server():
    """A throw-away PostgreSQL server on a free loopback port, started from
    the Debian `postgresql` binaries; skipped (with the reason) without them."""
    from pg_helpers import start_postgres
    server = start_postgres()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_target(request, tmp_path):
    """Where a new, empty store lives: a SQLite file, or a fresh PostgreSQL
    database (skipped, with the reason, without a server)."""
    return str(tmp_path / "t.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")


@pytest.fixture
def pg_url(pg_server):
    """A fresh database on the test server, for one test."""
    return pg_server.new_database()
