"""End to end with the real app: an SSH client asks for a PTY, sees the
tutor, presses keys, leaves; the process is gone and the progress stored.
Then a teacher and a student together: a push reaches the student."""
from __future__ import annotations

import asyncio

import pytest

from classroom_helpers import connect, group_alive, open_terminal, session_for, wait_until
from tutor.classroom import events
from tutor.classroom.events import dashboard
from tutor.store import Store


@pytest.mark.slow
async def test_student_session_end_to_end(start_server, tmp_path):
    db = str(tmp_path / "progress.db")
    room = await start_server(fake=False, db_url=db)
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=120, rows=40)
        await screen.wait_for("Press ? for help", timeout=30)
        pid = session_for(room, "alice").proc.pid
        # the app set the student's activity and saved the game under her name
        store = Store.open(db)
        assert await wait_until(lambda: "alice" in store.activity(), 5)
        assert store.activity()["alice"][0].startswith("puzzle ")
        # keys reach the app: the hint key records a hint in the store
        screen.send("H")
        assert await wait_until(lambda: sum(store.hint_levels("alice").values()) >= 1, 10)
        screen.proc.change_terminal_size(90, 30)           # a resize does not upset it
        screen.send("H")
        assert await wait_until(lambda: sum(store.hint_levels("alice").values()) >= 2, 10)
    # the client left: no process remains, and what she did is stored
    assert await wait_until(lambda: not group_alive(pid), 10)
    assert store.load_game("alice") is not None
    assert sum(store.hint_levels("alice").values()) >= 2
    board = dashboard(store, "5B")
    alice = next(st for st in board.students if st.user == "alice")
    assert not alice.online and alice.hints
    store.close()


@pytest.mark.slow
async def test_teacher_sees_the_student_and_pushes_a_position(start_server, tmp_path):
    db = str(tmp_path / "progress.db")
    room = await start_server(fake=False, db_url=db)
    async with await connect(room, "alice") as a, await connect(room, "mrs-b") as t:
        student = await open_terminal(a, cols=120, rows=40)
        await student.wait_for("Press ? for help", timeout=30)
        teacher = await open_terminal(t, cols=160, rows=40)
        await teacher.wait_for("teacher view", timeout=30)
        await teacher.wait_for("● alice", timeout=10)
        teacher.send("p")                                   # push my position ...
        await teacher.wait_for("Push this position", timeout=10)
        await asyncio.sleep(0.3)
        teacher.send("\x15")                                # ctrl+u clears the title field ...
        await asyncio.sleep(0.2)
        teacher.send("Class warm-up")                      # ... and this one goes in
        await teacher.wait_for("Class warm-up", timeout=10)
        teacher.send("\r")
        await teacher.wait_for("Running: Class warm-up", timeout=10)
        await student.wait_for("Your teacher started: Class warm-up", timeout=10)
        store = Store.open(db)
        ev = events.latest_event(store, "5B")
        assert ev.active and ev.created_by == "mrs-b"
        assert await wait_until(lambda: "alice" in events.results(store, ev.id), 5)
        teacher.send("e")
        await student.wait_for("Your teacher ended", timeout=10)
        store.close()
