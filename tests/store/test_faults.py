"""The store when the database misbehaves: a PostgreSQL server that stalls
(SIGSTOP, as a stuck host or a full disk would) and comes back (SIGCONT).

Writes go through QueuedStore: the caller never waits, a failed write is
tried again until it commits, every failure and the recovery are reported,
and the connection that timed out is dropped and opened afresh (it used to
stay broken: "cannot read from timed out object" on every later call)."""
from __future__ import annotations

import time

import pytest

from pg_helpers import resume, stall
from pilot_helpers import until as pilot_until
from pilot_helpers import until_sync
from tutor.store import Store, StoreUnavailable
from tutor.store.queued import QueuedStore


@pytest.fixture
def own_pg():
    """A PostgreSQL server of this test's own (it is stopped and resumed)."""
    from pg_helpers import start_postgres
    server = start_postgres()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.slow
def test_queued_writes_survive_a_stalled_server(own_pg):
    url = own_pg.new_database() + "?connect_timeout=1"
    seen = []
    q = QueuedStore(Store.open(url), on_event=lambda kind, text: seen.append((kind, text)))
    q.record_hint("alice", "x-wing", 1)
    assert q.flush(10) and q.state == "saved"
    pids = stall(own_pg)
    try:
        t = time.monotonic()
        for i in range(20):
            q.record_hint("alice", "x-wing", 2)
            q.save_game("alice", f"game {i}", "." * 81, "{123}" * 81, {"i": i})
        assert time.monotonic() - t < 1.0            # the caller never waits for the database
        assert q.pending >= 20                       # the saves of one game replace each other
        assert until_sync(lambda: q.state == "down", 10), q.state
        with pytest.raises(StoreUnavailable):         # a read fails at once, it does not hang
            q.hint_levels("alice")
        assert until_sync(lambda: q.failures >= 2, 15)
    finally:
        resume(pids)
    assert q.flush(40), (q.state, q.last_error, q.pending)
    assert q.state == "saved" and q.recoveries == 1
    kinds = [k for k, _ in seen]
    assert kinds.count("failed") >= 2 and kinds.count("recovered") == 1 and "dropped" not in kinds
    assert any("connection lost" in text or "cannot open" in text for k, text in seen if k == "failed")
    fresh = Store.open(url)
    # every write is there, in order; the one in flight when the server stopped may have
    # been executed by it later as well as by the retry (writes are at least once)
    assert fresh.hint_levels("alice")[1] == 1
    assert fresh.hint_levels("alice")[2] in (20, 21)
    assert fresh.load_game("alice").puzzle_name == "game 19"
    assert q.hint_levels("alice") == fresh.hint_levels("alice")     # reads work again
    fresh.close()
    q.close()


@pytest.mark.slow
def test_a_timed_out_connection_is_dropped_and_reopened(own_pg):
    """Without the queue: the call that times out raises StoreUnavailable, and
    the next call after the server is back works on a new connection."""
    url = own_pg.new_database() + "?connect_timeout=1"
    store = Store.open(url)
    store.record_hint("bob", "pointing", 1)
    first = store.backend.conn
    pids = stall(own_pg)
    try:
        t = time.monotonic()
        with pytest.raises(StoreUnavailable):
            store.record_hint("bob", "pointing", 2)
        assert time.monotonic() - t < 5
        assert store.backend.conn is None
    finally:
        resume(pids)
    assert until_sync(lambda: _works(store), 20)
    assert store.backend.conn is not first
    assert store.hint_levels("bob")[1] == 1
    store.close()


def _works(store) -> bool:
    try:
        store.record_hint("bob", "pointing", 3)
        return True
    except StoreUnavailable:
        return False


# ------------------------------------------------------------------ the app and the teacher view

EASY = "..2..3.....7.....58...5.79.6.3..7.....8.....6..4......2...345...4..79.38.356....4"


async def _until(pilot, pred, timeout=10.0):
    return await pilot_until(pilot, pred, timeout)


@pytest.mark.slow
async def test_the_app_plays_on_while_the_store_stalls(own_pg):
    from tutor.app import make_app
    url = own_pg.new_database() + "?connect_timeout=1"
    app = make_app(EASY, store_path=url, user="alice", role="student", class_name="5B")
    async with app.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: app.store.state == "saved" and app.play.game is not None)
        game = app.play.game
        sol = game.solution()
        cells = [i for i, v in enumerate(game.position.values) if not v][:6]
        pids = stall(own_pg)
        try:
            t = time.monotonic()
            for c in cells:                          # moves go on, each saved in the background
                app.play.after_change(game.place(c, sol[c]))
                await pilot.press("right")
            assert time.monotonic() - t < 3.0        # (was: the whole timeout per save)
            assert await _until(pilot, lambda: app.save_status == "not saved yet", 15)
            assert any("Progress not saved yet" in line for line in app.play.log_lines)
            assert "not saved yet" in str(app.play.query_one("#status").text)
        finally:
            resume(pids)
        assert await _until(pilot, lambda: app.save_status == "saved", 40), app.store.last_error
        assert any("answers again" in line for line in app.play.log_lines)
    fresh = Store.open(url)
    saved = fresh.load_game("alice")
    from tutor.app.game import Game
    back = Game.from_record(saved.puzzle_name, saved.givens, saved.position, saved.history)
    assert all(back.position.values[c] == sol[c] for c in cells)
    fresh.close()


@pytest.mark.slow
async def test_the_teacher_view_recovers_after_a_stall(own_pg):
    from tutor.app import make_app
    from tutor.classroom import events
    url = own_pg.new_database() + "?connect_timeout=1"
    s = Store.open(url)
    events.ensure_schema(s)
    events.session_started(s, "srv/1", "5B", "alice", "student", "127.0.0.1", "srv")
    s.close()
    app = make_app(EASY, store_path=url, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        assert await _until(pilot, lambda: getattr(app.screen, "refreshes", 0) >= 1)
        screen = app.screen
        pids = stall(own_pg)
        try:
            assert await _until(pilot, lambda: screen.last_error, 15)
            t = time.monotonic()
            await pilot.press("down")                 # the view answers keys meanwhile
            assert time.monotonic() - t < 1.0
        finally:
            resume(pids)
        before = screen.refreshes
        assert await _until(pilot, lambda: screen.refreshes > before + 1 and not screen.last_error, 30)
        assert "Cannot read the store" not in str(screen.query_one("#teacher-event").render())
