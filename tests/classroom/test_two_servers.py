"""Issue 28: where one machine is not enough, several class hosts share one
PostgreSQL store.  Two servers on one database: a teacher logged in on one
sees the students logged in on the other, and a push from one reaches them."""
from __future__ import annotations

from classroom_helpers import connect, open_terminal, wait_until
from tutor.classroom import events
from tutor.classroom.events import dashboard
from tutor.store import Store


async def test_a_teacher_on_one_server_sees_students_on_the_other(start_server, pg_url):
    first = await start_server(fake=False, db_url=pg_url)           # the teacher's host
    second = await start_server(db_url=pg_url)                      # a student's host
    assert first.server_id != second.server_id
    async with await connect(second, "alice") as a, await connect(second, "carol") as c:
        for conn, user in ((a, "alice"), (c, "carol")):
            screen = await open_terminal(conn)
            await screen.wait_for(f"READY user={user}")
        async with await connect(first, "mrs-b") as t:
            teacher = await open_terminal(t, cols=160, rows=40)
            await teacher.wait_for("teacher view", timeout=60)
            await teacher.wait_for("● alice", timeout=20)
            await teacher.wait_for("● carol", timeout=20)
            await teacher.wait_for("2 of 3 students online", timeout=20)
            teacher.send("p")                                       # a push from the first host ...
            await teacher.wait_for("Push this position", timeout=20)
            teacher.send("\r")
            await teacher.wait_for("Running:", timeout=20)
    store = Store.open(pg_url)
    try:
        ev = events.latest_event(store, "5B")
        assert ev is not None and ev.created_by == "mrs-b"             # ... is in the one store
        rows = store.backend.query("SELECT DISTINCT server_id FROM class_sessions WHERE user_name = 'alice'")
        assert [r[0] for r in rows] == [second.server_id]
        assert await wait_until(lambda: not any(st.online for st in dashboard(store, "5B").students
                                                if st.role == "student"), 15)
    finally:
        store.close()
